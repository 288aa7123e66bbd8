import SwiftKryo
import Testing

/// Kryo 2.20 has no serializer for `java.time`: a plain 2.20 program writes a `ZoneRegion`
/// (`ZoneId.of("UTC")`) with `FieldSerializer`, its one field `String id` a `String` object,
/// with its reference marker when references are on. The bytes are Kryo 2.20's (Debian's jar)
/// for `Holder { Object v = ZoneId.of("UTC"); String tag = "t"; }`, classes by name.
@Suite struct KryoTwoZoneRegionTests {
    static let schema = """
        package: q
        classes:
          - {class: J$Holder, fields: {v: Object, tag: String}}
        """

    @Test(arguments: [
        (
            true,
            "01 00 71 2e 4a 24 48 6f 6c 64 65 f2 01 01 82 74 01 01 6a 61 76 61 2e 74 69 6d 65 2e 5a 6f 6e 65 52 65 67 69 6f ee 01 01 55 54 c3"
        ),
        (
            false,
            "01 00 71 2e 4a 24 48 6f 6c 64 65 f2 82 74 01 01 6a 61 76 61 2e 74 69 6d 65 2e 5a 6f 6e 65 52 65 67 69 6f ee 55 54 c3"
        ),
    ])
    func aZoneRegionIsItsIdAsAStringField(references: Bool, hex: String) throws {
        let bytes = hexBytes(hex)
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "test.yaml")), dialect: .v2,
            options: SerializationOptions(references: references, registrationRequired: false))
        let holder = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let zone = try #require(holder["v"] as? JavaZoneRegion)
        #expect(zone.id == "UTC")
        #expect(holder["tag"] as? String == "t")
        #expect(try codec.encode(holder) == bytes)
    }
}
