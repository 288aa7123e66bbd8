import Foundation
import SwiftKryo
import Testing

/// Numbers as a person writes them where the schema says a `BigDecimal`, a `BigInteger` or a
/// `byte[]`: a price as a number (`9.90`), a byte array as Java's signed bytes (`[0, 1, -1]`).
@Suite struct HandWrittenNumberTests {
    static let schema = """
        package: doc
        classes:
          - class: Price
            fields: {amount: java.math.BigDecimal, big: java.math.BigInteger, raw: "byte[]"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Price") }

    @Test func numbersReadAsBigNumbers() throws {
        let price = try document.object(#""amount": 9.90, "big": 12345678901234"#)
        #expect(price["amount"] as? JavaBigDecimal == JavaBigDecimal("9.9"))
        #expect(price["big"] as? JavaBigInteger == JavaBigInteger(Int64(12_345_678_901_234)))
        let whole = try document.object(#""amount": 12"#)
        #expect(whole["amount"] as? JavaBigDecimal == JavaBigDecimal("12"))
        // The text form keeps the scale.
        let text = try document.object(#""amount": "9.90""#)
        #expect(text["amount"] as? JavaBigDecimal == JavaBigDecimal("9.90"))
    }

    @Test func bytesMayBeSigned() throws {
        let price = try document.object(#""raw": [0, 1, -1, 255, -128]"#)
        #expect(price["raw"] as? Data == Data([0, 1, 255, 255, 128]))
        #expect(throws: SerializationError.self) { try document.object(#""raw": [0, 256]"#) }
        #expect(throws: SerializationError.self) { try document.object(#""raw": [-129]"#) }
    }
}
