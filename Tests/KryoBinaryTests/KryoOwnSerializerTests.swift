import Foundation
import SwiftKryo
import Testing

/// `serializer: kryo` in a schema: a JDK class written by Kryo's own serializer of it, which a
/// Java program registers itself, as Apache Flink 2.x's `KryoSerializer` does (`UUIDSerializer`
/// at 82, `URISerializer` at 80, `TimestampSerializer` at 79). The bytes are what Flink 2.3.0
/// (Kryo 5.6.2) wrote for each value at the top level, references on.
@Suite struct KryoOwnSerializerTests {
    static let schema = """
        settings: {dialect: kryo5, references: true, registrationRequired: false}
        classes:
          - {class: java.sql.Timestamp, id: 79, serializer: kryo}
          - {class: java.net.URI, id: 80, serializer: kryo}
          - {class: java.util.UUID, id: 82, serializer: kryo}
          - {class: java.lang.Object, id: 85}
        """

    @Test func flinksRegisteredSerializers() throws {
        let codec = try schemaCodec(Self.schema, .v5, references: true)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        func roundTrip(_ hex: String) throws -> Any? {
            let bytes = hexBytes(hex)
            let value = try codec.decode(Any?.self, from: bytes)
            #expect(try codec.encode(value) == bytes)
            #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(value))) == bytes)
            return value
        }
        let uuid = try roundTrip("54 01 d3 12 9b e8 67 45 3e 12 00 40 17 14 66 42 56 a4")
        #expect(uuid as? UUID == UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000"))
        let uri = try roundTrip(
            "52 01 68 74 74 70 73 3a 2f 2f 65 78 61 6d 70 6c 65 2e 63 6f 6d 2f 61 3f 62 3d 63 23 e4")
        #expect(uri as? JavaURI == JavaURI("https://example.com/a?b=c#d"))
        let timestamp = try #require(try roundTrip("51 01 80 d0 95 ff bc 31 95 9a ef 3a") as? JavaDateSubclass)
        #expect(timestamp.javaClass == "java.sql.Timestamp")
        #expect(timestamp.millisecondsSince1970 == 1_700_000_000_123 && timestamp.nanoseconds == 123_456_789)
    }

    /// The shipped `Schemas/flink.yaml` reads what Flink 2.3.0's `KryoSerializer` wrote for a
    /// `Pattern.compile("^https?://ads\\.[a-z]+/", CASE_INSENSITIVE)` (Kryo's `PatternSerializer`,
    /// registered by Flink at 76), and writes the same bytes.
    @Test func theShippedFlinkSchemaReadsAPattern() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas/flink.yaml")
        let schema = try String(contentsOf: file, encoding: .utf8)
        let codec = try schemaCodec(schema, .v5, references: true)
        let bytes = hexBytes(
            "4e 01 5e 68 74 74 70 73 3f 3a 2f 2f 61 64 73 5c 2e 5b 61 2d 7a 5d 2b af 02")
        let pattern = try codec.decode(Any?.self, from: bytes)
        #expect("\(pattern ?? "nil")".contains("https?://ads"))
        #expect(try codec.encode(pattern) == bytes)
    }

    /// `java.sql.Timestamp` is not final: a field of that type carries the value's class (`51`,
    /// id 79), as Kryo 5.6.2 wrote this `Holder {Timestamp ts = 1700000000123 ms; String s = "x"}`
    /// with Flink's registration.
    @Test func aTimestampFieldCarriesItsClass() throws {
        let schema = Self.schema + "\n  - {class: \"k5.TsBean$Holder\", fields: {ts: java.sql.Timestamp, s: String}}"
        let codec = try schemaCodec(schema, .v5, references: true)
        let bytes = hexBytes(
            "01 00 6b 35 2e 54 73 42 65 61 6e 24 48 6f 6c 64 65 f2 01 01 82 78 51 01 80 d0 95 ff bc 31 c0 a9 d3 3a")
        let holder = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let timestamp = try #require(holder.fields["ts"] as? JavaDateSubclass)
        #expect(timestamp.millisecondsSince1970 == 1_700_000_000_123 && timestamp.nanoseconds == 123_000_000)
        #expect(try codec.encode(holder) == bytes)
    }

    /// `new Object()` is a value: Apache Spark registers `java.lang.Object` (at 129 in Spark
    /// 4.3.0) and its `KryoSerializer` (Kryo 4.0.3, `UnsafeOutput`) wrote `83 01 01` for one.
    @Test func anObjectOfClassObject() throws {
        let schema = """
            settings: {dialect: kryo4, streams: unsafe}
            classes:
              - {class: java.lang.Object, id: 129}
            """
        let codec = try schemaCodec(schema, .v4.using(.unsafe), references: true)
        let object = try #require(try codec.decode(Any?.self, from: [0x83, 0x01, 0x01]) as? DynamicObject)
        #expect(object.javaClass == "java.lang.Object" && object.fields.isEmpty)
        #expect(try codec.encode(object) == [0x83, 0x01, 0x01])
    }

    @Test func onlyKnownClassesTakeKryosSerializer() {
        let schema = """
            classes:
              - {class: java.util.ArrayList, serializer: kryo}
            """
        do {
            _ = try SchemaFiles.parse(schema, fileName: "k.yaml")
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("k.yaml:2") && "\(error)".contains("java.util.UUID"), "\(error)")
        }
    }
}
