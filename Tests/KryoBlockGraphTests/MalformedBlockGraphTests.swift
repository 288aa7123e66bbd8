import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// Archives that lie — about blocks, sizes, layouts, links — give thrown errors that say what was
/// expected, what was found and where, never a crash (run these under AddressSanitizer too).
@Suite struct MalformedBlockGraphTests {
    let registry: Registry
    let codec: ReadableCodec
    /// A list of three `ListNode`s as a readable document.
    let list: ReadableValue
    /// A mixed graph (3 branches, 2 leaves) as a readable document.
    let mixed: ReadableValue

    init() throws {
        registry = try FixtureLayouts.registry(FixtureLayouts.all())
        codec = ReadableCodec(registry: registry)
        let nodes = block_list_make(3)
        defer { block_list_free(nodes) }
        list = try codec.document(BlockGraph(root: nodes))
        var graph = block_mixed_make(3, 2)
        defer { block_mixed_free(&graph) }
        mixed = try codec.document(BlockGraph(root: graph.root))
    }

    /// The error decoding `document` after `edit` throws.
    func failure(_ document: ReadableValue, _ edit: (inout ReadableValue) -> Void) throws -> SerializationError {
        var edited = document
        edit(&edited)
        return try #require(throws: SerializationError.self) { try codec.decode(BlockGraph.self, from: edited) }
    }

    @Test func theUneditedDocumentsDecode() throws {
        #expect(try codec.decode(BlockGraph.self, from: list).owner?.blockCount == 3)
        #expect(try codec.decode(BlockGraph.self, from: mixed).owner?.blockCount == 5)
    }

    @Test func aPointerSlotReferringToAMissingBlock() throws {
        let missing = try failure(list) { $0.edit("links", "0") { _ in .alias("blocks.9") } }
        #expect(missing.kind == .invalidReference)
        #expect(missing.path == ["links", "0"])
        // A block that the links introduce but the block list does not hold.
        let unlisted = try failure(list) { document in
            let block = document["blocks", "1"]
            document.edit("links", "0") { _ in block }
        }
        #expect(unlisted.kind == .invalidReference)
        #expect(unlisted.found == "a block the list does not hold")
        #expect(unlisted.path == ["links", "0"])
    }

    @Test func aPointerSlotReferringToABlockOfAnotherLayout() throws {
        // The root branch's slots: next, children[0], children[1], leaf, spare; leaf gets a branch.
        let wrong = try failure(mixed) { $0.edit("links", "3") { _ in .alias("blocks.0") } }
        #expect(wrong.kind == .typeMismatch)
        #expect(wrong.expected == "a block of layout Leaf (offset 32 of block 0)")
        #expect(wrong.found == "block 0, of layout Branch")
        #expect(wrong.path == ["links", "3"])
    }

    @Test func aBlockOfTheWrongSize() throws {
        let short = try failure(list) { document in
            document.edit("blocks", "1", "size") { _ in .integer(8) }
            document.edit("blocks", "1", "bytes") { _ in .jsonData([UInt8](repeating: 1, count: 8)) }
        }
        #expect(short.kind == .invalidValue)
        #expect(short.expected == "16 bytes (the size of layout ListNode)")
        #expect(short.found == "8")
        #expect(short.path == ["blocks", "1"])
        // A size that disagrees with the bytes themselves.
        let disagreeing = try failure(list) { $0.edit("blocks", "1", "size") { _ in .integer(20) } }
        #expect(disagreeing.kind == .invalidValue)
        #expect(disagreeing.expected == "20 bytes")
        #expect(disagreeing.path == ["blocks", "1", "bytes"])
    }

    @Test func aPointerOffsetOutsideTheBlock() throws {
        let outside = try failure(list) { $0.edit("layouts", "0", "pointerOffsets") { _ in .integers([400]) } }
        #expect(outside.kind == .invalidValue)
        #expect(outside.expected == "a pointer offset inside the 16-byte block (0…8)")
        #expect(outside.found == "400 in layout ListNode")
        #expect(outside.path == ["layouts", "0"])
        let negative = try failure(list) { $0.edit("layouts", "0", "pointerOffsets") { _ in .integers([-8]) } }
        #expect(negative.found == "-8 in layout ListNode")
    }

    @Test func aMisalignedPointerOffset() throws {
        let misaligned = try failure(list) { $0.edit("layouts", "0", "pointerOffsets") { _ in .integers([4]) } }
        #expect(misaligned.kind == .invalidValue)
        #expect(misaligned.expected == "a pointer offset that is a multiple of 8")
        #expect(misaligned.path == ["layouts", "0"])
    }

    @Test func anUnknownLayoutIndexOrName() throws {
        let index = try failure(list) { $0.edit("blocks", "2", "layout") { _ in .integer(3) } }
        #expect(index.kind == .invalidValue)
        #expect(index.expected == "a layout index below 1 (the layout table's size)")
        #expect(index.path == ["blocks", "2"])
        let name = try failure(list) { $0.edit("layouts", "0", "name") { _ in .string("Mystery") } }
        #expect(name.kind == .invalidValue)
        #expect(name.found == "Mystery")
        #expect(name.path == ["layouts", "0"])
        let twice = try failure(mixed) { document in
            let first = document["layouts", "0"]
            document.edit("layouts", "1") { _ in first }
        }
        #expect(twice.expected == "each layout once in the table")
        let none = try failure(list) { $0.edit("layouts") { _ in .array([]) } }
        #expect(none.expected == "a layout table holding at least the root's layout")
    }

    @Test func aLayoutThatDiffersFromThisProgramsDeclaration() throws {
        let differing = try failure(list) { document in
            document.edit("layouts", "0", "size") { _ in .integer(24) }
        }
        #expect(differing.kind == .typeMismatch)
        #expect(differing.expected.hasPrefix("layout ListNode (16 bytes"))
        #expect(differing.found.hasPrefix("ListNode (24 bytes"))
        let scalars = try failure(list) { $0.edit("layouts", "0", "scalarWidths") { _ in .integers([2]) } }
        #expect(scalars.kind == .typeMismatch)
    }

    @Test func theWrongNumberOfLinks() throws {
        let missing = try failure(list) { $0.edit("links", "2") { _ in nil } }
        #expect(missing.kind == .invalidValue)
        #expect(missing.expected == "3 links (one per pointer slot of the blocks)")
        #expect(missing.found == "2")
    }

    @Test func aBlockListedTwiceOrARootOfAnotherLayout() throws {
        let twice = try failure(list) { $0.edit("blocks", "2") { _ in .alias("blocks.1") } }
        #expect(twice.kind == .invalidReference)
        #expect(twice.expected == "each block listed once")
        #expect(twice.path == ["blocks", "2"])
        let root = try failure(mixed) { $0.edit("blocks", "0", "layout") { _ in .integer(1) } }
        #expect(root.expected == "a root block of the first layout of the table (Branch)")
    }

    @Test func badHeaders() throws {
        let version = try failure(list) { $0.edit("version") { _ in .integer(2) } }
        #expect(version.kind == .unsupported)
        #expect(version.found == "2")
        let order = try failure(list) { $0.edit("byteOrder") { _ in .string("middleEndian") } }
        #expect(order.kind == .invalidValue)
        #expect(order.found == "middleEndian")
    }

    @Test func linkNumbersOutOfRange() throws {
        var options = SerializationOptions()
        options.references = false
        let codec = ReadableCodec(registry: registry, options: options)
        let nodes = block_list_make(3)
        defer { block_list_free(nodes) }
        var document = try codec.document(BlockGraph(root: nodes))
        document.edit("links", "1") { _ in .integer(99) }
        let failure = try #require(throws: SerializationError.self) {
            try codec.decode(BlockGraph.self, from: document)
        }
        #expect(failure.kind == .invalidReference)
        #expect(failure.expected == "0 or the number of one of the 3 blocks")
        #expect(failure.found == "99")
        #expect(failure.path == ["links", "1"])
    }

    /// Every truncation of a Kryo binary archive throws; every single-byte corruption throws a
    /// `SerializationError` or decodes to a graph whose pointers all lead to its own blocks.
    @Test(arguments: [true, false]) func corruptedKryoBytes(references: Bool) throws {
        var options = SerializationOptions()
        options.references = references
        var graph = block_mixed_make(6, 3)
        defer { block_mixed_free(&graph) }
        let bytes = try registry.encode(BlockGraph(root: graph.root), as: .kryo(.v2), options: options)
        for length in 0..<bytes.count {
            #expect(throws: SerializationError.self) {
                try registry.decode(BlockGraph.self, from: bytes.prefix(length), as: .kryo(.v2), options: options)
            }
        }
        var decoded = 0
        for index in bytes.indices {
            for mask: UInt8 in [0x01, 0x40, 0xFF] {
                var corrupted = bytes
                corrupted[index] ^= mask
                do {
                    let back = try registry.decode(BlockGraph.self, from: corrupted, as: .kryo(.v2), options: options)
                    decoded += 1
                    // Walk it all: under AddressSanitizer, any pointer outside its blocks would show.
                    _ = back.withRoot(as: Branch.self) { compareShapes(graph.root, $0, rootKind: "Branch") }
                } catch is SerializationError {
                } catch {
                    Issue.record("not a SerializationError: \(error)")
                }
            }
        }
        // Most corruptions of the blocks' bytes still decode; of the framing, they throw.
        #expect(decoded > 0 && decoded < bytes.count * 3)
    }
}
