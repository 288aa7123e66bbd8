import Foundation
import SwiftKryo
import Testing

/// Plain scalars a person writes where the schema declares a class they cannot be of, in the
/// elements of a list and the values of a map as in a field, and `null` for a Java primitive:
/// errors at their key path, never a `Boolean`, `Long` or `0` that Java would find there.
@Suite struct HandWrittenScalarSlotTests {
    static let schema = """
        package: cat
        settings: {dialect: kryo5}
        classes:
          - class: Loan
            fields:
              pages: int
              rating: float
              available: boolean
              price: java.math.BigDecimal
              due: java.util.Date
              reminders: List<java.util.Date>
              ratings: Map<String, Double>
              fines: Map<String, java.math.BigDecimal>
              meta: Map<String, String>
              counts: Map<String, Integer>
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "cat.Loan") }

    @Test(arguments: [
        (#""reminders": [5]"#, "java.util.Date", "the number 5", ["reminders", "0"]),
        (#""reminders": ["2020-01-01", true]"#, "java.util.Date", "a boolean", ["reminders", "1"]),
        (#""ratings": {"a": true}"#, "java.lang.Double", "a boolean", ["ratings", "a"]),
        (#""fines": {"ann": false}"#, "java.math.BigDecimal", "a boolean", ["fines", "ann"]),
        (#""meta": {"desk": 5}"#, "java.lang.String", "the number 5", ["meta", "desk"]),
        (#""counts": {"x": "many"}"#, "java.lang.Integer", "a string", ["counts", "x"]),
    ])
    func aScalarOfAnotherClassInAnElementIsAnError(
        fields: String, expected: String, found: String, path: [String]
    ) throws {
        let error = try #require(throws: SerializationError.self) { try document.object(fields) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a " + expected)
        #expect(error.found == found)
        #expect(error.path == path)
    }

    /// An object or a list where a map's values or a list's elements are strings or numbers:
    /// an error in every release (Kryo 4, ignoring the generic arguments, would write it).
    @Test(arguments: [
        #""meta": {"desk": {"$class": "cat.Loan"}}"#, #""counts": {"x": [1, 2]}"#,
        #""meta": {"desk": {"a": "b"}}"#,
    ])
    func anObjectWhereAScalarIsDeclaredIsAnError(_ fields: String) throws {
        let error = try #require(throws: SerializationError.self) { try document.object(fields) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.hasPrefix("a java.lang."), "\(error)")
    }

    @Test func scalarsThatConvertStillRead() throws {
        let loan = try document.object(
            #""reminders": ["2020-01-01"], "ratings": {"a": 2, "b": 2.5}, "fines": {"bob": 2, "ann": "1.50"}, "#
                + #""counts": {"x": 3}, "meta": {"desk": "A"}"#)
        #expect((loan.fields["reminders"] as? any Collection)?.count == 1)
        let ratings = try #require(ValueConversion.convert(loan.fields["ratings"] ?? nil, to: [String: Double].self))
        #expect(ratings == ["a": 2, "b": 2.5])
        let fines = try #require(ValueConversion.convert(loan.fields["fines"] ?? nil, to: [String: Any?].self))
        #expect((fines["ann"] ?? nil).map { "\($0)" } == "1.50")
        #expect((fines["bob"] ?? nil).map { "\($0)" } == "2")
    }

    @Test(arguments: [("pages", "an int"), ("rating", "a float"), ("available", "a boolean")])
    func nullForAPrimitiveIsAnError(field: String, expected: String) throws {
        let error = try #require(throws: SerializationError.self) { try document.object(#""\#(field)": null"#) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "\(expected) (a missing key is its default)")
        #expect(error.found == "null")
        #expect(error.path == [field])
        // Left out, the field takes Java's default.
        let loan = try document.object(#""meta": {}"#)
        #expect(loan.fields[field] != nil)
    }

    /// A misspelt reserved key (`$clas`) or a key of the document's own left unescaped
    /// (`$note` for `$$note`): an error naming it, where the object lost its class or the key was
    /// dropped.
    @Test(arguments: [
        (#"{"$clas": "cat.Loan", "pages": 1}"#, ["$clas"], "$class"),
        (#"{"$class": "cat.Loan", "$Value": 1}"#, ["$Value"], "$value"),
        (#"{"$class": "cat.Loan", "$pages": 1}"#, ["$pages"], nil),
        (#"{"$class": "cat.Loan", "ratings": {"$clas": "java.util.HashMap"}}"#, ["ratings", "$clas"], "$class"),
    ])
    func aStrayDollarKeyIsAnError(json: String, path: [String], suggestion: String?) throws {
        let error = try #require(throws: SerializationError.self) {
            try document.codec.decode(Any?.self, from: Array(json.utf8))
        }
        #expect(error.kind == .invalidValue)
        #expect(error.path == path)
        #expect(error.found.hasPrefix("the key \(path.last ?? "")"))
        #expect(error.found.hasSuffix(suggestion.map { "did you mean \($0)?" } ?? "do not use"))
    }

    /// `OptionalInt`, `OptionalLong` and `OptionalDouble` hold a value exactly when `present` says.
    @Test(arguments: ["java.util.OptionalInt", "java.util.OptionalLong", "java.util.OptionalDouble"])
    func anOptionalNumberHasAValueExactlyWhenPresent(_ javaClass: String) throws {
        let codec = ReadableCodec(registry: try Registry(schemas: SchemaSet()), format: .json)
        func decode(_ keys: String) throws -> Any? {
            try codec.decode(Any?.self, from: Array(#"{"$class": "\#(javaClass)", \#(keys)}"#.utf8))
        }
        for keys in [#""present": false, "value": 5"#, #""present": true"#] {
            let error = try #require(throws: SerializationError.self) { try decode(keys) }
            #expect(error.kind == .invalidValue)
            #expect(error.expected.contains("since present is"))
        }
        #expect("\(try decode(#""present": true, "value": 5"#) ?? "nil")".contains("5"))
        #expect("\(try decode(#""present": false"#) ?? "nil")".contains("nil"))
    }

    /// Messages in Java's words: a map without `value` where a `BigDecimal` is declared is not
    /// "null"; a `Character` stored with its class takes one character.
    @Test func messagesNameWhatADocumentHas() throws {
        let price = try #require(throws: SerializationError.self) { try document.object(#""price": {"a": 1}"#) }
        #expect(price.expected.hasSuffix("under the key value"))
        #expect(price.found == "the keys a")
        #expect(price.path == ["price"])
        let codec = ReadableCodec(registry: try Registry(schemas: SchemaSet()), format: .json)
        let character = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: Array(#"{"$class": "java.lang.Character", "$value": "xy"}"#.utf8))
        }
        #expect(character.expected == "a java.lang.Character (a one-character string or its code)")
        #expect(character.found == "a string")
    }

    /// A property list's own date, where the schema declares a `BigDecimal`, is an error; where
    /// it declares a `Date`, it is that date.
    @Test func aPlistDateOnlyWhereADateIsDeclared() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$class</key><string>cat.Loan</string>
            <key>price</key><date>2020-01-01T00:00:00Z</date><key>due</key><date>2020-01-01T00:00:00Z</date>
            </dict></plist>
            """
        let codec = ReadableCodec(registry: document.codec.registry, format: .propertyList(.xml))
        let bytes = Array(plist.utf8)
        let error = try #require(throws: SerializationError.self) { try codec.decode(Any?.self, from: bytes) }
        #expect(error.expected == "java.math.BigDecimal in field price")
        #expect(error.found == "a date")
        #expect(error.path == ["price"])
        let withoutPrice = plist.replacingOccurrences(of: "<key>price</key><date>2020-01-01T00:00:00Z</date>", with: "")
        let loan = try #require(try codec.decode(Any?.self, from: Array(withoutPrice.utf8)) as? DynamicObject)
        #expect(loan.fields["due"] as? Date == Date(timeIntervalSince1970: 1_577_836_800))
    }
}
