import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// Archives record their byte order and pointer size; another byte order is read by swapping the
/// scalars the layouts declare, and refused when they declare none; another pointer size is refused.
@Suite struct ByteOrderTests {
    static let foreign: BlockByteOrder = BlockByteOrder.native == .littleEndian ? .bigEndian : .littleEndian

    @Test(arguments: Formats.all) func anArchiveOfTheOtherByteOrderIsSwapped(format: SerializationFormat) throws {
        let layouts = try FixtureLayouts.all()
        let writer = try FixtureLayouts.registry(layouts, byteOrder: Self.foreign)
        let reader = try FixtureLayouts.registry(layouts)
        var mixed = block_mixed_make(8, 3)
        defer { block_mixed_free(&mixed) }
        let tree = block_tree_make(4)
        defer { block_tree_free(tree) }
        let dlist = block_dlist_make(5)
        defer { block_dlist_free(dlist) }

        let mixedBack = try reader.decode(
            BlockGraph.self, from: writer.encode(BlockGraph(root: mixed.root), as: format), as: format)
        mixedBack.withRoot(as: Branch.self) {
            #expect(compareShapes(mixed.root, $0, rootKind: "Branch") == .success(11))
        }
        let treeBack = try reader.decode(
            BlockGraph.self, from: writer.encode(BlockGraph(root: tree), as: format), as: format)
        treeBack.withRoot(as: TreeNode.self) { #expect(compareShapes(tree, $0, rootKind: "TreeNode") == .success(15)) }
        let dlistBack = try reader.decode(
            BlockGraph.self, from: writer.encode(BlockGraph(root: dlist), as: format), as: format)
        dlistBack.withRoot(as: DListNode.self) {
            #expect(compareShapes(dlist, $0, rootKind: "DListNode") == .success(5))
        }
    }

    @Test func theScalarsReallyAreSwapped() throws {
        let writer = try FixtureLayouts.registry(FixtureLayouts.all(), byteOrder: Self.foreign)
        let list = block_list_make(2)
        defer { block_list_free(list) }
        let document = try ReadableCodec.document(
            from: Array(writer.encode(BlockGraph(root: list), as: .readable(.json)))
        ).document
        #expect(document["byteOrder"] == .string(Self.foreign.rawValue))
        // The second node's value is 4.
        let four: [UInt8] = Self.foreign == .bigEndian ? [0, 0, 0, 4] : [4, 0, 0, 0]
        guard let bytes = document["blocks", "1", "bytes"]?.bytes else {
            Issue.record("no bytes")
            return
        }
        #expect(Array(bytes[0..<4]) == four)
    }

    @Test func withoutScalarDeclarationsTheOtherByteOrderIsRefused() throws {
        let writer = try FixtureLayouts.registry(FixtureLayouts.all(), byteOrder: Self.foreign)
        let reader = try FixtureLayouts.registry(FixtureLayouts.withoutScalars())
        let list = block_list_make(3)
        defer { block_list_free(list) }
        for format in Formats.all {
            let data = try writer.encode(BlockGraph(root: list), as: format)
            let failure = try #require(throws: SerializationError.self) {
                try reader.decode(BlockGraph.self, from: data, as: format)
            }
            #expect(failure.kind == .unsupported)
            #expect(failure.expected.contains("layout ListNode to declare its scalars"))
            #expect(failure.path.suffix(2) == ["layouts", "0"])
        }
        // Nor can such layouts write the other order.
        let foreignWriter = try FixtureLayouts.registry(FixtureLayouts.withoutScalars(), byteOrder: Self.foreign)
        let failure = try #require(throws: SerializationError.self) {
            try foreignWriter.encode(BlockGraph(root: list), as: .kryo(.v2))
        }
        #expect(failure.kind == .unsupported)
        #expect(failure.expected.contains("declare its scalars"))
    }

    @Test func anArchiveOfAnotherPointerSizeIsRefused() throws {
        let registry = try FixtureLayouts.registry(FixtureLayouts.all())
        let list = block_list_make(3)
        defer { block_list_free(list) }
        var document = try ReadableCodec.document(
            from: Array(registry.encode(BlockGraph(root: list), as: .readable(.json)))
        ).document
        document.edit("pointerSize") { _ in .integer(4) }
        let failure = try #require(throws: SerializationError.self) {
            try ReadableCodec(registry: registry).decode(BlockGraph.self, from: document)
        }
        #expect(failure.kind == .unsupported)
        #expect(failure.expected.contains("8-byte pointers"))
        #expect(failure.found == "4-byte pointers")
    }
}
