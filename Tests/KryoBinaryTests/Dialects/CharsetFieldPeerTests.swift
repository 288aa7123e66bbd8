import Foundation
import SwiftKryo
import Testing

/// Fields a schema declares as `java.nio.charset.Charset` (an abstract class: the values are of
/// the JDK's `sun.nio.cs` classes): read and written as Java does, and through every format.
/// Tests/CharsetFieldPeer on Kryo 4.0.3 and 5.6.2, both ways.
@Suite struct CharsetFieldPeerTests {
    static let versions = PeerVersions.arguments
    static let cases = SchemaPeerProgram.cases

    static let schema =
        SchemaPeerProgram.header(dialect: "kryo5") + """
              - {class: sun.nio.cs.UTF_8, id: 20}
              - {class: sun.nio.cs.ISO_8859_1, id: 21}
              - class: CharsetFieldPeer$Holder
                id: 22
                fields: {encoding: java.nio.charset.Charset, fallback: java.nio.charset.Charset, none: java.nio.charset.Charset}
            """

    static let document = """
        {"$class": "CharsetFieldPeer$Holder",
         "encoding": {"$class": "sun.nio.cs.UTF_8", "name": "UTF-8", "javaClass": "sun.nio.cs.UTF_8"},
         "fallback": {"$class": "sun.nio.cs.ISO_8859_1", "name": "ISO-8859-1", "javaClass": "sun.nio.cs.ISO_8859_1"}}
        """

    static let program = SchemaPeerProgram(
        schema: schema, document: document, source: "CharsetFieldPeer/CharsetFieldPeer.java",
        mainClass: "CharsetFieldPeer", versions: versions)
    static let runs = program.runs()

    @Test("Java reads Swift's bytes as its own value, and Swift's bytes are Java's", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let holder = try Self.program.checkBothWays(Self.runs, version, name)
        #expect((holder.fields["encoding"] ?? nil) as? JavaCharset == JavaCharset("UTF-8"))
        #expect((holder.fields["fallback"] ?? nil) as? JavaCharset == JavaCharset("ISO-8859-1"))
    }

    @Test("Through readable documents and keyed archives, Java's bytes come back the same", arguments: versions, cases)
    func throughEveryFormat(_ version: Int, _ name: String) throws {
        try Self.program.checkThroughEveryFormat(Self.runs, version, name)
    }

    /// A charset is no `String`: a value of another class in the field is an error.
    @Test func aStringIsNoCharset() throws {
        let (_, readable) = try Self.program.codecs(5, "norefs")
        #expect(throws: SerializationError.self) {
            try readable.decode(
                Any?.self,
                from: Array(
                    #"{"$class": "CharsetFieldPeer$Holder", "encoding": {"$class": "java.lang.String", "$value": "UTF-8"}}"#
                        .utf8))
        }
    }
}
