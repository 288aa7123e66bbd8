import Foundation
import SwiftKryo
import Testing

/// A list and an `Object[]` that hold themselves, as Java writes them with references on
/// (`list.add(list)`): Java reads them back, and so must the inspector and a keyed archive.
@Suite struct SelfContainingListTests {
    static let schema = """
        package: doc
        classes:
          - class: Box
            fields: {extra: Object, mixed: "Object[]"}
        """

    let document: SchemaDocument
    let kryo: KryoCodec
    init() throws {
        document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Box")
        kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
    }

    static let documents = [
        #""extra": [{"$alias": "extra"}, "x"]"#, #""mixed": [{"$alias": "mixed"}, 1]"#,
    ]

    @Test("The inspector reads it", arguments: documents)
    func inspects(_ fields: String) throws {
        let bytes = try kryo.encode(try document.object(fields))
        let dump = kryo.inspect(bytes)
        #expect(dump.stop == nil, "\(String(describing: dump.stop))")
    }

    @Test("A keyed archive holds it and gives it back", arguments: documents)
    func throughAKeyedArchive(_ fields: String) throws {
        let value = try document.object(fields)
        let bytes = try kryo.encode(value)
        var keyed = KeyedArchiveCodec(
            registry: document.codec.registry, options: SerializationOptions(references: true))
        keyed.keepsJavaClasses = true
        let again = try keyed.decode(Any?.self, from: try keyed.encode(try kryo.decode(Any?.self, from: bytes)))
        #expect(try kryo.encode(again) == bytes)
    }
}
