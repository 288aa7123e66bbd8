import SwiftKryo
import Testing

/// A `String[]` that an `Object` field and two `Object[]` places share (`Pair{a = s, d = s,
/// e = {s}}`, `s = {"x"}`) is a `String[]` in every place: Java wrote its class once, where
/// `a` holds it, and the `Object[]` slots that share it must not make it an `Object[]` — in the
/// Kryo binary and through keyed archives and readable documents. The bytes are the real jars'
/// (Kryo 2.20, 4.0.3, 5.6.2), unregistered, references on, `writeClassAndObject`.
@Suite struct DynamicSharedTypedArrayTests {
    static let schema = """
        classes:
          - {class: P$Pair, fields: {a: Object, d: "Object[]", e: "Object[]"}}
        """
    static let prefix =
        "01 00 50 24 50 61 69 f2 01 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 01 02 "
    static let suffix = " 01 01 03 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4f 62 6a 65 63 74 bb 01 02 01 01 03"

    @Test(arguments: [(KryoDialect.v2, "82 78"), (.v4, "01 82 78"), (.v5, "01 82 78")])
    func aSharedStringArrayStaysOne(dialect: KryoDialect, element: String) throws {
        let bytes = hexBytes(Self.prefix + element + Self.suffix)
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "q.yaml")),
            dialect: dialect, options: SerializationOptions(references: true, registrationRequired: false))
        let pair = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(try codec.encode(pair) == bytes)
        for format in [PropertyListFormat.binary, .xml] {
            var keyed = KeyedArchiveCodec(registry: codec.registry, format: format, options: codec.options)
            keyed.keepsJavaClasses = true
            let back = try keyed.decode(Any?.self, from: try keyed.encode(pair))
            #expect(try codec.encode(back) == bytes, "\(dialect) through a keyed archive, \(format)")
        }
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(pair))) == bytes)
    }
}
