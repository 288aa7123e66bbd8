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
    /// A floating-point number (`<real>`; 4- or 8-byte in binary plists, always read as a `Double`).
    case real(Double)
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

/// The two byte layouts of a property list.
public enum PropertyListFormat: Sendable, Equatable {
    /// Apple's binary property list, `bplist00`.
    case binary
    /// Apple's XML property list, `<plist version="1.0">`.
    case xml
}
