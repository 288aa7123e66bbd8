import Foundation
import SwiftKryo
import Testing

/// A program's own collections and maps (`LabelList extends ArrayList<Label>`, a
/// `LinkedHashMap` and a `HashSet` subclass without fields): Kryo writes them with its
/// `CollectionSerializer` and `MapSerializer` under their own classes; in schema files they are
/// `extends:` without `fields:`. Tests/CollectionSubclassPeer on Kryo 2.20, 4.0.3 and 5.6.2, both
/// ways.
@Suite struct CollectionSubclassPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - class: CollectionSubclassPeer$Shelf
                id: 40
                fields:
                  title: String
                  labels: CollectionSubclassPeer$LabelList
                  settings: CollectionSubclassPeer$Settings
                  any: Object
                  tags: CollectionSubclassPeer$Tags
              - {class: CollectionSubclassPeer$LabelList, id: 41, extends: "ArrayList<CollectionSubclassPeer$Label>"}
              - {class: CollectionSubclassPeer$Settings, id: 42, extends: "LinkedHashMap<String, String>"}
              - {class: CollectionSubclassPeer$Label, id: 43, fields: {name: String, n: int}}
              - {class: CollectionSubclassPeer$Tags, id: 44, extends: "HashSet<String>"}
            """

    /// As a person writes it: the lists and the map plain where their fields declare them, the
    /// `Object` field's list with its class.
    static let document = #"""
        {"$class": "CollectionSubclassPeer$Shelf", "title": "shelf",
         "labels": [{"$class": "CollectionSubclassPeer$Label", "name": "urgent", "n": 1},
                    {"$alias": "any.$value.0"}, {"$alias": "labels.0"}, null],
         "settings": {"theme": "dark", "font": null},
         "any": {"$class": "CollectionSubclassPeer$LabelList",
                 "$value": [{"$class": "CollectionSubclassPeer$Label", "name": "home", "n": 2}]},
         "tags": ["x", "y"]}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "CollectionSubclassPeer/CollectionSubclassPeer.java",
        mainClass: "CollectionSubclassPeer")
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, and Java's bytes read back and write back the same", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict"): \(run.output)")
        let java = try #require(run.javaBytes[name])
        let (kryo, readable) = try Self.program.codecs(version, name)
        let shelf = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        let labels = try #require(shelf.fields["labels"] as? JavaCollection<Any?>)
        #expect(labels.javaClass == "CollectionSubclassPeer$LabelList")
        #expect(labels.count == 4)
        #expect((shelf.fields["any"] as? JavaCollection<Any?>)?.javaClass == "CollectionSubclassPeer$LabelList")
        #expect((shelf.fields["settings"] as? JavaMap<AnyHashable, Any?>)?.entries.keys.elements == ["theme", "font"])
        #expect(hex(try kryo.encode(shelf)) == hex(java))
        // Through a readable document and back.
        let throughDocument = try readable.decode(Any?.self, from: try readable.encode(shelf))
        #expect(hex(try kryo.encode(throughDocument)) == hex(java))
    }

    /// The canonical schema file writes the class's superclass back, and reads as the same.
    @Test func theCanonicalFileKeepsTheSuperclass() throws {
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "shelf.yaml")
        for (text, name) in [(SchemaFiles.yaml(schemas), "again.yaml"), (SchemaFiles.json(schemas), "again.json")] {
            #expect(text.contains("java.util.LinkedHashMap"), "\(text)")
            let again = try SchemaFiles.parse(text, fileName: name)
            #expect(again.classes.map(\.collectionSuperclass) == schemas.classes.map(\.collectionSuperclass))
        }
    }
}
