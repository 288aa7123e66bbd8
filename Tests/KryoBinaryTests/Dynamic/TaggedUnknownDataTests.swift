import Foundation
import SwiftKryo
import Testing

/// Kryo 5's `TaggedFieldSerializer` with `readUnknownTagData` and `chunkedEncoding`: a tag the
/// class no longer has is read with its class, in case it holds objects referred to later, and
/// where that fails — a `Map<String, String>` written with its field's generic types, which the
/// reader no longer has — the rest of its chunk is skipped, as Java does. The bytes are Kryo
/// 5.6.2's for `Firmware` with tags 1, 2, 5 and 7 (`notes`, a map); the schema, like the Java
/// class that reads them, has lost tag 7.
@Suite struct TaggedUnknownDataTests {
    static let schema = """
        package: iot
        settings: {dialect: kryo5, references: true, registrationRequired: true, taggedFields: {readUnknownTagData: true, chunkedEncoding: true}}
        classes:
          - class: Fleet$Firmware
            id: 40
            serializer: tagged
            fields: {version: {type: String, tag: 1}, build: {type: int, tag: 2}, released: {type: java.time.Instant, tag: 5}, untagged: String}
          - {class: java.util.HashMap, id: 48}
          - {class: java.time.Instant, id: 78}
        """
    static let bytes = hexBytes(
        "2a 01 05 02 04 02 d2 8c 01 00 07 0d 32 01 02 01 66 69 f8 01 43 56 45 2d b1 00 05 08 50 01 80 81 e4 92 06 00 "
            + "00 01 0b 03 01 32 2e 34 2e 31 2d 72 63 b1 00")

    @Test func aRemovedTagIsSkippedWhereItsDataDoesNotRead() throws {
        let set = try SchemaFiles.parse(Self.schema, fileName: "evo.yaml")
        let codec = KryoCodec(registry: try Registry(schemas: set), settings: set.settings)
        let firmware = try #require(try codec.decode(Any?.self, from: Self.bytes) as? DynamicObject)
        // Tag 1 comes after the skipped tag 7: the reader left the map it could not read.
        #expect(firmware["version"] as? String == "2.4.1-rc1")
        #expect(firmware["build"] as? Int32 == 9001)
        #expect(firmware["released"] as? JavaInstant == JavaInstant(seconds: 1_650_000_000, nanos: 0))
        #expect(firmware["untagged"] as? String == nil)
    }
}
