import Foundation
import SwiftKryo
import Testing

@Suite struct RegistryAndReferenceTests {
    @Test func duplicateIDsAndTypesAreRejected() {
        #expect(throws: SerializationError.self) {
            try Registry {
                Register(SampleBean.self, id: 20)
                Register(OtherBean.self, id: 20)
            }
        }
        #expect(throws: SerializationError.self) {
            try Registry {
                Register(SampleBean.self, id: 20)
                Register(SampleBean.self, id: 21)
            }
        }
    }

    @Test func customSerializerPerRegistration() throws {
        /// Writes a color as one positive varint of 0xRRGGBB, as KryoCocoa's UIColorSerializer does.
        struct RGB: Equatable {
            var red, green, blue: UInt8
        }
        struct RGBSerializer: Serializer {
            func write(_ value: RGB, to writer: any ValueWriter) throws {
                let packed = Int32(value.red) << 16 | Int32(value.green) << 8 | Int32(value.blue)
                try writer.writeInt32(packed, forKey: "rgb", encoding: .positive)
            }
            func read(from reader: any ValueReader) throws -> RGB {
                let packed = try reader.readInt32(forKey: "rgb", encoding: .positive)
                return RGB(
                    red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
                    blue: UInt8(truncatingIfNeeded: packed))
            }
        }
        let registry = try Registry { Register(RGB.self, id: 21, javaName: "test.Color", serializer: RGBSerializer()) }
        let codec = KryoCodec(registry: registry)
        let bytes = try codec.encode(RGB(red: 0x12, green: 0x34, blue: 0x56))
        #expect(hex(bytes) == "17 01 d6 e8 48")
        #expect(try codec.decode(RGB.self, from: bytes) == RGB(red: 0x12, green: 0x34, blue: 0x56))
    }

    @Test func sharedObjectsAreWrittenOnceAndStayShared() throws {
        let codec = KryoCodec(registry: try PeerConfig.reg.registry())
        let shared = Inner(1, "s")
        let list: [Any?] = [shared, shared, Inner(1, "s")]
        let bytes = try codec.encode(list)
        // ArrayList(30) new, size 3 | Inner(10) new "s" 1 | Inner back-ref #1 | Inner new (distinct)
        // (fields in Java order: label, then value)
        #expect(hex(bytes) == "20 01 03 0c 01 01 82 73 02 0c 03 0c 01 01 82 73 02")
        let back = try codec.decode([Inner].self, from: bytes)
        #expect(back.count == 3)
        #expect(back[0] === back[1])
        #expect(back[0] !== back[2])
        #expect(back[2] == Inner(1, "s"))
    }

    @Test func oneRegistryServesManyThreadsAtOnce() async throws {
        let codec = KryoCodec(registry: try PeerConfig.cocoa.registry())
        let expected = try codec.encode(PeerCases.other())
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        let bytes = try codec.encode(PeerCases.other())
                        guard bytes == expected, try codec.decode(OtherBean.self, from: bytes) == PeerCases.other()
                        else { return false }
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }

    @Test func typedDecodingConvertsCollections() throws {
        let codec = KryoCodec(registry: try PeerConfig.cocoa.registry())
        let bytes = try codec.encode([SampleBean(key: 1, name: "a")])
        let beans = try codec.decode([SampleBean].self, from: bytes)
        #expect(beans == [SampleBean(key: 1, name: "a")])
        #expect(throws: SerializationError.self) { try codec.decode([String].self, from: bytes) }
    }

    @Test func swiftIntTravelsAsJavaLong() throws {
        let codec = KryoCodec(registry: try Registry())
        let bytes = try codec.encode(5)
        #expect(hex(bytes) == "09 0a")
        #expect(try codec.decode(Int.self, from: bytes) == 5)
    }

    @Test func writeObjectFramingHasNoClassTag() throws {
        var codec = KryoCodec(registry: try PeerConfig.cocoa.registry())
        codec.framing = .object
        let bytes = try codec.encode(SampleBean(key: 3, name: "three"), as: SampleBean.self)
        #expect(hex(bytes) == "01 06 01 74 68 72 65 e5")
        #expect(try codec.decode(SampleBean.self, from: bytes) == SampleBean(key: 3, name: "three"))
    }
}
