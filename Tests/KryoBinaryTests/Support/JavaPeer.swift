import Foundation
import SwiftKryo

/// Runs the Java Kryo 2.20 peer (Tests/JavaPeer) once for the whole batch of interop cases:
/// Swift writes every case's bytes first, then one JVM both checks them and writes its own.
struct JavaPeerRun: Sendable {
    /// Bytes Swift wrote, by case; or the error Swift's encoder threw.
    let swiftBytes: [String: Result<[UInt8], SerializationError>]
    /// Java's verdict on Swift's bytes: `PASS` or a failure line.
    let javaVerdicts: [String: String]
    /// Bytes Java wrote, by case.
    let javaBytes: [String: [UInt8]]
    /// Evolution cases: what Java's own reader made of Java's bytes (`READS`, `DIFFERS …`,
    /// `THROWS …`).
    let javaOwnReads: [String: String]

    static let jars = ["kryo", "objenesis", "minlog", "reflectasm", "asm"].map { "/usr/share/java/\($0).jar" }

    static let shared: Result<JavaPeerRun, PeerFailure> = {
        do {
            return .success(try JavaPeerRun.run())
        } catch let failure as PeerFailure {
            return .failure(failure)
        } catch {
            return .failure(PeerFailure(message: "\(error)"))
        }
    }()

    struct PeerFailure: Error, Sendable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func run() throws -> JavaPeerRun {
        let fileManager = FileManager.default
        let peerSources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("JavaPeer")
        let work = fileManager.temporaryDirectory.appendingPathComponent("swiftkryo-peer-\(UUID().uuidString)")
        let swiftDir = work.appendingPathComponent("swift")
        let classes = work.appendingPathComponent("classes")
        try fileManager.createDirectory(at: swiftDir, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: classes, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: work) }

        var swiftBytes: [String: Result<[UInt8], SerializationError>] = [:]
        for peerCase in PeerCases.all {
            do {
                let bytes = try peerCase.encode()
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
        let output = try execute("java", ["-cp", classes.path + ":" + classpath, "KryoPeer", work.path])

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
            swiftBytes: swiftBytes, javaVerdicts: verdicts, javaBytes: javaBytes, javaOwnReads: javaOwnReads)
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
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PeerFailure(
                message: "\(tool) exited with \(process.terminationStatus): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}
