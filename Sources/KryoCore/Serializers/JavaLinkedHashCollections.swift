import OrderedCollections

/// A map or set that keeps its insertion order (Java's `LinkedHashMap` and `LinkedHashSet`): a
/// reader that finds one declared builds it from the stored order.
public protocol InsertionOrderedCollection {}

extension OrderedDictionary: InsertionOrderedCollection {}
extension OrderedSet: InsertionOrderedCollection {}
extension JavaLinkedHashMap: InsertionOrderedCollection {}
extension JavaLinkedHashSet: InsertionOrderedCollection {}

/// A `java.util.LinkedHashMap` where `OrderedDictionary` already stands for another class: in a
/// dynamic registry (``Registry/init(schemas:_:)``), whose `java.util.HashMap` values are
/// `OrderedDictionary`s so that they keep the stream's order, a `LinkedHashMap` read from a stream
/// is one of these, so that it is written back as a `LinkedHashMap`.
public struct JavaLinkedHashMap<Key: Hashable, Value> {
    /// The entries, in insertion order.
    public var entries: OrderedDictionary<Key, Value>

    /// Creates a map.
    public init(_ entries: OrderedDictionary<Key, Value> = [:]) { self.entries = entries }
}

extension JavaLinkedHashMap: Equatable where Value: Equatable {}
extension JavaLinkedHashMap: Sendable where Key: Sendable, Value: Sendable {}

extension JavaLinkedHashMap: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedHashMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(LinkedHashMapSerializer<Key, Value>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension JavaLinkedHashMap: AnyEntriesExposing, AnyEntriesConstructible {
    public var anyEntries: [(key: Any, value: Any?)] { entries.anyEntries }
    public static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> JavaLinkedHashMap {
        JavaLinkedHashMap(try OrderedDictionary<Key, Value>.make(fromAnyEntries: entries))
    }
}

/// Java's `MapSerializer` for a ``JavaLinkedHashMap``: what ``OrderedMapSerializer`` writes.
public struct LinkedHashMapSerializer<Key: Hashable, Value>: Serializer {
    private let ordered = OrderedMapSerializer<Key, Value>()

    /// Creates the serializer.
    public init() {}

    public func write(_ value: JavaLinkedHashMap<Key, Value>, to writer: any ValueWriter) throws {
        try ordered.writeInOrder(value.entries, to: writer)
    }

    public func read(from reader: any ValueReader) throws -> JavaLinkedHashMap<Key, Value> {
        JavaLinkedHashMap(try ordered.read(from: reader))
    }
}

/// A `java.util.LinkedHashSet` where `OrderedSet` already stands for another class: in a dynamic
/// registry, whose `java.util.HashSet` values are `OrderedSet`s, a `LinkedHashSet` read from a
/// stream is one of these, so that it is written back as a `LinkedHashSet`.
public struct JavaLinkedHashSet<Element: Hashable>: RandomAccessCollection {
    /// The elements, in insertion order.
    public var elements: OrderedSet<Element>

    /// Creates a set.
    public init(_ elements: OrderedSet<Element> = []) { self.elements = elements }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

extension JavaLinkedHashSet: Equatable {}
extension JavaLinkedHashSet: Sendable where Element: Sendable {}

extension JavaLinkedHashSet: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.LinkedHashSet" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaLinkedHashSet<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaLinkedHashSet: ElementsConstructible {
    public init(javaElements: [Element]) { self.init(OrderedSet(javaElements)) }
}

extension JavaLinkedHashSet: AnyElementsExposing, AnyElementsConstructible {
    public var anyElements: [Any?] { elements.map { $0 } }
    public static func make(fromAnyElements elements: [Any?]) throws -> JavaLinkedHashSet {
        JavaLinkedHashSet(try OrderedSet<Element>.make(fromAnyElements: elements))
    }
}
