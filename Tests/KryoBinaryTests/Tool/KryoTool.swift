import Foundation

/// Runs the built `kryo` executable (a dependency of this test target, so built before it).
///
/// Shared by the test targets that run the tool (KryoNetTests links this file).
struct KryoTool {
    struct Result {
        let status: Int32
        let stdout: [UInt8]
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The package's root directory: the nearest folder above this file with a Package.swift (the
    /// tool runs there, so that schema paths are relative to it).
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The executable: next to the test bundle, else in the package's debug build folder.
    static let executable: URL? = {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent("kryo"),
            bundle.appendingPathComponent("kryo"),
            root.appendingPathComponent(".build/debug/kryo"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `kryo` with `arguments`, feeding `input` to its standard input.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Result {
        guard let executable else { throw ToolMissing() }
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let inputFile = work.appendingPathComponent("stdin")
        let errorFile = work.appendingPathComponent("stderr")
        try Data(input).write(to: inputFile)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let stdout = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: Array(output),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String { "the kryo executable was not built (swift build --build-tests)" }
    }

    /// `bytes` in a fresh temporary file.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-tool-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
