import Foundation
import SwiftKryo
import Testing

/// Two Spark-like shapes (Kryo 4): a map inside the argument that resolves a type variable
/// (`Box<List<Map<String, Integer>>>`) stays Java's `HashMap` through a document, and a `long[]`
/// held by an `Object` field and a `long[]` field stays one array through a keyed archive.
@Suite struct TypeVariableMapAndClassedSharingTests {
    static let schema = """
        package: sp
        settings: {dialect: kryo4, references: true, registrationRequired: false}
        classes:
          - class: Box
            typeParameters: [T]
            fields: {value: T}
          - class: BoxListHolder
            fields: {box: "Box<List<Map<String, Integer>>>"}
          - class: ObjAndLongs
            fields: {a: Object, b: "long[]"}
          - class: Amounts
            fields: {a: BigDecimal, b: BigDecimal, c: java.util.Currency, d: java.util.Currency}
        """

    let registry: Registry
    let kryo: KryoCodec
    init() throws {
        registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "sp.yaml"))
        kryo = KryoCodec(registry: registry, dialect: .v4, options: SerializationOptions(references: true))
    }

    @Test func aMapInATypeVariablesArgumentIsAHashMap() throws {
        let document = #"{"$class": "sp.BoxListHolder", "box": {"$class": "sp.Box", "value": [{"a": 1}]}}"#
        let value = try ReadableCodec(registry: registry).decode(Any?.self, from: Array(document.utf8))
        let text = String(decoding: try kryo.encode(value), as: UTF8.self)
        #expect(text.contains("java.util.HashMa") && !text.contains("LinkedHashMa"), "\(text)")
    }

    @Test func aLongArrayTwoFieldsShareStaysOneThroughAKeyedArchive() throws {
        let document = #"{"$class": "sp.ObjAndLongs", "a": {"$class": "[J", "$value": [7]}, "b": {"$alias": "a"}}"#
        let bytes = try kryo.encode(try ReadableCodec(registry: registry).decode(Any?.self, from: Array(document.utf8)))
        let keyed = KeyedArchiveCodec(registry: registry, options: SerializationOptions(references: true))
        let again = try keyed.decode(Any?.self, from: try keyed.encode(try kryo.decode(Any?.self, from: bytes)))
        #expect(try kryo.encode(again) == bytes)
    }

    /// One `BigDecimal` (and one `Currency`) in two declared fields: one object through a keyed
    /// archive, as through a document (probe 14's F2: Java got two).
    @Test func aValueTwoDeclaredFieldsShareStaysOneThroughAKeyedArchive() throws {
        let document =
            #"{"$class": "sp.Amounts", "a": "376.5000", "b": {"$alias": "a"}, "#
            + #""c": {"$class": "java.util.Currency", "currencyCode": "CHF"}, "d": {"$alias": "c"}}"#
        let bytes = try kryo.encode(try ReadableCodec(registry: registry).decode(Any?.self, from: Array(document.utf8)))
        let keyed = KeyedArchiveCodec(registry: registry, options: SerializationOptions(references: true))
        for format in [PropertyListFormat.binary, .xml] {
            var codec = keyed
            codec.format = format
            let again = try codec.decode(Any?.self, from: try codec.encode(try kryo.decode(Any?.self, from: bytes)))
            #expect(hex(try kryo.encode(again)) == hex(bytes), "\(format)")
        }
        // Without the alias, two objects: the bytes differ.
        let unshared =
            #"{"$class": "sp.Amounts", "a": "376.5000", "b": "376.5000", "#
            + #""c": {"$class": "java.util.Currency", "currencyCode": "CHF"}, "d": {"$alias": "c"}}"#
        #expect(
            try kryo.encode(try ReadableCodec(registry: registry).decode(Any?.self, from: Array(unshared.utf8)))
                != bytes)
    }

    @Test func aRecordOfAWriteObjectStreamMayLeaveItsClassOut() throws {
        // What `kryo convert --type` reads a document as: Java's readObject(input, type) names it.
        let document = #"{"a": {"$class": "[J", "$value": [7]}, "b": {"$alias": "a"}}"#
        let value = try ReadableCodec(registry: registry).decode(
            javaClass: "sp.ObjAndLongs", from: Array(document.utf8))
        let object = try #require(value as? DynamicObject, "\(String(describing: value))")
        #expect(object.javaClass == "sp.ObjAndLongs")
        let unknown = #expect(throws: SerializationError.self) {
            try ReadableCodec(registry: registry).decode(javaClass: "sp.Nothing", from: Array(document.utf8))
        }
        #expect(unknown?.expected == "a registration for sp.Nothing")
    }
}

private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined(separator: " ") }
