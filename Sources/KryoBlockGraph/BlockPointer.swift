/// A pointer slot of a ``BlockLayout``: where in the block the pointer lies, and the layout of the
/// block it points at (or `NULL`).
public struct BlockPointer: Sendable, Hashable {
    /// The byte offset of the pointer from the start of the block.
    public var offset: Int
    /// The ``BlockLayout/name`` of the blocks the pointer points at.
    public var target: String

    /// A pointer at `offset` to blocks of the layout named `target`.
    public init(offset: Int, to target: String) {
        self.offset = offset
        self.target = target
    }
}
