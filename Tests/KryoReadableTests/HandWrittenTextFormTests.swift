import Foundation
import SwiftKryo
import Testing

/// `java.math`, `java.util.UUID`, `java.net` and `StringBuilder` values written by hand as the
/// strings they stand for, where the schema declares them.
@Suite struct HandWrittenTextFormTests {
    static let schema = """
        settings: {dialect: kryo5, registrationRequired: false}
        classes:
          - class: x.Order
            fields:
              total: java.math.BigDecimal
              count: java.math.BigInteger
              id: java.util.UUID
              page: java.net.URL
              spec: java.net.URI
              note: java.lang.StringBuilder
              lang: java.util.Locale
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "x.Order") }

    @Test func eachReadsAsTheValueItNamesAndTheLibrarysFormReadsTheSame() throws {
        let order = try document.object(
            #""total": "-123.4500", "count": "123456789012345678901234567890", "#
                + #""id": "123e4567-e89b-12d3-a456-426614174000", "page": "https://example.com/a?b=c", "#
                + #""spec": "urn:isbn:0451450523", "note": "draft", "lang": "fr-CA""#)
        #expect(order.fields["total"] as? JavaBigDecimal == JavaBigDecimal("-123.4500"))
        #expect((order.fields["total"] as? JavaBigDecimal)?.scale == 4)
        #expect(order.fields["count"] as? JavaBigInteger == JavaBigInteger("123456789012345678901234567890"))
        #expect(order.fields["id"] as? UUID == UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000"))
        #expect(order.fields["page"] as? URL == URL(string: "https://example.com/a?b=c"))
        #expect(order.fields["spec"] as? JavaURI == JavaURI("urn:isbn:0451450523"))
        #expect((order.fields["note"] as? JavaStringBuilder)?.value == "draft")
        #expect((order.fields["lang"] as? Locale)?.identifier == "fr_CA")
        // Written in the library's own forms and read again: the same values.
        let written = try document.codec.encode(order)
        let again = try #require(try document.codec.decode(Any?.self, from: written) as? DynamicObject)
        #expect(try document.codec.encode(again) == written)
        #expect(again.fields["total"] as? JavaBigDecimal == JavaBigDecimal("-123.4500"))
        #expect(again.fields["id"] as? UUID == order.fields["id"] as? UUID)
    }

    @Test(arguments: [
        ("total", "12,5", "a decimal number such as -123.4500 or 1E+3"),
        ("count", "1.5", "an integer's digits"),
        ("id", "not-a-uuid", "a UUID such as 123e4567-e89b-12d3-a456-426614174000"),
        ("lang", "fr CA", "a locale such as fr_CA"),
        // What Java's `new URI(text)` throws a `URISyntaxException` for.
        ("spec", "../a b", "a URI (java.net.URI): Illegal character in path at index 4: ../a b"),
        ("spec", "a%2", "a URI (java.net.URI): Malformed escape pair at index 1: a%2"),
        ("spec", "x#a#b", "a URI (java.net.URI): Illegal character in fragment at index 3: x#a#b"),
        ("spec", ":x", "a URI (java.net.URI): Expected scheme name at index 0: :x"),
        ("spec", "mailto:", "a URI (java.net.URI): Expected scheme-specific part at index 7: mailto:"),
        ("spec", "a/[b]", "a URI (java.net.URI): Illegal character in path at index 2: a/[b]"),
    ])
    func textThatIsNotOneIsAnErrorAtItsField(field: String, text: String, expected: String) throws {
        #expect {
            _ = try document.object("\"\(field)\": \"\(text)\"")
        } throws: { error in
            "\(error)" == "invalidValue: expected \(expected), found \"\(text)\" (path: \(field))"
        }
    }
}

/// The URIs Java's `new URI(text)` takes pass the check, and a `JavaURI` the check refuses is an
/// error where the Kryo binary would give it to Java.
@Suite struct JavaURISyntaxTests {
    @Test(arguments: [
        "urn:isbn:0451450523", "https://example.com/a?b=c#top", "../a/b%20c", "http://[::1]:8080/x",
        "mailto:someone@example.com", "file:///tmp/x", "caf\u{E9}/menu", "", "#frag", "?q=1",
    ])
    func validURIsPass(text: String) {
        #expect(JavaURI.syntaxProblem(of: text) == nil)
    }

    @Test func anInvalidURIIsNotWrittenToKryo() throws {
        let registry = try Registry { Register(JavaURI.self, id: 20) }
        #expect {
            _ = try registry.encode(JavaURI("../a b"), as: .kryo(.v5))
        } throws: { error in
            "\(error)".contains("Illegal character in path at index 4: ../a b")
        }
        let bytes = try registry.encode(JavaURI("../a%20b"), as: .kryo(.v5))
        #expect(try registry.decode(JavaURI.self, from: bytes, as: .kryo(.v5)) == JavaURI("../a%20b"))
    }
}
