import Foundation
import SwiftKryo
import Testing

/// Kryo input that claims a huge string, collection, map, primitive array, byte array or class
/// name in a few bytes is refused, in every dialect, before anything of the claimed size is
/// allocated (the peak is measured by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    /// A varint of 2^31 - 1, as Kryo writes lengths and sizes (in Kryo 5's flagged form, read
    /// with the flag bit set, it still claims about 2^30).
    static let hugeVarInt: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x07]
    /// A string header in Kryo's UTF-8 form claiming 2^31 - 2 characters.
    static let hugeString: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]

    /// Each case: what is claimed, and the bytes (registration ids of `PeerConfig.reg`, references
    /// off: a class tag is the id + 2).
    static let cases: [(label: String, bytes: [UInt8])] = [
        ("string length", [0x03] + hugeString),
        ("int[] length", [0x2A] + hugeVarInt),
        ("byte[] length", [0x2E] + hugeVarInt),
        ("String[] length", [0x2B] + hugeVarInt),
        ("ArrayList size", [0x20] + hugeVarInt),
        ("HashMap size", [0x21] + hugeVarInt),
        ("HashSet size", [0x22] + hugeVarInt),
        ("LinkedList size", [0x23] + hugeVarInt),
        ("class name length", [0x01, 0x00] + hugeString),
    ]

    @Test("A claimed size in a few bytes allocates nothing of it", arguments: KryoDialect.all)
    func claimedSizes(_ dialect: KryoDialect) throws {
        let codec = KryoCodec(
            registry: try PeerConfig.reg.registry(), dialect: dialect, options: SerializationOptions(references: false))
        for (label, bytes) in Self.cases {
            let (thrown, peak) = AllocationMeter.failure("\(dialect) \(label)", claiming: Int(Int32.max)) {
                _ = try codec.decode(Any?.self, from: bytes)
            }
            let error = try #require(
                thrown as? SerializationError, "\(dialect) \(label): \(String(describing: thrown))")
            #expect(error.kind == .lengthExceedsInput, "\(dialect) \(label): \(error)")
            let offset = try #require(error.offset, "\(dialect) \(label)")
            #expect(offset <= bytes.count, "\(dialect) \(label): \(error)")
            #expect(error.path == [], "\(dialect) \(label): \(error)")
            #expect(peak < AllocationMeter.bound, "\(dialect) \(label)")
        }
    }

    @Test("A claimed size inside an object names its field", arguments: KryoDialect.all)
    func claimedSizeInAField(_ dialect: KryoDialect) throws {
        // Holder (id 18): its one field, `value`, is declared `Object`; here an int[] (id 40) claiming
        // 2^31 - 1 elements.
        let codec = KryoCodec(
            registry: try PeerConfig.reg.registry(), dialect: dialect, options: SerializationOptions(references: false))
        let bytes: [UInt8] = [0x14, 0x2A] + Self.hugeVarInt
        let (thrown, peak) = AllocationMeter.failure("\(dialect) int[] field", claiming: Int(Int32.max)) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        let error = try #require(thrown as? SerializationError, "\(String(describing: thrown))")
        #expect(error.kind == .lengthExceedsInput, "\(error)")
        #expect(error.path == ["value"], "\(error)")
        #expect(peak < AllocationMeter.bound)
    }

    @Test("Typed decoding refuses the claims too", arguments: KryoDialect.all)
    func claimedSizesTyped(_ dialect: KryoDialect) throws {
        let codec = KryoCodec(
            registry: try PeerConfig.reg.registry(), dialect: dialect, options: SerializationOptions(references: false))
        let cases: [(label: String, bytes: [UInt8], decode: ([UInt8]) throws -> Void)] = [
            ("typed String", [0x03] + Self.hugeString, { _ = try codec.decode(String.self, from: $0) }),
            ("typed [Int32]", [0x2A] + Self.hugeVarInt, { _ = try codec.decode([Int32].self, from: $0) }),
            ("typed Data", [0x2E] + Self.hugeVarInt, { _ = try codec.decode(Data.self, from: $0) }),
            ("typed [Any?]", [0x20] + Self.hugeVarInt, { _ = try codec.decode([Any?].self, from: $0) }),
        ]
        for (label, bytes, decode) in cases {
            let (thrown, peak) = AllocationMeter.failure("\(dialect) \(label)", claiming: Int(Int32.max)) {
                try decode(bytes)
            }
            let error = try #require(
                thrown as? SerializationError, "\(dialect) \(label): \(String(describing: thrown))")
            #expect(error.kind == .lengthExceedsInput, "\(dialect) \(label): \(error)")
            #expect(error.offset != nil, "\(dialect) \(label)")
            #expect(peak < AllocationMeter.bound, "\(dialect) \(label)")
        }
    }

    /// Kryo 5's `writeVarIntFlag`: six bits and the flag in the first byte, then a varint.
    static func varIntFlag(_ flag: Bool, _ value: Int) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(value & 0x3F) | (flag ? 0x80 : 0)]
        var rest = value >> 6
        guard rest != 0 else { return bytes }
        bytes[0] |= 0x40
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
        return bytes
    }

    @Test func allNilCollectionsClaimNoMoreThanTheInputJustifies() throws {
        // Kryo 5 writes a collection whose elements are all nil as its size and a nil class: no
        // byte per element. An ArrayList of 64 such lists, each claiming as many elements as bytes
        // remain after it, would be 64 × 16 Ki nils (32 MiB) from 16 KiB. A call makes one such
        // element per byte it has read, plus 65 536: the fifth list is refused.
        let codec = KryoCodec(
            registry: try PeerConfig.reg.registry(), dialect: .v5, options: SerializationOptions(references: false))
        let padding = 16 << 10
        let lists = 64
        var bytes: [UInt8] = [0x20] + Self.varIntFlag(false, lists + 1)
        for _ in 0..<lists { bytes += [0x20] + Self.varIntFlag(true, padding + 1) + [0x00] }
        bytes += Array(repeating: 0, count: padding)
        let (thrown, peak) = AllocationMeter.failure("Kryo 5 nil lists", claiming: lists * padding) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        let error = try #require(thrown as? SerializationError, "\(String(describing: thrown))")
        #expect(error.kind == .lengthExceedsInput, "\(error)")
        #expect(error.found == "\(5 * padding) such elements in this call", "\(error)")
        let offset = try #require(error.offset)
        #expect(offset == 3 + 5 * (1 + Self.varIntFlag(true, padding + 1).count + 1), "\(error)")
        // An `Any?` is 32 bytes: what the allowance and the input justify, and no more.
        #expect(peak < 32 * (65_536 + bytes.count) + AllocationMeter.bound)
        // A list of nils at the end of the input decodes: its elements need no bytes.
        let few: [UInt8] = [0x20] + Self.varIntFlag(true, 4) + [0x00]
        #expect(try codec.decode([Any?].self, from: few).count == 3)
        let many: [UInt8] = [0x20] + Self.varIntFlag(true, 65_537) + [0x00]
        #expect(try codec.decode([Any?].self, from: many).count == 65_536)
    }
}
