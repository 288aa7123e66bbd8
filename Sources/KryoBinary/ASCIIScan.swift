/// Word-at-a-time scans for bytes with the high bit set, used by the string fast paths.
enum ASCIIScan {
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

    /// Whether the `count` bytes at `base` are all ASCII: a word at a time, the last word
    /// overlapping the one before it.
    @inline(__always)
    static func isASCII(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(base)
        guard count >= 8 else {
            var high: UInt8 = 0
            for index in 0..<count { high |= base[index] }
            return high & 0x80 == 0
        }
        var high = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        var index = 0
        while index + 8 < count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Copies `count` bytes (at least 2) from `source` to `target` and returns whether they all
    /// are below `0x80`, eight bytes at a time (the last word overlapping the one before it),
    /// without a call to `memcpy`. `target` must have room for `count` bytes.
    @inline(__always)
    static func copyIfASCII(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int)
        -> Bool
    {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        var high: UInt64
        if count >= 8 {
            high = 0
            var index = 0
            while index + 8 < count {
                let word = from.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                high |= word
                index += 8
            }
            let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
            high |= last
        } else if count >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
            high = UInt64(first | last)
        } else {
            let first = from.loadUnaligned(as: UInt16.self)
            let last = from.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            to.storeBytes(of: first, as: UInt16.self)
            to.storeBytes(of: last, toByteOffset: count - 2, as: UInt16.self)
            high = UInt64(first | last)
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
