import Foundation
import SwiftKryo
import Testing

/// Tagged and compatible layouts without the Java peer: bad input, streams, declarations.
/// (Their bytes and evolution outcomes are checked against Java in JavaInteropTests.)
@Suite struct EvolutionTests {
    let version1: KryoCodec
    let version2: KryoCodec

    init() throws {
        version1 = KryoCodec(registry: try PeerConfig.evolutionRegistry(version: 1))
        version2 = KryoCodec(registry: try PeerConfig.evolutionRegistry(version: 2))
    }

    @Test func anUnknownTagSaysWhichAndWhere() throws {
        // TagAddV2(1, "a", 99), fields in name order: 42 01 | 03 | 05 c6 01 | 01 02 | 02 01 82 61.
        let bytes = try version2.encode(TagAddV2(1, "a", 99))
        #expect(hex(bytes) == "42 01 03 05 c6 01 01 02 02 01 82 61")
        let error = try #require(decodeError(version1, bytes))
        #expect(error.kind == .invalidValue)
        #expect(error.found.contains("tag 5"))
        #expect(error.expected.contains("1, 2"))
        #expect(error.offset == 4)  // just past the tag
    }

    @Test func aFieldCountBeyondTheInputIsAnError() throws {
        // TagAddV1 with a field count of 1 000 000 and two bytes left.
        let error = try #require(decodeError(version1, [0x42, 0x01, 0xC0, 0x84, 0x3D, 0x01, 0x02]))
        #expect(error.kind == .lengthExceedsInput)
    }

    @Test func duplicateTagsAreRejectedAtRegistration() throws {
        final class Twice: Schematized {
            var a: Int32 = 0
            var b: Int32 = 0
            init() {}
            static let schema = Schema<Twice>(java: "t.Twice", serializer: .tagged) {
                Field("a", \.a).tag(1)
                Field("b", \.b).tag(1)
            }
        }
        #expect(throws: SerializationError.self) { try Registry { Register(Twice.self, id: 10) } }
    }

    @Test func everyTruncationOfCompatibleDataIsAnError() throws {
        let bytes = try version1.encode(PeerCases.compatNested())
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let error = try #require(decodeError(version1, Array(bytes[..<length])), "prefix \(length) decoded")
            #expect(error.kind == .truncatedInput || error.kind == .lengthExceedsInput, "\(error)")
        }
    }

    @Test func aFieldCannotReadPastItsChunk() throws {
        // Compat(5, "hi") with the name's chunk cut to one byte: the string must not run on into
        // the next chunk's bytes.
        // 40 01 | 02 "name" "x" | 03 01 68 e9 00 | 01 0a 00
        let good = try version1.encode(Compat(5, "hi"))
        #expect(hex(good) == "40 01 02 6e 61 6d e5 82 78 03 01 68 e9 00 01 0a 00")
        var bad = good
        bad[9] = 0x01
        let error = try #require(decodeError(version1, bad))
        #expect(error.path.contains("name"), "\(error)")
        // One chunk of two bytes (01 68) then the end: the string's last byte is missing, and the
        // `01` of the next field is not taken for it.
        let cut = hexBytes("40 01 02 6e 61 6d e5 82 78 02 01 68 00 01 0a 00")
        let inChunk = try #require(decodeError(version1, cut))
        #expect(inChunk.kind == .truncatedInput, "\(inChunk)")
        #expect(inChunk.path == ["name"])
        #expect(inChunk.offset == 12)
    }

    @Test func anUnknownFieldIsSkippedWhateverItsLength() throws {
        // V2's extra field holds 2 bytes; a V1 reader skips it.
        let bytes = try version2.encode(CompAddV2(Int64.max, 5, "a"))
        let read = try version1.decode(CompAddV1.self, from: bytes)
        #expect(read == CompAddV1(5, "a"))
    }

    @Test func compatibleFieldsThroughStreamsWithSmallBuffers() throws {
        // The writer flushes every 64 bytes but must hold back a field's bytes until its chunk
        // headers are in; the reader pulls 5 bytes at a time.
        let values: [Any?] = [
            PeerCases.compatNested(), PeerCases.compatNested(), PeerCases.compatNested(),
            [Compat(1, String(repeating: "long ", count: 900)), Compat(2, nil)] as [Any?],
        ]
        var collected: [UInt8] = []
        let writer = KryoStreamWriter(codec: version1, bufferSize: 64) { collected.append(contentsOf: $0) }
        for value in values { try writer.write(value) }
        try writer.flush()
        // The same bytes as each value encoded alone, one after another.
        #expect(collected == (try values.flatMap { try version1.encode($0) }))

        var offset = 0
        let stream = collected
        let reader = KryoStreamReader(codec: version1) {
            guard offset < stream.count else { return nil }
            defer { offset += 5 }
            return Array(stream[offset..<min(offset + 5, stream.count)])
        }
        for _ in 0..<3 {
            let nested = try #require(try reader.next(CompatNested.self))
            #expect(nested == PeerCases.compatNested())
            #expect(nested.first === nested.again)
        }
        let list = try #require(try reader.next([Any?].self))
        #expect(deepEqual(list, [Compat(1, String(repeating: "long ", count: 900)), Compat(2, nil)] as [Any?]))
        #expect(try reader.input.isAtEnd())
    }
}
