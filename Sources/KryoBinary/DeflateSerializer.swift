import KryoCore

/// Compresses what another serializer writes with deflate (the system's zlib), as Java Kryo's
/// `com.esotericsoftware.kryo.serializers.DeflateSerializer` does.
///
/// ```swift
/// let registry = try Registry {
///     // Java: kryo.register(Document.class, new DeflateSerializer(new FieldSerializer(kryo, Document.class)), 20)
///     Register(Document.self, id: 20, serializer: DeflateSerializer(wrappingDefaultOf: Document.self))
///     // Java: a DeflateSerializer(new ByteArraySerializer()) with setCompressionLevel(9)
///     Register(Data.self, id: 21, serializer: DeflateSerializer(wrapping: DataSerializer(), level: 9))
/// }
/// ```
///
/// In the binary format the value's bytes (what the wrapped serializer writes, in the same
/// graph: its nested objects' class names and references continue the outer ones) are replaced
/// by their deflate data — raw by default, as Java's `Deflater(4, true)` makes it — with no
/// length prefix: the deflate data ends itself. Nil is written by the framework, outside (Java's
/// serializer does not accept null). With levels 1–9 the bytes are Java's; see
/// Docs/TypeMapping.md for references and for what Java 2.20 cannot read back.
///
/// Kryo 4 and 5 frame the deflate data in Kryo's chunks (a length before each piece of at most
/// 256 bytes, 0 at the end), and write the value with its serializer directly: no reference
/// marker inside, whatever the references setting.
///
/// The other formats have no use for a compressed blob inside a document: there the wrapped
/// serializer writes the value as it would unwrapped.
public struct DeflateSerializer<Value>: Serializer {
    /// The zlib compression level: 1 (fastest) to 9 (smallest), 0 (stored, no compression) or
    /// -1 (zlib's default, 6). Java's default is 4.
    public let level: Int
    /// Whether the deflate data has a zlib header and checksum (Java's `setNoHeaders(false)`).
    public let format: DeflateFormat
    public let isFinal: Bool
    private let writeValue: @Sendable (Value, any ValueWriter) throws -> Void
    private let readValue: @Sendable (any ValueReader) throws -> Value
    private let copyValue: @Sendable (Value, ValueCopier) throws -> Value

    /// Wraps `serializer`.
    ///
    /// - Parameters:
    ///   - serializer: What writes the value before it is compressed.
    ///   - level: The compression level (see ``level``); Java's default is 4.
    ///   - format: ``DeflateFormat/raw`` (Java's default) or ``DeflateFormat/zlib``.
    public init<S: Serializer>(wrapping serializer: S, level: Int = 4, format: DeflateFormat = .raw)
    where S.Value == Value {
        self.level = level
        self.format = format
        isFinal = serializer.isFinal
        writeValue = { value, writer in try serializer.write(value, to: writer) }
        readValue = { reader in try serializer.read(from: reader) }
        copyValue = { value, copier in try serializer.copy(value, with: copier) }
    }

    public func write(_ value: Value, to writer: any ValueWriter) throws {
        guard let binary = writer as? KryoBinaryWriter else { return try writeValue(value, writer) }
        guard let level = Int32(exactly: level), (-1...9).contains(level) else {
            throw SerializationError(
                .invalidValue, expected: "a compression level from -1 to 9", found: "\(level)")
        }
        if let version = binary.kryoWireVersion, version >= .kryo4 {
            return try writeChunked(value, to: binary, level: level)
        }
        try binary.writeDeflated(Value.self, level: level, format: format) { try writeValue(value, writer) }
    }

    public func read(from reader: any ValueReader) throws -> Value {
        guard let binary = reader as? KryoBinaryReader else { return try readValue(reader) }
        if let version = binary.kryoWireVersion, version >= .kryo4 { return try readChunked(from: binary) }
        return try binary.readDeflated(Value.self, format: format) { try readValue(reader) }
    }

    /// Copies through the wrapped serializer: a copy has no bytes to compress.
    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value { try copyValue(value, copier) }

    /// Kryo 4 and 5: the value's bytes (no reference marker), compressed, in Kryo's chunks.
    private func writeChunked(_ value: Value, to writer: KryoBinaryWriter, level: Int32) throws {
        let output = writer.output
        let start = output.beginReplacedRun()
        do {
            try writeValue(value, writer)
        } catch {
            output.cancelReplacedRun()
            throw error
        }
        let offset = output.totalCount
        do {
            try output.endReplacedRun(from: start) { bytes in
                try Zlib.deflateInKryoChunks(bytes, level: level, format: format)
            }
        } catch var failure as SerializationError {
            failure.offset = offset
            throw failure
        }
        try output.flushIfNeeded()
    }

    /// Reads what ``writeChunked(_:to:level:)`` wrote: joins the chunks, inflates them (within
    /// ``Limits/maxInflatedBytes``) and reads the value from the inflated bytes, which it must
    /// use up. The position moves past the chunks' end.
    private func readChunked(from reader: KryoBinaryReader) throws -> Value {
        let input = reader.input
        let start = input.offset
        try input.beginChunks()
        defer { input.endChunks() }
        let count = try input.beginInflatedRun(format: format, maxBytes: reader.options.limits.maxInflatedBytes)
        defer { input.endInflatedRun() }
        do {
            let value = try readValue(reader)
            guard input.bytesLeftInRun == 0 else {
                throw reader.error(
                    .invalidValue, expected: "the value to end where its inflated bytes end",
                    found: "\(input.bytesLeftInRun) byte\(input.bytesLeftInRun == 1 ? "" : "s") left over")
            }
            return value
        } catch var failure as SerializationError {
            failure.found += " (in the \(count) bytes inflated from the chunks at byte \(start))"
            throw failure
        }
    }
}

extension DeflateSerializer where Value: JavaRepresentable {
    /// Wraps the type's default serializer: its schema's field serializer, its enum serializer or
    /// the library's serializer of that Java type.
    ///
    /// - Parameters:
    ///   - type: The type whose default serializer writes the value before it is compressed.
    ///   - level: The compression level (see ``level``); Java's default is 4.
    ///   - format: ``DeflateFormat/raw`` (Java's default) or ``DeflateFormat/zlib``.
    public init(wrappingDefaultOf type: Value.Type, level: Int = 4, format: DeflateFormat = .raw) {
        self.init(
            wrapping: DefaultSerializerOf(Value.self), level: level, format: format)
    }
}

/// How a deflate stream is framed: Java's `Deflater(level, nowrap)` and `Inflater(nowrap)`.
public enum DeflateFormat: Sendable, Equatable {
    /// Raw deflate data (RFC 1951) with no header and no checksum: Java's `nowrap = true`, the
    /// default of Kryo's `DeflateSerializer` (`setNoHeaders(true)`).
    case raw
    /// A zlib stream (RFC 1950): a two-byte header, the deflate data and an Adler-32 checksum.
    /// Kryo's `DeflateSerializer` with `setNoHeaders(false)`.
    case zlib

    /// zlib's `windowBits`: 15 (a 32 KiB window, Java's), negative for raw data.
    var windowBits: Int32 { self == .raw ? -15 : 15 }
}
