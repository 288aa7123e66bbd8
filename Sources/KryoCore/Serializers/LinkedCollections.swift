import OrderedCollections

/// `OrderedDictionary` (swift-collections) is Java's `java.util.LinkedHashMap`: the entries in
/// insertion order, which is the order on the wire both ways.
extension OrderedDictionary: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedHashMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(OrderedMapSerializer<Key, Value>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension OrderedDictionary: AnyEntriesExposing, AnyEntriesConstructible {
    public var anyEntries: [(key: Any, value: Any?)] { map { (key: $0.key as Any, value: $0.value as Any?) } }
    public static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> OrderedDictionary<Key, Value> {
        var result = OrderedDictionary<Key, Value>()
        result.reserveCapacity(entries.count)
        for entry in entries {
            let key = try convertElement(entry.key, to: Key.self)
            result.updateValue(try convertElement(entry.value, to: Value.self), forKey: key)
        }
        return result
    }
}

/// `OrderedSet` (swift-collections) is Java's `java.util.LinkedHashSet`: the elements in insertion
/// order.
extension OrderedSet: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedHashSet" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<OrderedSet<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension OrderedSet: ElementsConstructible {
    public init(javaElements: [Element]) { self.init(javaElements) }
}

extension OrderedSet: AnyElementsExposing, AnyElementsConstructible {
    public var anyElements: [Any?] { map { $0 } }
    public static func make(fromAnyElements elements: [Any?]) throws -> OrderedSet<Element> {
        OrderedSet(try elements.map { try convertElement($0, to: Element.self) })
    }
}

/// Java's `MapSerializer` for a `LinkedHashMap`: the size, then key and value alternately in
/// insertion order.
public struct OrderedMapSerializer<Key: Hashable, Value>: Serializer {
    let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    public func write(_ value: OrderedDictionary<Key, Value>, to writer: any ValueWriter) throws {
        let slots = entries.slots(writer.genericArguments, writer.registry)
        try entries.write(value.elements, count: value.count, slots: slots, to: writer)
    }

    public func read(from reader: any ValueReader) throws -> OrderedDictionary<Key, Value> {
        let slots = entries.slots(reader.genericArguments, reader.registry)
        var result = OrderedDictionary<Key, Value>()
        try entries.read(slots: slots, from: reader) { key, value in result.updateValue(value, forKey: key) }
        return result
    }
}

/// The body of a Java map (`MapSerializer`): the size as a positive varint, then key and value
/// alternately, each with its class unless the declared key or value type is final. Shared by the
/// serializers of maps other than `HashMap`.
struct MapEntries<Key: Hashable, Value>: Sendable {
    let keys = ContainerSlot<Key>()
    let values = ContainerSlot<Value>()

    /// The key and value slots for one call. Resolve them before writing or reading anything
    /// nested: a nested object replaces the generic arguments.
    func slots(_ arguments: [DeclaredType], _ registry: Registry) -> (ObjectSlot<Key>, ObjectSlot<Value>) {
        (keys.resolve(arguments, 0, registry), values.resolve(arguments, 1, registry))
    }

    func write<S: Sequence>(
        _ entries: S, count: Int, slots: (ObjectSlot<Key>, ObjectSlot<Value>), to writer: any ValueWriter
    ) throws where S.Element == (key: Key, value: Value) {
        guard count < Int(Int32.max) else {
            throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31 entries", found: "\(count)")
        }
        try writer.writeInt32(Int32(count), forKey: "size", encoding: .positive)
        for (key, value) in entries {
            try slots.0.write(key, to: writer, forKey: "key")
            try slots.1.write(value, to: writer, forKey: "value")
        }
    }

    func read(
        slots: (ObjectSlot<Key>, ObjectSlot<Value>), from reader: any ValueReader,
        _ insert: (Key, Value) throws -> Void
    ) throws {
        let count = try readSize(from: reader, minimumBytesPerElement: 2)
        for _ in 0..<count {
            let key = try slots.0.readRequired(from: reader, forKey: "key")
            try insert(key, try slots.1.readRequired(from: reader, forKey: "value"))
        }
    }
}
