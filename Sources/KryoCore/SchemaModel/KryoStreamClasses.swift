/// The Java `Output` and `Input` classes a program writes and reads Kryo bytes with, where they
/// change the bytes (Kryo 4; Kryo 2.20's and 5's other classes write what their `Output` does).
public enum KryoStreamClasses: String, Sendable, Hashable, CaseIterable {
    /// `Output` and `Input`: integers that Java writes with `writeInt(value, optimizePositive)` and
    /// `writeLong` (field values, boxed numbers, map sizes…) as varints.
    case standard
    /// Kryo 4's `FastOutput` and `FastInput`: those integers fixed width, big-endian.
    case fast
    /// Kryo 4's `UnsafeOutput` and `UnsafeInput` (and `UnsafeMemoryOutput`): those integers fixed
    /// width, and every fixed-width number in the machine's byte order — little-endian on the x86
    /// and ARM machines Java runs on.
    case unsafe
}
