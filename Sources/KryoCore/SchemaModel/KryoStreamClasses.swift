/// The Java `Output` and `Input` classes a program writes and reads Kryo bytes with, where they
/// change the bytes (Kryo 4's classes, and Kryo 5's `Output` and `Input` with their varints off;
/// Kryo 2.20's and 5's other classes write what their `Output` does).
public enum KryoStreamClasses: String, Sendable, Hashable, CaseIterable {
    /// `Output` and `Input`: integers that Java writes with `writeInt(value, optimizePositive)` and
    /// `writeLong` (field values, boxed numbers, map sizes…) as varints.
    case standard
    /// Kryo 4's `FastOutput` and `FastInput`: those integers fixed width, big-endian. In Kryo 5,
    /// an `Output` and `Input` after `setVariableLengthEncoding(false)`: what its serializers pass
    /// to `writeInt(value, optimizePositive)` and `writeInts` (boxed `Integer`s, `int[]` and
    /// `long[]` elements, a `BigDecimal`'s scale, the `java.time` numbers) fixed width,
    /// little-endian; what they pass to `writeVarInt` and `writeVarLong` stays a varint.
    case fast
    /// Kryo 4's `UnsafeOutput` and `UnsafeInput` (and `UnsafeMemoryOutput`): those integers fixed
    /// width, and every fixed-width number in the machine's byte order — little-endian on the x86
    /// and ARM machines Java runs on.
    case unsafe
}
