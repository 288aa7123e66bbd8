import Foundation
import Testing

/// The code the documentation shows is the code of Snippets/, which `swift build` compiles (the
/// DocC landing page shows the quick start through `@Snippet`): each snippet's visible part (what
/// is outside `// snippet.hide` … `// snippet.show`) is a Swift block of README.md or Docs/, and
/// each snippet runs, its hidden lines checking what the shown ones did.
@Suite struct DocumentationSnippetTests {
    static let folder = KryoTool.root.appendingPathComponent("Snippets")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
    }()

    /// The lines of a snippet that DocC shows.
    static func visibleCode(of name: String) throws -> String {
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".swift"), encoding: .utf8)
        var shown: [Substring] = []
        var showing = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide": showing = false
            case "// snippet.show": showing = true
            default: if showing { shown.append(line) }
            }
        }
        while shown.first?.isEmpty == true { shown.removeFirst() }
        while shown.last?.isEmpty == true { shown.removeLast() }
        return shown.joined(separator: "\n") + "\n"
    }

    /// README.md and the files of Docs/.
    static func documents() throws -> [String: String] {
        var texts = [
            "README.md": try String(contentsOf: KryoTool.root.appendingPathComponent("README.md"), encoding: .utf8)
        ]
        let docs = KryoTool.root.appendingPathComponent("Docs")
        for file in try FileManager.default.contentsOfDirectory(atPath: docs.path) where file.hasSuffix(".md") {
            texts["Docs/" + file] = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
        }
        return texts
    }

    @Test func theSnippetsAreThere() {
        #expect(Self.names.contains("QuickStart"))
        #expect(Self.names.count >= 5, "\(Self.names)")
    }

    @Test(arguments: names)
    func theDocumentationShowsTheSnippetVerbatim(_ name: String) throws {
        let code = try Self.visibleCode(of: name)
        #expect(code.split(separator: "\n").count >= 2, "\(name) shows almost nothing")
        let showing = try Self.documents().filter { $0.value.contains("```swift\n" + code + "```\n") }.map(\.key)
        #expect(!showing.isEmpty, "no Swift block of README.md or Docs/ is the snippet \(name):\n\(code)")
    }

    @Test func theReadmeQuickStartIsTheSnippet() throws {
        let readme = try Self.documents()["README.md"] ?? ""
        #expect(readme.contains("```swift\n" + (try Self.visibleCode(of: "QuickStart")) + "```\n"))
    }

    @Test(arguments: names)
    func theSnippetRuns(_ name: String) throws {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent(name),
            KryoTool.root.appendingPathComponent(".build/debug/" + name),
        ]
        let executable = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "the snippet \(name) is built by `swift build`")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) printed \(printed)")
        switch name {
        case "QuickStart":
            // The name read back from the Kryo bytes, then four non-empty encodings.
            let words = printed.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(words.first == "first" && words.count == 5)
            #expect(words.dropFirst().allSatisfy { (Int($0) ?? 0) > 0 })
        case "MacroSchemas", "DepthLimit", "CustomSerializer":
            // What was read back equals what was written.
            #expect(printed == "true\n")
        default:
            #expect(!printed.isEmpty)
        }
    }
}
