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

/// Builds the workloads whose group passes `wants`. `includeLarge` adds the 10 M arrays, the 10 k
/// list and the graphs.
public func makeWorkloads(includeLarge: Bool = true, wants: (String) -> Bool = { _ in true }) throws -> [Workload] {
    let registry = try benchmarkRegistry()
    let off = SerializationOptions(references: false)
    let on = SerializationOptions(references: true)
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
    try kryoPair("media.field.refs-off", KryoCodec(registry: registry, options: off), standard, decodeAs: isStandard)
    try kryoPair("media.field.refs-on", KryoCodec(registry: registry, options: on), standard, decodeAs: isStandard)
    // The same bytes through serializers with the fields in line: what generated code would gain.
    if wants("media.inlined") {
        let inlined = try inlinedRegistry()
        for (label, options) in [("refs-off", off), ("refs-on", on)] {
            let codec = KryoCodec(registry: inlined, options: options)
            let expected = try KryoCodec(registry: registry, options: options).encode(standard, as: MediaContent.self)
            guard try codec.encode(standard, as: MediaContent.self) == expected else {
                throw WorkloadError.mismatch("media.inlined.\(label): bytes differ from the field serializer's")
            }
            try kryoPair("media.inlined.\(label)", codec, standard, decodeAs: isStandard)
        }
    }
    // Hand-written serializers, framed as Java's writeObject: decoded with their type.
    if wants("media.manual") {
        let manual = KryoCodec(registry: try manualRegistry(), framing: .object, options: off)
        let manualBytes = try manual.encode(standard, as: MediaContent.self)
        guard try manual.decode(MediaContent.self, from: manualBytes) == standard else {
            throw WorkloadError.mismatch("media.manual")
        }
        let manualOutput = KryoOutput(capacity: manualBytes.count)
        workloads.append(
            Workload(name: "media.manual/encode", bytes: manualBytes.count) {
                manualOutput.reset()
                try manual.encode(standard, as: MediaContent.self, to: manualOutput)
                blackHole &+= manualOutput.count
            })
        workloads.append(
            Workload(name: "media.manual/decode", bytes: manualBytes.count) {
                blackHole &+= Int(try manual.decode(MediaContent.self, from: manualBytes).media.width)
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

    guard includeLarge else { return workloads }

    let list: [Any?] = (0..<10_000).map { _ in MediaContent.standard() }
    try kryoPair("media-list-10k", KryoCodec(registry: registry, options: off), list) {
        $0.count == 10_000
    }

    if wants("int-array-10M") {
        let ints = (0..<10_000_000).map { Int32(truncatingIfNeeded: Int64($0) &* 2_654_435_761) }
        try kryoPair("int-array-10M", KryoCodec(registry: registry, options: off), ints) { $0 == ints }
    }
    if wants("double-array-10M") {
        let doubles = (0..<10_000_000).map { Double($0) * 0.5 }
        try kryoPair("double-array-10M", KryoCodec(registry: registry, options: off), doubles) {
            $0 == doubles
        }
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

    for (label, count) in [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)] {
        try kryoPair("graph-\(label)", KryoCodec(registry: registry, options: on), GraphNode.graph(count) as [Any?]) {
            guard $0.count == count, let last = $0.last as? GraphNode else { return false }
            return last.parent === ($0[(count - 1) / 2] as? GraphNode)
        }
    }
    return workloads
}
