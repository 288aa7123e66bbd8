import Foundation
import SwiftKryo
import Testing

/// JDK collections and maps that the library keeps as one Swift type each (`ArrayDeque` and
/// `Vector` are both a `JavaCollection`) keep their own class when a schema gives them ids. The
/// bytes are what the three jars (2.20, 4.0.3, 5.6.2) wrote with `Twins` = 40, `ArrayDeque` = 41,
/// `Vector` = 42, `IdentityHashMap` = 43 and `ConcurrentHashMap` = 44, references off.
@Suite struct LibraryClassIDTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$Twins, id: 40, fields: {a: Object, b: Object}}
          - {class: java.util.ArrayDeque, id: 41}
          - {class: java.util.Vector, id: 42}
          - {class: java.util.IdentityHashMap, id: 43}
          - {class: java.util.concurrent.ConcurrentHashMap, id: 44}
        """

    @Test(arguments: [
        (KryoDialect.v2, "2a 2b 01 03 82 78 2c 01 03 82 79", ["java.util.ArrayDeque", "java.util.Vector"]),
        (.v4, "2a 2b 01 03 82 78 2c 01 03 82 79", ["java.util.ArrayDeque", "java.util.Vector"]),
        (.v5, "2a 2b 82 03 00 82 78 2c 82 03 00 82 79", ["java.util.ArrayDeque", "java.util.Vector"]),
        (
            .v2, "2a 2d 01 03 82 6b 02 02 2e 01 03 82 6b 02 04",
            ["java.util.IdentityHashMap", "java.util.concurrent.ConcurrentHashMap"]
        ),
        (
            .v4, "2a 2d 01 03 82 6b 02 02 2e 01 03 82 6b 02 04",
            ["java.util.IdentityHashMap", "java.util.concurrent.ConcurrentHashMap"]
        ),
        (
            .v5, "2a 2d 02 03 82 6b 02 02 2e 02 03 82 6b 02 04",
            ["java.util.IdentityHashMap", "java.util.concurrent.ConcurrentHashMap"]
        ),
    ])
    func aLibraryClassWithAnIDKeepsItsClass(dialect: KryoDialect, hex: String, classes: [String]) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let twins = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let found = [twins["a"], twins["b"]].map { value in
            (value as? any JavaClassChosenByValue)?.javaClassNameOfValue ?? "\(String(describing: value))"
        }
        #expect(found == classes)
        #expect(try codec.encode(twins) == bytes)
        let readable = ReadableCodec(registry: codec.registry)
        let document = try readable.encode(twins)
        for name in classes { #expect(String(decoding: document, as: UTF8.self).contains(name)) }
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
        // Keyed archives too: the class beside the Foundation form, which alone reads back as an
        // ArrayList or a HashMap.
        for format in [PropertyListFormat.binary, .xml] {
            var keyed = KeyedArchiveCodec(registry: codec.registry, format: format)
            keyed.keepsJavaClasses = true
            let archive = try keyed.encode(twins)
            #expect(try codec.encode(try keyed.decode(Any?.self, from: archive)) == bytes, "\(format)")
        }
    }

    /// With references on, an object inside such a map (a key string shared by two maps) is
    /// aliased through the `$value` its map's form stands under, in documents and property lists.
    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func aliasesReachIntoClassedMaps(dialect: KryoDialect) throws {
        let document = #"""
            {"$class": "mini.Mini$Twins",
             "a": {"$class": "java.util.concurrent.ConcurrentHashMap",
                   "$value": {"$class": "NSDictionary", "NS.keys": [{"$class": "java.lang.Integer", "$value": 7}],
                              "NS.objects": ["shared"]}},
             "b": {"$class": "java.util.IdentityHashMap",
                   "$value": {"$class": "NSDictionary", "NS.keys": [{"$alias": "a.$value.NS\\.objects.0"}],
                              "NS.objects": [2]}}}
            """#
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let json = ReadableCodec(registry: codec.registry, options: codec.options)
        let bytes = try codec.encode(try json.decode(Any?.self, from: Array(document.utf8)))
        let twins = try codec.decode(Any?.self, from: bytes)
        for format in [ReadableFormat.json, .propertyList(.xml)] {
            let readable = ReadableCodec(registry: codec.registry, format: format, options: codec.options)
            let written = try readable.encode(twins)
            let text = String(decoding: written, as: UTF8.self)
            #expect(text.contains("a.$value.NS"), "\(text)")
            #expect(try codec.encode(try readable.decode(Any?.self, from: written)) == bytes)
        }
    }
}
