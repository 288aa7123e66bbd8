import Foundation

/// Runs the built `kryo` executable (a dependency of this test target, so built before it) on
/// captures.
enum ToolRunner {
    struct Result {
        let status: Int32
        let stdout: [UInt8]
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String { "the kryo executable was not built (swift build --build-tests)" }
    }

    /// The package's root directory: the tool runs there, so that schema paths are relative to it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable: next to the test bundle, else in the package's debug build folder.
    static let executable: URL? = {
        let bundle = Bundle.main.bundleURL
        return [
            bundle.deletingLastPathComponent().appendingPathComponent("kryo"), bundle.appendingPathComponent("kryo"),
            root.appendingPathComponent(".build/debug/kryo"),
        ].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// `bytes` in a fresh temporary file.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kryonet-capture-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    /// Runs `kryo` with `arguments`, `input` on its standard input.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> Result {
        guard let executable else { throw ToolMissing() }
        let inputFile = try file(input)
        let errorFile = try file([])
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: Array(stdout),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
