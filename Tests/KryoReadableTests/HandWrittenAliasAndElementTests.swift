import Foundation
import SwiftKryo
import Testing

/// Hand-written documents whose aliases lead through their own key paths, or whose arrays hold
/// elements of another kind than the array's: each is an error at once, not memory spent on an
/// alias without end nor a `null` put in the element's place.
@Suite struct HandWrittenAliasAndElementTests {
    static let schema = """
        package: doc
        classes:
          - class: Grid
            fields: {cells: "int[][]", names: "String[]", next: Grid, rows: "Grid[]"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Grid") }

    func failure(_ json: String, codec: ReadableCodec? = nil) -> SerializationError? {
        do {
            _ = try (codec ?? document.codec).decode(Any?.self, from: Array(json.utf8))
            return nil
        } catch {
            return error as? SerializationError
        }
    }

    @Test func anAliasThroughItsOwnPathEnds() throws {
        // Each lap through `a` makes the path one key longer: with the tool's depth limit of
        // 10 000 this kept 10 000 ever longer paths (gigabytes) before it gave up.
        let deep = ReadableCodec(
            registry: document.codec.registry, options: SerializationOptions(limits: Limits(maxDepth: 10_000)))
        for json in [#"{"a": {"$alias": "a.a"}}"#, #"{"a": {"$alias": "a.a.a.a.a.a"}}"#] {
            let error = try #require(failure(json, codec: deep))
            #expect(error.kind == .invalidReference)
            #expect(error.expected == "at most 1000 aliases in a chain" || error.found.hasPrefix("an alias cycle"))
        }
        let schemaError = try #require(
            failure(#"{"$class": "doc.Grid", "next": {"$alias": "next.next"}}"#, codec: deep))
        #expect(schemaError.kind == .invalidReference)
    }

    @Test func anElementOfAnotherKindIsAnError() throws {
        for (fields, path) in [
            (#""cells": [1, 2]"#, ["cells", "0"]),
            (#""cells": [[3000000000]]"#, ["cells", "0"]),
            (#""cells": [[1.5]]"#, ["cells", "0"]),
            (#""names": {"$class": "[Ljava.lang.String;", "$value": ["a", null, 1]}"#, ["names"]),
        ] {
            let error = try #require(failure(#"{"$class": "doc.Grid", "# + fields + "}"), "\(fields)")
            // A number beyond an `int` is out of range where the row is read as an `int[]`.
            #expect(
                error.kind == .typeMismatch || error.kind == .invalidValue && error.found.contains("3000000000"),
                "\(error)")
            #expect(Array(error.path.prefix(path.count)) == path || error.path.first == path.first, "\(fields)")
        }
        let grid = try document.object(#""cells": [[1, 2], null, []], "names": ["a", null]"#)
        let written = String(decoding: try document.codec.encode(grid), as: UTF8.self)
        #expect(written.contains(#""$value":[1,2]},null,{"$class":"[I","$value":[]}]"#), "\(written)")
        #expect(written.contains(#""names":["a",null]"#), "\(written)")
    }

    @Test func anArrayOfASchemaClassTakesItsElementsWithoutClass() throws {
        // As a `List<Grid>`'s elements may: they were read as maps (a `HashMap` in a `Grid[]`,
        // an ArrayStoreException in Java).
        let grid = try document.object(#""rows": [{"names": ["a"]}, null]"#)
        let rows = try #require(grid["rows"] as? DynamicArray)
        #expect(rows.elements.count == 2)
        #expect((rows.elements.first as? DynamicObject)?.javaClass == "doc.Grid")
    }

    @Test func anAliasByAnotherSpellingOfAnIndexIsTheSameObject() throws {
        for spelling in ["rows.0", "rows.00", "rows.+0"] {
            let grid = try document.object(#""rows": [{"names": ["a"]}], "next": {"$alias": "\#(spelling)"}"#)
            let first = try #require((grid["rows"] as? DynamicArray)?.elements.first as? DynamicObject)
            #expect(grid["next"] as? DynamicObject === first, "\(spelling)")
        }
    }
}
