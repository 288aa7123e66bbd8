import ArgumentParser
import Foundation

/// `kryo`: converts and inspects data in every format SwiftKryo speaks — Java Kryo streams,
/// NSKeyedArchiver archives and readable JSON or property lists — driven by schema files.
struct KryoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kryo",
        abstract: "Convert and inspect Kryo streams, keyed archives and readable documents.",
        discussion: """
            Kryo streams carry no description of themselves: give the classes they hold with \
            --schema files (Schemas/*.yaml). Formats: \(DataFormat.allCases.map(\.rawValue).joined(separator: ", ")).
            """,
        version: "0.7.0",
        subcommands: [ConvertCommand.self, InspectCommand.self, SchemaCommand.self])
}

/// Runs the tool: on failure, one line on stderr (`kryo: …`) and a non-zero exit status.
@main enum KryoMain {
    static func main() {
        do {
            var command = try KryoCommand.parseAsRoot()
            try command.run()
        } catch {
            let code = KryoCommand.exitCode(for: error)
            if code == .success { KryoCommand.exit(withError: error) }  // --help, --version
            let message = KryoCommand.message(for: error)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            FileHandle.standardError.write(Data("kryo: \(message)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }
}
