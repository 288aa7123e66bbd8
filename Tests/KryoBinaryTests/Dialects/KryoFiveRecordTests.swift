import Foundation
import SwiftKryo
import Testing

/// A Java record as Kryo 5.6.2's `RecordSerializer` writes it (Tests/Fixtures/kryo5/record*.bin,
/// written by the real jar): components in name order without generic arguments, the record a
/// final class. Read with `serializer: record` in a schema file, written back byte for byte.
@Suite struct KryoFiveRecordTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/kryo5")

    @Test("A record, references off and on: Kryo 5 → values → Kryo 5 and through JSON", arguments: [false, true])
    func recordRoundTrips(_ references: Bool) throws {
        let bytes = [UInt8](
            try Data(contentsOf: Self.directory.appendingPathComponent(references ? "record.refs.bin" : "record.bin")))
        let schemas = try SchemaFiles.load(Self.directory.appendingPathComponent("records.yaml"))
        let line = try #require(schemas.schema(forJavaName: "shop.Line"))
        #expect(line.isFinal)
        let registry = try Registry(schemas: schemas)
        let options = SerializationOptions(references: references, registrationRequired: true)
        let codec = KryoCodec(registry: registry, dialect: .v5, options: options)
        let value = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(value["sku"] as? String == "x-9")
        #expect(value["quantity"] as? Int32 == 3)
        #expect((value["tags"] as? [Any?])?.compactMap { $0 as? String } == ["new", "sale"])
        #expect(value["note"] as? Int64 == 7)
        let parent = try #require(value["parent"] as? DynamicObject)
        #expect(parent["sku"] as? String == "p-1" && parent["parent"] == nil)
        #expect(hex(try codec.encode(value)) == hex(bytes))

        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        let document = try readable.encode(value)
        #expect(hex(try codec.encode(try readable.decode(Any?.self, from: document))) == hex(bytes))
    }

    /// A generic record in a slot that gives it arguments (`Pair<Money, Long> p`): Java's
    /// `RecordSerializer` resolves no type variable, so each component carries its class.
    @Test func aGenericRecordsComponentsCarryTheirClasses() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("record-generic.bin")))
        let registry = try Registry(
            schemas: try SchemaFiles.load(Self.directory.appendingPathComponent("records-generic.yaml")))
        let options = SerializationOptions(references: false, registrationRequired: true)
        let codec = KryoCodec(registry: registry, dialect: .v5, options: options)
        let holder = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let pair = try #require(holder["p"] as? DynamicObject)
        let money = try #require(pair["first"] as? DynamicObject)
        #expect(money.javaClass == "d5.RecGen$Money" && money["cents"] as? Int64 == 5)
        #expect(money["currency"] as? String == "USD")
        #expect(pair["second"] as? Int64 == 9)
        #expect(hex(try codec.encode(holder)) == hex(bytes))

        // A document that leaves the classes out, as the slot's arguments allow, gives Java's bytes.
        let document = #"{"$class": "d5.RecGen$Holder", "p": {"first": {"cents": 5, "currency": "USD"}, "second": 9}}"#
        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        #expect(hex(try codec.encode(try readable.decode(Any?.self, from: Array(document.utf8)))) == hex(bytes))
    }

    @Test(
        "Kryo 2.20 and 4 cannot serialize a record: writing one in their dialects is an error",
        arguments: [
            KryoDialect.v2, .v4,
        ])
    func olderReleasesRefuseRecords(_ dialect: KryoDialect) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("record.bin")))
        let registry = try Registry(
            schemas: try SchemaFiles.load(Self.directory.appendingPathComponent("records.yaml")))
        let options = SerializationOptions(references: false, registrationRequired: true)
        let value = try KryoCodec(registry: registry, dialect: .v5, options: options).decode(Any?.self, from: bytes)
        let error = try #require(throws: SerializationError.self) {
            try KryoCodec(registry: registry, dialect: dialect, options: options).encode(value)
        }
        #expect(error.kind == .unsupported)
        #expect(error.expected == "Kryo 5 for shop.Line, a Java record (RecordSerializer)")
    }

    @Test func aRecordIsAKindOfSchemaFile() throws {
        let text = """
            classes:
              - class: p.R
                serializer: record
                fields: {names: List<String>}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let schema = try #require(try SchemaFiles.load(url).schema(forJavaName: "p.R"))
        guard case .fields(let kind, _) = schema.layout else {
            Issue.record("not a bean")
            return
        }
        #expect(kind == .record && schema.isFinal)
    }
}
