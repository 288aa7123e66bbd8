import Foundation
import SwiftKryo
import Testing

/// A Java `char` is a one-character string in a readable document wherever it is: a `char`
/// field, a `Character` field, and a `Character` in an `Object` field (with its class). An unpaired
/// surrogate, which no string holds, stays its number; either form reads back.
@Suite struct CharacterFormTests {
    static let schema = """
        classes:
          - {class: c.Chars, fields: {c: char, w: Character, o: Object, s: Character}}
        """

    @Test func everyCharIsAOneCharacterString() throws {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "c.yaml"))
        let chars = DynamicObject(
            javaClass: "c.Chars",
            fields: [
                "c": UInt16(UInt8(ascii: "x")), "w": UInt16(UInt8(ascii: "y")), "o": UInt16(0x00E9),
                "s": UInt16(0xD800),
            ])
        let codec = ReadableCodec(registry: registry, format: .json)
        let text = String(decoding: try codec.encode(chars), as: UTF8.self)
        #expect(text.contains(#""c":"x""#), "\(text)")
        #expect(text.contains(#""w":"y""#), "\(text)")
        #expect(text.contains(#""o":{"$class":"java.lang.Character","$value":"é"}"#), "\(text)")
        #expect(text.contains(#""s":55296"#), "\(text)")
        let back = try #require(try codec.decode(Any?.self, from: Array(text.utf8)) as? DynamicObject)
        for key in ["c", "w", "o", "s"] {
            #expect(back[key] as? UInt16 == chars[key] as? UInt16, "\(key)")
        }
        // The Kryo bytes are the same through the document.
        let kryo = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false))
        #expect(try kryo.encode(back) == kryo.encode(chars))
    }
}
