import Foundation
import SwiftKryo
import Testing

/// Java objects that the dynamic path reads as Swift values — a list, a map, a `BigDecimal`, a
/// `Date`, a `long[]`, a `UUID` — keep their sharing: one held in two fields (written once, then
/// referred back to, with references on) is read as one ``SharedValue`` and written again as
/// Java wrote it, in the Kryo binary and through readable documents and keyed archives.
///
/// The bytes are what the real jars (Kryo 2.20, 4.0.3, 5.6.2) wrote for `Twins{a = x, b = x}`,
/// unregistered, references on, `writeClassAndObject`; `prefix` is the `Twins` class by name and
/// its reference marker, each vector the rest.
@Suite struct DynamicSharedValueTests {
    static let schema = """
        package: mini
        classes:
          - class: Mini$Twins
            fields: {a: Object, b: Object}
        """
    static let prefix = "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 54 77 69 6e f3 01 "
    static let vectors: [(name: String, dialect: KryoDialect, rest: String)] = [
        ("sharedList", .v2, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 02 02 01 01 03"),
        ("sharedMap", .v2, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 01 03 01 82 6b 02 02 01 01 03"),
        (
            "sharedDecimal", .v2,
            "01 01 6a 61 76 61 2e 6d 61 74 68 2e 42 69 67 44 65 63 69 6d 61 ec 01 02 00 00 01 01 03"
        ),
        ("sharedJuDate", .v2, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 44 61 74 e5 01 05 01 01 03"),
        ("sharedLongArr", .v2, "01 01 5b ca 01 02 02 01 01 03"),
        ("sharedUuid", .v2, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 55 55 49 c4 01 04 02 01 01 03"),
        ("sharedList", .v4, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 02 02 01 01 03"),
        ("sharedMap", .v4, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 01 03 01 82 6b 02 02 01 01 03"),
        (
            "sharedDecimal", .v4,
            "01 01 6a 61 76 61 2e 6d 61 74 68 2e 42 69 67 44 65 63 69 6d 61 ec 01 02 00 00 01 01 03"
        ),
        ("sharedJuDate", .v4, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 44 61 74 e5 01 05 01 01 03"),
        ("sharedLongArr", .v4, "01 01 5b ca 01 02 02 01 01 03"),
        ("sharedUuid", .v4, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 55 55 49 c4 01 04 02 01 01 03"),
        ("sharedList", .v5, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 82 02 00 02 01 01 03"),
        ("sharedMap", .v5, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 02 03 01 82 6b 02 02 01 01 03"),
        (
            "sharedDecimal", .v5,
            "01 01 6a 61 76 61 2e 6d 61 74 68 2e 42 69 67 44 65 63 69 6d 61 ec 01 02 00 00 01 01 03"
        ),
        ("sharedJuDate", .v5, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 44 61 74 e5 01 05 01 01 03"),
        ("sharedLongArr", .v5, "01 01 5b ca 01 02 02 01 01 03"),
        ("sharedUuid", .v5, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 55 55 49 c4 01 04 02 01 01 03"),
    ]

    static func codec(_ dialect: KryoDialect) throws -> KryoCodec {
        let schemas = try SchemaFiles.parse(schema, fileName: "mini.yaml")
        return KryoCodec(
            registry: try Registry(schemas: schemas), dialect: dialect,
            options: SerializationOptions(references: true, registrationRequired: false))
    }

    @Test(arguments: 0..<vectors.count)
    func aSharedValueIsReadOnceAndWrittenAsJavaWroteIt(_ index: Int) throws {
        let (name, dialect, rest) = Self.vectors[index]
        let bytes = hexBytes(Self.prefix + rest)
        let codec = try Self.codec(dialect)
        let twins = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject, "\(name)")
        let a = try #require(twins["a"] as? SharedValue, "\(name): \(String(describing: twins["a"]))")
        #expect(twins["b"] as? SharedValue === a, "\(name)")
        #expect(try codec.encode(twins) == bytes, "\(name) in \(dialect)")

        // Through a readable document: the second place is an alias to the first.
        for format in [ReadableFormat.json, .propertyList(.xml)] {
            let readable = ReadableCodec(
                registry: codec.registry, format: format, options: SerializationOptions(references: true))
            let document = try readable.encode(twins)
            if format == .json {
                #expect(String(decoding: document, as: UTF8.self).contains(#""b":{"$alias":"a"}"#), "\(name)")
            }
            let back = try readable.decode(Any?.self, from: document)
            #expect(try codec.encode(back) == bytes, "\(name) in \(dialect) through \(format)")
        }
        // In a keyed archive, one entry that both keys refer to.
        let keyed = KeyedArchiveCodec(registry: codec.registry)
        let archive = try KeyedArchive(bytes: try keyed.encode(twins))
        let object = archive.objects.first { entry in
            if case .dictionary(let keys) = entry, keys["a"] != nil { return true }
            return false
        }
        guard case .dictionary(let keys)? = object else {
            Issue.record("\(name): no object with key a in \(archive.objects)")
            return
        }
        #expect(keys["a"] == keys["b"], "\(name)")
    }

    /// `Twins{a = list}` where the list holds a `Twins` whose `a` is the list itself: Java's
    /// collections reference themselves before their elements, so a list may contain itself
    /// through the objects it holds. Read as one box, written back as Java wrote it, directly and
    /// through a readable document.
    @Test(arguments: [
        (
            KryoDialect.v2,
            "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 01 00 01 01 01 03 00 00"
        ),
        (.v4, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 01 00 01 01 01 03 00 00"),
        (.v5, "01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 82 01 00 00 01 01 01 03 00 00"),
    ])
    func aListThatContainsItself(dialect: KryoDialect, rest: String) throws {
        let bytes = hexBytes(Self.prefix + rest)
        let codec = try Self.codec(dialect)
        let twins = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let list = try #require(twins["a"] as? SharedValue)
        let inner = try #require((list.value as? [Any?])?.first as? DynamicObject)
        #expect(inner["a"] as? SharedValue === list)
        #expect(try codec.encode(twins) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(twins)
        #expect(String(decoding: document, as: UTF8.self).contains(#"{"$alias":"a"}"#))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
    }

    /// Converting between releases keeps the sharing: Kryo 4's bytes read, Kryo 5's written.
    @Test func aSharedListConvertsBetweenReleases() throws {
        let rest = { (dialect: KryoDialect) in
            Self.vectors.first { $0.name == "sharedList" && $0.dialect == dialect }?.rest ?? ""
        }
        let value = try Self.codec(.v4).decode(Any?.self, from: hexBytes(Self.prefix + rest(.v4)))
        #expect(try Self.codec(.v5).encode(value) == hexBytes(Self.prefix + rest(.v5)))
    }

    /// A typed decode converts a shared value to the type asked for.
    @Test func aSharedValueConvertsToItsType() throws {
        let shared = SharedValue([Int32(1), Int32(2)] as [Any?])
        #expect(ValueConversion.convert(shared, to: [Int32].self) == [1, 2])
        // A list is not hashable: equal by instance only.
        #expect(!(shared == SharedValue([Int32(1), Int32(2)] as [Any?])))
        #expect(SharedValue(Int32(5)) == SharedValue(Int32(5)))
        #expect(
            Set([AnyHashable(SharedValue("k" as AnyHashable))]).contains(AnyHashable(SharedValue("k" as AnyHashable))))
    }
}
