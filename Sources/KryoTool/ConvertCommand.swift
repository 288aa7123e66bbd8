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
            to kryo2 gives the original bytes. With --records (or jsonl on either side), the input is a stream \
            of records converted one at a time in bounded memory.
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Convert a stream of records (a Kryo stream of consecutive values, JSON Lines or a JSON array), picking all or N, N..M, N.., ..M (numbered from 1); implied by jsonl.",
            valueName: "records"))
    var records: RecordSelection?

    @OptionGroup var schemaOptions: SchemaOptions

    @OptionGroup var order: StableOrderOption

    func validate() throws {
        try schemaOptions.validate(input: input)
    }

    func run() throws {
        let context = order.applied(to: try schemaOptions.context())
        // --type wins over the profile's root class.
        let javaClass = type ?? context.rootClass
        if records != nil || from == .jsonLines || to == .jsonLines {
            let conversion = RecordConversion(
                from: from, to: to, context: context, javaClass: javaClass, selection: records ?? .all)
            try conversion.run(input: input, output: output)
            return
        }
        let value = try from.decode(try ToolIO.read(input), with: context, javaClass: javaClass)
        try ToolIO.write(try to.encode(value, with: context, javaClass: javaClass), to: output)
    }
}
