/// How a Java `int` or `long` is laid out in Kryo's binary format: the `encoding:` of
/// ``ValueWriter/writeInt32(_:forKey:encoding:)`` and ``ValueReader/readInt32(forKey:encoding:)``.
///
/// Keyed archives and readable documents store integers as numbers and ignore the encoding; only
/// Kryo's bytes depend on it. Pick the case that matches the call the Java serializer makes:
///
/// | Java writes                                                  | Swift encoding       |
/// |--------------------------------------------------------------|----------------------|
/// | `output.writeInt(v)`, `writeLong(v)` (4 or 8 bytes)          | ``fixed``            |
/// | `output.writeInt(v, false)`, `writeLong(v, false)`           | ``outputZigzag``     |
/// | `output.writeInt(v, true)`, `writeLong(v, true)`             | ``outputPositive``   |
/// | `output.writeVarInt(v, false)`, `writeVarLong(v, false)`     | ``zigzag``           |
/// | `output.writeVarInt(v, true)`, `writeVarLong(v, true)`       | ``positive``         |
/// | an `int` or `long` field of `FieldSerializer` and its kin    | ``field``            |
/// | `IntSerializer`, `LongSerializer` (boxed `Integer`, `Long`)  | ``outputZigzag``     |
///
/// The `output…` cases differ from the plain ones only through Kryo 4's `FastOutput` and
/// `UnsafeOutput`, and Kryo 5's `Output` after `setVariableLengthEncoding(false)`, which write
/// fixed widths although the call asks for a variable length; ``field`` also when Kryo 5's
/// variable-length field encoding is off. Kryo 5's serializers call `writeVarLong` where Kryo 4's
/// called `writeLong(v, b)`, so in Kryo 5 a `long` of an `output…` encoding is always a varint. Through Java's ordinary `Output`
/// they give the same bytes. Fixed widths are big-endian in Kryo 2.20 and 4 and
/// little-endian in Kryo 5, as Java writes them.
///
/// The writer and reader also take the value without an encoding
/// (``ValueWriter/writeInt32(_:forKey:)``): that is what Java's default serializer of a boxed
/// `Integer` or `Long` writes, ``outputZigzag``.
public enum IntegerEncoding: Sendable, Equatable {
    /// Zigzag then variable-length (Java's `writeVarInt(v, false)`, `writeVarLong(v, false)`):
    /// small negative and positive numbers are short, 1 to 5 bytes for an `int`, 1 to 9 for a
    /// `long`.
    case zigzag
    /// Variable-length without zigzag (Java's `writeVarInt(v, true)`, `writeVarLong(v, true)`):
    /// for values that are rarely negative (counts, ids); a negative number takes 5 or 9 bytes.
    case positive
    /// Fixed width (Java's `writeInt(v)`, `writeLong(v)`): 4 bytes for an `int`, 8 for a `long`,
    /// in the byte order of the dialect (big-endian before Kryo 5, little-endian in Kryo 5).
    case fixed
    /// A Java `int` or `long` field of Java's field serializers: ``zigzag``, unless the call turns
    /// variable-length field encoding off (``VariableLengthFieldsSetting``, Kryo 5's
    /// `FieldSerializerConfig.setVariableLengthEncoding(false)`) or writes with Kryo 4's
    /// `FastOutput` or `UnsafeOutput`, then ``fixed``.
    case field
    /// What Java's `Output.writeInt(value, false)` and `writeLong(value, false)` write: ``zigzag``,
    /// or ``fixed`` through Kryo 4's `FastOutput` and `UnsafeOutput` (boxed `Integer` and `Long`
    /// values, a `BigDecimal`'s scale…). Formats other than Kryo's treat it as ``zigzag``.
    case outputZigzag
    /// What Java's `Output.writeInt(value, true)` and `writeLong(value, true)` write: ``positive``,
    /// or ``fixed`` through Kryo 4's `FastOutput` and `UnsafeOutput` (map sizes, `Date`s…).
    case outputPositive
}

extension ValueWriter {
    /// Writes a Java `int` as Java's default serializer of `Integer` does (`IntSerializer`:
    /// `output.writeInt(value, false)`, ``IntegerEncoding/outputZigzag``).
    ///
    /// A serializer that mirrors a Java serializer making another call passes the matching
    /// ``IntegerEncoding`` to ``writeInt32(_:forKey:encoding:)``.
    public func writeInt32(_ value: Int32, forKey key: String) throws {
        try writeInt32(value, forKey: key, encoding: .outputZigzag)
    }

    /// Writes a Java `long` as Java's default serializer of `Long` does (`LongSerializer`,
    /// ``IntegerEncoding/outputZigzag``).
    ///
    /// A serializer that mirrors a Java serializer making another call passes the matching
    /// ``IntegerEncoding`` to ``writeInt64(_:forKey:encoding:)``.
    public func writeInt64(_ value: Int64, forKey key: String) throws {
        try writeInt64(value, forKey: key, encoding: .outputZigzag)
    }
}

extension ValueReader {
    /// Reads a Java `int` written as Java's default serializer of `Integer` writes it
    /// (``IntegerEncoding/outputZigzag``): the counterpart of ``ValueWriter/writeInt32(_:forKey:)``.
    public func readInt32(forKey key: String) throws -> Int32 {
        try readInt32(forKey: key, encoding: .outputZigzag)
    }

    /// Reads a Java `long` written as Java's default serializer of `Long` writes it
    /// (``IntegerEncoding/outputZigzag``): the counterpart of ``ValueWriter/writeInt64(_:forKey:)``.
    public func readInt64(forKey key: String) throws -> Int64 {
        try readInt64(forKey: key, encoding: .outputZigzag)
    }
}

extension IntegerEncoding {
    /// The form of an `int` that Kryo 4 writes with `writeInt(value, true)` and Kryo 5 with
    /// `writeVarInt(value, true)` (an `EnumSet`'s size, a `Year`, a `YearMonth`'s year, a
    /// `Period`'s parts): they differ only through an `Output` whose varints are off.
    package static func positiveVarIntFromKryo5(_ version: KryoWireVersion?) -> IntegerEncoding {
        (version ?? .kryo5) >= .kryo5 ? .positive : .outputPositive
    }
}
