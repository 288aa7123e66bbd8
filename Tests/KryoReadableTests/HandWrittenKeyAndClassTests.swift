import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// Hand-written documents with a key the class does not have, a collection of another kind than
/// its field declares, or a float beyond a float's range: each is an error at its key, not a
/// value silently dropped, converted or made infinite on its way to Java.
@Suite struct HandWrittenKeyAndClassTests {
    static let schema = """
        package: doc
        classes:
          - class: Book
            fields: {title: String, pages: int, ratio: float, tags: List<String>, byName: "Map<String, String>", link: Object, genres: Set<String>}
          - class: Entry
            serializer: compatible
            fields: {title: String}
          - class: Point
            serializer: record
            fields: {x: int, y: int}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Book") }

    func failure(_ json: String) -> SerializationError? {
        do {
            _ = try document.codec.decode(Any?.self, from: Array(json.utf8))
            return nil
        } catch {
            return error as? SerializationError
        }
    }

    @Test func aKeyThatIsNoFieldIsAnError() throws {
        let error = try #require(failure(#"{"$class": "doc.Book", "titel": "Dune", "pages": 412}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a field of doc.Book (byName, genres, link, pages, ratio, tags, title)")
        #expect(error.found == #"the key "titel""#)
        #expect(error.path == ["titel"])
        // Nested: the path leads to it.
        let nested = try #require(
            failure(#"{"$class": "java.util.ArrayList", "$value": [{"$class": "doc.Point", "x": 1, "z": 2}]}"#))
        #expect(nested.found == #"the key "z""#)
        #expect(nested.path == ["$value", "0", "z"])
        // Reserved keys and escaped keys of real fields are not fields' names.
        let book = try document.object(#""title": "Dune", "pages": 412"#)
        #expect(book["title"] as? String == "Dune")
    }

    @Test func theCompatibleLayoutSkipsWhatItDoesNotKnow() throws {
        // Java's CompatibleFieldSerializer reads fields by name and skips the others, so that
        // documents of another version of the class still read.
        let entry = try #require(
            try document.codec.decode(Any?.self, from: Array(#"{"$class": "doc.Entry", "title": "a", "old": 3}"#.utf8))
                as? DynamicObject)
        #expect(entry["title"] as? String == "a")
    }

    @Test func aCollectionOfAnotherKindIsRefused() throws {
        let error = try #require(
            failure(#"{"$class": "doc.Book", "tags": {"$class": "java.util.HashSet", "$value": ["a", "b"]}}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a java.util.List in field doc.Book.tags")
        #expect(error.found == "a java.util.HashSet")
        #expect(error.path == ["tags"])
        let map = try #require(
            failure(#"{"$class": "doc.Book", "byName": {"$class": "java.util.ArrayList", "$value": []}}"#))
        #expect(map.expected == "a class that implements java.util.Map, the slot's")
        let set = try #require(failure(#"{"$class": "doc.Book", "tags": {"$class": "NSSet", "NS.objects": ["a"]}}"#))
        #expect(set.found == "a java.util.HashSet")
        // A list named as one in a Set field: not a set of its distinct elements.
        let list = try #require(
            failure(#"{"$class": "doc.Book", "genres": {"$class": "java.util.ArrayList", "$value": ["a", "a"]}}"#))
        #expect(list.kind == .typeMismatch)
        #expect(list.expected == "a class that implements java.util.Set, the slot's")
        #expect(list.found == "java.util.ArrayList")
        #expect(list.path == ["genres", "$class"])
        // What a List is keeps its class; a plain list becomes the field's.
        let linked = try document.object(#""tags": {"$class": "java.util.LinkedList", "$value": ["a"]}"#)
        let plain = try document.object(#""tags": ["a", "b"]"#)
        let codec = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let linkedBack = try #require(try codec.decode(Any?.self, from: try codec.encode(linked)) as? DynamicObject)
        #expect(
            linkedBack["tags"].map { document.codec.registry.registration(forValue: $0 as Any)?.javaName }
                == "java.util.LinkedList")
        let plainBack = try #require(try codec.decode(Any?.self, from: try codec.encode(plain)) as? DynamicObject)
        #expect((plainBack["tags"] as? [Any?])?.compactMap { $0 as? String } == ["a", "b"])
    }

    @Test func aFloatBeyondAFloatsRangeIsAnError() throws {
        let error = try #require(failure(#"{"$class": "doc.Book", "ratio": 1e39}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a float (at most ±3.4028235e38)")
        #expect(error.found == "1e+39")
        #expect(error.path == ["ratio"])
        let book = try document.object(#""ratio": 3.4e38"#)
        #expect(book["ratio"] as? Float == 3.4e38)
        let infinite = try document.object(#""ratio": "-Infinity""#)
        #expect(infinite["ratio"] as? Float == -.infinity)
    }

    /// The same wherever a float goes: a `Float` in an `Object` slot, an element of a `float[]`.
    @Test func aFloatBeyondAFloatsRangeIsAnErrorEverywhere() throws {
        let boxed = try #require(
            failure(#"{"$class": "doc.Book", "link": {"$class": "java.lang.Float", "$value": -1e39}}"#))
        #expect(boxed.expected == "a float (at most ±3.4028235e38)" && boxed.found == "-1e+39")
        #expect(boxed.path.first == "link")
        let array = try #require(failure(#"{"$class": "doc.Book", "link": {"$class": "[F", "$value": [1.5, 1e39]}}"#))
        #expect(array.expected == "a float (at most ±3.4028235e38)")
        #expect(array.path.prefix(1) == ["link"])
        let fine = try document.object(#""link": {"$class": "[F", "$value": [1.5, "Infinity", 3.4e38]}"#)
        #expect((fine["link"] as? [Float]) == [1.5, .infinity, 3.4e38])
    }

    /// A number too small for a float (which Java's cast makes 0) is an error, in a field and
    /// in a `float[]`; the smallest float reads.
    @Test func aFloatBelowAFloatsRangeIsAnError() throws {
        let error = try #require(failure(#"{"$class": "doc.Book", "ratio": 1e-50}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a float (0, or at least ±1.4e-45 in magnitude)")
        #expect(error.found == "1e-50")
        #expect(error.path == ["ratio"])
        let array = try #require(failure(#"{"$class": "doc.Book", "link": {"$class": "[F", "$value": [1.5, -1e-46]}}"#))
        #expect(array.expected == "a float (0, or at least ±1.4e-45 in magnitude)")
        let tiny = try document.object(#""ratio": 1.4e-45"#)
        #expect(tiny["ratio"] as? Float == Float.leastNonzeroMagnitude)
        let zero = try document.object(#""ratio": -0.0"#)
        #expect((zero["ratio"] as? Float)?.sign == .minus)
    }

    @Test func aBooleanIsNoInteger() throws {
        let error = try #require(failure(#"{"$class": "doc.Book", "pages": true}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a 32-bit integer")
        #expect(error.found == "the boolean true")
        #expect(error.path == ["pages"])
        #expect(try document.object(#""pages": 412.0"#)["pages"] as? Int32 == 412)
    }

    @Test func aNullBaseIsNoBase() throws {
        let book = try document.object(
            #""link": {"$class": "NSURL", "NS.base": null, "NS.relative": "https://a.example/b"}"#)
        #expect(book["link"] as? URL == URL(string: "https://a.example/b"))
    }

    @Test func aWrapperWithItsClassIsItsValue() throws {
        // The form the writer gives a number in an `Object` slot, copied into a primitive field.
        let book = try document.object(
            #""pages": {"$class": "java.lang.Integer", "$value": 412}, "ratio": {"$class": "java.lang.Float", "$value": 1.5}"#
        )
        #expect(book["pages"] as? Int32 == 412)
        #expect(book["ratio"] as? Float == 1.5)
        let error = try #require(failure(#"{"$class": "doc.Book", "pages": {"$class": "java.lang.Integer"}}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.path == ["pages"])
    }

    @Test func aMapsEntriesBesideItsClassAreItsEntries() throws {
        // As a bean's fields: they were dropped, and the map written empty.
        let book = try document.object(#""byName": {"$class": "java.util.TreeMap", "b": "2", "a": "1"}"#)
        let written = String(decoding: try document.codec.encode(book), as: UTF8.self)
        #expect(written.contains(#""byName":{"$class":"java.util.TreeMap","$value":{"a":"1","b":"2"}}"#), "\(written)")
    }

    @Test func aSetHoldsNull() throws {
        // Java's HashSet holds one null; a document's list for a Set field may give it.
        let book = try document.object(#""genres": ["a", null]"#)
        let written = String(decoding: try document.codec.encode(book), as: UTF8.self)
        // Written back as the plain list the field reads as its set.
        #expect(written.contains(#""genres":["a",null]"#), "\(written)")
        let again = try #require(try document.codec.decode(Any?.self, from: Array(written.utf8)) as? DynamicObject)
        #expect(type(of: try #require(again["genres"])) == type(of: try #require(book["genres"])))
        #expect(String(decoding: try document.codec.encode(again), as: UTF8.self) == written)
    }

    /// Text in a float field is only what JSON has no number for; anything else names those.
    @Test func aTextIsNoFloatButNaNAndTheInfinities() throws {
        let error = try #require(failure(#"{"$class": "doc.Book", "ratio": "NaN-EDIT"}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a number (or NaN, Infinity, -Infinity)")
        #expect(error.found == #"the string "NaN-EDIT""#)
        #expect(error.path == ["ratio"])
        #expect((try document.object(#""ratio": "NaN""#)["ratio"] as? Float)?.isNaN == true)
        let boxed = try #require(
            failure(#"{"$class": "doc.Book", "link": {"$class": "java.lang.Double", "$value": "nan"}}"#))
        #expect(boxed.expected == "a number (or NaN, Infinity, -Infinity)")
        #expect(boxed.found == #"the string "nan""#)
    }
}

/// Mistakes a person makes by hand, each an error naming where it is and what was meant: a key
/// beside an alias, an element a primitive array cannot hold; and a plist date for an `Instant`,
/// which is the same point in time.
@Suite struct HandWrittenMistakesTests {
    static let schema = """
        package: hand
        classes:
          - class: Log
            fields: {raw: "byte[]", counts: "long[]", at: java.time.Instant, next: Log, name: String}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "hand.Log") }

    func failure(_ fields: String) -> SerializationError? { document.failure(fields) }

    @Test func aKeyBesideAnAliasIsAnError() throws {
        let error = try #require(failure(#""name": "a", "next": {"$alias": "$root", "name": "b"}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.found == "the key name beside $alias")
        #expect(error.path == ["next", "name"])
        let fine = try document.object(#""name": "a", "next": {"$alias": "$root"}"#)
        #expect((fine["next"] as? DynamicObject) === fine)
    }

    @Test func aPrimitiveArrayElementIsNamed() throws {
        let bytes = try #require(failure(#""raw": [-1, 0, 300]"#))
        #expect(bytes.expected == "a byte (an element of the byte[] field raw)" && bytes.found == "300")
        #expect(bytes.path == ["raw", "2"])
        let longs = try #require(failure(#""counts": [1, null]"#))
        #expect(longs.expected == "a long (an element of the long[] field counts)" && longs.found == "null")
        #expect(longs.path == ["counts", "1"])
        let fine = try document.object(#""raw": [-1, 0, 255], "counts": [1, 2]"#)
        #expect(fine["counts"] as? [Int64] == [1, 2])
    }

    @Test func aDateIsAnInstant() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$class</key><string>hand.Log</string>
            <key>at</key><date>2026-11-26T10:30:15Z</date></dict></plist>
            """
        let log = try #require(try document.codec.decode(Any?.self, from: Array(plist.utf8)) as? DynamicObject)
        #expect(log["at"] as? JavaInstant == JavaInstant(seconds: 1_795_689_015))
    }
}
