import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// Layouts declared from Swift carry the C compiler's numbers; bad declarations, and graphs that
/// a layout set cannot describe, are thrown errors.
@Suite struct BlockLayoutTests {
    @Test func declarationsFromKeyPathsUseTheCompilersOffsets() throws {
        let list = try FixtureLayouts.listNode()
        #expect(list.name == "ListNode")
        #expect(list.size == MemoryLayout<ListNode>.size)
        #expect(list.alignment == MemoryLayout<ListNode>.alignment)
        #expect(
            list.pointers == [BlockPointer(offset: MemoryLayout<ListNode>.offset(of: \.next) ?? -1, to: "ListNode")])
        #expect(list.scalars == [BlockScalar(offset: 0, width: 4)])
        let branch = try FixtureLayouts.branch()
        #expect(branch.pointers.map(\.offset) == [8, 16, 24, 32, 40])
        #expect(branch.pointers.map(\.target) == ["Branch", "Branch", "Branch", "Leaf", "Leaf"])
        let leaf = try FixtureLayouts.leaf()
        #expect(leaf.alignment == 16)
        #expect(leaf.scalars == [BlockScalar(offset: 0, width: 4), BlockScalar(offset: 4, width: 4)])
        #expect(try BlockLayout(ListNode.self) { try $0.pointer(\.next) }.scalars == nil)
        #expect(
            try BlockLayout(ListNode.self, name: "Node") { node in
                try node.pointer(\.next, to: "Node")
                node.declaresScalars = true
            }.scalars == [])
    }

    @Test func badDeclarationsAreRefused() {
        func problem(_ declare: () throws -> BlockLayout) -> String? {
            do {
                _ = try declare()
                return nil
            } catch let error as SerializationError {
                return error.expected
            } catch {
                return "\(error)"
            }
        }
        #expect(
            problem {
                try BlockLayout(name: "A", size: 16, alignment: 8, pointers: [BlockPointer(offset: 12, to: "A")])
            }
                == "a pointer offset inside the 16-byte block (0…8)")
        #expect(
            problem { try BlockLayout(name: "A", size: 24, alignment: 8, pointers: [BlockPointer(offset: 4, to: "A")]) }
                == "a pointer offset that is a multiple of 8")
        #expect(
            problem {
                try BlockLayout(
                    name: "A", size: 24, alignment: 8,
                    pointers: [BlockPointer(offset: 8, to: "A"), BlockPointer(offset: 8, to: "A")])
            } == "pointers that do not overlap")
        #expect(
            problem { try BlockLayout(name: "A", size: 24, alignment: 12) } == "an alignment that is a power of two")
        #expect(
            problem { try BlockLayout(name: "A", size: 20, alignment: 8) }
                == "a size that is a multiple of the alignment 8")
        #expect(problem { try BlockLayout(name: "", size: 8, alignment: 8) } == "a layout name")
        #expect(
            problem {
                try BlockLayout(
                    name: "A", size: 16, alignment: 8, pointers: [BlockPointer(offset: 8, to: "A")],
                    scalars: [BlockScalar(offset: 6, width: 4)])
            } == "scalars that overlap no pointer")
        #expect(
            problem { try BlockLayout(name: "A", size: 16, alignment: 8, scalars: [BlockScalar(offset: 0, width: 3)]) }
                == "a scalar of 1, 2, 4 or 8 bytes")
        #expect(
            problem { try BlockLayout(name: "A", size: 4, alignment: 4, pointers: [BlockPointer(offset: 0, to: "A")]) }
                == "an alignment of at least 8 for a layout with pointers")
        // A key path that is not a stored field of the struct.
        #expect(
            problem { try BlockLayout(Pair.self) { try $0.pointer(\.computed, to: "Pair") } }
                == "a key path to a stored field of Pair")
    }

    @Test func layoutSetsNameEveryTarget() throws {
        let a = try BlockLayout(name: "A", size: 16, alignment: 8, pointers: [BlockPointer(offset: 0, to: "B")])
        let problem = try #require(throws: SerializationError.self) { try BlockLayouts([a]) }
        #expect(problem.found == "a pointer to B at offset 0 in layout A")
        let twice = try #require(throws: SerializationError.self) { try BlockLayouts([a, a]) }
        #expect(twice.found == "A twice")
    }

    @Test func graphsTheLayoutsCannotDescribeAreRefused() throws {
        let a = try BlockLayout(
            name: "A", size: 32, alignment: 8,
            pointers: [BlockPointer(offset: 0, to: "A"), BlockPointer(offset: 8, to: "B")])
        let b = try BlockLayout(name: "B", size: 8, alignment: 8)
        let registry = try FixtureLayouts.registry(BlockLayouts([a, b]))
        let block = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        defer { block.deallocate() }
        block.initializeMemory(as: UInt8.self, repeating: 0, count: 32)

        // The same address reached as an A and as a B.
        block.storeBytes(of: block, toByteOffset: 0, as: UnsafeMutableRawPointer.self)
        block.storeBytes(of: block, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        let twoLayouts = try #require(throws: SerializationError.self) {
            try registry.encode(BlockGraph(root: block, layout: "A"), as: .kryo(.v2))
        }
        #expect(twoLayouts.found == "A and B")

        // A pointer into the middle of another block.
        block.storeBytes(of: nil, toByteOffset: 0, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: block + 16, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        let inside = try #require(throws: SerializationError.self) {
            try registry.encode(BlockGraph(root: block, layout: "A"), as: .kryo(.v2))
        }
        #expect(inside.expected == "blocks that do not overlap (pointers to the start of a block only)")

        // A root of a layout the set does not hold, and a misaligned root.
        let unknown = try #require(throws: SerializationError.self) {
            try registry.encode(BlockGraph(root: block, layout: "C"), as: .kryo(.v2))
        }
        #expect(unknown.found == "C at the root")
        let misaligned = try #require(throws: SerializationError.self) {
            try registry.encode(BlockGraph(root: block + 4, layout: "B"), as: .kryo(.v2))
        }
        #expect(misaligned.expected == "a block of layout B aligned to 8")
    }

    @Test(arguments: Formats.all) func blocksAreAllocatedWithTheirLayoutsAlignment(format: SerializationFormat) throws {
        // A cycle of two 64-byte blocks aligned to 64, declared by numbers.
        let wide = try BlockLayout(
            name: "Wide", size: 64, alignment: 64, pointers: [BlockPointer(offset: 56, to: "Wide")],
            scalars: [BlockScalar(offset: 0, width: 8)])
        let registry = try FixtureLayouts.registry(BlockLayouts([wide]))
        let first = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        let second = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        defer {
            first.deallocate()
            second.deallocate()
        }
        for (block, other, number) in [(first, second, 11), (second, first, 22)] {
            block.initializeMemory(as: UInt8.self, repeating: UInt8(number), count: 56)
            block.storeBytes(of: Int64(number), as: Int64.self)
            block.storeBytes(of: other, toByteOffset: 56, as: UnsafeMutableRawPointer.self)
        }
        let back = try registry.decode(
            BlockGraph.self, from: registry.encode(BlockGraph(root: first, layout: "Wide"), as: format), as: format)
        let root = try #require(back.root)
        let next = root.load(fromByteOffset: 56, as: UnsafeMutableRawPointer.self)
        #expect(Int(bitPattern: root) % 64 == 0 && Int(bitPattern: next) % 64 == 0)
        #expect(root.load(as: Int64.self) == 11 && next.load(as: Int64.self) == 22)
        #expect(next.load(fromByteOffset: 56, as: UnsafeMutableRawPointer.self) == root)
        #expect(root.load(fromByteOffset: 20, as: UInt8.self) == 11)
        withExtendedLifetime(back) {}
    }
}

/// A Swift struct with a computed property, for the key path check.
struct Pair {
    var next: UnsafeMutablePointer<Pair>?
    var computed: UnsafeMutableRawPointer? { nil }
}
