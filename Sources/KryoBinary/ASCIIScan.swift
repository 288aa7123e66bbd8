/// Word-at-a-time scans for bytes with the high bit set, used by the string fast paths.
enum ASCIIScan {
    /// Whether every byte of `bytes` is below `0x80`, checked eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(base[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The number of bytes before the first one with its high bit set in `count` bytes at `base`,
    /// or `count` when there is none.
    @inline(__always)
    static func prefixBelow0x80(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            let high = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
            if high != 0 { return index + UInt64(littleEndian: high).trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count, base[index] & 0x80 == 0 { index += 1 }
        return index
    }
}
