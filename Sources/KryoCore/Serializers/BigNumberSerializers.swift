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
        if !reader.isPositional, reader.containsValue(forKey: "value") {
            let text = try reader.readString(forKey: "value") ?? ""
            guard let value = JavaBigInteger(text) else {
                throw reader.error(.invalidValue, expected: "a BigInteger in decimal digits", found: "\"\(text)\"")
            }
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

/// Kryo 2.20's `BigDecimalSerializer` for Foundation's `Decimal`: the unscaled value as a
/// BigInteger, then the scale as a zigzag varint.
///
/// `Decimal` holds up to 38 significant digits and powers of ten from 10⁻¹²⁸ to 10¹²⁷; a
/// BigDecimal beyond that is an error, never a rounded value. `Decimal` keeps the value, not always
/// Java's scale: `1.50` may arrive as `1.5`, which Java's `compareTo` (not `equals`) finds equal.
public struct BigDecimalSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var handlesNil: Bool { true }
    public func write(_ value: Decimal, to writer: any ValueWriter) throws {
        guard value.isFinite else {
            throw SerializationError(.unsupported, expected: "a finite Decimal (BigDecimal)", found: "\(value)")
        }
        let sign = value.sign == .minus ? "-" : ""
        guard let unscaled = JavaBigInteger(sign + value.significand.description) else {
            throw SerializationError(.unsupported, expected: "an integral significand", found: "\(value.significand)")
        }
        try BigIntegerSerializer().write(unscaled, to: writer)
        try writer.writeInt32(Int32(-value.exponent), forKey: "scale", encoding: .zigzag)
    }
    public func read(from reader: any ValueReader) throws -> Decimal {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a BigDecimal", found: "null")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try BigIntegerSerializer().writeNil(to: writer) }
    public func readNilable(from reader: any ValueReader) throws -> Decimal? {
        guard let unscaled = try BigIntegerSerializer().readNilable(from: reader) else { return nil }
        let scale = Int(try reader.readInt32(forKey: "scale", encoding: .zigzag))
        var digits = unscaled.description
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        // Trailing zeros of the unscaled value can move into the exponent.
        var exponent = -scale
        while digits.count > 1, digits.hasSuffix("0"), exponent < 127 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= 38, (-128...127).contains(exponent), let significand = Decimal(string: digits) else {
            throw reader.error(
                .unsupported, expected: "a BigDecimal within Decimal's range (38 digits, 10^-128…10^127)",
                found: "\(unscaled) × 10^\(-scale)")
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
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
        try writer.writeInt32(value.scale, forKey: "scale", encoding: .zigzag)
    }
    public func read(from reader: any ValueReader) throws -> JavaBigDecimal {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a BigDecimal", found: "null")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws { try BigIntegerSerializer().writeNil(to: writer) }
    public func readNilable(from reader: any ValueReader) throws -> JavaBigDecimal? {
        if !reader.isPositional, reader.containsValue(forKey: "value") {
            let text = try reader.readString(forKey: "value") ?? ""
            guard let value = JavaBigDecimal(text) else {
                throw reader.error(.invalidValue, expected: "a BigDecimal such as 19.90 or -1.23E+6", found: "\"\(text)\"")
            }
            return value
        }
        guard let unscaled = try BigIntegerSerializer().readNilable(from: reader) else { return nil }
        return JavaBigDecimal(unscaledValue: unscaled, scale: try reader.readInt32(forKey: "scale", encoding: .zigzag))
    }
}

extension JavaBigDecimal: JavaRepresentable {
    public static var javaClassName: String { "java.math.BigDecimal" }
    public static var defaultSerializer: AnySerializer { AnySerializer(JavaBigDecimalSerializer()) }
}
