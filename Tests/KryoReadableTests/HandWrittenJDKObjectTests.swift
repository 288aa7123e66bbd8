import Foundation
import SwiftKryo
import Testing

/// A JDK class written as an object with fields (`{"$class": "java.math.BigDecimal", "value":
/// "3.140"}`) in a field that declares it: a person leaves `$class` out, as for a schema class.
@Suite struct HandWrittenJDKObjectTests {
    static let schema = """
        package: bank
        classes:
          - class: Kind
            enum: [DEBIT, CREDIT]
          - class: Entry
            fields:
              amount: BigDecimal
              day: java.sql.Date
              stamp: java.sql.Timestamp
              kind: Kind
              notes: Map<String, String>
              codes: List<String>
              currency: java.util.Currency
              zone: java.util.TimeZone
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "bank.Entry") }

    func kryo(_ fields: String) throws -> [UInt8] {
        try KryoCodec(registry: document.codec.registry, dialect: .v4).encode(try document.object(fields))
    }

    @Test func theToolsOwnFormWithoutClassReadsAsTheDeclaredClass() throws {
        let classed = try kryo(
            #""amount": {"$class": "java.math.BigDecimal", "value": "3.140"}, "#
                + #""day": {"$class": "java.sql.Date", "time": 1700000000000}, "#
                + #""stamp": {"$class": "java.sql.Timestamp", "time": 1700000000123, "nanos": 123000000}, "#
                + #""kind": {"$class": "bank.Kind", "name": "CREDIT"}, "notes": {"a": "b"}"#)
        let bare = try kryo(
            #""amount": {"value": "3.140"}, "day": {"time": 1700000000000}, "#
                + #""stamp": {"time": 1700000000123, "nanos": 123000000}, "kind": {"name": "CREDIT"}, "#
                + #""notes": {"a": "b"}"#)
        #expect(bare == classed)
        // The digits alone, as before.
        #expect(try kryo(#""amount": "3.140""#) == (try kryo(#""amount": {"value": "3.140"}"#)))
        // And they are the values: the amount differs from another's.
        #expect(try kryo(#""amount": {"value": "3.141"}"#) != (try kryo(#""amount": {"value": "3.140"}"#)))
    }

    @Test func aMapFieldStaysAMap() throws {
        let entry = try document.object(#""notes": {"value": "not a BigDecimal"}"#)
        let notes = try #require(entry.fields["notes"] ?? nil)
        #expect(!(notes is DynamicObject), "\(type(of: notes))")
        #expect(try kryo(#""notes": {"value": "x"}"#) != (try kryo(#""notes": {}"#)))
    }

    @Test func aWrongKeyIsAnErrorAtItsPath() throws {
        let error = try #require(throws: SerializationError.self) { try kryo(#""day": {"time": "noon"}"#) }
        #expect(error.path.first == "day", "\(error)")
    }

    /// A list or map stored with its class keeps its value under `$value`: a misspelt key is an
    /// error, where the collection was written empty.
    @Test(arguments: ["codes", "notes"])
    func aMisspeltValueKeyIsAnError(_ field: String) throws {
        let (className, value) =
            field == "codes" ? ("java.util.LinkedList", #"["A"]"#) : ("java.util.TreeMap", #"{"a": "b"}"#)
        let error = try #require(throws: SerializationError.self) {
            try kryo(#"""# + field + #"": {"$class": ""# + className + #"", "$valeu": "# + value + "}")
        }
        #expect(error.found == "the key $valeu, which readable documents do not use; did you mean $value?", "\(error)")
        #expect(error.path == [field, "$valeu"], "\(error)")
        _ = try kryo(#"""# + field + #"": {"$class": ""# + className + #"", "$value": "# + value + "}")
    }

    /// A `Currency` as its code and a `TimeZone` as its id, as a person writes them.
    @Test func aCurrencyAndATimeZoneAsText() throws {
        #expect(
            try kryo(#""currency": "CHF", "zone": "Europe/Zurich""#)
                == (try kryo(
                    #""currency": {"$class": "java.util.Currency", "currencyCode": "CHF"}, "#
                        + #""zone": {"$class": "sun.util.calendar.ZoneInfo", "id": "Europe/Zurich"}"#)))
        #expect(try kryo(#""currency": "CHF""#) != (try kryo(#""currency": "EUR""#)))
        for bad in [#""currency": "Swiss francs""#, #""zone": "Mars/Olympus""#] {
            let error = try #require(throws: SerializationError.self) { try kryo(bad) }
            #expect(error.expected.contains("such as"), "\(error)")
        }
    }

    /// A currency code Java's `Currency.getInstance` refuses (a code of three letters no
    /// currency has, a lower-case one) is an error at its key, as text and as the object form:
    /// the Java program reading the bytes would throw.
    @Test(arguments: ["XXY", "eur", "Eur"])
    func aCurrencyJavaDoesNotKnowIsAnError(_ code: String) throws {
        for fields in [
            #""currency": "\#(code)""#, #""currency": {"$class": "java.util.Currency", "currencyCode": "\#(code)"}"#,
        ] {
            let error = try #require(throws: SerializationError.self) { try kryo(fields) }
            #expect(error.kind == .invalidValue)
            #expect(error.found.contains(code), "\(error)")
            #expect(error.path.first == "currency", "\(error)")
        }
        // Historic and special codes Java still takes.
        for known in ["DEM", "XAU", "XXX", "ZWG"] { _ = try kryo(#""currency": "\#(known)""#) }
    }
}
