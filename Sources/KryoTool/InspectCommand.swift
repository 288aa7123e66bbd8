import ArgumentParser
import SwiftKryo

/// `kryo inspect`: an annotated dump of a stream or archive.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print an annotated dump: offsets, raw bytes and meaning.")

    @Argument(help: "The input file, or - for standard input.")
    var input: String

    @Option(name: .long, help: "The input format.")
    var format: DataFormat

    @Option(
        name: .long,
        help: ArgumentHelp("The Java class of a Kryo value written with writeObject.", valueName: "java-class"))
    var type: String?

    @OptionGroup var schemaOptions: SchemaOptions

    func run() throws {
        let context = try schemaOptions.context()
        let bytes = try ToolIO.read(input)
        switch format {
        case .json, .plistXML, .plistBinary:
            let value = try format.decode(bytes, with: context, javaClass: nil)
            try ToolIO.write(try DataFormat.json.encode(value, with: context, javaClass: nil), to: nil)
        default:
            throw ToolError("inspect of \(format.rawValue) is not available in this build")
        }
    }
}
