/// A `java.util.EnumSet` of the constants of a ``JavaEnum``.
///
/// Java writes the runtime class, `java.util.RegularEnumSet` for enums of at most 64 constants and
/// `java.util.JumboEnumSet` for larger ones; a Java side that registers `EnumSet.class` with an id
/// pairs with `Register(JavaEnumSet<E>.self, id:)`. The elements go on the wire in ordinal order.
///
/// Kryo 2.20 cannot write an empty `EnumSet` (its element class comes from the first element), so
/// writing an empty `JavaEnumSet` in its dialect throws as Java does; Kryo 4 and 5 write it.
public struct JavaEnumSet<Element: JavaEnum>: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
    /// The constants in the set.
    public var elements: Set<Element>

    /// Creates a set of the given constants.
    public init<S: Sequence>(_ elements: S) where S.Element == Element { self.elements = Set(elements) }
    public init(arrayLiteral elements: Element...) { self.elements = Set(elements) }

    /// Every constant of the enum (Java's `EnumSet.allOf`).
    public static var all: JavaEnumSet<Element> { JavaEnumSet(Element.allCases) }

    /// The number of constants in the set.
    public var count: Int { elements.count }
    /// Whether the set is empty.
    public var isEmpty: Bool { elements.isEmpty }
    /// Whether the set holds `element`.
    public func contains(_ element: Element) -> Bool { elements.contains(element) }
    /// Adds a constant; returns whether it was new.
    @discardableResult
    public mutating func insert(_ element: Element) -> Bool { elements.insert(element).inserted }
    /// Removes a constant; returns it when it was there.
    @discardableResult
    public mutating func remove(_ element: Element) -> Element? { elements.remove(element) }

    /// The constants in ordinal order, as Java iterates an `EnumSet`.
    public var inOrdinalOrder: [Element] { Element.allCases.filter { elements.contains($0) } }

    public func makeIterator() -> IndexingIterator<[Element]> { inOrdinalOrder.makeIterator() }
}

extension JavaEnumSet: JavaRepresentable {
    public static var javaClassName: String {
        Element.allCases.count <= 64 ? "java.util.RegularEnumSet" : "java.util.JumboEnumSet"
    }
    public static var defaultSerializer: AnySerializer { AnySerializer(EnumSetSerializer<Element>()) }
}

extension JavaEnumSet: AnyElementsExposing, AnyElementsConstructible {
    package var anyElements: [Any?] { inOrdinalOrder.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaEnumSet<Element> {
        JavaEnumSet(try elements.map { try convertElement($0, to: Element.self) })
    }
}

/// Java's `EnumSetSerializer`: the element enum's class tag, the size, then `ordinal + 1` of each
/// constant (no markers, no nil).
public struct EnumSetSerializer<Element: JavaEnum>: Serializer {
    let table = JavaEnumOrdinals<Element>()

    /// Creates the serializer.
    public init() {}

    public func write(_ value: JavaEnumSet<Element>, to writer: any ValueWriter) throws {
        guard !value.isEmpty || (writer.kryoWireVersion ?? .kryo5) >= .kryo4 else {
            throw SerializationError(
                .unsupported, expected: "a non-empty EnumSet of \(Element.javaClassName)",
                found: "an empty one (Kryo 2.20 cannot write an empty EnumSet)")
        }
        guard let registration = writer.registry.registration(for: Element.self) else {
            throw SerializationError(
                .unsupported, expected: "a registration for \(Element.self)", found: "none")
        }
        try writer.writeClass(JavaClassTag(registration), forKey: "elementClass")
        let ordinals = value.elements.map { table.ordinal(of: $0) }.sorted()
        try writer.writeInt32(
            Int32(ordinals.count), forKey: "size", encoding: .positiveVarIntFromKryo5(writer.kryoWireVersion))
        for ordinal in ordinals {
            try writer.writeInt32(Int32(ordinal + 1), forKey: "element", encoding: .positive)
        }
    }

    public func read(from reader: any ValueReader) throws -> JavaEnumSet<Element> {
        guard let tag = try reader.readClass(forKey: "elementClass") else {
            throw reader.error(.invalidValue, expected: "the element class of an EnumSet", found: "null")
        }
        guard tag.javaName == Element.javaClassName || tag.registration?.swiftType == Element.self else {
            throw reader.error(
                .typeMismatch, expected: "an EnumSet of \(Element.javaClassName)",
                found: "an EnumSet of \(tag.javaName)")
        }
        return try readElements(from: reader)
    }

    /// The size and constants that follow the element class.
    func readElements(from reader: any ValueReader) throws -> JavaEnumSet<Element> {
        let count = try readSize(
            from: reader, minimumBytesPerElement: 1, encoding: .positiveVarIntFromKryo5(reader.kryoWireVersion))
        let constants = table.constants
        var result = Set<Element>()
        for _ in 0..<count {
            let stored = try reader.readInt32(forKey: "element", encoding: .positive)
            guard stored > 0, stored <= constants.count else {
                throw reader.error(
                    .invalidValue, expected: "an ordinal below \(constants.count) for \(Element.javaClassName)",
                    found: stored == 0 ? "null" : "ordinal \(Int64(stored) - 1)")
            }
            result.insert(constants[Int(stored) - 1])
        }
        return JavaEnumSet(result)
    }
}

/// Reads an `EnumSet` whose element type is known only from the input (an untyped read): the
/// element class must be a registered ``JavaEnum``; the value is a ``JavaEnumSet`` of it.
struct UntypedEnumSetSerializer: Serializer {
    func write(_ value: Any, to writer: any ValueWriter) throws {
        throw SerializationError(
            .unsupported, expected: "a JavaEnumSet", found: ValueConversion.describeType(of: value))
    }

    func read(from reader: any ValueReader) throws -> Any {
        guard let tag = try reader.readClass(forKey: "elementClass") else {
            throw reader.error(.invalidValue, expected: "the element class of an EnumSet", found: "null")
        }
        guard let enumType = tag.registration?.swiftType as? any JavaEnum.Type else {
            throw reader.error(
                .unknownClassName, expected: "a registered JavaEnum as the element class of an EnumSet",
                found: "\"\(tag.javaName)\"")
        }
        func elements<E: JavaEnum>(_: E.Type) throws -> Any {
            try EnumSetSerializer<E>().readElements(from: reader)
        }
        return try elements(enumType)
    }
}
