import Foundation
import SwiftKryo
import Testing

/// Kryo 2.20 and 4 write a `BitSet` with their `FieldSerializer`: its `long[] words`, the whole
/// array with its trailing zero words. Swift writes as many words as it read, and at least
/// `new BitSet()`'s one. The bytes are what both jars wrote for `Bits{empty = new BitSet(),
/// grown = {3, 70}, sized = new BitSet(300) with {1}}`, unregistered, references off.
@Suite struct BitSetWordsTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$Bits, fields: {empty: java.util.BitSet, grown: java.util.BitSet, sized: java.util.BitSet}}
        """
    static let bytes =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 42 69 74 f3 01 01 6a 61 76 61 2e 75 74 69 6c 2e 42 69 74 53 65 f4 02 00 "
        + "01 01 03 10 80 01 01 01 06 04 00 00 00 00"

    @Test(arguments: [KryoDialect.v2, .v4])
    func wordsAreWrittenAsJavaHoldsThem(dialect: KryoDialect) throws {
        let bytes = hexBytes(Self.bytes)
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let bits = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect((bits["empty"] as? JavaBitSet)?.bits == [])
        #expect((bits["grown"] as? JavaBitSet)?.bits == [3, 70])
        #expect((bits["sized"] as? JavaBitSet)?.bits == [1])
        #expect(try codec.encode(bits) == bytes)
        // Made in Swift: at least one word, as `new BitSet()`.
        let made = DynamicObject(
            javaClass: "mini.Mini$Bits",
            fields: ["empty": JavaBitSet(), "grown": JavaBitSet([3, 70]), "sized": JavaBitSet([1])])
        let written = try codec.encode(made)
        #expect(Array(written.prefix(38)) == Array(bytes.prefix(38)))
        #expect(
            try (codec.decode(Any?.self, from: written) as? DynamicObject)?["sized"] as? JavaBitSet == JavaBitSet([1]))
    }
}
