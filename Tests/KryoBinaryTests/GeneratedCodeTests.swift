import Foundation
import SwiftKryo
import Testing

/// The Swift generated for the KryoCocoa sample schema and the MediaContent graph is committed in
/// Generated/; it must stay what the generator writes today.
@Suite struct GeneratedCodeFreshnessTests {
    static let regenerate = "KRYO_REGENERATE=1 swift test --skip-build --filter GeneratedCodeFreshnessTests"

    @Test func committedFilesAreTheGeneratorsOutput() throws {
        let files =
            try SwiftSchemaGenerator(options: GeneratedCocoaSchema.options).generate(GeneratedCocoaSchema.schemaSet)
            + SwiftSchemaGenerator(options: GeneratedCocoaSchema.mediaOptions).generate(
                GeneratedCocoaSchema.mediaSchemaSet)
        let directory = GeneratedCocoaSchema.directory
        if ProcessInfo.processInfo.environment["KRYO_REGENERATE"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name))
            }
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(committed == files.map(\.name).sorted(), "regenerate with: \(Self.regenerate)")
        for file in files {
            let text = try? String(contentsOf: directory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.contents, "\(file.name) is stale; regenerate with: \(Self.regenerate)")
        }
    }
}
