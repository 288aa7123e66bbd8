import OrderedCollections

/// A JDK collection that Kryo writes with its `CollectionSerializer` (the default serializer of
/// every `java.util.Collection` without one of its own) and that no Swift collection stands for:
/// `java.util.Vector`, `Stack`, `ArrayDeque`, `java.util.concurrent.CopyOnWriteArrayList`,
/// `ConcurrentLinkedQueue`… (``javaClassNames`` lists them). It keeps its Java class, so that a
/// value read from Java goes back as the class it came as, with its elements in Java's iteration
/// order.
///
/// ```swift
/// let queue = JavaCollection(javaClass: "java.util.ArrayDeque", [Int32(1), 2])
/// let bytes = try codec.encode(queue)      // java.util.ArrayDeque [1, 2] for Java
/// ```
///
/// A sorted or hashed JDK set read this way (`ConcurrentSkipListSet`, `CopyOnWriteArraySet`) keeps
/// the elements as a list: Kryo writes no comparator for them, so Java sorts them again by their
/// natural order when it reads them.
public struct JavaCollection<Element>: RandomAccessCollection, MutableCollection {
    /// The Java class: one of ``javaClassNames``.
    public var javaClass: String
    /// The elements, in Java's iteration order.
    public var elements: [Element]

    /// A collection of the Java class `javaClass` (one of ``javaClassNames``).
    public init(javaClass: String, _ elements: [Element]) {
        self.javaClass = javaClass
        self.elements = elements
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set { elements[position] = newValue }
    }
}

/// A JDK map that Kryo writes with its `MapSerializer` (the default serializer of every
/// `java.util.Map` without one of its own) and that no Swift dictionary stands for:
/// `java.util.Hashtable`, `java.util.concurrent.ConcurrentHashMap`, `IdentityHashMap`,
/// `WeakHashMap`, `Properties`, and `EnumMap` with Kryo 5's `EnumMapSerializer`, whose body is
/// `MapSerializer`'s (``javaClassNames`` lists them). It keeps its Java class and the
/// entries in Java's iteration order, so that a map read from Java is written back to the same
/// bytes.
public struct JavaMap<Key: Hashable, Value> {
    /// The Java class: one of ``javaClassNames``.
    public var javaClass: String
    /// The entries, in Java's iteration order.
    public var entries: OrderedDictionary<Key, Value>

    /// A map of the Java class `javaClass` (one of ``javaClassNames``).
    public init(javaClass: String, _ entries: OrderedDictionary<Key, Value>) {
        self.javaClass = javaClass
        self.entries = entries
    }
}

extension JavaCollection: Equatable where Element: Equatable {}
extension JavaCollection: Hashable where Element: Hashable {}
extension JavaCollection: Sendable where Element: Sendable {}
extension JavaMap: Equatable where Value: Equatable {}
extension JavaMap: Sendable where Key: Sendable, Value: Sendable {}

extension JavaCollection: JavaClassChosenByValue, JavaGenericContainer {
    /// The JDK collections that read as a ``JavaCollection``: their Java serializer is Kryo's
    /// `CollectionSerializer` in every release, and they have the no-argument constructor it
    /// creates them with.
    public static var javaClassNames: [String] {
        [
            "java.util.Vector", "java.util.Stack", "java.util.ArrayDeque",
            "java.util.concurrent.CopyOnWriteArrayList", "java.util.concurrent.CopyOnWriteArraySet",
            "java.util.concurrent.ConcurrentLinkedQueue", "java.util.concurrent.ConcurrentLinkedDeque",
            "java.util.concurrent.LinkedBlockingQueue", "java.util.concurrent.LinkedBlockingDeque",
            "java.util.concurrent.LinkedTransferQueue", "java.util.concurrent.PriorityBlockingQueue",
            "java.util.concurrent.ConcurrentSkipListSet",
        ]
    }
    public static var javaClassName: String { "java.util.Vector" }
    public var javaClassNameOfValue: String { javaClass }
    public static var defaultSerializer: AnySerializer { defaultSerializer(forJavaClass: javaClassName) }
    public static func defaultSerializer(forJavaClass name: String) -> AnySerializer {
        AnySerializer(JavaCollectionSerializer<Element>(javaClass: name))
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaMap: JavaClassChosenByValue, JavaGenericContainer {
    /// The JDK maps that read as a ``JavaMap``: their Java serializer is Kryo's `MapSerializer`
    /// in every release, and they have the no-argument constructor it creates them with.
    public static var javaClassNames: [String] {
        [
            "java.util.Hashtable", "java.util.Properties", "java.util.IdentityHashMap", "java.util.WeakHashMap",
            "java.util.concurrent.ConcurrentHashMap",
            // Kryo 5's `EnumMapSerializer`, which a program registers with the key's enum class:
            // `MapSerializer`'s body (Kryo 2.20 and 4 write one too, but cannot read it back).
            "java.util.EnumMap",
        ]
    }
    public static var javaClassName: String { "java.util.Hashtable" }
    public var javaClassNameOfValue: String { javaClass }
    public static var defaultSerializer: AnySerializer { defaultSerializer(forJavaClass: javaClassName) }
    public static func defaultSerializer(forJavaClass name: String) -> AnySerializer {
        AnySerializer(JavaMapSerializer<Key, Value>(javaClass: name))
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension JavaCollection: AnyElementsExposing, JavaClassNamedConstructible {
    package var anyElements: [Any?] { elements.map { $0 } }
    package static func make(from value: Any?, javaClass: String) throws -> JavaCollection<Element>? {
        guard let source = value as? any AnyElementsExposing else { return nil }
        return JavaCollection(
            javaClass: javaClass, try source.anyElements.map { try convertElement($0, to: Element.self) })
    }
}

extension JavaMap: AnyEntriesExposing, InsertionOrderedCollection, JavaClassNamedConstructible {
    package var anyEntries: [(key: Any, value: Any?)] { entries.map { (key: $0.key as Any, value: $0.value as Any?) } }
    package static func make(from value: Any?, javaClass: String) throws -> JavaMap<Key, Value>? {
        guard let source = value as? any AnyEntriesExposing else { return nil }
        var entries = OrderedDictionary<Key, Value>()
        for entry in source.anyEntries {
            entries.updateValue(
                try convertElement(entry.value, to: Value.self), forKey: try convertElement(entry.key, to: Key.self))
        }
        return JavaMap(javaClass: javaClass, entries)
    }
}

/// Kryo's `CollectionSerializer` for a ``JavaCollection`` of one Java class: the body of a Java
/// `ArrayList` (see ``CollectionSerializer``), the class named by the registration.
public struct JavaCollectionSerializer<Element>: Serializer {
    /// The Java class of the collections this serializer reads.
    public let javaClass: String
    let body = CollectionSerializer<[Element], Element>()

    /// A serializer of collections read as the Java class `javaClass`.
    public init(javaClass: String) { self.javaClass = javaClass }

    public func handlesNil(in version: KryoWireVersion) -> Bool { body.handlesNil(in: version) }
    public func writeNil(to writer: any ValueWriter) throws { try body.writeNil(to: writer) }

    public func write(_ value: JavaCollection<Element>, to writer: any ValueWriter) throws {
        try JavaNullHostility.check(value.elements, of: value.javaClass)
        try body.write(value.elements, to: writer)
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaCollection<Element>? {
        try body.readNilable(from: reader).map { JavaCollection(javaClass: javaClass, $0) }
    }

    public func read(from reader: any ValueReader) throws -> JavaCollection<Element> {
        JavaCollection(javaClass: javaClass, try body.read(from: reader))
    }

    public func copy(_ value: JavaCollection<Element>, with copier: ValueCopier) throws -> JavaCollection<Element> {
        JavaCollection(javaClass: value.javaClass, try body.copy(value.elements, with: copier))
    }
}

/// Kryo's `MapSerializer` for a ``JavaMap`` of one Java class: the size, then key and value
/// alternately in the map's order (see ``OrderedMapSerializer``), the class named by the
/// registration.
public struct JavaMapSerializer<Key: Hashable, Value>: Serializer {
    /// The Java class of the maps this serializer reads.
    public let javaClass: String
    let body = OrderedMapSerializer<Key, Value>()

    /// A serializer of maps read as the Java class `javaClass`.
    public init(javaClass: String) { self.javaClass = javaClass }

    public func handlesNil(in version: KryoWireVersion) -> Bool { body.handlesNil(in: version) }
    public func writeNil(to writer: any ValueWriter) throws { try body.writeNil(to: writer) }

    public func write(_ value: JavaMap<Key, Value>, to writer: any ValueWriter) throws {
        try JavaNullHostility.check(value.entries, of: value.javaClass)
        try body.writeInOrder(value.entries, to: writer)
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaMap<Key, Value>? {
        try body.readNilable(from: reader).map { JavaMap(javaClass: javaClass, $0) }
    }

    public func read(from reader: any ValueReader) throws -> JavaMap<Key, Value> {
        JavaMap(javaClass: javaClass, try body.read(from: reader))
    }

    public func copy(_ value: JavaMap<Key, Value>, with copier: ValueCopier) throws -> JavaMap<Key, Value> {
        JavaMap(javaClass: value.javaClass, try body.copy(value.entries, with: copier))
    }
}

/// The JDK collections and maps that hold no null: their `add` or `put` throws a
/// `NullPointerException`, so that Java cannot read back a null written into one (Kryo's
/// serializers add element by element). Writing one is an error naming the place.
enum JavaNullHostility {
    static let collections: Set<String> = [
        "java.util.ArrayDeque", "java.util.concurrent.ConcurrentLinkedQueue",
        "java.util.concurrent.ConcurrentLinkedDeque", "java.util.concurrent.LinkedBlockingQueue",
        "java.util.concurrent.LinkedBlockingDeque", "java.util.concurrent.LinkedTransferQueue",
        "java.util.concurrent.PriorityBlockingQueue", "java.util.concurrent.ConcurrentSkipListSet",
    ]
    static let maps: Set<String> = [
        "java.util.Hashtable", "java.util.Properties", "java.util.concurrent.ConcurrentHashMap",
    ]

    /// Throws when `elements` of a collection of `javaClass` hold a null that class refuses.
    static func check<Element>(_ elements: [Element], of javaClass: String) throws {
        guard collections.contains(javaClass),
            let index = elements.firstIndex(where: { ValueConversion.flatten($0) == nil })
        else { return }
        throw SerializationError(
            .invalidValue, expected: "an element (a \(javaClass) holds no null)", found: "null",
            path: [String(index)])
    }

    /// Throws when the values of a map of `javaClass` hold a null that class refuses (its keys
    /// are never nil here: a null key is Java's, ``ValueConversion/nullKey``, and checked too).
    static func check<Key, Value>(_ entries: OrderedDictionary<Key, Value>, of javaClass: String) throws {
        guard maps.contains(javaClass) else { return }
        for (key, value) in entries {
            let keyIsNull = ValueConversion.flatten(key) == nil
            guard keyIsNull || ValueConversion.flatten(value) == nil else { continue }
            throw SerializationError(
                .invalidValue, expected: "a \(keyIsNull ? "key" : "value") (a \(javaClass) holds no null)",
                found: "null", path: [keyIsNull ? "null" : "\(key)"])
        }
    }
}
