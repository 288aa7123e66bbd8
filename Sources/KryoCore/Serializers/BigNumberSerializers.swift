import FoundationEssentials

/// Kryo's `BigIntegerSerializer`: the byte count + 1 as a positive varint (`0`: null), then
/// `BigInteger.toByteArray()`. Keyed and readable formats store the decimal text under `value`
/// (and read the older `length` and `bytes` form too).
public struct BigIntegerSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var handlesNil: Bool { true }
    public func write(_ value: JavaBigInteger, to writer: any ValueWriter) throws {
        guard writer.isPositional else { return try writer.writeString(value.description, forKey: "value") }
        let bytes = value.twosComplementBytes
        guard let length = Int32(exactly: bytes.count + 1) else {
            throw SerializationError(
                .unsupported, expected: "a BigInteger Java can hold", found: "\(bytes.count) bytes")
        }
        try writer.writeInt32(length, forKey: "length", encoding: .positive)
        try writer.writeBytes(bytes, forKey: "bytes")
    }
    public func read(from reader: any ValueReader) throws -> JavaBigInteger {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a BigInteger", found: "null")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }
    public func readNilable(from reader: any ValueReader) throws -> JavaBigInteger? {
        if let value = try readNumberText(from: reader, expected: "a BigInteger in decimal digits", JavaBigInteger.init)
        {
            return value
        }
        let length = Int(try reader.readInt32(forKey: "length", encoding: .positive))
        if length == 0 { return nil }
        guard length > 1 else {
            throw reader.error(.invalidValue, expected: "a BigInteger byte count + 1 of at least 2", found: "\(length)")
        }
        try reader.validateCount(length - 1, minimumBytesPerElement: 1, forKey: "bytes")
        return JavaBigInteger(twosComplement: try reader.readBytes(count: length - 1, forKey: "bytes"))
    }
}

extension JavaBigInteger: JavaRepresentable {
    public static var javaClassName: String { "java.math.BigInteger" }
    public static var defaultSerializer: AnySerializer { AnySerializer(BigIntegerSerializer()) }
}

/// Kryo's `BigDecimalSerializer` for Foundation's `Decimal`: the unscaled value as a BigInteger,
/// then the scale as a zigzag varint (``JavaBigDecimalSerializer``'s form).
///
/// `Decimal` holds up to 38 significant digits and powers of ten from 10⁻¹²⁸ to 10¹²⁷; a
/// BigDecimal beyond that is an error, never a rounded value. `Decimal` keeps the value, not always
/// Java's scale: `1.50` may arrive as `1.5`, which Java's `compareTo` (not `equals`) finds equal.
/// ``JavaBigDecimal`` keeps the scale.
public struct BigDecimalSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var handlesNil: Bool { true }
    public func write(_ value: Decimal, to writer: any ValueWriter) throws {
        guard let big = JavaBigDecimal(value) else {
            throw SerializationError(.unsupported, expected: "a finite Decimal (BigDecimal)", found: "\(value)")
        }
        try JavaBigDecimalSerializer().write(big, to: writer)
    }
    public func read(from reader: any ValueReader) throws -> Decimal {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a BigDecimal", found: "null")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try BigIntegerSerializer().writeNil(to: writer) }
    public func readNilable(from reader: any ValueReader) throws -> Decimal? {
        guard let big = try JavaBigDecimalSerializer().readNilable(from: reader) else { return nil }
        guard let decimal = big.decimalValue else {
            throw reader.error(
                .unsupported, expected: "a BigDecimal within Decimal's range (38 digits, 10^-128…10^127)",
                found: "\(big.unscaledValue) × 10^\(-Int(big.scale))")
        }
        return decimal
    }
}

extension Decimal: JavaRepresentable {
    public static var javaClassName: String { "java.math.BigDecimal" }
    public static var defaultSerializer: AnySerializer { AnySerializer(BigDecimalSerializer()) }
}

/// Kryo's `BigDecimalSerializer` for ``JavaBigDecimal``: the unscaled value as a BigInteger, then
/// the scale as a zigzag varint — Java's scale kept, so the bytes Java wrote are written again.
/// Keyed and readable formats store Java's text form under `value` (`"19.90"`).
public struct JavaBigDecimalSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var handlesNil: Bool { true }
    public func write(_ value: JavaBigDecimal, to writer: any ValueWriter) throws {
        guard writer.isPositional else { return try writer.writeString(value.description, forKey: "value") }
        try BigIntegerSerializer().write(value.unscaledValue, to: writer)
        try writer.writeInt32(value.scale, forKey: "scale", encoding: .outputZigzag)
    }
    public func read(from reader: any ValueReader) throws -> JavaBigDecimal {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a BigDecimal", found: "null")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try BigIntegerSerializer().writeNil(to: writer) }
    public func readNilable(from reader: any ValueReader) throws -> JavaBigDecimal? {
        if let value = try readNumberText(
            from: reader, expected: "a BigDecimal such as 19.90 or -1.23E+6", JavaBigDecimal.init)
        {
            return value
        }
        guard let unscaled = try BigIntegerSerializer().readNilable(from: reader) else { return nil }
        return JavaBigDecimal(
            unscaledValue: unscaled, scale: try reader.readInt32(forKey: "scale", encoding: .outputZigzag))
    }
}

extension JavaBigDecimal: JavaRepresentable {
    public static var javaClassName: String { "java.math.BigDecimal" }
    public static var defaultSerializer: AnySerializer { AnySerializer(JavaBigDecimalSerializer()) }
}

/// The decimal text keyed and readable formats store a big number as (under `value`), parsed;
/// `nil` in the binary format and when the value is in the older binary-like form.
private func readNumberText<Number>(
    from reader: any ValueReader, expected: String, _ parse: (String) -> Number?
) throws -> Number? {
    guard !reader.isPositional else { return nil }
    if reader.containsValue(forKey: "value") {
        // The text is the whole number: a `scale` beside it would be dropped.
        try reader.refuseUnknownKeys(["value"], in: "a big number written as its text")
    }
    guard reader.containsValue(forKey: "value") else {
        // Neither form: keys of something else (`{"a": 1}` for a `BigDecimal` field), not null.
        if !reader.containsValue(forKey: "length"), let keys = reader.storedKeys, !keys.isEmpty {
            throw reader.error(
                .invalidValue, expected: "\(expected) under the key value",
                found: "the keys \(keys.prefix(8).joined(separator: ", "))")
        }
        return nil
    }
    let text = try reader.readString(forKey: "value") ?? ""
    guard let value = parse(text) else { throw reader.error(.invalidValue, expected: expected, found: "\"\(text)\"") }
    return value
}
