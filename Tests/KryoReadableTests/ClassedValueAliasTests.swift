import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// A plain value stored with its class (`{"$class": "java.util.LinkedList", "$value": […]}`) holds
/// its elements under `$value`: an alias to an object inside names that key, so that the document
/// reads back, streamed or built as a tree, in JSON and in property lists.
@Suite struct ClassedValueAliasTests {
    /// A collection, then (in Java's order of fields, by name) an object that may be in it.
    final class Holder: Schematized {
        var collection: Any?
        var pick: Person?

        init() {}

        static let schema = Schema<Holder>(java: "test.Holder") {
            Field("collection", \.collection)
            Field("pick", \.pick)
        }
    }

    static let formats: [ReadableFormat] = [.json, .prettyJSON, .propertyList(.xml), .propertyList(.binary)]

    func codec(_ format: ReadableFormat) throws -> ReadableCodec {
        ReadableCodec(
            registry: try Registry {
                Register(Person.self, id: 52, readableName: "Person")
                Register(Holder.self, id: 60, readableName: "Holder")
            }, format: format)
    }

    @Test(arguments: formats)
    func anAliasIntoAListStoredWithItsClass(format: ReadableFormat) throws {
        let codec = try codec(format)
        let ann = Person("Ann")
        let holder = Holder()
        holder.collection = JavaLinkedList<Any?>([ann, Person("Bob")])
        holder.pick = ann
        let bytes = try codec.encode(holder)
        if format == .json {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(#""$class":"java.util.LinkedList","$value":["#), "\(text)")
            #expect(text.contains(#""pick":{"$alias":"collection.$value.0"}"#), "\(text)")
        }
        let back = try codec.decode(Holder.self, from: bytes)
        let list = try #require(back.collection as? JavaLinkedList<Any?>)
        #expect(list.elements.map { ($0 as? Person)?.name } == ["Ann", "Bob"])
        #expect(back.pick === (list.elements.first as? Person))
    }

    @Test(arguments: formats)
    func anAliasIntoAMapStoredWithItsClass(format: ReadableFormat) throws {
        let codec = try codec(format)
        let ann = Person("Ann")
        let holder = Holder()
        holder.collection = OrderedDictionary<AnyHashable, Any?>(uniqueKeysWithValues: [("k", ann)])
        holder.pick = ann
        let bytes = try codec.encode(holder)
        if format == .json {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(#""pick":{"$alias":"collection.$value.k"}"#), "\(text)")
        }
        let back = try codec.decode(Holder.self, from: bytes)
        let map = try #require(back.collection as? OrderedDictionary<AnyHashable, Any?>)
        #expect(back.pick === (map["k"] as? Person))
        #expect(back.pick?.name == "Ann")
    }

    /// Without a class stored, nothing is added to the path.
    @Test func anAliasIntoAPlainList() throws {
        let codec = try codec(.json)
        let ann = Person("Ann")
        let holder = Holder()
        holder.collection = [ann] as [Any?]
        holder.pick = ann
        let text = String(decoding: try codec.encode(holder), as: UTF8.self)
        #expect(text.contains(#""pick":{"$alias":"collection.0"}"#), "\(text)")
        let back = try codec.decode(Holder.self, from: Array(text.utf8))
        #expect(back.pick === ((back.collection as? [Any?])?.first as? Person))
    }

    /// Java Kryo 5.6.2's bytes (references on, unregistered) of `AliasKey{a = LinkedHashMap{k: v},
    /// b = v}` and `AliasInList{a = LinkedList[x], b = x}`, where `b` is the string object held
    /// inside `a`: through a readable document and back to the same bytes.
    @Test(arguments: formats)
    func javaStringsSharedInsideAClassedCollection(format: ReadableFormat) throws {
        let schemas = try SchemaFiles.parse(
            """
            package: mini
            classes:
              - class: Mini$AliasKey
                fields: {a: "Map<String, String>", b: String}
              - class: Mini$AliasInList
                fields: {a: List<String>, b: String}
            """, fileName: "mini.yaml")
        let registry = try Registry(schemas: schemas)
        let kryo = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
        let readable = ReadableCodec(
            registry: registry, format: format, options: SerializationOptions(references: true))
        let streams = [
            "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 41 6c 69 61 73 4b 65 f9 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 4c 69 "
                + "6e 6b 65 64 48 61 73 68 4d 61 f0 01 02 01 82 6b 01 82 76 05",
            "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 41 6c 69 61 73 49 6e 4c 69 73 f4 01 01 01 6a 61 76 61 2e 75 74 69 6c "
                + "2e 4c 69 6e 6b 65 64 4c 69 73 f4 01 02 01 82 78 04",
        ]
        for stream in streams.map(hexBytes) {
            let value = try kryo.decode(Any?.self, from: stream)
            let document = try readable.encode(value)
            #expect(try kryo.encode(try readable.decode(Any?.self, from: document)) == stream)
        }
    }
}

private func hexBytes(_ text: String) -> [UInt8] {
    text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
}
