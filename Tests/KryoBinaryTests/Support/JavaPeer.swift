import Foundation
import SwiftKryo
import Testing

/// Runs the Java Kryo peer (Tests/JavaPeer) against one Kryo release, once for the whole batch of
/// interop cases: Swift writes every case's bytes first, then one JVM both checks them and writes
/// its own. Releases: 2 (2.20, Debian's libkryo-java), 4 (4.0.3, Apache Spark's kryo-shaded) and
/// 5 (5.6.2, as Apache Flink 2 ships it); the jars of 4 and 5 are the ones Tests/run.sh fetches.
struct JavaPeerRun: Sendable {
    /// The Kryo release Java ran: 2, 4 or 5.
    let version: Int
    /// Bytes Swift wrote, by case; or the error Swift's encoder threw.
    let swiftBytes: [String: Result<[UInt8], SerializationError>]
    /// Java's verdict on Swift's bytes: `PASS` or a failure line.
    let javaVerdicts: [String: String]
    /// Bytes Java wrote, by case.
    let javaBytes: [String: [UInt8]]
    /// What Java's own reader made of Java's bytes, by case (`READS`, `DIFFERS …`, `THROWS …`);
    /// in evolution cases the reader has the other version of the classes.
    let javaOwnReads: [String: String]

    /// The releases the peer runs against.
    static let versions = [2, 4, 5]

    /// The folder Tests/run.sh fetches the Kryo 4 and 5 jars into.
    static var jarCache: URL {
        if let folder = ProcessInfo.processInfo.environment["SWIFTKRYO_JAR_CACHE"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/swiftkryo")
    }

    /// The class path of a release's peer.
    static func jars(for version: Int) throws -> [String] {
        switch version {
        case 2:
            return ["kryo", "objenesis", "minlog", "reflectasm", "asm"].map { "/usr/share/java/\($0).jar" }
        case 4:
            return ["kryo-shaded-4.0.3", "minlog-1.3.0", "objenesis-3.5"]
                .map { jarCache.appendingPathComponent("kryo4/\($0).jar").path }
        case 5:
            return [jarCache.appendingPathComponent("kryo5/flink-dist-2.3.0.jar").path]
        default:
            throw PeerFailure(message: "no Java peer for Kryo \(version) (2, 4 or 5)")
        }
    }

    /// The dialect Swift writes and reads for a release: the one place a release meets its dialect.
    static func dialect(for version: Int) throws -> KryoDialect {
        switch version {
        case 2: return .v2
        case 4: return .v4
        case 5: return .v5
        default: throw PeerFailure(message: "Swift has no dialect for Kryo \(version)")
        }
    }

    /// The run against one release, started on first use (one JVM per release for the whole batch).
    static func shared(for version: Int) -> Result<JavaPeerRun, PeerFailure> {
        switch version {
        case 2: return kryo2
        case 4: return kryo4
        case 5: return kryo5
        default: return .failure(PeerFailure(message: "no Java peer for Kryo \(version) (2, 4 or 5)"))
        }
    }

    /// The run against Kryo 2.20.
    static var shared: Result<JavaPeerRun, PeerFailure> { shared(for: 2) }

    private static let kryo2 = start(2)
    private static let kryo4 = start(4)
    private static let kryo5 = start(5)

    /// Runs against Kryo 5.6.2 with each combination of its serializer options, on the cases of
    /// the configurations the options change (one JVM per combination, started on first use).
    static let kryo5WithOptions: [KryoFiveOptions: Result<JavaPeerRun, PeerFailure>] = Dictionary(
        uniqueKeysWithValues: KryoFiveOptions.combinations.map { ($0, start(5, options: $0)) })

    private static func start(_ version: Int, options: KryoFiveOptions? = nil) -> Result<JavaPeerRun, PeerFailure> {
        do {
            return .success(try JavaPeerRun.run(version, options: options))
        } catch let failure as PeerFailure {
            return .failure(failure)
        } catch {
            return .failure(PeerFailure(message: "Kryo \(version) peer: \(error)"))
        }
    }

    struct PeerFailure: Error, Sendable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func run(_ version: Int, options: KryoFiveOptions?) throws -> JavaPeerRun {
        let fileManager = FileManager.default
        let jars = try jars(for: version)
        let missing = jars.filter { !fileManager.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            let fix = version == 2 ? "it installs Debian's libkryo-java" : "it fetches them into \(jarCache.path)"
            throw PeerFailure(
                message: "the Kryo \(version) jars are missing (\(missing.joined(separator: ", "))): "
                    + "run Tests/run.sh; \(fix)")
        }
        let peerSources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("JavaPeer")
        let work = fileManager.temporaryDirectory.appendingPathComponent(
            "swiftkryo-peer\(version)-\(UUID().uuidString)")
        let swiftDir = work.appendingPathComponent("swift")
        let classes = work.appendingPathComponent("classes")
        try fileManager.createDirectory(at: swiftDir, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: classes, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: work) }

        var swiftBytes: [String: Result<[UInt8], SerializationError>] = [:]
        let cases = options.map { _ in KryoFiveOptions.cases } ?? PeerCases.all
        for peerCase in cases {
            do {
                let bytes = try peerCase.encode(kryo: version, options: options)
                swiftBytes[peerCase.name] = .success(bytes)
                try Data(bytes).write(to: swiftDir.appendingPathComponent("\(peerCase.name).bin"))
            } catch let error as SerializationError {
                swiftBytes[peerCase.name] = .failure(error)
            }
        }

        guard let enumerator = fileManager.enumerator(at: peerSources, includingPropertiesForKeys: nil) else {
            throw PeerFailure(message: "no Java peer sources at \(peerSources.path)")
        }
        let sources = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "java" }.map(\.path)
        let classpath = jars.joined(separator: ":")
        try execute("javac", ["-nowarn", "-cp", classpath, "-d", classes.path] + sources)
        var arguments = ["-cp", classes.path + ":" + classpath, "KryoPeer", work.path, "--kryo", "\(version)"]
        if let options { arguments += ["--options", options.argument, "--configs", KryoFiveOptions.configNames] }
        let output = try execute("java", arguments)

        var verdicts: [String: String] = [:]
        var javaOwnReads: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let text = String(line)
            if text.hasPrefix("JAVA2JAVA ") {
                let parts = text.split(separator: " ", maxSplits: 2)
                if parts.count == 3 { javaOwnReads[String(parts[1])] = String(parts[2]) }
            } else if text.hasPrefix("PASS ") {
                verdicts[String(text.dropFirst(5))] = "PASS"
            } else if text.hasPrefix("FAIL ") || text.hasPrefix("MISSING ") {
                let rest = text.split(separator: " ", maxSplits: 1)[1]
                let name = rest.split(separator: ":", maxSplits: 1)[0]
                verdicts[String(name)] = text
            }
        }
        var javaBytes: [String: [UInt8]] = [:]
        for peerCase in cases {
            let file = work.appendingPathComponent("java/\(peerCase.name).bin")
            if let data = try? Data(contentsOf: file) { javaBytes[peerCase.name] = [UInt8](data) }
        }
        return JavaPeerRun(
            version: version, swiftBytes: swiftBytes, javaVerdicts: verdicts, javaBytes: javaBytes,
            javaOwnReads: javaOwnReads)
    }

    /// The verdicts a peer program prints, one line a case (`PASS name`, `FAIL name: why`):
    /// "PASS", or the whole line.
    static func verdicts(in output: String) -> [String: String] {
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = String(parts[1].split(separator: ":", maxSplits: 1)[0])
            verdicts[name] = parts[0] == "PASS" ? "PASS" : String(line)
        }
        return verdicts
    }

    /// Runs a tool from the PATH; its standard output, or an error with its standard error.
    @discardableResult
    static func execute(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw PeerFailure(message: "could not start \(tool): \(error) — run Tests/run.sh, which installs the JDK")
        }
        // stderr on another thread: a full stderr pipe must not stall the JVM while stdout is read.
        let errors = ErrorCollector(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errors.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PeerFailure(
                message: "\(tool) exited with \(process.terminationStatus): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class ErrorCollector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

/// One combination of the Kryo 5 serializer options a Java peer can change: the compatible and
/// tagged serializers' `readUnknownFieldData`/`readUnknownTagData` and `chunkedEncoding`, every
/// field serializer's `variableLengthEncoding`, and `kryo.setOptimizedGenerics`.
struct KryoFiveOptions: Hashable, Sendable, CustomTestStringConvertible {
    let readUnknownData: Bool
    let chunkedEncoding: Bool
    let variableLengthFields: Bool
    var optimizedGenerics = true

    /// Every `readUnknownData` × `chunkedEncoding` combination that is not Java's default, each
    /// with variable-length fields on or off, so that both forms of every option meet Java; and
    /// Java's defaults with optimized generics turned off.
    static let combinations = [
        KryoFiveOptions(readUnknownData: false, chunkedEncoding: false, variableLengthFields: false),
        KryoFiveOptions(readUnknownData: false, chunkedEncoding: true, variableLengthFields: true),
        KryoFiveOptions(readUnknownData: true, chunkedEncoding: true, variableLengthFields: false),
        KryoFiveOptions(
            readUnknownData: true, chunkedEncoding: false, variableLengthFields: true, optimizedGenerics: false),
    ]

    /// The configurations whose serializers the options change: field-serialized beans and both
    /// evolution versions.
    static let configs: [PeerConfig] = [.reg, .evo1, .evo2]
    static let configNames = "reg,evo1,evo2"
    static let cases = PeerCases.all.filter {
        configs.contains($0.config) && configs.contains($0.readConfig ?? $0.config)
    }

    /// The peer's `--options` argument.
    var argument: String { "\(readUnknownData),\(chunkedEncoding),\(variableLengthFields),\(optimizedGenerics)" }

    /// The same options as Swift's per-call settings.
    func apply(to options: inout SerializationOptions) {
        let evolution = KryoEvolutionOptions(readUnknownData: readUnknownData, chunkedEncoding: chunkedEncoding)
        options.settings[CompatibleFieldSetting.self] = evolution
        options.settings[TaggedFieldSetting.self] = evolution
        options.settings[VariableLengthFieldsSetting.self] = variableLengthFields
        if !optimizedGenerics { options.settings[OptimizedGenericsSetting.self] = false }
    }

    var testDescription: String {
        "unknown \(readUnknownData), chunked \(chunkedEncoding), varEncoding \(variableLengthFields)"
            + (optimizedGenerics ? "" : ", optimizedGenerics false")
    }
}

extension PeerCase {
    /// The case's codec for a Kryo release (2, 4 or 5): its dialect, the case's references, and
    /// Kryo 5's serializer options when given.
    func codec(_ config: PeerConfig? = nil, kryo version: Int, options five: KryoFiveOptions? = nil) throws
        -> KryoCodec
    {
        var options = SerializationOptions(references: references)
        five?.apply(to: &options)
        return KryoCodec(
            registry: try (config ?? self.config).registry(), dialect: try JavaPeerRun.dialect(for: version),
            framing: framing, options: options)
    }

    /// Swift's bytes for a Kryo release.
    func encode(kryo version: Int, options: KryoFiveOptions? = nil) throws -> [UInt8] {
        let output = KryoOutput()
        try codec(kryo: version, options: options).encode(
            value(), declaredType: framing == .classAndObject ? nil : declaredType, to: output)
        return output.buffer
    }

    /// Reads Java's bytes of a Kryo release.
    func decode(_ bytes: [UInt8], kryo version: Int, options: KryoFiveOptions? = nil) throws -> Any? {
        let codec = try codec(readConfig, kryo: version, options: options)
        func typed<T>(_: T.Type) throws -> Any? { try codec.decode(Optional<T>.self, from: bytes) }
        return framing == .classAndObject ? try codec.decode(Any?.self, from: bytes) : try typed(declaredType)
    }
}

/// One run of a small Java program of Tests/ (a peer of its own, beside KryoPeer): Swift's bytes
/// written to `DIR/swift/NAME.bin` first, then the program compiled against a release's jars and
/// run once with `DIR` and its arguments; it writes `DIR/java/NAME.bin` and prints a verdict per
/// name (`PASS name`, `FAIL name: …`).
struct JavaProgramRun: Sendable {
    /// Bytes Java wrote, by name.
    let javaBytes: [String: [UInt8]]
    /// Java's verdicts on Swift's bytes, by name.
    let verdicts: [String: String]
    /// What the program printed.
    let output: String

    /// Runs `mainClass` from `sources` (paths under Tests/) against Kryo `version`.
    static func run(
        version: Int, sources: [String], mainClass: String, arguments: [String] = [], swiftBytes: [String: [UInt8]]
    ) throws -> JavaProgramRun {
        let fileManager = FileManager.default
        let jars = try JavaPeerRun.jars(for: version)
        let work = fileManager.temporaryDirectory.appendingPathComponent(
            "swiftkryo-\(mainClass.lowercased())\(version)-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: work) }
        let swiftDirectory = work.appendingPathComponent("swift")
        let classes = work.appendingPathComponent("classes")
        try fileManager.createDirectory(at: swiftDirectory, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: classes, withIntermediateDirectories: true)
        for (name, bytes) in swiftBytes {
            try Data(bytes).write(to: swiftDirectory.appendingPathComponent("\(name).bin"))
        }
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let classpath = jars.joined(separator: ":")
        try JavaPeerRun.execute(
            "javac",
            ["-nowarn", "-cp", classpath, "-d", classes.path] + sources.map { tests.appendingPathComponent($0).path })
        let output = try JavaPeerRun.execute(
            "java", ["-cp", classes.path + ":" + classpath, mainClass, work.path] + arguments)
        var javaBytes: [String: [UInt8]] = [:]
        for name in swiftBytes.keys {
            if let data = try? Data(contentsOf: work.appendingPathComponent("java/\(name).bin")) {
                javaBytes[name] = [UInt8](data)
            }
        }
        return JavaProgramRun(javaBytes: javaBytes, verdicts: JavaPeerRun.verdicts(in: output), output: output)
    }
}
