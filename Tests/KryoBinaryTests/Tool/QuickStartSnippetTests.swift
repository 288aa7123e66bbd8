import Foundation
import Testing

/// The README's quick start is Snippets/QuickStart.swift, which `swift build` compiles and the
/// DocC landing page shows: the code a new user copies compiles, and runs.
@Suite struct QuickStartSnippetTests {
    static let snippet = KryoTool.root.appendingPathComponent("Snippets/QuickStart.swift")

    @Test func readmeShowsTheSnippetVerbatim() throws {
        let code = try String(contentsOf: Self.snippet, encoding: .utf8)
        let readme = try String(contentsOf: KryoTool.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(code.contains("Register(SampleBean.self"))
        #expect(readme.contains("```swift\n" + code + "```\n"))
    }

    @Test func theSnippetRunsAndReadsBackWhatItWrote() throws {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent("QuickStart"),
            KryoTool.root.appendingPathComponent(".build/debug/QuickStart"),
        ]
        let executable = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "the QuickStart snippet is built by `swift build`")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // The name read back from the Kryo bytes, then four non-empty encodings.
        let words = printed.split(separator: " ").map(String.init)
        #expect(words.first == "first")
        #expect(words.count == 5)
        #expect(words.dropFirst().allSatisfy { (Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0 })
    }
}
