/// Java's `StringBuilder`, as a Swift value: Swift strings are already mutable values, so this
/// type only tells the two Java classes apart on the wire.
public struct JavaStringBuilder: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text.
    public var value: String
    /// Wraps a string.
    public init(_ value: String) { self.value = value }
    public init(stringLiteral value: String) { self.value = value }
    public var description: String { value }
}

/// Java's `StringBuffer` (the synchronized `StringBuilder`), as a Swift value.
public struct JavaStringBuffer: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text.
    public var value: String
    /// Wraps a string.
    public init(_ value: String) { self.value = value }
    public init(stringLiteral value: String) { self.value = value }
    public var description: String { value }
}

/// A text held in a wrapper type (``JavaStringBuilder``, ``JavaStringBuffer``).
public protocol JavaCharSequence: Sendable {
    /// Wraps a string.
    init(_ value: String)
    /// The text.
    var value: String { get }
}

extension JavaStringBuilder: JavaCharSequence {}
extension JavaStringBuffer: JavaCharSequence {}

/// Kryo's `StringBuilderSerializer` and `StringBufferSerializer`: the text in the UTF-8 string
/// form (`writeString(CharSequence)`), nil as `80`. Kryo 5 writes the text as a `String`
/// (`writeString(object.toString())`): short ASCII texts in the ASCII form.
public struct CharSequenceSerializer<Text: JavaCharSequence>: Serializer {
    /// Creates the serializer.
    public init() {}
    public var handlesNil: Bool { true }
    public func write(_ value: Text, to writer: any ValueWriter) throws {
        if let version = writer.kryoWireVersion, version >= .kryo5 {
            return try writer.writeString(value.value, forKey: "value")
        }
        try writer.writeCharSequence(value.value, forKey: "value")
    }
    public func read(from reader: any ValueReader) throws -> Text {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a \(Text.self)", found: "nil")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try writer.writeCharSequence(nil, forKey: "value") }
    public func readNilable(from reader: any ValueReader) throws -> Text? {
        try reader.readString(forKey: "value").map { Text($0) }
    }
}

extension JavaStringBuilder: JavaRepresentable {
    public static var javaClassName: String { "java.lang.StringBuilder" }
    public static var defaultSerializer: AnySerializer { AnySerializer(CharSequenceSerializer<JavaStringBuilder>()) }
    /// `java.lang.StringBuilder` is a final class: a field declared with it carries no class tag.
    public static var isJavaFinal: Bool { true }
}

extension JavaStringBuffer: JavaRepresentable {
    public static var javaClassName: String { "java.lang.StringBuffer" }
    public static var defaultSerializer: AnySerializer { AnySerializer(CharSequenceSerializer<JavaStringBuffer>()) }
    /// `java.lang.StringBuffer` is a final class: a field declared with it carries no class tag.
    public static var isJavaFinal: Bool { true }
}
