import Foundation
import SwiftKryo
import Testing

/// A type variable in a hand-written document takes the class the slot's generic arguments give
/// it, as a field of that class would: `$class` may be left out of an object of a schema class,
/// and a number or digits are a `BigDecimal`. Both were read untyped (a `HashMap`, which Kryo 5
/// then wrote as the variable's bound; a `Double` in a `BigDecimal` slot).
@Suite struct HandWrittenTypeVariableTests {
    static let schema = """
        package: doc
        classes:
          - class: Item
            fields: {name: String}
          - class: Pair
            typeParameters: [A, B]
            fields: {first: A, second: B}
          - class: Holder
            fields: {best: "Pair<Item, java.math.BigDecimal>", page: "Page<Item>", names: "Page<String>"}
          - class: Page
            typeParameters: [T]
            fields: {arr: "T[]"}
        """

    @Test func aTypeVariableTakesTheSlotsClass() throws {
        let document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Holder")
        let holder = try document.object(#""best": {"$class": "doc.Pair", "first": {"name": "salt"}, "second": 1.10}"#)
        let pair = try #require(holder["best"] as? DynamicObject)
        #expect((pair["first"] as? DynamicObject)?.javaClass == "doc.Item")
        // A number as written (Java's `new BigDecimal("1.10")`), as the digits are.
        #expect(pair["second"] as? JavaBigDecimal == JavaBigDecimal("1.10"))
        let digits = try document.object(#""best": {"$class": "doc.Pair", "second": "1.10"}"#)
        #expect((digits["best"] as? DynamicObject)?["second"] as? JavaBigDecimal == JavaBigDecimal("1.10"))
    }
}

/// A field of a type variable, which the slot's generic arguments declare (`second` of a
/// `Pair<Long, List<String>>`), is checked as a field of that type is.
@Suite struct TypeVariableFieldTests {
    static let schema = """
        package: gen
        classes:
          - class: Pair
            typeParameters: [A, B]
            fields: {first: A, second: B}
          - class: Holder
            fields: {q: "Pair<Long, List<String>>"}
        """

    @Test func aValueOfAnotherKindIsAnError() throws {
        let document = try SchemaDocument(schema: Self.schema, javaClass: "gen.Holder")
        let good = try document.object(#""q": {"first": 7, "second": ["a", "b"]}"#)
        let pair = try #require(good["q"] as? DynamicObject)
        #expect((pair["first"] as? any BinaryInteger).map { Int($0) } == 7)
        #expect((pair["second"] as? [Any?])?.compactMap { $0 as? String } == ["a", "b"])
        do {
            let read = try document.object(#""q": {"first": 7, "second": ["a", 2]}"#)
            Issue.record("a number read into a List<String>: \(read)")
        } catch let error as SerializationError {
            #expect(error.kind == .typeMismatch)
            #expect(error.path == ["q", "second", "1"], "\(error)")
        }
        do {
            _ = try document.object(#""q": {"first": 7, "second": "a"}"#)
            Issue.record("a string read as a List<String>")
        } catch let error as SerializationError {
            #expect(error.kind == .typeMismatch)
            #expect(error.expected == "a collection or array in field gen.Pair.second", "\(error)")
            #expect(error.path == ["q", "second"])
        }
    }

    /// A `T[]` whose argument is a class Java makes no array of for it (`Page<Item>`, Item not
    /// final) is an `Object[]`, as Kryo 5 resolves it, and its elements are of the argument's
    /// class: they may leave `$class` out (they were read as `HashMap`s). A final argument's is
    /// its own array (`Page<String>`: a `String[]`).
    @Test func theElementsOfATypeVariablesArrayTakeTheArgumentsClass() throws {
        let document = try SchemaDocument(schema: HandWrittenTypeVariableTests.schema, javaClass: "doc.Holder")
        let holder = try document.object(#""page": {"arr": [{"name": "salt"}, null]}, "names": {"arr": ["a"]}"#)
        let page = try #require(holder["page"] as? DynamicObject)
        let array = try #require(page["arr"] as? JavaArray<Any>)
        #expect(document.codec.registry.registration(forValue: array)?.javaName == "[Ljava.lang.Object;")
        #expect((array.elements.first as? DynamicObject)?.javaClass == "doc.Item")
        #expect(((array.elements.first as? DynamicObject)?["name"]) as? String == "salt")
        #expect(array.elements.count == 2)
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let back = try #require(try kryo.decode(Any?.self, from: try kryo.encode(holder)) as? DynamicObject)
        let backArray = try #require((back["page"] as? DynamicObject)?["arr"] as? JavaArray<Any>)
        #expect((backArray.elements.first as? DynamicObject)?.javaClass == "doc.Item")
    }
}
