import Foundation
import MediaProto
import SwiftKryo

/// One measured operation: a name shared with the Java harness, the size of what it encodes or
/// decodes, and the work itself.
public struct Workload {
    /// `group/operation`, e.g. `media.field.refs-off/encode`.
    public let name: String
    /// Encoded size in bytes.
    public let bytes: Int
    /// Runs the operation once.
    public let run: () throws -> Void
}

enum WorkloadError: Error, CustomStringConvertible {
    case mismatch(String)
    var description: String {
        switch self {
        case .mismatch(let name): return "\(name): the decoded value differs from the original"
        }
    }
}

/// Keeps results alive so the optimizer cannot drop the work.
nonisolated(unsafe) var blackHole = 0

/// The Kryo releases the Kryo rows run in, each with the suffix its rows' groups carry (the Java
/// harness names its rows the same way for the release on its class path): none for Kryo 2.20, so
/// that the names of earlier sittings and of the instruction-count scripts still hold.
public let benchmarkDialects: [(dialect: KryoDialect, suffix: String)] = [(.v2, ""), (.v4, ".v4"), (.v5, ".v5")]

/// The settings of the Java harness, the same in every release: references as given,
/// registration required (every class is registered).
public func benchmarkOptions(references: Bool) -> SerializationOptions {
    SerializationOptions(references: references, registrationRequired: true)
}

/// The MediaContent encodings the Java harness also writes, in every dialect, named by group:
/// `media.field.refs-off`, `media.field.refs-on`, `media.manual`, then the same with `.v4` and `.v5`.
public func mediaEncodings() throws -> [(name: String, bytes: [UInt8])] {
    let registry = try benchmarkRegistry()
    let manualRegistry = try manualRegistry()
    let standard = MediaContent.standard()
    var files: [(name: String, bytes: [UInt8])] = []
    for (dialect, suffix) in benchmarkDialects {
        for (label, references) in [("refs-off", false), ("refs-on", true)] {
            let codec = KryoCodec(
                registry: registry, dialect: dialect, options: benchmarkOptions(references: references))
            files.append(("media.field.\(label)\(suffix)", try codec.encode(standard, as: MediaContent.self)))
        }
        let manual = KryoCodec(
            registry: manualRegistry, dialect: dialect, framing: .object, options: benchmarkOptions(references: false))
        files.append(("media.manual\(suffix)", try manual.encode(standard, as: MediaContent.self)))
    }
    return files
}

/// Builds the workloads whose group passes `wants`. `includeLarge` adds the 10 M arrays, the 10 k
/// list and the graphs. The Kryo rows run in each of ``benchmarkDialects``.
public func makeWorkloads(includeLarge: Bool = true, wants: (String) -> Bool = { _ in true }) throws -> [Workload] {
    let registry = try benchmarkRegistry()
    let off = benchmarkOptions(references: false)
    let on = benchmarkOptions(references: true)
    var workloads: [Workload] = []

    // Typed calls, as a Swift caller who knows the type writes them (Java: writeClassAndObject,
    // and readClassAndObject cast to the type).
    func kryoPair<T>(
        _ group: String, _ codec: KryoCodec, _ value: @autoclosure () -> T, decodeAs check: @escaping (T) -> Bool
    ) throws {
        guard wants(group) else { return }
        let value = value()
        let output = KryoOutput(capacity: 1 << 16)
        try codec.encode(value, as: T.self, to: output)
        let bytes = output.buffer
        guard check(try codec.decode(T.self, from: bytes)) else { throw WorkloadError.mismatch(group) }
        let reused = KryoOutput(capacity: bytes.count)
        workloads.append(
            Workload(name: "\(group)/encode", bytes: bytes.count) {
                reused.reset()
                try codec.encode(value, as: T.self, to: reused)
                blackHole &+= reused.count
            })
        workloads.append(
            Workload(name: "\(group)/decode", bytes: bytes.count) {
                _ = try codec.decode(T.self, from: bytes)
                blackHole &+= 1
            })
    }

    let standard = MediaContent.standard()
    let isStandard: (MediaContent) -> Bool = { $0 == standard }
    for (dialect, suffix) in benchmarkDialects {
        try kryoPair(
            "media.field.refs-off\(suffix)", KryoCodec(registry: registry, dialect: dialect, options: off), standard,
            decodeAs: isStandard)
        try kryoPair(
            "media.field.refs-on\(suffix)", KryoCodec(registry: registry, dialect: dialect, options: on), standard,
            decodeAs: isStandard)
        // The same bytes through serializers with the fields in line: what generated code would gain.
        if wants("media.inlined") {
            let inlined = try inlinedRegistry()
            for (label, options) in [("refs-off", off), ("refs-on", on)] {
                let group = "media.inlined.\(label)\(suffix)"
                guard wants(group) else { continue }
                let codec = KryoCodec(registry: inlined, dialect: dialect, options: options)
                let expected = try KryoCodec(registry: registry, dialect: dialect, options: options)
                    .encode(standard, as: MediaContent.self)
                guard try codec.encode(standard, as: MediaContent.self) == expected else {
                    throw WorkloadError.mismatch("\(group): bytes differ from the field serializer's")
                }
                try kryoPair(group, codec, standard, decodeAs: isStandard)
            }
        }
        // Hand-written serializers, framed as Java's writeObject: decoded with their type.
        let manualGroup = "media.manual\(suffix)"
        if wants(manualGroup) {
            let manual = KryoCodec(registry: try manualRegistry(), dialect: dialect, framing: .object, options: off)
            let manualBytes = try manual.encode(standard, as: MediaContent.self)
            guard try manual.decode(MediaContent.self, from: manualBytes) == standard else {
                throw WorkloadError.mismatch(manualGroup)
            }
            let manualOutput = KryoOutput(capacity: manualBytes.count)
            workloads.append(
                Workload(name: "\(manualGroup)/encode", bytes: manualBytes.count) {
                    manualOutput.reset()
                    try manual.encode(standard, as: MediaContent.self, to: manualOutput)
                    blackHole &+= manualOutput.count
                })
            workloads.append(
                Workload(name: "\(manualGroup)/decode", bytes: manualBytes.count) {
                    blackHole &+= Int(try manual.decode(MediaContent.self, from: manualBytes).media.width)
                })
        }
    }

    // Building the MediaContent registry (the library's default registrations, six classes, their
    // serializers and field slots bound): what a program pays once per registry.
    if wants("registry.build") {
        workloads.append(
            Workload(name: "registry.build/media", bytes: 0) {
                blackHole &+= try benchmarkRegistry().registration(forID: 13) == nil ? 0 : 1
            })
    }
    // The model's own cost, with no format: the floor under every serializer of MediaContent.
    if wants("media.floor") {
        let floor = ModelFloor(standard)
        let copied = floor.encode(standard)
        guard floor.decode() == standard, copied > 0 else {
            throw WorkloadError.mismatch("media.floor")
        }
        workloads.append(Workload(name: "media.floor/encode", bytes: copied) { blackHole &+= floor.encode(standard) })
        workloads.append(
            Workload(name: "media.floor/decode", bytes: copied) { blackHole &+= Int(floor.decode().media.width) })
    }

    /// A MediaContent encode and decode pair through a codec other than Kryo's, checked once.
    func mediaPair(
        _ group: String, encode: @escaping () throws -> [UInt8], decode: @escaping ([UInt8]) throws -> MediaContent
    ) throws {
        guard wants(group) else { return }
        let bytes = try encode()
        guard try decode(bytes) == standard else { throw WorkloadError.mismatch(group) }
        workloads.append(Workload(name: "\(group)/encode", bytes: bytes.count) { blackHole &+= try encode().count })
        workloads.append(
            Workload(name: "\(group)/decode", bytes: bytes.count) { blackHole &+= Int(try decode(bytes).media.width) })
    }

    // The keyed-archive backend (NSKeyedArchiver's format) on the same graph and registry, with
    // references on: a binary plist, comparable with media.nskeyedarchiver, and an XML plist.
    for (label, format) in [("binary", PropertyListFormat.binary), ("xml", .xml)] {
        let keyed = KeyedArchiveCodec(registry: registry, format: format, options: on)
        try mediaPair(
            "media.keyed.\(label)", encode: { try keyed.encode(standard) },
            decode: { try keyed.decode(MediaContent.self, from: $0) })
    }

    // The readable backend (HRCoder's style) on the same graph and registry, with references on:
    // compact JSON, comparable with media.json (Foundation's JSONEncoder on the Codable twin), and
    // the two plist layouts, comparable with media.plist.
    for (label, format) in [
        ("json", ReadableFormat.json), ("plist-binary", .propertyList(.binary)), ("plist-xml", .propertyList(.xml)),
    ] {
        let readable = ReadableCodec(registry: registry, format: format, options: on)
        try mediaPair(
            "media.readable.\(label)", encode: { try readable.encode(standard) },
            decode: { try readable.decode(MediaContent.self, from: $0) })
    }

    // A 10 000-entry dictionary, typed (`[String: Int32]`) and untyped (`[AnyHashable: Any?]`,
    // Java's raw HashMap), encoded in iteration order (`hash`) and in the stable order (`stable`,
    // ``SerializationOptions/stableOrder``) by each backend: what sorting costs.
    if wants("map-10k") {
        let typed = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("key\($0)", Int32($0)) })
        let untyped = Dictionary(uniqueKeysWithValues: typed.map { (AnyHashable($0.key), $0.value as Any?) })
        let mapRegistry = try Registry()
        for (order, stable) in [("hash", false), ("stable", true)] {
            var kryoOptions = KryoDialect.v5.defaultOptions
            kryoOptions.registrationRequired = false
            kryoOptions.stableOrder = stable
            let kryo = KryoCodec(registry: mapRegistry, dialect: .v5, options: kryoOptions)
            let options = SerializationOptions(stableOrder: stable)
            let keyed = KeyedArchiveCodec(registry: mapRegistry, format: .binary, options: options)
            let readable = ReadableCodec(registry: mapRegistry, format: .json, options: options)
            let encoders: [(String, () throws -> [UInt8])] = [
                ("kryo.v5", { try kryo.encode(typed, as: [String: Int32].self) }),
                ("untyped.kryo.v5", { try kryo.encode(untyped, as: [AnyHashable: Any?].self) }),
                ("keyed", { try keyed.encode(typed) }), ("readable", { try readable.encode(typed) }),
            ]
            for (label, encode) in encoders {
                let group = "map-10k.\(label).\(order)"
                guard wants(group) else { continue }
                let bytes = try encode()
                workloads.append(
                    Workload(name: "\(group)/encode", bytes: bytes.count) { blackHole &+= try encode().count })
            }
        }
    }

    // Peers on the same graph.
    if wants("media.protobuf") {
        let proto = protobufMediaContent()
        let protoBytes: Data = try proto.serializedData()
        workloads.append(
            Workload(name: "media.protobuf/encode", bytes: protoBytes.count) {
                let data: Data = try proto.serializedData()
                blackHole &+= data.count
            })
        workloads.append(
            Workload(name: "media.protobuf/decode", bytes: protoBytes.count) {
                blackHole &+= Int(try Media_MediaContent(serializedBytes: protoBytes).media.width)
            })
    }

    if wants("media.json") || wants("media.plist") {
        let codable = CodableMediaContent.standard()
        let jsonBytes = try JSONEncoder().encode(codable)
        workloads.append(
            Workload(name: "media.json/encode", bytes: jsonBytes.count) {
                blackHole &+= try JSONEncoder().encode(codable).count
            })
        workloads.append(
            Workload(name: "media.json/decode", bytes: jsonBytes.count) {
                blackHole &+= try JSONDecoder().decode(CodableMediaContent.self, from: jsonBytes).images.count
            })
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plistBytes = try plistEncoder.encode(codable)
        workloads.append(
            Workload(name: "media.plist/encode", bytes: plistBytes.count) {
                blackHole &+= try plistEncoder.encode(codable).count
            })
        workloads.append(
            Workload(name: "media.plist/decode", bytes: plistBytes.count) {
                blackHole &+= try PropertyListDecoder().decode(CodableMediaContent.self, from: plistBytes).images.count
            })
    }

    if wants("media.nskeyedarchiver") {
        let archived = ArchivedMediaContent.standard()
        let archiveBytes = try NSKeyedArchiver.archivedData(withRootObject: archived, requiringSecureCoding: true)
        workloads.append(
            Workload(name: "media.nskeyedarchiver/encode", bytes: archiveBytes.count) {
                blackHole &+= try NSKeyedArchiver.archivedData(withRootObject: archived, requiringSecureCoding: true)
                    .count
            })
        workloads.append(
            Workload(name: "media.nskeyedarchiver/decode", bytes: archiveBytes.count) {
                let back = try NSKeyedUnarchiver.unarchivedObject(
                    ofClass: ArchivedMediaContent.self, from: archiveBytes)
                blackHole &+= back?.images.count ?? 0
            })
    }

    // Deep copy (`Registry.copy`) against an encode and decode of the same graph through Kryo 5 with
    // references on (a copy keeps sharing too): MediaContent, and a 10 000-node graph.
    func copyPair<T>(_ group: String, _ value: T, check: @escaping (T) -> Bool) throws {
        guard wants(group) else { return }
        let codec = KryoCodec(registry: registry, dialect: .v5, options: on)
        let output = KryoOutput(capacity: 1 << 16)
        try codec.encode(value, as: T.self, to: output)
        let bytes = output.buffer
        guard check(try registry.copy(value, options: on)), check(try codec.decode(T.self, from: bytes)) else {
            throw WorkloadError.mismatch(group)
        }
        workloads.append(
            Workload(name: "\(group)/copy", bytes: bytes.count) {
                blackHole &+= check(try registry.copy(value, options: on)) ? 1 : 0
            })
        workloads.append(
            Workload(name: "\(group)/encode+decode", bytes: bytes.count) {
                output.reset()
                try codec.encode(value, as: T.self, to: output)
                blackHole &+= check(try codec.decode(T.self, from: output.buffer)) ? 1 : 0
            })
    }
    try copyPair("copy.media", standard) { $0 == standard }
    let copyGraph = wants("copy.graph-10k") ? GraphNode.graph(10_000) as [Any?] : []
    try copyPair("copy.graph-10k", copyGraph) { copy in
        guard copy.count == copyGraph.count, let last = copy.last as? GraphNode else { return false }
        return last.parent === (copy[(copy.count - 1) / 2] as? GraphNode)
    }

    guard includeLarge else { return workloads }

    // The data of the large rows is made once and shared by the dialects.
    let list: [Any?] = (0..<10_000).map { _ in MediaContent.standard() }
    let ints =
        wants("int-array-10M") ? (0..<10_000_000).map { Int32(truncatingIfNeeded: Int64($0) &* 2_654_435_761) } : []
    let doubles = wants("double-array-10M") ? (0..<10_000_000).map { Double($0) * 0.5 } : []
    let graphs = [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)].map { label, count in
        (label, count, wants("graph-\(label)") ? GraphNode.graph(count) as [Any?] : [])
    }
    for (dialect, suffix) in benchmarkDialects {
        let offCodec = KryoCodec(registry: registry, dialect: dialect, options: off)
        try kryoPair("media-list-10k\(suffix)", offCodec, list) { $0.count == 10_000 }
        if !ints.isEmpty {
            try kryoPair("int-array-10M\(suffix)", offCodec, ints) { $0 == ints }
        }
        if !doubles.isEmpty {
            try kryoPair("double-array-10M\(suffix)", offCodec, doubles) { $0 == doubles }
        }
        if suffix.isEmpty, wants("double-array-10M") {
            let doubleBytes = doubles.count * 8
            let source = UnsafeMutableRawPointer.allocate(byteCount: doubleBytes, alignment: 16)
            let target = UnsafeMutableRawPointer.allocate(byteCount: doubleBytes, alignment: 16)
            source.initializeMemory(as: UInt8.self, repeating: 1, count: doubleBytes)
            workloads.append(
                Workload(name: "double-array-10M/memcpy", bytes: doubleBytes) {
                    target.copyMemory(from: source, byteCount: doubleBytes)
                    blackHole &+= Int(target.load(fromByteOffset: doubleBytes / 2, as: UInt8.self))
                })
        }
        for (label, count, graph) in graphs where !graph.isEmpty {
            try kryoPair(
                "graph-\(label)\(suffix)", KryoCodec(registry: registry, dialect: dialect, options: on), graph
            ) {
                guard $0.count == count, let last = $0.last as? GraphNode else { return false }
                return last.parent === ($0[(count - 1) / 2] as? GraphNode)
            }
        }
    }
    return workloads
}
