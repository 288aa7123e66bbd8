import Foundation
import Testing

/// Test sources type-checked by the real compiler with the KryoMacros plug-in the package built,
/// importing the built SwiftKryo module: what a user's compiler does with the macros. The tests
/// read back each macro expansion (`-dump-macro-expansions`) and each diagnostic with its notes and
/// fix-its (`-serialize-diagnostics`). The cases of a suite are compiled together, one file each,
/// in one compiler run (a run costs seconds); SwiftKryo is imported into every file by the
/// compiler (`-import-module`), so that a case's first line is line 1 of its file.
struct MacroCase: Sendable {
    /// The file's name without `.swift`; also the key of its results.
    var name: String
    var source: String

    init(_ name: String, _ source: String) {
        self.name = name
        self.source = source
    }
}

/// What the compiler made of a set of cases.
struct MacroCompilation: Sendable {
    struct Expansion: Sendable {
        /// The macro expansion buffer's name, which names the macro (`…9JavaClassfMe_.swift`).
        var buffer: String
        var text: String
    }

    var sources: [String: String]
    /// Every expansion, empty ones too, in the compiler's order (its dump names the buffer, which
    /// mangles the type and the macro, not the file).
    var expansions: [Expansion]
    /// The top-level diagnostics, in the compiler's order.
    var diagnostics: [SerializedDiagnostics.Diagnostic]
    /// The compiler's textual output, for the messages of failed expectations.
    var output: String
    var status: Int32
}

/// A diagnostic a case expects, with the messages of its fix-its (notes that carry the edits).
struct ExpectedDiagnostic: Sendable {
    var message: String
    var line: Int
    var column: Int
    var severity: SerializedDiagnostics.Severity
    var fixIts: [String]

    init(
        _ message: String, line: Int, column: Int, severity: SerializedDiagnostics.Severity = .error,
        fixIts: [String] = []
    ) {
        self.message = message
        self.line = line
        self.column = column
        self.severity = severity
        self.fixIts = fixIts
    }
}

struct MacroCompilerUnavailable: Error, CustomStringConvertible {
    var description: String
}

enum MacroCompiler {
    /// The package's root: the nearest folder above this file with a Package.swift.
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

    /// The build's products folder (`.build/<triple>/debug`): where the test bundle is, which holds
    /// `Modules/SwiftKryo.swiftmodule` and the macros' plug-in.
    static let products: URL? = {
        let bundle = Bundle.main.bundleURL.resolvingSymlinksInPath()
        let candidates = [bundle.deletingLastPathComponent(), bundle, root.appendingPathComponent(".build/debug")]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/SwiftKryo.swiftmodule").path)
        }
    }()

    /// The plug-in executable SwiftPM builds for the host from the KryoMacros target.
    static func plugin(in products: URL) -> URL? {
        ["KryoMacros-tool", "KryoMacros"].map { products.appendingPathComponent($0) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// `swiftc` from the PATH (the toolchain that runs the tests built the modules).
    static func swiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The module maps of the C modules SwiftKryo's modules import (zlib, libcrypto, Yams' libyaml):
    /// the package's own, the build's generated ones and the dependencies' checkouts.
    static func moduleMaps(products: URL) -> [String] {
        let files = FileManager.default
        var maps: [String] = []
        func add(_ folder: URL, _ relative: String) {
            let candidate = folder.appendingPathComponent(relative)
            if files.fileExists(atPath: candidate.path) { maps.append(candidate.path) }
        }
        let sources = root.appendingPathComponent("Sources")
        for name in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
            add(sources.appendingPathComponent(name), "module.modulemap")
        }
        for name in (try? files.contentsOfDirectory(atPath: products.path)) ?? [] where name.hasSuffix(".build") {
            add(products.appendingPathComponent(name), "module.modulemap")
        }
        // <scratch>/<triple>/debug → <scratch>/checkouts/<package>/Sources/<target>/include
        let checkouts = products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "checkouts")
        for package in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let packageSources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? files.contentsOfDirectory(atPath: packageSources.path)) ?? [] {
                add(packageSources.appendingPathComponent(target), "include/module.modulemap")
            }
        }
        return maps
    }

    /// Type-checks `cases` as one module and collects the expansions and diagnostics.
    static func compile(_ cases: [MacroCase]) throws -> MacroCompilation {
        guard let products else {
            throw MacroCompilerUnavailable(description: "no build products with Modules/SwiftKryo.swiftmodule")
        }
        guard let plugin = plugin(in: products) else {
            throw MacroCompilerUnavailable(description: "no KryoMacros plug-in in \(products.path)")
        }
        guard let swiftc = swiftc() else { throw MacroCompilerUnavailable(description: "no swiftc on the PATH") }
        let files = FileManager.default
        let work = files.temporaryDirectory.appendingPathComponent("kryo-macros-\(UUID().uuidString)")
        try files.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: work) }

        var sources: [String: String] = [:]
        var paths: [String] = []
        for testCase in cases {
            let file = work.appendingPathComponent(testCase.name + ".swift")
            try Data(testCase.source.utf8).write(to: file)
            sources[testCase.name] = testCase.source
            paths.append(file.path)
        }
        let diagnosticsFile = work.appendingPathComponent("diagnostics.dia")
        let outputFile = work.appendingPathComponent("output.txt")
        _ = files.createFile(atPath: outputFile.path, contents: nil)

        // The frontend job the driver would run for `swiftc -typecheck -wmo` (the driver itself
        // refuses a single diagnostics file when the environment asks it for per-file outputs).
        var arguments = [
            "-frontend", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "MacroCases",
            "-I", products.appendingPathComponent("Modules").path,
            "-module-cache-path", products.appendingPathComponent("ModuleCache").path,
            "-load-plugin-executable", plugin.path + "#KryoMacros", "-import-module", "SwiftKryo",
            "-dump-macro-expansions", "-serialize-diagnostics-path", diagnosticsFile.path, "-diagnostic-style", "llvm",
        ]
        for map in moduleMaps(products: products) { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        arguments += paths

        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments
        process.currentDirectoryURL = work
        process.standardInput = FileHandle.nullDevice
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()

        let text = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        guard files.fileExists(atPath: diagnosticsFile.path) else {
            throw MacroCompilerUnavailable(
                description: "swiftc wrote no diagnostics file (status \(process.terminationStatus)):\n\(text)")
        }
        let diagnostics = try SerializedDiagnostics.parse(Array(try Data(contentsOf: diagnosticsFile)))
        return MacroCompilation(
            sources: sources, expansions: parseExpansions(text), diagnostics: diagnostics, output: text,
            status: process.terminationStatus)
    }

    /// The expansions the compiler dumps: each buffer's name, a rule, the expanded text, a rule.
    static func parseExpansions(_ output: String) -> [MacroCompilation.Expansion] {
        let rule = "------------------------------"
        var expansions: [MacroCompilation.Expansion] = []
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < lines.count {
            guard lines[index].hasPrefix("@__swiftmacro_"), lines[index + 1] == rule else {
                index += 1
                continue
            }
            var end = index + 2
            while end < lines.count, lines[end] != rule { end += 1 }
            let text = lines[(index + 2)..<min(end, lines.count)].joined(separator: "\n")
            expansions.append(.init(buffer: lines[index], text: text))
            index = end + 1
        }
        return expansions
    }
}

extension MacroCompilation {
    /// The diagnostics reported in `testCase`'s file.
    func diagnostics(in testCase: MacroCase) -> [SerializedDiagnostics.Diagnostic] {
        diagnostics.filter { URL(fileURLWithPath: $0.location.file).lastPathComponent == testCase.name + ".swift" }
    }

    /// The non-empty expansions of the macros attached to `type` (a name unique among the cases).
    func expansions(of type: String) -> [String] {
        // The buffer's name mangles the type's name: its length, then the name.
        let mangled = "\(type.utf8.count)\(type)"
        return expansions.filter { $0.buffer.contains(mangled) && !$0.text.allSatisfy(\.isWhitespace) }
            .map(\.text)
    }

    /// Expects `testCase` to expand the macros on `type` to `expansions` exactly and to report
    /// exactly `diagnostics`, each at its line and column, each with the fix-its named (in order).
    func expect(
        _ testCase: MacroCase, type: String, expansions expected: [String],
        diagnostics expectedDiagnostics: [ExpectedDiagnostic] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = expansions(of: type)
        #expect(found == expected, "the expansions of \(type)\n\(output)", sourceLocation: sourceLocation)
        // In the order of their places in the source (the order the plug-in reports them in is
        // not part of what they say).
        func order(_ a: (line: Int, column: Int, message: String), _ b: (line: Int, column: Int, message: String))
            -> Bool
        {
            (a.line, a.column, a.message) < (b.line, b.column, b.message)
        }
        let reported = diagnostics(in: testCase).sorted {
            order(
                ($0.location.line, $0.location.column, $0.message), ($1.location.line, $1.location.column, $1.message))
        }
        let expectedDiagnostics = expectedDiagnostics.sorted {
            order(($0.line, $0.column, $0.message), ($1.line, $1.column, $1.message))
        }
        #expect(
            reported.count == expectedDiagnostics.count,
            "\(testCase.name): \(reported.map(\.message))\n\(output)", sourceLocation: sourceLocation)
        for (diagnostic, expected) in zip(reported, expectedDiagnostics) {
            #expect(withoutMacroName(diagnostic.message) == expected.message, sourceLocation: sourceLocation)
            #expect(diagnostic.severity == expected.severity, "\(diagnostic.message)", sourceLocation: sourceLocation)
            #expect(
                diagnostic.location.line == expected.line && diagnostic.location.column == expected.column,
                "\(diagnostic.message): at \(diagnostic.location.line):\(diagnostic.location.column)",
                sourceLocation: sourceLocation)
            #expect(
                diagnostic.notes.map(\.message) == expected.fixIts, "\(diagnostic.message)",
                sourceLocation: sourceLocation)
            #expect(
                diagnostic.notes.allSatisfy { !$0.fixIts.isEmpty }, "\(diagnostic.message): a note without an edit",
                sourceLocation: sourceLocation)
        }
    }

    /// A diagnostic's message without the name of the macro that reported it, which the compiler
    /// appends: " (from macro 'JavaClass')".
    func withoutMacroName(_ message: String) -> String {
        guard message.hasSuffix("')"), let start = message.range(of: " (from macro '", options: .backwards) else {
            return message
        }
        return String(message[..<start.lowerBound])
    }

    /// `testCase`'s source with the edits of every fix-it named `messages` applied, as a user
    /// applying those fix-its gets it.
    func applying(_ messages: [String], to testCase: MacroCase) -> String {
        let edits = diagnostics(in: testCase).flatMap(\.notes).filter { messages.contains($0.message) }.flatMap(
            \.fixIts)
        var bytes = Array(testCase.source.utf8)
        for edit in edits.sorted(by: { $0.start.offset > $1.start.offset }) {
            guard edit.start.offset <= edit.end.offset, edit.end.offset <= bytes.count else {
                Issue.record("a fix-it outside \(testCase.name): \(edit)")
                continue
            }
            bytes.replaceSubrange(edit.start.offset..<edit.end.offset, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
