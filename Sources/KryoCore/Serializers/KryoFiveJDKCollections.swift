import FoundationEssentials

// JDK collections that Kryo 5 gives serializers of their own (Kryo 2.20 and 4.0.3 write them as
// any collection, map or bean): `BitSet`, `PriorityQueue`, `ConcurrentSkipListMap` and
// `Arrays.asList`.

/// `java.util.BitSet`: a set of non-negative integers, as 64-bit words (bit `i` is bit `i % 64` of
/// word `i / 64`).
///
/// Kryo 5's `BitSetSerializer` writes the word count as a positive varint, then the words as
/// fixed-width longs (`toLongArray()`: trailing zero words dropped). Kryo 2.20 and 4.0.3 have no
/// serializer for it: their `FieldSerializer` writes the `long[] words` field, the whole array
/// with its trailing zero words (at least one: `new BitSet()`'s), which Swift writes too (as many
/// words as were read, else at least one); Java's own reader then leaves the set empty
/// (`wordsInUse` is transient).
public struct JavaBitSet: Hashable, Sendable {
    /// The words, without trailing zero words.
    public private(set) var words: [UInt64]
    /// How many words Kryo 2.20's and 4's field form held when the set was read (Java's array,
    /// trailing zero words included), so that it is written back alike.
    package var storedWordCount: Int?

    public static func == (lhs: JavaBitSet, rhs: JavaBitSet) -> Bool { lhs.words == rhs.words }

    public func hash(into hasher: inout Hasher) { hasher.combine(words) }

    /// An empty set.
    public init() { words = [] }

    /// The set of the given bits (each ≥ 0).
    public init<S: Sequence<Int>>(_ bits: S) {
        self.init()
        for bit in bits { insert(bit) }
    }

    /// The set of the given words (Java's `BitSet.valueOf(long[])`).
    public init(words: [UInt64]) {
        self.words = words
        trim()
    }

    /// Whether `bit` is set.
    public func contains(_ bit: Int) -> Bool {
        guard bit >= 0, bit / 64 < words.count else { return false }
        return words[bit / 64] & (1 << UInt64(bit % 64)) != 0
    }

    /// Sets `bit` (≥ 0).
    public mutating func insert(_ bit: Int) {
        precondition(bit >= 0, "a BitSet holds non-negative bits")
        if bit / 64 >= words.count { words.append(contentsOf: repeatElement(0, count: bit / 64 - words.count + 1)) }
        words[bit / 64] |= 1 << UInt64(bit % 64)
    }

    /// Clears `bit`.
    public mutating func remove(_ bit: Int) {
        guard bit >= 0, bit / 64 < words.count else { return }
        words[bit / 64] &= ~(1 << UInt64(bit % 64))
        trim()
    }

    /// The set bits in increasing order.
    public var bits: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            for offset in 0..<64 where word & (1 << UInt64(offset)) != 0 { result.append(index * 64 + offset) }
        }
        return result
    }

    private mutating func trim() {
        while words.last == 0 { words.removeLast() }
    }
}

extension JavaBitSet: JavaRepresentable {
    public static var javaClassName: String { "java.util.BitSet" }
    public static var defaultSerializer: AnySerializer { AnySerializer(BitSetSerializer()) }
}

/// Kryo 5's `BitSetSerializer`; in Kryo 2.20 and 4.0.3 the `FieldSerializer` form (see ``JavaBitSet``).
public struct BitSetSerializer: Serializer {
    private static let wordsType = DeclaredType([Int64].self, finality: .final)

    /// Creates the serializer.
    public init() {}

    public func write(_ value: JavaBitSet, to writer: any ValueWriter) throws {
        var words = value.words.map { Int64(bitPattern: $0) }
        // Kryo 2.20's and 4's field form, which formats with keys take too: `words`, a list.
        if writer.kryoWireVersion.map({ $0 < .kryo5 }) ?? true {
            // Java's array, trailing zero words included: as read, else at least `new BitSet()`'s one.
            let stored = max(value.storedWordCount ?? 1, words.count)
            words.append(contentsOf: repeatElement(0, count: stored - words.count))
            return try writer.writeObject(words, as: BitSetSerializer.wordsType, forKey: "words")
        }
        try writer.writeInt32(Int32(words.count), forKey: "count", encoding: .positive)
        for word in words { try writer.writeInt64(word, forKey: "word", encoding: .fixed) }
    }

    public func read(from reader: any ValueReader) throws -> JavaBitSet {
        // Formats with keys: `words` (documents before it had `count`, `word`, `$0`…).
        if reader.kryoWireVersion.map({ $0 < .kryo5 }) ?? reader.containsValue(forKey: "words") {
            let words = try reader.readObject([Int64]?.self, as: BitSetSerializer.wordsType, forKey: "words") ?? []
            var set = JavaBitSet(words: words.map { UInt64(bitPattern: $0) })
            set.storedWordCount = words.count
            return set
        }
        let count = Int(try reader.readInt32(forKey: "count", encoding: .positive))
        guard count >= 0 else { throw reader.error(.invalidValue, expected: "a word count", found: "\(count)") }
        try reader.validateCount(count, minimumBytesPerElement: 8, forKey: "count")
        var words: [UInt64] = []
        words.reserveCapacity(count)
        for _ in 0..<count { words.append(UInt64(bitPattern: try reader.readInt64(forKey: "word", encoding: .fixed))) }
        return JavaBitSet(words: words)
    }
}

/// `java.util.PriorityQueue`: a binary heap ordered by a ``JavaComparator``.
///
/// The elements are kept in Java's array order, which is the order on the wire: ``insert(_:)``
/// sifts up as Java's `add` does, so a queue built element by element matches Java's bytes, and
/// a queue read from Java writes back the same bytes. Kryo 5's `PriorityQueueSerializer` writes the
/// comparator after the size; Kryo 2.20 and 4.0.3 write it as any collection (the comparator is
/// lost: Java reads a natural-order queue).
public struct JavaPriorityQueue<Element>: RandomAccessCollection {
    /// The order: the head is the least element.
    public let comparator: JavaComparator
    /// The elements in Java's heap-array order.
    public private(set) var heapOrder: [Element]

    /// An empty queue.
    public init(comparator: JavaComparator = .natural) {
        self.comparator = comparator
        heapOrder = []
    }

    /// A queue of `elements`, added one by one as Java's `addAll` does.
    public init<S: Sequence>(_ elements: S, comparator: JavaComparator = .natural) where S.Element == Element {
        self.init(comparator: comparator)
        for element in elements { insert(element) }
    }

    /// Adds an element (Java's `offer`: sift up).
    public mutating func insert(_ element: Element) {
        var index = heapOrder.count
        heapOrder.append(element)
        while index > 0 {
            let parent = (index - 1) / 2
            guard comparator.areInIncreasingOrder(element, heapOrder[parent]) else { break }
            heapOrder[index] = heapOrder[parent]
            index = parent
        }
        heapOrder[index] = element
    }

    /// The least element (Java's `peek()`).
    public var head: Element? { heapOrder.first }

    /// The elements from least to greatest.
    public func sortedElements() -> [Element] {
        let order = comparator
        return heapOrder.sorted { order.areInIncreasingOrder($0, $1) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { heapOrder.count }
    public subscript(position: Int) -> Element { heapOrder[position] }
}

extension JavaPriorityQueue: Sendable where Element: Sendable {}

extension JavaPriorityQueue: Equatable where Element: Equatable {
    public static func == (lhs: JavaPriorityQueue, rhs: JavaPriorityQueue) -> Bool {
        lhs.comparator == rhs.comparator && lhs.heapOrder == rhs.heapOrder
    }
}

extension JavaPriorityQueue: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.PriorityQueue" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaPriorityQueue<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaPriorityQueue: ElementsConstructible {
    /// Elements in Java's array order, natural order (Kryo 2.20 and 4.0.3).
    public init(javaElements: [Element]) { self.init(javaElements: javaElements, header: nil) }

    /// Elements in Java's array order and the comparator Kryo 5 wrote. Java re-adds them in that
    /// order, which keeps it.
    public init(javaElements: [Element], header: Any?) {
        self.comparator = (header as? JavaComparator) ?? .natural
        heapOrder = javaElements
    }

    /// Kryo 5 writes the comparator after the size (`writeClassAndObject`; nil for natural order).
    public func writeJavaHeader(to writer: any ValueWriter) throws {
        if let version = writer.kryoWireVersion, version < .kryo5 { return }
        try writer.writeObject(comparator.javaValue, forKey: "comparator")
    }

    public static func readJavaHeader(from reader: any ValueReader) throws -> Any? {
        if let version = reader.kryoWireVersion, version < .kryo5 { return nil }
        return try JavaComparator.from(reader.readObject(forKey: "comparator"), reader)
    }
}

extension JavaPriorityQueue: AnyElementsExposing, AnyElementsConstructible {
    package var anyElements: [Any?] { heapOrder.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaPriorityQueue<Element> {
        JavaPriorityQueue(javaElements: try elements.map { try convertElement($0, to: Element.self) })
    }
}

/// `java.util.concurrent.ConcurrentSkipListMap`: a sorted map, as ``JavaTreeMap``.
///
/// Kryo 5's `ConcurrentSkipListMapSerializer` writes the size + 1, the comparator, then the
/// entries; Kryo 2.20 and 4.0.3 write it as any map (the comparator is lost).
public struct JavaConcurrentSkipListMap<Key: Hashable, Value>: RandomAccessCollection {
    /// The entries in key order.
    public var map: JavaTreeMap<Key, Value>

    /// Creates a map from a sorted map.
    public init(_ map: JavaTreeMap<Key, Value>) { self.map = map }

    /// Creates a map of the given entries.
    public init<S: Sequence>(_ entries: S, comparator: JavaComparator = .natural)
    where S.Element == (key: Key, value: Value) {
        map = JavaTreeMap(entries, comparator: comparator)
    }

    /// The order of the keys.
    public var comparator: JavaComparator { map.comparator }

    /// The value for `key`.
    public subscript(key: Key) -> Value? {
        get { map[key] }
        set { map[key] = newValue }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { map.count }
    public subscript(position: Int) -> (key: Key, value: Value) { map[position] }
}

extension JavaConcurrentSkipListMap: ExpressibleByDictionaryLiteral {
    /// A map in natural order.
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JavaConcurrentSkipListMap: JavaComparatorOrdered {
    package var orderedKeys: [Any?] { map.map { $0.key } }
    package func ordered(by order: JavaComparator) -> Any {
        JavaConcurrentSkipListMap(map.map { (key: $0.key, value: $0.value) }, comparator: order)
    }
    package static func make(keeping contents: Any, in order: JavaComparator) throws -> Any? {
        guard let entries = entriesOf(contents) else { return nil }
        return JavaConcurrentSkipListMap(try typedEntries(entries, Key.self, Value.self), comparator: order)
    }
}

extension JavaConcurrentSkipListMap: Equatable where Value: Equatable {}
extension JavaConcurrentSkipListMap: Sendable where Key: Sendable, Value: Sendable {}

extension JavaConcurrentSkipListMap: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.concurrent.ConcurrentSkipListMap" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(ConcurrentSkipListMapSerializer<Key, Value>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension JavaConcurrentSkipListMap: AnyEntriesExposing, AnyEntriesConstructible {
    package var anyEntries: [(key: Any, value: Any?)] { map.anyEntries }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> Self {
        JavaConcurrentSkipListMap(try JavaTreeMap<Key, Value>.make(fromAnyEntries: entries))
    }
}

/// Kryo 5's `ConcurrentSkipListMapSerializer` (size + 1, comparator, entries); Java's
/// `MapSerializer` in Kryo 2.20 and 4.0.3.
public struct ConcurrentSkipListMapSerializer<Key: Hashable, Value>: Serializer {
    let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    /// Kryo 5's map serializers write nil themselves.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }
    public func writeNil(to writer: any ValueWriter) throws { try MapEntries<Key, Value>.writeNil(to: writer) }

    public func write(_ value: JavaConcurrentSkipListMap<Key, Value>, to writer: any ValueWriter) throws {
        let slots = entries.slots(writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry)
        guard writer.kryoWireVersion.map({ $0 >= .kryo5 }) ?? true else {
            return try entries.write(value.map, count: value.count, slots: slots, to: writer)
        }
        try entries.write(value.map, count: value.count, slots: slots, to: writer) {
            try writer.writeObject(value.comparator.javaValue, forKey: "comparator")
        }
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaConcurrentSkipListMap<Key, Value>? {
        let slots = entries.slots(reader.genericArguments, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        let withComparator = reader.kryoWireVersion.map { $0 >= .kryo5 } ?? true
        var comparator = JavaComparator.natural
        var pairs: [(key: Key, value: Value)] = []
        let readComparator = {
            if withComparator { comparator = try JavaComparator.from(reader.readObject(forKey: "comparator"), reader) }
        }
        let isMap = try entries.read(slots: slots, from: reader, header: readComparator) { key, value in
            pairs.append((key, value))
        }
        guard isMap else { return nil }
        return JavaConcurrentSkipListMap(pairs, comparator: comparator)
    }

    public func read(from reader: any ValueReader) throws -> JavaConcurrentSkipListMap<Key, Value> {
        guard let map = try readNilable(from: reader) else { throw MapEntries<Key, Value>.nilMap(reader) }
        return map
    }
}

/// `Arrays.asList(…)` (`java.util.Arrays$ArrayList`): a fixed-size list. Every Kryo release writes
/// it as any collection (Kryo 5 through `ArraysAsListSerializer`, with the same body as an
/// `ArrayList`). A Swift array is an `ArrayList`; this type sends Java exactly this class.
public struct JavaArraysAsList<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// The elements.
    public var elements: [Element]

    /// Creates the list.
    public init(_ elements: [Element]) { self.elements = elements }

    /// Creates the list.
    public init(arrayLiteral elements: Element...) { self.elements = elements }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set { elements[position] = newValue }
    }
}

extension JavaArraysAsList: Equatable where Element: Equatable {}
extension JavaArraysAsList: Hashable where Element: Hashable {}
extension JavaArraysAsList: Sendable where Element: Sendable {}

extension JavaArraysAsList: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.Arrays$ArrayList" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaArraysAsList<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaArraysAsList: ElementsConstructible {
    public init(javaElements: [Element]) { self.init(javaElements) }
}

extension JavaArraysAsList: AnyElementsExposing, AnyElementsConstructible {
    package var anyElements: [Any?] { elements.map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaArraysAsList<Element> {
        JavaArraysAsList(try elements.map { try convertElement($0, to: Element.self) })
    }
}
