import ArgumentParser
import Foundation
import SwiftKryo

/// `kryo schema`: checks schema files and generates Swift from them.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Check schema files, or generate Swift types from them.",
        subcommands: [Check.self])

    /// `kryo schema check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate schema files, resolved together; print a summary of their classes.")

        @Argument(help: "The schema files (YAML or JSON).")
        var files: [String]

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one schema file") }
        }

        func run() throws {
            let schemas = try SchemaFiles.load(files.map { URL(fileURLWithPath: $0) })
            _ = try Registry(schemas: schemas)
            let beans = schemas.classes.filter { $0.serializerKind != nil }.count
            let enums = schemas.classes.filter { $0.enumConstants != nil }.count
            print("ok: \(schemas.classes.count) classes (\(beans) beans, \(enums) enums) in \(files.count) file(s)")
        }
    }
}
