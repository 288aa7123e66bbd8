import Foundation
import SwiftKryo
import Testing

/// An object of a schema class can be a key of a `HashMap` or an element of a `HashSet`: a
/// `DynamicObject` is hashable by identity, as a Java object whose class does not override
/// `equals`. The bytes are what the three jars (2.20, 4.0.3, 5.6.2) wrote for
/// `Twins{a = HashMap{Point(1, 2): "p"}, b = HashSet{Point(3, 0)}}`, unregistered, references on.
@Suite struct ObjectKeyTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$Twins, fields: {a: Object, b: Object}}
          - {class: Mini$Point, fields: {x: int, y: int}}
        """
    static let head =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 54 77 69 6e f3 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 "
        + "f0 01 "
    static let point = "01 02 6d 69 6e 69 2e 4d 69 6e 69 24 50 6f 69 6e f4 01 02 04 03 01 82 70 01 03 "
    static let set = "6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 53 65 f4 01 "

    @Test(arguments: [
        (KryoDialect.v2, head + "01 " + point + set + "01 01 02 01 06 00"),
        (.v4, head + "01 " + point + set + "01 01 02 01 06 00"),
        (.v5, head + "02 " + point + set + "82 01 02 00 01 06 00"),
    ])
    func anObjectIsAKeyAndAnElement(dialect: KryoDialect, hex: String) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let twins = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let map = try #require(twins["a"] as? OrderedDictionary<AnyHashable, Any?>)
        let key = try #require(map.keys.first?.base as? DynamicObject)
        #expect(key["x"] as? Int32 == 1 && key["y"] as? Int32 == 2)
        #expect(map[AnyHashable(key)] as? String == "p")
        let element = try #require((twins["b"] as? OrderedSet<AnyHashable>)?.first?.base as? DynamicObject)
        #expect(element["x"] as? Int32 == 3)
        // Equal only to itself: an object with the same fields is another key.
        let twin = DynamicObject(javaClass: key.javaClass, fields: key.fields)
        #expect(map[AnyHashable(twin)] == nil)
        #expect(try codec.encode(twins) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(twins))) == bytes)
        var keyed = KeyedArchiveCodec(registry: codec.registry, options: SerializationOptions(references: true))
        keyed.keepsJavaClasses = true
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(twins))) == bytes)
    }
}
