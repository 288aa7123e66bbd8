import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// An alias to a place the reader has not reached yet takes the type of that place's slot, not
/// the alias's: Java's field order is by name, so an `Object` field (`extra`) is read before the
/// typed field it shares a value with (`grid`, `notes`, `rows`), and the shared value must be what
/// the typed field declares.
@Suite struct HandWrittenAliasSlotTypeTests {
    static let schema = """
        package: doc
        classes:
          - class: Recipe
            fields:
              extra: Object
              grid: "int[][]"
              notes: Map<Integer, String>
              rows: List<List<Integer>>
              step: Step
              steps: List<Step>
              photo: "byte[]"
              thumb: "byte[]"
          - class: Step
            fields: {minute: int, text: String}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Recipe") }

    @Test func aMapWithNumberKeysKeepsItsKeyType() throws {
        let recipe = try document.object(#""extra": {"$alias": "notes"}, "notes": {"5": "rest", "10": "serve"}"#)
        let notes = try #require(ValueConversion.flatten(recipe.fields["notes"] ?? nil))
        let keys = try #require(
            (notes as? OrderedDictionary<AnyHashable, Any?>)?.keys.map { $0.base }
                ?? (ValueConversion.flatten(notes) as? SharedValue).flatMap {
                    ($0.value as? OrderedDictionary<AnyHashable, Any?>)?.keys.map { $0.base }
                }, "\(type(of: notes))")
        #expect(keys.map { "\(type(of: $0))" } == ["Int32", "Int32"])
        #expect(keys.compactMap { $0 as? Int32 } == [5, 10])
    }

    @Test func aPrimitiveArrayAliasedFromAnObjectFieldIsThatArray() throws {
        // It was a list read for `Object`, which the `int[][]` field then refused.
        let recipe = try document.object(#""extra": {"$alias": "grid"}, "grid": [[1, 2], [3]]"#)
        let written = String(decoding: try document.codec.encode(recipe), as: UTF8.self)
        #expect(
            written.contains(
                #"{"$class":"[[I","$value":[{"$class":"[I","$value":[1,2]},{"$class":"[I","$value":[3]}]}"#),
            "\(written)")
    }

    @Test func nestedListsKeepTheirElementType() throws {
        let recipe = try document.object(#""extra": {"$alias": "rows"}, "rows": [[1, 2]]"#)
        let written = String(decoding: try document.codec.encode(recipe), as: UTF8.self)
        #expect(!written.contains("java.lang.Long"), "\(written)")
        let rows = ValueConversion.flatten(recipe.fields["rows"] ?? nil)
        let first = (rows as? [Any?] ?? (rows as? SharedValue)?.value as? [Any?])?.first ?? nil
        let inner = ValueConversion.flatten(first)
        let elements = inner as? [Any?] ?? (inner as? SharedValue)?.value as? [Any?]
        #expect(elements?.compactMap { $0 as? Int32 } == [1, 2], "\(String(describing: elements))")
    }

    @Test func anObjectWithoutClassInsideAListIsItsElementClass() throws {
        // The alias leads into a `List<Step>` whose elements leave `$class` out.
        let recipe = try document.object(#""extra": {"$alias": "steps.1"}, "steps": [{"minute": 1}, {"minute": 5}]"#)
        let extra = try #require(ValueConversion.flatten(recipe.fields["extra"] ?? nil) as? DynamicObject)
        #expect(extra.javaClass == "doc.Step")
        #expect(extra.fields["minute"] as? Int32 == 5)
        let step = try document.object(#""extra": {"$alias": "step"}, "step": {"minute": 2, "text": "stir"}"#)
        let shared = try #require(ValueConversion.flatten(step.fields["extra"] ?? nil) as? DynamicObject)
        #expect(shared === ValueConversion.flatten(step.fields["step"] ?? nil) as? DynamicObject)
    }

    @Test(
        "Through a keyed archive the shared value stays one, of the typed slot's class",
        arguments: [
            #""extra": {"$alias": "rows"}, "rows": [[1, 2]]"#, #""extra": {"$alias": "notes"}, "notes": {"5": "rest"}"#,
            #""extra": {"$alias": "steps"}, "steps": [{"minute": 1}]"#,
            #""photo": {"$class": "NSData", "$data": "AQI="}, "thumb": {"$alias": "photo"}"#,
        ])
    func throughAKeyedArchive(_ fields: String) throws {
        let recipe = try document.object(fields)
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(references: true))
        var keyed = KeyedArchiveCodec(registry: document.codec.registry)
        keyed.keepsJavaClasses = true
        let again = try keyed.decode(Any?.self, from: try keyed.encode(recipe))
        #expect(try kryo.encode(again) == (try kryo.encode(recipe)))
    }
}
