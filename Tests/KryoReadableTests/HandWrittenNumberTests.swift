import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// Numbers as a person writes them where the schema says a `BigDecimal`, a `BigInteger` or a
/// `byte[]`: a price as a number (`9.90`), a byte array as Java's signed bytes (`[0, 1, -1]`).
@Suite struct HandWrittenNumberTests {
    static let schema = """
        package: doc
        classes:
          - class: Price
            fields: {amount: java.math.BigDecimal, big: java.math.BigInteger, raw: "byte[]", rate: double, any: Object, prices: "Map<String, java.math.BigDecimal>", list: "List<java.math.BigDecimal>", lines: "List<Line>"}
          - class: Line
            fields: {price: java.math.BigDecimal, parts: "List<Line>"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Price") }

    @Test func numbersReadAsBigNumbers() throws {
        let price = try document.object(#""amount": 9.90, "big": 12345678901234"#)
        // A number reads as Java's `new BigDecimal(text)`: the scale written is kept.
        #expect(price["amount"] as? JavaBigDecimal == JavaBigDecimal("9.90"))
        #expect(price["big"] as? JavaBigInteger == JavaBigInteger(Int64(12_345_678_901_234)))
        let whole = try document.object(#""amount": 12"#)
        #expect(whole["amount"] as? JavaBigDecimal == JavaBigDecimal("12"))
        // The text form keeps the scale.
        let text = try document.object(#""amount": "9.90""#)
        #expect(text["amount"] as? JavaBigDecimal == JavaBigDecimal("9.90"))
    }

    /// Digits a double cannot hold, and exponents, read exactly (a double would round
    /// `123456789012345678901.25` to `1.2345678901234568E+20`).
    @Test func numbersReadExactlyAsBigDecimals() throws {
        let cases: [(String, String)] = [
            ("123456789012345678901.25", "123456789012345678901.25"),
            ("3.0000000000000001", "3.0000000000000001"),
            ("12.5E+3", "1.25E+4"),
            ("-1e-3", "-0.001"),
            ("0.10", "0.10"),
            ("-0.0", "0.0"),
        ]
        for (written, java) in cases {
            let price = try document.object(#""amount": \#(written)"#)
            let amount = try #require(price["amount"] as? JavaBigDecimal, "\(written)")
            #expect(amount == JavaBigDecimal(java), "\(written)")
            #expect(amount.description == java, "\(written)")
        }
        // A double field and an Object field beside it read doubles.
        let mixed = try document.object(#""amount": 0.1000, "rate": 0.1000, "any": 2.50"#)
        #expect(mixed["amount"] as? JavaBigDecimal == JavaBigDecimal("0.1000"))
        #expect(mixed["rate"] as? Double == 0.1)
        #expect(mixed["any"] as? Double == 2.5)
    }

    /// As written wherever a `BigDecimal` goes: a map's values, a list's elements, and in a
    /// document with aliases (read through its tree), a field's value and an aliased element.
    @Test func numbersReadExactlyInEveryBigDecimalSlot() throws {
        let plain = try document.object(#""prices": {"a": 1.10, "b": 1e2}, "list": [2.500, null]"#)
        let prices = try #require(plain["prices"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(prices["a"].flatMap { $0 as? JavaBigDecimal }?.description == "1.10")
        #expect(prices["b"].flatMap { $0 as? JavaBigDecimal }?.description == "1E+2")
        #expect(((plain["list"] as? [Any?])?.first ?? nil).flatMap { $0 as? JavaBigDecimal }?.description == "2.500")
        let aliased = try document.object(
            #""amount": 9.90, "list": [0.10, {"$alias": "list.0"}], "any": {"$alias": "$root"}, "prices": {"x": 3.0}"#)
        #expect((aliased["amount"] as? JavaBigDecimal)?.description == "9.90")
        let list = try #require(aliased["list"] as? [Any?])
        // One value in two places: one shared box.
        #expect(list.map { (($0 as? SharedValue)?.value as? JavaBigDecimal)?.description } == ["0.10", "0.10"])
        #expect(list.first as? SharedValue === list.last as? SharedValue)
        #expect(
            ((aliased["prices"] as? OrderedDictionary<AnyHashable, Any?>)?["x"] ?? nil).flatMap {
                $0 as? JavaBigDecimal
            }?.description
                == "3.0")
        #expect(aliased["any"] as? DynamicObject === aliased)
        // In objects that leave `$class` out, their class being the slot's (read through a tree).
        let lines = try document.object(#""lines": [{"price": 9.90, "parts": [{"price": 1E+3}]}]"#)
        let line = try #require((lines["lines"] as? [Any?])?.first as? DynamicObject)
        #expect((line["price"] as? JavaBigDecimal)?.description == "9.90")
        let part = try #require((line["parts"] as? [Any?])?.first as? DynamicObject)
        #expect((part["price"] as? JavaBigDecimal)?.description == "1E+3")
    }

    @Test func bytesMayBeSigned() throws {
        let price = try document.object(#""raw": [0, 1, -1, 255, -128]"#)
        #expect(price["raw"] as? Data == Data([0, 1, 255, 255, 128]))
        #expect(throws: SerializationError.self) { try document.object(#""raw": [0, 256]"#) }
        #expect(throws: SerializationError.self) { try document.object(#""raw": [-129]"#) }
    }
}
