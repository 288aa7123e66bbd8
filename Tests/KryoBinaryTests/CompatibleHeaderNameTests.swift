import Foundation
import SwiftKryo
import Testing

/// A compatible class's header names its fields; a name that is no Java identifier means the
/// stream is read with the wrong settings, which would otherwise skip every field as unknown
/// and read nulls without an error. The bytes are what Kryo 4.0.3 wrote for
/// `ArrHolder{pts = [Point(5, 0), null], n = 3}`, compatible fields, unregistered, references on.
@Suite struct CompatibleHeaderNameTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$Point, serializer: compatible, fields: {x: int, y: int}}
          - {class: Mini$ArrHolder, serializer: compatible, fields: {pts: "Mini$Point[]", n: int}}
        """
    static let bytes =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 41 72 72 48 6f 6c 64 65 f2 01 02 82 6e 70 74 f3 01 06 00 2f 01 01 5b "
        + "4c 6d 69 6e 69 2e 4d 69 6e 69 24 50 6f 69 6e 74 bb 01 03 01 02 6d 69 6e 69 2e 4d 69 6e 69 24 50 6f 69 6e "
        + "f4 01 02 82 78 82 79 01 0a 03 00 01 00 02 00 00 00"

    @Test func aHeaderReadWithTheWrongSettingsIsAnError() throws {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "mini.yaml"))
        let bytes = hexBytes(Self.bytes)
        let right = KryoCodec(
            registry: registry, dialect: .v4,
            options: SerializationOptions(references: true, registrationRequired: false))
        let holder = try #require(try right.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(holder["n"] as? Int32 == 3)
        let wrong = KryoCodec(
            registry: registry, dialect: .v4,
            options: SerializationOptions(references: false, registrationRequired: false))
        do {
            _ = try wrong.decode(Any?.self, from: bytes)
            Issue.record("read with references off")
        } catch let error as SerializationError {
            #expect(error.kind == .invalidValue)
            #expect(error.expected == "a field name of mini.Mini$ArrHolder (a Java identifier)")
            #expect(error.offset == 22)
        }
    }
}
