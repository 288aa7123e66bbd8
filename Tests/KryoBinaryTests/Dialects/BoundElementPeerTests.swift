import Foundation
import SwiftKryo
import Testing

/// A list field whose serializer is bound to its elements' class, which is not final (Kryo 2.20
/// and 4's `CollectionSerializer.setElementClass`, with `setElementsCanBeNull(false)` and the
/// field's class fixed): in schema files `elementsFinal: true`, `elementsCanBeNull: false` and
/// `final: true`. Tests/BoundElementPeer on Kryo 2.20 and 4.0.3, both ways.
@Suite struct BoundElementPeerTests {
    static let versions = [2] + PeerVersions.enabled.filter { $0 == 4 }
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo2") + """
              - class: BoundElementPeer$Note
                id: 20
                fields:
                  title: String
                  labels: {type: "ArrayList<BoundElementPeer$Label>", final: true, elementsFinal: true,
                           elementsCanBeNull: false}
              - {class: BoundElementPeer$Label, id: 21, fields: {name: String, rank: int}}
              - {class: java.util.ArrayList, id: 22}
            """

    static let document = #"""
        {"$class": "BoundElementPeer$Note", "title": "plan",
         "labels": [{"name": "home", "rank": 2}, {"name": "urgent", "rank": 1}, {"$alias": "labels.0"}]}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "BoundElementPeer/BoundElementPeer.java",
        mainClass: "BoundElementPeer", versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let note = try Self.program.checkBothWays(Self.runs, version, name)
        let labels = try #require(note.fields["labels"] as? [Any?])
        #expect(labels.count == 3)
        #expect((labels[1] as? DynamicObject)?.fields["name"] as? String == "urgent")
    }

    @Test func aBoundClassNeedsTheGenericArgument() throws {
        let schema = """
            classes:
              - {class: x.A, fields: {list: {type: ArrayList, elementsFinal: true}}}
            """
        let error = try #require(throws: SchemaFileError.self) { try SchemaFiles.parse(schema, fileName: "a.yaml") }
        #expect("\(error)".contains("binds its elements' class, which its type names as a generic argument"))
    }
}
