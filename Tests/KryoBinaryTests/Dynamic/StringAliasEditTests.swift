import Foundation
import SwiftKryo
import Testing

/// A Java string met again (an interned literal, references on) is written in a readable document
/// as an alias that carries its text. The bytes are what the real jars wrote for
/// `Tags { ArrayList<String> list; LinkedHashSet<String> set; }` holding `list = ["a", "b"]`,
/// `set = ["z", "a"]` (one `"a"` instance), and, for the edit, `list = ["q", "b"]` with the same
/// set (`"a"` then in full in the set), unregistered (class names).
@Suite struct StringAliasEditTests {
    static let schema = """
        package: hr
        classes:
          - {class: Tags, fields: {list: "ArrayList<String>", set: "LinkedHashSet<String>"}}
        """

    struct Case: Sendable, CustomStringConvertible {
        let dialect: KryoDialect
        let shared: String
        let edited: String
        var description: String { "\(dialect.version)" }
    }

    static let prefix = "0101006a6176612e7574696c2e41727261794c6973f401"
    static let setClass = "016a6176612e7574696c2e4c696e6b6564486173685365f401"
    static let cases = [
        Case(
            dialect: .v2, shared: prefix + "0201826101826201" + setClass + "0201827a04",
            edited: prefix + "0201827101826201" + setClass + "0201827a018261"),
        Case(
            dialect: .v4, shared: prefix + "02030182610301826201" + setClass + "020301827a0304",
            edited: prefix + "02030182710301826201" + setClass + "020301827a03018261"),
        Case(
            dialect: .v5, shared: prefix + "0301826101826201" + setClass + "0301827a04",
            edited: prefix + "0301827101826201" + setClass + "0301827a018261"),
    ]

    /// The codec of `writeObject(output, tags)`.
    private static func codec(_ dialect: KryoDialect) throws -> KryoCodec {
        var codec = try schemaCodec(schema, dialect, references: true)
        codec.framing = .object
        return codec
    }

    /// Bytes of unspaced hex.
    private static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count - 1, by: 2).compactMap {
            UInt8(hex.dropFirst($0).prefix(2), radix: 16)
        }
    }

    /// The document of Java's bytes, as the readable codec writes it, as a JSON object.
    private static func document(_ bytes: [UInt8], _ codec: KryoCodec) throws -> (ReadableCodec, [String: Any]) {
        let object = try codec.decode(javaClass: "hr.Tags", from: bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let json = try JSONSerialization.jsonObject(with: Data(try readable.encode(object)))
        return (readable, try #require(json as? [String: Any]))
    }

    private static func bytes(of document: [String: Any], _ readable: ReadableCodec, _ codec: KryoCodec) throws
        -> [UInt8]
    {
        let data = try JSONSerialization.data(withJSONObject: document)
        return try codec.encode(try readable.decode(javaClass: "hr.Tags", from: [UInt8](data)), javaClass: "hr.Tags")
    }

    @Test(arguments: cases)
    func theAliasCarriesTheTextAndConvertsBackToTheSameBytes(_ peer: Case) throws {
        let codec = try Self.codec(peer.dialect)
        let (readable, document) = try Self.document(Self.bytes(peer.shared), codec)
        let set = try #require(document["set"] as? [Any])
        #expect(set.first as? String == "z")
        let alias = try #require(set.last as? [String: String])
        #expect(alias == ["$alias": "list.0", "$value": "a"])
        #expect(try Self.bytes(of: document, readable, codec) == Self.bytes(peer.shared))
    }

    @Test(arguments: cases)
    func editingTheFirstPlaceChangesThatPlaceAlone(_ peer: Case) throws {
        let codec = try Self.codec(peer.dialect)
        var (readable, document) = try Self.document(Self.bytes(peer.shared), codec)
        document["list"] = ["q", "b"]
        // Java's bytes of the edited graph: the set's "a" now written in full.
        #expect(try Self.bytes(of: document, readable, codec) == Self.bytes(peer.edited))
    }

    @Test(arguments: cases)
    func movingOrRemovingTheTargetKeepsTheText(_ peer: Case) throws {
        let codec = try Self.codec(peer.dialect)
        var (readable, document) = try Self.document(Self.bytes(peer.shared), codec)
        for list: [String] in [["b", "a"], ["b"], []] {
            document["list"] = list
            let bytes = try Self.bytes(of: document, readable, codec)
            let back = try #require(try codec.decode(javaClass: "hr.Tags", from: bytes) as? DynamicObject)
            let set = try #require(back["set"] as? any Collection)
            #expect(set.map { SharedString.text(of: $0) } == ["z", "a"], "list \(list)")
        }
    }

    @Test func anAliasAloneStillNamesTheStringAsItIsThere() throws {
        let codec = try Self.codec(.v5)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let text = #"{"list": ["q", "b"], "set": ["z", {"$alias": "list.0"}]}"#
        let back = try #require(try readable.decode(javaClass: "hr.Tags", from: Array(text.utf8)) as? DynamicObject)
        let list = try #require(back["list"] as? [Any?])
        let set = try #require(back["set"] as? any Collection)
        #expect(set.map { SharedString.text(of: $0) } == ["z", "q"])
        let first = try #require(list.first as? SharedString)
        #expect(set.contains { ($0 as? SharedString) === first })
    }
}
