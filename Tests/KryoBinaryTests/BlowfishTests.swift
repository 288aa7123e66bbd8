import Foundation
import SwiftKryo
import Testing

/// BlowfishSerializer without the Java peer: the measured wire bytes, keys, and bad input. (Both
/// directions against Java Kryo 2.20, 4.0.3 and 5.6.2 are in BlowfishPeerTests.)
@Suite struct BlowfishTests {
    static let key = Array("0123456789abcdef".utf8)

    /// Inner (Java: `label`, `value`) through Blowfish, registered as 10; `[Any?]` as 11.
    private func codec(
        _ dialect: KryoDialect = .v2, references: Bool = false, key: [UInt8] = BlowfishTests.key
    ) throws -> KryoCodec {
        let blowfish = try BlowfishSerializer(wrappingDefaultOf: Inner.self, key: key)
        let registry = try Registry {
            Register(Inner.self, id: 10, serializer: blowfish)
            Register([Any?].self, id: 11)
        }
        return KryoCodec(registry: registry, dialect: dialect, options: SerializationOptions(references: references))
    }

    /// Docs/KryoDialects.md §10.3, measured with the jars: the plaintext `68 e9 0a` ("hi", 5)
    /// padded to one block; with references on, Kryo 4 and 5 encrypt `01 68 e9 0a`.
    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func wireBytes(_ dialect: KryoDialect) throws {
        #expect(hex(try codec(dialect).encode(Inner(5, "hi"))) == "0c ed cf fc db 3d 38 02 36")
        // References on: the label's marker (`01 68 e9 0a`). Kryo 2.20 writes before it a
        // back-reference to the value itself (`0c 01 d2 ab f9 df 80 e3 4d 23`, plaintext `02`);
        // Swift a new-object marker, `01 01 68 e9 0a`, which Java 2.20 reads (BlowfishPeerTests).
        let on = try codec(dialect, references: true).encode(Inner(5, "hi"))
        #expect(hex(on) == (dialect == .v2 ? "0c 01 a5 b5 2b d6 5b 90 a3 8a" : "0c 01 bc 8c 9a 41 f1 c3 cb b6"))
        #expect(hex(try codec(dialect).encode(nil)) == "00")
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5], [false, true])
    func roundTrips(_ dialect: KryoDialect, references: Bool) throws {
        let codec = try codec(dialect, references: references)
        for value in [Inner(5, "hi"), Inner(0, nil), Inner(-1, String(repeating: "ünïcode ", count: 100))] {
            let bytes = try codec.encode(value)
            #expect(try codec.decode(Any?.self, from: bytes) as? Inner == value, "\(dialect) \(value)")
        }
        // An encrypted value may end a list: it reads to the end of the input.
        let list: [Any?] = ["first", Int32(2), Inner(3, "last")]
        let back = try codec.decode(Any?.self, from: try codec.encode(list))
        #expect(deepEqual(back, list), "\(String(describing: back))")
    }

    /// Measured with Kryo 2.20 (ArrayList as 11, references off): a Blowfish value that ends the
    /// list reads back in Java; one followed by another element makes Java's read fail ("Input
    /// length must be multiple of 8"), and Swift's.
    @Test func lastInAList() throws {
        let codec = try codec()
        let last: [Any?] = ["first", Inner(5, "hi")]
        #expect(hex(try codec.encode(last)) == "0d 02 03 66 69 72 73 f4 0c ed cf fc db 3d 38 02 36")
        let javaNotLast: [UInt8] = [
            0x0d, 0x02, 0x0c, 0xed, 0xcf, 0xfc, 0xdb, 0x3d, 0x38, 0x02, 0x36, 0x03, 0x61, 0x66, 0x74, 0x65, 0xf2,
        ]
        let error = try #require(decodeError(codec, javaNotLast))
        #expect(error.kind == .truncatedInput, "\(error)")
    }

    /// PKCS #5: 1 to 8 bytes of padding, so whole blocks always grow by one.
    @Test func paddingSizes() throws {
        let blowfish = try BlowfishSerializer(wrapping: DataSerializer(), key: Self.key)
        let registry = try Registry { Register(Data.self, id: 20, serializer: blowfish) }
        let codec = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        // byte[]: a length varint (count + 1), then the bytes.
        for (count, expected) in [(0, 8), (6, 8), (7, 16), (14, 16), (15, 24)] {
            let bytes = try codec.encode(Data(repeating: 7, count: count))
            #expect(bytes.count - 1 == expected, "\(count) bytes")
            #expect(try codec.decode(Any?.self, from: bytes) as? Data == Data(repeating: 7, count: count))
        }
    }

    @Test func keyLengths() throws {
        for length in [0, 57, 100] {
            let error = #expect(throws: SerializationError.self) {
                try BlowfishSerializer(wrappingDefaultOf: Inner.self, key: [UInt8](repeating: 1, count: length))
            }
            #expect(error?.kind == .invalidValue)
            #expect(error?.expected.contains("1 to 56 bytes") == true, "\(String(describing: error))")
        }
        for length in [1, 3, 8, 56] {
            let serializer = try BlowfishSerializer(
                wrappingDefaultOf: Inner.self, key: [UInt8](repeating: 9, count: length))
            #expect(serializer.key.count == length)
            let registry = try Registry { Register(Inner.self, id: 10, serializer: serializer) }
            let codec = KryoCodec(registry: registry)
            #expect(try codec.decode(Any?.self, from: try codec.encode(Inner(1, "k"))) as? Inner == Inner(1, "k"))
        }
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func wrongKey(_ dialect: KryoDialect) throws {
        let bytes = try codec(dialect).encode(Inner(5, "hi"))
        let error = try #require(decodeError(try codec(dialect, key: Array("another key".utf8)), bytes))
        #expect(error.kind == .invalidValue)
        #expect(error.found.contains("wrong key"), "\(error)")
        #expect(error.offset == 1, "\(error)")
    }

    @Test func truncatedAndDamaged() throws {
        let codec = try codec()
        let bytes = try codec.encode(Inner(-1, String(repeating: "abcdefgh", count: 4)))
        // No Blowfish data at all, part of a block, a block short.
        for cut in [1, 2, bytes.count - 1, bytes.count - 8] {
            let error = try #require(decodeError(codec, Array(bytes.prefix(cut))), "cut at \(cut)")
            #expect(error.kind == .truncatedInput || error.kind == .invalidValue, "cut at \(cut): \(error)")
        }
        // A byte after the value (or another value after it): the Blowfish data no longer ends in
        // a whole block, as in Java ("Input length must be multiple of 8").
        #expect(decodeError(codec, bytes + [0]) != nil)
        #expect(decodeError(codec, bytes + (try codec.encode(Int32(1)))) != nil)
        // Every single damaged byte is caught, and none crashes.
        for index in 1..<bytes.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] ^= flip
                if let back = try? codec.decode(Any?.self, from: damaged) {
                    // ECB has no integrity check: a damaged middle block can decrypt to bytes that
                    // still read, but never to the original value.
                    #expect(back as? Inner != Inner(-1, String(repeating: "abcdefgh", count: 4)))
                }
            }
        }
    }

    /// The reader pulls the rest of a stream to decrypt it.
    @Test func readsFromAStream() throws {
        let codec = try codec(.v5)
        let value = Inner(42, String(repeating: "stream ", count: 50))
        var pieces = try codec.encode(value).chunked(3)
        let input = KryoInput {
            pieces.isEmpty ? nil : pieces.removeFirst()
        }
        #expect(try codec.decode(Any?.self, from: input) as? Inner == value)
    }

    /// Kryo 2.20 with references on writes a back-reference inside the encrypted bytes; Swift
    /// rejects it with an explanation rather than read a null as Java does.
    @Test func kryo2BackReferenceInside() throws {
        let javaBytes: [UInt8] = [0x0c, 0x01, 0xd2, 0xab, 0xf9, 0xdf, 0x80, 0xe3, 0x4d, 0x23]
        let error = try #require(decodeError(try codec(references: true), javaBytes))
        #expect(error.kind == .invalidReference)
        #expect(error.found.contains("references off"), "\(error)")
    }

    /// The other formats write the wrapped serializer's value as it is.
    @Test func otherFormatsWriteTheValue() throws {
        let blowfish = try BlowfishSerializer(wrappingDefaultOf: Inner.self, key: Self.key)
        let registry = try Registry { Register(Inner.self, id: 10, serializer: blowfish) }
        let json = try registry.encode(Inner(5, "hi"), as: SerializationFormat.readable(.json))
        #expect(String(decoding: json, as: UTF8.self).contains("\"hi\""))
        #expect(try registry.decode(Inner.self, from: json, as: SerializationFormat.readable(.json)) == Inner(5, "hi"))
    }
}

extension Array where Element == UInt8 {
    /// The bytes in pieces of `size` (the last may be shorter).
    fileprivate func chunked(_ size: Int) -> [[UInt8]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
