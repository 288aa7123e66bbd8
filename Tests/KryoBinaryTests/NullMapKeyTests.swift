import Foundation
import SwiftKryo
import Testing

/// A Java `HashMap` may hold one null key. The dynamic path reads it as an `AnyHashable` whose
/// value is nil, which every writer writes as Java's null again: Kryo directly, and readable
/// documents as a null among `NS.keys`. The bytes are what the real jars (2.20, 4.0.3, 5.6.2)
/// wrote for `NullKey{m = {null: "v"}}`, unregistered, references on.
@Suite struct NullMapKeyTests {
    static let schema = """
        package: edge
        classes:
          - {class: Edge$NullKey, fields: {m: "HashMap<String, String>"}}
        """
    static let prefix =
        "01 00 65 64 67 65 2e 45 64 67 65 24 4e 75 6c 6c 4b 65 f9 01 01 01 "
        + "6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 "

    @Test(arguments: [
        (KryoDialect.v2, "01 00 01 82 76"), (.v4, "01 00 03 01 82 76"), (.v5, "02 00 01 82 76"),
    ])
    func aNullKeyIsReadAndWrittenBack(dialect: KryoDialect, rest: String) throws {
        let bytes = hexBytes(Self.prefix + rest)
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let bean = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let map = try #require(bean["m"] as? OrderedDictionary<AnyHashable, Any?>, "\(String(describing: bean["m"]))")
        #expect(map.count == 1)
        let (key, value) = try #require(map.elements.first)
        #expect(ValueConversion.flatten(key) == nil)
        #expect(value as? String == "v")
        #expect(try codec.encode(bean) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(bean)
        #expect(String(decoding: document, as: UTF8.self).contains(#""NS.keys":[null]"#))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
    }
}
