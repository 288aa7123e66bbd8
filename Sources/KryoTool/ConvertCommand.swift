import ArgumentParser
import Foundation
import KryoNetProtocol
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
            of records converted one at a time in bounded memory. With --kryonet the Kryo side is one \
            direction of a KryoNet TCP connection: a record per frame.
            """)

    @Argument(help: "The input file, or - for standard input.", completion: .file())
    var input: String

    @Option(name: .long, help: "The input format.")
    var from: DataFormat

    @Option(name: .long, help: "The output format.")
    var to: DataFormat

    @Option(
        name: .long,
        help: ArgumentHelp("The Java class of a Kryo value written with writeObject.", valueName: "java-class"))
    var type: String?

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"),
        completion: .file())
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Convert a stream of records (a Kryo stream of consecutive values, JSON Lines or a JSON array), picking all or N, N..M, N.., ..M (numbered from 1); implied by jsonl.",
            valueName: "records"))
    var records: RecordSelection?

    @OptionGroup var kryoNet: KryoNetOptions

    @OptionGroup var schemaOptions: SchemaOptions

    @OptionGroup var order: StableOrderOption

    func validate() throws {
        if kryoNet.isEnabled, from.dialect == nil, to.dialect == nil {
            throw ValidationError("--kryonet needs a Kryo format on one side: kryo2, kryo4 or kryo5")
        }
        try schemaOptions.validate(input: input)
    }

    func run() throws {
        if kryoNet.isEnabled {
            try convertFrames()
            return
        }
        let context = order.applied(to: try schemaOptions.context())
        // --type wins over the profile's root class.
        let javaClass = try type.map(TypeOption.className) ?? context.rootClass
        if records != nil || from == .jsonLines || to == .jsonLines {
            let conversion = RecordConversion(
                from: from, to: to, context: context, javaClass: javaClass, selection: records ?? .all)
            try conversion.run(input: input, output: output)
            return
        }
        let bytes = try ToolIO.read(input)
        let value = try from.decode(bytes, with: context, javaClass: javaClass)
        if from.dialect != nil, ControlCharacterScan.holdsControlCharacters(value as Any),
            let said = KryoReadRetry.suggestion(for: bytes, as: from, with: context, javaClass: javaClass)
        {
            // Read, but with text made of markers and lengths, as bytes read with a wrong setting
            // are; another setting reads clean text. Converted as read: the note names it.
            FileHandle.standardError.write(
                Data("kryo: note: the value read holds control characters in its text; \(said)\n".utf8))
        }
        if from.dialect != nil, ControlCharacterScan.replacedUnpairedSurrogates(in: bytes, read: value as Any) {
            FileHandle.standardError.write(
                Data(
                    ("kryo: note: a string of the stream holds an unpaired UTF-16 surrogate (half of a pair, as "
                        + "Java's substring can leave), which Swift strings cannot hold: it reads, and is written, "
                        + "as U+FFFD\n").utf8))
        }
        if from.dialect != nil,
            let note = NamedClassNote.note(
                for: bytes, codec: try from.kryoCodec(context, javaClass: javaClass), javaClass: javaClass)
        {
            FileHandle.standardError.write(Data("kryo: \(note)\n".utf8))
        }
        if from.dialect == nil, bytes.starts(with: Array("bplist00".utf8)), PropertyList.holdsUnpairedSurrogates(bytes)
        {
            FileHandle.standardError.write(
                Data(
                    ("kryo: note: a string of the property list holds an unpaired UTF-16 surrogate (half of a pair, "
                        + "which NSString holds), which Swift strings cannot hold: it reads, and is written, as U+FFFD\n")
                        .utf8))
        }
        if javaClass == nil, from.dialect == nil, to.dialect != nil,
            let note = RootClassNote.note(for: value, schemas: context.schemas)
        {
            FileHandle.standardError.write(Data("kryo: \(note)\n".utf8))
        }
        try ToolIO.write(try to.encode(value, with: context, javaClass: javaClass), to: output)
    }

    /// A KryoNet stream, a record per frame.
    private func convertFrames() throws {
        try KryoNetOptions.check(javaClass: type)
        let dialects = [from.dialect, to.dialect].compactMap(\.self)
        guard let dialect = dialects.first else { return }
        // The framework messages take ids 10–14 in Kryo 4, 9–13 in the others.
        if dialects.contains(where: {
            KryoNetSerialization.frameworkIDs(in: $0) != KryoNetSerialization.frameworkIDs(in: dialect)
        }) {
            throw ToolError(
                "KryoNet gives its classes other ids in Kryo 4 than in Kryo 2.20 and 5: convert the frames to "
                    + "jsonl, then the lines to the other release")
        }
        let context = try schemaOptions.kryoNetContext(dialect: dialect)
        let conversion = RecordConversion(
            from: from, to: to, context: context, javaClass: nil, selection: records ?? .all,
            kryoNetFrameLimit: kryoNet.maximumLength)
        try conversion.run(input: input, output: output)
    }
}
