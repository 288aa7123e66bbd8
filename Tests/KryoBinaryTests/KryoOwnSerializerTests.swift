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
