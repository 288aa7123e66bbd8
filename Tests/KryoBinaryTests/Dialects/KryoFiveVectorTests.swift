import Foundation
import SwiftKryo
import Testing

/// Bytes written by a real Java Kryo 5.6.2 (Tests/Fixtures/kryo5/vectors, from the project's
/// shared vectors), read with nothing but a schema file in the Kryo 5 dialect, then written again:
/// directly, through a readable JSON document and through a keyed archive, each must give Java's
/// bytes back. And every one of them read as Kryo 2.20 is an error or a stream both releases
/// write alike.
@Suite struct KryoFiveVectorTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/kryo5")

    /// Each vector with whether references were on, from the index Java wrote.
    static let vectors: [(name: String, references: Bool)] = {
        guard
            let index = try? String(
                contentsOf: directory.appendingPathComponent("vectors/index.tsv"), encoding: .utf8)
        else { return [] }
        return index.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", maxSplits: 2)
            guard columns.count == 3 else { return nil }
            return (String(columns[0]), columns[1] == "true")
        }
    }()

    /// Vectors of classes the schema leaves out: `Locale`.
    static let unsupported: Set<String> = ["locale", "locale.refs"]

    static let names = vectors.map(\.name).filter { !unsupported.contains($0) }

    static func schemas() throws -> SchemaSet {
        try SchemaFiles.load(directory.appendingPathComponent("vectors5.yaml"))
    }

    private func vector(_ name: String) throws -> (bytes: [UInt8], options: SerializationOptions) {
        let entry = try #require(Self.vectors.first { $0.name == name })
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("vectors/\(name).bin")))
        return (bytes, SerializationOptions(references: entry.references, registrationRequired: true))
    }

    @Test func theIndexListsEveryVector() {
        #expect(Self.vectors.count == 121)
        #expect(Self.vectors.filter(\.references).count == 61)
    }

    @Test("Kryo 5 → dynamic values → Kryo 5, JSON and keyed archives", arguments: names)
    func roundTrips(_ name: String) throws {
        let (bytes, options) = try vector(name)
        let registry = try Registry(schemas: try Self.schemas())
        let codec = KryoCodec(registry: registry, dialect: .v5, options: options)
        let value = try codec.decode(Any?.self, from: bytes)
        #expect(hex(try codec.encode(value)) == hex(bytes), "Kryo 5 → Kryo 5")

        let readable = ReadableCodec(registry: registry, format: .json, options: options)
        let document = try readable.encode(value)
        let fromDocument = try readable.decode(Any?.self, from: document)
        #expect(hex(try codec.encode(fromDocument)) == hex(bytes), "\(String(decoding: document, as: UTF8.self))")

        var keyed = KeyedArchiveCodec(registry: registry, format: .binary, options: options)
        keyed.keepsJavaClasses = true
        let fromArchive = try keyed.decode(Any?.self, from: try keyed.encode(value))
        #expect(hex(try codec.encode(fromArchive)) == hex(bytes), "keyed archive")
    }

    @Test("Values Java wrote read as Java wrote them")
    func valuesAreJavas() throws {
        let registry = try Registry(schemas: try Self.schemas())
        func read(_ name: String) throws -> Any? {
            let (bytes, options) = try vector(name)
            return try KryoCodec(registry: registry, dialect: .v5, options: options).decode(Any?.self, from: bytes)
        }
        #expect(try read("int_-2147483648") as? Int32 == Int32.min)
        #expect(try read("long_72057594037927936") as? Int64 == 72_057_594_037_927_936)
        #expect(try read("double_1.5") as? Double == 1.5)
        let decimal = try #require(try read("bigdecimal") as? JavaBigDecimal)
        #expect(decimal.description == "-1.230E+6" && decimal.scale == -3)
        #expect(decimal.decimalValue == Decimal(-1_230_000))
        #expect(try read("biginteger") as? JavaBigInteger == JavaBigInteger("-123456789012345678901234567890"))
        #expect(try read("string_33a") as? String == String(repeating: "a", count: 33))
        #expect(try read("string_emoji") as? String != nil)
        let strings = try #require(try read("list_strings") as? [Any?])
        #expect(strings.compactMap { $0 as? String } == ["x", "y"])
        let bean = try #require(try read("sample_bean") as? DynamicObject)
        #expect(bean.javaClass == "test.Vectors5$SampleBean")
        let moon = try #require(try read("enum_moon") as? DynamicEnum)
        #expect(moon.name == "MOON")
        let cycle = try #require(try read("cycle_a_b.refs") as? DynamicObject)
        let next = try #require(cycle["next"] as? DynamicObject)
        #expect(next["next"] as? DynamicObject === cycle)
    }

    /// Kryo 5 streams read as Kryo 2.20: Kryo's streams carry no version, so a reader can only
    /// notice another release's bytes where they break its own forms. Every vector read as 2.20
    /// either throws a `SerializationError` or gives the value Kryo 5 reads — except a lone
    /// fixed-width number (the byte order differs and any eight bytes are a `double`), which no
    /// reader can tell apart. The test pins that list, so any other silent misreading fails it.
    @Test("Kryo 5 streams read as Kryo 2.20: an error, the same value, or a lone fixed-width number")
    func readAsKryo2() throws {
        let registry = try Registry(schemas: try Self.schemas())
        var misread: [String] = []
        var rejected = 0
        for name in Self.names {
            let (bytes, options) = try vector(name)
            let right = try KryoCodec(registry: registry, dialect: .v5, options: options).decode(Any?.self, from: bytes)
            do {
                let asKryo2 = try KryoCodec(registry: registry, dialect: .v2, options: options).decode(
                    Any?.self, from: bytes)
                if !deepEqual(asKryo2, right) { misread.append(name) }
            } catch is SerializationError {
                rejected += 1
            }
        }
        let fixedWidth = [
            "char_e_acute", "double_-inf", "double_1.5", "double_array", "float_-0", "float_1.5", "float_nan",
            "prims", "short_-2",
        ]
        #expect(misread.sorted() == (fixedWidth + fixedWidth.map { $0 + ".refs" }).sorted())
        // Collections, maps, tagged and compatible classes and enums with references break 2.20's forms.
        #expect(rejected == 24, "\(rejected) of \(Self.names.count) rejected")
    }
}
