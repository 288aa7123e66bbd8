import ArgumentParser
import Foundation
import SwiftKryo

/// `kryo schema`: checks schema files and generates Swift from them.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Check schema files, or generate Swift types from them.",
        subcommands: [Check.self, Generate.self])

    /// `kryo schema check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate schema files, resolved together; print a summary of their classes and profiles.")

        @Argument(
            help: "The schema files (YAML or JSON), or - for standard input.",
            completion: .file(extensions: ["yaml", "yml", "json"]))
        var files: [String]

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one schema file") }
        }

        func run() throws {
            let schemas = try ToolIO.schemas(files)
            _ = try Registry(schemas: schemas)
            let profiles = schemas.profiles.keys.sorted()
            for name in profiles {
                guard let applied = schemas.applyingProfile(named: name) else { continue }
                do {
                    _ = try Registry(schemas: applied)
                } catch {
                    throw ToolError("profile \(name): \(error)")
                }
            }
            let beans = schemas.classes.filter { $0.serializerKind != nil }.count
            let enums = schemas.classes.filter { $0.enumConstants != nil }.count
            let interfaces = schemas.classes.filter { $0.methods != nil }.count
            let interfaceSummary = interfaces == 0 ? "" : ", \(interfaces) interface\(interfaces == 1 ? "" : "s")"
            let profileSummary = profiles.isEmpty ? "" : ", profiles \(profiles.joined(separator: ", "))"
            print(
                "ok: \(schemas.classes.count) classes (\(beans) beans, \(enums) enums\(interfaceSummary))\(profileSummary) in "
                    + "\(files.count) file(s)")
        }
    }

    /// `kryo schema generate`.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate Swift types (with their schema declarations and registrations) from schema files.")

        @Argument(
            help: "The schema files (YAML or JSON), or - for standard input.",
            completion: .file(extensions: ["yaml", "yml", "json"]))
        var files: [String]

        @Option(
            name: .shortAndLong, help: ArgumentHelp("The directory to write the Swift files to.", valueName: "dir"),
            completion: .directory)
        var output: String

        @Option(name: .long, help: "Nest the generated types in this enum.")
        var namespace: String?

        @Flag(name: .customLong("internal"), help: "Generate internal rather than public declarations.")
        var isInternal = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "How classes declare their schemas: the @JavaClass and @JavaEnum macros, or the Schematized"
                    + " conformance written out.", valueName: "macro|schema"))
        var style: SwiftSchemaGenerator.DeclarationStyle = .macro

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one schema file") }
        }

        func run() throws {
            let schemas = try ToolIO.schemas(files)
            let generator = SwiftSchemaGenerator(
                options: .init(
                    accessLevel: isInternal ? .internal : .public, namespace: namespace, style: style,
                    source: files.map { $0 == "-" ? "standard input" : URL(fileURLWithPath: $0).lastPathComponent }
                        .joined(separator: ", ")))
            let generated = try generator.generate(schemas)
            let directory = URL(fileURLWithPath: output, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw ToolError("cannot create \(output): \(error.localizedDescription)")
            }
            for file in generated {
                try ToolIO.write(Array(file.contents.utf8), to: directory.appendingPathComponent(file.name).path)
            }
            print("wrote \(generated.count) file(s) to \(output)")
        }
    }
}

extension SwiftSchemaGenerator.DeclarationStyle: ExpressibleByArgument {}
