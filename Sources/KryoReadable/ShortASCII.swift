import KryoCore

/// The bits of a small string of ASCII bytes: at most 15 bytes, kept in the string's own 16 with
/// the count and the flags "small, ASCII" in the last (``KryoCore/SmallString``'s layout). They
/// are its whole value, so two such strings are equal exactly when their bits are, and its bytes
/// are its words as they lie in memory.
struct ShortASCII {
    /// The first 8 bytes, as they lie in memory.
    let low: UInt64
    /// The next 7 bytes, then the flags and the count, as they lie in memory.
    let high: UInt64

    /// The bits of `string` when it is a small string of ASCII bytes; `nil` for any other. Call
    /// only where ``KryoCore/SmallString/isAvailable`` is true.
    @inline(__always)
    init?(_ string: String) {
        let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        // The flags of a small ASCII string (`0xE_`, with the count in the low half).
        guard UInt8(truncatingIfNeeded: high &>> 56) & 0xF0 == 0xE0 else { return nil }
        self.low = low
        self.high = high
    }

    /// The number of bytes.
    @inline(__always)
    var count: Int { Int(truncatingIfNeeded: high &>> 56) & 0x0F }

    /// The first byte (0 for the empty string).
    @inline(__always)
    var first: UInt8 { UInt8(truncatingIfNeeded: UInt64(littleEndian: low)) }

    /// The string whose bits these are (a small string owns no storage).
    @inline(__always)
    var string: String { unsafeBitCast((low, high), to: String.self) }

    @inline(__always)
    func matches(_ other: ShortASCII) -> Bool { low == other.low && high == other.high }
}
