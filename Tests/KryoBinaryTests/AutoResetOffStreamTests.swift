import Foundation
import SwiftKryo
import Testing

/// Java's `Kryo.setAutoReset(false)` keeps the class names of one `writeClassAndObject` for the
/// next: the second value names a class by its id alone. A stream reader or writer made with
/// `autoReset: false` (the schema setting `autoReset: false` for the tool's records) numbers them
/// once for the stream as Java does; read value by value, as Java's default writes them, such a
/// value is an error that says so, never a wrong graph. The bytes are the real jars' (Kryo 2.20,
/// 4.0.3 and 5.6.2): three `Ev{name = "evN", n = N, tags = ArrayList["a", "b"]}` of public
/// fields (which Kryo 2.20 reaches without their generics), references off, unregistered,
/// `setAutoReset(false)`.
@Suite struct AutoResetOffStreamTests {
    static let schema = """
        classes:
          - {class: R$Ev, publicFields: true, fields: {name: String, n: int, tags: "List<String>"}}
        """
    static let kryo5 =
        "01 00 52 24 45 f6 00 65 76 b0 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 03 82 61 82 62 "
        + "01 00 02 65 76 b1 01 01 03 82 61 82 62 01 00 04 65 76 b2 01 01 03 82 61 82 62"
    /// Kryo 2.20's and 4.0.3's bytes, which are the same.
    static let kryo2And4 =
        "01 00 52 24 45 f6 00 65 76 b0 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 02 03 82 61 03 "
        + "82 62 01 00 02 65 76 b1 01 01 02 03 82 61 03 82 62 01 00 04 65 76 b2 01 01 02 03 82 61 03 82 62"

    static func codec(_ dialect: KryoDialect) throws -> KryoCodec {
        KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(schema, fileName: "r.yaml")), dialect: dialect,
            options: SerializationOptions(references: false, registrationRequired: false))
    }

    @Test(arguments: [(KryoDialect.v5, kryo5), (.v4, kryo2And4), (.v2, kryo2And4)])
    func aStreamOfOneNumberingReadsAndWritesAsJava(dialect: KryoDialect, hex: String) throws {
        let stream = hexBytes(hex)
        let codec = try Self.codec(dialect)
        let reader = KryoStreamReader(codec: codec, autoReset: false, bytes: stream)
        var values: [DynamicObject] = []
        while let value = try reader.next(Any?.self) {
            values.append(try #require(value as? DynamicObject))
        }
        #expect(values.map { $0["name"] as? String } == ["ev0", "ev1", "ev2"])
        #expect(values.map { $0["n"] as? Int32 } == [0, 1, 2])
        #expect(values.allSatisfy { ($0["tags"] as? [Any?])?.count == 2 })
        var written: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec, autoReset: false) { written += $0 }
        for value in values { try writer.write(value) }
        try writer.flush()
        #expect(written == stream)
    }

    /// `writeObject` records (no class before each): the `ArrayList` inside is named once.
    /// Kryo 5.6.2's bytes for the same three values of `RW$Ev`, a class of the same fields.
    @Test func writeObjectRecordsOfOneNumbering() throws {
        let stream = hexBytes(
            "00 65 76 b0 01 00 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 03 82 61 82 62 02 65 76 b1 "
                + "01 00 03 82 61 82 62 04 65 76 b2 01 00 03 82 61 82 62")
        let schema = Self.schema.replacingOccurrences(of: "R$Ev", with: "RW$Ev")
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(schema, fileName: "rw.yaml")), dialect: .v5,
            framing: .object, options: SerializationOptions(references: false, registrationRequired: false))
        let reader = KryoStreamReader(codec: codec, autoReset: false, bytes: stream)
        var written: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec, autoReset: false) { written += $0 }
        var names: [String?] = []
        while !(try reader.input.isAtEnd()) {
            let value = try #require(
                try codec.decode(Any?.self, javaClass: "RW$Ev", from: reader.input, memory: reader.memory)
                    as? DynamicObject)
            names.append(value["name"] as? String)
            try writer.write(value, javaClass: "RW$Ev")
        }
        try writer.flush()
        #expect(names == ["ev0", "ev1", "ev2"])
        #expect(written == stream)
    }

    @Test func aValueThatNamesAClassByAnEarlierValuesIDIsAnError() throws {
        let reader = KryoStreamReader(codec: try Self.codec(.v5), bytes: hexBytes(Self.kryo5))
        let first = try #require(try reader.next(Any?.self) as? DynamicObject)
        #expect(first["name"] as? String == "ev0")
        do {
            _ = try reader.next(Any?.self)
            Issue.record("the second value read")
        } catch let error as SerializationError {
            #expect(error.kind == .unknownClassName)
            #expect(error.offset == 36)
            #expect(error.found.contains("setAutoReset(false)"), "\(error)")
        }
    }

    /// A new name's id is the number of names before it in the value: a value that begins with
    /// name id 1 carries ids over.
    @Test func aNameIDAheadOfTheNamesReadIsAnError() throws {
        let error = try #require(decodeError(try Self.codec(.v5), hexBytes("01 01 82 61")))
        #expect(error.kind == .unknownClassName)
        #expect(error.expected.contains("class name id 0"), "\(error)")
        #expect(error.found.contains("name id 1"), "\(error)")
    }

    /// The tool reads and writes such a stream record by record with the schema's
    /// `autoReset: false`.
    @Test func theToolConvertsRecordsOfOneNumbering() throws {
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoreset-\(UUID().uuidString).yaml")
        try Data(
            (Self.schema + "\nsettings: {dialect: kryo5, references: false, registrationRequired: false, "
                + "autoReset: false}\n").utf8
        ).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        let stream = hexBytes(Self.kryo5)
        let lines = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "jsonl", "--schema", schemaFile.path], input: stream)
        #expect(lines.status == 0, "\(lines.stderr)")
        let text = String(decoding: lines.stdout, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 3)
        #expect(text.contains(#""name":"ev2""#))
        let back = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", "kryo5", "--schema", schemaFile.path], input: lines.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == stream)
        // Without the setting, the error says what reads the records.
        let plainFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoreset-plain-\(UUID().uuidString).yaml")
        try Data(
            (Self.schema + "\nsettings: {dialect: kryo5, references: false, registrationRequired: false}\n").utf8
        ).write(to: plainFile)
        defer { try? FileManager.default.removeItem(at: plainFile) }
        let plain = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "jsonl", "--schema", plainFile.path], input: stream)
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("record 2:"), "\(plain.stderr)")
        #expect(plain.stderr.contains("give autoReset: false in the schema's settings"), "\(plain.stderr)")
        let withReferences = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "jsonl", "--references", "--schema", schemaFile.path],
            input: stream)
        // Read with references on (AutoResetReferencesTests has such streams), the first
        // record's field values are taken for reference markers.
        #expect(withReferences.status == 1)
        #expect(withReferences.stderr.hasPrefix("kryo: record 1: invalidReference"), "\(withReferences.stderr)")
    }

    /// `kryo inspect --records` explains such a stream with the schema's `autoReset: false`: the
    /// second and third records' class ids read as the names of the first (without it, the
    /// second record stops at its class).
    @Test func theInspectorReadsRecordsOfOneNumbering() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autoreset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ name: String, _ extra: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(
                (Self.schema + "\nsettings: {dialect: kryo5, references: false, registrationRequired: false\(extra)}\n")
                    .utf8
            ).write(to: url)
            return url.path
        }
        let stream = hexBytes(Self.kryo5)
        let kept = try KryoTool.run(
            [
                "inspect", "-", "--format", "kryo5", "--records", "all", "--schema",
                schema("kept.yaml", ", autoReset: false"),
            ],
            input: stream)
        #expect(kept.status == 0, "\(kept.stderr)")
        let text = String(decoding: kept.stdout, as: UTF8.self)
        #expect(text.hasSuffix("3 records read, 3 shown\n"), "\(text)")
        #expect(text.contains("\"ev2\""), "\(text)")
        let plain = try KryoTool.run(
            ["inspect", "-", "--format", "kryo5", "--records", "all", "--schema", schema("plain.yaml", "")],
            input: stream)
        // Read on its own, the second record names a class "ev1" by name id 0: not in the schema.
        #expect(
            String(decoding: plain.stdout, as: UTF8.self).hasSuffix(
                "1 record read, 2 shown; record 2 could not be read whole\n"), "\(plain.stdout)")
    }
}
