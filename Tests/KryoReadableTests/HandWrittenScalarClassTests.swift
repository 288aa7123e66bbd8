import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// A document's plain scalar (a JSON boolean, number or string) has no Java class of its own: in
/// a field of a JDK class that is not final (`BigDecimal`, `BigInteger`, `Date`) it is a value of
/// that class, or an error where it cannot be one. Kryo 4 and 5 stored `true` in a `BigDecimal`
/// field, and a number in a `Date` one, for Java to find there. A map's values are read as its
/// generic arguments say, as a field's are.
@Suite struct HandWrittenScalarClassTests {
    static let schema = """
        package: doc
        classes:
          - class: Price
            fields: {amount: java.math.BigDecimal, big: java.math.BigInteger, when: java.util.Date, costs: "Map<String, java.math.BigDecimal>"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Price") }

    @Test(arguments: [
        (#""amount": true"#, "amount"), (#""big": false"#, "big"), (#""when": 1764000000000"#, "when"),
        (#""amount": "ten""#, "amount"),
    ])
    func aScalarOfAnotherClassIsAnError(_ fields: String, _ field: String) throws {
        let error = try #require(throws: SerializationError.self) { try document.object(fields) }
        #expect(error.kind == .typeMismatch || error.kind == .invalidValue)
        #expect(error.path == [field])
    }

    @Test func numbersAndDigitsAreBigNumbers() throws {
        let price = try document.object(
            #""amount": "9.90", "big": "123456789012345678901234567890", "costs": {"a": 0.25, "b": "0.25", "c": 3}"#)
        #expect(price["amount"] as? JavaBigDecimal == JavaBigDecimal("9.90"))
        #expect(price["big"] as? JavaBigInteger == JavaBigInteger("123456789012345678901234567890"))
        let costs = try #require(price["costs"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(costs["a"] as? JavaBigDecimal == JavaBigDecimal("0.25"))
        #expect(costs["b"] as? JavaBigDecimal == JavaBigDecimal("0.25"))
        #expect(costs["c"] as? JavaBigDecimal == JavaBigDecimal("3"))
    }
}
