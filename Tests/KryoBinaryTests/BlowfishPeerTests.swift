import Foundation
import SwiftKryo
import Testing

/// BlowfishSerializer against the real Java Kryo 2.20, 4.0.3 and 5.6.2: the small Java program
/// Tests/JavaBlowfish/BlowfishPeer.java (its cases are mirrored in ``BlowfishCase/all``) is
/// compiled against each release's jars and run once, both directions. Kryo 2.20 always runs;
/// 4 and 5 unless `SWIFTKRYO_PEER_VERSIONS` says otherwise, as for JavaInteropVersionsTests.
@Suite struct BlowfishPeerTests {
    static let versions = [2] + PeerVersions.enabled

    @Test("Swift and Java write the same bytes and read each other's", arguments: versions)
    func exchange(_ version: Int) throws {
        let run = try BlowfishPeerRun.run(version)
        for blowfishCase in BlowfishCase.all {
            let name = blowfishCase.name
            let swift = try #require(run.swiftBytes[name], "Kryo \(version): \(name): Swift wrote nothing")
            let java = try #require(run.javaBytes[name], "Kryo \(version): \(name): Java wrote nothing")
            // Java reads what Swift writes, in every case.
            #expect(run.javaReadsSwift[name] == "PASS", "Kryo \(version): \(name): \(run.javaReadsSwift[name] ?? "-")")
            if version == 2, blowfishCase.references {
                // Java 2.20 writes a back-reference to the value itself inside the encrypted bytes
                // (its own reader then gives null); Swift writes a new-object marker instead, and
                // rejects Java's bytes rather than read a null.
                #expect(
                    run.javaReadsJava[name] == "DIFFERS null", "Kryo 2.20: \(name): \(run.javaReadsJava[name] ?? "-")")
                #expect(swift != java)
                let failure = try #require(
                    decodeError(try blowfishCase.codec(version), java), "Kryo 2.20: \(name): Swift must reject")
                #expect(failure.kind == .invalidReference, "\(failure)")
                continue
            }
            #expect(run.javaReadsJava[name] == "READS", "Kryo \(version): \(name): \(run.javaReadsJava[name] ?? "-")")
            #expect(hex(swift) == hex(java), "Kryo \(version): \(name)")
            let back = try blowfishCase.codec(version).decode(Any?.self, from: java)
            #expect(deepEqual(back, blowfishCase.value), "Kryo \(version): \(name): \(String(describing: back))")
        }
    }
}

/// One case of BlowfishPeer.java's `CASES`, the same name, key, references and value.
struct BlowfishCase: Sendable {
    enum Wrapped: Sendable {
        /// ``JavaText`` (Java's `String`, id 1) through `BlowfishSerializer(StringSerializer)`.
        case string
        /// ``Inner`` (Java's `BlowfishPeer.Simple`, id 10) through `BlowfishSerializer(FieldSerializer)`.
        case simple
    }

    let name: String
    let wrapped: Wrapped
    let key: [UInt8]
    let references: Bool
    let makeValue: @Sendable () -> Any

    var value: Any { makeValue() }

    static let key = Array("0123456789abcdef".utf8)
    static let shortKey = Array("abc".utf8)
    static let longKey = (0..<56).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
    static let text = "Blowfish: h\u{e9}llo \u{2713}"
    static let longText = String(repeating: "abcdefghi\u{e9}", count: 30)

    static let all: [BlowfishCase] = [
        BlowfishCase(name: "string_norefs", wrapped: .string, key: key, references: false) { JavaText(text) },
        BlowfishCase(name: "string_refs", wrapped: .string, key: key, references: true) { JavaText(text) },
        BlowfishCase(name: "string_empty_norefs", wrapped: .string, key: key, references: false) { JavaText("") },
        BlowfishCase(name: "simple_norefs", wrapped: .simple, key: key, references: false) { Inner(5, "hi") },
        BlowfishCase(name: "simple_refs", wrapped: .simple, key: key, references: true) { Inner(5, "hi") },
        BlowfishCase(name: "simple_null_norefs", wrapped: .simple, key: key, references: false) { Inner(0, nil) },
        BlowfishCase(name: "simple_long_norefs", wrapped: .simple, key: key, references: false) {
            Inner(-7, longText)
        },
        BlowfishCase(name: "simple_long_refs", wrapped: .simple, key: key, references: true) { Inner(-7, longText) },
        BlowfishCase(name: "simple_shortkey_norefs", wrapped: .simple, key: shortKey, references: false) {
            Inner(5, "hi")
        },
        BlowfishCase(name: "simple_longkey_norefs", wrapped: .simple, key: longKey, references: false) {
            Inner(5, "hi")
        },
    ]

    func registry() throws -> Registry {
        switch wrapped {
        case .string:
            let serializer = try BlowfishSerializer(wrapping: JavaTextSerializer(), key: key)
            return try Registry {
                Register(JavaText.self, id: 1, javaName: "java.lang.String", serializer: serializer)
            }
        case .simple:
            let serializer = try BlowfishSerializer(wrappingDefaultOf: Inner.self, key: key)
            return try Registry { Register(Inner.self, id: 10, serializer: serializer) }
        }
    }

    func codec(_ version: Int) throws -> KryoCodec {
        KryoCodec(
            registry: try registry(), dialect: try JavaPeerRun.dialect(for: version),
            options: SerializationOptions(references: references))
    }
}

/// A `java.lang.String` written through its registration. The binary writer writes Swift's
/// `String` itself, whatever serializer is registered for it, so a String through a
/// BlowfishSerializer takes a type of its own.
struct JavaText: Equatable, Sendable {
    var text: String
    init(_ text: String) { self.text = text }
}

/// Java's `DefaultSerializers.StringSerializer`: `writeString`, nullable form.
struct JavaTextSerializer: Serializer {
    func write(_ value: JavaText, to writer: any ValueWriter) throws {
        try writer.writeString(value.text, forKey: "text")
    }

    func read(from reader: any ValueReader) throws -> JavaText {
        guard let text = try reader.readString(forKey: "text") else {
            throw SerializationError(.invalidValue, expected: "a string", found: "null")
        }
        return JavaText(text)
    }
}

/// One run of BlowfishPeer.java against a Kryo release.
struct BlowfishPeerRun {
    var swiftBytes: [String: [UInt8]] = [:]
    var javaBytes: [String: [UInt8]] = [:]
    /// What Java's reader made of Java's bytes: `READS`, `DIFFERS …` or `THROWS …`.
    var javaReadsJava: [String: String] = [:]
    /// What Java's reader made of Swift's bytes: `PASS`, `DIFFERS …`, `THROWS …` or `MISSING`.
    var javaReadsSwift: [String: String] = [:]

    static func run(_ version: Int) throws -> BlowfishPeerRun {
        let fileManager = FileManager.default
        let jars = try JavaPeerRun.jars(for: version)
        let missing = jars.filter { !fileManager.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            throw JavaPeerRun.PeerFailure(
                message: "the Kryo \(version) jars are missing (\(missing.joined(separator: ", "))): run Tests/run.sh")
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("JavaBlowfish/BlowfishPeer.java")
        let work = fileManager.temporaryDirectory.appendingPathComponent("swiftkryo-blowfish\(version)-\(UUID())")
        defer { try? fileManager.removeItem(at: work) }
        let swiftDir = work.appendingPathComponent("swift")
        let classes = work.appendingPathComponent("classes")
        try fileManager.createDirectory(at: swiftDir, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: classes, withIntermediateDirectories: true)

        var run = BlowfishPeerRun()
        for blowfishCase in BlowfishCase.all {
            let bytes = try blowfishCase.codec(version).encode(blowfishCase.value)
            run.swiftBytes[blowfishCase.name] = bytes
            try Data(bytes).write(to: swiftDir.appendingPathComponent("\(blowfishCase.name).bin"))
        }
        let classpath = jars.joined(separator: ":")
        _ = try execute(["javac", "-nowarn", "-cp", classpath, "-d", classes.path, source.path])
        let output = try execute(["java", "-cp", classes.path + ":" + classpath, "BlowfishPeer", work.path])
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            switch parts[0] {
            case "SELF": run.javaReadsJava[parts[1]] = parts[2]
            case "SWIFT": run.javaReadsSwift[parts[1]] = parts[2]
            default: break
            }
        }
        for blowfishCase in BlowfishCase.all {
            let file = work.appendingPathComponent("java/\(blowfishCase.name).bin")
            if let data = try? Data(contentsOf: file) { run.javaBytes[blowfishCase.name] = [UInt8](data) }
        }
        return run
    }

    /// Runs a tool from the PATH; its standard output, or an error with its standard error.
    private static func execute(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("swiftkryo-blowfish-\(UUID())")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // Files, not pipes: nothing to drain while the JVM runs.
        let out = work.appendingPathComponent("out")
        let err = work.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            throw JavaPeerRun.PeerFailure(
                message: "\(arguments[0]) exited with \(process.terminationStatus): \(message)")
        }
        return try String(contentsOf: out, encoding: .utf8)
    }
}
