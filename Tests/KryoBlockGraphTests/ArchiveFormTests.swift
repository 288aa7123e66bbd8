import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// The archive form that Docs/BlockGraphs.md describes, as the readable backend shows it.
@Suite struct ArchiveFormTests {
    let registry: Registry
    init() throws { registry = try FixtureLayouts.registry(FixtureLayouts.all()) }

    @Test func aDoublyLinkedListAsAReadableDocument() throws {
        let list = block_dlist_make(3)
        defer { block_dlist_free(list) }
        let json = try registry.encode(BlockGraph(root: list), as: .readable(.json))
        let document = try ReadableCodec.document(from: Array(json)).document
        #expect(document["$class"] == .string("swiftkryo.BlockGraph"))
        #expect(document["version"] == .integer(1))
        #expect(document["byteOrder"] == .string(BlockByteOrder.native.rawValue))
        #expect(document["pointerSize"] == .integer(Int64(MemoryLayout<UnsafeRawPointer>.size)))
        // One layout record, as C laid the struct out.
        #expect(document["layouts", "0", "name"] == .string("DListNode"))
        #expect(document["layouts", "0", "size"] == .integer(Int64(MemoryLayout<DListNode>.size)))
        #expect(document["layouts", "0", "pointerOffsets"] == .array([.integer(0), .integer(16)]))
        #expect(document["layouts", "0", "pointerTargets"] == .array([.string("DListNode"), .string("DListNode")]))
        #expect(document["layouts", "0", "scalarOffsets"] == .array([.integer(8), .integer(30)]))
        // Three blocks, their pointer slots zeroed.
        guard case .array(let blocks)? = document["blocks"], let first = blocks.first?["bytes"]?.bytes else {
            Issue.record("no blocks")
            return
        }
        #expect(blocks.count == 3)
        #expect(first.count == 32)
        #expect(first[0..<8].allSatisfy { $0 == 0 } && first[16..<24].allSatisfy { $0 == 0 })
        #expect(Array(first[24..<29]) == Array("dnode".utf8))
        // Links: prev and next of each block, as references to the listed blocks.
        let alias = { (path: String) in ReadableValue.dictionary(["$alias": .string(path)]) }
        #expect(document["linksByNumber"] == .bool(false))
        #expect(
            document["links"]
                == .array([.null, alias("blocks.1"), alias("blocks.0"), alias("blocks.2"), alias("blocks.1"), .null]))
    }

    @Test func withReferencesOffLinksAreNumbers() throws {
        var options = SerializationOptions()
        options.references = false
        let list = block_dlist_make(3)
        defer { block_dlist_free(list) }
        let json = try registry.encode(BlockGraph(root: list), as: .readable(.json), options: options)
        let document = try ReadableCodec.document(from: Array(json)).document
        #expect(document["linksByNumber"] == .bool(true))
        #expect(document["linkCount"] == .integer(6))
        #expect(document["links"] == .array([0, 2, 1, 3, 2, 0].map { .integer($0) }))
    }

    @Test func theBinaryFormIsCompact() throws {
        // Kryo binary: each block costs its bytes and a few bytes of framing; each link a varint.
        let list = block_list_make(1000)
        defer { block_list_free(list) }
        let bytes = try registry.encode(BlockGraph(root: list), as: .kryo(.v2))
        #expect(bytes.count < 1000 * (MemoryLayout<ListNode>.size + 8))
    }
}
