/// A Swift type that is a Java primitive: written directly, never nil, never reference-tracked.
public protocol JavaPrimitive: JavaRepresentable, Sendable {
    /// Writes a value as Kryo's default serializer for the primitive does.
    static func writePrimitive(_ value: Self, to writer: any ValueWriter, forKey key: String) throws
    /// Reads a value written by ``writePrimitive(_:to:forKey:)``.
    static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Self
    /// Writes a value as a primitive field of Java's field serializers does: as
    /// ``writePrimitive(_:to:forKey:)``, except `int` and `long` (``IntegerEncoding/field``).
    static func writeField(_ value: Self, to writer: any ValueWriter, forKey key: String) throws
    /// Reads a value written by ``writeField(_:to:forKey:)``.
    static func readField(from reader: any ValueReader, forKey key: String) throws -> Self
    /// The Java array descriptor letter (`I` for `int[]`).
    static var javaArrayDescriptor: String { get }
}

/// The serializer of a Java primitive and its wrapper.
public struct PrimitiveSerializer<Value: JavaPrimitive>: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public func write(_ value: Value, to writer: any ValueWriter) throws {
        try Value.writePrimitive(value, to: writer, forKey: "value")
    }
    public func read(from reader: any ValueReader) throws -> Value {
        try Value.readPrimitive(from: reader, forKey: "value")
    }
}

extension JavaPrimitive {
    public static func writeField(_ value: Self, to writer: any ValueWriter, forKey key: String) throws {
        try writePrimitive(value, to: writer, forKey: key)
    }
    public static func readField(from reader: any ValueReader, forKey key: String) throws -> Self {
        try readPrimitive(from: reader, forKey: key)
    }
    public static var defaultSerializer: AnySerializer { AnySerializer(PrimitiveSerializer<Self>()) }
    public static var isJavaFinal: Bool { true }
    public static var isReferenceTracked: Bool { false }
}

extension Int32: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Integer" }
    public static var javaArrayDescriptor: String { "I" }
    public static func writePrimitive(_ value: Int32, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt32(value, forKey: key, encoding: .outputZigzag)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Int32 {
        try reader.readInt32(forKey: key, encoding: .outputZigzag)
    }
    public static func writeField(_ value: Int32, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt32(value, forKey: key, encoding: .field)
    }
    public static func readField(from reader: any ValueReader, forKey key: String) throws -> Int32 {
        try reader.readInt32(forKey: key, encoding: .field)
    }
}

extension Int64: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Long" }
    public static var javaArrayDescriptor: String { "J" }
    public static func writePrimitive(_ value: Int64, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt64(value, forKey: key, encoding: .outputZigzag)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Int64 {
        try reader.readInt64(forKey: key, encoding: .outputZigzag)
    }
    public static func writeField(_ value: Int64, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt64(value, forKey: key, encoding: .field)
    }
    public static func readField(from reader: any ValueReader, forKey key: String) throws -> Int64 {
        try reader.readInt64(forKey: key, encoding: .field)
    }
}

/// Swift's `Int` travels as a Java `long`.
extension Int: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Long" }
    public static var javaArrayDescriptor: String { "J" }
    public static func writePrimitive(_ value: Int, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt64(Int64(value), forKey: key, encoding: .outputZigzag)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Int {
        try exactly(reader.readInt64(forKey: key, encoding: .outputZigzag), reader)
    }
    public static func writeField(_ value: Int, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt64(Int64(value), forKey: key, encoding: .field)
    }
    public static func readField(from reader: any ValueReader, forKey key: String) throws -> Int {
        try exactly(reader.readInt64(forKey: key, encoding: .field), reader)
    }
    private static func exactly(_ value: Int64, _ reader: any ValueReader) throws -> Int {
        guard let result = Int(exactly: value) else {
            throw reader.error(.invalidValue, expected: "a long that fits Int", found: "\(value)")
        }
        return result
    }
}

extension Int16: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Short" }
    public static var javaArrayDescriptor: String { "S" }
    public static func writePrimitive(_ value: Int16, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt16(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Int16 {
        try reader.readInt16(forKey: key)
    }
}

extension Int8: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Byte" }
    public static var javaArrayDescriptor: String { "B" }
    public static func writePrimitive(_ value: Int8, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeInt8(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Int8 {
        try reader.readInt8(forKey: key)
    }
}

/// A Java `char` is one UTF-16 code unit: Swift's `UInt16`.
extension UInt16: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Character" }
    public static var javaArrayDescriptor: String { "C" }
    public static func writePrimitive(_ value: UInt16, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeChar(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> UInt16 {
        try reader.readChar(forKey: key)
    }
}

extension Bool: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Boolean" }
    public static var javaArrayDescriptor: String { "Z" }
    public static func writePrimitive(_ value: Bool, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeBool(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Bool {
        try reader.readBool(forKey: key)
    }
}

extension Float: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Float" }
    public static var javaArrayDescriptor: String { "F" }
    public static func writePrimitive(_ value: Float, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeFloat(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Float {
        try reader.readFloat(forKey: key)
    }
}

extension Double: JavaPrimitive {
    public static var javaClassName: String { "java.lang.Double" }
    public static var javaArrayDescriptor: String { "D" }
    public static func writePrimitive(_ value: Double, to writer: any ValueWriter, forKey key: String) throws {
        try writer.writeDouble(value, forKey: key)
    }
    public static func readPrimitive(from reader: any ValueReader, forKey key: String) throws -> Double {
        try reader.readDouble(forKey: key)
    }
}
