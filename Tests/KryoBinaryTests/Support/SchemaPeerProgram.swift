import Foundation
import SwiftKryo
import Testing

/// A small Java program of Tests/ that, for each case (`refs`, `norefs`), writes its value and
/// reads the bytes Swift wrote (DIR/java/CASE.bin, DIR/swift/CASE.bin; PASS or FAIL per case),
/// and the Swift side of it: a schema file whose profiles are the cases, and a document of the
/// same value. Run once per release and test process.
struct SchemaPeerProgram: Sendable {
    /// The schema file's text; its profiles are named by the cases.
    let schema: String
    /// The value as a readable document.
    let document: String
    /// The program's source, under Tests/, and its main class.
    let source: String
    let mainClass: String
    /// The releases the program runs on: Kryo 2.20 (always there) and the ones turned on.
    var versions = Self.versions

    static let cases = ["refs", "norefs"]

    /// The start of a peer's schema file: its dialect, registration required, the cases as
    /// profiles, then `classes:` (the entries follow, indented by two spaces).
    static func header(dialect: String) -> String {
        """
        settings: {dialect: \(dialect), registrationRequired: true}
        profiles:
          refs: {references: true}
          norefs: {references: false}
        classes:

        """
    }
    static let versions = [2] + PeerVersions.enabled

    /// The codecs of release `version` for case `name`.
    func codecs(_ version: Int, _ name: String) throws -> (kryo: KryoCodec, readable: ReadableCodec) {
        let schemas = try SchemaFiles.parse(schema, fileName: "\(mainClass).yaml")
        guard let profile = schemas.applyingProfile(named: name) else {
            throw SerializationError(.invalidValue, expected: "a profile \(name)", found: "none")
        }
        let registry = try Registry(schemas: profile)
        let dialect: KryoDialect = version == 2 ? .v2 : version == 4 ? .v4 : .v5
        return (
            KryoCodec(registry: registry, dialect: dialect, options: SerializationOptions(references: name == "refs")),
            ReadableCodec(registry: registry)
        )
    }

    /// Swift's bytes of the document for release `version` and case `name`.
    func swiftBytes(_ version: Int, _ name: String) throws -> [UInt8] {
        let (kryo, readable) = try codecs(version, name)
        return try kryo.encode(try readable.decode(Any?.self, from: Array(document.utf8)))
    }

    /// The program's run on each release.
    func runs() -> [Int: Result<JavaProgramRun, any Error>] {
        Dictionary(
            uniqueKeysWithValues: versions.map { version in
                (
                    version,
                    Result {
                        var bytes: [String: [UInt8]] = [:]
                        for name in Self.cases { bytes[name] = try swiftBytes(version, name) }
                        return try JavaProgramRun.run(
                            version: version, sources: [source, "PeerCases/PeerCases.java"], mainClass: mainClass,
                            swiftBytes: bytes)
                    }
                )
            })
    }

    /// The checks each peer test makes of release `version`'s run for case `name`: Java read
    /// Swift's bytes of the document as its own value (PASS), and those bytes are Java's. Gives
    /// Java's bytes read back as an object, and the codec, for the test's own checks; Java's
    /// bytes written back are the same (checked here).
    func checkBothWays(
        _ runs: [Int: Result<JavaProgramRun, any Error>], _ version: Int, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DynamicObject {
        let run = try #require(runs[version], sourceLocation: sourceLocation).get()
        #expect(
            run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict"): \(run.output)",
            sourceLocation: sourceLocation)
        let java = try #require(run.javaBytes[name], sourceLocation: sourceLocation)
        let (kryo, readable) = try codecs(version, name)
        let swift = try kryo.encode(try readable.decode(Any?.self, from: Array(document.utf8)))
        #expect(hex(swift) == hex(java), "Swift \(hex(swift))\nJava  \(hex(java))", sourceLocation: sourceLocation)
        let value = try #require(
            try kryo.decode(Any?.self, from: java) as? DynamicObject, sourceLocation: sourceLocation)
        #expect(hex(try kryo.encode(value)) == hex(java), sourceLocation: sourceLocation)
        return value
    }

    /// Java's bytes of release `version`'s run for case `name`, read and written back through
    /// each readable format of `readable` and each keyed archive form of `keyed` (with the Java
    /// classes kept): Java's bytes again from every one.
    func checkThroughEveryFormat(
        _ runs: [Int: Result<JavaProgramRun, any Error>], _ version: Int, _ name: String,
        readable: [ReadableFormat] = [.json, .propertyList(.xml), .propertyList(.binary)],
        keyed: [PropertyListFormat] = [.binary, .xml], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try #require(runs[version], sourceLocation: sourceLocation).get()
        let java = try #require(run.javaBytes[name], sourceLocation: sourceLocation)
        let (kryo, _) = try codecs(version, name)
        let value = try kryo.decode(Any?.self, from: java)
        for format in readable {
            let codec = ReadableCodec(registry: kryo.registry, format: format)
            let back = try codec.decode(Any?.self, from: try codec.encode(value))
            #expect(hex(try kryo.encode(back)) == hex(java), "\(format)", sourceLocation: sourceLocation)
        }
        for format in keyed {
            var codec = KeyedArchiveCodec(registry: kryo.registry, format: format)
            codec.keepsJavaClasses = true
            let back = try codec.decode(Any?.self, from: try codec.encode(value))
            #expect(hex(try kryo.encode(back)) == hex(java), "\(format)", sourceLocation: sourceLocation)
        }
    }
}
