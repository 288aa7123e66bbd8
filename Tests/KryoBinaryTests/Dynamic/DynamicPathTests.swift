import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// The dynamic path: Java-written streams read with nothing but a schema (no Swift types), then
/// written again — as Kryo, and through readable documents and keyed archives — give Java's bytes.
@Suite struct DynamicPathTests {
    /// The KryoCocoa README's classes, as the Java peer's "cocoa" configuration registers them.
    static let cocoa = GeneratedCocoaSchema.schemaSet

    static let cocoaCases = PeerCases.all.filter { $0.config == .cocoa && $0.readConfig == nil }.map(\.name)

    /// The schema files of the Java peer's configurations (Tests/Fixtures/schemas).
    static func schemas(_ config: PeerConfig) throws -> SchemaSet? {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/schemas")
        switch config {
        case .cocoa:
            return try SchemaFiles.load(
                directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Schemas/kryococoa.yaml"))
        case .reg: return try SchemaFiles.load(directory.appendingPathComponent("peer-reg.yaml"))
        case .evo1: return try SchemaFiles.load(directory.appendingPathComponent("peer-evo1.yaml"))
        case .evo2: return try SchemaFiles.load(directory.appendingPathComponent("peer-evo2.yaml"))
        default: return nil
        }
    }

    /// Every case of a configuration with a schema file, read with the classes it was written with.
    static let schemaCases = PeerCases.all.filter { peerCase in
        [.cocoa, .reg, .evo1, .evo2].contains(peerCase.config)
            && (peerCase.readConfig == nil || peerCase.readConfig == peerCase.config) && !peerCase.readFails
    }.map(\.name)

    /// Kryo 2.20, and the releases of `PeerVersions` (4 and 5 unless narrowed).
    static let versions = [2] + PeerVersions.enabled

    private func javaBytes(_ name: String, kryo version: Int = 2) throws -> [UInt8] {
        switch JavaPeerRun.shared(for: version) {
        case .success(let run): return try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        case .failure(let failure): throw failure
        }
    }

    /// The Kryo codec of a peer case's Java `Kryo` in a release.
    private func codec(_ registry: Registry, _ peerCase: PeerCase, kryo version: Int) throws -> KryoCodec {
        KryoCodec(
            registry: registry, dialect: try JavaPeerRun.dialect(for: version), framing: peerCase.framing,
            options: SerializationOptions(references: peerCase.references, registrationRequired: false))
    }

    /// The Java class a `writeObject` case names.
    private func javaClass(_ peerCase: PeerCase) -> String {
        Registration.defaultFor(peerCase.declaredType)?.javaName ?? "\(peerCase.declaredType)"
    }

    /// Decodes with the dynamic registry, as the case's framing reads.
    private func decode(_ bytes: [UInt8], _ peerCase: PeerCase, _ codec: KryoCodec) throws -> Any? {
        peerCase.framing == .classAndObject
            ? try codec.decode(Any?.self, from: bytes) : try codec.decode(javaClass: javaClass(peerCase), from: bytes)
    }

    private func encode(_ value: Any?, _ peerCase: PeerCase, _ codec: KryoCodec) throws -> [UInt8] {
        peerCase.framing == .classAndObject
            ? try codec.encode(value) : try codec.encode(value, javaClass: javaClass(peerCase))
    }

    @Test("Kryo → dynamic values → Kryo with the peer's schema files", arguments: versions, schemaCases)
    func peerStreams(_ version: Int, _ name: String) throws {
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        let bytes = try javaBytes(name, kryo: version)
        let registry = try Registry(schemas: try #require(try Self.schemas(peerCase.config)))
        let options = SerializationOptions(references: peerCase.references)
        let codec = try codec(registry, peerCase, kryo: version)
        let value = try decode(bytes, peerCase, codec)
        #expect(hex(try encode(value, peerCase, codec)) == hex(bytes), "Kryo → Kryo")
        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        let document = try readable.encode(value)
        let fromDocument = try readable.decode(Any?.self, from: document)
        #expect(
            hex(try encode(fromDocument, peerCase, codec)) == hex(bytes),
            "JSON: \(String(decoding: document, as: UTF8.self))")
        // Values in slots that do not declare their class (the root, an `Object` field, a raw
        // `List`) are archived with it where their Foundation form would lose it.
        for format in [PropertyListFormat.binary, .xml] {
            var keyed = KeyedArchiveCodec(registry: registry, format: format, options: options)
            keyed.keepsJavaClasses = true
            let archive = try keyed.encode(value)
            let fromArchive = try keyed.decode(Any?.self, from: archive)
            #expect(hex(try encode(fromArchive, peerCase, codec)) == hex(bytes), "keyed \(format)")
            #expect(try keyed.encode(fromArchive) == archive, "the archive survives the trip")
        }
    }

    @Test(
        "Kryo → dynamic values → Kryo, and through readable and keyed documents", arguments: versions, cocoaCases)
    func cocoaStreams(_ version: Int, _ name: String) throws {
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        let bytes = try javaBytes(name, kryo: version)
        let registry = try Registry(schemas: Self.cocoa)
        let options = SerializationOptions(references: peerCase.references)
        let codec = try codec(registry, peerCase, kryo: version)
        let value = try decode(bytes, peerCase, codec)
        #expect(hex(try encode(value, peerCase, codec)) == hex(bytes))

        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        let document = try readable.encode(value)
        let fromDocument = try readable.decode(Any?.self, from: document)
        #expect(
            hex(try encode(fromDocument, peerCase, codec)) == hex(bytes), "\(String(decoding: document, as: UTF8.self))"
        )

        for format in [PropertyListFormat.binary, .xml] {
            var keyed = KeyedArchiveCodec(registry: registry, format: format, options: options)
            keyed.keepsJavaClasses = true
            let archive = try keyed.encode(value)
            let fromArchive = try keyed.decode(Any?.self, from: archive)
            #expect(hex(try encode(fromArchive, peerCase, codec)) == hex(bytes), "\(format)")
        }
    }

    /// An interned literal in four places: Java writes it once and refers back to it three times.
    /// The dynamic path reads it as one ``SharedString``, a readable document writes it once and
    /// aliases it after (each alias carrying the text), and every trip gives Java's bytes again
    /// (peerStreams compares them).
    @Test("Java's shared strings stay one instance", arguments: versions)
    func sharedStrings(_ version: Int) throws {
        let peerCase = try #require(PeerCases.all.first { $0.name == "shared_strings" })
        let bytes = try javaBytes(peerCase.name, kryo: version)
        let registry = try Registry(schemas: try #require(try Self.schemas(.reg)))
        let codec = try codec(registry, peerCase, kryo: version)
        let list = try #require(try decode(bytes, peerCase, codec) as? [Any?])
        #expect(list.count == 5)
        let city = try #require(list[2] as? SharedString)
        #expect(city.value == "city")
        #expect((list[0] as? DynamicObject)?["label"] as? SharedString === city)
        #expect((list[1] as? DynamicObject)?["label"] as? SharedString === city)
        let map = try #require(list[3] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(map.keys.first?.base as? SharedString === city)
        #expect(list[4] as? String == "town", "a string met once stays a String")

        let readable = ReadableCodec(registry: registry, format: .json, options: codec.options)
        let document = String(decoding: try readable.encode(list), as: UTF8.self)
        #expect(document.components(separatedBy: "\"$alias\"").count - 1 == 3, "\(document)")
        #expect(document.components(separatedBy: "\"$value\":\"city\"").count - 1 == 3, "\(document)")
        #expect(document.components(separatedBy: "\"city\"").count - 1 == 4, "\(document)")
    }

    /// `LinkedHashMap` and `LinkedHashSet` written by class name, read without a schema: a
    /// dynamic registry's `HashMap` is an `OrderedDictionary`, so the linked classes are values of
    /// their own (`JavaLinkedHashMap`, `JavaLinkedHashSet`) and are written back as themselves.
    @Test(
        "LinkedHashMap and LinkedHashSet in untyped slots keep their class",
        arguments: ["jdkc_lhm", "jdkc_lhm_norefs", "jdkc_lhm_empty", "jdkc_lhs"])
    func linkedCollections(_ name: String) throws {
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        let bytes = try javaBytes(name)
        let registry = try Registry(schemas: SchemaSet())
        let options = SerializationOptions(references: peerCase.references)
        let codec = KryoCodec(registry: registry, framing: peerCase.framing, options: options)
        let value = try decode(bytes, peerCase, codec)
        #expect(value is JavaLinkedHashMap<AnyHashable, Any?> || value is JavaLinkedHashSet<AnyHashable>)
        if let map = value as? JavaLinkedHashMap<AnyHashable, Any?>, !map.entries.isEmpty {
            #expect(map.entries.keys.map { $0 as? String } == ["z", "a", "m"])
        }
        #expect(hex(try encode(value, peerCase, codec)) == hex(bytes))
        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        let document = try readable.encode(value)
        #expect(
            hex(try encode(try readable.decode(Any?.self, from: document), peerCase, codec)) == hex(bytes),
            "\(String(decoding: document, as: UTF8.self))")
        var keyed = KeyedArchiveCodec(registry: registry, options: options)
        keyed.keepsJavaClasses = true
        let fromArchive = try keyed.decode(Any?.self, from: try keyed.encode(value))
        #expect(hex(try encode(fromArchive, peerCase, codec)) == hex(bytes))
    }

    @Test func beansReadAsDynamicObjects() throws {
        let registry = try Registry(schemas: Self.cocoa)
        let value = try KryoCodec(registry: registry).decode(Any?.self, from: try javaBytes("other"))
        let other = try #require(value as? DynamicObject)
        #expect(other.javaClass == "test.OtherBean")
        #expect(Array(other.fields.keys) == ["map", "beans", "kind"])
        #expect(other["kind"] as? DynamicEnum == DynamicEnum(javaClass: "test.SampleEnum", ordinal: 1, name: "SECOND"))
        let beans = try #require(other["beans"] as? [Any?])
        let first = try #require(beans.first as? DynamicObject)
        #expect(first["key"] as? Int32 == 1)
        #expect(first["name"] as? String == "a")
        let map = try #require(other["map"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(map[AnyHashable(Int32(1))] as? String == "one")
    }

    @Test func readableDocumentsNameJavaClassesAndEnumConstants() throws {
        let registry = try Registry(schemas: Self.cocoa)
        let value = try KryoCodec(registry: registry).decode(Any?.self, from: try javaBytes("sample_enum"))
        let json = try ReadableCodec(registry: registry, format: .json).encode(value)
        #expect(String(decoding: json, as: UTF8.self) == #"{"$class":"test.SampleEnum","name":"THIRD","ordinal":2}"#)
        let named = try ReadableCodec(registry: registry).decode(
            Any?.self, from: Array(#"{"$class":"test.SampleEnum","name":"FIRST"}"#.utf8))
        #expect(named as? DynamicEnum == DynamicEnum(javaClass: "test.SampleEnum", ordinal: 0, name: "FIRST"))
    }

    @Test func wrongFieldValuesAreErrorsNamingTheField() throws {
        let registry = try Registry(schemas: Self.cocoa)
        let bean = DynamicObject(javaClass: "test.SampleBean", fields: ["key": "not a number", "name": "x"])
        #expect(throws: SerializationError.self) { try KryoCodec(registry: registry).encode(bean) }
        let unknown = DynamicObject(javaClass: "test.Missing")
        #expect(throws: SerializationError.self) { try KryoCodec(registry: registry).encode(unknown) }
    }

    @Test func unsoundSchemasAreRefused() {
        var schemas = Self.cocoa
        schemas.classes.append(JavaClassSchema(javaName: "test.Twin", id: 20, layout: .fields(.field, [])))
        #expect(throws: SerializationError.self) { try Registry(schemas: schemas) }
        var unknownType = Self.cocoa
        unknownType.classes.append(
            JavaClassSchema(
                javaName: "test.Bad",
                layout: .fields(.field, [JavaFieldSchema(name: "x", type: .named("test.Nowhere"))])))
        #expect(throws: SerializationError.self) { try Registry(schemas: unknownType) }
    }
}
