import KryoPlist

/// The layouts of a readable document.
///
/// All three hold the same tree: plain values as JSON or plist primitives, objects as
/// dictionaries with a `$class`, shared objects as `{"$alias": "key.path"}`. Reading detects the
/// layout from the bytes, whichever one a call names.
public enum ReadableFormat: Sendable, Equatable {
    /// JSON on one line, without spaces.
    case json
    /// JSON indented by two spaces, one value per line.
    case prettyJSON
    /// A property list, binary (`bplist00`) or XML, as HRCoder writes with its plist formats.
    case propertyList(PropertyListFormat)

    /// Whether the layout is JSON.
    var isJSON: Bool {
        switch self {
        case .json, .prettyJSON: return true
        case .propertyList: return false
        }
    }
}
