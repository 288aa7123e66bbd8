import SwiftKryo
import Testing

/// Java's identifiers take combining marks after their first letter — Thai's vowel and tone
/// marks (`ชื่อ`), a decomposed accent (`cafe\u{301}`) — and begin with any currency symbol
/// (`€rate`). A schema file names such fields, and Kryo 5's `CompatibleFieldSerializer`, which
/// writes the names in Java's order (by UTF-16 code unit, not by Swift's normalized order), is
/// read and written as Java does. The bytes are Kryo 5.6.2's for `Word{ชื่อ = 7,
/// cafe\u{301} = "au lait", €rate = -3}`.
@Suite struct CompatibleUnicodeFieldNameTests {
    static let schema = """
        classes:
          - {class: U$Word, serializer: compatible, fields: {"ชื่อ": int, "cafe\u{301}": String, "€rate": long}}
        """
    static let bytes =
        "01 00 55 24 57 6f 72 e4 03 86 63 61 66 65 cc 81 85 e0 b8 8a e0 b8 b7 e0 b9 88 e0 b8 ad 86 e2 82 ac 72 61 74 65 03 61 75 20 6c 61 69 f4 02 0e 09 05"

    @Test func fieldNamesWithMarksAreJavaIdentifiers() throws {
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "u.yaml")), dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false))
        let word = try #require(try codec.decode(Any?.self, from: hexBytes(Self.bytes)) as? DynamicObject)
        #expect(word["ชื่อ"] as? Int32 == 7)
        #expect(word["cafe\u{301}"] as? String == "au lait")
        #expect(word["€rate"] as? Int64 == -3)
        #expect(try codec.encode(word) == hexBytes(Self.bytes))
    }

    @Test(arguments: ["\u{301}x", "x\u{B2}", "a-b", "a\u{200C}b"])
    func otherCharactersAreStillRefused(_ name: String) {
        let schema = "classes:\n  - {class: a.A, fields: {\"\(name)\": int}}\n"
        #expect(throws: (any Error).self) { try SchemaFiles.parse(schema, fileName: "u.yaml") }
    }
}
