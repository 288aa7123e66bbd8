import SwiftKryo
import Testing

/// `java.lang.Object` given an id (Apache Spark registers it, id 129, for `new Object()`): a slot
/// of `Object[]` still holds any value, as Spark's `GenericRow` holds its columns.
@Suite struct ObjectClassWithIDTests {
    static let schema = """
        package: p
        settings: {dialect: kryo4, registrationRequired: false}
        classes:
          - {class: java.lang.Object, id: 129}
          - {class: Row, id: 130, fields: {values: "Object[]"}}
        """

    @Test func anObjectArrayHoldsAnyValue() throws {
        let document = try SchemaDocument(schema: Self.schema, javaClass: "p.Row")
        let row = try document.object(#""values": ["a", 1, null, {"$class": "java.lang.Object"}]"#)
        let codec = KryoCodec(registry: document.codec.registry, dialect: .v4)
        let bytes = try codec.encode(row)
        let read = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let values = try #require(read.fields["values"] as? JavaArray<Any>)
        #expect(values.elements.count == 4)
        #expect(values.elements[0] as? String == "a")
        #expect(values.elements[1] as? Int64 == 1)
        #expect(ValueConversion.flatten(values.elements[2]) == nil)
        #expect((values.elements[3] as? DynamicObject)?.javaClass == "java.lang.Object")
        #expect(try codec.encode(read) == bytes)
    }
}
