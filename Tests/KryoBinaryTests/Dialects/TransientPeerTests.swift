import Foundation
import SwiftKryo
import Testing

/// Transient fields a program serializes (`setSerializeTransient(true)`): Kryo 4's
/// `FieldSerializer` writes them after all the other fields. In schema files such a field says
/// `transient: true`. Tests/TransientPeer on Kryo 4.0.3, both ways.
@Suite(.enabled(if: PeerVersions.enabled.contains(4))) struct TransientPeerTests {
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo4") + """
              - class: TransientPeer$Page
                id: 20
                fields:
                  title: String
                  html: {type: String, transient: true}
                  words: int
                  cached: {type: int, transient: true}
            """

    static let document = #"""
        {"$class": "TransientPeer$Page", "title": "Plan", "html": "<p>Plan</p>", "words": 1, "cached": 7}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "TransientPeer/TransientPeer.java", mainClass: "TransientPeer",
        versions: [4])
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: cases)
    func bothWays(_ name: String) throws {
        let page = try Self.program.checkBothWays(Self.runs, 4, name)
        #expect(page.fields["title"] as? String == "Plan")
        #expect(page.fields["html"] as? String == "<p>Plan</p>")
        #expect(page.fields["cached"] as? Int32 == 7)
    }

    /// Kryo 2.20 never writes a transient field, and Kryo 5 writes it among the others.
    @Test func otherReleasesPlaceTheFieldsTheirWay() throws {
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "page.yaml")
        let registry = try Registry(schemas: schemas)
        let page = try ReadableCodec(registry: registry).decode(Any?.self, from: Array(Self.document.utf8))
        let options = SerializationOptions(references: false, registrationRequired: true)
        let two = try KryoCodec(registry: registry, dialect: .v2, options: options).encode(page)
        let five = try KryoCodec(registry: registry, dialect: .v5, options: options).encode(page)
        // Kryo 2.20: title and words only; Kryo 5: cached, html, title, words (name order).
        #expect(hex(two) == "16 50 6c 61 ee 02")
        #expect(hex(five) == "16 0e 3c 70 3e 50 6c 61 6e 3c 2f 70 be 50 6c 61 ee 02")
    }
}
