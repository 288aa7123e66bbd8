/// The key path from a document's root to the value being written, kept as a tree of components
/// so that where an object was written is one number (an alias names it later), not a copy of
/// the path.
///
/// Each component pushed is a node pointing at its parent. A node is dropped when it is popped,
/// unless a kept path (``keepCurrent()``) runs through it or a node after it, so the tree holds
/// the paths of the objects written so far and the current one. A list's element is its index,
/// spelt out only when a path through it is asked for (an alias, an error).
struct WrittenKeyPaths {
    private enum Component {
        case key(String)
        case index(Int)

        var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    private var components: [Component] = []
    private var parents: [Int32] = []
    /// The node of the current path's last component; -1 at the root.
    private var tip: Int32 = -1
    /// Nodes below this index are on a kept path, or before one.
    private var kept = 0

    init() {
        components.reserveCapacity(32)
        parents.reserveCapacity(32)
    }

    /// Adds `component` to the current path.
    mutating func push(_ component: String) { push(.key(component)) }

    /// Adds a list's element, by its index, to the current path.
    mutating func push(index: Int) { push(.index(index)) }

    private mutating func push(_ component: Component) {
        components.append(component)
        parents.append(tip)
        tip = Int32(truncatingIfNeeded: components.count - 1)
    }

    /// Removes the current path's last component.
    mutating func pop() {
        let node = Int(tip)
        tip = parents[node]
        if node == components.count - 1, node >= kept {
            components.removeLast()
            parents.removeLast()
        }
    }

    /// Keeps the current path, and returns the number that ``components(of:)`` gives it back by.
    mutating func keepCurrent() -> Int32 {
        kept = max(kept, Int(tip) + 1)
        return tip
    }

    /// The components of the path numbered `mark`, from the root.
    func components(of mark: Int32) -> [String] {
        var path: [String] = []
        var node = mark
        while node >= 0 {
            path.append(components[Int(node)].text)
            node = parents[Int(node)]
        }
        path.reverse()
        return path
    }

    /// The components of the current path, from the root.
    var current: [String] { components(of: tip) }
}
