import OrderedCollections
import Synchronization

/// The order of a ``JavaTreeMap`` or ``JavaTreeSet``: Java's `Comparator`.
///
/// Kryo 2.20 writes a `TreeMap`'s comparator (a `TreeSet`'s is not written at all): `null` for
/// natural order, `java.util.Collections$ReverseComparator` for `Collections.reverseOrder()`, or
/// any other class: one registered with a type conforming to ``JavaKeyComparator`` sorts as that
/// type says; any other object that reads (a comparator class declared in a schema,
/// `String.CASE_INSENSITIVE_ORDER`'s class) is kept as read, in ``unordered(_:)``.
public enum JavaComparator: Sendable, Equatable {
    /// Natural order (`compareTo`), Java's `null` comparator.
    case natural
    /// `Collections.reverseOrder()`.
    case reverse
    /// A registered comparator class.
    case custom(any JavaKeyComparator)
    /// A comparator whose order this program does not know, kept as it was read so that it is
    /// written back: the collection keeps its elements in the order they came (Java's, when read
    /// from Kryo or from a document Java's bytes made), and one added in Swift goes last.
    case unordered(JavaUnorderedComparator)

    /// Whether `lhs` sorts before `rhs` in this order (never, for ``unordered(_:)``).
    public func areInIncreasingOrder(_ lhs: Any, _ rhs: Any) -> Bool {
        switch self {
        case .natural: return JavaNaturalOrder.areInIncreasingOrder(lhs, rhs)
        case .reverse: return JavaNaturalOrder.areInIncreasingOrder(rhs, lhs)
        case .custom(let comparator): return comparator.areInIncreasingOrder(lhs, rhs)
        case .unordered: return false
        }
    }

    /// Whether the order is known: a new element goes at its sorted place; else last.
    var isKnown: Bool {
        if case .unordered = self { false } else { true }
    }

    public static func == (lhs: JavaComparator, rhs: JavaComparator) -> Bool {
        switch (lhs, rhs) {
        case (.natural, .natural), (.reverse, .reverse): return true
        case (.custom(let left), .custom(let right)): return type(of: left) == type(of: right)
        case (.unordered(let left), .unordered(let right)): return left.className == right.className
        default: return false
        }
    }

    /// The value Java's `writeClassAndObject` writes for the comparator: nil for natural order.
    package var javaValue: Any? {
        switch self {
        case .natural: return nil
        case .reverse: return JavaReverseComparator.shared
        case .custom(let comparator): return comparator
        case .unordered(let comparator): return comparator.value
        }
    }

    /// The comparator a value read for one stands for.
    package static func from(_ value: Any?, _ reader: any ValueReader) throws -> JavaComparator {
        guard let value = ValueConversion.flatten(value) else { return .natural }
        if value is JavaReverseComparator { return .reverse }
        if let custom = value as? any JavaKeyComparator { return .custom(custom) }
        guard type(of: value) is AnyClass, let registration = reader.registry.registration(forValue: value) else {
            throw reader.error(
                .typeMismatch, expected: "a java.util.Comparator (an object of a comparator class)",
                found: ValueConversion.describeType(of: value))
        }
        let name = (value as? DynamicObject)?.javaClass ?? registration.javaNameOfValue?(value) ?? registration.javaName
        return .unordered(JavaUnorderedComparator(value: value, className: name))
    }
}

/// A Java comparator object whose order this program does not know (``JavaComparator/unordered(_:)``):
/// the object as it was read, written back as it was.
public struct JavaUnorderedComparator: @unchecked Sendable {
    /// The object (a ``DynamicObject`` of a comparator class a schema declares, for one). Held,
    /// not changed: `@unchecked Sendable` as the values the dynamic path reads.
    public let value: Any
    /// Its Java class.
    public let className: String

    /// A comparator object `value` of the Java class `className`.
    public init(value: Any, className: String) {
        self.value = value
        self.className = className
    }
}

/// A collection whose order is a ``JavaComparator`` (`TreeMap`, `TreeSet`, `PriorityQueue`): a
/// form that keeps only its entries (a readable document's plain object or list) loses the
/// order unless it is natural.
package protocol JavaComparatorOrdered {
    /// The collection's order.
    var comparator: JavaComparator { get }
    /// What the order compares: the elements, or a map's keys.
    var orderedKeys: [Any?] { get }
    /// The same contents in `order`, kept as Java keeps them when it adds them one by one (a
    /// priority queue's heap order, read back, is its order again).
    func ordered(by order: JavaComparator) -> Any
    /// A collection of this type in `order` holding `contents` (a list of elements, or a map's
    /// entries or a list of key-value pairs, in the order a document gives them), kept in that order where `order` cannot
    /// sort (``JavaComparator/unordered(_:)``); `nil` when `contents` is no such form.
    static func make(keeping contents: Any, in order: JavaComparator) throws -> Any?
}

extension JavaComparatorOrdered {
    /// Throws when Java could not hold the contents in the collection's order
    /// (``JavaNaturalOrder/problem(with:comparator:)``): Java would fail to read them.
    package func checkJavaOrder() throws {
        if let problem = JavaNaturalOrder.problem(with: orderedKeys, comparator: comparator) {
            throw SerializationError(
                .invalidValue, expected: "elements or keys Java's natural order compares (one JDK class, no null)",
                found: problem)
        }
    }

    /// How a document or an archive gives such a collection sorted by a comparator whose order
    /// Swift cannot know: its plain form in the order Java wrote it, each element, key and value
    /// of the class the slot's generic `arguments` declare (`TreeMap<String, Integer>`); `nil`
    /// (untyped) without them.
    package static func plainFormInOrder(_ arguments: [DeclaredType]) -> DeclaredType? {
        guard !arguments.isEmpty else { return nil }
        let plainType: any Any.Type =
            Self.self is any AnyEntriesExposing.Type ? OrderedDictionary<AnyHashable, Any?>.self : [Any?].self
        return DeclaredType(plainType, finality: .nonFinal, genericArguments: arguments)
    }
}

/// A Java `Comparator` class other than `Collections.reverseOrder()`: register the conforming type
/// under the Java class name (with a serializer for its fields, or none for a stateless one) so
/// that a `TreeMap` sorted by it reads.
///
/// ```swift
/// struct ByLength: JavaKeyComparator, JavaRepresentable {
///     static let javaClassName = "com.example.ByLength"
///     static var defaultSerializer: AnySerializer { … }
///     func areInIncreasingOrder(_ lhs: Any, _ rhs: Any) -> Bool { … }
/// }
/// ```
public protocol JavaKeyComparator: Sendable {
    /// Whether `lhs` sorts before `rhs`, as the Java comparator's `compare(lhs, rhs) < 0`.
    func areInIncreasingOrder(_ lhs: Any, _ rhs: Any) -> Bool
}

/// `java.util.Collections$ReverseComparator`, a class without fields. `Collections.reverseOrder()`
/// is one instance, which Java with references on writes once and refers back to: so is this.
final class JavaReverseComparator: JavaRepresentable, Sendable {
    /// Java's `Collections.reverseOrder()`.
    static let shared = JavaReverseComparator()
    private init() {}
    static var javaClassName: String { "java.util.Collections$ReverseComparator" }
    static var defaultSerializer: AnySerializer { AnySerializer(NoBodySerializer { JavaReverseComparator.shared }) }
}

/// Java's natural order (`Comparable.compareTo`) on Swift values.
public enum JavaNaturalOrder {
    /// Whether `lhs` sorts before `rhs` as Java's `lhs.compareTo(rhs) < 0` would say: strings by
    /// UTF-16 code units, floating point by `Double.compare` (-0.0 before 0.0, NaN last), Java
    /// enums (Swift's and the dynamic path's) by ordinal, `false` before `true`, other
    /// `Comparable` values by `<`. Values that Java could not compare (different types) sort by
    /// type name, so that a map still has one order.
    public static func areInIncreasingOrder(_ lhs: Any, _ rhs: Any) -> Bool {
        let left = text(of: ValueConversion.flatten(lhs))
        let right = text(of: ValueConversion.flatten(rhs))
        guard let left, let right else { return left == nil && right != nil }
        if let result = compare(left, right) { return result < 0 }
        return String(reflecting: type(of: left)) < String(reflecting: type(of: right))
    }

    /// A ``SharedString``'s text (a Java String compares by its text), a ``SharedValue``'s
    /// value, else `value`.
    private static func text(of value: Any?) -> Any? {
        if let shared = value as? SharedValue { return shared.value }
        guard let shared = value as? SharedString else { return value }
        return shared.value
    }

    /// `lhs.compareTo(rhs)`'s sign, or nil when the two cannot be compared.
    static func compare(_ lhs: Any, _ rhs: Any) -> Int? {
        switch (lhs, rhs) {
        case (let l as String, let r as String):
            return l.utf16.lexicographicallyPrecedes(r.utf16) ? -1 : (l.utf16.elementsEqual(r.utf16) ? 0 : 1)
        case (let l as Double, let r as Double): return javaCompare(l, r)
        case (let l as Float, let r as Float): return javaCompare(Double(l), Double(r))
        case (let l as Bool, let r as Bool): return l == r ? 0 : (l ? 1 : -1)
        case (let l as DynamicEnum, let r as DynamicEnum) where l.javaClass == r.javaClass:
            return l.ordinal < r.ordinal ? -1 : (l.ordinal == r.ordinal ? 0 : 1)
        case (let l as JavaInstant, let r as JavaInstant): return order((l.seconds, l.nanos), (r.seconds, r.nanos))
        case (let l as JavaLocalDate, let r as JavaLocalDate): return order(l, r)
        case (let l as JavaLocalTime, let r as JavaLocalTime): return order(l, r)
        case (let l as JavaLocalDateTime, let r as JavaLocalDateTime):
            let date = order(l.date, r.date)
            return date != 0 ? date : order(l.time, r.time)
        case (let l as JavaBigInteger, let r as JavaBigInteger): return compareIntegers(l, r)
        case (let l as JavaBigDecimal, let r as JavaBigDecimal): return compareDecimals(l, r)
        default: break
        }
        if let enumType = type(of: lhs) as? any JavaEnum.Type, type(of: rhs) == enumType {
            func ordinals<E: JavaEnum>(_: E.Type) -> Int? {
                guard let l = lhs as? E, let r = rhs as? E else { return nil }
                let table = JavaEnumOrdinals<E>()
                return table.ordinal(of: l) - table.ordinal(of: r)
            }
            return ordinals(enumType)
        }
        guard let comparable = lhs as? any Comparable else { return nil }
        func opened<C: Comparable>(_ l: C) -> Int? {
            guard let r = rhs as? C else { return nil }
            return l < r ? -1 : (r < l ? 1 : 0)
        }
        return opened(comparable)
    }

    private static func order<A: Comparable, B: Comparable>(_ lhs: (A, B), _ rhs: (A, B)) -> Int {
        lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
    }

    /// `LocalDate.compareTo`: year, month, day.
    private static func order(_ lhs: JavaLocalDate, _ rhs: JavaLocalDate) -> Int {
        let l = (lhs.year, lhs.month, lhs.day)
        let r = (rhs.year, rhs.month, rhs.day)
        return l < r ? -1 : (r < l ? 1 : 0)
    }

    /// `LocalTime.compareTo`: hour, minute, second, nanosecond.
    private static func order(_ lhs: JavaLocalTime, _ rhs: JavaLocalTime) -> Int {
        let l = (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond)
        let r = (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
        return l < r ? -1 : (r < l ? 1 : 0)
    }

    /// `BigInteger.compareTo`: two's complement numbers of one length compare as their bytes
    /// once the sign bit is flipped.
    static func compareIntegers(_ lhs: JavaBigInteger, _ rhs: JavaBigInteger) -> Int {
        let length = max(lhs.twosComplementBytes.count, rhs.twosComplementBytes.count)
        func extended(_ value: JavaBigInteger) -> [UInt8] {
            var bytes = [UInt8](
                repeating: value.isNegative ? 0xFF : 0, count: length - value.twosComplementBytes.count)
            bytes += value.twosComplementBytes
            bytes[0] ^= 0x80
            return bytes
        }
        let l = extended(lhs)
        let r = extended(rhs)
        return l.lexicographicallyPrecedes(r) ? -1 : (l == r ? 0 : 1)
    }

    /// `BigDecimal.compareTo`: by value, whatever the scales (`1.0` and `1.00` are equal).
    static func compareDecimals(_ lhs: JavaBigDecimal, _ rhs: JavaBigDecimal) -> Int {
        if let l = lhs.decimalValue, let r = rhs.decimalValue { return l < r ? -1 : (r < l ? 1 : 0) }
        // Beyond `Decimal`: the sign, then the digits aligned on the decimal point.
        func signum(_ value: JavaBigInteger) -> Int {
            value.isNegative ? -1 : (value.twosComplementBytes.allSatisfy { $0 == 0 } ? 0 : 1)
        }
        let signs = (signum(lhs.unscaledValue), signum(rhs.unscaledValue))
        if signs.0 != signs.1 { return signs.0 < signs.1 ? -1 : 1 }
        if signs.0 == 0 { return 0 }
        let magnitude = compareMagnitudes(lhs, rhs)
        return signs.0 < 0 ? -magnitude : magnitude
    }

    /// The magnitudes compared by their decimal exponents, then their digits: no text longer
    /// than the digits is made, whatever the scales (a scale of -2³¹ would make 2³¹ zeros).
    private static func compareMagnitudes(_ lhs: JavaBigDecimal, _ rhs: JavaBigDecimal) -> Int {
        func digits(_ value: JavaBigDecimal) -> (digits: [UInt8], exponent: Int64) {
            var text = Array(value.unscaledValue.description.utf8)
            if text.first == UInt8(ascii: "-") { text.removeFirst() }
            while text.count > 1, text.first == UInt8(ascii: "0") { text.removeFirst() }
            while text.count > 1, text.last == UInt8(ascii: "0") { text.removeLast() }
            return (text, Int64(text.count) - Int64(value.scale))
        }
        let (l, le) = digits(lhs)
        let (r, re) = digits(rhs)
        if le != re { return le < re ? -1 : 1 }
        return l.lexicographicallyPrecedes(r) ? -1 : (l == r ? 0 : 1)
    }

    /// Java's `Double.compare`: by value, then -0.0 before 0.0 and NaN after everything.
    static func javaCompare(_ lhs: Double, _ rhs: Double) -> Int {
        if lhs < rhs { return -1 }
        if lhs > rhs { return 1 }
        let l = lhs.isNaN ? Int64(0x7FF8_0000_0000_0000) : Int64(bitPattern: lhs.bitPattern)
        let r = rhs.isNaN ? Int64(0x7FF8_0000_0000_0000) : Int64(bitPattern: rhs.bitPattern)
        return l < r ? -1 : (l > r ? 1 : 0)
    }
}

/// A `java.util.TreeMap`: a dictionary whose keys stay sorted by a ``JavaComparator``.
///
/// Iteration (and the wire) follows the sort order. Kryo 2.20 writes the comparator before the
/// entries; `Collections.reverseOrder()` is supported both ways, but Java 2.20 on Java 9 and later
/// cannot itself create a `Collections$ReverseComparator` when reading, unless the Java side
/// registers a serializer for that class (Docs/TypeMapping.md).
public struct JavaTreeMap<Key: Hashable, Value>: RandomAccessCollection {
    /// The order of the keys.
    public let comparator: JavaComparator
    private var storage: OrderedDictionary<Key, Value>

    /// Creates an empty map with the given order.
    public init(comparator: JavaComparator = .natural) {
        self.comparator = comparator
        storage = [:]
    }

    /// Creates a map of the given entries (a later duplicate key replaces the value).
    public init<S: Sequence>(_ entries: S, comparator: JavaComparator = .natural)
    where S.Element == (key: Key, value: Value) {
        self.init(comparator: comparator)
        for (key, value) in entries { storage[key] = value }
        sortStorage()
    }

    private mutating func sortStorage() {
        let order = comparator
        let sorted = zip(storage.keys, storage.keys.dropFirst()).allSatisfy {
            !order.areInIncreasingOrder($1, $0)
        }
        if !sorted { storage.sort { order.areInIncreasingOrder($0.key, $1.key) } }
    }

    /// The value for `key`; setting one inserts the key at its sorted place, setting nil removes it.
    public subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            guard let newValue else {
                storage.removeValue(forKey: key)
                return
            }
            if storage[key] != nil {
                storage[key] = newValue
                return
            }
            let keys = storage.keys
            var low = 0
            var high = keys.count
            if !comparator.isKnown { low = high }
            while low < high {
                let middle = (low + high) / 2
                if comparator.areInIncreasingOrder(keys[middle], key) { low = middle + 1 } else { high = middle }
            }
            storage.updateValue(newValue, forKey: key, insertingAt: low)
        }
    }

    /// The keys in sort order.
    public var keys: [Key] { Array(storage.keys) }
    /// The values in the sort order of their keys.
    public var values: [Value] { Array(storage.values) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public subscript(position: Int) -> (key: Key, value: Value) { storage.elements[position] }
}

extension JavaTreeMap: ExpressibleByDictionaryLiteral {
    /// A map in natural order.
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JavaTreeMap: Equatable where Value: Equatable {
    public static func == (lhs: JavaTreeMap, rhs: JavaTreeMap) -> Bool {
        lhs.comparator == rhs.comparator && lhs.storage == rhs.storage
    }
}

extension JavaTreeMap: Sendable where Key: Sendable, Value: Sendable {}

extension JavaTreeMap: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.TreeMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(TreeMapSerializer<Key, Value>()) }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Key.self, Value.self] }
}

extension JavaTreeMap: AnyEntriesExposing, AnyEntriesConstructible {
    package var anyEntries: [(key: Any, value: Any?)] { map { (key: $0.key as Any, value: $0.value as Any?) } }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> JavaTreeMap<Key, Value> {
        JavaTreeMap(try convertedMapEntries(entries, to: Key.self, Value.self))
    }
}

/// Java's `TreeMapSerializer`: the comparator through `writeClassAndObject` with references
/// turned off (`00` for natural order), then the map body (size, key and value alternately).
public struct TreeMapSerializer<Key: Hashable, Value>: Serializer {
    let entries = MapEntries<Key, Value>()

    /// Creates the serializer.
    public init() {}

    /// Kryo 5's map serializers write nil themselves.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }
    public func writeNil(to writer: any ValueWriter) throws { try MapEntries<Key, Value>.writeNil(to: writer) }

    public func write(_ value: JavaTreeMap<Key, Value>, to writer: any ValueWriter) throws {
        try value.checkJavaOrder()
        let slots = entries.slots(writer.genericArguments, writer.kryoWireVersion, writer.slotBindings, writer.registry)
        let writeComparator = { try writer.writeObject(value.comparator.javaValue, forKey: "comparator") }
        switch writer.kryoWireVersion {
        case .kryo5?:
            // Kryo 5: the size, then the comparator as the map's header.
            return try entries.write(value, count: value.count, slots: slots, to: writer, header: writeComparator)
        case .kryo4?:
            try writeComparator()
        default:
            try writer.withoutReferences(writeComparator)
        }
        try entries.write(value, count: value.count, slots: slots, to: writer)
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaTreeMap<Key, Value>? {
        let slots = entries.slots(reader.genericArguments, reader.kryoWireVersion, reader.slotBindings, reader.registry)
        let readComparator = { try JavaComparator.from(reader.readObject(forKey: "comparator"), reader) }
        var comparator = JavaComparator.natural
        switch reader.kryoWireVersion {
        case .kryo5?:
            break
        case .kryo4?:
            comparator = try readComparator()
        default:
            // Kryo 2.20 reads the comparator before the map is numbered, references off: it takes no id.
            comparator = try reader.withoutReferences(readComparator)
        }
        var pairs: [(key: Key, value: Value)] = []
        let isMap = try entries.read(
            slots: slots, from: reader,
            header: { if reader.kryoWireVersion == .kryo5 { comparator = try readComparator() } },
            { key, value in pairs.append((key, value)) })
        guard isMap else { return nil }
        return JavaTreeMap(pairs, comparator: comparator)
    }

    public func read(from reader: any ValueReader) throws -> JavaTreeMap<Key, Value> {
        guard let map = try readNilable(from: reader) else { throw MapEntries<Key, Value>.nilMap(reader) }
        return map
    }
}

/// A `java.util.TreeSet`: a set whose elements stay sorted by a ``JavaComparator``.
///
/// Kryo 2.20 has no `TreeSet` serializer: it writes a `TreeSet` as any collection (size, then the
/// elements in the set's order) without its comparator, and reads one back in natural order. So
/// Swift writes the elements in ``comparator`` order (the bytes Java writes for the same set) and
/// reads every `TreeSet` in natural order, as Java does.
public struct JavaTreeSet<Element: Hashable>: RandomAccessCollection {
    /// The order of the elements.
    public let comparator: JavaComparator
    private var storage: OrderedSet<Element>

    /// Creates a set of the given elements in the given order.
    public init<S: Sequence>(_ elements: S, comparator: JavaComparator = .natural) where S.Element == Element {
        self.comparator = comparator
        storage = OrderedSet(elements)
        let order = comparator
        let sorted = zip(storage, storage.dropFirst()).allSatisfy { !order.areInIncreasingOrder($1, $0) }
        if !sorted { storage.sort { order.areInIncreasingOrder($0, $1) } }
    }

    /// Adds an element at its sorted place; returns whether it was new.
    @discardableResult
    public mutating func insert(_ element: Element) -> Bool {
        guard !storage.contains(element) else { return false }
        var low = 0
        var high = storage.count
        if !comparator.isKnown { low = high }
        while low < high {
            let middle = (low + high) / 2
            if comparator.areInIncreasingOrder(storage[middle], element) { low = middle + 1 } else { high = middle }
        }
        storage.insert(element, at: low)
        return true
    }

    /// Removes an element; returns it when it was there.
    @discardableResult
    public mutating func remove(_ element: Element) -> Element? { storage.remove(element) }

    /// Whether the set holds `element`.
    public func contains(_ element: Element) -> Bool { storage.contains(element) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public subscript(position: Int) -> Element { storage[position] }
}

extension JavaTreeSet: ExpressibleByArrayLiteral {
    /// A set in natural order.
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension JavaTreeSet: Equatable {
    public static func == (lhs: JavaTreeSet, rhs: JavaTreeSet) -> Bool {
        lhs.comparator == rhs.comparator && lhs.storage == rhs.storage
    }
}

extension JavaTreeSet: Sendable where Element: Sendable {}

extension JavaTreeSet: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.TreeSet" }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(CollectionSerializer<JavaTreeSet<Element>, Element>())
    }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Element.self] }
}

extension JavaTreeSet: ElementsConstructible {
    /// The elements Java 2.20 wrote, in natural order (its reader drops the comparator too).
    public init(javaElements: [Element]) { self.init(javaElements) }

    /// The elements and comparator Kryo 4 or 5 wrote.
    public init(javaElements: [Element], header: Any?) {
        self.init(javaElements, comparator: (header as? JavaComparator) ?? .natural)
    }

    /// Kryo 4 and 5 write the comparator first (`writeClassAndObject`; nil for natural order).
    public func writeJavaHeader(to writer: any ValueWriter) throws {
        try writer.writeObject(comparator.javaValue, forKey: "comparator")
    }

    public static func readJavaHeader(from reader: any ValueReader) throws -> Any? {
        try JavaComparator.from(reader.readObject(forKey: "comparator"), reader)
    }
}

extension JavaTreeSet: AnyElementsExposing, AnyElementsConstructible {
    package var anyElements: [Any?] { map { $0 } }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaTreeSet<Element> {
        JavaTreeSet(try convertedSetElements(elements, to: Element.self))
    }
}

extension JavaNaturalOrder {
    /// What Java's natural order (`compareTo`) refuses among `keys`, the elements of a sorted set
    /// or priority queue or the keys of a sorted map in `comparator`'s order: a `null`
    /// (`NullPointerException`), or values of two JDK classes, which `compareTo` cannot compare
    /// (`ClassCastException`: a `String` beside a `Long`, an `Integer` beside a `Long`). `nil`
    /// when there is none, and for any other comparator, whose classes Swift does not know.
    package static func problem(with keys: some Sequence<Any?>, comparator: JavaComparator) -> String? {
        guard comparator == .natural else { return nil }
        var first: (javaClass: String, index: Int)?
        for (index, key) in keys.enumerated() {
            guard let value = text(of: ValueConversion.flatten(key)) else {
                return "null at index \(index) (Java's natural order cannot compare null)"
            }
            guard let javaClass = jdkClass(of: value) else { continue }
            guard let known = first else {
                first = (javaClass, index)
                continue
            }
            if known.javaClass != javaClass {
                return "a \(javaClass) at index \(index) beside a \(known.javaClass) at index \(known.index) "
                    + "(Java's natural order cannot compare them)"
            }
        }
        return nil
    }

    /// The JDK class of a value whose natural order Java defines only against its own class.
    private static func jdkClass(of value: Any) -> String? {
        switch value {
        case is String: "java.lang.String"
        case is Int32: "java.lang.Integer"
        case is Int64, is Int: "java.lang.Long"
        case is Int16: "java.lang.Short"
        case is Int8: "java.lang.Byte"
        case is UInt16: "java.lang.Character"
        case is Double: "java.lang.Double"
        case is Float: "java.lang.Float"
        case is Bool: "java.lang.Boolean"
        case is JavaBigDecimal: "java.math.BigDecimal"
        case is JavaBigInteger: "java.math.BigInteger"
        case let constant as DynamicEnum: constant.javaClass
        default: nil
        }
    }
}

/// Which types are ``JavaComparatorOrdered``, found once per type: a cast of every collection a
/// writer meets to the protocol would cost hundreds of instructions each.
package enum ComparatorOrderedTypes {
    private static let known = Mutex<[ObjectIdentifier: Bool]>([:])

    /// Whether values of `type` are sorted by a comparator.
    package static func contains(_ type: any Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let found = known.withLock({ $0[key] }) { return found }
        let ordered = type is any JavaComparatorOrdered.Type
        known.withLock { $0[key] = ordered }
        return ordered
    }
}

extension JavaTreeMap: JavaComparatorOrdered {
    package var orderedKeys: [Any?] { map { $0.key } }
    package func ordered(by order: JavaComparator) -> Any { JavaTreeMap(map { ($0.key, $0.value) }, comparator: order) }
    package static func make(keeping contents: Any, in order: JavaComparator) throws -> Any? {
        guard let entries = entriesOf(contents) else { return nil }
        return JavaTreeMap(try typedEntries(entries, Key.self, Value.self), comparator: order)
    }
}
extension JavaTreeSet: JavaComparatorOrdered {
    package var orderedKeys: [Any?] { map { $0 } }
    package func ordered(by order: JavaComparator) -> Any { JavaTreeSet(Array(self), comparator: order) }
    package static func make(keeping contents: Any, in order: JavaComparator) throws -> Any? {
        guard let elements = contents as? [Any?] ?? (contents as? any AnyElementsExposing)?.anyElements else {
            return nil
        }
        return JavaTreeSet(try elements.map { try convertElement($0, to: Element.self) }, comparator: order)
    }
}
extension JavaPriorityQueue: JavaComparatorOrdered {
    package var orderedKeys: [Any?] { heapOrder.map { $0 } }
    package func ordered(by order: JavaComparator) -> Any { JavaPriorityQueue(heapOrder, comparator: order) }
    package static func make(keeping contents: Any, in order: JavaComparator) throws -> Any? {
        guard let elements = contents as? [Any?] ?? (contents as? any AnyElementsExposing)?.anyElements else {
            return nil
        }
        return JavaPriorityQueue(try elements.map { try convertElement($0, to: Element.self) }, comparator: order)
    }
}

/// The entries `contents` holds: a list of key-value pairs, or a map's entries.
func entriesOf(_ contents: Any) -> [(key: Any, value: Any?)]? {
    contents as? [(key: Any, value: Any?)] ?? (contents as? any AnyEntriesExposing)?.anyEntries
}

/// `entries` with their keys and values converted to `Key` and `Value`.
func typedEntries<Key, Value>(_ entries: [(key: Any, value: Any?)], _: Key.Type, _: Value.Type) throws
    -> [(key: Key, value: Value)]
{
    try entries.map {
        (key: try convertElement($0.key, to: Key.self), value: try convertElement($0.value, to: Value.self))
    }
}
