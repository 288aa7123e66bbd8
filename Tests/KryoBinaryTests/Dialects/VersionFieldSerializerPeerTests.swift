import Foundation
import SwiftKryo
import Testing

// Java's VersionFieldSerializer (Kryo 4.0.3 and 5.6.2) against the real jars: the classes of
// Tests/VersionPeer/VersionPeer.java, an item in two versions under one id, held by a holder.

/// Version 1 of `VersionPeer$ItemV1`, declared by hand: no field says since when (version 0).
final class VersionItemV1: Schematized {
    var name: String?
    var count: Int32 = 0
    init() {}
    init(_ name: String, _ count: Int32) {
        self.name = name
        self.count = count
    }
    static let schema = Schema<VersionItemV1>(java: "VersionPeer$ItemV1", isFinal: true, serializer: .version) {
        Field("name", \.name)
        Field("count", \.count)
    }
}

/// Version 2, declared with the macro: fields added in versions 1 and 2.
@JavaClass("VersionPeer$ItemV2", isFinal: true, serializer: .version)
final class VersionItemV2 {
    var name: String?
    var count: Int32 = 0
    @JavaField(since: 1) var email: String?
    @JavaField(since: 2) var codes: [Int64]?
    @JavaField(since: 1, javaType: "ArrayList<String>") var tags: [String]?
    init() {}
    init(_ name: String, _ count: Int32, email: String? = nil, codes: [Int64]? = nil, tags: [String]? = nil) {
        self.name = name
        self.count = count
        self.email = email
        self.codes = codes
        self.tags = tags
    }
}

final class VersionHolderV1: Schematized {
    var first: VersionItemV1?
    var missing: VersionItemV1?
    var any: Any?
    var list: [VersionItemV1]?
    init() {}
    static let schema = Schema<VersionHolderV1>(java: "VersionPeer$HolderV1") {
        Field("first", \.first)
        Field("missing", \.missing)
        Field("any", get: { $0.any }, set: { $0.any = $1 })
        Field("list", \.list)
    }
}

final class VersionHolderV2: Schematized {
    var first: VersionItemV2?
    var missing: VersionItemV2?
    var any: Any?
    var list: [VersionItemV2]?
    init() {}
    static let schema = Schema<VersionHolderV2>(java: "VersionPeer$HolderV2") {
        Field("first", \.first)
        Field("missing", \.missing)
        Field("any", get: { $0.any }, set: { $0.any = $1 })
        Field("list", \.list)
    }
}

@Suite struct VersionFieldSerializerPeerTests {
    struct Variant: Sendable, CustomStringConvertible {
        let version: Int
        let references: Bool
        var suffix: String { references ? "refs" : "norefs" }
        var description: String { "Kryo \(version) \(suffix)" }
        var dialect: KryoDialect { version == 4 ? .v4 : .v5 }
        var options: SerializationOptions { SerializationOptions(references: references) }
    }

    static let versions = PeerVersions.enabled.filter { $0 >= 4 }
    static let variants = versions.flatMap {
        [Variant(version: $0, references: true), Variant(version: $0, references: false)]
    }

    static func registry(classes: Int) throws -> Registry {
        try Registry {
            if classes == 1 {
                Register(VersionItemV1.self, id: 20)
                Register(VersionHolderV1.self, id: 21)
            } else {
                Register(VersionItemV2.self, id: 20)
                Register(VersionHolderV2.self, id: 21)
            }
            Register([Any?].self, id: 22)
            Register([Int64].self, id: 23)
        }
    }

    static func codec(_ variant: Variant, classes: Int) throws -> KryoCodec {
        KryoCodec(registry: try registry(classes: classes), dialect: variant.dialect, options: variant.options)
    }

    /// The holder of VersionPeer.java's `holderV1`: the first item is the list's first element,
    /// shared when references are on.
    static func holderV1(_ references: Bool) -> VersionHolderV1 {
        let holder = VersionHolderV1()
        holder.first = VersionItemV1("ann", 3)
        holder.any = VersionItemV1("bo", -1)
        holder.list = [references ? holder.first! : VersionItemV1("ann", 3), VersionItemV1("cy", 0)]
        return holder
    }

    static func ann() -> VersionItemV2 {
        VersionItemV2("ann", 3, email: "ann@example.org", codes: [7, -1 << 40], tags: ["a", "b"])
    }

    static func holderV2(_ references: Bool) -> VersionHolderV2 {
        let holder = VersionHolderV2()
        holder.first = ann()
        holder.any = VersionItemV2("bo", -1)
        holder.list = [
            references ? holder.first! : ann(), VersionItemV2("cy", 0, email: "cy@example.org", codes: [], tags: []),
        ]
        return holder
    }

    static func describe(_ item: VersionItemV2?) -> String {
        guard let item else { return "nil" }
        return
            "\(item.name ?? "nil")/\(item.count)/\(item.email ?? "nil")/\(item.codes.map { "\($0)" } ?? "nil")/\(item.tags.map { "\($0)" } ?? "nil")"
    }

    static func describe(_ holder: VersionHolderV2) -> String {
        let list = (holder.list ?? []).map { describe($0) }.joined(separator: ", ")
        return
            "first=\(describe(holder.first)) missing=\(describe(holder.missing)) any=\(describe(holder.any as? VersionItemV2)) list=[\(list)]"
    }

    @Test("Swift's bytes of both versions are Java's, and Java reads them as version 2", arguments: variants)
    func bothWays(_ variant: Variant) throws {
        let run = try VersionPeerRun.shared(variant.version)
        for classes in 1...2 {
            let name = "v\(classes)_\(variant.suffix)"
            let java = try #require(run.javaBytes[name], "Java wrote nothing for \(name)")
            let swift = try #require(run.swiftBytes[name])
            #expect(hex(swift) == hex(java), "\(name)")
            #expect(run.verdicts[name] == "PASS", "\(name): \(run.verdicts[name] ?? "no verdict")")
        }
        #expect(run.javaOwnFailures.isEmpty, "\(run.javaOwnFailures)")
    }

    @Test("Version 1's bytes read as version 2 leave the added fields at their defaults", arguments: variants)
    func olderVersionReads(_ variant: Variant) throws {
        let run = try VersionPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes["v1_\(variant.suffix)"])
        let holder = try #require(try Self.codec(variant, classes: 2).decode(Any?.self, from: java) as? VersionHolderV2)
        #expect(
            Self.describe(holder)
                == "first=ann/3/nil/nil/nil missing=nil any=bo/-1/nil/nil/nil list=[ann/3/nil/nil/nil, cy/0/nil/nil/nil]"
        )
        #expect((holder.list?.first).map { $0 === holder.first } == variant.references)
        // Written again as version 2, Java reads what it reads from its own version 1 bytes.
        let again = try Self.codec(variant, classes: 2).encode(holder as Any?)
        let twice = try #require(try Self.codec(variant, classes: 2).decode(Any?.self, from: again) as? VersionHolderV2)
        #expect(Self.describe(twice) == Self.describe(holder))
    }

    @Test("Java's version 2 bytes read back to Swift's value", arguments: variants)
    func newerReadsBack(_ variant: Variant) throws {
        let run = try VersionPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes["v2_\(variant.suffix)"])
        let holder = try #require(try Self.codec(variant, classes: 2).decode(Any?.self, from: java) as? VersionHolderV2)
        #expect(Self.describe(holder) == Self.describe(Self.holderV2(variant.references)))
    }

    @Test("Version 2's bytes read with version 1 are an error naming both versions", arguments: variants)
    func newerVersionIsAnError(_ variant: Variant) throws {
        let run = try VersionPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes["v2_\(variant.suffix)"])
        let error = try #require(throws: SerializationError.self) {
            try Self.codec(variant, classes: 1).decode(Any?.self, from: java)
        }
        #expect(error.expected.contains("version 0 of VersionPeer$ItemV1 or older"))
        #expect(error.found == "version 2")
        // Just after the version: holder class, (marker), item class, (marker), version.
        #expect(error.offset == (variant.references ? 5 : 3))
    }

    @Test(
        "The schema file reads and writes Java's bytes of version 2, through a readable document", arguments: variants)
    func schemaFile(_ variant: Variant) throws {
        let run = try VersionPeerRun.shared(variant.version)
        let java = try #require(run.javaBytes["v2_\(variant.suffix)"])
        let schemas = try SchemaFiles.load(
            DomainPeerTests.fixtures.appendingPathComponent("schemas/version-peer.yaml"))
        let profile = try #require(schemas.applyingProfile(named: "v\(variant.version)_\(variant.suffix)"))
        let registry = try Registry(schemas: profile)
        let kryo = KryoCodec(registry: registry, settings: profile.settings)
        let readable = ReadableCodec(registry: registry)
        let document = try readable.encode(try kryo.decode(Any?.self, from: java))
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: document))) == hex(java))
        let text = String(decoding: document, as: UTF8.self)
        #expect(text.contains(#""email":"ann@example.org""#))
        #expect(!text.contains("$version"))
        // The schema writes back with its versions.
        let written = SchemaFiles.yaml(schemas)
        #expect(written.contains("serializer: version") && written.contains("since: 2"))
        let reread = try SchemaFiles.parse([SchemaFileText(written, fileName: "again.yaml", format: .yaml)])
        #expect(reread.classes == schemas.classes)
    }

    @Test func kryo2HasNoVersionFieldSerializer() throws {
        let codec = KryoCodec(registry: try Self.registry(classes: 2), dialect: .v2)
        let error = try #require(throws: SerializationError.self) { try codec.encode(Self.holderV2(true) as Any?) }
        #expect(error.kind == .unsupported)
        #expect(error.found == "Kryo 2.20, which has no VersionFieldSerializer")
    }

    @Test("A Swift declaration's model carries its versions")
    func declarationModel() throws {
        let model = VersionItemV2.schema.model
        guard case .fields(let kind, let fields) = model.layout else {
            Issue.record("not a bean: \(model.layout)")
            return
        }
        #expect(kind == .version)
        #expect(fields.map(\.since) == [0, 0, 1, 2, 1])
    }
}

/// The Java side of ``VersionFieldSerializerPeerTests`` for one release, run once per test process.
struct VersionPeerRun: Sendable {
    let javaBytes: [String: [UInt8]]
    let verdicts: [String: String]
    /// Lines where Java's own version 1 bytes did not read as expected.
    let javaOwnFailures: [String]
    let swiftBytes: [String: [UInt8]]

    static let runs: [Int: Result<VersionPeerRun, any Error>] = Dictionary(
        uniqueKeysWithValues: VersionFieldSerializerPeerTests.versions.map { version in
            (version, Result { try run(version) })
        })

    static func shared(_ version: Int) throws -> VersionPeerRun {
        guard let run = runs[version] else { throw JavaPeerRun.PeerFailure(message: "no run for Kryo \(version)") }
        return try run.get()
    }

    private static func run(_ version: Int) throws -> VersionPeerRun {
        var swiftBytes: [String: [UInt8]] = [:]
        for variant in VersionFieldSerializerPeerTests.variants where variant.version == version {
            for classes in 1...2 {
                let value: Any? =
                    classes == 1
                    ? VersionFieldSerializerPeerTests.holderV1(variant.references)
                    : VersionFieldSerializerPeerTests.holderV2(variant.references)
                swiftBytes["v\(classes)_\(variant.suffix)"] = try VersionFieldSerializerPeerTests.codec(
                    variant, classes: classes
                ).encode(value)
            }
        }
        let run = try JavaProgramRun.run(
            version: version, sources: ["VersionPeer/VersionPeer.java", "DomainPeer/DomainPeer.java"],
            mainClass: "VersionPeer", arguments: ["--kryo", "\(version)"], swiftBytes: swiftBytes)
        let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL java_") }.map(String.init)
        return VersionPeerRun(
            javaBytes: run.javaBytes, verdicts: run.verdicts, javaOwnFailures: failures, swiftBytes: swiftBytes)
    }
}
