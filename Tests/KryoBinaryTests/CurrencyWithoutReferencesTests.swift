import Foundation
import SwiftKryo
import Testing

/// Java's `CurrencySerializer` accepts null: with references off, a `Currency` field is its code
/// as a string, and a null one the null string, with no nil marker before either. The bytes are
/// what the three jars (2.20, 4.0.3, 5.6.2) wrote for
/// `HasCurrency{after = 7, c = JPY, none = null}`, unregistered, references off.
@Suite struct CurrencyWithoutReferencesTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$HasCurrency, fields: {c: java.util.Currency, none: java.util.Currency, after: int}}
        """
    static let bytes = "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 48 61 73 43 75 72 72 65 6e 63 f9 0e 4a 50 d9 80"

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func aCurrencyFieldHasNoNilMarker(dialect: KryoDialect) throws {
        let bytes = hexBytes(Self.bytes)
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let value = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(value["c"] as? Locale.Currency == Locale.Currency("JPY"))
        #expect(value["none"] == nil)
        #expect(value["after"] as? Int32 == 7)
        #expect(try codec.encode(value) == bytes)
    }
}
