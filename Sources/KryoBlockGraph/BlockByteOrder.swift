/// The order in which the bytes of a multi-byte scalar lie in memory: what a block graph archive
/// records, so that a machine of the other order swaps the scalars its layouts declare, or refuses
/// the archive when they declare none.
public enum BlockByteOrder: String, Sendable, Equatable, CaseIterable {
    /// Least significant byte first (x86-64, ARM64 as Apple and Linux run it).
    case littleEndian
    /// Most significant byte first (network order, s390x, older PowerPC).
    case bigEndian

    /// The byte order of the machine running this code.
    public static var native: BlockByteOrder {
        UInt16(1).littleEndian == 1 ? .littleEndian : .bigEndian
    }
}
