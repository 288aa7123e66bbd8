import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// A list of a million nodes round-trips: the graph is walked and rebuilt with worklists, never
/// by recursion, and archived as a flat list of blocks three levels deep.
@Suite struct LargeGraphTests {
    @Test func aMillionNodeListInKryoBinary() throws {
        try roundTripList(count: 1_000_000, in: .kryo(.v2))
    }

    /// The keyed and readable backends build an in-memory tree of every block and take about ten
    /// times as long per node in a debug build: fifty thousand nodes show the same flat archive
    /// (three levels deep) without slowing the suite down.
    @Test(arguments: [SerializationFormat.keyedArchive(.binary), .readable(.json)])
    func aLongListInTreeBackends(format: SerializationFormat) throws {
        try roundTripList(count: 50_000, in: format)
    }

    func roundTripList(count: Int32, in format: SerializationFormat) throws {
        let registry = try FixtureLayouts.registry(FixtureLayouts.all())
        let list = block_list_make(count)
        defer { block_list_free(list) }
        let clock = ContinuousClock()
        let start = clock.now
        let data = try registry.encode(BlockGraph(root: list), as: format)
        let encoded = clock.now
        let back = try registry.decode(BlockGraph.self, from: data, as: format)
        let decoded = clock.now
        print(
            "\(count)-node list, \(format): \(data.count) bytes, encode \(encoded - start), decode \(decoded - encoded)"
        )
        #expect(back.owner?.blockCount == Int(count))
        back.withRoot(as: ListNode.self) { copy in
            #expect(block_list_compare(list, copy) == -1)
            #expect(block_list_length(copy) == Int64(count))
        }
    }
}
