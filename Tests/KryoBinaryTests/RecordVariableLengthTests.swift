import Foundation
import SwiftKryo
import Testing

/// `variableLengthEncoding: false` is a setting of Kryo 5's field serializers; its
/// `RecordSerializer` writes an `int` or `long` component with the wrapper's serializer, a
/// varint, either way. The bytes are what Kryo 5.6.2 wrote for `record Point(int x, int y)` =
/// `(-1, 300)`, unregistered, references on, with the `FieldSerializerFactory`'s
/// `setVariableLengthEncoding(false)`.
@Suite struct RecordVariableLengthTests {
    static let schema = """
        package: edge
        settings: {dialect: kryo5, references: true, registrationRequired: false, variableLengthEncoding: false}
        classes:
          - {class: Recs$Point, serializer: record, fields: {x: int, y: int}}
        """

    @Test func recordComponentsStayVarints() throws {
        let bytes = hexBytes("01 00 65 64 67 65 2e 52 65 63 73 24 50 6f 69 6e f4 01 01 d8 04")
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "edge.yaml")
        var options = SerializationOptions(references: true, registrationRequired: false)
        schemas.settings.applySerializerSettings(to: &options)
        #expect(options.settings[VariableLengthFieldsSetting.self] == false)
        let codec = KryoCodec(registry: try Registry(schemas: schemas), dialect: .v5, options: options)
        let point = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(point["x"] as? Int32 == -1 && point["y"] as? Int32 == 300)
        #expect(try codec.encode(point) == bytes)
    }
}
