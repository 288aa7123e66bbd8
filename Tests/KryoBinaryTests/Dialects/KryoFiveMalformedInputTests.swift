import Foundation
import SwiftKryo
import Testing

/// Malformed Kryo 5 and Kryo 4 input gets the guarantees 2.20 input has: a thrown
/// `SerializationError` with an offset (and a path inside objects), never a crash, a hang or an
/// allocation the input does not justify. The inputs are the Kryo 5.6.2 vectors, cut short and
/// with bytes changed, read with their schema.
@Suite struct KryoFiveMalformedInputTests {
    static let vectors = KryoFiveVectorTests.names.filter { !$0.hasPrefix("string_9000") }

    private func load(_ name: String) throws -> (bytes: [UInt8], codec: KryoCodec) {
        let entry = try #require(KryoFiveVectorTests.vectors.first { $0.name == name })
        let bytes = [UInt8](
            try Data(contentsOf: KryoFiveVectorTests.directory.appendingPathComponent("vectors/\(name).bin")))
        let registry = try Registry(schemas: try KryoFiveVectorTests.schemas())
        let options = SerializationOptions(references: entry.references, registrationRequired: true)
        return (bytes, KryoCodec(registry: registry, dialect: .v5, options: options))
    }

    @Test("Every truncation of a Kryo 5 stream is an error with an offset", arguments: vectors)
    func truncations(_ name: String) throws {
        let (bytes, codec) = try load(name)
        for length in 0..<bytes.count {
            let error = try #require(decodeError(codec, Array(bytes[..<length])), "\(name): prefix \(length) decoded")
            let offset = try #require(error.offset, "\(name): \(error)")
            #expect(offset <= length, "\(name): \(error)")
        }
    }

    @Test("Every byte of a Kryo 5 stream set to telling values decodes or throws", arguments: vectors)
    func corruptions(_ name: String) throws {
        let (bytes, codec) = try load(name)
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x02, 0x3F, 0x40, 0x7F, 0x80, 0xC1, 0xFF]
            where bytes[index] != replacement {
                var changed = bytes
                changed[index] = replacement
                if let error = decodeError(codec, changed) {
                    #expect(error.offset != nil, "\(name)[\(index)] = \(replacement): \(error)")
                }
            }
        }
    }

    @Test func aHugeCollectionSizeIsRefusedBeforeAllocating() throws {
        let (_, codec) = try load("list_strings")
        // ArrayList (id 18) with a flagged size of 2^28: no bytes follow to hold it.
        let error = try #require(decodeError(codec, [0x14, 0xC0, 0x80, 0x80, 0x80, 0x01, 0x03]))
        #expect(error.kind == .lengthExceedsInput)
        #expect(error.offset != nil)
    }

    @Test func aCorruptFieldInsideABeanNamesItsPath() throws {
        let (bytes, codec) = try load("other_bean")
        // The bean's first field (elements, a List): a class tag no registry has.
        var changed = bytes
        changed[1] = 0x7E
        let error = try #require(decodeError(codec, changed))
        #expect(error.kind == .unknownClassID)
        #expect(error.offset == 1)
        #expect(error.path == ["elements"])
    }

    @Test("Kryo 4 and 5 dialects never crash on random bytes", arguments: [KryoDialect.v4, .v5])
    func randomGarbage(_ dialect: KryoDialect) throws {
        let registry = try Registry(schemas: try KryoFiveVectorTests.schemas())
        let codec = KryoCodec(registry: registry, dialect: dialect, options: .init(references: true))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let count = Int.random(in: 0..<24, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = decodeError(codec, bytes)
        }
    }
}
