import KryoCore

/// Encrypts what another serializer writes with the Blowfish cipher, as Java Kryo's
/// `com.esotericsoftware.kryo.serializers.BlowfishSerializer` does (the same bytes in 2.20, 4.x
/// and 5.x).
///
/// ```swift
/// let key = Array("0123456789abcdef".utf8)
/// // Java: new BlowfishSerializer(new FieldSerializer(kryo, Document.class), key)
/// let documents = try BlowfishSerializer(wrappingDefaultOf: Document.self, key: key)
/// // Java: new BlowfishSerializer(new DefaultSerializers.StringSerializer(), key)
/// let strings = try BlowfishSerializer(wrapping: StringSerializer(), key: key)
/// let registry = try Registry {
///     Register(Document.self, id: 20, serializer: documents)   // kryo.register(Document.class, documents, 20)
///     Register(String.self, id: 1, serializer: strings)        // kryo.register(String.class, strings)
/// }
/// ```
///
/// In the binary format the value's bytes (what the wrapped serializer writes, in the same graph:
/// its nested objects' class names and references continue the outer ones) are replaced by their
/// encryption with Java's `Cipher.getInstance("Blowfish")` — Blowfish in ECB mode with PKCS #5
/// padding, no IV — and **no length prefix**: a reader decrypts everything to the end of the
/// input (or of the chunk it is in), so an encrypted value must be the last thing in its buffer,
/// in Java as here. Nil is written by the framework, outside (Java's serializer does not accept
/// null). The cipher is the system's (OpenSSL's libcrypto on Linux, CommonCrypto on Apple
/// platforms); see Docs/TypeMapping.md for keys and for what Java 2.20 cannot read back.
///
/// This is obfuscation more than protection, as it is in Java: ECB shows equal blocks of
/// plaintext as equal blocks of ciphertext, and nothing authenticates the bytes (a damaged value
/// is caught only when its padding or its contents do not read).
///
/// The other formats have no use for an encrypted blob inside a document: there the wrapped
/// serializer writes the value as it would unwrapped.
public struct BlowfishSerializer<Value>: Serializer {
    public let isFinal: Bool
    private let cipher: BlowfishCipher
    private let writeValue: @Sendable (Value, any ValueWriter) throws -> Void
    private let readValue: @Sendable (any ValueReader) throws -> Value
    private let copyValue: @Sendable (Value, ValueCopier) throws -> Value

    /// The key: the bytes of Java's `new BlowfishSerializer(serializer, key)`.
    public var key: [UInt8] { cipher.key }

    /// Wraps `serializer`.
    ///
    /// - Parameters:
    ///   - serializer: What writes the value before it is encrypted.
    ///   - key: The Blowfish key, 1 to 56 bytes (8 to 448 bits) as Java's cipher takes.
    /// - Throws: ``/KryoCore/SerializationError/Kind/invalidValue`` for a key of another length (Java's
    ///   `Empty key` and `Key too long (> 448 bits)`, which Java throws only when it first uses it).
    public init<S: Serializer>(wrapping serializer: S, key: [UInt8]) throws where S.Value == Value {
        cipher = try BlowfishCipher(key: key)
        isFinal = serializer.isFinal
        writeValue = { value, writer in try serializer.write(value, to: writer) }
        readValue = { reader in try serializer.read(from: reader) }
        copyValue = { value, copier in try serializer.copy(value, with: copier) }
    }

    public func write(_ value: Value, to writer: any ValueWriter) throws {
        guard let binary = writer as? KryoBinaryWriter else { return try writeValue(value, writer) }
        let output = binary.output
        let start = output.beginReplacedRun()
        do {
            if writesReferenceMarker(binary.dialect, binary.options, binary.registry) { output.writeByte(1) }
            try writeValue(value, writer)
        } catch {
            output.cancelReplacedRun()
            throw error
        }
        let offset = output.totalCount
        do {
            try output.endReplacedRun(from: start) { bytes in try cipher.encrypt(bytes) }
        } catch var failure as SerializationError {
            failure.offset = offset
            throw failure
        }
        try output.flushIfNeeded()
    }

    public func read(from reader: any ValueReader) throws -> Value {
        guard let binary = reader as? KryoBinaryReader else { return try readValue(reader) }
        let input = binary.input
        let start = input.offset
        let count: Int
        do {
            count = try input.beginReplacedRest { bytes in try cipher.decrypt(bytes) }
        } catch let failure as SerializationError {
            // The position is still at `start` (or where a stream failed).
            throw binary.error(
                failure.kind, expected: failure.expected,
                found: failure.found + " (the Blowfish data from byte \(start))")
        }
        defer { input.endReplacedRest() }
        do {
            if writesReferenceMarker(binary.dialect, binary.options, binary.registry) {
                try readReferenceMarker(binary)
            }
            let value = try readValue(reader)
            guard input.bytesLeftInRun == 0 else {
                throw binary.error(
                    .invalidValue, expected: "the value to end where its decrypted bytes end",
                    found: "\(input.bytesLeftInRun) byte\(input.bytesLeftInRun == 1 ? "" : "s") left over")
            }
            return value
        } catch var failure as SerializationError {
            failure.found += " (in the \(count) bytes decrypted from the Blowfish data at byte \(start))"
            throw failure
        }
    }

    /// Copies through the wrapped serializer: a copy has no bytes to compress.
    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value { try copyValue(value, copier) }

    /// Whether a reference marker precedes the value inside the encrypted bytes: Kryo 2.20 writes
    /// the inner value with `kryo.writeObject`, which puts one there when references are on and
    /// the type is tracked; Kryo 4 and 5 call the serializer directly.
    ///
    /// Java 2.20 writes there a back-reference to the value itself (already numbered by the outer
    /// call), which no reader can use (Java reads `null`); Swift writes `01`, a "new object"
    /// marker, which Java 2.20's reader reads the value after. See ``DeflateSerializer``, which
    /// has the same marker.
    private func writesReferenceMarker(_ dialect: KryoDialect, _ options: SerializationOptions, _ registry: Registry)
        -> Bool
    {
        dialect.version < .kryo4 && options.references
            && registry.registration(for: Value.self)?.tracksReferences ?? true
    }

    private func readReferenceMarker(_ reader: KryoBinaryReader) throws {
        let marker = try reader.input.readVarInt32(optimizePositive: true)
        switch marker {
        case 1:
            return
        case 0:
            throw reader.error(
                .invalidValue, expected: "a new-object marker (1) before the encrypted value", found: "nil (0)")
        default:
            throw reader.error(
                .invalidReference, expected: "a new-object marker (1) and the encrypted value",
                found:
                    "a reference to object #\(Int64(marker) - 2) instead: Java Kryo 2.20 writes that in place of "
                    + "the value when references are on (Java reads it back as null); write it with references off")
        }
    }
}

extension BlowfishSerializer where Value: JavaRepresentable {
    /// Wraps the type's default serializer: its schema's field serializer, its enum serializer or
    /// the library's serializer of that Java type.
    ///
    /// - Parameters:
    ///   - type: The type whose default serializer writes the value before it is encrypted.
    ///   - key: The Blowfish key, 1 to 56 bytes (8 to 448 bits) as Java's cipher takes.
    /// - Throws: ``/KryoCore/SerializationError/Kind/invalidValue`` for a key of another length.
    public init(wrappingDefaultOf type: Value.Type, key: [UInt8]) throws {
        try self.init(
            wrapping: DefaultSerializerOf(Value.self), key: key)
    }
}
