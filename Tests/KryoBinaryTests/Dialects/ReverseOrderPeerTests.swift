import Foundation
import SwiftKryo
import Testing

/// A `TreeMap` and a `TreeSet` sorted by `Collections.reverseOrder()`, in typed fields and in an
/// `Object` field: their comparator goes through every format, so that the order Java reads
/// back is the one it wrote (readable documents and keyed archives keep it beside the entries).
/// Tests/ReverseOrderPeer on Kryo 4.0.3 and 5.6.2 (which write a `TreeSet`'s comparator), both
/// ways.
@Suite struct ReverseOrderPeerTests {
    static let versions = PeerVersions.arguments
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - {class: java.util.TreeMap, id: 20}
              - {class: java.util.TreeSet, id: 21}
              - {class: java.util.Collections$ReverseComparator, id: 22}
              - class: ReverseOrderPeer$Board
                id: 23
                fields:
                  scores: TreeMap<String, Integer>
                  names: TreeSet<String>
                  any: Object
            """

    static let reverse = #"{"$class": "java.util.Collections$ReverseComparator"}"#
    static let document = """
        {"$class": "ReverseOrderPeer$Board",
         "scores": {"$class": "java.util.TreeMap", "comparator": \(reverse), "$value": {"a": 1, "c": 3, "b": 2}},
         "names": {"$class": "java.util.TreeSet", "comparator": \(reverse), "$value": ["x", "z", "y"]},
         "any": {"$class": "java.util.TreeMap", "comparator": \(reverse), "$value": {"p": "pear", "q": "quince"}}}
        """

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "ReverseOrderPeer/ReverseOrderPeer.java",
        mainClass: "ReverseOrderPeer", versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes, Swift's bytes are Java's, and Java's read back", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let board = try Self.program.checkBothWays(Self.runs, version, name)
        let scores = try #require(board.fields["scores"] as? JavaTreeMap<AnyHashable, Any?>)
        #expect(scores.comparator == .reverse)
        #expect(scores.keys == ["c", "b", "a"])
    }

    @Test("Through a readable document or a keyed archive, Java's bytes come back the same", arguments: versions, cases)
    func throughEveryFormat(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        let java = try #require(run.javaBytes[name])
        let (kryo, _) = try Self.program.codecs(version, name)
        let value = try kryo.decode(Any?.self, from: java)
        let registry = kryo.registry
        for format in [ReadableFormat.json, .propertyList(.xml)] {
            let readable = ReadableCodec(registry: registry, format: format)
            let back = try readable.decode(Any?.self, from: try readable.encode(value))
            #expect(try kryo.encode(back) == java, "\(format)")
        }
        var keyed = KeyedArchiveCodec(registry: registry)
        keyed.keepsJavaClasses = true
        #expect(try kryo.encode(try keyed.decode(Any?.self, from: try keyed.encode(value))) == java)
    }
}
