import Foundation
import SwiftKryo
import Testing

/// `kryo convert --records` shows a progress line on standard error when that is a terminal and
/// the input is larger than a few megabytes; never when standard error is a pipe or a file.
@Suite struct ProgressLineTests {
    /// A Kryo 5 stream of 5,000 strings of 1 KB each: about 5 MB, over the tool's threshold.
    static func largeStream() throws -> [UInt8] {
        let codec = KryoCodec(registry: try Registry(), dialect: .v5)
        var stream: [UInt8] = []
        for index in 0..<5000 {
            stream += try codec.encode("record \(index) " + String(repeating: "x", count: 1000))
        }
        return stream
    }

    @Test func shownOnATerminal() throws {
        let executable = try #require(KryoTool.executable)
        let work = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("records.kryo")
        let output = work.appendingPathComponent("records.jsonl")
        try Data(try Self.largeStream()).write(to: input)

        // util-linux's `script` runs the command on a pseudo-terminal and copies what it shows.
        let command = [executable.path, "convert", input.path, "--from", "kryo5", "--to", "jsonl", "-o", output.path]
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["script", "-q", "-e", "-c", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "KRYO_PROGRESS" }
        let terminal = Pipe()
        process.standardOutput = terminal
        process.standardError = terminal
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shown)")
        // The last state of the line: every byte and every record, then a newline.
        #expect(shown.contains(" MB, 5000 records, "), "\(shown)")
        #expect(shown.contains("\r"), "the line is redrawn in place: \(shown)")
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5000)
    }

    @Test func notShownWhenPiped() throws {
        let run = try KryoTool.run(["convert", "-", "--from", "kryo5", "--to", "jsonl"], input: try Self.largeStream())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.text.split(separator: "\n").count == 5000)
    }
}
