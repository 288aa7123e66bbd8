/// A Java object array (`String[]`, `Object[]`, `int[][]`, `SampleBean[]`), whose slots may be nil.
///
/// Swift arrays of primitives map to Java primitive arrays (`[Int32]` is `int[]`) and other Swift
/// arrays to `java.util.ArrayList`; use `JavaArray` where Java declares an object array.
public struct JavaArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// The slots.
    public var elements: [Element?] {
        didSet { if !sharedStrings.isEmpty { sharedStrings = [:] } }
    }
    /// On the dynamic path, the elements of a `String[]` that are instances the graph shares with
    /// other places (Kryo 4 and 5 track a `String[]`'s strings), by index: written where they
    /// are first met and referred to elsewhere, as Java wrote them. Emptied when the elements
    /// change.
    package private(set) var sharedStrings: [Int: SharedString] = [:]

    /// Creates an array from its slots.
    public init(_ elements: [Element?]) { self.elements = elements }
    public init(arrayLiteral elements: Element?...) { self.elements = elements }

    /// An array of strings some of which are shared instances (`sharedStrings`, by index).
    package init(_ elements: [Element?], sharedStrings: [Int: SharedString]) {
        self.elements = elements
        self.sharedStrings = sharedStrings
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element? {
        get { elements[position] }
        set { elements[position] = newValue }
    }
}

/// Equal when the elements are (which instances are shared is not part of the value).
extension JavaArray: Equatable where Element: Equatable {
    public static func == (lhs: JavaArray, rhs: JavaArray) -> Bool { lhs.elements == rhs.elements }
}
extension JavaArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}
extension JavaArray: Sendable where Element: Sendable {}

extension JavaArray: JavaRepresentable {
    public static var javaClassName: String {
        if Element.self == Any.self || Element.self == AnyObject.self { return "[Ljava.lang.Object;" }
        let component = Registration.defaultFor(Element.self)?.javaName ?? "java.lang.Object"
        return component.hasPrefix("[") ? "[" + component : "[L" + component + ";"
    }
    public static var defaultSerializer: AnySerializer { AnySerializer(JavaArraySerializer<Element>()) }
    public static var isJavaFinal: Bool { Registration.defaultFor(Element.self)?.isFinal ?? false }
}

extension JavaArray: JavaGenericContainer {
    /// The component type (Java arrays have no generics; this lets a registry find the type).
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaArray: AnyElementsExposing {
    /// The elements, a shared string as its ``SharedString``.
    package var anyElements: [Any?] {
        guard !sharedStrings.isEmpty else { return elements.map { $0.map { $0 as Any } } }
        return elements.indices.map { index in sharedStrings[index] ?? elements[index].map { $0 as Any } }
    }
}

extension JavaArray: AnyElementsConstructible {
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaArray<Element> {
        var shared: [Int: SharedString] = [:]
        if Element.self == String.self {
            for (index, element) in elements.enumerated() {
                if let string = ValueConversion.flatten(element) as? SharedString { shared[index] = string }
            }
        }
        return JavaArray(try elements.map { try convertElement($0, to: Element?.self) }, sharedStrings: shared)
    }
}

/// Java's object-array serializers: `length + 1`, then each element. `String[]` elements are
/// plain strings (from Kryo 4 on, with references on, strings with their reference markers);
/// elements of a final component type carry a nil/reference marker only; others carry their
/// class.
public struct JavaArraySerializer<Element>: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { JavaArray<Element>.isJavaFinal }
    public var handlesNil: Bool { true }

    public func write(_ value: JavaArray<Element>, to writer: any ValueWriter) throws {
        try writeLength(value.count, to: writer)
        // The elements written so far: an error names the element by its index.
        var written = 0
        do {
            if Element.self == String.self {
                if Self.stringsAreTracked(writer.kryoWireVersion, writer.options) {
                    for (index, element) in value.elements.enumerated() {
                        written = index
                        if let shared = value.sharedStrings[index], shared.value == element as? String {
                            // One instance in several places: the backend writes it once.
                            try writer.writeObject(shared, as: Self.sharedSlot, forKey: "element")
                        } else {
                            try writer.writeStringObject(element as? String, canBeNull: true, forKey: "element")
                        }
                    }
                    return
                }
                for element in value.elements {
                    try writer.writeString(element as? String, forKey: "element")
                    written &+= 1
                }
                return
            }
            let slot = elementSlot(writer.registry)
            for element in value.elements {
                try writer.writeObject(element, as: slot, forKey: "element")
                written &+= 1
            }
        } catch {
            throw SerializationError.naming(element: written, in: error)
        }
    }

    public func read(from reader: any ValueReader) throws -> JavaArray<Element> {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "an array of \(Element.self)", found: "nil")
        }
        return value
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaArray<Element>? {
        guard let count = try readArrayLength(from: reader, minimumBytesPerElement: 1) else { return nil }
        var elements: [Element?] = []
        elements.reserveCapacity(count)
        if Element.self == String.self {
            let tracked = Self.stringsAreTracked(reader.kryoWireVersion, reader.options)
            // The dynamic path keeps which strings the graph shares.
            guard tracked, reader.registry.keepsSharedStrings else {
                for _ in 0..<count {
                    let string =
                        tracked
                        ? try reader.readStringObject(canBeNull: true, forKey: "element")
                        : try reader.readString(forKey: "element")
                    elements.append(string.flatMap { $0 as? Element })
                }
                return JavaArray(elements)
            }
            var shared: [Int: SharedString] = [:]
            for index in 0..<count {
                let instance = try reader.readStringInstance(canBeNull: true, forKey: "element")
                if let string = instance as? SharedString { shared[index] = string }
                elements.append(instance.flatMap { SharedString.text(of: $0) as? Element })
            }
            return JavaArray(elements, sharedStrings: shared)
        }
        let slot = elementSlot(reader.registry)
        for _ in 0..<count {
            elements.append(try reader.readObject(Element?.self, as: slot, forKey: "element"))
        }
        return JavaArray(elements)
    }

    private let element = DeclaredType.of(Element.self).withoutGenerics
    private static var sharedSlot: DeclaredType { DeclaredType(String.self, finality: .final, canBeNull: true) }

    /// Whether `String[]` elements carry reference markers: from Kryo 4 on, when references are on
    /// (Kryo 2.20 writes them as plain strings whatever the setting).
    private static func stringsAreTracked(_ version: KryoWireVersion?, _ options: SerializationOptions) -> Bool {
        guard let version, version >= .kryo4 else { return false }
        return options.references
    }

    /// Elements of a final component type carry no class (Java's `Modifier.isFinal` test on
    /// the component class). Every array class is final to that test, so the arrays of an
    /// `Object[][]` carry none, unlike a field of type `Object[]`, which Kryo's own `isFinal`
    /// judges by the innermost component.
    private func elementSlot(_ registry: Registry) -> DeclaredType {
        var slot = element
        guard slot.swiftType != Any.self else { return slot }
        let (isFinal, registration) = registry.finality(of: slot)
        slot.finality = isFinal || registration?.javaName.hasPrefix("[") == true ? .final : .nonFinal
        return slot
    }
}
