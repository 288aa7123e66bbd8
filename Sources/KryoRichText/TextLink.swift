import FoundationEssentials
import KryoCore

/// The target of a link attribute: a URL, or a string (both platforms accept either).
///
/// In keyed archives the attribute's value is the `NSURL` or `NSString` itself.
public enum TextLink: Sendable, Hashable {
    /// A URL.
    case url(URL)
    /// A string, as some apps store links.
    case string(String)
}

/// Reads and writes ``TextLink`` where it is an object of its own (Kryo binary, readable
/// documents): `url` or `string`.
public struct TextLinkSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ link: TextLink, to writer: any ValueWriter) throws {
        switch link {
        case .url(let url):
            if writer.isPositional { try writer.writeBool(true, forKey: "isURL") }
            try writer.writeString(url.absoluteString, forKey: "url")
        case .string(let string):
            if writer.isPositional { try writer.writeBool(false, forKey: "isURL") }
            try writer.writeString(string, forKey: "string")
        }
    }

    public func read(from reader: any ValueReader) throws -> TextLink {
        if reader.formatFamily == .readable, reader.containsValue(forKey: "url"), reader.containsValue(forKey: "string")
        {
            throw reader.error(.invalidValue, expected: "a link's url or its string", found: "both")
        }
        try reader.refuseUnknownKeys(["url", "string"], in: "Link")
        let isURL = reader.isPositional ? try reader.readBool(forKey: "isURL") : reader.containsValue(forKey: "url")
        guard isURL else { return .string(try reader.readString(forKey: "string") ?? "") }
        let text = try reader.readString(forKey: "url") ?? ""
        guard let url = URLText.url(text) else {
            throw reader.error(.invalidValue, expected: URLText.expected, found: "\"\(text)\"")
        }
        return .url(url)
    }
}
