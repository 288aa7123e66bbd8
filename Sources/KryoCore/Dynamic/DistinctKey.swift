/// A key of an untyped map, or an element of an untyped set, that is equal in Swift to another
/// key of the same map but not in Java.
///
/// Java's `Integer 1`, `Long 1`, `Short 1` and `Double 1.0` are four keys of one `HashMap`;
/// Swift's `AnyHashable` calls `Int32(1)`, `Int64(1)`, `Int16(1)` and `Double(1)` equal, so a
/// dictionary would keep one of them. Likewise Java's `"\u00e9"` and `"e\u0301"` are two keys,
/// which Swift's `String` calls equal (canonical equivalence). Readers of untyped maps and sets
/// keep the first key as it is and wrap each later key that `AnyHashable` merges with another in
/// a `DistinctKey`, which is equal only to a key of the same type (and for strings, of the same
/// Unicode scalars). Every writer writes it as the value it holds
/// (``ValueConversion/flatten(_:)`` unwraps it), so the map keeps all its entries and converts
/// back to the same bytes.
public struct DistinctKey: Hashable, CustomStringConvertible {
    /// The key, with its own type.
    public let key: AnyHashable

    /// Wraps `key` so that it equals only keys of its own type.
    public init(_ key: AnyHashable) { self.key = key }

    public static func == (lhs: DistinctKey, rhs: DistinctKey) -> Bool {
        guard lhs.keyType == rhs.keyType else { return false }
        if let left = lhs.key.base as? String, let right = rhs.key.base as? String {
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        }
        return lhs.key == rhs.key
    }

    public func hash(into hasher: inout Hasher) {
        if let string = key.base as? String {
            for scalar in string.unicodeScalars { hasher.combine(scalar.value) }
        } else {
            hasher.combine(key)
        }
        hasher.combine(keyType)
    }

    public var description: String { "\(key.base)" }

    private var keyType: ObjectIdentifier { ObjectIdentifier(type(of: key.base)) }

    /// `keys`, with each key that `AnyHashable` finds equal to an earlier key of another type
    /// wrapped in a `DistinctKey`; `keys` itself when there is none (the common case: one type of
    /// key, or no equal keys). Two equal keys of one type are left for the map to merge, as
    /// Java's would.
    @usableFromInline
    package static func keptApart(_ keys: [AnyHashable]) -> [AnyHashable] {
        guard let first = keys.first else { return keys }
        let firstType = ObjectIdentifier(type(of: first.base))
        let oneType = !keys.contains { ObjectIdentifier(type(of: $0.base)) != firstType }
        // Two strings Swift calls equal differ in their scalars; at least one is not ASCII.
        guard !oneType || (first.base is String && keys.contains { !isASCII($0) }) else { return keys }
        var seen = Set<AnyHashable>(minimumCapacity: keys.count)
        var result = keys
        for (index, key) in keys.enumerated() {
            let (inserted, member) = seen.insert(key)
            guard !inserted, !isSameInJava(member, key) else { continue }
            let distinct = AnyHashable(DistinctKey(key))
            seen.insert(distinct)
            result[index] = distinct
        }
        return result
    }

    /// Whether `key` is a string of ASCII characters only (or no string).
    private static func isASCII(_ key: AnyHashable) -> Bool {
        guard let string = key.base as? String else { return true }
        return string.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether two keys `AnyHashable` calls equal are one key in Java too: of one type, and
    /// for strings, of the same scalars.
    private static func isSameInJava(_ one: AnyHashable, _ other: AnyHashable) -> Bool {
        guard type(of: one.base) == type(of: other.base) else { return false }
        guard let left = one.base as? String, let right = other.base as? String else { return true }
        return left.unicodeScalars.elementsEqual(right.unicodeScalars)
    }

    /// ``keptApart(_:)`` for the elements of a set read by a generic serializer: `elements` as
    /// they are unless `Element` is `AnyHashable`.
    @inlinable
    package static func keptApart<Element>(_ elements: [Element]) -> [Element] {
        guard Element.self == AnyHashable.self else { return elements }
        let keys: [AnyHashable] = unsafeBitCast(elements, to: [AnyHashable].self)
        return unsafeBitCast(keptApart(keys), to: [Element].self)
    }
}
