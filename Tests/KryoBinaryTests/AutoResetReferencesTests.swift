import Foundation
import SwiftKryo
import Testing

/// Java's `Kryo.setAutoReset(false)` with references on (Kryo 2.20's and 4's default, Kryo 5
/// after `setReferences(true)`) numbers its objects once for the whole stream, as it does its
/// class names: a record may refer to an object of an earlier one. A ``KryoStreamReader`` and
/// ``KryoStreamWriter`` made with `autoReset: false` keep both numberings. Java's side is
/// Tests/AutoResetPeer/AutoResetPeer.java on Kryo 2.20, 4.0.3 and 5.6.2: three records that share
/// one `Owner` ("objects"), and also the same `String` objects ("strings").
@Suite struct AutoResetReferencesTests {
    static let versions = SchemaPeerProgram.versions
    static let cases = ["objects", "strings"]

    static func schema(_ version: Int) -> String {
        """
        settings: {dialect: kryo\(version), references: true, registrationRequired: false, autoReset: false}
        classes:
          - {class: AutoResetPeer$Owner, publicFields: true, fields: {label: String, id: int}}
          - class: AutoResetPeer$Ev
            publicFields: true
            fields: {name: String, n: int, owner: AutoResetPeer$Owner, tags: "ArrayList<String>"}
        """
    }

    static func codec(_ version: Int) throws -> KryoCodec {
        let schemas = try SchemaFiles.parse(schema(version), fileName: "autoreset.yaml")
        return KryoCodec(
            registry: try Registry(schemas: schemas), dialect: version == 2 ? .v2 : version == 4 ? .v4 : .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
    }

    /// The records Java writes, built in Swift: one `Owner` for all three.
    static func records(sharingStrings: Bool) -> [DynamicObject] {
        let owner = DynamicObject(javaClass: "AutoResetPeer$Owner", fields: ["label": "own", "id": Int32(7)])
        return (0..<3).map { n in
            DynamicObject(
                javaClass: "AutoResetPeer$Ev",
                fields: [
                    "name": "ev\(n)", "n": Int32(n), "owner": owner,
                    "tags": sharingStrings ? (["a", "b"] as [Any?]) : nil,
                ])
        }
    }

    /// A stream of `values` written by a stream writer of one numbering.
    static func stream(_ values: [Any?], _ codec: KryoCodec) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec, autoReset: false) { bytes += $0 }
        for value in values { try writer.write(value) }
        try writer.flush()
        return bytes
    }

    static let runs: [Int: Result<JavaProgramRun, any Error>] = Dictionary(
        uniqueKeysWithValues: versions.map { version in
            (
                version,
                Result {
                    let codec = try codec(version)
                    var bytes: [String: [UInt8]] = [:]
                    for name in cases {
                        bytes[name] = try stream(records(sharingStrings: name == "strings"), codec)
                    }
                    return try JavaProgramRun.run(
                        version: version, sources: ["AutoResetPeer/AutoResetPeer.java"], mainClass: "AutoResetPeer",
                        swiftBytes: bytes)
                }
            )
        })

    @Test("Java reads Swift's stream with its Owner shared across records", arguments: versions, cases)
    func javaReadsSwift(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict"): \(run.output)")
    }

    @Test("Swift reads Java's stream: the later records' Owner is the first's", arguments: versions, cases)
    func swiftReadsJava(_ version: Int, _ name: String) throws {
        let run = try #require(Self.runs[version]).get()
        let java = try #require(run.javaBytes[name])
        let codec = try Self.codec(version)
        let reader = KryoStreamReader(codec: codec, autoReset: false, bytes: java)
        var read: [DynamicObject] = []
        while let value = try reader.next(Any?.self) { read.append(try #require(value as? DynamicObject)) }
        #expect(read.map { $0["name"] as? String } == ["ev0", "ev1", "ev2"])
        let owners = read.compactMap { $0["owner"] as? DynamicObject }
        #expect(owners.count == 3 && owners.allSatisfy { $0 === owners[0] })
        #expect(owners.first?["label"] as? String == "own")
        if name == "strings" {
            #expect(read.allSatisfy { ($0["tags"] as? [Any?])?.compactMap { $0 as? String } == ["a", "b"] })
        }
        // Written back: the Owner is a reference again. Java's strings were one object in all
        // three records; Swift's strings have no identity, so only the stream that shares no
        // string comes back byte for byte (the other holds each string again, as Java reads too).
        let again = try Self.stream(read, codec)
        if name == "objects" {
            #expect(hex(again) == hex(java))
            #expect(
                hex(try #require(run.javaBytes[name]))
                    == hex(try Self.stream(Self.records(sharingStrings: false), codec)))
        } else {
            #expect(again.count > java.count)
            let back = KryoStreamReader(codec: codec, autoReset: false, bytes: again)
            var backOwners: [DynamicObject] = []
            while let value = try back.next(Any?.self) {
                backOwners += [(value as? DynamicObject)?["owner"] as? DynamicObject].compactMap(\.self)
            }
            #expect(backOwners.count == 3 && backOwners.allSatisfy { $0 === backOwners[0] })
        }
    }

    /// `kryo convert --records` with the schema's `autoReset: false` and references on: Kryo →
    /// Kryo gives Java's bytes back; in JSON Lines the later records' `Owner` is an alias to the
    /// first record's (`$record1.owner`), and JSON Lines → Kryo gives Java's bytes again. Records
    /// picked from the second on hold it in full, and the tool notes it.
    @Test("The tool converts Java's records, through JSON Lines with aliases to earlier records", arguments: versions)
    func tool(_ version: Int) throws {
        let run = try #require(Self.runs[version]).get()
        let java = try #require(run.javaBytes["objects"])
        let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "autoreset-refs-\(UUID().uuidString).yaml")
        try Data(Self.schema(version).utf8).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }
        let format = "kryo\(version)"
        let same = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", format, "--records", "all", "--schema", schemaFile.path],
            input: java)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(hex(same.stdout) == hex(java))
        let lines = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", "jsonl", "--schema", schemaFile.path], input: java)
        #expect(lines.status == 0, "\(lines.stderr)")
        let text = String(decoding: lines.stdout, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 3)
        #expect(text.components(separatedBy: #""$alias":"$record1.owner""#).count == 3, "\(text)")
        #expect(lines.stderr.isEmpty, "\(lines.stderr)")
        let back = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", format, "--schema", schemaFile.path], input: lines.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(hex(back.stdout) == hex(java))
        // An alias to a record that is not there, or to a later one, is an error naming the line.
        let forward = text.replacingOccurrences(of: "$record1.owner", with: "$record3.owner")
        let refused = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", format, "--schema", schemaFile.path],
            input: Array(forward.utf8))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 2") && refused.stderr.contains("$record3.owner"), "\(refused.stderr)")
        let picked = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", "jsonl", "--records", "2..", "--schema", schemaFile.path],
            input: java)
        #expect(picked.status == 0, "\(picked.stderr)")
        // The first record picked holds the owner in full, the next one aliases it there.
        let pickedText = String(decoding: picked.stdout, as: UTF8.self)
        #expect(pickedText.components(separatedBy: #""$alias":"$record1.owner""#).count == 2, "\(pickedText)")
        #expect(pickedText.components(separatedBy: #""$class":"AutoResetPeer$Owner""#).count == 2, "\(pickedText)")
        // Without the setting, the error on the second record names it.
        let plainFile = schemaFile.deletingLastPathComponent().appendingPathComponent(
            "plain-" + schemaFile.lastPathComponent)
        try Data(Self.schema(version).replacingOccurrences(of: ", autoReset: false", with: "").utf8).write(
            to: plainFile)
        defer { try? FileManager.default.removeItem(at: plainFile) }
        let plain = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", "jsonl", "--schema", plainFile.path], input: java)
        #expect(plain.status == 1)
        #expect(plain.stderr.hasSuffix("give autoReset: false in the schema's settings\n"), "\(plain.stderr)")
        #expect(
            picked.stderr
                == "kryo: note: the records picked may refer to objects of the 1 record left out before them (Java's "
                + "setAutoReset(false) with references on); those objects are written in full where the records "
                + "picked first meet them\n")
        // A JSON array holds each record on its own: the owner in full, and a note.
        let array = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", "json", "--records", "all", "--schema", schemaFile.path],
            input: java)
        #expect(array.status == 0, "\(array.stderr)")
        #expect(array.stderr.contains("json holds each record on its own"), "\(array.stderr)")
    }

    /// A value that fails to write takes the objects it numbered with it: the stream's
    /// references would count objects Java never read, so the writer refuses the next value.
    @Test func aValueThatFailsToWriteEndsTheStream() throws {
        let codec = try Self.codec(5)
        var bytes: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec, autoReset: false) { bytes += $0 }
        let records = Self.records(sharingStrings: false)
        try writer.write(records[0])
        let unknown = DynamicObject(javaClass: "AutoResetPeer$Unknown", fields: ["x": Int32(1)])
        #expect(throws: SerializationError.self) {
            try writer.write(DynamicObject(javaClass: "AutoResetPeer$Ev", fields: ["name": "bad", "owner": unknown]))
        }
        let refused = #expect(throws: SerializationError.self) { try writer.write(records[1]) }
        #expect(
            refused?.found.contains("an earlier value that failed to write") == true, "\(String(describing: refused))")
        // Nothing of the failed value is in the stream: it holds the first record, whole.
        try writer.flush()
        let reader = KryoStreamReader(codec: codec, autoReset: false, bytes: bytes)
        #expect((try reader.next(Any?.self) as? DynamicObject)?["name"] as? String == "ev0")
        #expect(try reader.next(Any?.self) == nil)
    }

    /// A stream that keeps nothing between its values goes on after a value that failed to
    /// write, without a byte of it.
    @Test func aFailedValueLeavesNoBytesInTheStream() throws {
        let codec = KryoCodec(
            registry: try Self.codec(5).registry, dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false))
        var bytes: [UInt8] = []
        let writer = KryoStreamWriter(codec: codec) { bytes += $0 }
        let records = Self.records(sharingStrings: false)
        try writer.write(records[0])
        let unknown = DynamicObject(javaClass: "AutoResetPeer$Unknown", fields: ["x": Int32(1)])
        #expect(throws: SerializationError.self) {
            try writer.write(DynamicObject(javaClass: "AutoResetPeer$Ev", fields: ["name": "bad", "owner": unknown]))
        }
        try writer.write(records[1])
        try writer.flush()
        let reader = KryoStreamReader(codec: codec, bytes: bytes)
        var names: [String?] = []
        while let value = try reader.next(Any?.self) { names.append((value as? DynamicObject)?["name"] as? String) }
        #expect(names == ["ev0", "ev1"])
    }

    /// Java's streams with any one byte changed, or cut short anywhere, read as records or fail
    /// with a `SerializationError`: a reference to an earlier record's object out of range, a
    /// name id ahead, a record cut short — never a crash or another error.
    @Test("A changed or cut stream of one numbering is an error, not a crash", arguments: versions)
    func changedStreams(_ version: Int) throws {
        let run = try #require(Self.runs[version]).get()
        let codec = try Self.codec(version)
        func readAll(_ bytes: [UInt8]) -> (records: Int, failure: (any Error)?) {
            let reader = KryoStreamReader(codec: codec, autoReset: false, bytes: bytes)
            var records = 0
            do {
                while try reader.next(Any?.self) != nil || !(try reader.input.isAtEnd()) { records += 1 }
                return (records, nil)
            } catch {
                return (records, error)
            }
        }
        for name in Self.cases {
            let java = try #require(run.javaBytes[name])
            #expect(readAll(java).records == 3 && readAll(java).failure == nil)
            var failures = 0
            for index in java.indices {
                for replacement in Set([0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF, java[index] ^ 0x01, java[index] &+ 1]) {
                    var changed = java
                    changed[index] = replacement
                    let (_, failure) = readAll(changed)
                    if let failure {
                        #expect(failure is SerializationError, "\(name) byte \(index) = \(replacement): \(failure)")
                        failures += 1
                    }
                }
                // Cut where a record ends, the stream is the records before; elsewhere an error.
                let (records, cut) = readAll(Array(java[..<index]))
                #expect(cut == nil ? records < 3 : cut is SerializationError, "\(name) cut at \(index)")
            }
            #expect(failures > 0)
        }
    }
}
