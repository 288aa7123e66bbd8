import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// Graphs of C structs built by C round-trip in every backend to structurally identical graphs:
/// equal fields, the same pointer shape (sharing and cycles included), new aligned memory that C
/// code walks as its own.
@Suite struct BlockGraphRoundTripTests {
    let registry: Registry
    init() throws { registry = try FixtureLayouts.registry(FixtureLayouts.all()) }

    /// Encodes `graph` in `format` and decodes it again.
    func roundTrip(_ graph: BlockGraph, _ format: SerializationFormat, options: SerializationOptions = .default)
        throws -> BlockGraph
    {
        let data = try registry.encode(graph, as: format, options: options)
        return try registry.decode(BlockGraph.self, from: data, as: format, options: options)
    }

    @Test(arguments: Formats.all) func singlyLinkedList(format: SerializationFormat) throws {
        let list = block_list_make(40)
        defer { block_list_free(list) }
        let back = try roundTrip(BlockGraph(root: list), format)
        #expect(back.rootLayout == "ListNode")
        #expect(back.owner?.blockCount == 40)
        back.withRoot(as: ListNode.self) { copy in
            #expect(block_list_compare(list, copy) == -1)
            #expect(block_list_length(copy) == 40)
            #expect(compareShapes(list, copy, rootKind: "ListNode") == .success(40))
            #expect(copy?.pointee.value == -3)
            #expect(copy?.pointee.next.pointee.value == 4)
        }
    }

    @Test(arguments: Formats.all) func doublyLinkedListSharesEveryNodeTwice(format: SerializationFormat) throws {
        let list = block_dlist_make(25)
        defer { block_dlist_free(list) }
        let back = try roundTrip(BlockGraph(root: list), format)
        #expect(back.owner?.blockCount == 25)
        back.withRoot(as: DListNode.self) { copy in
            #expect(block_dlist_check(copy) == 25)
            #expect(compareShapes(list, copy, rootKind: "DListNode") == .success(25))
            let second = copy?.pointee.next
            #expect(second?.pointee.prev == copy)
            #expect(second?.pointee.id == Int64(999_926))
            #expect(second?.pointee.flags == 0xA501)
        }
    }

    @Test(arguments: Formats.all) func binaryTreeWithParentPointers(format: SerializationFormat) throws {
        let tree = block_tree_make(6)
        defer { block_tree_free(tree) }
        let back = try roundTrip(BlockGraph(root: tree), format)
        #expect(back.owner?.blockCount == 63)
        back.withRoot(as: TreeNode.self) { copy in
            #expect(block_tree_check(copy) == 63)
            #expect(compareShapes(tree, copy, rootKind: "TreeNode") == .success(63))
            #expect(copy?.pointee.parent == nil)
            #expect(copy?.pointee.left.pointee.parent == copy)
            #expect(copy?.pointee.left.pointee.depth == 1)
        }
    }

    @Test(arguments: Formats.all) func graphMixingTwoNodeTypes(format: SerializationFormat) throws {
        var mixed = block_mixed_make(12, 5)
        defer { block_mixed_free(&mixed) }
        let back = try roundTrip(BlockGraph(root: mixed.root), format)
        #expect(back.owner?.blockCount == 17)
        back.withRoot(as: Branch.self) { copy in
            #expect(block_mixed_checksum(copy) == block_mixed_checksum(mixed.root))
            #expect(compareShapes(mixed.root, copy, rootKind: "Branch") == .success(17))
            // Branch 0 is its own second child; leaves are shared and aligned to 16 bytes.
            #expect(copy?.pointee.children.1 == copy)
            let leaf = copy?.pointee.leaf
            #expect(leaf?.pointee.id == 0xC0DE_0000)
            #expect(Int(bitPattern: leaf) % 16 == 0)
            #expect(
                copy?.pointee.next.pointee.next.pointee.spare
                    == copy?.pointee.next.pointee.next.pointee.next.pointee.leaf)
        }
    }

    @Test func theCopyOutlivesTheOriginal() throws {
        let list = block_dlist_make(10)
        let back = try roundTrip(BlockGraph(root: list), .kryo(.v2))
        block_dlist_free(list)
        back.withRoot(as: DListNode.self) { copy in
            #expect(block_dlist_check(copy) == 10)
            #expect(copy?.pointee.next.pointee.next.pointee.tag.5 == CChar(UInt8(ascii: "c")))
        }
    }

    @Test(arguments: Formats.all) func anEmptyGraph(format: SerializationFormat) throws {
        let back = try roundTrip(BlockGraph(root: UnsafePointer<TreeNode>?.none), format)
        #expect(back.root == nil)
        #expect(back.rootLayout == "TreeNode")
        #expect(back.owner?.blockCount == 0)
    }

    @Test(arguments: [SerializationFormat.kryo(.v2), .keyedArchive(.binary), .readable(.json)])
    func referencesOffLinkBlocksByNumber(format: SerializationFormat) throws {
        var options = SerializationOptions()
        options.references = false
        var mixed = block_mixed_make(9, 4)
        defer { block_mixed_free(&mixed) }
        let back = try roundTrip(BlockGraph(root: mixed.root), format, options: options)
        back.withRoot(as: Branch.self) { copy in
            #expect(compareShapes(mixed.root, copy, rootKind: "Branch") == .success(13))
        }
        let list = block_dlist_make(7)
        defer { block_dlist_free(list) }
        let dlist = try roundTrip(BlockGraph(root: list), format, options: options)
        dlist.withRoot(as: DListNode.self) { copy in #expect(block_dlist_check(copy) == 7) }
    }

    @Test(arguments: Formats.all) func registrationRequiredNeedsNothingMore(format: SerializationFormat) throws {
        var options = SerializationOptions()
        options.registrationRequired = true
        let tree = block_tree_make(3)
        defer { block_tree_free(tree) }
        let back = try roundTrip(BlockGraph(root: tree), format, options: options)
        back.withRoot(as: TreeNode.self) { #expect(block_tree_check($0) == 7) }
    }

    @Test(arguments: [SerializationFormat.kryo(.v2), .keyedArchive(.xml), .readable(.json)])
    func archivesOfEqualGraphsAreEqual(format: SerializationFormat) throws {
        // Pointer slots are archived as zeros: no address leaks into the bytes, and the copy
        // archives to exactly what the original did.
        let tree = block_tree_make(4)
        defer { block_tree_free(tree) }
        let first = try registry.encode(BlockGraph(root: tree), as: format)
        let back = try registry.decode(BlockGraph.self, from: first, as: format)
        let second = try registry.encode(back, as: format)
        #expect(first == second)
    }

    @Test func graphsInsideOtherValuesShareNothing() throws {
        // Two graphs in one call: each rebuilds its own blocks.
        let list = block_list_make(3)
        let tree = block_tree_make(2)
        defer {
            block_list_free(list)
            block_tree_free(tree)
        }
        for format in Formats.all {
            let data = try registry.encode([BlockGraph(root: list), BlockGraph(root: tree)] as [Any], as: format)
            let back = try registry.decode([Any?].self, from: data, as: format)
            let graphs = back.compactMap { $0 as? BlockGraph }
            #expect(graphs.count == 2)
            #expect(graphs.map(\.rootLayout) == ["ListNode", "TreeNode"])
            graphs[0].withRoot(as: ListNode.self) { #expect(block_list_compare(list, $0) == -1) }
            graphs[1].withRoot(as: TreeNode.self) { #expect(block_tree_check($0) == 3) }
        }
    }
}
