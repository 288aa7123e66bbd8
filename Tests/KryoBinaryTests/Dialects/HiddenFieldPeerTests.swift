import Foundation
import SwiftKryo
import Testing

/// A subclass field with the name of a superclass field (Java keeps both, Kryo writes both, the
/// subclass's first in name order): Tests/HiddenFieldPeer/HiddenFieldPeer.java on Kryo 2.20, 4.0.3
/// and 5.6.2. In a schema file the subclass declares its field as usual; the superclass's is
/// keyed `Base.name` in objects and documents.
@Suite struct HiddenFieldPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - class: HiddenFieldPeer$Holder
                id: 20
                fields: {first: HiddenFieldPeer$Base, second: HiddenFieldPeer$Sub}
              - class: HiddenFieldPeer$Base
                id: 21
                fields: {name: String, v: int, zone: String}
              - class: HiddenFieldPeer$Sub
                id: 22
                extends: HiddenFieldPeer$Base
                fields: {name: String, zone: long}
            """

    static let document = #"""
        {"$class": "HiddenFieldPeer$Holder",
         "first": {"$class": "HiddenFieldPeer$Sub", "name": "sub", "zone": -5, "Base.name": "base", "v": 3,
                   "Base.zone": "UTC"},
         "second": {"$class": "HiddenFieldPeer$Sub", "name": "two"}}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "HiddenFieldPeer/HiddenFieldPeer.java", mainClass: "HiddenFieldPeer"
    )
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict"): \(run.output)")
        let java = try #require(run.javaBytes[name])
        let (kryo, readable) = try Self.program.codecs(version, name)
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: Array(Self.document.utf8)))) == hex(java))
        let holder = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        let first = try #require(holder.fields["first"] as? DynamicObject)
        #expect(first.fields["name"] as? String == "sub")
        #expect(first.fields["Base.name"] as? String == "base")
        #expect(first.fields["zone"] as? Int64 == -5)
        #expect(first.fields["Base.zone"] as? String == "UTC")
        #expect(first.fields["v"] as? Int32 == 3)
        // Through a document and back: the same bytes.
        let document = try readable.encode(holder)
        #expect(String(decoding: document, as: UTF8.self).contains(#""Base.name":"base""#))
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: document))) == hex(java))
    }

    @Test func theSchemaWritesBackWithTheHiddenFieldsKeyAndName() throws {
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "hidden.yaml")
        let sub = try #require(schemas.schema(forJavaName: "HiddenFieldPeer$Sub"))
        #expect(sub.fields.map(\.key) == ["name", "zone", "Base.name", "v", "Base.zone"])
        #expect(sub.fields.map(\.name) == ["name", "zone", "name", "v", "zone"])
        let written = SchemaFiles.yaml(schemas)
        #expect(written.contains(#"Base.name: {type: String, name: "name"}"#), "\(written)")
        #expect(try SchemaFiles.parse(written, fileName: "again.yaml").classes == schemas.classes)
        // A key of the form the hidden field takes, declared by hand, is the same field.
        let flat = """
            classes:
              - class: a.Sub
                fields:
                  name: String
                  Base.name: {type: String, name: name}
            """
        let flatSub = try #require(try SchemaFiles.parse(flat, fileName: "flat.yaml").schema(forJavaName: "a.Sub"))
        #expect(flatSub.fields.map(\.name) == ["name", "name"])
        #expect(flatSub.fields.map(\.key) == ["name", "Base.name"])
    }
}
