import OrderedCollections

/// Java's `List.of(…)`: an immutable list, in Java one of the JDK-internal classes
/// `java.util.ImmutableCollections$List12` (one or two elements) or `$ListN` (none, or more than
/// two), chosen by the size as Java does. Kryo 5 writes it as a collection whose elements are
/// never nil.
public struct JavaImmutableList<Element>: RandomAccessCollection {
    /// The elements.
    public var elements: [Element]

    /// A list of the given elements.
    public init(_ elements: [Element]) { self.elements = elements }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

/// Java's `Set.of(…)`: an immutable set, in Java `java.util.ImmutableCollections$Set12` (one or
/// two elements) or `$SetN`. The elements keep the order they were read in (Java's iteration
/// order), so that a set read from Java is written back to the same bytes.
public struct JavaImmutableSet<Element: Hashable>: RandomAccessCollection {
    /// The elements, in iteration order.
    public var elements: OrderedSet<Element>

    /// A set of the given elements, in this order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element { self.elements = OrderedSet(elements) }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

/// Java's `Map.of(…)`: an immutable map, in Java `java.util.ImmutableCollections$Map1` (one
/// entry) or `$MapN`. The entries keep the order they were read in (Java's iteration order).
public struct JavaImmutableMap<Key: Hashable, Value> {
    /// The entries, in iteration order.
    public var entries: OrderedDictionary<Key, Value>

    /// A map of the given entries, in this order.
    public init(_ entries: OrderedDictionary<Key, Value>) { self.entries = entries }
}

extension JavaImmutableList: Equatable where Element: Equatable {}
extension JavaImmutableList: Hashable where Element: Hashable {}
extension JavaImmutableList: Sendable where Element: Sendable {}
extension JavaImmutableSet: Equatable {}
extension JavaImmutableSet: Hashable {}
extension JavaImmutableSet: Sendable where Element: Sendable {}
extension JavaImmutableMap: Equatable where Value: Equatable {}
extension JavaImmutableMap: Sendable where Key: Sendable, Value: Sendable {}

/// The JDK's names of its immutable collections.
enum ImmutableCollectionNames {
    static let list12 = "java.util.ImmutableCollections$List12"
    static let listN = "java.util.ImmutableCollections$ListN"
    static let set12 = "java.util.ImmutableCollections$Set12"
    static let setN = "java.util.ImmutableCollections$SetN"
    static let map1 = "java.util.ImmutableCollections$Map1"
    static let mapN = "java.util.ImmutableCollections$MapN"
}

extension JavaImmutableList: JavaClassChosenByValue, JavaGenericContainer {
    public static var javaClassName: String { ImmutableCollectionNames.listN }
    public static var javaClassNames: [String] { [ImmutableCollectionNames.list12, ImmutableCollectionNames.listN] }
    public var javaClassNameOfValue: String {
        (1...2).contains(elements.count) ? ImmutableCollectionNames.list12 : ImmutableCollectionNames.listN
    }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaImmutableList<Element>, Element>(elementsCanBeNull: false))
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaImmutableSet: JavaClassChosenByValue, JavaGenericContainer {
    public static var javaClassName: String { ImmutableCollectionNames.setN }
    public static var javaClassNames: [String] { [ImmutableCollectionNames.set12, ImmutableCollectionNames.setN] }
    public var javaClassNameOfValue: String {
        (1...2).contains(elements.count) ? ImmutableCollectionNames.set12 : ImmutableCollectionNames.setN
    }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaImmutableSet<Element>, Element>(elementsCanBeNull: false))
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaImmutableMap: JavaClassChosenByValue, JavaGenericContainer {
    public static var javaClassName: String { ImmutableCollectionNames.mapN }
    public static var javaClassNames: [String] { [ImmutableCollectionNames.map1, ImmutableCollectionNames.mapN] }
    public var javaClassNameOfValue: String {
        entries.count == 1 ? ImmutableCollectionNames.map1 : ImmutableCollectionNames.mapN
    }
    public static var defaultSerializer: AnySerializer { AnySerializer(JavaImmutableMapSerializer<Key, Value>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension JavaImmutableList: ElementsConstructible, AnyElementsExposing, AnyElementsConstructible {
    public init(javaElements: [Element]) { self.init(javaElements) }
    package var anyElements: [Any?] { elements.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaImmutableList<Element> {
        JavaImmutableList(try elements.map { try convertElement($0, to: Element.self) })
    }
}

extension JavaImmutableSet: ElementsConstructible, AnyElementsExposing, AnyElementsConstructible,
    InsertionOrderedCollection
{
    public init(javaElements: [Element]) { self.init(javaElements) }
    package var anyElements: [Any?] { elements.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaImmutableSet<Element> {
        JavaImmutableSet(try elements.map { try convertElement($0, to: Element.self) })
    }
}

extension JavaImmutableMap: AnyEntriesExposing, AnyEntriesConstructible, InsertionOrderedCollection {
    package var anyEntries: [(key: Any, value: Any?)] { entries.map { (key: $0.key as Any, value: $0.value as Any?) } }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> JavaImmutableMap<Key, Value> {
        var result = OrderedDictionary<Key, Value>()
        for entry in entries {
            result[try convertElement(entry.key, to: Key.self)] = try convertElement(entry.value, to: Value.self)
        }
        return JavaImmutableMap(result)
    }
}

/// Kryo 5's `JdkImmutableMapSerializer`: a map whose keys and values are never nil (a final key
/// or value type carries no nil marker), entries in the map's iteration order.
public struct JavaImmutableMapSerializer<Key: Hashable, Value>: Serializer {
    let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    /// Kryo 5's map serializers write nil themselves.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }
    public func writeNil(to writer: any ValueWriter) throws { try MapEntries<Key, Value>.writeNil(to: writer) }

    public func write(_ value: JavaImmutableMap<Key, Value>, to writer: any ValueWriter) throws {
        let slots = entries.notNull(
            entries.slots(writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry),
            in: writer.registry)
        try entries.write(value.entries.elements, count: value.entries.count, slots: slots, to: writer)
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaImmutableMap<Key, Value>? {
        let slots = entries.notNull(
            entries.slots(reader.genericArguments, reader.kryoWireVersion, reader.slotBindings, reader.registry),
            in: reader.registry)
        var result = OrderedDictionary<Key, Value>()
        guard try entries.read(slots: slots, from: reader, { key, value in result.updateValue(value, forKey: key) })
        else { return nil }
        return JavaImmutableMap(result)
    }

    public func read(from reader: any ValueReader) throws -> JavaImmutableMap<Key, Value> {
        guard let map = try readNilable(from: reader) else { throw MapEntries<Key, Value>.nilMap(reader) }
        return map
    }
}
