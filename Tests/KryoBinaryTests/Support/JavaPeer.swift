import Foundation
import SwiftKryo

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

    private static func start(_ version: Int) -> Result<JavaPeerRun, PeerFailure> {
        do {
            return .success(try JavaPeerRun.run(version))
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

    private static func run(_ version: Int) throws -> JavaPeerRun {
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
        for peerCase in PeerCases.all {
            do {
                let bytes = try peerCase.encode(kryo: version)
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
        let output = try execute(
            "java", ["-cp", classes.path + ":" + classpath, "KryoPeer", work.path, "--kryo", "\(version)"])

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
        for peerCase in PeerCases.all {
            let file = work.appendingPathComponent("java/\(peerCase.name).bin")
            if let data = try? Data(contentsOf: file) { javaBytes[peerCase.name] = [UInt8](data) }
        }
        return JavaPeerRun(
            version: version, swiftBytes: swiftBytes, javaVerdicts: verdicts, javaBytes: javaBytes,
            javaOwnReads: javaOwnReads)
    }

    @discardableResult
    private static func execute(_ tool: String, _ arguments: [String]) throws -> String {
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

extension PeerCase {
    /// The case's codec for a Kryo release (2, 4 or 5): its dialect, the case's references.
    func codec(_ config: PeerConfig? = nil, kryo version: Int) throws -> KryoCodec {
        KryoCodec(
            registry: try (config ?? self.config).registry(), dialect: try JavaPeerRun.dialect(for: version),
            framing: framing, options: SerializationOptions(references: references))
    }

    /// Swift's bytes for a Kryo release.
    func encode(kryo version: Int) throws -> [UInt8] {
        let output = KryoOutput()
        try codec(kryo: version).encode(
            value(), declaredType: framing == .classAndObject ? nil : declaredType, to: output)
        return output.buffer
    }

    /// Reads Java's bytes of a Kryo release.
    func decode(_ bytes: [UInt8], kryo version: Int) throws -> Any? {
        let codec = try codec(readConfig, kryo: version)
        func typed<T>(_: T.Type) throws -> Any? { try codec.decode(Optional<T>.self, from: bytes) }
        return framing == .classAndObject ? try codec.decode(Any?.self, from: bytes) : try typed(declaredType)
    }
}
