import Foundation
import SwiftKryo
import Testing

/// A field of type `Object[]` holding a `String[]`: Java writes the array's own class, and the
/// value must keep it (read as an `Object[]`, a program's `String[] a = (String[]) oa.a` fails
/// far away). The bytes are what the real jars wrote for `OA { Object[] a = new String[] {"s"} }`,
/// unregistered, references on.
@Suite struct ArrayInObjectArraySlotTests {
    static let schema = """
        classes:
          - {class: hr.OA, fields: {a: "Object[]"}}
        """
    static let prefix = "01 00 68 72 2e 4f c1 01 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 01 02"

    @Test(arguments: [
        (KryoDialect.v2, prefix + " 82 73"), (.v4, prefix + " 01 82 73"), (.v5, prefix + " 01 82 73"),
    ])
    func theArrayKeepsItsClass(dialect: KryoDialect, hex: String) throws {
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let bytes = hexBytes(hex)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let strings = try #require(object.fields["a"] as? JavaArray<String>)
        #expect(strings.elements == ["s"])
        #expect(try codec.encode(object) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(object)
        #expect(String(decoding: document, as: UTF8.self).contains("[Ljava.lang.String;"))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
    }
}
