import OrderedCollections

/// The keys and values of a property-list dictionary, in the order they were read or inserted.
public typealias PropertyListDictionary = OrderedDictionary<String, PropertyListValue>

/// One value of a property list: what Apple's binary (`bplist00`) and XML plist formats can hold,
/// including the `UID` type keyed archives use for references.
///
/// Dictionaries keep their key order, so that writing a value read from a file writes its keys
/// in the same order. Dates are seconds since 2001-01-01 00:00:00 UTC, as plists store them.
public enum PropertyListValue: Sendable, Hashable {
    /// A string (`<string>`; ASCII or UTF-16 in binary plists).
    case string(String)
    /// A signed integer (`<integer>`).
    case integer(Int64)
    /// An integer above `Int64.max` (binary plists store it in 16 bytes; XML as digits).
    case unsignedInteger(UInt64)
    /// A floating-point number (`<real>`; an 8-byte real in binary plists, and every real of an
    /// XML plist).
    case real(Double)
    /// A 4-byte real of a binary plist (marker `0x22`), what `NSKeyedArchiver` writes for
    /// `encodeFloat(_:forKey:)` and a `Float` `NSNumber`: kept apart from ``real(_:)`` so that
    /// such a value is written back 4 bytes wide. An XML plist writes it as a `<real>` of its
    /// `Double` value; ``doubleValue`` reads either.
    case float(Float)
    /// A boolean (`<true/>`, `<false/>`).
    case bool(Bool)
    /// A date, in seconds since 2001-01-01 00:00:00 UTC (`<date>`).
    case date(Double)
    /// Raw bytes (`<data>`, base64 in XML).
    case data([UInt8])
    /// An ordered list (`<array>`).
    case array([PropertyListValue])
    /// A dictionary with string keys (`<dict>`).
    case dictionary(PropertyListDictionary)
    /// A keyed archive's reference to an entry of its `$objects` (binary plist type `0x8`; in XML a
    /// one-entry dictionary `{"CF$UID": n}`).
    case uid(UInt64)
}

extension PropertyListValue {
    /// The number of a ``real(_:)`` or a ``float(_:)`` as a `Double`; `nil` for any other value.
    public var doubleValue: Double? {
        switch self {
        case .real(let number): number
        case .float(let number): Double(number)
        default: nil
        }
    }
}

/// The two byte layouts of a property list.
public enum PropertyListFormat: Sendable, Equatable {
    /// Apple's binary property list, `bplist00`.
    case binary
    /// Apple's XML property list, `<plist version="1.0">`.
    case xml
}
