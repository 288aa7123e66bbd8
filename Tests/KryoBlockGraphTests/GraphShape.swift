import CBlockFixtures
import SwiftKryo

/// How to compare two blocks of one C struct field by field, and which pointers a block holds.
struct BlockKind: Sendable {
    let alignment: Int
    let sameFields: @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    let pointers: @Sendable (UnsafeRawPointer) -> [(UnsafeRawPointer?, String)]

    init<Struct>(
        _ type: Struct.Type, sameFields: @escaping @Sendable (Struct, Struct) -> Bool,
        pointers: @escaping @Sendable (Struct) -> [(UnsafeRawPointer?, String)]
    ) {
        alignment = MemoryLayout<Struct>.alignment
        self.sameFields = { a, b in
            sameFields(a.assumingMemoryBound(to: Struct.self).pointee, b.assumingMemoryBound(to: Struct.self).pointee)
        }
        self.pointers = { block in pointers(block.assumingMemoryBound(to: Struct.self).pointee) }
    }

    /// The fixtures' structs.
    static let fixtures: [String: BlockKind] = [
        "ListNode": BlockKind(ListNode.self) {
            $0.value == $1.value
        } pointers: {
            [(UnsafeRawPointer($0.next), "ListNode")]
        },
        "DListNode": BlockKind(DListNode.self) { a, b in
            a.id == b.id && a.flags == b.flags && bytes(a.tag) == bytes(b.tag)
        } pointers: {
            [(UnsafeRawPointer($0.prev), "DListNode"), (UnsafeRawPointer($0.next), "DListNode")]
        },
        "TreeNode": BlockKind(TreeNode.self) { a, b in
            a.key == b.key && a.depth == b.depth && a.color == b.color
        } pointers: { node in
            [
                (UnsafeRawPointer(node.left), "TreeNode"), (UnsafeRawPointer(node.right), "TreeNode"),
                (UnsafeRawPointer(node.parent), "TreeNode"),
            ]
        },
        "Branch": BlockKind(Branch.self) {
            $0.id == $1.id
        } pointers: { branch in
            [
                (UnsafeRawPointer(branch.next), "Branch"), (UnsafeRawPointer(branch.children.0), "Branch"),
                (UnsafeRawPointer(branch.children.1), "Branch"), (UnsafeRawPointer(branch.leaf), "Leaf"),
                (UnsafeRawPointer(branch.spare), "Leaf"),
            ]
        },
        "Leaf": BlockKind(Leaf.self) { a, b in
            a.id == b.id && a.weight == b.weight && bytes(a.label) == bytes(b.label)
        } pointers: { _ in
            []
        },
    ]

    private static func bytes<Tuple>(_ tuple: Tuple) -> [UInt8] {
        withUnsafeBytes(of: tuple) { Array($0) }
    }
}

/// Walks an original graph and its copy in step from their roots: every pair of blocks must have
/// equal fields, every pair of pointers must both be `NULL` or lead to a pair already matched (or
/// new to both), and the copy's blocks must be other memory, aligned as their struct requires.
/// The result is the number of blocks matched, or the first difference.
func compareShapes(
    _ original: UnsafeRawPointer?, _ copy: UnsafeRawPointer?, rootKind: String,
    kinds: [String: BlockKind] = BlockKind.fixtures
) -> Result<Int, ShapeDifference> {
    var forward: [UnsafeRawPointer: UnsafeRawPointer] = [:]
    var backward: [UnsafeRawPointer: UnsafeRawPointer] = [:]
    var queue: [(UnsafeRawPointer, UnsafeRawPointer, String)] = []
    func pair(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ kind: String) -> ShapeDifference? {
        guard let a, let b else {
            return a == nil && b == nil ? nil : ShapeDifference("a NULL pointer on one side only (\(kind))")
        }
        if let known = forward[a] {
            return known == b ? nil : ShapeDifference("a shared \(kind) is not shared in the copy")
        }
        if backward[b] != nil { return ShapeDifference("two \(kind) blocks became one") }
        if a == b { return ShapeDifference("the copy points into the original (\(kind))") }
        guard let alignment = kinds[kind]?.alignment, Int(bitPattern: b) % alignment == 0 else {
            return ShapeDifference("a \(kind) copy misaligned")
        }
        forward[a] = b
        backward[b] = a
        queue.append((a, b, kind))
        return nil
    }
    if let problem = pair(original, copy, rootKind) { return .failure(problem) }
    var next = 0
    while next < queue.count {
        let (a, b, name) = queue[next]
        next += 1
        guard let kind = kinds[name] else { return .failure(ShapeDifference("no kind \(name)")) }
        guard kind.sameFields(a, b) else { return .failure(ShapeDifference("fields of a \(name) differ")) }
        for (left, right) in zip(kind.pointers(a), kind.pointers(b)) {
            if let problem = pair(left.0, right.0, left.1) { return .failure(problem) }
        }
    }
    return .success(queue.count)
}

/// The first difference between two graphs.
struct ShapeDifference: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
