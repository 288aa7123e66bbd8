import Foundation
import Synchronization
import Testing

/// The Java KryoNet endpoint of Tests/KryoNetPeer, run as a process the test talks to: commands
/// on its standard input, one event per line on its standard output.
///
/// Its sources are compiled once per Kryo release for the whole test run, against Debian's Kryo
/// 2.20 jar or the Kryo 5.6.2 jar Tests/run.sh fetches.
final class JavaKryoNetPeer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lines = Mutex<(seen: [String], read: Int)>(([], 0))
    private let errors = Mutex<String>("")

    /// Starts `KryoNetPeer --kryo <version> <arguments>`, inside a network namespace when one is
    /// given (`ip netns exec`).
    init(kryo version: Int, _ arguments: [String], namespace: NetworkNamespace? = nil) throws {
        let classes = try Self.compiled(for: version)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            (namespace.map { ["ip", "netns", "exec", $0.name] } ?? [])
            + [
                "java", "-cp", ([classes] + (try Self.jars(for: version))).joined(separator: ":"), "KryoNetPeer",
                "--kryo", "\(version)",
            ]
            + arguments
        process.standardInput = input
        process.standardOutput = output
        let errorPipe = Pipe()
        process.standardError = errorPipe
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0a) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.seen.append(line) }
                }
            }
        }
        Thread.detachNewThread { [self] in
            let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Sends one command line.
    func send(_ command: String) {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
    }

    /// Waits for the next line (after those already taken) that starts with `prefix`, skipping
    /// the others; returns it.
    @discardableResult
    func expect(_ prefix: String, within seconds: Double = 15) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found: String? = lines.withLock { state in
                while state.read < state.seen.count {
                    let line = state.seen[state.read]
                    state.read += 1
                    if line.hasPrefix(prefix) { return line }
                }
                return nil
            }
            if let found { return found }
            if !process.isRunning, lines.withLock({ $0.read >= $0.seen.count }) { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Timeout(
            what:
                "“\(prefix)” from the Java peer; it printed \(lines.withLock { $0.seen }) and on stderr: \(errors.withLock { $0 })"
        )
    }

    /// Every line so far.
    var transcript: [String] { lines.withLock { $0.seen } }

    /// Ends the peer (QUIT) and waits for it.
    func quit() async {
        send("QUIT")
        try? input.fileHandleForWriting.close()
        for _ in 0..<400 where process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        if process.isRunning { process.terminate() }
    }

    // MARK: - Compiling once

    private static let compiledClasses = Mutex<[Int: Result<String, PeerError>]>([:])

    struct PeerError: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder of the peer's classes compiled against a Kryo release.
    static func compiled(for version: Int) throws -> String {
        try compiledClasses.withLock { cache in
            if let result = cache[version] { return try result.get() }
            if cache.isEmpty { atexit { JavaKryoNetPeer.removeCompiledClasses() } }
            let result = Result { try compile(for: version) }.mapError { PeerError(description: "\($0)") }
            cache[version] = result
            return try result.get()
        }
    }

    /// Removes the compiled classes when the test process ends (they serve every test of the run).
    private static func removeCompiledClasses() {
        for case .success(let folder) in compiledClasses.withLock({ Array($0.values) }) {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private static func compile(for version: Int) throws -> String {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KryoNetPeer")
        let classes = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftkryo-kryonet\(version)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: classes, withIntermediateDirectories: true)
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "java" }.map(\.path) ?? []
        let javac = Process()
        javac.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        javac.arguments =
            ["javac", "-nowarn", "-d", classes.path, "-cp", try jars(for: version).joined(separator: ":")] + files
        let errors = Pipe()
        javac.standardError = errors
        javac.standardOutput = errors
        try javac.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        javac.waitUntilExit()
        guard javac.terminationStatus == 0 else {
            throw PeerError(description: "javac failed: \(String(decoding: message, as: UTF8.self))")
        }
        return classes.path
    }

    /// The class path of a Kryo release: 2 is Debian's 2.20, 5 the 5.6.2 of Tests/run.sh's cache.
    static func jars(for version: Int) throws -> [String] {
        let cache =
            ProcessInfo.processInfo.environment["SWIFTKRYO_JAR_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/swiftkryo").path
        let jars: [String]
        switch version {
        case 2: jars = ["kryo", "objenesis", "minlog", "reflectasm", "asm"].map { "/usr/share/java/\($0).jar" }
        case 5: jars = ["\(cache)/kryo5/flink-dist-2.3.0.jar"]
        default: throw PeerError(description: "no KryoNet peer for Kryo \(version)")
        }
        let missing = jars.filter { !FileManager.default.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            throw PeerError(description: "the Kryo \(version) jars are missing (\(missing)): run Tests/run.sh")
        }
        return jars
    }
}

/// The value after `key=` in a peer's line.
func field(_ key: String, in line: String) -> String? {
    line.split(separator: " ").first { $0.hasPrefix("\(key)=") }.map { String($0.dropFirst(key.count + 1)) }
}
