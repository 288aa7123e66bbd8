import Foundation
import SwiftKryo
import Testing

/// Kryo 5.6.2's own serializers of `Pattern` and the atomics, which a program registers itself
/// (they are not Kryo's defaults, and Java 17's module rules keep the field serializer out of
/// these classes): Tests/OwnSerializersPeer/OwnSerializersPeer.java, with references on and off.
/// Swift has nothing but a schema file (`serializer: kryo` on each class) and a hand-written
/// document (Tests/Fixtures/domain/own-serializers.json), where the `Pattern` field, final, leaves
/// `$class` out and the list refers to it before Java's field order reaches it.
@Suite(.enabled(if: PeerVersions.enabled.contains(5))) struct KryoOwnJDKSerializerPeerTests {
    static let cases = ["refs", "norefs"]

    static func codecs(_ name: String) throws -> (kryo: KryoCodec, readable: ReadableCodec) {
        let schemas = try SchemaFiles.load(
            DomainPeerTests.fixtures.appendingPathComponent("schemas/own-serializers-peer.yaml"))
        let profile = try #require(schemas.applyingProfile(named: name))
        let registry = try Registry(schemas: profile)
        return (KryoCodec(registry: registry, settings: profile.settings), ReadableCodec(registry: registry))
    }

    @Test("Swift's bytes from the hand-written document are Java's, and Java reads them", arguments: cases)
    func bothWays(_ name: String) throws {
        let run = try OwnSerializersPeerRun.shared.get()
        let java = try #require(run.javaBytes[name], "Java wrote nothing for \(name)")
        #expect(hex(try #require(run.swiftBytes[name])) == hex(java))
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict")")
    }

    @Test("Java's bytes read as the classes' Java fields, and write back the same", arguments: cases)
    func javaBytesThroughADocument(_ name: String) throws {
        let run = try OwnSerializersPeerRun.shared.get()
        let java = try #require(run.javaBytes[name])
        let (kryo, readable) = try Self.codecs(name)
        let holder = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        let pattern = try #require(holder.fields["pattern"] as? DynamicObject)
        #expect(pattern.javaClass == "java.util.regex.Pattern")
        #expect(pattern.fields["pattern"] as? String == "[a-z]+\\d*")
        #expect(pattern.fields["flags"] as? Int32 == 10)
        #expect((holder.fields["counter"] as? DynamicObject)?.fields["value"] as? Int64 == -1 << 40)
        #expect((holder.fields["hits"] as? DynamicObject)?.fields["value"] as? Int32 == 300)
        #expect((holder.fields["open"] as? DynamicObject)?.fields["value"] as? Bool == true)
        #expect((holder.fields["last"] as? DynamicObject)?.fields["value"] as? String == "done")
        let list = try #require(holder.fields["list"] as? [Any?])
        #expect(list.count == 4)
        #expect(((list[0] ?? nil) as? DynamicObject === holder.fields["counter"] as? DynamicObject) == (name == "refs"))
        let document = try readable.encode(holder)
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: document))) == hex(java))
    }

    @Test func aPatternWithoutItsTextIsAnError() throws {
        let (kryo, readable) = try Self.codecs("refs")
        let document = Array(#"{"$class": "java.util.regex.Pattern", "flags": 2}"#.utf8)
        let error = try #require(throws: SerializationError.self) {
            try kryo.encode(try readable.decode(Any?.self, from: document))
        }
        #expect(error.expected == "the text of a java.util.regex.Pattern", "\(error)")
    }
}

/// The Java side of ``KryoOwnJDKSerializerPeerTests``, run once per test process.
struct OwnSerializersPeerRun: Sendable {
    let javaBytes: [String: [UInt8]]
    let verdicts: [String: String]
    let swiftBytes: [String: [UInt8]]

    static let shared = Result<OwnSerializersPeerRun, any Error> { try run() }

    private static func run() throws -> OwnSerializersPeerRun {
        let document = try Data(
            contentsOf: DomainPeerTests.fixtures.appendingPathComponent("domain/own-serializers.json"))
        var swiftBytes: [String: [UInt8]] = [:]
        for name in KryoOwnJDKSerializerPeerTests.cases {
            let (kryo, readable) = try KryoOwnJDKSerializerPeerTests.codecs(name)
            swiftBytes[name] = try kryo.encode(try readable.decode(Any?.self, from: [UInt8](document)))
        }
        let run = try JavaProgramRun.run(
            version: 5, sources: ["OwnSerializersPeer/OwnSerializersPeer.java"], mainClass: "OwnSerializersPeer",
            swiftBytes: swiftBytes)
        return OwnSerializersPeerRun(javaBytes: run.javaBytes, verdicts: run.verdicts, swiftBytes: swiftBytes)
    }
}
