import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// Elements Java writes that the dynamic path read and could not write back, on the bytes Kryo
/// 5.6.2 and 4.0.3 wrote:
///
/// - `H { Object any; Object[] objs; }` with `any` a list holding an `ArrayList` that `objs`
///   holds too (references on): Kryo 5's collection serializer looks at its elements' classes
///   before it writes them, and a list the graph shares is a `SharedValue` whose class is its
///   value's; a keyed archive's bean fields keep such a value in its box.
/// - `S { Set<Object> s; }` with a `HashSet` holding `null` and `"a"`: Java's `HashSet` holds
///   one null, as a `HashMap` one null key.
@Suite struct KryoFiveSharedAndNullElementsTests {
    static let shared = """
        package: mini
        classes:
          - {class: H, fields: {any: Object, objs: "Object[]"}}
        """
    static let sharedBytes = hexBytes(
        "01 00 6d 69 6e 69 2e c8 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 82 01 01 00 01 "
            + "82 02 00 02 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4f 62 6a 65 63 74 bb 01 02 01 01 04")

    @Test func aSharedListInAListIsWrittenOnce() throws {
        let codec = try schemaCodec(Self.shared, .v5, references: true)
        let holder = try #require(try codec.decode(Any?.self, from: Self.sharedBytes) as? DynamicObject)
        #expect(try codec.encode(holder) == Self.sharedBytes)
        // Through a document, where the sharing is an alias.
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(holder))) == Self.sharedBytes)
        // Through a keyed archive, where it is one object that two lists refer to.
        var keyed = KeyedArchiveCodec(registry: codec.registry, options: SerializationOptions(references: true))
        keyed.keepsJavaClasses = true  // as the tool: `objs` stays an `Object[]`
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(holder))) == Self.sharedBytes)
    }

    static let set = """
        package: mini
        classes:
          - {class: Mini$S, id: 21, fields: {s: Set<Object>}}
          - {class: java.util.HashSet, id: 26}
        """

    @Test(arguments: [
        (KryoDialect.v5, "17 1c 83 03 01 80 82 61"),
        (KryoDialect.v4, "17 1c 02 00 03 82 61"),
    ])
    func aHashSetHoldsNull(_ dialect: KryoDialect, _ hex: String) throws {
        let codec = try schemaCodec(Self.set, dialect, references: false)
        let bytes = hexBytes(hex)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let elements = try #require(object["s"] as? OrderedSet<AnyHashable>)
        #expect(elements.count == 2)
        #expect(elements.contains { ValueConversion.flatten($0) == nil })
        #expect(elements.contains("a"))
        #expect(try codec.encode(object) == bytes)
        // A document writes the null as null, a keyed archive as NSNull; both read back as it.
        let readable = ReadableCodec(registry: codec.registry)
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(object))) == bytes)
        let keyed = KeyedArchiveCodec(registry: codec.registry)
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(object))) == bytes)
    }

    /// `M { Object extra; }` with `extra` a `HashMap` that holds itself under `"me"` (Kryo 2.20
    /// and 5.6.2, classes by name, references on): the document writes the map plain, with an
    /// alias to itself inside, which reads back as the map holding itself.
    @Test(arguments: [
        (
            KryoDialect.v2,
            "01 00 6d 69 6e 69 2e cd 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 01 03 01 6d e5 01 01 03"
        ),
        (
            .v5,
            "01 00 6d 69 6e 69 2e cd 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 02 03 01 6d e5 01 01 03"
        ),
    ])
    func aMapThatHoldsItselfGoesThroughADocument(_ dialect: KryoDialect, _ hex: String) throws {
        let schema = """
            package: mini
            classes:
              - {class: M, fields: {extra: Object}}
            """
        let codec = try schemaCodec(schema, dialect, references: true)
        let bytes = hexBytes(hex)
        let value = try codec.decode(Any?.self, from: bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(value)
        #expect(String(decoding: document, as: UTF8.self).contains(#""extra":{"me":{"$alias":"extra"}}"#))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
    }
}
