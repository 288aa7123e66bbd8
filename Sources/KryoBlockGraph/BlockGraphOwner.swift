/// Owns the blocks of a decoded ``BlockGraph`` and frees every one of them, once, when released.
public final class BlockGraphOwner {
    /// The blocks, in the order the archive lists them (the root first).
    private var blocks: [UnsafeMutableRawPointer] = []

    init(capacity: Int) {
        blocks.reserveCapacity(capacity)
    }

    /// The number of blocks owned.
    public var blockCount: Int { blocks.count }

    /// Allocates a block of `size` bytes aligned to `alignment`, owned from now on.
    func allocate(size: Int, alignment: Int) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: alignment)
        blocks.append(block)
        return block
    }

    /// The block at `index` of the archive's list.
    func block(at index: Int) -> UnsafeMutableRawPointer { blocks[index] }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
