import FoundationEssentials
import OrderedCollections

/// The stable order in which writers put the elements of unordered collections (Swift's
/// `Dictionary` and `Set`, Foundation's `NSDictionary` and `NSSet`) when a call asks for it
/// (``SerializationOptions/stableOrder``).
///
/// Swift seeds its hashing per process, so a `Dictionary` iterates in another order in every run;
/// sorted, the same collection gives the same bytes in every process. The order:
///
/// - Keys (or elements) of one `Comparable` type: by `<`. `String` is Swift's order, by Unicode
///   scalar value of the canonical (NFC) form, which for ASCII and NFC text is byte order of UTF-8;
///   `Float` and `Double` by value, NaNs last (by bit pattern); other types as their `<` says, and
///   elements that their `<` leaves unordered though they are distinct, by their description.
/// - Keys of mixed or non-`Comparable` types (`AnyHashable`, `Any`, `Optional`, `Bool`): by kind,
///   then within a kind:
///   1. `nil`;
///   2. `Bool`, `false` first;
///   3. numbers (Swift's integers up to 64 bits, `Float`, `Double`), by value across types (an
///      `Int32` 2 before an `Int64` 3, a `Double` 2.5 between them), NaNs last; equal values of
///      different types by the type's name;
///   4. strings (`String`, ``SharedString``) by Swift's `<`, as above; equal text by the type's name;
///   5. anything else by its type's qualified name (`Foundation.Date` before `MyApp.Point`), then
///      within one type: a Java enum by ordinal, a `Comparable` type by `<`, else by description
///      (`String(describing:)`).
///
/// The only ties are values that this order cannot tell apart at all — two NaNs of the same bit
/// pattern, or two instances of a type without an order or description of its own — and those
/// keep their iteration order among themselves.
@usableFromInline
package enum StableOrder {
    /// Whether `type` iterates in hash order (Swift's `Set` and `Dictionary`), so that a stable
    /// order has to sort it.
    @usableFromInline
    package static func isUnordered(_ type: Any.Type) -> Bool { type is any HashOrdered.Type }

    /// Whether `writer` sorts the `OrderedDictionary<AnyHashable, Any?>` and `OrderedSet<AnyHashable>`
    /// values that stand for Java's `HashMap` and `HashSet` in a dynamic registry
    /// (``Registry/untypedMapKeepsOrder``): only when the call sets
    /// ``SerializationOptions/stableOrder`` to `true` itself, since by default the dynamic path
    /// writes them back in the order the stream had them (a stream converts back byte for byte).
    @usableFromInline
    package static func sortsHashStandIns(_ writer: any ValueWriter, set: Bool = false) -> Bool {
        guard writer.options.stableOrder == true else { return false }
        return set ? writer.registry.untypedSetKeepsOrder : writer.registry.untypedMapKeepsOrder
    }

    /// Whether `type` is `OrderedSet<AnyHashable>`, which may stand for Java's `HashSet`
    /// (``sortsHashStandIns(_:set:)``).
    @usableFromInline
    package static func mayStandForHashSet(_ type: Any.Type) -> Bool { type == OrderedSet<AnyHashable>.self }

    /// For a `Dictionary` or `Set`: the positions of its entries (in iteration order) in the stable
    /// order, and whether it is a dictionary; `nil` for other values.
    package static func positions(ofUnordered value: Any) -> (positions: [Int], isMap: Bool)? {
        guard let unordered = value as? any HashOrdered else { return nil }
        return (unordered.stablePositions, unordered.isMap)
    }

    /// `elements` in the stable order.
    @usableFromInline
    package static func sorted<S: Sequence>(_ elements: S) -> [S.Element] {
        var items = Array(elements)
        sort(&items) { $0 }
        return items
    }

    /// `entries` in the stable order of their keys.
    @usableFromInline
    package static func sortedEntries<Key, Value>(_ entries: some Sequence<(key: Key, value: Value)>)
        -> [(key: Key, value: Value)]
    {
        var items = Array(entries)
        sort(&items) { $0.key }
        return items
    }

    /// The positions of `elements` (in their iteration order) in the stable order: element
    /// `result[0]` comes first.
    package static func positions<S: Sequence>(_ elements: S) -> [Int] {
        positions(Array(elements)) { $0 }
    }

    /// Sorts `items` by the stable order of `key(item)`.
    package static func sort<Item, Key>(_ items: inout [Item], by key: (Item) -> Key) {
        guard items.count > 1 else { return }
        let order = positions(items, key)
        let original = items
        for (index, position) in order.enumerated() { items[index] = original[position] }
    }

    /// The positions of `items` in the stable order of their keys. The keys are taken out once into
    /// an array of a concrete type where they have one (strings, integers, floating-point
    /// numbers), so that sorting compares them directly rather than through generic calls.
    private static func positions<Item, Key>(_ items: [Item], _ key: (Item) -> Key) -> [Int] {
        guard items.count > 1 else { return Array(items.indices) }
        if Key.self == String.self {
            return stringPositions(items.map { unsafeBitCast(key($0), to: String.self) })
        }
        if let integer = Key.self as? any FixedWidthInteger.Type,
            let positions = integerPositions(items, integer, key)
        {
            return positions
        }
        if let floating = Key.self as? any BinaryFloatingPoint.Type,
            let positions = floatingPositions(items, floating, key)
        {
            return positions
        }
        if let comparable = Key.self as? any Comparable.Type { return comparablePositions(items, comparable, key) }
        return mixedPositions(items, key)
    }

    /// The positions of `keys` sorted by `less`.
    private static func sortedPositions<K>(_ keys: [K], by less: (K, K) -> Bool) -> [Int] {
        var positions = Array(keys.indices)
        positions.sort { less(keys[$0], keys[$1]) }
        return positions
    }

    // The common key types sorted without a comparison closure, which the optimizer would not
    // inline: a fifth of the instructions.

    private static func stringPositions(_ keys: [String]) -> [Int] {
        var positions = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in positions.sort { keys[$0] < keys[$1] } }
        return positions
    }

    private static func signedPositions(_ keys: [Int64]) -> [Int] {
        var positions = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in positions.sort { keys[$0] < keys[$1] } }
        return positions
    }

    private static func unsignedPositions(_ keys: [UInt64]) -> [Int] {
        var positions = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in positions.sort { keys[$0] < keys[$1] } }
        return positions
    }

    private static func doublePositions(_ keys: [Double]) -> [Int] {
        var positions = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in positions.sort { floatingLess(keys[$0], keys[$1]) } }
        return positions
    }

    // MARK: Keys of one type

    private static func integerPositions<Item, Key, I: FixedWidthInteger>(
        _ items: [Item], _: I.Type, _ key: (Item) -> Key
    ) -> [Int]? {
        guard I.bitWidth <= 64 else { return nil }
        if I.isSigned {
            return signedPositions(items.map { Int64(truncatingIfNeeded: unsafeBitCast(key($0), to: I.self)) })
        }
        return unsignedPositions(items.map { UInt64(truncatingIfNeeded: unsafeBitCast(key($0), to: I.self)) })
    }

    /// Floating-point keys that a `Double` holds exactly (`Float`, `Double`), as `Double`s.
    private static func floatingPositions<Item, Key, F: BinaryFloatingPoint>(
        _ items: [Item], _: F.Type, _ key: (Item) -> Key
    ) -> [Int]? {
        guard F.significandBitCount <= Double.significandBitCount, F.exponentBitCount <= Double.exponentBitCount
        else { return nil }
        return doublePositions(items.map { Double(unsafeBitCast(key($0), to: F.self)) })
    }

    /// By value, NaNs last and among themselves by sign and payload.
    private static func floatingLess(_ lhs: Double, _ rhs: Double) -> Bool {
        switch (lhs.isNaN, rhs.isNaN) {
        case (false, false): return lhs < rhs
        case (false, true): return true
        case (true, false): return false
        case (true, true): return lhs.bitPattern < rhs.bitPattern
        }
    }

    private static func comparablePositions<Item, Key, C: Comparable>(
        _ items: [Item], _: C.Type, _ key: (Item) -> Key
    ) -> [Int] {
        let keys = items.map { unsafeBitCast(key($0), to: C.self) }
        var positions = sortedPositions(keys, by: <)
        // Other types than the standard library's may leave distinct values unordered (a `<` that
        // compares part of the value): such runs go by description.
        var start = 0
        for index in 1...positions.count {
            if index < positions.count, !(keys[positions[index - 1]] < keys[positions[index]]) { continue }
            if index - start > 1 {
                positions[start..<index].sort { String(describing: keys[$0]) < String(describing: keys[$1]) }
            }
            start = index
        }
        return positions
    }

    // MARK: Keys of mixed types

    private static func mixedPositions<Item, Key>(_ items: [Item], _ key: (Item) -> Key) -> [Int] {
        // Untyped maps from Java mostly have string keys only: sorted as strings.
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard let string = ValueConversion.flatten(key(item)) as? String else { break }
            strings.append(string)
        }
        if strings.count == items.count { return stringPositions(strings) }
        var typeNames: [ObjectIdentifier: String] = [:]
        let keys = items.map { MixedKey(key($0), typeNames: &typeNames) }
        return sortedPositions(keys) { $0.isOrdered(before: $1) }
    }
}

/// A key of the mixed order: its kind and what compares it within the kind.
private enum MixedKey {
    case null
    case bool(Bool)
    case number(MixedNumber, any Any.Type)
    case string(String, any Any.Type)
    case other(typeName: String, value: Any, description: String?)

    init(_ key: Any?, typeNames: inout [ObjectIdentifier: String]) {
        guard let value = ValueConversion.flatten(key) else {
            self = .null
            return
        }
        // A value the graph shares orders as its value.
        if let shared = value as? SharedValue {
            self.init(shared.value, typeNames: &typeNames)
            return
        }
        let type = Swift.type(of: value)
        if let string = value as? String {
            self = .string(string, type)
        } else if let flag = value as? Bool {
            self = .bool(flag)
        } else if let shared = value as? SharedString {
            self = .string(shared.value, type)
        } else if let number = MixedNumber(value) {
            self = .number(number, type)
        } else {
            let name: String
            if let known = typeNames[ObjectIdentifier(type)] {
                name = known
            } else {
                name = String(reflecting: type)
                typeNames[ObjectIdentifier(type)] = name
            }
            let isOrdered = value is any Comparable || value is any JavaEnum
            self = .other(typeName: name, value: value, description: isOrdered ? nil : String(describing: value))
        }
    }

    private var rank: Int {
        switch self {
        case .null: return 0
        case .bool: return 1
        case .number: return 2
        case .string: return 3
        case .other: return 4
        }
    }

    func isOrdered(before other: MixedKey) -> Bool {
        switch (self, other) {
        case (.bool(let lhs), .bool(let rhs)):
            return !lhs && rhs
        case (.number(let lhs, let lhsType), .number(let rhs, let rhsType)):
            let order = lhs.compare(rhs)
            return order != 0 ? order < 0 : String(reflecting: lhsType) < String(reflecting: rhsType)
        case (.string(let lhs, let lhsType), .string(let rhs, let rhsType)):
            if lhs != rhs { return lhs < rhs }
            return String(reflecting: lhsType) < String(reflecting: rhsType)
        case (.other(let lhsName, let lhs, let lhsText), .other(let rhsName, let rhs, let rhsText)):
            if lhsName != rhsName { return lhsName < rhsName }
            if let order = MixedKey.compareSameType(lhs, rhs), order != 0 { return order < 0 }
            return (lhsText ?? String(describing: lhs)) < (rhsText ?? String(describing: rhs))
        default:
            return rank < other.rank
        }
    }

    /// Two values of one type, by ordinal for a Java enum, by `<` for a `Comparable` type; `nil`
    /// for other types.
    private static func compareSameType(_ lhs: Any, _ rhs: Any) -> Int? {
        if let constant = lhs as? any JavaEnum { return compareConstants(constant, rhs) }
        if let comparable = lhs as? any Comparable { return compareComparable(comparable, rhs) }
        return nil
    }

    private static func compareConstants<E: JavaEnum>(_ lhs: E, _ rhs: Any) -> Int? {
        guard let rhs = rhs as? E, let left = E.allCases.firstIndex(of: lhs), let right = E.allCases.firstIndex(of: rhs)
        else { return nil }
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    private static func compareComparable<C: Comparable>(_ lhs: C, _ rhs: Any) -> Int? {
        guard let rhs = rhs as? C else { return nil }
        return lhs < rhs ? -1 : (rhs < lhs ? 1 : 0)
    }
}

/// A number of the mixed order, compared by value across types.
private enum MixedNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case real(Double)

    init?(_ value: Any) {
        switch value {
        case let number as Int: self = .signed(Int64(number))
        case let number as Int64: self = .signed(number)
        case let number as Int32: self = .signed(Int64(number))
        case let number as Int16: self = .signed(Int64(number))
        case let number as Int8: self = .signed(Int64(number))
        case let number as UInt: self = .unsigned(UInt64(number))
        case let number as UInt64: self = .unsigned(number)
        case let number as UInt32: self = .unsigned(UInt64(number))
        case let number as UInt16: self = .unsigned(UInt64(number))
        case let number as UInt8: self = .unsigned(UInt64(number))
        case let number as Double: self = .real(number)
        case let number as Float: self = .real(Double(number))
        default: return nil
        }
    }

    /// -1, 0 or 1 as `self` is less than, equal to or greater than `other` by value.
    func compare(_ other: MixedNumber) -> Int {
        switch (self, other) {
        case (.signed(let lhs), .signed(let rhs)): return Self.order(lhs, rhs)
        case (.unsigned(let lhs), .unsigned(let rhs)): return Self.order(lhs, rhs)
        case (.signed(let lhs), .unsigned(let rhs)): return lhs < 0 ? -1 : Self.order(UInt64(lhs), rhs)
        case (.unsigned, .signed): return -other.compare(self)
        case (.real(let lhs), .real(let rhs)):
            if lhs.isNaN || rhs.isNaN {
                guard lhs.isNaN, rhs.isNaN else { return lhs.isNaN ? 1 : -1 }
                return Self.order(lhs.bitPattern, rhs.bitPattern)
            }
            return Self.order(lhs, rhs)
        case (.signed(let lhs), .real(let rhs)): return Self.compare(lhs, rhs)
        case (.unsigned(let lhs), .real(let rhs)): return Self.compare(lhs, rhs)
        case (.real, .signed), (.real, .unsigned): return -other.compare(self)
        }
    }

    private static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> Int { lhs < rhs ? -1 : (lhs == rhs ? 0 : 1) }

    /// An integer against a double, exactly: the double nearest the integer first, then the
    /// integer against the double's own integer value when they round alike.
    private static func compare<I: FixedWidthInteger>(_ integer: I, _ real: Double) -> Int {
        guard !real.isNaN else { return -1 }
        let rounded = Double(integer)
        if rounded != real { return rounded < real ? -1 : 1 }
        // `real` is a whole number (it equals a rounded integer); beyond `I`'s range it is 2^63 or 2^64.
        guard let exact = I(exactly: real) else { return -1 }
        return order(integer, exact)
    }
}

/// Swift's collections that iterate in hash order, which changes from process to process.
private protocol HashOrdered {
    /// The positions of the entries (in iteration order) in the stable order.
    var stablePositions: [Int] { get }
    /// Whether the entries are key–value pairs, ordered by key.
    var isMap: Bool { get }
}

extension Set: HashOrdered {
    var stablePositions: [Int] { StableOrder.positions(self) }
    var isMap: Bool { false }
}

extension Dictionary: HashOrdered {
    var stablePositions: [Int] { StableOrder.positions(keys) }
    var isMap: Bool { true }
}
