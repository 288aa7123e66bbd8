/// A type that writes and reads its own bytes, as a Java class implementing Kryo's
/// `KryoSerializable` does: no schema, no separate serializer.
///
/// ```swift
/// final class Point: KryoSelfSerializing {      // Java: class Point implements KryoSerializable
///     static let javaClassName = "geo.Point"
///     var x: Int32 = 0, y: Int32 = 0
///     init() {}
///     func write(to writer: any ValueWriter) throws {
///         try writer.writeInt32(x, forKey: "x", encoding: .zigzag)
///         try writer.writeInt32(y, forKey: "y", encoding: .zigzag)
///     }
///     func read(from reader: any ValueReader) throws {
///         x = try reader.readInt32(forKey: "x", encoding: .zigzag)
///         y = try reader.readInt32(forKey: "y", encoding: .zigzag)
///     }
/// }
/// ```
///
/// Decoding creates the value with `init()`, registers it for references (so its fields may point
/// back at it), then calls ``read(from:)``.
public protocol KryoSelfSerializing: JavaRepresentable {
    /// Creates an empty value that ``read(from:)`` fills.
    init()
    /// Writes the value's contents.
    func write(to writer: any ValueWriter) throws
    /// Reads the value's contents, written by ``write(to:)``.
    mutating func read(from reader: any ValueReader) throws
}

extension KryoSelfSerializing {
    public static var defaultSerializer: AnySerializer { AnySerializer(SelfSerializingSerializer<Self>()) }
}

/// Kryo 2.20's `KryoSerializableSerializer`: hands the writer and reader to the value itself.
public struct SelfSerializingSerializer<Value: KryoSelfSerializing>: Serializer {
    /// Creates the serializer.
    public init() {}
    public func write(_ value: Value, to writer: any ValueWriter) throws { try value.write(to: writer) }
    public func read(from reader: any ValueReader) throws -> Value {
        var value = Value()
        if Value.self is AnyClass { reader.reference(value) }
        try value.read(from: reader)
        return value
    }
}
