import Foundation
import SwiftKryo
import Testing

/// Kryo 4 and 5, references on, write a `String[]`'s strings with their reference markers: a
/// later field holding the same `String` instance is a reference to the array's element. The
/// dynamic path keeps that sharing, so the stream is written back to the same bytes, directly and
/// through a readable document or a keyed archive. The bytes are what the real jars wrote for
/// `StrShare { String[] arr = {new String("x")}; String s = arr[0]; }`, by class name.
@Suite struct StringArrayElementSharingTests {
    static let schema = """
        package: hr
        classes:
          - {class: StrShare, fields: {arr: "String[]", s: String}}
        """

    @Test(arguments: [
        (KryoDialect.v4, "01 00 68 72 2e 53 74 72 53 68 61 72 e5 01 01 02 01 82 78 04"),
        (.v5, "01 00 68 72 2e 53 74 72 53 68 61 72 e5 01 01 02 01 82 78 04"),
    ])
    func aSharedElementStaysOneInstance(dialect: KryoDialect, hex: String) throws {
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let bytes = hexBytes(hex)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let array = try #require(object["arr"] as? JavaArray<String>)
        #expect(array.elements == ["x"])
        #expect(SharedString.text(of: object["s"] as Any) == "x")
        #expect(try codec.encode(object) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(object)
        #expect(String(decoding: document, as: UTF8.self).contains(#""$alias""#))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
        let keyed = KeyedArchiveCodec(registry: codec.registry)
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(object))) == bytes)
        // An array whose elements changed no longer claims the old instance.
        var changed = array
        changed[0] = "y"
        object["arr"] = changed
        #expect(try codec.encode(object) != bytes)
    }
}
