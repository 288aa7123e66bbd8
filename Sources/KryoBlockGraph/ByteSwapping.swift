/// Reverses the bytes of scalars, for archives of the other byte order.
enum ByteSwapping {
    /// Reverses the bytes of every scalar of `scalars` inside `buffer` (checked to fit when the
    /// layout was declared).
    static func reverse(_ scalars: [BlockScalar], in buffer: UnsafeMutableRawBufferPointer) {
        for scalar in scalars where scalar.width > 1 {
            var low = scalar.offset
            var high = scalar.offset + scalar.width - 1
            while low < high {
                buffer.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
    }
}
