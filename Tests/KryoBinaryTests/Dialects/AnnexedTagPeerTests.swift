import Foundation
import SwiftKryo
import Testing

/// The parcel as Swift declares it (the typed path's `TaggedFieldSerializer`).
final class AnnexedParcel: Schematized {
    var id: Int64 = 0
    var label: String?
    var pieces: Int32 = 0
    var notes: [String?]?
    var next: AnnexedParcel?
    init() {}
    static let schema = Schema<AnnexedParcel>(java: "AnnexedTagPeer$Parcel", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("label", \.label).tag(2, annexed: true)
        Field("pieces", \.pieces).tag(3)
        Field("notes", \.notes).tag(4, annexed: true)
        Field("next", \.next).tag(5, annexed: true)
    }
}

/// Kryo 4's annexed tags (`@Tag(value = n, annexed = true)`): the field in chunks of at most
/// 1 024 bytes, then an empty chunk. Tests/AnnexedTagPeer/AnnexedTagPeer.java on Kryo 4.0.3, both
/// ways; in schema files the field says `annexed: true`.
@Suite(.enabled(if: PeerVersions.enabled.contains(4))) struct AnnexedTagPeerTests {
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo4") + """
              - class: AnnexedTagPeer$Parcel
                id: 20
                serializer: tagged
                fields:
                  id: {type: long, tag: 1}
                  label: {type: String, tag: 2, annexed: true}
                  pieces: {type: int, tag: 3}
                  notes: {type: "ArrayList<String>", tag: 4, annexed: true}
                  next: {type: AnnexedTagPeer$Parcel, tag: 5, annexed: true}
              - {class: java.util.ArrayList, id: 21}
            """

    static let document = #"""
        {"$class": "AnnexedTagPeer$Parcel", "id": 9000000001, "label": "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqr",
         "pieces": 3, "notes": ["fragile", null, "é"],
         "next": {"$class": "AnnexedTagPeer$Parcel", "id": 2, "label": null, "pieces": -1, "notes": null, "next": null}}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "AnnexedTagPeer/AnnexedTagPeer.java",
        mainClass: "AnnexedTagPeer", versions: [4])
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: cases)
    func bothWays(_ name: String) throws {
        let parcel = try Self.program.checkBothWays(Self.runs, 4, name)
        #expect((parcel.fields["label"] as? String)?.count == 1500)
        #expect((parcel.fields["next"] as? DynamicObject)?.fields["pieces"] as? Int32 == -1)
    }

    @Test("Swift types read Java's bytes and write them back", arguments: cases)
    func typed(_ name: String) throws {
        let run = try #require(Self.runs[4]).get()
        let java = try #require(run.javaBytes[name])
        let registry = try Registry {
            Register(AnnexedParcel.self, id: 20)
            Register([String?].self, id: 21)
        }
        let kryo = KryoCodec(
            registry: registry, dialect: .v4, options: SerializationOptions(references: name == "refs"))
        let parcel = try kryo.decode(AnnexedParcel.self, from: java)
        #expect(parcel.id == 9_000_000_001)
        #expect(parcel.label?.count == 1500)
        #expect(parcel.notes == ["fragile", nil, "é"])
        #expect(parcel.next?.pieces == -1)
        #expect(hex(try kryo.encode(parcel)) == hex(java))
    }

    /// An annexed field needs a tag in a tagged class.
    @Test func annexedNeedsATag() throws {
        let schema = """
            classes:
              - class: x.A
                fields: {a: {type: int, annexed: true}}
            """
        let error = try #require(throws: SchemaFileError.self) { try SchemaFiles.parse(schema, fileName: "a.yaml") }
        #expect("\(error)".contains("annexed, which needs a tag in a class of serializer: tagged"))
    }
}
