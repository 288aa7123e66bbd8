import KryoBinary
import KryoCore
import SwiftKryo
import Synchronization
import Testing

/// The Kryo reader's table of numbered objects (`ReadObjects`) keeps its entries in blocks: an
/// object's number picks its block and its place there, and the registration it was read with
/// shares a word with the flag that says its value is stored. Objects on every side of a block's
/// edge, and a table emptied and used again, must give back what was stored where it was stored.
@Suite struct ReadObjectsTests {
    final class Node: Schematized {
        var id: Int32 = 0
        var parent: Node?
        init() {}
        static let schema = Schema<Node>(java: "test.ReadObjectsNode") {
            Field("id", \.id)
            Field("parent", \.parent)
        }
    }

    final class Tracked {
        let number: Int
        let onDeinit: @Sendable () -> Void
        init(_ number: Int, onDeinit: @escaping @Sendable () -> Void) {
            self.number = number
            self.onDeinit = onDeinit
        }
        deinit { onDeinit() }
    }

    static func registry() throws -> Registry {
        try Registry {
            Register([Any?].self, id: 10)
            Register(Node.self, id: 20)
            Register(SampleBean.self, id: 21)
        }
    }

    @Test func entriesOnEitherSideOfEachBlockEdgeKeepTheirValueAndRegistration() throws {
        let registry = try Self.registry()
        let node = try #require(registry.registration(for: Node.self))
        let bean = try #require(registry.registration(for: SampleBean.self))
        var table = ReadObjects()
        defer { table.free() }
        let size = ReadObjects.blockSize
        let total = 3 * size + 5
        for round in 0..<2 {
            // Pending objects of two registrations, and strings numbered once read, in turn.
            for index in 0..<total {
                switch index % 3 {
                case 0: #expect(table.appendPending(readAs: node) == index)
                case 1: #expect(table.appendPending(readAs: bean) == index)
                default: table.append("s\(index)")
                }
            }
            #expect(table.count == total)
            #expect(table.blockCount == 4)
            for index in 0..<total where index % 3 != 2 {
                #expect(!table.isRead(at: index))
                #expect(table.value(at: index) == nil)
                table.store(index + round, at: index)
            }
            // Stored a second time: the first value is replaced, not leaked or kept.
            table.store(-1, at: size)
            for index in 0..<total {
                #expect(table.isRead(at: index))
                let expected: AnyHashable =
                    index == size ? -1 : index % 3 == 2 ? AnyHashable("s\(index)") : AnyHashable(index + round)
                #expect(table.readValue(at: index) as? AnyHashable == expected, "object \(index)")
                #expect(table.wasRead(at: index, as: node) == (index % 3 == 0), "object \(index)")
                #expect(table.wasRead(at: index, as: bean) == (index % 3 == 1), "object \(index)")
            }
            // Emptied, it keeps its first blocks and numbers from zero again.
            table.removeAll(keepingAtMost: 2 * size)
            #expect(table.count == 0)
            #expect(table.blockCount == 2)
        }
    }

    @Test func emptyingTheTableLetsGoOfEveryStoredValueAndOnlyThose() throws {
        let registry = try Self.registry()
        let node = try #require(registry.registration(for: Node.self))
        let released = Counter()
        var table = ReadObjects()
        let total = ReadObjects.blockSize + 3
        for index in 0..<total {
            if index.isMultiple(of: 2) {
                table.append(Tracked(index) { released.add() })
            } else {
                let number = table.appendPending(readAs: node)
                // Every fourth pending object is never stored (a failed decode leaves it so).
                if number % 4 != 1 { table.store(Tracked(number) { released.add() }, at: number) }
            }
        }
        let stored = (0..<total).filter { $0.isMultiple(of: 2) || $0 % 4 != 1 }.count
        #expect(released.value == 0)
        table.removeAll(keepingAtMost: 0)
        #expect(released.value == stored)
        #expect(table.blockCount == 1)
        table.append(Tracked(0) { released.add() })
        table.free()
        #expect(released.value == stored + 1)
    }

    /// Node *i* points at node *i / 2*: back-references into earlier blocks, read by a reader the
    /// thread keeps, over a large graph, a small one and a large one again.
    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func aGraphAcrossManyBlocksDecodesWithItsSharing(_ dialect: KryoDialect) throws {
        let codec = KryoCodec(registry: try Self.registry(), dialect: dialect, options: .init(references: true))
        for count in [5 * ReadObjects.blockSize + 7, 3, 2 * ReadObjects.blockSize] {
            var nodes: [Node] = []
            for index in 0..<count {
                let node = Node()
                node.id = Int32(index)
                node.parent = index == 0 ? nil : nodes[index / 2]
                nodes.append(node)
            }
            let bytes = try codec.encode(nodes as [Any?])
            let back = try codec.decode([Any?].self, from: bytes)
            let decoded = back.compactMap { $0 as? Node }
            try #require(decoded.count == count)
            for index in 0..<count {
                #expect(decoded[index].id == Int32(index))
                if index > 0 { #expect(decoded[index].parent === decoded[index / 2], "node \(index)") }
            }
        }
    }
}

private final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}
