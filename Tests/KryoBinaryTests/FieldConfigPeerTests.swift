import Foundation
import SwiftKryo
import Testing

/// The field serializer's configuration that changes every field's bytes, as schema settings:
/// `fieldsCanBeNull: false` (Java's `setFieldsCanBeNull(false)`: no null marker before a field of
/// a final class) and `fixedFieldTypes: true` (`setFixedFieldTypes(true)`: no class before any
/// field's value). Java's side is Tests/FieldConfigPeer/FieldConfigPeer.java on Kryo 2.20, 4.0.3
/// and 5.6.2, one case per profile, both ways and byte for byte.
@Suite struct FieldConfigPeerTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = ["notnull", "fixed", "both"]

    static func schema(_ version: Int) -> String {
        // Kryo 2.20 reaches public fields of public classes without their generic arguments.
        let publicFields = version == 2 ? "\n    publicFields: true" : ""
        return """
            settings: {dialect: kryo\(version), references: false, registrationRequired: true}
            profiles:
              notnull: {fieldsCanBeNull: false}
              fixed: {fixedFieldTypes: true}
              both: {fieldsCanBeNull: false, fixedFieldTypes: true}
            classes:
              - class: FieldConfigPeer$Item
                id: 20
                fields: {name: String, qty: Integer, part: FieldConfigPeer$Part, tags: "ArrayList<String>"}\(publicFields)
              - {class: FieldConfigPeer$Part, id: 21, fields: {n: int, label: String}}
              - {class: java.util.ArrayList, id: 22}
            """
    }

    static let document = #"""
        {"$class": "FieldConfigPeer$Item", "name": "bolt", "qty": 12,
         "part": {"$class": "FieldConfigPeer$Part", "n": 3, "label": "m4"}, "tags": ["steel"]}
        """#

    static func codecs(_ version: Int, _ name: String) throws -> (kryo: KryoCodec, readable: ReadableCodec) {
        let schemas = try SchemaFiles.parse(schema(version), fileName: "fieldconfig.yaml")
        let registry = try Registry(schemas: try #require(schemas.applyingProfile(named: name)))
        return (
            KryoCodec(
                registry: registry, dialect: try JavaPeerRun.dialect(for: version),
                options: SerializationOptions(references: false, registrationRequired: true)),
            ReadableCodec(registry: registry)
        )
    }

    static let runs: [Int: Result<JavaProgramRun, any Error>] = Dictionary(
        uniqueKeysWithValues: versions.map { version in
            (
                version,
                Result {
                    var bytes: [String: [UInt8]] = [:]
                    for name in cases {
                        let (kryo, readable) = try codecs(version, name)
                        bytes[name] = try kryo.encode(try readable.decode(Any?.self, from: Array(document.utf8)))
                    }
                    return try JavaProgramRun.run(
                        version: version, sources: ["FieldConfigPeer/FieldConfigPeer.java"],
                        mainClass: "FieldConfigPeer", swiftBytes: bytes)
                }
            )
        })

    @Test("Swift writes Java's bytes, Java reads them, and Java's come back the same", arguments: versions, cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict"): \(run.output)")
        let java = try #require(run.javaBytes[name])
        let (kryo, readable) = try Self.codecs(version, name)
        let swift = try kryo.encode(try readable.decode(Any?.self, from: Array(Self.document.utf8)))
        #expect(hex(swift) == hex(java))
        let value = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        #expect(value["qty"] as? Int32 == 12)
        #expect((value["part"] as? DynamicObject)?["label"] as? String == "m4")
        #expect(hex(try kryo.encode(value)) == hex(java))
    }

    /// With `fieldsCanBeNull: false`, a null in a field of a final class has no form: an error
    /// naming the field, as Java's `writeObject` refuses it.
    @Test func aNullWhereFieldsCannotBeNullIsAnError() throws {
        let (kryo, readable) = try Self.codecs(5, "notnull")
        let value = try readable.decode(
            Any?.self, from: Array(#"{"$class": "FieldConfigPeer$Item", "name": "bolt", "qty": null}"#.utf8))
        #expect(throws: SerializationError.self) { try kryo.encode(value) }
    }

    /// Read with a schema that leaves the settings out, Java's bytes fail and the tool's error
    /// names the setting (or both) that reads them.
    @Test("The tool names the field serializers' configuration", arguments: versions, cases)
    func toolHint(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        let java = try #require(run.javaBytes[name])
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fieldconfig-\(UUID().uuidString).yaml")
        // The classes and settings without the profiles.
        let plain = Self.schema(version).components(separatedBy: "\n").filter {
            !$0.hasPrefix("profiles:") && !$0.hasPrefix("  notnull") && !$0.hasPrefix("  fixed")
                && !$0.hasPrefix("  both")
        }
        try Data(plain.joined(separator: "\n").utf8).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        let result = try KryoTool.run(
            ["convert", "-", "--from", "kryo\(version)", "--to", "json", "--schema", schemaFile.path], input: java)
        #expect(result.status == 1)
        let settings =
            switch name {
            case "notnull": "fieldsCanBeNull: false"
            case "fixed": "fixedFieldTypes: true"
            default: "fieldsCanBeNull: false, fixedFieldTypes: true"
            }
        #expect(result.stderr.hasSuffix("give \(settings) in the schema's settings\n"), "\(result.stderr)")
    }
}
