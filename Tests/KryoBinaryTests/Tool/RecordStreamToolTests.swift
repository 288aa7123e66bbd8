import Foundation
import SwiftKryo
import Testing

/// `kryo convert --records`: a stream of many top-level values, as a Java service appends them,
/// converted one record at a time to JSON Lines or a JSON array and back to Java's bytes.
@Suite struct RecordStreamToolTests {
    static let schema = "Schemas/kryococoa.yaml"

    /// The KryoCocoa cases Java wrote with `writeClassAndObject` and references on, as one stream.
    private func javaStream(kryo version: Int) throws -> (bytes: [UInt8], records: [[UInt8]]) {
        let run: JavaPeerRun
        switch JavaPeerRun.shared(for: version) {
        case .success(let success): run = success
        case .failure(let failure): throw failure
        }
        let records = DynamicPathTests.cocoaCases.compactMap { name -> [UInt8]? in
            guard let peerCase = PeerCases.all.first(where: { $0.name == name }),
                peerCase.framing == .classAndObject, peerCase.references
            else { return nil }
            return run.javaBytes[name]
        }
        // Three times over: a stream of a few dozen records.
        let stream = Array(repeating: records, count: 3).flatMap { $0 }
        return (stream.flatMap { $0 }, stream)
    }

    @Test("A Java stream of many records → JSON Lines → the same bytes", arguments: DynamicPathTests.versions)
    func javaStreamThroughJSONLines(_ version: Int) throws {
        let (stream, records) = try javaStream(kryo: version)
        #expect(records.count >= 15)
        let kryo = "kryo\(version)"
        let lines = try KryoTool.run(
            ["convert", "-", "--from", kryo, "--to", "jsonl", "--schema", Self.schema], input: stream)
        #expect(lines.status == 0, "\(lines.stderr)")
        let text = String(decoding: lines.stdout, as: UTF8.self)
        #expect(text.split(separator: "\n").count == records.count)
        let back = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", kryo, "--schema", Self.schema], input: lines.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == stream)

        // A JSON array of records, and back.
        let array = try KryoTool.run(
            ["convert", "-", "--from", kryo, "--to", "json", "--records", "all", "--schema", Self.schema],
            input: stream)
        #expect(array.status == 0, "\(array.stderr)")
        let fromArray = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", kryo, "--records", "all", "--schema", Self.schema],
            input: array.stdout)
        #expect(fromArray.stdout == stream, "\(fromArray.stderr)")
    }

    /// Each record of a JSON array is a document of its own: an alias in the second record names
    /// a key path from that record, as the writer wrote it.
    @Test func aliasesInAJSONArrayOfRecords() throws {
        let schemaText = """
            package: mini
            settings: {dialect: kryo4, references: true, registrationRequired: false}
            classes:
              - {class: Mini$Twins, fields: {a: Object, b: Object}}
            """
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "twins-\(UUID().uuidString).yaml")
        try Data(schemaText.utf8).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        let registry = try Registry(schemas: try SchemaFiles.parse(schemaText, fileName: "twins.yaml"))
        let codec = KryoCodec(
            registry: registry, dialect: .v4,
            options: SerializationOptions(references: true, registrationRequired: false))
        var stream: [UInt8] = []
        for text in ["first", "second"] {
            let shared = SharedString(text)
            stream += try codec.encode(DynamicObject(javaClass: "mini.Mini$Twins", fields: ["a": shared, "b": shared]))
        }
        let array = try KryoTool.run(
            ["convert", "-", "--from", "kryo4", "--to", "json", "--records", "all", "--schema", schemaFile.path],
            input: stream)
        #expect(array.status == 0, "\(array.stderr)")
        #expect(String(decoding: array.stdout, as: UTF8.self).components(separatedBy: "$alias").count == 3)
        let back = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo4", "--records", "all", "--schema", schemaFile.path],
            input: array.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == stream)
    }

    /// A JSON array of records written by hand is read as a document is: a number in a
    /// `BigDecimal` field keeps its digits and scale in every record.
    @Test func handWrittenRecordsOfAJSONArrayKeepExactNumbers() throws {
        let schemaText = """
            package: shop
            settings: {dialect: kryo5, references: false, registrationRequired: false}
            classes:
              - {class: Price, fields: {amount: java.math.BigDecimal, rate: double}}
            """
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "prices-\(UUID().uuidString).yaml")
        try Data(schemaText.utf8).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        let amounts = ["10.50", "123456789012345678901.25", "1.25E+4"]
        let document =
            "["
            + amounts.map { #"{"$class": "shop.Price", "amount": \#($0), "rate": 0.50}"# }
            .joined(separator: ",\n") + "]"
        let result = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--records", "all", "--schema", schemaFile.path],
            input: Array(document.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let registry = try Registry(schemas: try SchemaFiles.parse(schemaText, fileName: "prices.yaml"))
        let codec = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false))
        let reader = KryoStreamReader(codec: codec, bytes: result.stdout)
        var read: [String] = []
        while let price = try reader.next(DynamicObject.self) {
            read.append((price["amount"] as? JavaBigDecimal)?.description ?? "none")
            #expect(price["rate"] as? Double == 0.5)
        }
        #expect(read == amounts)
        let notAnArray = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--records", "all", "--schema", schemaFile.path],
            input: Array(#"{"$class": "shop.Price"}"#.utf8))
        #expect(notAnArray.status != 0)
        #expect(notAnArray.stderr.contains("expected a JSON array of records"), "\(notAnArray.stderr)")
    }

    @Test func recordsPicksARange() throws {
        let (stream, records) = try javaStream(kryo: 2)
        for (selection, picked) in [
            ("3", 2..<3), ("2..4", 1..<4), ("..2", 0..<2),
            ("\(records.count - 1)..", records.count - 2..<records.count),
        ] {
            let result = try KryoTool.run(
                ["convert", "-", "--from", "kryo2", "--to", "kryo2", "--records", selection, "--schema", Self.schema],
                input: stream)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == records[picked].flatMap { $0 }, "--records \(selection)")
        }
        let bad = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "jsonl", "--records", "4..2"], input: stream)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--records"))
    }

    @Test("kryo inspect --records: each record of a Java stream where it lies", arguments: DynamicPathTests.versions)
    func inspectRecordsOfAJavaStream(_ version: Int) throws {
        let (stream, records) = try javaStream(kryo: version)
        let result = try KryoTool.run(
            ["inspect", "-", "--format", "kryo\(version)", "--records", "all", "--schema", Self.schema], input: stream)
        #expect(result.status == 0, "\(result.stderr)")
        let headers = result.text.split(separator: "\n").filter { $0.hasPrefix("record ") }
        var offset = 0
        let expected = records.enumerated().map { index, record in
            defer { offset += record.count }
            return "record \(index + 1) at \(Self.address(offset)), \(record.count) bytes"
        }
        #expect(headers.map(String.init) == expected)
        #expect(result.text.hasSuffix("\(records.count) records read, \(records.count) shown\n"))
        // Nothing the inspector could not explain, and no bytes left over.
        #expect(!result.text.contains(" raw ") && !result.text.contains("stopped at"))

        // Some records; a cut stream ends at the cut record, with the tool's status saying so.
        let picked = try KryoTool.run(
            ["inspect", "-", "--format", "kryo\(version)", "--records", "2..3", "--schema", Self.schema], input: stream)
        #expect(
            picked.text.split(separator: "\n").filter { $0.hasPrefix("record ") }.map(String.init) == [
                expected[1], expected[2],
            ])
        #expect(picked.text.hasSuffix("3 records read, 2 shown\n"))
        let cutAt = records[0].count + records[1].count - 1
        let cut = try KryoTool.run(
            ["inspect", "-", "--format", "kryo\(version)", "--records", "all", "--schema", Self.schema],
            input: Array(stream[..<cutAt]))
        #expect(cut.status != 0)
        #expect(cut.stderr.hasPrefix("kryo: record 2: truncated: "), "\(cut.stderr)")
        // The cut record is shown, not counted as read.
        #expect(cut.text.hasSuffix("1 record read, 2 shown; record 2 could not be read whole\n"))
    }

    static func address(_ offset: Int) -> String {
        let digits = String(offset, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    @Test func writeObjectRecordsWithTheirProfile() throws {
        let one = Array(try Data(contentsOf: KryoTool.root.appendingPathComponent("Schemas/examples/sample-bean.kryo")))
        let stream = one + one + one
        let lines = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "jsonl", "--schema", Self.schema, "--profile", "sample-bean"],
            input: stream)
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(String(decoding: lines.stdout, as: UTF8.self).split(separator: "\n").count == 3)
        let back = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", "kryo2", "--schema", Self.schema, "--profile", "sample-bean"],
            input: lines.stdout)
        #expect(back.stdout == stream, "\(back.stderr)")
        // The lines of a writeObject stream may leave the class out: the profile names it.
        let text = String(decoding: lines.stdout, as: UTF8.self)
        let withoutClass = text.replacingOccurrences(of: #""$class":"test.SampleBean","#, with: "")
        #expect(withoutClass != text)
        let again = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", "kryo2", "--schema", Self.schema, "--profile", "sample-bean"],
            input: Array(withoutClass.utf8))
        #expect(again.stdout == stream, "\(again.stderr)")
    }

    @Test func errorsNameTheRecordAndLine() throws {
        let one = Array(try Data(contentsOf: KryoTool.root.appendingPathComponent("Schemas/examples/other-bean.kryo")))
        let broken = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "jsonl", "--schema", Self.schema], input: one + one + [0x7F])
        #expect(broken.status != 0)
        #expect(broken.stderr.hasPrefix("kryo: record 3: "), "\(broken.stderr)")
        let lines = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", "kryo2", "--schema", Self.schema],
            input: Array("{\"$class\": \"test.SampleBean\", \"key\": 1, \"name\": \"a\"}\n\n{oops}\n".utf8))
        #expect(lines.status != 0)
        #expect(lines.stderr.hasPrefix("kryo: record 2: line 3 (positions within the line): "), "\(lines.stderr)")
        let keyed = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "keyed-binary", "--records", "all"], input: one)
        #expect(
            keyed.stderr
                == "kryo: keyed-binary holds one value, not a stream of records (records convert between kryo2, kryo4, kryo5, json, jsonl)\n"
        )
    }

    @Test func aFileIsReplacedOnlyWhenEveryRecordIsWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        try Data("old\n".utf8).write(to: target)
        let one = Array(try Data(contentsOf: KryoTool.root.appendingPathComponent("Schemas/examples/other-bean.kryo")))
        let failed = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "jsonl", "--schema", Self.schema, "-o", target.path],
            input: one + [0x7F])
        #expect(failed.status != 0)
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
        let written = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "jsonl", "--schema", Self.schema, "-o", target.path],
            input: one + one)
        #expect(written.status == 0)
        #expect(try String(contentsOf: target, encoding: .utf8).split(separator: "\n").count == 2)
    }
}
