import Foundation
import SwiftKryo
import Testing

/// DeflateSerializer without the Java peer: wire details, what Java 2.20 cannot do that Swift
/// does, and bad input. (Its bytes are checked against Java Kryo 2.20 in JavaInteropTests, cases
/// `deflate_*`.)
@Suite struct DeflateTests {
    /// Inner (id 50) and byte[] (id 51) deflated, as in the peer's `deflate` configuration.
    private func codec(references: Bool = false, limits: Limits = .default) throws -> KryoCodec {
        KryoCodec(
            registry: try PeerConfig.deflate.registry(),
            options: SerializationOptions(references: references, limits: limits))
    }

    /// Reads `bytes` as `Any?`, expecting an error.
    private func failure(_ bytes: [UInt8], _ codec: KryoCodec) throws -> SerializationError {
        try #require(decodeError(codec, bytes), "expected \(hex(Array(bytes.prefix(32)))) to be rejected")
    }

    @Test func wireBytes() throws {
        // Raw deflate (no zlib header), level 4, no length prefix; observed from Java 2.20.
        #expect(hex(try codec().encode(Inner(5, "five"))) == "34 4b cb 2c 7b ca 05 00")
        // References on: "new object" (01), then deflate of `01` (the marker Java's reader wants
        // inside) + the body. Java 2.20 itself writes `34 01 63 02 00` (a reference to itself).
        #expect(hex(try codec(references: true).encode(Inner(5, "five"))) == "34 01 63 64 4c cb 2c 7b ca 05 00")
        // Nil is the framework's: Java's DeflateSerializer does not accept null.
        #expect(hex(try codec().encode(nil)) == "00")
    }

    @Test func levelsAndFormats() throws {
        let text = PeerCases.longText
        var sizes: [Int] = []
        for level in [0, 1, 4, 9, -1] {
            for format in [DeflateFormat.raw, .zlib] {
                let registry = try Registry {
                    Register(
                        Inner.self, id: 50,
                        serializer: DeflateSerializer(wrappingDefaultOf: Inner.self, level: level, format: format))
                }
                let codec = KryoCodec(registry: registry)
                let bytes = try codec.encode(Inner(1, text))
                if format == .zlib {
                    // The zlib header: deflate with a 32 KiB window, then the level's class.
                    let levelByte: [Int: UInt8] = [0: 0x01, 1: 0x01, 4: 0x5E, 9: 0xDA, -1: 0x9C]
                    // Class tag, reference marker, then the header.
                    #expect(Array(bytes[2...3]) == [0x78, try #require(levelByte[level])], "level \(level)")
                } else {
                    sizes.append(bytes.count)
                }
                let back = try #require(try codec.decode(Any?.self, from: bytes) as? Inner)
                #expect(back == Inner(1, text), "level \(level), \(format)")
            }
        }
        // Stored (level 0) is larger than the text; every other level compresses it.
        #expect(sizes[0] > 100_000)
        #expect(sizes.dropFirst().allSatisfy { $0 < 1000 }, "\(sizes)")
    }

    @Test func invalidLevelIsRefusedWhenWriting() throws {
        let registry = try Registry {
            Register(Data.self, id: 51, serializer: DeflateSerializer(wrapping: DataSerializer(), level: 10))
        }
        #expect(throws: SerializationError.self) { try KryoCodec(registry: registry).encode(Data([1])) }
    }

    /// Java 2.20's inflater reads past the end of the deflate data, so nothing after a deflated
    /// value can be read in Java; Swift stops where the deflate data ends.
    @Test func valuesAfterADeflatedValue() throws {
        let codec = try codec()
        let list: [Any?] = [Inner(1, "a"), Data([9, 8]), "after", Inner(2, nil), Int32(7)]
        let back = try #require(try codec.decode(Any?.self, from: try codec.encode(list)) as? [Any?])
        #expect(deepEqual(back, list), "\(back)")
    }

    @Test func sharedObjectsAroundAndInsideDeflatedValues() throws {
        let registry = try Registry {
            Register(Inner.self, id: 50, serializer: DeflateSerializer(wrappingDefaultOf: Inner.self))
            Register(Pair.self, id: 52, serializer: DeflateSerializer(wrappingDefaultOf: Pair.self))
            Register([Any?].self, id: 53)
        }
        let codec = KryoCodec(registry: registry, options: SerializationOptions(references: true))
        let shared = Inner(3, "shared")
        let value: [Any?] = [shared, shared, Pair(left: "label", right: shared)]
        let back = try #require(try codec.decode(Any?.self, from: try codec.encode(value)) as? [Any?])
        let first = try #require(back[0] as? Inner)
        #expect(first == shared)
        #expect(back[1] as? Inner === first)
        let pair = try #require(back[2] as? Pair)
        #expect(pair.left as? String == "label")
        // A reference from inside one deflated value to an object outside it.
        #expect(pair.right as? Inner === first)
    }

    @Test func deflatedValuesInAStreamReadInSmallChunks() throws {
        let codec = try codec()
        var stream: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec, bufferSize: 64) { stream.append(contentsOf: $0) }
        let noise = PeerCases.noise(5000)
        try writer.write(noise)
        try writer.write(Inner(4, PeerCases.longText))
        try writer.write(Data())
        try writer.flush()
        var offset = 0
        let reader = KryoStreamReader(codec: codec) {
            guard offset < stream.count else { return nil }
            defer { offset += 7 }
            return Array(stream[offset..<min(offset + 7, stream.count)])
        }
        #expect(try reader.next(Data.self) == noise)
        #expect(try reader.next(Inner.self) == Inner(4, PeerCases.longText))
        #expect(try reader.next(Data.self) == Data())
        #expect(try reader.input.isAtEnd())
    }

    // MARK: Bad input

    @Test func truncatedDeflateData() throws {
        let bytes = try codec().encode(Inner(7, PeerCases.longText))
        for length in [1, 2, bytes.count / 2, bytes.count - 1] {
            let error = try failure(Array(bytes.prefix(length)), try codec())
            #expect(error.kind == .truncatedInput, "\(error)")
            #expect(error.offset == length, "\(error)")
            if length > 1 { #expect(error.expected.contains("deflate data that starts at byte 1"), "\(error)") }
        }
    }

    @Test func corruptDeflateData() throws {
        // Block type 3 does not exist.
        let error = try failure([0x34, 0xFF, 0xFF, 0xFF], try codec())
        #expect(error.kind == .invalidValue)
        #expect(error.found.contains("invalid deflate data"), "\(error)")
        // zlib stops right after the byte it rejects (byte 1).
        #expect(error.offset == 2, "\(error)")
        // Raw deflate data has no checksum: a flipped bit may still inflate. A zlib stream's
        // checksum catches it.
        let zlib = try Registry {
            Register(Data.self, id: 51, serializer: DeflateSerializer(wrapping: DataSerializer(), format: .zlib))
        }
        var checked = try KryoCodec(registry: zlib).encode(Data([1, 2, 3]))
        checked[checked.count - 1] ^= 0x01
        let checksum = try failure(checked, KryoCodec(registry: zlib))
        #expect(checksum.kind == .invalidValue)
        #expect(checksum.found.contains("check"), "\(checksum)")
    }

    @Test func storedBlockLongerThanTheInput() throws {
        // A final stored block claiming 65 535 bytes (LEN ffff, NLEN 0000), with 3 present.
        let error = try failure([0x35, 0x01, 0xFF, 0xFF, 0x00, 0x00, 1, 2, 3], try codec())
        #expect(error.kind == .truncatedInput, "\(error)")
        #expect(error.offset == 9)
    }

    @Test func inflatedSizeLimit() throws {
        // 8 MiB of zeros deflate to about 8 KiB: a small "zip bomb".
        let bomb = try codec().encode(Data(count: 8 << 20))
        #expect(bomb.count < 10_000)
        let limited = try codec(limits: Limits(maxInflatedBytes: 1 << 20))
        let error = try failure(bomb, limited)
        #expect(error.kind == .sizeLimitExceeded, "\(error)")
        #expect(error.expected.contains("\(1 << 20)"))
        // Within the default limit it reads.
        #expect(try codec().decode(Data.self, from: bomb).count == 8 << 20)
        // The limit is for the whole call: two values of 600 KB each do not fit in 1 MiB.
        let two = try codec().encode([Data(count: 600_000), Data(count: 600_000)] as [Any?])
        #expect(try codec(limits: Limits(maxInflatedBytes: 1_200_006)).decode(Any?.self, from: two) != nil)
        let second = try failure(two, try codec(limits: Limits(maxInflatedBytes: 1_200_005)))
        #expect(second.kind == .sizeLimitExceeded)
        #expect(second.expected.contains("at most 600002 bytes (what is left of"), "\(second)")
    }

    /// Reads one byte of what `DataSerializer` wrote: the rest of the inflated bytes is left over.
    private struct FirstByte: Serializer {
        func write(_ value: Data, to writer: any ValueWriter) throws {
            try writer.writeBytes(Array(value), forKey: "bytes")
        }
        func read(from reader: any ValueReader) throws -> Data { Data(try reader.readBytes(count: 1, forKey: "byte")) }
    }

    @Test func bytesLeftOverInTheInflatedValue() throws {
        let bytes = try codec().encode(Data([1, 2, 3]))
        let registry = try Registry {
            Register(Data.self, id: 51, serializer: DeflateSerializer(wrapping: FirstByte()))
        }
        let error = try failure(bytes, KryoCodec(registry: registry, options: SerializationOptions(references: false)))
        #expect(error.kind == .invalidValue)
        #expect(error.found.hasPrefix("3 bytes left over"), "\(error)")
        #expect(error.offset == 1)
    }

    @Test func badValueInsideTheInflatedBytes() throws {
        // Deflated byte[] {ff ff} (inflated: `03 ff ff`) read as a deflated Inner: the label takes
        // all three bytes (an ASCII string ends at a byte with the top bit set), then the int
        // finds the end of the inflated bytes.
        let bytes = try codec().encode(Data([0xFF, 0xFF]))
        var patched = bytes
        patched[0] = 0x34
        let error = try failure(patched, try codec())
        #expect(error.kind == .truncatedInput, "\(error)")
        #expect(error.offset == 1, "reported where the deflate data starts: \(error)")
        #expect(error.found.contains("of the 3 bytes inflated from there"), "\(error)")
    }

    @Test func javaSelfReferenceWithReferencesOn() throws {
        // What Java 2.20 writes for `new Inner(5, "five")` with references on.
        let error = try failure([0x34, 0x01, 0x63, 0x02, 0x00], try codec(references: true))
        #expect(error.kind == .invalidReference)
        #expect(error.found.contains("Java Kryo 2.20"), "\(error)")
        #expect(error.offset == 2)
        // With references off the same bytes mean something else, and are not a value either.
        #expect(decodeError(try codec(), [0x34, 0x01, 0x63, 0x02, 0x00]) != nil)
    }
}
