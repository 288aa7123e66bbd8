import Foundation
import SwiftKryo
import Testing

/// An array of a schema's class in a slot that does not fix its class (`Object any`) is written
/// with its class name, `[Lmini.Item;`, `[[Lmini.Item;`, whether or not a field declares such an
/// array: the dynamic path reads it as that class and writes it back as that class, directly and
/// through readable documents and keyed archives. A field may declare an array of arrays
/// (`Item[][] g`), whose inner arrays carry no class. The bytes are what Kryo 2.20, 4.0.3 and 5.6.2
/// wrote (the same in the three releases, references off, classes by name) for `Holder { Object
/// any; }` holding `new Item[] {item}` and `new Item[][] {{item}}`, and `Grid { Item[][] g; }`.
@Suite struct SchemaClassArraysByNameTests {
    static let holder = "01 00 6d 69 6e 69 2e 48 6f 6c 64 65 f2 01 01"
    static let item = "01 02 6d 69 6e 69 2e 49 74 65 ed 02 82 78"
    static let itemArray = holder + " 5b 4c 6d 69 6e 69 2e 49 74 65 6d bb 02 " + item
    static let itemGrid = holder + " 5b 5b 4c 6d 69 6e 69 2e 49 74 65 6d bb 02 02 " + item
    static let grid = "01 00 6d 69 6e 69 2e 47 72 69 e4 01 01 5b 5b 4c 6d 69 6e 69 2e 49 74 65 6d bb 02 02 " + item

    static func schema(gridField: String) -> String {
        """
        package: mini
        classes:
          - class: Item
            fields: {name: String, n: int}
          - class: Holder
            fields: {any: Object}
          - class: Grid
            fields: {g: "\(gridField)"}
        """
    }

    static func roundTrips(_ hex: String, _ dialect: KryoDialect, gridField: String = "Object") throws -> DynamicObject
    {
        let codec = try schemaCodec(schema(gridField: gridField), dialect, references: false)
        let bytes = hexBytes(hex)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(try codec.encode(object) == bytes)
        let readable = ReadableCodec(registry: codec.registry)
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(object))) == bytes)
        var keyed = KeyedArchiveCodec(registry: codec.registry)
        keyed.keepsJavaClasses = true
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(object))) == bytes)
        return object
    }

    static func itemName(_ value: Any?) -> String? { (value as? DynamicObject)?["name"] as? String }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func anArrayKeepsItsClass(dialect: KryoDialect) throws {
        let holder = try Self.roundTrips(Self.itemArray, dialect)
        let array = try #require(holder["any"] as? DynamicArray)
        #expect(array.javaClass == "[Lmini.Item;")
        #expect(array.elements.map(Self.itemName) == ["x"])
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5], ["Object", "Item[][]"])
    func anArrayOfArraysKeepsItsClasses(dialect: KryoDialect, gridField: String) throws {
        for (hex, field) in [(Self.itemGrid, "any"), (Self.grid, "g")] {
            let object = try Self.roundTrips(hex, dialect, gridField: gridField)
            let grid = try #require(object[field] as? DynamicArray)
            #expect(grid.javaClass == "[[Lmini.Item;")
            let row = try #require(grid.elements.first as? DynamicArray)
            #expect(row.javaClass == "[Lmini.Item;")
            #expect(row.elements.map(Self.itemName) == ["x"])
        }
    }
}
