import FoundationEssentials

/// Java's primitive arrays (`int[]`, `double[]`…): `length + 1` as a positive varint (`0` for
/// nil), then the elements as the primitive's own encoding.
public struct PrimitiveArraySerializer<Element: JavaPrimitive>: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }

    public func write(_ value: [Element], to writer: any ValueWriter) throws {
        try writeLength(value.count, to: writer)
        try writer.writePrimitiveArray(value, forKey: "elements")
    }

    public func read(from reader: any ValueReader) throws -> [Element] {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "an array of \(Element.self)", found: "nil")
        }
        return value
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }

    public func readNilable(from reader: any ValueReader) throws -> [Element]? {
        guard let count = try readArrayLength(from: reader, minimumBytesPerElement: 1) else { return nil }
        return try reader.readPrimitiveArray(Element.self, count: count, forKey: "elements")
    }
}

/// Java's `byte[]` as `Data`.
public struct DataSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }

    public func write(_ value: Data, to writer: any ValueWriter) throws {
        try writeLength(value.count, to: writer)
        try value.withUnsafeBytes { try writer.writeBytes($0, forKey: "bytes") }
    }

    public func read(from reader: any ValueReader) throws -> Data {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a byte array", found: "nil")
        }
        return value
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }

    public func readNilable(from reader: any ValueReader) throws -> Data? {
        guard let count = try readArrayLength(from: reader, minimumBytesPerElement: 1) else { return nil }
        return Data(try reader.readBytes(count: count, forKey: "bytes"))
    }
}

extension Data: JavaRepresentable {
    public static var javaClassName: String { "[B" }
    public static var defaultSerializer: AnySerializer { AnySerializer(DataSerializer()) }
}

/// Writes a Java array length: `count + 1`, so that `0` can mean nil.
func writeLength(_ count: Int, to writer: any ValueWriter) throws {
    guard count < Int(Int32.max) else {
        throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31-1 elements", found: "\(count)")
    }
    try writer.writeInt32(Int32(count + 1), forKey: "length", encoding: .positive)
}

/// Reads a Java array length written by ``writeLength(_:to:)``; `nil` for a nil array.
func readArrayLength(from reader: any ValueReader, minimumBytesPerElement: Int) throws -> Int? {
    let stored = try reader.readInt32(forKey: "length", encoding: .positive)
    if stored == 0 { return nil }
    guard stored > 0 else {
        throw reader.error(.invalidValue, expected: "an array length", found: "\(stored)")
    }
    let count = Int(stored) - 1
    try reader.validateCount(count, minimumBytesPerElement: minimumBytesPerElement, forKey: "length")
    return count
}

/// Reads a Java collection or map size (no `+ 1`).
@usableFromInline
func readSize(
    from reader: any ValueReader, minimumBytesPerElement: Int, encoding: IntegerEncoding = .positive
) throws -> Int {
    let stored = try reader.readInt32(forKey: "size", encoding: encoding)
    guard stored >= 0 else {
        throw reader.error(.invalidValue, expected: "a collection size", found: "\(stored)")
    }
    try reader.validateCount(Int(stored), minimumBytesPerElement: minimumBytesPerElement, forKey: "size")
    return Int(stored)
}
