import Foundation
import KryoCore
import SwiftKryo
import Testing

/// Strings Java tells apart (`String.equals` compares UTF-16 code units) that Swift's `==` calls
/// equal (canonical equivalence: a composed `é` and `e` with a combining acute, `Å` as U+00C5 and
/// as the ANGSTROM SIGN U+212B) are two elements of a set and two keys of a map on every path:
/// with references on (where they are ``SharedString``s) and off, in Kryo bytes, keyed archives
/// and readable documents. They merged: elements were lost, and a key took the other's value.
@Suite struct CanonicallyEqualStringTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"
    static let schema = """
        package: p
        classes:
          - class: Names
            id: 20
            fields:
              set: Set<String>
              tree: TreeSet<String>
              linked: LinkedHashSet<String>
              map: Map<String, Integer>
              sorted: TreeMap<String, Integer>
        """

    /// The document a person writes: both spellings in every collection.
    static let document = """
        {"$class": "p.Names", "set": ["\\u00e9", "e\\u0301"], "tree": ["e\\u0301", "\\u00e9"],
         "linked": ["\\u212b", "\\u00c5"], "map": {"$class": "NSDictionary", "NS.keys": ["\\u00e9", "e\\u0301"],
         "NS.objects": [1, 2]}, "sorted": {"$class": "NSDictionary", "NS.keys": ["e\\u0301", "\\u00e9"],
         "NS.objects": [2, 1]}}
        """

    @Test func sharedStringsCompareAsJavaDoes() {
        let (one, other) = (SharedString(Self.composed), SharedString(Self.decomposed))
        #expect(Self.composed == Self.decomposed)  // Swift's equivalence: why this matters
        #expect(one != other)
        #expect(Set([one, other]).count == 2)
        #expect(one == SharedString(Self.composed))
        #expect(Set([one, SharedString(Self.composed)]).count == 1)
    }

    /// The collections of a decoded `Names`, as texts (each collection's elements, each map's
    /// keys with their values), in their order.
    private func contents(_ value: Any?) throws -> [String: [String]] {
        let names = try #require(value as? DynamicObject)
        var result: [String: [String]] = [:]
        for field in ["set", "tree", "linked"] {
            let elements = try #require(names[field] as? any AnyElementsExposing)
            result[field] = elements.anyElements.map { "\(ValueConversion.flatten($0) ?? "nil")" }
        }
        for field in ["map", "sorted"] {
            let entries = try #require(names[field] as? any AnyEntriesExposing)
            result[field] = entries.anyEntries.map {
                "\(ValueConversion.flatten($0.key) ?? "nil")=\(ValueConversion.flatten($0.value) ?? "nil")"
            }
        }
        return result
    }

    private func expectBothSpellings(_ found: [String: [String]], _ comment: Comment) {
        let (c, d) = (Self.composed, Self.decomposed)
        #expect(
            Set((found["set"] ?? []).map { Array($0.unicodeScalars) })
                == [Array(c.unicodeScalars), Array(d.unicodeScalars)],
            comment)
        #expect(
            found["tree"]?.map { Array($0.unicodeScalars) } == [Array(d.unicodeScalars), Array(c.unicodeScalars)],
            comment)
        #expect(found["linked"]?.map { Array($0.unicodeScalars) } == [["\u{212B}"], ["\u{C5}"]], comment)
        let map = (found["map"] ?? []).map { Array($0.unicodeScalars) }.sorted { $0.count < $1.count }
        #expect(map == [Array("\(c)=1".unicodeScalars), Array("\(d)=2".unicodeScalars)], comment)
        #expect(
            found["sorted"]?.map { Array($0.unicodeScalars) } == [
                Array("\(d)=2".unicodeScalars), Array("\(c)=1".unicodeScalars),
            ], comment)
    }

    @Test(arguments: [true, false], [KryoDialect.v2, .v4, .v5])
    func bothSpellingsSurviveEveryPath(references: Bool, dialect: KryoDialect) throws {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "p.yaml"))
        let options = SerializationOptions(references: references)
        let readable = ReadableCodec(registry: registry, options: options)
        let names = try readable.decode(Any?.self, from: Array(Self.document.utf8))
        expectBothSpellings(try contents(names), "read from the document")

        let kryo = KryoCodec(registry: registry, dialect: dialect, options: options)
        let bytes = try kryo.encode(names)
        let decoded = try kryo.decode(Any?.self, from: bytes)
        expectBothSpellings(try contents(decoded), "Kryo \(dialect), references \(references)")
        #expect(try kryo.encode(decoded) == bytes)

        let back = try readable.decode(Any?.self, from: try readable.encode(decoded))
        expectBothSpellings(try contents(back), "through the document again")
        #expect(try kryo.encode(back) == bytes)

        var keyed = KeyedArchiveCodec(registry: registry, options: options)
        keyed.keepsJavaClasses = true
        let archived = try keyed.decode(Any?.self, from: try keyed.encode(decoded))
        expectBothSpellings(try contents(archived), "through a keyed archive")
        #expect(try kryo.encode(archived) == bytes)
    }
}
