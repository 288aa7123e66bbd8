import Foundation
import SwiftKryo
import Testing

/// A `Map<List<String>, Integer>` and a `Set<List<Integer>>`: keys that Java hashes by their
/// contents and Swift cannot hash. They read (each key one object of its map), are written in a
/// document as `NS.keys`, and come back as Java's bytes through every format.
/// Tests/ListKeyPeer on Kryo 2.20, 4.0.3 and 5.6.2, both ways.
@Suite struct ListKeyPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - {class: java.util.HashMap, id: 20}
              - {class: java.util.HashSet, id: 21}
              - {class: java.util.ArrayList, id: 22}
              - class: ListKeyPeer$Keys
                id: 23
                fields:
                  byPath: Map<List<String>, Integer>
                  groups: Set<List<Integer>>
            """

    static let document = """
        {"$class": "ListKeyPeer$Keys",
         "byPath": {"$class": "NSDictionary", "NS.keys": [["a", "b"], ["c"]], "NS.objects": [1, 2]},
         "groups": [[1, 2], [3]]}
        """

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "ListKeyPeer/ListKeyPeer.java", mainClass: "ListKeyPeer",
        versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes as its own value, and Swift's bytes are Java's", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let keys = try Self.program.checkBothWays(Self.runs, version, name)
        let byPath = try #require(ValueConversion.flatten(keys.fields["byPath"] ?? nil) as? any AnyEntriesExposing)
        let entries = byPath.anyEntries.map { entry in
            (
                (ValueConversion.flatten(entry.key) as? SharedValue)?.value as? [Any?],
                ValueConversion.flatten(entry.value) as? Int32
            )
        }
        #expect(entries.map { $0.0?.compactMap { $0 as? String } } == [["a", "b"], ["c"]])
        #expect(entries.map(\.1) == [1, 2])
    }

    @Test("Through readable documents and keyed archives, Java's bytes come back the same", arguments: versions, cases)
    func throughEveryFormat(_ version: Int, _ name: String) throws {
        try Self.program.checkThroughEveryFormat(Self.runs, version, name)
    }
}
