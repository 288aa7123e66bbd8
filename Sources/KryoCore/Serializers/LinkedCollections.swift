import OrderedCollections

/// `OrderedDictionary` (swift-collections) is Java's `java.util.LinkedHashMap`: the entries in
/// insertion order, which is the order on the wire both ways.
extension OrderedDictionary: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedHashMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(OrderedMapSerializer<Key, Value>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension OrderedDictionary: AnyEntriesExposing, AnyEntriesConstructible {
    package var anyEntries: [(key: Any, value: Any?)] { map { (key: $0.key as Any, value: $0.value as Any?) } }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> OrderedDictionary<Key, Value>
    {
        var result = OrderedDictionary<Key, Value>()
        result.reserveCapacity(entries.count)
        for (key, value) in try convertedMapEntries(entries, to: Key.self, Value.self) {
            result.updateValue(value, forKey: key)
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
    package var anyElements: [Any?] { map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> OrderedSet<Element> {
        OrderedSet(try convertedSetElements(elements, to: Element.self))
    }
}

/// Java's `MapSerializer` for a `LinkedHashMap`: the size, then key and value alternately in
/// insertion order.
public struct OrderedMapSerializer<Key: Hashable, Value>: Serializer {
    let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    public func write(_ value: OrderedDictionary<Key, Value>, to writer: any ValueWriter) throws {
        if Key.self == AnyHashable.self, Value.self == Any?.self, StableOrder.sortsHashStandIns(writer) {
            // A dynamic registry's HashMap, sorted when the call asks for it explicitly.
            let slots = entries.slots(
                writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry)
            return try entries.write(
                StableOrder.sortedEntries(value.elements), count: value.count, slots: slots, to: writer)
        }
        try writeInOrder(value, to: writer)
    }

    /// Writes `value` in its own order, whatever the call.
    func writeInOrder(_ value: OrderedDictionary<Key, Value>, to writer: any ValueWriter) throws {
        let slots = entries.slots(writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry)
        try entries.write(value.elements, count: value.count, slots: slots, to: writer)
    }

    /// Kryo 5's map serializers write nil themselves.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }
    public func writeNil(to writer: any ValueWriter) throws { try MapEntries<Key, Value>.writeNil(to: writer) }

    public func readNilable(from reader: any ValueReader) throws -> OrderedDictionary<Key, Value>? {
        let slots = entries.slots(reader.genericArguments, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        var result = OrderedDictionary<Key, Value>()
        guard try entries.read(slots: slots, from: reader, { key, value in result.updateValue(value, forKey: key) })
        else { return nil }
        return result
    }

    public func read(from reader: any ValueReader) throws -> OrderedDictionary<Key, Value> {
        guard let result = try readNilable(from: reader) else { throw MapEntries<Key, Value>.nilMap(reader) }
        return result
    }
}
