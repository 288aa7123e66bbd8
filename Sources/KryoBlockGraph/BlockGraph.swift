/// A graph of C structs joined by pointers, reached from a root block: the value a
/// ``BlockGraphSerializer`` archives.
///
/// To archive a graph the C side owns, describe its root:
///
/// ```swift
/// let list: UnsafeMutablePointer<ListNode> = make_list(100)
/// let bytes = try registry.encode(BlockGraph(root: list), as: .kryo(.v2))
/// ```
///
/// A decoded graph owns its blocks: ``owner`` frees them all when the last copy of the graph is
/// released. Use the blocks only while the graph is alive — ``withRoot(as:_:)`` keeps it alive for
/// the closure — and never free them with C's `free`.
public struct BlockGraph {
    /// The root block, or `nil` for an empty graph.
    public let root: UnsafeMutableRawPointer?
    /// The ``BlockLayout/name`` of the root block.
    public let rootLayout: String
    /// The owner of the blocks of a decoded graph; `nil` for a graph whose memory belongs to the
    /// caller.
    public let owner: BlockGraphOwner?

    /// A graph whose memory the caller owns, rooted at `root`, a block of the layout `rootLayout`.
    public init(root: UnsafeRawPointer?, layout rootLayout: String) {
        self.root = root.map { UnsafeMutableRawPointer(mutating: $0) }
        self.rootLayout = rootLayout
        owner = nil
    }

    /// A graph whose memory the caller owns, rooted at the struct `root` points at.
    ///
    /// - Parameters:
    ///   - root: The root struct; `nil` for an empty graph.
    ///   - rootLayout: The root's layout; the struct's Swift name by default.
    public init<Struct>(root: UnsafePointer<Struct>?, layout rootLayout: String? = nil) {
        self.init(root: UnsafeRawPointer(root), layout: rootLayout ?? String(describing: Struct.self))
    }

    /// A graph whose memory the caller owns, rooted at the struct `root` points at.
    ///
    /// - Parameters:
    ///   - root: The root struct; `nil` for an empty graph.
    ///   - rootLayout: The root's layout; the struct's Swift name by default.
    public init<Struct>(root: UnsafeMutablePointer<Struct>?, layout rootLayout: String? = nil) {
        self.init(root: UnsafeRawPointer(root), layout: rootLayout ?? String(describing: Struct.self))
    }

    /// A decoded graph.
    init(root: UnsafeMutableRawPointer?, layout rootLayout: String, owner: BlockGraphOwner) {
        self.root = root
        self.rootLayout = rootLayout
        self.owner = owner
    }

    /// Runs `body` with the root as a typed pointer, keeping the graph (and so its blocks) alive
    /// until `body` returns.
    public func withRoot<Struct, Result>(
        as type: Struct.Type, _ body: (UnsafeMutablePointer<Struct>?) throws -> Result
    ) rethrows -> Result {
        try withExtendedLifetime(self) {
            try body(root?.bindMemory(to: Struct.self, capacity: 1))
        }
    }
}
