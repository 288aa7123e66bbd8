import Foundation
import SwiftKryo
import Testing

/// The values, formats and modes that ``StableOrderProcessTests`` encodes in separate processes.
enum StableOrderFixtures {
    /// A Codable value holding dictionaries and a set: each encoded through `Dictionary`'s and
    /// `Set`'s own `encode(to:)` (a keyed container for `String` and `Int` keys, key–value pairs
    /// in an unkeyed one for `Double` keys).
    struct Inventory: Codable, Equatable {
        var name = "depot"
        var counts: [String: Int] = Dictionary(uniqueKeysWithValues: (0..<120).map { ("item\($0)", $0 * 3) })
        var byID: [Int: String] = Dictionary(uniqueKeysWithValues: (0..<120).map { ($0 * 7 - 300, "id\($0)") })
        var scores: [Double: String] = Dictionary(uniqueKeysWithValues: (0..<60).map { (Double($0) / 4, "s\($0)") })
        var tags: Set<String> = Set((0..<80).map { "tag\($0)" })
    }

    static func registry() throws -> Registry {
        try Registry { Register(Inventory.self, id: 60) }
    }

    /// The values by name. `strings` is large enough that two processes iterate it differently.
    static func values() -> [(name: String, value: Any)] {
        let strings = Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", Int32($0)) })
        let ints = Dictionary(uniqueKeysWithValues: (0..<300).map { (Int32($0 * 13 - 1000), "v\($0)") })
        var mixed: [AnyHashable: Any?] = [true: "yes", false: "no", 2.5: "real", Int64(1) << 40: "long"]
        for index in 0..<60 {
            mixed[AnyHashable("s\(index)")] = Int32(index)
            mixed[AnyHashable(Int32(index * 5))] = "n\(index)"
        }
        let nested: [String: [Int32: Set<String>]] = Dictionary(
            uniqueKeysWithValues: (0..<40).map { outer in
                (
                    "group\(outer)",
                    Dictionary(
                        uniqueKeysWithValues: (0..<8).map { inner in
                            (Int32(inner), Set((0..<6).map { "e\(outer)-\(inner)-\($0)" }))
                        })
                )
            })
        let set = Set((0..<300).map { "member\($0)" })
        return [
            ("strings", strings), ("ints", ints), ("mixed", mixed), ("nested", nested), ("set", set),
            ("codable", Inventory()), ("foundation", foundationValue()),
        ]
    }

    /// Foundation's collections, whose iteration order is their hash order too (keyed archives
    /// and readable documents only: the Kryo binary has no form for them).
    static func foundationValue() -> NSDictionary {
        let dictionary = NSMutableDictionary()
        for index in 0..<150 { dictionary[NSString(string: "k\(index)")] = NSNumber(value: index) }
        dictionary[NSString(string: "set")] = NSSet(array: (0..<50).map { NSString(string: "m\($0)") })
        return dictionary
    }

    static let formats: [(name: String, format: SerializationFormat)] = [
        ("kryo2", .kryo(.v2)), ("kryo4", .kryo(.v4)), ("kryo5", .kryo(.v5)),
        ("keyed-binary", .keyedArchive(.binary)), ("keyed-xml", .keyedArchive(.xml)),
        ("json", .readable(.json)), ("plist-xml", .readable(.propertyList(.xml))),
        ("plist-binary", .readable(.propertyList(.binary))),
    ]

    /// `stableOrder` as each mode sets it.
    static let modes: [(name: String, stableOrder: Bool?)] = [("on", true), ("default", nil), ("off", false)]

    static func options(_ format: SerializationFormat, stableOrder: Bool?) -> SerializationOptions {
        var options = SerializationOptions()
        if let dialect = format.kryoDialect {
            options = dialect.defaultOptions
            options.registrationRequired = false
        }
        options.stableOrder = stableOrder
        return options
    }

    /// Every output by file name (`format.value.mode`).
    static func outputs() throws -> [String: Data] {
        let registry = try registry()
        var outputs: [String: Data] = [:]
        for (valueName, value) in values() {
            for (formatName, format) in formats {
                if format.family == .kryoBinary, valueName == "foundation" { continue }
                for (modeName, stableOrder) in modes {
                    let options = options(format, stableOrder: stableOrder)
                    outputs["\(formatName).\(valueName).\(modeName)"] = try registry.encode(
                        value, as: format, options: options)
                }
            }
        }
        return outputs
    }
}

/// What a second process runs: writes every output into the folder the environment names.
@Suite struct StableOrderHelper {
    static let folder = ProcessInfo.processInfo.environment["SWIFTKRYO_STABLE_ORDER_OUT"]

    /// This test binary, which runs ``StableOrderHelper`` when asked.
    static let executable: URL? = {
        #if os(Linux)
            let path = CommandLine.arguments[0]
            let url =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path)
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
            return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
        #else
            return nil
        #endif
    }()

    @Test(.enabled(if: folder != nil, "run by StableOrderProcessTests in a process of its own"))
    func writeOutputs() throws {
        let folder = URL(fileURLWithPath: try #require(Self.folder))
        for (name, data) in try StableOrderFixtures.outputs() {
            try data.write(to: folder.appendingPathComponent(name))
        }
    }
}

/// Swift seeds its hashing per process: the same dictionary iterates in another order in another
/// process. These tests encode the same values in two more processes (this test binary run again,
/// for ``StableOrderHelper`` alone) and compare the bytes.
@Suite(.enabled(if: StableOrderHelper.executable != nil, "needs the test executable (Linux)"))
struct StableOrderProcessTests {
    /// The outputs of two separate processes, made once.
    static let runs = Result { try (runProcess(), runProcess()) }

    private static func runProcess() throws -> [String: Data] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stable-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable: URL = try #require(StableOrderHelper.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", "StableOrderHelper"]
        var environment = ProcessInfo.processInfo.environment
        // A per-process seed, whatever this process was started with.
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        environment["SWIFTKRYO_STABLE_ORDER_OUT"] = folder.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the helper process exited with \(process.terminationStatus)")
        var outputs: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            outputs[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return outputs
    }

    static let formatNames = StableOrderFixtures.formats.map(\.name)

    @Test("With the option on, every backend writes the same bytes in every process", arguments: formatNames)
    func stableAcrossProcesses(_ format: String) throws {
        let (first, second) = try Self.runs.get()
        let here = try StableOrderFixtures.outputs()
        let names = here.keys.filter { $0.hasPrefix(format + ".") && $0.hasSuffix(".on") }
        #expect(names.count >= 6)
        for name in names {
            let bytes = try #require(here[name])
            #expect(first[name] == bytes, "\(name): the first other process wrote other bytes")
            #expect(second[name] == bytes, "\(name): the second other process wrote other bytes")
        }
    }

    @Test("Keyed archives and readable documents write the stable order by default; Kryo does not")
    func defaults() throws {
        let (first, second) = try Self.runs.get()
        for format in Self.formatNames {
            let name = "\(format).strings.default"
            let same = first[name] != nil && first[name] == second[name]
            #expect(same == !format.hasPrefix("kryo"), "\(name)")
            // By default the order is the stable one, in the formats where it is on.
            if !format.hasPrefix("kryo") { #expect(first[name] == first["\(format).strings.on"], "\(name)") }
        }
    }

    @Test("With the option off, two processes write a large dictionary differently in every backend")
    func offDiffers() throws {
        let (first, second) = try Self.runs.get()
        for format in Self.formatNames {
            for value in ["strings", "set"] {
                let name = "\(format).\(value).off"
                #expect(first[name] != nil && first[name] != second[name], "\(name)")
            }
        }
    }

    @Test("Decoding reads the sorted bytes back to the same values")
    func decodes() throws {
        let registry = try StableOrderFixtures.registry()
        let values = Dictionary(uniqueKeysWithValues: StableOrderFixtures.values().map { ($0.name, $0.value) })
        for (_, format) in StableOrderFixtures.formats {
            let options = StableOrderFixtures.options(format, stableOrder: true)
            func roundTrip<T>(_ name: String, _: T.Type) throws -> T {
                let data = try registry.encode(values[name] as Any?, as: format, options: options)
                return try registry.decode(T.self, from: data, as: format, options: options)
            }
            #expect(try roundTrip("strings", [String: Int32].self) == values["strings"] as? [String: Int32])
            #expect(try roundTrip("ints", [Int32: String].self) == values["ints"] as? [Int32: String])
            #expect(try roundTrip("set", Set<String>.self) == values["set"] as? Set<String>)
            #expect(
                try roundTrip("nested", [String: [Int32: Set<String>]].self)
                    == values["nested"] as? [String: [Int32: Set<String>]])
            #expect(try roundTrip("codable", StableOrderFixtures.Inventory.self) == StableOrderFixtures.Inventory())
            let mixed = try roundTrip("mixed", [AnyHashable: Any?].self)
            #expect(mixed.count == (values["mixed"] as? [AnyHashable: Any?])?.count)
        }
    }
}

/// The order each backend writes with the option on is the documented one (Docs/Guide.md,
/// *Stable order*): read back with the dynamic registry, which keeps the stored order.
@Suite struct StableOrderFormatTests {
    @Test("Every backend writes mixed keys in the documented order", arguments: StableOrderFixtures.formats.map(\.name))
    func documentedOrder(_ formatName: String) throws {
        let format = try #require(StableOrderFixtures.formats.first { $0.name == formatName }?.format)
        let value: [AnyHashable: Any?] = ["b": 1, "a": 2, Int32(3): 3, false: 4, 1.5: 5, "B": 6, Int64(-7): 7]
        let options = StableOrderFixtures.options(format, stableOrder: true)
        let data = try StableOrderFixtures.registry().encode(value, as: format, options: options)
        let read = try Registry(schemas: SchemaSet()).decode(Any?.self, from: data, as: format, options: options)
        let map = try #require(read as? OrderedDictionary<AnyHashable, Any?>)
        #expect(map.keys.map { "\($0.base)" } == ["false", "-7", "1.5", "3", "B", "a", "b"])
    }

    @Test("A Codable value's dictionaries are written by key: String keys as text, Int and Double keys by value")
    func codableOrder() throws {
        let data = try StableOrderFixtures.registry().encode(StableOrderFixtures.Inventory(), as: .readable(.json))
        let text = String(decoding: data, as: UTF8.self)
        func position(_ needle: String) throws -> String.Index {
            try #require(text.range(of: needle)?.lowerBound, "\(needle) in \(text.prefix(200))")
        }
        #expect(try position("\"item0\"") < position("\"item1\""))
        #expect(try position("\"item1\"") < position("\"item10\""))
        #expect(try position("\"item10\"") < position("\"item2\""))
        #expect(try position("\"-300\"") < position("\"-293\""))
        #expect(try position("\"-6\"") < position("\"1\""))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scores = try #require(object["scores"] as? [Any])
        let keys = stride(from: 0, to: scores.count, by: 2).compactMap { (scores[$0] as? NSNumber)?.doubleValue }
        #expect(keys.count == 60 && keys == keys.sorted())
        let tags = try #require(object["tags"] as? [String])
        #expect(tags == tags.sorted())
    }
}
