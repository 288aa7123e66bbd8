import KryoNet
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// Connections read and write pings without the codec (``PingWire``): the bytes must be the
    /// codec's own, and anything else must be left to the codec.
    @Suite struct PingWireTests {
        static let dialects: [KryoDialect] = [.v2, .v4, .v5]

        static func serialization(_ dialect: KryoDialect) throws -> KryoNetSerialization {
            try KryoNetSerialization(dialect: dialect) { Register(String.self) }
        }

        static let ids: [Int32] = [0, 1, -1, 5, 63, 64, -65, 1000, 16_383, 16_384, 2_097_151, 987_654_321, .max, .min]

        @Test(arguments: dialects)
        func writesAndReadsTheCodecsBytes(_ dialect: KryoDialect) throws {
            let serialization = try Self.serialization(dialect)
            let wire = try #require(serialization.pingWire)
            for id in Self.ids + (0..<200).map({ _ in Int32.random(in: .min ... .max) }) {
                for isReply in [false, true] {
                    let ping = FrameworkMessage.Ping(id: id, isReply: isReply)
                    let bytes = try serialization.encode(ping)
                    #expect(wire.payload(id: id, isReply: isReply) == bytes)
                    #expect(bytes.withUnsafeBytes { wire.decode($0) } == ping)
                    #expect(try serialization.decode(bytes) as? FrameworkMessage.Ping == ping)
                }
            }
        }

        /// Other classes, pings written otherwise (a longer varint, a flag that is not 0 or 1,
        /// a byte too many or too few): `nil`, for the codec to read or refuse.
        @Test(arguments: dialects)
        func leavesEverythingElseToTheCodec(_ dialect: KryoDialect) throws {
            let serialization = try Self.serialization(dialect)
            let wire = try #require(serialization.pingWire)
            func decode(_ bytes: [UInt8]) -> FrameworkMessage.Ping? { bytes.withUnsafeBytes { wire.decode($0) } }
            #expect(decode(try serialization.encode("a string")) == nil)
            #expect(decode(try serialization.encode(FrameworkMessage.KeepAlive())) == nil)
            #expect(decode(try serialization.encode(FrameworkMessage.RegisterTCP(connectionID: 5))) == nil)
            let ping = wire.payload(id: 5, isReply: false)
            #expect(decode(ping) == FrameworkMessage.Ping(id: 5, isReply: false))
            #expect(decode(ping + [0]) == nil)
            #expect(decode(Array(ping.dropLast())) == nil)
            #expect(decode([]) == nil)
            var flag = ping
            flag[flag.count - 1] = 2
            #expect(decode(flag) == nil)
            // id 5 as a two-byte varint: 0x8A 0x00 (zigzag) — readable, but not the codec's bytes.
            let prefix = Array(ping.dropLast(2))
            #expect(decode(prefix + [ping[ping.count - 2] | 0x80, 0x00, 0]) == nil)
        }
    }
}
