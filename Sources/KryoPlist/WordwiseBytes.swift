/// Runs of bytes compared and hashed eight at a time: what the uniquing tables of the property-list
/// writer and the keyed backend's tables of class descriptions key their entries by.
package enum WordwiseBytes {
    /// Whether `left` and `right`, of the same count, hold the same bytes.
    @inline(__always)
    package static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= left.count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < left.count {
            guard left[offset] == right[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// A multiplicative hash of `raw`'s bytes, eight at a time, for tables kept in memory (never
    /// written): unseeded, so only for tables whose entries a collision cannot multiply.
    @inline(__always)
    package static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier = OpenSlots.multiplier
        var hash = UInt64(truncatingIfNeeded: raw.count) &* multiplier
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
            hash = (hash ^ tail) &* multiplier
            hash ^= hash >> 29
        }
        return hash &* multiplier
    }
}
