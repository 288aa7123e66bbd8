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
            fields: {best: "Pair<Item, java.math.BigDecimal>"}
        """

    @Test func aTypeVariableTakesTheSlotsClass() throws {
        let document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Holder")
        let holder = try document.object(#""best": {"$class": "doc.Pair", "first": {"name": "salt"}, "second": 1.10}"#)
        let pair = try #require(holder["best"] as? DynamicObject)
        #expect((pair["first"] as? DynamicObject)?.javaClass == "doc.Item")
        #expect(pair["second"] as? JavaBigDecimal == JavaBigDecimal("1.1"))
        let digits = try document.object(#""best": {"$class": "doc.Pair", "second": "1.10"}"#)
        #expect((digits["best"] as? DynamicObject)?["second"] as? JavaBigDecimal == JavaBigDecimal("1.10"))
    }
}
