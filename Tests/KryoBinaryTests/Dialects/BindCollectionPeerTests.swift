import Foundation
import SwiftKryo
import Testing

/// Kryo 5's `@BindCollection(elementsCanBeNull = false)` on collection fields: no null flag in the
/// size, no `hasNull` after a shared element class, no null marker before an element of a final
/// class. Tests/BindCollectionPeer/BindCollectionPeer.java; in schema files the field says
/// `elementsCanBeNull: false`.
@Suite(.enabled(if: PeerVersions.enabled.contains(5))) struct BindCollectionPeerTests {
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - class: BindCollectionPeer$Holder
                id: 20
                fields:
                  cs: {type: "List<BindCollectionPeer$Carrier>", elementsCanBeNull: false}
                  codes: {type: "List<String>", elementsCanBeNull: false}
                  finals: {type: "ArrayList<BindCollectionPeer$Code>", elementsCanBeNull: false}
                  byId: {type: "Map<Long, BindCollectionPeer$Carrier>", keysCanBeNull: false, valuesCanBeNull: false}
                  byName: {type: "HashMap<String, BindCollectionPeer$Code>", valuesCanBeNull: false}
              - class: BindCollectionPeer$Carrier
                id: 21
                fields: {code: String, name: String}
              - class: BindCollectionPeer$Code
                id: 22
                final: true
                fields: {v: String}
              - {class: java.util.ArrayList, id: 23}
              - {class: java.util.HashMap, id: 24}
            """

    static let document = #"""
        {"$class": "BindCollectionPeer$Holder",
         "cs": [{"$class": "BindCollectionPeer$Carrier", "code": "SWP", "name": "Swiss Post"},
                {"$class": "BindCollectionPeer$Carrier", "code": "DHL", "name": null}],
         "codes": ["A", "B"],
         "finals": [{"v": "x"}, {"v": "y"}],
         "byId": {"7": {"$alias": "cs.0"}}, "byName": {"first": {"$alias": "finals.0"}}}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "BindCollectionPeer/BindCollectionPeer.java",
        mainClass: "BindCollectionPeer", versions: [5])
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: cases)
    func bothWays(_ name: String) throws {
        let holder = try Self.program.checkBothWays(Self.runs, 5, name)
        let carriers = try #require(holder.fields["cs"] as? [Any?])
        #expect((carriers.first as? DynamicObject)?.fields["code"] as? String == "SWP")
    }

    @Test func aNullElementIsAnError() throws {
        let (kryo, readable) = try Self.program.codecs(5, "norefs")
        let document = #"{"$class": "BindCollectionPeer$Holder", "codes": ["A", null]}"#
        #expect(throws: SerializationError.self) {
            try kryo.encode(try readable.decode(Any?.self, from: Array(document.utf8)))
        }
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "bind.yaml")
        #expect(SchemaFiles.yaml(schemas).contains("elementsCanBeNull: false"))
        #expect(try SchemaFiles.parse(SchemaFiles.yaml(schemas), fileName: "again.yaml").classes == schemas.classes)
    }
}
