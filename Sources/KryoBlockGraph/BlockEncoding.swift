/// How the blocks of one layout are archived in one call: the layout, its index in the archive's
/// layout table, and whether its scalars are swapped into another byte order.
final class BlockEncoding {
    let layout: BlockLayout
    let layoutIndex: Int
    let swapsBytes: Bool
    /// The bytes of the block being archived: reused from block to block.
    private var scratch: [UInt8]

    init(layout: BlockLayout, layoutIndex: Int, swapsBytes: Bool) {
        self.layout = layout
        self.layoutIndex = layoutIndex
        self.swapsBytes = swapsBytes
        scratch = [UInt8](repeating: 0, count: layout.size)
    }

    /// Runs `body` with the archive form of the block at `address`: its bytes with every pointer
    /// slot zeroed (an address means nothing to a reader, and zeros keep archives of equal graphs
    /// equal) and, when ``swapsBytes``, every declared scalar reversed.
    func withArchivedBytes<Result>(
        of address: UnsafeRawPointer, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try scratch.withUnsafeMutableBytes { buffer in
            buffer.copyMemory(from: UnsafeRawBufferPointer(start: address, count: layout.size))
            for pointer in layout.pointers {
                buffer.storeBytes(of: 0, toByteOffset: pointer.offset, as: UInt.self)
            }
            if swapsBytes, let scalars = layout.scalars {
                ByteSwapping.reverse(scalars, in: buffer)
            }
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }
}
