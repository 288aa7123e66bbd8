import Foundation
import SwiftKryo
import Testing

/// Kryo 5's `CompatibleFieldSerializer` (reading unknown field data, its default) writes every
/// field's value with its class: an array of a schema class is written as that array's class,
/// not as `Object[]`, whose Swift type the two share. The bytes are what Kryo 4.0.3 and 5.6.2
/// wrote for `CellHolder{cells = [Cell(9), null]}` with `Cell` = 50 (final), `Cell[]` = 51 and
/// `CellHolder` = 52, compatible fields, references on.
@Suite struct CompatibleArrayFieldTests {
    static let schema = """
        package: mini
        settings: {references: true, registrationRequired: true}
        classes:
          - {class: Mini$Cell, id: 50, final: true, serializer: compatible, fields: {v: int}}
          - {class: "Mini$Cell[]", id: 51}
          - {class: Mini$CellHolder, id: 52, serializer: compatible, fields: {cells: "Mini$Cell[]"}}
        """

    @Test(arguments: [
        (KryoDialect.v4, "36 01 01 63 65 6c 6c f3 08 01 03 01 01 82 76 01 12 02 00 00 00"),
        (.v5, "36 01 01 63 65 6c 6c f3 35 01 03 01 01 82 76 02 12 00"),
    ])
    func anArrayFieldCarriesItsOwnClass(dialect: KryoDialect, hex: String) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let holder = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let cells = try #require(holder["cells"] as? DynamicArray)
        #expect(cells.javaClass == "[Lmini.Mini$Cell;")
        #expect(cells.count == 2 && cells[1] == nil)
        #expect((cells[0] as? DynamicObject)?["v"] as? Int32 == 9)
        #expect(try codec.encode(holder) == bytes)
    }
}
