import Foundation
import SwiftKryo
import Testing

/// Schema classes with type parameters (`Generic<T> { T item; }`, as Kryo's own
/// SerializationCompatTestData declares them) on the dynamic path: Kryo 5 resolves the type
/// variables from the slot's generic arguments, Kryo 2.20 and 4 write them as `Object`.
@Suite struct DynamicTypeVariableTests {
    static let schemaText = """
        package: test
        classes:
          - class: Generic
            id: 20
            typeParameters: [T]
            fields:
              item: T
          - class: GenericList
            id: 21
            typeParameters: [T]
            fields:
              list: List<Generic<T>>
          - class: GenericArray
            id: 22
            typeParameters: [T]
            fields:
              holders: Generic<T>[]
          - class: Holder
            id: 23
            fields:
              a: GenericArray<String>
              g: Generic<String>
              l: GenericList<String>
              raw: Generic
          - class: Generic[]
            id: 24
          - class: java.util.ArrayList
            id: 25
        """

    static func codec(_ dialect: KryoDialect) throws -> KryoCodec {
        KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(schemaText, fileName: "generic.yaml")),
            dialect: dialect, framing: .object,
            options: SerializationOptions(references: false, registrationRequired: true))
    }

    static func generic(_ item: Any?) -> DynamicObject {
        DynamicObject(javaClass: "test.Generic", fields: ["item": item])
    }

    static func holder() -> DynamicObject {
        DynamicObject(
            javaClass: "test.Holder",
            fields: [
                "a": DynamicObject(
                    javaClass: "test.GenericArray", fields: ["holders": JavaArray<Any>([generic("ab")])]),
                "g": generic("ab"),
                "l": DynamicObject(
                    javaClass: "test.GenericList", fields: ["list": [generic("ab"), generic("cd")] as [Any?]]),
                "raw": generic("ab"),
            ])
    }

    @Test("The model keeps the type parameters and the type variables; the canonical file too")
    func model() throws {
        let set = try SchemaFiles.parse(Self.schemaText, fileName: "generic.yaml")
        let list = try #require(set.classes.first { $0.javaName == "test.GenericList" })
        #expect(list.typeParameters == ["T"])
        #expect(
            list.fields.first?.type
                == .object("java.util.List", arguments: [.object("test.Generic", arguments: [.typeVariable("T")])]))
        let array = try #require(set.classes.first { $0.javaName == "test.GenericArray" })
        #expect(array.fields.first?.type == .array(.object("test.Generic", arguments: [.typeVariable("T")])))
        #expect(array.fields.first?.type.className == "[Ltest.Generic;")
        #expect(JavaType.typeVariable("T").className == "java.lang.Object")
        let yaml = SchemaFiles.yaml(set)
        #expect(yaml.contains("typeParameters: [\"T\"]"))
        #expect(try SchemaFiles.parse(yaml, fileName: "again.yaml") == set)
        #expect(try SchemaFiles.parse(SchemaFiles.json(set), fileName: "again.json") == set)
    }

    @Test("Kryo 5: T resolves to String (final, no class tag), through List<Generic<T>>, not in arrays")
    func kryoFive() throws {
        let codec = try Self.codec(.v5)
        let bytes = try codec.encode(Self.holder(), javaClass: "test.Holder")
        let expected: [UInt8] =
            // a: GenericArray 22 → 0x18; holders: Generic[] 24 → 0x1a, length + 1, the element with
            // its class (Generic 20 → 0x16) and the item with its class (String 1 → 0x03), "ab".
            [0x18, 0x1A, 0x02, 0x16, 0x03, 0x61, 0xE2]
            // g: Generic<String>: the item is a String field, "ab" without a class tag.
            + [0x16, 0x61, 0xE2]
            // l: GenericList 21 → 0x17; list: ArrayList 25 → 0x1b, Kryo 5's size 2 with the
            // elements' shared class (Generic), no nulls; then each Generic's item, untagged.
            + [0x17, 0x1B, 0x83, 0x16, 0x00, 0x61, 0xE2, 0x63, 0xE4]
            // raw: Generic without arguments: T is Object, the item carries its class.
            + [0x16, 0x03, 0x61, 0xE2]
        #expect(bytes == expected)
        let back = try #require(try codec.decode(javaClass: "test.Holder", from: bytes) as? DynamicObject)
        #expect((back["g"] as? DynamicObject)?["item"] as? String == "ab")
        let list = try #require((back["l"] as? DynamicObject)?["list"] as? [Any?])
        #expect(list.compactMap { ($0 as? DynamicObject)?["item"] as? String } == ["ab", "cd"])
        #expect(try codec.encode(back, javaClass: "test.Holder") == bytes)
    }

    @Test("Kryo 2.20 and Kryo 4 write T as Object: the item carries its class", arguments: [KryoDialect.v2, .v4])
    func olderReleases(_ dialect: KryoDialect) throws {
        let codec = try Self.codec(dialect)
        let value = DynamicObject(javaClass: "test.Holder", fields: ["g": Self.generic("ab")])
        let bytes = try codec.encode(value, javaClass: "test.Holder")
        // a: null (0); g: Generic 20 → 0x16, the item's class (String 1 → 0x03), "ab"; l, raw: null.
        #expect(bytes == [0x00, 0x16, 0x03, 0x61, 0xE2, 0x00, 0x00])
        let back = try #require(try codec.decode(javaClass: "test.Holder", from: bytes) as? DynamicObject)
        #expect((back["g"] as? DynamicObject)?["item"] as? String == "ab")
    }

    @Test("Kryo 5 reads a resolved T of another final class (Integer) without a class tag")
    func integerArgument() throws {
        let text = Self.schemaText.replacingOccurrences(of: "g: Generic<String>", with: "g: Generic<Integer>")
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(text, fileName: "generic.yaml")), dialect: .v5,
            framing: .object, options: SerializationOptions(references: false, registrationRequired: true))
        let value = DynamicObject(javaClass: "test.Holder", fields: ["g": Self.generic(Int32(7))])
        // g: 0x16, then Integer 7 as a final nullable slot: not-null marker 1, zigzag varint 14.
        let bytes = try codec.encode(value, javaClass: "test.Holder")
        #expect(bytes == [0x00, 0x16, 0x01, 0x0E, 0x00, 0x00])
        let back = try #require(try codec.decode(javaClass: "test.Holder", from: bytes) as? DynamicObject)
        #expect((back["g"] as? DynamicObject)?["item"] as? Int32 == 7)
    }

    @Test("Schema files: typeParameters only with fields, no arguments on a type variable, a parameter once")
    func schemaErrors() {
        func message(_ text: String) -> String? {
            do {
                _ = try SchemaFiles.parse(text, fileName: "bad.yaml")
                return nil
            } catch { return "\(error)" }
        }
        let enumWithParameters = "classes:\n  - class: a.E\n    typeParameters: [T]\n    enum: [X]\n"
        #expect(message(enumWithParameters)?.contains("only a class with fields takes typeParameters") == true)
        let arguments = "classes:\n  - class: a.G\n    typeParameters: [T]\n    fields:\n      item: T<String>\n"
        #expect(message(arguments)?.contains("no generic arguments after the type variable T") == true)
        let twice = "classes:\n  - class: a.G\n    typeParameters: [T, T]\n    fields:\n      item: T\n"
        #expect(message(twice)?.contains("type parameter T is declared twice") == true)
        let undeclared = "classes:\n  - class: a.G\n    typeParameters: [T]\n    fields:\n      item: U\n"
        #expect(message(undeclared)?.contains("unknown class U") == true)
        let generic = "classes:\n  - class: a.G<T>\n    fields:\n      item: T\n"
        #expect(message(generic)?.contains("typeParameters: [T]") == true)
    }
}
