import Foundation
import SwiftKryo
import Testing

/// A stream that names by name a class the schema gives an id (a Java program that registers
/// nothing, read with a schema written for one that does): `kryo convert` reads it, and says that
/// what it writes as Kryo names the class by id, which the program cannot read.
@Suite struct NamedClassNoteToolTests {
    static let schema = """
        package: note
        settings: {dialect: kryo5, references: false, registrationRequired: false}
        profiles:
          byName: {ids: false}
        classes:
          - class: Point
            id: 20
            fields: {x: int, label: String}
        """

    /// The point written by a Kryo that names its class (the schema's `byName` profile).
    static func namedStream() throws -> [UInt8] {
        let schemas = try SchemaFiles.parse(schema, fileName: "note.yaml")
        let byName = try #require(schemas.applyingProfile(named: "byName"))
        let registry = try Registry(schemas: byName)
        let point = try ReadableCodec(registry: registry).decode(
            Any?.self, from: Array(#"{"$class": "note.Point", "x": 3, "label": "a"}"#.utf8))
        return try KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false)
        ).encode(point)
    }

    @Test func aClassNamedWhereTheSchemaGivesAnIdIsNoted() throws {
        let work = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let schemaFile = work.appendingPathComponent("note.yaml")
        let streamFile = work.appendingPathComponent("point.bin")
        try Data(Self.schema.utf8).write(to: schemaFile)
        let bytes = try Self.namedStream()
        // Kryo's ASCII form: the name's last byte has its high bit set.
        #expect(String(decoding: bytes, as: UTF8.self).contains("note.Poin"))
        try Data(bytes).write(to: streamFile)
        let convert = ["convert", streamFile.path, "--from", "kryo5", "--to", "json", "--schema", schemaFile.path]
        let noted = try KryoTool.run(convert)
        #expect(noted.status == 0, "\(noted.stderr)")
        #expect(noted.stderr.contains("note: the stream names note.Point by name, where the schema gives an id"))
        #expect(noted.text.contains(#""label": "a""#))
        // Read as the program writes it, nothing is said.
        let quiet = try KryoTool.run(convert + ["--profile", "byName"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
