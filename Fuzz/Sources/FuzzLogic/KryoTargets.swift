import Foundation
import SwiftKryo

/// Runs a step of a round trip whose input came from the library itself: any error it throws is
/// a finding, not a rejection (what decoded must be writable, and what was written must read).
func roundTripStep<T>(_ step: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw RoundTripMismatch(description: "\(step) failed: \(error)")
    }
}

extension FuzzTarget {
    /// The Kryo binary, typed: a `FuzzNode` graph (collections, a map, a set, an enum, shared
    /// nodes and cycles). The first byte picks the dialect (`% 3`: 2.20, 4, 5), references (bit
    /// 2, set = off) and the framing (bits 3–4: `writeClassAndObject`, `writeObject`,
    /// `writeObjectOrNull`). Round trip: the graph written and read again, and the graph's deep
    /// copy (`Registry.copy`), have the same shape and values.
    public static let kryoTyped = FuzzTarget(
        name: "kryo-typed", executable: "FuzzKryoTyped",
        body: { input in
            let (mode, bytes) = split(input)
            let codec = try KryoTypedMode(mode).codec()
            let value = try codec.decode(FuzzNode?.self, from: bytes)
            defer { Dismantle.values(value) }
            let written = try roundTripStep("writing the decoded graph") { try codec.encode(value, as: FuzzNode?.self) }
            let again = try roundTripStep("reading the written graph") {
                try codec.decode(FuzzNode?.self, from: written)
            }
            defer { Dismantle.values(again) }
            try requireEqual(GraphDescription.of(value), GraphDescription.of(again), "the graph written and read again")
            // A deep copy of what decoded has the same shape (sharing and cycles) and values.
            let copy = try roundTripStep("copying the decoded graph") { try codec.registry.copy(value) }
            defer { Dismantle.values(copy) }
            try requireEqual(GraphDescription.of(value), GraphDescription.of(copy), "the graph and its deep copy")
        },
        seedInputs: {
            guard let registry = FuzzNode.registry else { return [] }
            var seeds: [[UInt8]] = []
            let samples = FuzzNode.samples()
            defer { Dismantle.values(samples) }
            for mode in KryoTypedMode.all {
                let codec = KryoCodec(
                    registry: registry, dialect: mode.dialect, framing: mode.framing,
                    options: SerializationOptions(references: mode.references))
                for sample in samples {
                    // Without references a cycle cannot be written: those samples are skipped.
                    if let bytes = try? codec.encode(sample, as: FuzzNode?.self) { seeds.append([mode.byte] + bytes) }
                }
            }
            return seeds
        })

    /// The Kryo binary, dynamic: a schema file's classes read into dynamic values, no Swift types.
    /// The first byte picks the schema and dialect (`& 3`: Schemas/kryococoa.yaml with 2.20,
    /// Tests/Fixtures/schemas/peer-reg.yaml with 2.20, Tests/Fixtures/kryo5/vectors5.yaml with 5,
    /// Kryo's compatibility test data with 5 read by `readObject(TestData)`) and references (bit
    /// 2). Round trip: the values read back from what was written are a fixed point: written and
    /// read again, they are the same (see `ValueDescription`).
    public static let kryoDynamic = FuzzTarget(
        name: "kryo-dynamic", executable: "FuzzKryoDynamic",
        body: { input in
            let (mode, bytes) = split(input)
            let setup = try DynamicSetup.setup(mode)
            let value = try setup.decode(bytes)
            defer { Dismantle.values(value) }
            let written = try roundTripStep("writing the decoded values") { try setup.encode(value) }
            let again = try roundTripStep("reading the written values") { try setup.decode(written) }
            defer { Dismantle.values(again) }
            // Writing may drop by design what was read (a tagged class's deprecated fields are read,
            // never written, as in Java), so the values read back must be a fixed point.
            let rewritten = try roundTripStep("writing the values read again") { try setup.encode(again) }
            let third = try roundTripStep("reading the values written again") { try setup.decode(rewritten) }
            defer { Dismantle.values(third) }
            try requireSameValues(again, third, "the values read back, written and read again")
            // A deep copy of the dynamic values is the same values.
            let copy = try roundTripStep("copying the values read back") { try setup.codec.registry.copy(again) }
            defer { Dismantle.values(copy) }
            try requireSameValues(again, copy, "the values read back and their deep copy")
        },
        seedInputs: {
            var seeds: [[UInt8]] = []
            for file in ["other-bean.kryo", "sample-bean-unregistered.kryo"] {
                if let bytes = RepositoryFiles.bytes("Schemas/examples/" + file) { seeds.append([0] + bytes) }
            }
            if let bytes = RepositoryFiles.bytes("Schemas/examples/node-cycle.kryo") { seeds.append([1] + bytes) }
            guard let root = RepositoryFiles.root else { return seeds }
            let vectors = root.appendingPathComponent("Tests/Fixtures/kryo5/vectors")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: vectors.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".bin") && !name.hasPrefix("string_9000") {
                guard let bytes = RepositoryFiles.bytes("Tests/Fixtures/kryo5/vectors/" + name) else { continue }
                seeds.append([name.hasSuffix(".refs.bin") ? 2 : 6] + bytes)
            }
            if let bytes = RepositoryFiles.bytes("Tests/Fixtures/kryo-compat/kryo5/TestData-standard.ser") {
                seeds.append([3] + bytes)
            }
            return seeds
        })
}

/// The variant of the typed Kryo target a mode byte chooses.
struct KryoTypedMode {
    var dialect: KryoDialect
    var references: Bool
    var framing: KryoFraming
    var byte: UInt8

    init(_ mode: UInt8) {
        byte = mode
        dialect = KryoDialect.all[Int(mode % 3)]
        references = mode & 0x04 == 0
        framing = [KryoFraming.classAndObject, .object, .objectOrNull][Int((mode >> 3) & 0x03) % 3]
    }

    static let all: [KryoTypedMode] = (0..<3).flatMap { dialect in
        [0, 4, 8, 16].map { flags in KryoTypedMode(UInt8(dialect + flags)) }
    }

    func codec() throws -> KryoCodec {
        guard let registry = FuzzNode.registry else {
            throw RoundTripMismatch(description: "the fuzz registry does not build")
        }
        return KryoCodec(
            registry: registry, dialect: dialect, framing: framing,
            options: SerializationOptions(references: references))
    }
}

/// The schema-driven setups of the dynamic Kryo target.
struct DynamicSetup: Sendable {
    var codec: KryoCodec
    /// The Java class the stream's root is read as (`readObject`), or `nil` for `readClassAndObject`.
    var rootClass: String?

    func decode(_ bytes: [UInt8]) throws -> Any? {
        if let rootClass { return try codec.decode(javaClass: rootClass, from: bytes) }
        return try codec.decode(Any?.self, from: bytes)
    }

    func encode(_ value: Any?) throws -> [UInt8] {
        if let rootClass { return try codec.encode(value, javaClass: rootClass) }
        return try codec.encode(value)
    }

    /// The registries of the four schema sets, built once.
    static let registries: [Registry?] = [
        registry(["Schemas/kryococoa.yaml"]),
        registry(["Tests/Fixtures/schemas/peer-reg.yaml"]),
        registry(["Tests/Fixtures/kryo5/vectors5.yaml"]),
        registry(["Tests/Fixtures/kryo-compat/classes.yaml", "Tests/Fixtures/kryo-compat/kryo5/compat5.yaml"]),
    ]

    static func registry(_ paths: [String]) -> Registry? {
        let texts = paths.compactMap { path in
            RepositoryFiles.text(path).map { SchemaFileText($0, fileName: path, format: .yaml) }
        }
        guard texts.count == paths.count, let set = try? SchemaFiles.parse(texts) else { return nil }
        return try? Registry(schemas: set)
    }

    static func setup(_ mode: UInt8) throws -> DynamicSetup {
        let index = Int(mode & 0x03)
        guard let registry = registries[index] else {
            throw RoundTripMismatch(description: "the schema files of dynamic setup \(index) do not load")
        }
        let dialect: KryoDialect = index < 2 ? .v2 : .v5
        let options = SerializationOptions(references: mode & 0x04 == 0)
        let rootClass = index == 3 ? "com.esotericsoftware.kryo.SerializationCompatTestData$TestData" : nil
        let framing: KryoFraming = rootClass == nil ? .classAndObject : .object
        return DynamicSetup(
            codec: KryoCodec(registry: registry, dialect: dialect, framing: framing, options: options),
            rootClass: rootClass)
    }
}
