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
    /// The stack of the thread the tool runs on: deep graphs (a chain of objects thousands long,
    /// as Java reads them) are read and written recursively, and `--max-depth` allows up to
    /// ``SchemaOptions/maximumDepthAccepted`` levels. Only the pages used are committed.
    static let stackSize = 1 << 30

    static func main() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            run()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    private static func run() {
        do {
            var command = try KryoCommand.parseAsRoot()
            try command.run()
        } catch {
            let code = KryoCommand.exitCode(for: error)
            if code == .success { KryoCommand.exit(withError: error) }  // --help, --version
            let message = KryoCommand.message(for: error)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            FileHandle.standardError.write(Data("kryo: \(escapingControls(message))\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// `text` with its control characters written `\u0001`: bytes of a stream read as text (a
    /// class name) stay visible and never act on the terminal.
    static func escapingControls(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
