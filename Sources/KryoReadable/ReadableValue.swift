import KryoPlist
import OrderedCollections

/// The keys and values of a readable document's dictionary, in the order they were read or written.
public typealias ReadableDictionary = OrderedDictionary<String, ReadableValue>

/// One node of a readable document: what JSON and property lists hold between them.
///
/// JSON has no data or dates and property lists have no null, so each layout writes the missing
/// kinds in HRCoder's dictionary forms (see ``ReadableJSON`` and ``ReadableValue/propertyListValue(layout:)``);
/// a reader of the readable format turns those dictionaries back into values.
public enum ReadableValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in 64 signed bits.
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A floating-point number (JSON numbers with a fraction or an exponent).
    case real(Double)
    /// A string.
    case string(String)
    /// Raw bytes (a plist `<data>`; in JSON `{"$class": "NSData", "$data": "<base64>"}`).
    case data([UInt8])
    /// A date in seconds since 2001-01-01 00:00:00 UTC (a plist `<date>`; in JSON
    /// `{"$class": "NSDate", "NS.time": seconds}`).
    case date(Double)
    /// An ordered list.
    case array([ReadableValue])
    /// A dictionary with string keys, in order.
    case dictionary(ReadableDictionary)
}

extension ReadableValue {
    /// Whether the node is a number or a boolean.
    var isNumberOrBoolean: Bool {
        switch self {
        case .bool, .integer, .unsignedInteger, .real: true
        default: false
        }
    }
}
