import Foundation
import SwiftKryo
import Testing

/// Java's object-array serializer leaves out the elements' class when the component class is
/// final to `Modifier.isFinal`, and every array class is: the `Object[]` elements of an
/// `Object[][]` carry their reference or nil marker only (while a field of type `Object[]`
/// carries the array's class, Kryo's own `isFinal` judging it by `Object`). The bytes are what
/// the real jars wrote for `ObjGrid { Object[][] g = {{1, "a"}, null, {}} }`, unregistered.
@Suite struct ObjectArrayOfArraysTests {
    static let schema = """
        classes:
          - {class: hr.ObjGrid, fields: {g: "Object[][]"}}
        """
    static let name = "01 00 68 72 2e 4f 62 6a 47 72 69 e4"

    @Test(arguments: [
        // Kryo 2.20, references off.
        (
            KryoDialect.v2, false,
            name + " 01 01 5b 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4f 62 6a 65 63 74 bb 04 03 02 02 03 82 61 00 01"
        ),
        // Kryo 4.0.3 and 5.6.2, references on.
        (
            .v4, true,
            name
                + " 01 01 01 5b 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4f 62 6a 65 63 74 bb 01 04 01 03 02 02 03 01 82 61 00 01 01"
        ),
        (
            .v5, true,
            name
                + " 01 01 01 5b 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4f 62 6a 65 63 74 bb 01 04 01 03 02 02 03 01 82 61 00 01 01"
        ),
    ])
    func innerArraysCarryNoClass(dialect: KryoDialect, references: Bool, hex: String) throws {
        let codec = try schemaCodec(Self.schema, dialect, references: references)
        let bytes = hexBytes(hex)
        let grid = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let rows = try #require(ValueConversion.convert(grid.fields["g"] ?? nil, to: [Any?].self))
        #expect(rows.count == 3)
        let first = try #require(ValueConversion.convert(rows[0], to: [Any?].self))
        #expect(ValueConversion.convert(first[0], to: Int32.self) == 1)
        #expect(ValueConversion.convert(first[1], to: String.self) == "a")
        #expect(rows[1] == nil)
        #expect(ValueConversion.convert(rows[2], to: [Any?].self)?.isEmpty == true)
        #expect(try codec.encode(grid) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: references))
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(grid))) == bytes)
    }
}
