import Foundation
import SwiftKryo
import Testing

/// A `TreeMap<String, Integer>` and a `TreeSet<Short>` sorted by comparator classes of the Java
/// program's own (Swift cannot sort by them: their elements stay in the order Java wrote): their
/// values keep the classes the fields' generic arguments declare through every format, so that
/// Java reads back `Integer`s and `Short`s, not `Long`s. Tests/ComparatorClassPeer on Kryo 4.0.3
/// and 5.6.2, both ways.
@Suite struct ComparatorClassPeerTests {
    static let versions = PeerVersions.arguments
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - {class: java.util.TreeMap, id: 20}
              - {class: java.util.TreeSet, id: 21}
              - {class: ComparatorClassPeer$ByLength, id: 22, fields: {}}
              - {class: ComparatorClassPeer$Descending, id: 23, fields: {}}
              - class: ComparatorClassPeer$Board
                id: 24
                fields:
                  scores: TreeMap<String, Integer>
                  codes: TreeSet<Short>
            """

    static let document = """
        {"$class": "ComparatorClassPeer$Board",
         "scores": {"$class": "java.util.TreeMap", "comparator": {"$class": "ComparatorClassPeer$ByLength"},
                    "$value": {"a": 1, "bb": 2, "ccc": 3}},
         "codes": {"$class": "java.util.TreeSet", "comparator": {"$class": "ComparatorClassPeer$Descending"},
                   "$value": [30, 20, 10]}}
        """

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "ComparatorClassPeer/ComparatorClassPeer.java",
        mainClass: "ComparatorClassPeer", versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes as its own value, and Swift's bytes are Java's", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let board = try Self.program.checkBothWays(Self.runs, version, name)
        let scores = try #require(board.fields["scores"] as? JavaTreeMap<AnyHashable, Any?>)
        #expect(scores.keys == ["a", "bb", "ccc"])
        #expect(scores.values.map { $0 as? Int32 } == [1, 2, 3])
    }

    @Test("Through readable documents and keyed archives, Java's bytes come back the same", arguments: versions, cases)
    func throughEveryFormat(_ version: Int, _ name: String) throws {
        try Self.program.checkThroughEveryFormat(Self.runs, version, name)
    }
}
