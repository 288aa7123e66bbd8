import Foundation
import SwiftKryo
import Testing

/// Keys Java's `String.equals` tells apart and Swift's `String ==` does not (canonically
/// equivalent text: `"\u00e9"` and `"e\u0301"`, the Kelvin sign and `K`): an untyped map or set
/// keeps both, through the Kryo binary, keyed archives and readable documents, with each value
/// at its own key.
@Suite struct UnicodeDistinctKeysTests {
    static let keys = ["\u{e9}", "e\u{301}", "K", "\u{212A}"]

    let registry: Registry
    init() throws { registry = try Registry(schemas: SchemaSet()) }

    /// The map as a document writes keys that are not plain, distinct strings.
    static let document = """
        {"$class": "NSDictionary", "NS.keys": ["\\u00e9", "e\\u0301", "K", "\\u212a"], "NS.objects": [1, 2, 3, 4]}
        """

    /// Each key's scalars and its value, in the map's order.
    static func entries(_ value: Any?) -> [String: Int] {
        var result: [String: Int] = [:]
        guard let map = ValueConversion.flatten(value) as? any AnyEntriesExposing else { return result }
        for (key, value) in map.anyEntries {
            guard let text = ValueConversion.flatten(key) as? String,
                let number = ValueConversion.convert(value, to: Int.self)
            else { continue }
            result[text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")] = number
        }
        return result
    }

    static let expected = ["e9": 1, "65 301": 2, "4b": 3, "212a": 4]

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func aMapKeepsEveryKeyThroughKryo(_ dialect: KryoDialect) throws {
        let readable = ReadableCodec(registry: registry, format: .json)
        let map = try readable.decode(Any?.self, from: Array(Self.document.utf8))
        #expect(Self.entries(map) == Self.expected)
        var options = dialect.defaultOptions
        options.registrationRequired = false
        let kryo = KryoCodec(registry: registry, dialect: dialect, options: options)
        let bytes = try kryo.encode(map)
        let back = try kryo.decode(Any?.self, from: bytes)
        #expect(Self.entries(back) == Self.expected)
        // Written again, the same bytes; through a document too.
        #expect(try kryo.encode(back) == bytes)
        #expect(try kryo.encode(readable.decode(Any?.self, from: readable.encode(back))) == bytes)
    }

    @Test func aMapKeepsEveryKeyThroughAKeyedArchive() throws {
        let readable = ReadableCodec(registry: registry, format: .json)
        let keyed = KeyedArchiveCodec(registry: registry)
        let map = try readable.decode(Any?.self, from: Array(Self.document.utf8))
        let back = try keyed.decode(Any?.self, from: keyed.encode(map))
        #expect(Self.entries(back) == Self.expected)
    }

    @Test func aSetKeepsEveryElement() throws {
        let readable = ReadableCodec(registry: registry, format: .json)
        let document = #"{"$class": "NSSet", "NS.objects": ["\u00e9", "e\u0301", "\u00e9"]}"#
        let set = try readable.decode(Any?.self, from: Array(document.utf8))
        // Java's equal elements are one; the two forms of é are two.
        #expect((ValueConversion.flatten(set) as? any Collection)?.count == 2, "\(type(of: set))")
        let kryo = KryoCodec(
            registry: registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let back = try kryo.decode(Any?.self, from: kryo.encode(set))
        #expect((ValueConversion.flatten(back) as? any Collection)?.count == 2, "\(type(of: back))")
    }

    /// Written as a JSON object, the two keys are one to Swift's strings: an error that shows
    /// the key's scalars and the form that keeps both.
    @Test func aDocumentObjectWithBothKeysSaysWhy() throws {
        let readable = ReadableCodec(registry: registry, format: .json)
        let document = #"{"$class": "java.util.HashMap", "$value": {"e\u0301": 1, "\u00e9": 2}}"#
        let error = try #require(throws: SerializationError.self) {
            try readable.decode(Any?.self, from: Array(document.utf8))
        }
        #expect(error.expected.contains(#"this one is \u{e9}"#))
        #expect(error.expected.contains("NS.keys"))
    }
}
