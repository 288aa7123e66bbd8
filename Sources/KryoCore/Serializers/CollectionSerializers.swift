/// A `java.util.LinkedList`: a Swift array that Java sees as a linked list.
public struct JavaLinkedList<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// The elements.
    public var elements: [Element]

    /// Creates a list.
    public init(_ elements: [Element]) { self.elements = elements }
    public init(arrayLiteral elements: Element...) { self.elements = elements }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set { elements[position] = newValue }
    }
}

extension JavaLinkedList: Equatable where Element: Equatable {}
extension JavaLinkedList: Sendable where Element: Sendable {}

extension JavaLinkedList: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedList" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaLinkedList<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaLinkedList: AnyElementsExposing, AnyElementsConstructible {
    package var anyElements: [Any?] { elements.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaLinkedList<Element> {
        JavaLinkedList(try elements.map { try convertElement($0, to: Element.self) })
    }
}

/// Swift arrays: `[Int32]`, `[Int64]`, `[Int16]`, `[Int8]`, `[UInt8]`, `[UInt16]`, `[Bool]`,
/// `[Float]` and `[Double]` are Java primitive arrays; every other array is a `java.util.ArrayList`.
extension Array: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String {
        if Element.self == UInt8.self { return "[B" }
        if let primitive = Element.self as? any JavaPrimitive.Type, Element.self != Int.self {
            return "[" + primitive.javaArrayDescriptor
        }
        return "java.util.ArrayList"
    }
    public static var defaultSerializer: AnySerializer {
        if Element.self == UInt8.self { return AnySerializer(ByteArraySerializer()) }
        if let primitive = Element.self as? any JavaPrimitive.Type, Element.self != Int.self {
            return primitiveArraySerializer(primitive)
        }
        // Untyped lists, the most common in exchanges with Java: compiled for `Any?` here rather
        // than run generically from metadata.
        if Element.self == Any?.self { return untypedListSerializer }
        return AnySerializer(CollectionSerializer<[Element], Element>())
    }
    private static var untypedListSerializer: AnySerializer { AnySerializer(CollectionSerializer<[Any?], Any?>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] {
        javaClassName == "java.util.ArrayList" ? [Element.self] : []
    }
    private static func primitiveArraySerializer<P: JavaPrimitive>(_: P.Type) -> AnySerializer {
        AnySerializer(PrimitiveArraySerializer<P>())
    }
}

/// Swift arrays, whose registrations tell their element type (``Registration/listElementType``).
package protocol SwiftArrayType {
    /// The element type when the array's default serializer is ``CollectionSerializer`` (not a
    /// primitive array's).
    static var listElementType: (any Any.Type)? { get }
}

extension Array: SwiftArrayType {
    package static var listElementType: (any Any.Type)? {
        if Element.self == UInt8.self || (Element.self is any JavaPrimitive.Type && Element.self != Int.self) {
            return nil
        }
        return Element.self
    }
}

/// `[UInt8]` as Java's `byte[]`.
struct ByteArraySerializer: Serializer {
    var isFinal: Bool { true }
    var handlesNil: Bool { true }
    func write(_ value: [UInt8], to writer: any ValueWriter) throws {
        try writeLength(value.count, to: writer)
        try writer.writeBytes(value, forKey: "bytes")
    }
    func read(from reader: any ValueReader) throws -> [UInt8] {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a byte array", found: "nil")
        }
        return value
    }
    func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }
    func readNilable(from reader: any ValueReader) throws -> [UInt8]? {
        guard let count = try readArrayLength(from: reader, minimumBytesPerElement: 1) else { return nil }
        return try reader.readBytes(count: count, forKey: "bytes")
    }
}

extension Set: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.HashSet" }
    public static var defaultSerializer: AnySerializer {
        if Element.self == AnyHashable.self {
            return AnySerializer(CollectionSerializer<Set<AnyHashable>, AnyHashable>())
        }
        return AnySerializer(CollectionSerializer<Set<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension Dictionary: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.HashMap" }
    public static var defaultSerializer: AnySerializer {
        // Untyped maps: compiled for their types here rather than run generically from metadata.
        if Key.self == AnyHashable.self, Value.self == Any?.self {
            return AnySerializer(MapSerializer<AnyHashable, Any?>())
        }
        return AnySerializer(MapSerializer<Key, Value>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

/// The slot of a value in a container: each value carries its class, unless Java knows the
/// generic argument and it is final. Kryo 2.20 passes generic arguments one level deep only, so
/// the slot's own arguments are dropped.
@usableFromInline
struct ContainerSlot<Value>: Sendable {
    /// The value carries its class (typed, so that decoding keeps Swift's type).
    @usableFromInline let open: ObjectSlot<Value>
    /// Final when the registry says the value's type is.
    @usableFromInline let inferred: ObjectSlot<Value>
    /// Final whatever the registry says.
    @usableFromInline let final: ObjectSlot<Value>
    /// Final and never nil: Kryo 5's elements of one class in a collection without nil.
    @usableFromInline let finalNotNull: ObjectSlot<Value>

    @usableFromInline
    init() {
        let declared = DeclaredType.of(Value.self).withoutGenerics
        var open = declared
        if open.swiftType != Any.self { open.finality = .nonFinal }
        self.open = ObjectSlot(open)
        var inferred = declared
        inferred.finality = .inferred
        self.inferred = ObjectSlot(inferred)
        var final = declared
        final.finality = .final
        self.final = ObjectSlot(final)
        final.canBeNull = false
        finalNotNull = ObjectSlot(final)
    }

    /// The slot for one write or read, given the generic arguments the field declared, as the
    /// dialect's Java uses them: Kryo 2.20 one level deep (not at all for a public field's, see
    /// ``DeclaredType/isIgnoredByKryo2``), Kryo 4 one level deep with optimized generics, Kryo 5 at
    /// every level (the slot passes the argument's own arguments on to the value); without optimized
    /// generics the Kryo binary writer passes no arguments (``OptimizedGenericsSetting``). The registry is only asked for when the
    /// argument's finality depends on it (a getter that hands the registry out retains it).
    @inlinable
    @inline(__always)
    func resolve(
        _ arguments: [DeclaredType], _ index: Int, _ version: KryoWireVersion?, _ bindings: SlotBindings,
        _ registry: @autoclosure () -> Registry
    ) -> ObjectSlot<Value> {
        guard index < arguments.count else { return open }
        // The argument is used in place (`arguments[index]`), not copied out: a copy of a
        // `DeclaredType` retains and releases each of its references.
        guard let version, version >= .kryo5 else {
            if arguments[index].isIgnoredByKryo2, !arguments[index].isBound, version != .kryo4 { return open }
            return resolveOneLevel(arguments[index], bindings, registry())
        }
        let slot = resolveOneLevel(arguments[index], bindings, registry())
        guard !arguments[index].genericArguments.isEmpty, slot.declared.genericArguments.isEmpty else { return slot }
        return Self.nested(slot, arguments[index].genericArguments)
    }

    /// The slot for a generic argument, its own arguments left out (Kryo 2.20's one level).
    /// `bindings` are the registry's, which answer without the registry handed out (a retain).
    @inlinable
    func resolveOneLevel(
        _ argument: DeclaredType, _ bindings: SlotBindings, _ registry: @autoclosure () -> Registry
    ) -> ObjectSlot<Value> {
        if open.declared.swiftType == Any.self {
            // Untyped elements (the dynamic path): Java's generic argument still decides whether
            // they carry their class.
            guard argument.finality != .nonFinal, argument.swiftType != Any.self || argument.javaName != nil else {
                return open
            }
            return Self.untypedSlot(argument, registry()) ?? open
        }
        switch argument.finality {
        case .nonFinal:
            return open
        case .final:
            return final
        case .inferred:
            if argument.swiftType == inferred.declared.swiftType {
                let isFinal =
                    inferred.binding(bindings)?._withUnsafeGuaranteedRef { $0.resolved.isFinal }
                    ?? inferred.bound(in: registry()).resolved.isFinal
                return isFinal ? inferred : open
            }
            return registry().isFinal(argument) ? final : open
        }
    }
}

extension ContainerSlot {
    /// Reads `count` strings into `elements` (`Value` is `String`: a `List<String>`), without
    /// boxing; a nil string is an error unless `Value` is optional.
    @inlinable
    static func readStrings(
        _ count: Int, canBeNull: Bool, into elements: inout [Value], from reader: any ValueReader
    ) throws {
        for _ in 0..<count {
            guard let string = try reader.readStringObject(canBeNull: canBeNull, forKey: "element") else {
                elements.append(try ObjectSlot<Value>.nilValue(reader))
                continue
            }
            elements.append(unsafeBitCast(string, to: Value.self))
        }
    }

    /// Reads `count` untyped elements into `elements` (`Value` is `Any?`: Java's raw lists) as
    /// the reader gives them: through the typed conversion each would be copied into another
    /// optional and out again.
    @inlinable
    static func readUntyped(
        _ count: Int, in slot: ResolvedSlot, into elements: inout [Value], from reader: any ValueReader
    ) throws {
        for _ in 0..<count {
            elements.append(unsafeBitCast(try reader.readObject(in: slot, forKey: "element"), to: Value.self))
        }
    }

    /// The slot of an untyped element whose declared generic argument is final, or `nil`.
    @usableFromInline
    static func untypedSlot(_ argument: DeclaredType, _ registry: Registry) -> ObjectSlot<Value>? {
        guard registry.isFinal(argument) else { return nil }
        var final = argument.withoutGenerics
        final.finality = .final
        final.genericArguments = argument.genericArguments
        return ObjectSlot(final)
    }

    /// `slot` with generic arguments of its own (Kryo 5's nested generics), for one container.
    @usableFromInline
    static func nested(_ slot: ObjectSlot<Value>, _ arguments: [DeclaredType]) -> ObjectSlot<Value> {
        var declared = slot.declared
        declared.genericArguments = arguments
        return ObjectSlot(declared)
    }
}

/// A collection that can be built from its elements in Java's iteration order.
public protocol ElementsConstructible: Collection {
    /// Builds the collection.
    init(javaElements: [Element])
    /// Builds the collection from its elements and what its Java serializer wrote before them
    /// (a `TreeSet`'s comparator in Kryo 4 and 5). Defaults to ``init(javaElements:)``.
    init(javaElements: [Element], header: Any?)
    /// Writes what Kryo 4 and 5 write before the elements (`writeHeader`). Defaults to nothing.
    func writeJavaHeader(to writer: any ValueWriter) throws
    /// Reads what ``writeJavaHeader(to:)`` wrote. Defaults to nothing (`nil`).
    static func readJavaHeader(from reader: any ValueReader) throws -> Any?
}

extension ElementsConstructible {
    public init(javaElements: [Element], header: Any?) { self.init(javaElements: javaElements) }
    public func writeJavaHeader(to writer: any ValueWriter) throws {}
    public static func readJavaHeader(from reader: any ValueReader) throws -> Any? { nil }
}

extension Array: ElementsConstructible {
    public init(javaElements: [Element]) { self = javaElements }
}

extension Set: ElementsConstructible {
    public init(javaElements: [Element]) { self.init(javaElements) }
}

extension JavaLinkedList: ElementsConstructible {
    public init(javaElements: [Element]) { self.init(javaElements) }
}

/// Java's `CollectionSerializer`: the size as a positive varint, then each element (with its
/// class unless the declared element type is final). Kryo 5 writes the size + 1 (0 for nil) and
/// the elements' shared class once (`KryoFiveElements`).
public struct CollectionSerializer<C: ElementsConstructible, Element>: Serializer where C.Element == Element {
    @usableFromInline let element = ContainerSlot<Element>()
    /// Whether elements may be nil (Java's `elementsCanBeNull`, off for the immutable `List.of`).
    @usableFromInline let elementsCanBeNull: Bool
    /// Whether every element is of the one Swift type `Element` (see ``hasOneType``), decided once.
    @usableFromInline let elementsHaveOneType: Bool
    /// Whether the collection may have to be sorted first when a call asks for a stable order
    /// (``ValueWriter/writesStableOrder``): a `Set`, which iterates in hash order, or an
    /// `OrderedSet<AnyHashable>`, which stands for Java's `HashSet` in a dynamic registry
    /// (``StableOrder/sortsHashStandIns(_:set:)``). One flag, so that lists pay one test.
    @usableFromInline let mayBeSorted: Bool
    /// Whether the collection is sorted by a comparator (a `TreeSet`, a `PriorityQueue`), whose
    /// contents are checked against Java's natural order before they are written.
    @usableFromInline let isComparatorOrdered: Bool

    /// Creates the serializer.
    @inlinable
    public init() { self.init(elementsCanBeNull: true) }

    /// Creates the serializer of a collection that never holds nil: Kryo 5 then writes no nil
    /// markers and no `hasNull` flag (Java's `setElementsCanBeNull(false)`).
    @inlinable
    public init(elementsCanBeNull: Bool) {
        self.elementsCanBeNull = elementsCanBeNull
        elementsHaveOneType = Self.hasOneType
        mayBeSorted = StableOrder.isUnordered(C.self) || StableOrder.mayStandForHashSet(C.self)
        isComparatorOrdered = Self.isOrderedByAComparator
    }

    /// Kryo 5's collection serializer writes nil itself.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }

    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "size", encoding: .positive)
    }

    @inlinable
    public func readNilable(from reader: any ValueReader) throws -> C? {
        guard let version = reader.kryoWireVersion, version >= .kryo5 else { return try read(from: reader) }
        let arguments = reader.genericArguments
        let slot = element.resolve(arguments, 0, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        var header: Any? = nil
        guard
            let elements = try KryoFiveElements.read(
                slot, from: reader, elementsCanBeNull: elementsCanBeNull && Self.elementsMayBeNull(arguments), element,
                typed: elementsHaveOneType && slot.declared.genericArguments.isEmpty,
                header: { try C.readJavaHeader(from: reader) }, headerValue: &header)
        else { return nil }
        return C(javaElements: DistinctKey.keptApart(elements), header: header)
    }

    /// Whether the generic argument of the elements (when the slot gives one) lets them be nil.
    @inlinable
    static func elementsMayBeNull(_ arguments: [DeclaredType]) -> Bool {
        arguments.isEmpty || arguments[0].canBeNull
    }

    /// Whether the collection is sorted by a comparator (``isComparatorOrdered``).
    @usableFromInline
    static var isOrderedByAComparator: Bool { ComparatorOrderedTypes.contains(C.self) }

    /// Throws when Java could not hold `value`'s elements in its order (a `null`, or two JDK
    /// classes, in a `TreeSet` in natural order).
    @usableFromInline
    static func checkJavaOrder(of value: C) throws {
        try (value as? any JavaComparatorOrdered)?.checkJavaOrder()
    }

    /// Whether every element is of the one Swift type `Element` (not optional, not `Any`): Kryo
    /// 5's same-class form can then go through the typed slot.
    @usableFromInline
    static var hasOneType: Bool {
        Element.self != Any?.self && Element.self != Any.self && Element.self != AnyHashable.self
            && !ValueConversion.isOptionalType(Element.self)
    }

    /// Kryo 5's forms for elements of one Swift type, through the typed slot (no boxing, no
    /// lookup per element): what ``KryoFiveElements`` writes for them. `false` when the elements
    /// need the general form (subclass instances, generic arguments, a class chosen by value).
    @inlinable
    func writeKryo5OfOneType(
        _ value: C, _ slot: ObjectSlot<Element>, elementsCanBeNull: Bool, to writer: any ValueWriter
    ) throws -> Bool {
        guard elementsHaveOneType, !value.isEmpty, slot.declared.genericArguments.isEmpty else { return false }
        let size = Int32(value.count + 1)
        // The bindings, borrowed: no registry handed out, no retain.
        let bindings = writer.slotBindings
        let isFinal =
            slot.binding(bindings)?._withUnsafeGuaranteedRef { $0.resolved.isFinal }
            ?? slot.bound(in: writer.registry).resolved.isFinal
        if isFinal {
            if elementsCanBeNull {
                try writer.writeVarIntFlag(false, size, forKey: "size")
            } else {
                try writer.writeInt32(size, forKey: "size", encoding: .positive)
            }
            try value.writeJavaHeader(to: writer)
        } else {
            // Elements of exactly `Element` (for a value type, known without looking).
            for item in value where type(of: item) != Element.self { return false }
            let registration =
                element.finalNotNull.binding(bindings)?._withUnsafeGuaranteedRef { $0.resolved.registration }
                ?? element.finalNotNull.bound(in: writer.registry).resolved.registration
            guard let registration, registration.javaNameOfValue == nil else { return false }
            try writer.writeVarIntFlag(true, size, forKey: "size")
            try value.writeJavaHeader(to: writer)
            try writer.writeClass(JavaClassTag(registration), forKey: "elementClass")
            if elementsCanBeNull { try writer.writeBool(false, forKey: "hasNull") }
        }
        var index = 0
        do {
            if Element.self == String.self {
                for item in value {
                    try writer.writeStringObject(
                        unsafeBitCast(item, to: String.self), canBeNull: false, forKey: "element")
                    index &+= 1
                }
                return true
            }
            for item in value {
                try element.finalNotNull.write(item, to: writer, forKey: "element")
                index &+= 1
            }
        } catch {
            throw SerializationError.naming(element: index, in: error)
        }
        return true
    }

    @inlinable
    public func write(_ value: C, to writer: any ValueWriter) throws {
        if isComparatorOrdered { try Self.checkJavaOrder(of: value) }
        if mayBeSorted, try writeInStableOrder(value, to: writer) { return }
        let arguments = writer.genericArguments
        let slot = element.resolve(arguments, 0, writer.kryoWireVersion, writer.slotBindings, writer.registry)
        guard value.count < Int(Int32.max) else {
            throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31 elements", found: "\(value.count)")
        }
        if let version = writer.kryoWireVersion, version >= .kryo4 {
            guard version < .kryo5 else {
                // Elements the slot's generic argument declares non-null (`@BindCollection(
                // elementsCanBeNull = false)` in a schema) have no null flag.
                let elementsCanBeNull = elementsCanBeNull && Self.elementsMayBeNull(arguments)
                if try writeKryo5OfOneType(value, slot, elementsCanBeNull: elementsCanBeNull, to: writer) { return }
                return try KryoFiveElements.write(value, slot, to: writer, elementsCanBeNull: elementsCanBeNull) {
                    try value.writeJavaHeader(to: writer)
                }
            }
            try value.writeJavaHeader(to: writer)
        }
        try writer.writeInt32(Int32(value.count), forKey: "size", encoding: .positive)
        // The elements written so far: an error names the element by its index.
        var index = 0
        do {
            if Element.self == String.self, slot !== element.open {
                // `List<String>`: strings without boxing (Element is String, so the cast is an identity).
                for element in value {
                    try writer.writeStringObject(
                        unsafeBitCast(element, to: String.self), canBeNull: true, forKey: "element")
                    index &+= 1
                }
                return
            }
            if Element.self == Any?.self {
                // Untyped elements (Java's raw lists) go to the writer as they are, in the slot
                // resolved once: through the typed path each would be wrapped in another optional,
                // whose copies cost generic value-witness calls.
                let resolved = slot.bound(in: writer.registry).resolved
                for element in value {
                    try writer.writeObject(unsafeBitCast(element, to: Any?.self), in: resolved, forKey: "element")
                    index &+= 1
                }
                return
            }
            for element in value {
                try slot.write(element, to: writer, forKey: "element")
                index &+= 1
            }
        } catch {
            throw SerializationError.naming(element: index, in: error)
        }
    }

    /// Writes `value`'s elements sorted when the call asks for a stable order, else returns
    /// `false` having written nothing. Not inlined: lists never come here. The sorted elements
    /// go through the serializer of an array, whose bytes are a set's (neither has a header).
    @usableFromInline
    @inline(never)
    func writeInStableOrder(_ value: C, to writer: any ValueWriter) throws -> Bool {
        let sorts =
            StableOrder.isUnordered(C.self)
            ? writer.writesStableOrder : StableOrder.sortsHashStandIns(writer, set: true)
        guard sorts else { return false }
        try CollectionSerializer<[Element], Element>(elementsCanBeNull: elementsCanBeNull).write(
            StableOrder.sorted(value), to: writer)
        return true
    }

    @inlinable
    public func read(from reader: any ValueReader) throws -> C {
        if let version = reader.kryoWireVersion, version >= .kryo5 {
            guard let value = try readNilable(from: reader) else {
                throw reader.error(.typeMismatch, expected: "a collection", found: "nil (size 0)")
            }
            return value
        }
        let slot = element.resolve(
            reader.genericArguments, 0, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        let header = try reader.kryoWireVersion == .kryo4 ? C.readJavaHeader(from: reader) : nil
        let count = try readSize(from: reader, minimumBytesPerElement: 1)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        if Element.self == String.self, slot !== element.open {
            try ContainerSlot.readStrings(count, canBeNull: true, into: &elements, from: reader)
        } else if Element.self == Any?.self {
            // Untyped elements come from the reader as they are (see `write`).
            let resolved = slot.bound(in: reader.registry).resolved
            try ContainerSlot.readUntyped(count, in: resolved, into: &elements, from: reader)
        } else {
            for _ in 0..<count {
                elements.append(try slot.readRequired(from: reader, forKey: "element"))
            }
        }
        return C(javaElements: DistinctKey.keptApart(elements), header: header)
    }
}

/// Java's `MapSerializer`: the size, then key and value alternately, each with its class unless
/// the declared key or value type is final.
public struct MapSerializer<Key: Hashable, Value>: Serializer {
    private let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    /// Kryo 5's map serializer writes nil itself.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }
    public func writeNil(to writer: any ValueWriter) throws { try MapEntries<Key, Value>.writeNil(to: writer) }
    public func readNilable(from reader: any ValueReader) throws -> [Key: Value]? {
        let slots = entries.slots(reader.genericArguments, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        var result: [Key: Value] = [:]
        guard try entries.read(slots: slots, from: reader, { key, value in result.updateValue(value, forKey: key) })
        else { return nil }
        return result
    }

    public func write(_ value: [Key: Value], to writer: any ValueWriter) throws {
        let slots = entries.slots(writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry)
        if writer.writesStableOrder {
            return try entries.write(StableOrder.sortedEntries(value), count: value.count, slots: slots, to: writer)
        }
        try entries.write(value, count: value.count, slots: slots, to: writer)
    }

    public func read(from reader: any ValueReader) throws -> [Key: Value] {
        guard let result = try readNilable(from: reader) else { throw MapEntries<Key, Value>.nilMap(reader) }
        return result
    }
}

/// The body of a Java map (`MapSerializer`): the size as a positive varint, then key and value
/// alternately, each with its class unless the declared key or value type is final. Shared by the
/// serializers of every kind of map.
struct MapEntries<Key: Hashable, Value>: Sendable {
    let keys = ContainerSlot<Key>()
    let values = ContainerSlot<Value>()

    /// A nil map as Kryo 5's map serializer writes it.
    static func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "size", encoding: .positive)
    }

    /// The error for a nil map where a map is required.
    static func nilMap(_ reader: any ValueReader) -> SerializationError {
        reader.error(.typeMismatch, expected: "a map", found: "nil (size 0)")
    }

    /// The key and value slots for one call. Resolve them before writing or reading anything
    /// nested: a nested object replaces the generic arguments.
    func slots(
        _ arguments: [DeclaredType], _ version: KryoWireVersion?, _ bindings: SlotBindings,
        _ registry: @autoclosure () -> Registry
    ) -> (ObjectSlot<Key>, ObjectSlot<Value>) {
        (
            keys.resolve(arguments, 0, version, bindings, registry()),
            values.resolve(arguments, 1, version, bindings, registry())
        )
    }

    /// `slots` for a map that never holds nil keys or values (Java's `setKeysCanBeNull(false)`,
    /// `setValuesCanBeNull(false)`: the immutable `Map.of`): a final key or value carries no nil
    /// marker.
    func notNull(
        _ slots: (ObjectSlot<Key>, ObjectSlot<Value>), in registry: Registry
    ) -> (ObjectSlot<Key>, ObjectSlot<Value>) {
        func notNull<X>(_ slot: ObjectSlot<X>) -> ObjectSlot<X> {
            guard slot.declared.canBeNull, slot.bound(in: registry).resolved.isFinal else { return slot }
            var declared = slot.declared
            declared.canBeNull = false
            return ObjectSlot(declared)
        }
        return (notNull(slots.0), notNull(slots.1))
    }

    /// Writes the size (Kryo 5: + 1, 0 being nil), then `header`, then the entries.
    func write<S: Sequence>(
        _ entries: S, count: Int, slots: (ObjectSlot<Key>, ObjectSlot<Value>), to writer: any ValueWriter,
        header: () throws -> Void = {}
    ) throws where S.Element == (key: Key, value: Value) {
        guard count < Int(Int32.max) else {
            throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31 entries", found: "\(count)")
        }
        if let version = writer.kryoWireVersion, version >= .kryo5 {
            try writer.writeInt32(Int32(count + 1), forKey: "size", encoding: .positive)
            try header()
        } else {
            // Java's `writeInt(length, true)`: fixed width through Kryo 4's fast and unsafe outputs.
            try writer.writeInt32(Int32(count), forKey: "size", encoding: .outputPositive)
        }
        // Untyped values (Java's raw maps) go to the writer as they are (see `CollectionSerializer`).
        let untypedValues = Value.self == Any?.self ? slots.1.bound(in: writer.registry).resolved : nil
        for (key, value) in entries {
            do {
                try slots.0.write(key, to: writer, forKey: "key")
                if let untypedValues {
                    try writer.writeObject(unsafeBitCast(value, to: Any?.self), in: untypedValues, forKey: "value")
                } else {
                    try slots.1.write(value, to: writer, forKey: "value")
                }
            } catch var error as SerializationError {
                Self.name(key, in: &error)
                throw error
            }
        }
    }

    /// An error's path through a map entry named by the entry's key where the key is a string or
    /// a number (`prices.apple` rather than `prices.value`), as documents name it; a key that
    /// failed itself is `[key]`.
    private static func name(_ key: Key, in error: inout SerializationError) {
        guard let first = error.path.first, first == "value" || first == "key",
            let key = ValueConversion.flatten(key)
        else { return }
        let text: String
        switch key {
        case let string as String: text = string
        case let number as any BinaryInteger: text = "\(number)"
        default: return
        }
        error.path[0] = first == "value" ? text : "[\(text)]"
    }

    /// Reads what ``write(_:count:slots:to:header:)`` wrote; `false` for a nil map (Kryo 5).
    @discardableResult
    func read(
        slots: (ObjectSlot<Key>, ObjectSlot<Value>), from reader: any ValueReader,
        header: () throws -> Void = {}, _ insert: (Key, Value) throws -> Void
    ) throws -> Bool {
        let count: Int
        if let version = reader.kryoWireVersion, version >= .kryo5 {
            let stored = try reader.readInt32(forKey: "size", encoding: .positive)
            guard stored != 0 else { return false }
            guard stored > 0 else { throw reader.error(.invalidValue, expected: "a map size + 1", found: "\(stored)") }
            count = Int(stored) - 1
            try reader.validateCount(count, minimumBytesPerElement: 2, forKey: "size")
            try header()
        } else {
            count = try readSize(from: reader, minimumBytesPerElement: 2, encoding: .outputPositive)
        }
        let untypedValues = Value.self == Any?.self ? slots.1.bound(in: reader.registry).resolved : nil
        func readValue() throws -> Value {
            guard let untypedValues else { return try slots.1.readRequired(from: reader, forKey: "value") }
            return unsafeBitCast(try reader.readObject(in: untypedValues, forKey: "value"), to: Value.self)
        }
        if Key.self == AnyHashable.self {
            // Untyped keys: Java's maps may hold one null key, and keys that only Swift finds
            // equal (Integer 1 and Long 1) are kept apart (`DistinctKey`).
            var keys: [AnyHashable] = []
            var values: [Value] = []
            for _ in 0..<count {
                keys.append(
                    try slots.0.read(from: reader, forKey: "key").map { unsafeBitCast($0, to: AnyHashable.self) }
                        ?? ValueConversion.nullKey)
                values.append(try readValue())
            }
            for (key, value) in zip(DistinctKey.keptApart(keys), values) {
                try insert(unsafeBitCast(key, to: Key.self), value)
            }
            return true
        }
        for _ in 0..<count {
            let key = try slots.0.readRequired(from: reader, forKey: "key")
            try insert(key, try readValue())
        }
        return true
    }
}
