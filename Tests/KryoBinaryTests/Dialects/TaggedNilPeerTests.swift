import Foundation
import SwiftKryo
import Testing

/// The item as Swift declares it (the typed path's `TaggedFieldSerializer`).
final class TaggedNilItem: Schematized {
    var cpt: String?
    var qty: Int32 = 0
    init() {}
    static let schema = Schema<TaggedNilItem>(java: "TaggedNilPeer$Item", isFinal: true, serializer: .tagged) {
        Field("cpt", \.cpt).tag(1)
        Field("qty", \.qty).tag(2)
    }
}

final class TaggedNilHolder: Schematized {
    var item: TaggedNilItem?
    var missing: TaggedNilItem?
    var items: [TaggedNilItem?]?
    init() {}
    static let schema = Schema<TaggedNilHolder>(java: "TaggedNilPeer$Holder") {
        Field("item", \.item)
        Field("missing", \.missing)
        Field("items", \.items)
    }
}

/// A final class written by `TaggedFieldSerializer`, in fields and list elements that declare
/// it, with nulls: Tests/TaggedNilPeer/TaggedNilPeer.java on Kryo 2.20, 4.0.3 and 5.6.2. Kryo 5's
/// serializer writes null itself (a field count + 1 of `0`), so no null marker comes before the
/// object when references are off; 2.20 and 4 write one.
@Suite struct TaggedNilPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - class: TaggedNilPeer$Holder
                id: 20
                fields: {item: TaggedNilPeer$Item, missing: TaggedNilPeer$Item, items: ArrayList<TaggedNilPeer$Item>}
              - class: TaggedNilPeer$Item
                id: 21
                final: true
                serializer: tagged
                fields:
                  cpt: {type: String, tag: 1}
                  qty: {type: int, tag: 2}
              - {class: java.util.ArrayList, id: 22}
            """

    static let document = #"""
        {"$class": "TaggedNilPeer$Holder", "item": {"cpt": "99213", "qty": 2}, "missing": null,
         "items": [{"cpt": "99214", "qty": 1}, null, {"cpt": null, "qty": -1}]}
        """#

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "TaggedNilPeer/TaggedNilPeer.java", mainClass: "TaggedNilPeer")
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, and Swift's bytes are Java's", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let holder = try Self.program.checkBothWays(Self.runs, version, name)
        #expect((holder.fields["item"] as? DynamicObject)?.fields["cpt"] as? String == "99213")
        #expect((holder.fields["missing"] ?? nil) == nil)
        let items = try #require(holder.fields["items"] as? [Any?])
        #expect(items.count == 3)
        #expect((items[1] ?? nil) == nil)
        #expect((items[2] as? DynamicObject)?.fields["qty"] as? Int32 == -1)
    }

    @Test("Swift types read Java's bytes and write them back", arguments: versions, cases)
    func typed(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        let java = try #require(run.javaBytes[name])
        let registry = try Registry {
            Register(TaggedNilHolder.self, id: 20)
            Register(TaggedNilItem.self, id: 21)
            Register([Any?].self, id: 22)
        }
        let dialect: KryoDialect = version == 2 ? .v2 : version == 4 ? .v4 : .v5
        let kryo = KryoCodec(
            registry: registry, dialect: dialect, options: SerializationOptions(references: name == "refs"))
        let holder = try kryo.decode(TaggedNilHolder.self, from: java)
        #expect(holder.item?.cpt == "99213")
        #expect(holder.missing == nil)
        #expect(holder.items?.count == 3)
        #expect(holder.items?[2]?.qty == -1)
        #expect(hex(try kryo.encode(holder)) == hex(java))
    }
}
