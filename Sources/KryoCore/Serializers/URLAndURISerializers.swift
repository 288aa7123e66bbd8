import FoundationEssentials

/// Java's `java.net.URL` as Foundation's `URL`: Kryo 4 and 5's `URLSerializer` writes
/// `toExternalForm()` as a string. Swift writes the absolute string (a relative URL is resolved
/// against its base). Kryo 2.20 has no `URL` serializer; Swift writes this form in every dialect.
///
/// Keyed archives and readable documents keep writing a `URL` as Apple's `NSURL` (base and
/// relative string); `java.net.URI` is ``JavaURI``.
public struct URLSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }

    public func write(_ value: URL, to writer: any ValueWriter) throws {
        // Java builds a `URL` from its text only with a scheme (`MalformedURLException: no
        // protocol`): a relative URL without a base cannot be one.
        guard value.scheme != nil || !writer.isPositional else {
            throw SerializationError(
                .invalidValue, expected: "an absolute URL with a scheme (a java.net.URL)",
                found: "\"\(value.absoluteString)\"")
        }
        try writer.writeString(value.absoluteString, forKey: "url")
    }

    public func read(from reader: any ValueReader) throws -> URL {
        guard let text = try reader.readString(forKey: "url") else {
            throw reader.error(.invalidValue, expected: "a URL string", found: "null")
        }
        guard let url = URL(string: text) else {
            throw reader.error(.invalidValue, expected: "a URL", found: "\"\(text)\"")
        }
        return url
    }
}

extension URL: JavaRepresentable {
    public static var javaClassName: String { "java.net.URL" }
    public static var defaultSerializer: AnySerializer { AnySerializer(URLSerializer()) }
}

/// `java.net.URI`: its text. No Kryo release has a default serializer for it: Java's
/// `FieldSerializer` writes its one non-transient field, `string` (a `String` field, so with a
/// reference marker when references are on). Kryo 5 also ships a `URISerializer` (a plain
/// string, no marker), which Java must register explicitly: register ``JavaURI`` with
/// ``JavaURI/kryoURISerializer`` then.
///
/// A separate type from Foundation's `URL`, which is `java.net.URL`.
public struct JavaURI: Hashable, Sendable {
    /// The URI's text (`URI.toString()`).
    public var string: String

    /// Creates a URI from its text.
    public init(_ string: String) { self.string = string }

    /// The URI as a Foundation URL, when Foundation parses it.
    public var url: URL? { URL(string: string) }

    /// What Java's `new URI(text)` refuses in `text`, in the words of its `URISyntaxException`
    /// (`Illegal character in path at index 4: ../a b`; the part is named `path` or `fragment`
    /// only, and the index counts Unicode scalars), or `nil`. Checked: the characters RFC
    /// 2396 never allows (spaces, controls, `"<>\\^`{|}`), a `%` without two hex digits after
    /// it, a second `#`, brackets outside an IPv6 host, an empty scheme, and a scheme with nothing
    /// after it. Java checks more (a port's digits, a host's labels); those are left to Java.
    public static func syntaxProblem(of text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let colon = scalars.firstIndex(of: ":")
        let slash = scalars.firstIndex(of: "/")
        if let colon, slash.map({ colon < $0 }) ?? true, scalars.firstIndex(of: "#").map({ colon < $0 }) ?? true,
            scalars.firstIndex(of: "?").map({ colon < $0 }) ?? true
        {
            if colon == 0 { return "Expected scheme name at index 0: \(text)" }
            if colon == scalars.count - 1 { return "Expected scheme-specific part at index \(colon + 1): \(text)" }
        }
        // An IPv6 host's brackets, right after the scheme's `//` (`http://[::1]/`).
        var hostStart: Int?
        if let colon, colon + 3 < scalars.count, scalars[colon + 1] == "/", scalars[colon + 2] == "/",
            scalars[colon + 3] == "["
        {
            hostStart = colon + 3
        }
        var fragmentStarted = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let part = fragmentStarted ? "fragment" : "path"
            switch scalar {
            case "%":
                let hex = scalars.dropFirst(index + 1).prefix(2)
                guard hex.count == 2, hex.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
                    return "Malformed escape pair at index \(index): \(text)"
                }
                index += 3
                continue
            case "#":
                if fragmentStarted { return "Illegal character in fragment at index \(index): \(text)" }
                fragmentStarted = true
            case "[", "]":
                guard let hostStart, index >= hostStart, !fragmentStarted,
                    scalars[hostStart..<index].allSatisfy({ $0 != "/" })
                else { return "Illegal character in \(part) at index \(index): \(text)" }
            case " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}":
                return "Illegal character in \(part) at index \(index): \(text)"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace {
                    return "Illegal character in \(part) at index \(index): \(text)"
                }
            }
            index += 1
        }
        return nil
    }

    /// `text` as a URI, or an error naming what Java's `new URI(text)` refuses.
    static func checked(_ text: String, _ reader: any ValueReader) throws -> JavaURI {
        if !reader.isPositional, let problem = syntaxProblem(of: text) {
            throw reader.error(.invalidValue, expected: "a URI (java.net.URI)", found: problem)
        }
        return JavaURI(text)
    }

    /// The URI's text to write, checked where Java will read it.
    static func text(of value: JavaURI, _ writer: any ValueWriter) throws -> String {
        if writer.isPositional, let problem = syntaxProblem(of: value.string) {
            throw SerializationError(.invalidValue, expected: "a URI (java.net.URI)", found: problem)
        }
        return value.string
    }

    /// Kryo 5's `DefaultSerializers.URISerializer`: `writeString(uri.toString())`.
    public static var kryoURISerializer: AnySerializer { AnySerializer(kryoURI) }

    /// ``kryoURISerializer``, typed.
    static var kryoURI: some Serializer<JavaURI> {
        JavaValueSerializer<JavaURI>(
            write: { value, writer in try writer.writeString(try text(of: value, writer), forKey: "string") },
            read: { reader in
                guard let text = try reader.readString(forKey: "string") else {
                    throw reader.error(.invalidValue, expected: "a URI string", found: "null")
                }
                return try checked(text, reader)
            })
    }
}

extension JavaURI: JavaRepresentable {
    public static var javaClassName: String { "java.net.URI" }
    /// `FieldSerializer` on the `string` field.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaURI>(
                write: { value, writer in
                    try writer.writeStringObject(try text(of: value, writer), canBeNull: true, forKey: "string")
                },
                read: { reader in
                    guard let text = try reader.readStringObject(canBeNull: true, forKey: "string") else {
                        throw reader.error(.invalidValue, expected: "a URI string", found: "null")
                    }
                    return try checked(text, reader)
                }))
    }
}

/// Java's `java.util.UUID` as Foundation's `UUID`. No Kryo release has a default serializer for
/// it, so Java's `FieldSerializer` writes its two `long` fields in name order: `leastSigBits`,
/// then `mostSigBits`, each a zigzag varlong. Kryo 5 also ships a `UUIDSerializer` (the most, then
/// the least significant bits as fixed-width longs), which Java must register explicitly: use
/// ``UUIDSerializer/kryoUUIDSerializer`` then.
///
/// Keyed archives and readable documents keep writing a `UUID` as Apple's `NSUUID`.
public struct UUIDSerializer: Serializer {
    private let fixedWidth: Bool

    /// The `FieldSerializer` form (the default).
    public init() { fixedWidth = false }

    private init(fixedWidth: Bool) { self.fixedWidth = fixedWidth }

    /// Kryo 5's `DefaultSerializers.UUIDSerializer`: most, then least significant bits, fixed width.
    public static var kryoUUIDSerializer: UUIDSerializer { UUIDSerializer(fixedWidth: true) }

    public var isFinal: Bool { true }

    public func write(_ value: UUID, to writer: any ValueWriter) throws {
        let bits = UUIDSerializer.bits(of: value)
        if fixedWidth {
            try writer.writeInt64(bits.most, forKey: "mostSigBits", encoding: .fixed)
            try writer.writeInt64(bits.least, forKey: "leastSigBits", encoding: .fixed)
        } else {
            try writer.writeInt64(bits.least, forKey: "leastSigBits", encoding: .zigzag)
            try writer.writeInt64(bits.most, forKey: "mostSigBits", encoding: .zigzag)
        }
    }

    public func read(from reader: any ValueReader) throws -> UUID {
        let most: Int64
        let least: Int64
        if fixedWidth {
            most = try reader.readInt64(forKey: "mostSigBits", encoding: .fixed)
            least = try reader.readInt64(forKey: "leastSigBits", encoding: .fixed)
        } else {
            least = try reader.readInt64(forKey: "leastSigBits", encoding: .zigzag)
            most = try reader.readInt64(forKey: "mostSigBits", encoding: .zigzag)
        }
        return UUIDSerializer.uuid(most: most, least: least)
    }

    /// Java's `getMostSignificantBits()` and `getLeastSignificantBits()`.
    static func bits(of uuid: UUID) -> (most: Int64, least: Int64) {
        let bytes = withUnsafeBytes(of: uuid.uuid) { [UInt8]($0) }
        func word(_ range: Range<Int>) -> Int64 {
            Int64(bitPattern: bytes[range].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        return (word(0..<8), word(8..<16))
    }

    static func uuid(most: Int64, least: Int64) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: most) >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: least) >> (56 - 8 * index))
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension UUID: JavaRepresentable {
    public static var javaClassName: String { "java.util.UUID" }
    public static var defaultSerializer: AnySerializer { AnySerializer(UUIDSerializer()) }
}
