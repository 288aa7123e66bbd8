/// A `java.nio.charset.Charset`, by its canonical name (`UTF-8`, `ISO-8859-1`).
///
/// Java's charsets are instances of JDK-internal classes (`sun.nio.cs.UTF_8`,
/// `sun.nio.cs.ISO_8859_1`), and Kryo writes that class before the value: a charset read from
/// Java keeps its class, and one made in Swift takes the JDK's (the name with `-` as `_`, in
/// `sun.nio.cs`). Kryo 4 and 5 write the name with `Output.writeString` (`CharsetSerializer`).
public struct JavaCharset: Hashable, Sendable, CustomStringConvertible {
    /// The canonical name (`Charset.name()`).
    public var name: String
    /// The Java class of the charset.
    public var javaClass: String

    /// A charset by its canonical name, of the JDK's class for it.
    public init(_ name: String) {
        self.name = name
        javaClass = "sun.nio.cs." + name.replacingAll("-", with: "_")
    }

    /// A charset by name and Java class (as read from Java).
    public init(name: String, javaClass: String) {
        self.name = name
        self.javaClass = javaClass
    }

    public var description: String { name }
}

extension String {
    /// The string with every `target` character replaced (without Foundation).
    fileprivate func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}

extension JavaCharset: JavaClassChosenByValue {
    public static var javaClassName: String { "sun.nio.cs.UTF_8" }
    /// The JDK classes of the standard charsets; any other `sun.nio.cs` class a schema or a
    /// registration names reads too.
    public static var javaClassNames: [String] {
        ["UTF_8", "ISO_8859_1", "US_ASCII", "UTF_16", "UTF_16BE", "UTF_16LE", "UTF_32", "UTF_32BE", "UTF_32LE"]
            .map { "sun.nio.cs." + $0 }
    }
    public var javaClassNameOfValue: String { javaClass }
    public static var defaultSerializer: AnySerializer { AnySerializer(CharsetSerializer()) }
    /// A serializer that reads charsets of the class `name` (`sun.nio.cs.MS1252` for
    /// `windows-1252`), so that they are written back as that class.
    public static func defaultSerializer(forJavaClass name: String) -> AnySerializer {
        AnySerializer(CharsetSerializer(javaClass: name))
    }
    public static var isJavaFinal: Bool { true }
}

/// Kryo's `CharsetSerializer` (Kryo 4 and 5): the canonical name as a string. Keyed and
/// readable formats store the name and the class.
public struct CharsetSerializer: Serializer {
    /// The Java class of the charsets read, when known (the class the binary format named).
    let javaClass: String?

    /// Creates the serializer.
    public init() { javaClass = nil }

    /// Creates the serializer of charsets of the class `javaClass`.
    public init(javaClass: String) { self.javaClass = javaClass }

    public func write(_ value: JavaCharset, to writer: any ValueWriter) throws {
        try writer.writeString(value.name, forKey: "name")
        if !writer.isPositional { try writer.writeString(value.javaClass, forKey: "javaClass") }
    }

    public func read(from reader: any ValueReader) throws -> JavaCharset {
        guard let name = try reader.readString(forKey: "name"), !name.isEmpty else {
            throw reader.error(.invalidValue, expected: "a charset name", found: "none")
        }
        if !reader.isPositional, reader.containsValue(forKey: "javaClass"),
            let javaClass = try reader.readString(forKey: "javaClass")
        {
            return JavaCharset(name: name, javaClass: javaClass)
        }
        return JavaCharset(name: name, javaClass: javaClass ?? JavaCharset(name).javaClass)
    }
}
