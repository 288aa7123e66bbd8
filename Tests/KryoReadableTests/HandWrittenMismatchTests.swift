import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// Hand-written documents that say something the data cannot be: a map with the same key twice,
/// a class in a slot of another final class, a URL Java cannot build. Each is an error where it
/// is written, not a value silently changed.
@Suite struct HandWrittenMismatchTests {
    static let schema = """
        package: doc
        classes:
          - class: Holder
            fields: {nums: "int[]", any: Object, name: String}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Holder") }

    func failure(_ fields: String) -> SerializationError? { document.failure(fields) }

    @Test func aMapHoldsAKeyOnce() throws {
        let error = try #require(
            failure(#""any": {"$class": "NSDictionary", "NS.keys": [1, 2, 1], "NS.objects": ["a", "b", "c"]}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "distinct keys")
        #expect(error.found == "a second key 1")
        #expect(error.path == ["any", "NS.keys", "2"])
        // Integer 1 and Long 1 are two keys in Java, and stay two.
        let holder = try document.object(
            #""any": {"$class": "NSDictionary", "NS.keys": [{"$class": "java.lang.Integer", "$value": 1}, 1], "#
                + #""NS.objects": ["a", "b"]}"#)
        #expect((holder["any"] as? OrderedDictionary<AnyHashable, Any?>)?.count == 2)
    }

    @Test func aFinalSlotTakesItsOwnClassOnly() throws {
        let error = try #require(failure(#""nums": {"$class": "[J", "$value": [1, 2]}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a [I, the slot's final class")
        #expect(error.found == "[J")
        #expect(error.path == ["nums", "$class"])
        let holder = try document.object(#""nums": {"$class": "[I", "$value": [1, 2]}"#)
        #expect(holder["nums"] as? [Int32] == [1, 2])
    }

    @Test func aJavaURLNeedsAScheme() throws {
        let holder = try document.object(#""any": {"$class": "NSURL", "NS.relative": "no-scheme-here"}"#)
        let codec = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let error = try #require(throws: SerializationError.self) { try codec.encode(holder) }
        #expect(error.expected == "an absolute URL with a scheme (a java.net.URL)")
        #expect(error.path == ["any"])
        let absolute = try document.object(
            #""any": {"$class": "NSURL", "NS.base": {"$class": "NSURL", "NS.relative": "https://example.com/a/"}, "#
                + #""NS.relative": "b"}"#)
        #expect(
            try codec.decode(Any?.self, from: try codec.encode(absolute)).map { ($0 as? DynamicObject)?["any"] as? URL }
                == URL(string: "https://example.com/a/b"))
    }
}
