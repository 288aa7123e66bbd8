import ArgumentParser
import SwiftKryo

/// `kryo convert`: reads a value in one format and writes it in another, through the schema's
/// dynamic values.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value from one format to another.",
        discussion: """
            Kryo input is what Java's writeClassAndObject writes, unless --type (or the profile) \
            names the class Java's writeObject was given. Converting a Kryo stream to json and that document back \
            to kryo2 gives the original bytes.
            """)

    @Argument(help: "The input file, or - for standard input.")
    var input: String

    @Option(name: .long, help: "The input format.")
    var from: DataFormat

    @Option(name: .long, help: "The output format.")
    var to: DataFormat

    @Option(
        name: .long,
        help: ArgumentHelp("The Java class of a Kryo value written with writeObject.", valueName: "java-class"))
    var type: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        try schemaOptions.validate(input: input)
    }

    func run() throws {
        let context = try schemaOptions.context()
        // --type wins over the profile's root class.
        let javaClass = type ?? context.rootClass
        let value = try from.decode(try ToolIO.read(input), with: context, javaClass: javaClass)
        try ToolIO.write(try to.encode(value, with: context, javaClass: javaClass), to: output)
    }
}
