import CBlockFixtures
import Foundation
import SwiftKryo
import Testing

/// Block graphs in Kryo binary that claim billions of blocks, or a block of billions of bytes,
/// are refused before anything of that size is allocated, in every dialect (the peak is measured
/// by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    let registry: Registry
    init() throws { registry = try FixtureLayouts.registry(FixtureLayouts.all()) }

    /// A varint of 2^31 - 1.
    static let hugeVarInt: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x07]

    /// The graph of one `ListNode` in `dialect`, where its block list's size is and where its
    /// block's size is (after its layout index, 0).
    func oneBlock(_ dialect: KryoDialect) throws -> (bytes: [UInt8], blockCount: Int, blockSize: Int) {
        func encoded(_ count: Int32) throws -> [UInt8] {
            let nodes = block_list_make(count)
            defer { block_list_free(nodes) }
            return [UInt8](try registry.encode(BlockGraph(root: nodes), as: .kryo(dialect)))
        }
        let one = try encoded(1)
        let two = try encoded(2)
        // The version, byte order, pointer size and layouts are the same: the first difference is
        // the block list's size.
        let blockCount = try #require(one.indices.first { one[$0] != two[$0] })
        let size = UInt8(MemoryLayout<ListNode>.size)
        let blockSize = try #require(
            ((blockCount + 1)..<one.count).first { one[$0 - 1] == 0 && one[$0] == size }, "\(one)")
        return (one, blockCount, blockSize)
    }

    @Test(arguments: KryoDialect.all)
    func claimedBlockCountAndSize(_ dialect: KryoDialect) throws {
        let (bytes, blockCount, blockSize) = try oneBlock(dialect)
        #expect(try registry.decode(BlockGraph.self, from: Data(bytes), as: .kryo(dialect)).owner?.blockCount == 1)
        let cases: [(label: String, bytes: [UInt8])] = [
            ("block count", Array(bytes[..<blockCount]) + Self.hugeVarInt),
            ("block size", Array(bytes[..<blockSize]) + Self.hugeVarInt),
        ]
        for (label, claim) in cases {
            let (thrown, peak) = AllocationMeter.failure("block graph \(dialect) \(label)", claiming: Int(Int32.max)) {
                _ = try registry.decode(BlockGraph.self, from: Data(claim), as: .kryo(dialect))
            }
            let error = try #require(thrown as? SerializationError, "\(label): \(String(describing: thrown))")
            #expect(error.kind == .lengthExceedsInput, "\(dialect) \(label): \(error)")
            #expect(error.offset.map { $0 >= blockCount && $0 <= claim.count } == true, "\(dialect) \(label): \(error)")
            #expect(error.path.first == "blocks", "\(dialect) \(label): \(error)")
            #expect(peak < AllocationMeter.bound, "\(dialect) \(label)")
        }
    }
}
