/// Java's `String`: final, writes its own nil, tracked by references in Java (a Swift string is
/// a value, so Swift writes every occurrence and reads back-references Java wrote).
public struct StringSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }
    public func write(_ value: String, to writer: any ValueWriter) throws {
        try writer.writeString(value, forKey: "value")
    }
    public func read(from reader: any ValueReader) throws -> String {
        guard let value = try reader.readString(forKey: "value") else {
            throw reader.error(.typeMismatch, expected: "a String", found: "nil")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try writer.writeString(nil, forKey: "value") }
    public func readNilable(from reader: any ValueReader) throws -> String? {
        try reader.readString(forKey: "value")
    }
}

extension String: JavaRepresentable {
    public static var javaClassName: String { "java.lang.String" }
    public static var defaultSerializer: AnySerializer { AnySerializer(StringSerializer()) }
}
