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
    }
}
