import Foundation
import SwiftKryo
import Testing

/// A Java domain no other peer covers, read and written with nothing but schema files and a
/// hand-written document, as a user of `kryo convert` meets it: the university of
/// Tests/DomainPeer/DomainPeer.java (public classes with public fields, an abstract superclass
/// and an array of it, a cycle through a list, a `TreeMap` keyed by an enum, `int[][]`, a `char`,
/// boxed numbers in a `List<Object>`), written by Java Kryo 2.20, 4.0.3 and 5.6.2 with the default
/// FieldSerializer and with CompatibleFieldSerializer as the default serializer (Kryo 5 also
/// chunked), unregistered, references on.
///
/// For each variant: Swift encodes Tests/Fixtures/domain/university.json (written by hand: enum
/// constants by name, maps keyed by numbers and enums as plain dictionaries, aliases) and Java
/// reads those bytes into the graph it builds itself; Swift's bytes equal Java's; and Java's
/// bytes convert to a readable document and back to the same bytes.
@Suite struct DomainPeerTests {
    struct Variant: Sendable, CustomStringConvertible {
        let version: Int
        let compatible: Bool
        let chunked: Bool
        var name: String {
            "university_\(compatible ? "compatible_" : "field_")\(chunked ? "chunked_" : "")v\(version)"
        }
        var description: String { name }
        var schemaFile: String { compatible ? "domain-university-compatible.yaml" : "domain-university.yaml" }
        var profile: String { "v\(version)\(chunked ? "chunked" : "")" }
    }

    static let versions = [2] + PeerVersions.enabled
    static let variants: [Variant] = versions.flatMap { version in
        [
            Variant(version: version, compatible: false, chunked: false),
            Variant(version: version, compatible: true, chunked: false),
        ]
            + (version == 5 ? [Variant(version: 5, compatible: true, chunked: true)] : [])
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The variant's codecs, from its schema file and profile alone.
    static func codecs(_ variant: Variant) throws -> (kryo: KryoCodec, readable: ReadableCodec) {
        let schemas = try SchemaFiles.load(fixtures.appendingPathComponent("schemas/\(variant.schemaFile)"))
        let profile = try #require(schemas.applyingProfile(named: variant.profile))
        let registry = try Registry(schemas: profile)
        return (KryoCodec(registry: registry, settings: profile.settings), ReadableCodec(registry: registry))
    }

    @Test("Swift's bytes from the hand-written document are Java's, and Java reads them", arguments: variants)
    func bothWays(_ variant: Variant) throws {
        let run = try DomainPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes[variant.name], "Java wrote nothing for \(variant)")
        let swift = try #require(run.swiftBytes[variant.name])
        #expect(hex(swift) == hex(java))
        #expect(run.verdicts[variant.name] == "PASS", "\(run.verdicts[variant.name] ?? "no verdict")")
    }

    @Test("Java's bytes convert to a readable document and back to the same bytes", arguments: variants)
    func javaBytesThroughADocument(_ variant: Variant) throws {
        let run = try DomainPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes[variant.name])
        let (kryo, readable) = try Self.codecs(variant)
        let document = try readable.encode(try kryo.decode(Any?.self, from: java))
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: document))) == hex(java))
        let text = String(decoding: document, as: UTF8.self)
        // The cycle and the sharing are aliases, the enum a constant with its name.
        #expect(text.contains(#""advisor":{"$alias":"members.0"}"#))
        #expect(text.contains(#""level":{"$class":"DomainPeer$Level","name":"PHD","ordinal":2}"#))
        // Maps keyed by the declared Integer or enum are plain dictionaries, as written by hand.
        #expect(text.contains(#""rooms":{"1":"hall","3":"lab"}"#))
        #expect(text.contains(#""quota":{"MASTER":5,"PHD":2}"#))
    }
}

/// The Java side of ``DomainPeerTests`` for one release, run once per test process.
struct DomainPeerRun: Sendable {
    let javaBytes: [String: [UInt8]]
    let verdicts: [String: String]
    let swiftBytes: [String: [UInt8]]

    static let runs: [Int: Result<DomainPeerRun, any Error>] = Dictionary(
        uniqueKeysWithValues: DomainPeerTests.versions.map { version in (version, Result { try run(version) }) })

    static func shared(_ version: Int) throws -> DomainPeerRun {
        guard let run = runs[version] else { throw JavaPeerRun.PeerFailure(message: "no run for Kryo \(version)") }
        return try run.get()
    }

    private static func run(_ version: Int) throws -> DomainPeerRun {
        let document = try Data(
            contentsOf: DomainPeerTests.fixtures.appendingPathComponent("domain/university.json"))
        var swiftBytes: [String: [UInt8]] = [:]
        for variant in DomainPeerTests.variants where variant.version == version {
            let (kryo, readable) = try DomainPeerTests.codecs(variant)
            swiftBytes[variant.name] = try kryo.encode(try readable.decode(Any?.self, from: [UInt8](document)))
        }
        let run = try JavaProgramRun.run(
            version: version, sources: ["DomainPeer/DomainPeer.java"], mainClass: "DomainPeer",
            arguments: ["--kryo", "\(version)"], swiftBytes: swiftBytes)
        return DomainPeerRun(javaBytes: run.javaBytes, verdicts: run.verdicts, swiftBytes: swiftBytes)
    }
}
