import ArgumentParser
import KryoNetProtocol
import SwiftKryo

/// `kryo inspect`: an annotated dump of a stream or archive.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print an annotated dump: offsets, raw bytes and meaning.",
        discussion: """
            Kryo: every byte range with its meaning (class tag, reference marker, field, length, \
            string…) in the release --format names (kryo2, kryo4, kryo5; it wins over the schema's \
            dialect, and the dump says when they differ); without a schema for a class, the dump \
            says where it stopped understanding. \
            Keyed archives: the object table with resolved classes. Readable documents: the \
            document as pretty JSON. Exits non-zero when the input is truncated or malformed. \
            With --kryonet the Kryo input is a capture of one direction of a KryoNet TCP connection: \
            each frame with its offset, length and object, framework messages by name; exits non-zero \
            when a frame has a bad length, is cut off, or holds bytes after its object or an object that \
            does not read. \
            With --records the Kryo input is a stream of consecutive values (one writeClassAndObject \
            or writeObject call per record): each picked record is explained where it lies, and the \
            walk stops at the first record it cannot read whole.
            """)

    @Argument(help: "The input file, or - for standard input.", completion: .file())
    var input: String

    @Option(name: .long, help: "The input format.")
    var format: DataFormat

    @Option(
        name: .long,
        help: ArgumentHelp("The Java class of a Kryo value written with writeObject.", valueName: "java-class"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp("Raw bytes shown per line.", valueName: "count"))
    var bytesPerLine = 4

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Inspect a Kryo stream of records (consecutive values), picking all or N, N..M, N.., ..M (numbered from 1).",
            valueName: "records"))
    var records: RecordSelection?

    @OptionGroup var kryoNet: KryoNetOptions

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        guard (1...64).contains(bytesPerLine) else { throw ValidationError("--bytes-per-line must be 1 to 64") }
        if records != nil, format.dialect == nil || kryoNet.isEnabled {
            throw ValidationError(
                "--records reads a Kryo stream of records: give --format kryo2, kryo4 or kryo5, without --kryonet")
        }
        if kryoNet.isEnabled, format.dialect == nil {
            throw ValidationError("--kryonet reads a Kryo format: give --format kryo2, kryo4 or kryo5")
        }
        try schemaOptions.validate(input: input)
    }

    func run() throws {
        let bytes = try ToolIO.read(input)
        if kryoNet.isEnabled, let dialect = format.dialect {
            try inspectCapture(bytes, dialect: dialect)
            return
        }
        switch format {
        case .kryo2, .kryo4, .kryo5:
            // The real reader, traced: what the dump says is what `convert` reads. --format wins
            // over the schema's dialect; references: the flag, else the schema's setting, else
            // the release's default.
            let context = try schemaOptions.context()
            let schemas = context.schemas
            let dialect = format.dialect ?? .v2
            let javaClass = try type.map(TypeOption.className) ?? context.rootClass
            let codec = try format.kryoCodec(context, javaClass: javaClass)
            let hasSchema = !schemaOptions.schema.isEmpty
            var text = ""
            if hasSchema, schemas.settings.dialect != dialect.version {
                text =
                    "note: read as \(dialect) (--format \(format.rawValue)); the schema says "
                    + "\(KryoDialect(schemas.settings.dialect))\n"
            }
            if let records {
                try ToolIO.write(Array(text.utf8), to: nil)
                // The schema's `autoReset: false`: one numbering of class names (and objects) for
                // all records.
                try inspectRecords(
                    bytes, with: codec, javaClass: javaClass, autoReset: schemas.settings.autoReset, picking: records)
                return
            }
            let dump = codec.inspect(bytes, javaClass: javaClass)
            text += dump.render(maxBytesPerLine: bytesPerLine)
            // A stream that stops may read another way (another release, references the other way).
            // Java serialization inside (Kryo's JavaSerializer) is named as `convert` names it.
            // Bytes after the root value make the input malformed, as for `convert`.
            let isMalformed = dump.stop != nil || dump.trailingByteCount > 0
            let suggestion =
                !isMalformed
                ? nil
                : KryoReadHint.javaSerialization(in: bytes)
                    ?? KryoReadRetry.suggestion(
                        for: bytes, as: format, with: context, javaClass: javaClass, formatOption: "--format")
            if let stop = dump.stop, stop.kind != .unknownLayout {
                try ToolIO.write(Array(text.utf8), to: nil)
                throw ToolError("\(stop)" + (suggestion.map { "; " + $0 } ?? ""))
            }
            if dump.stop == nil, dump.trailingByteCount > 0 {
                try ToolIO.write(Array(text.utf8), to: nil)
                throw ToolError(
                    "the stream holds more than one value (or was read with the wrong settings)"
                        + (suggestion.map { ": " + $0 }
                            ?? "; if it holds several values one after another, inspect them with --records all"))
            }
            if let suggestion { text += "note: \(suggestion)\n" }
            try ToolIO.write(Array(text.utf8), to: nil)
        case .jsonLines:
            throw ToolError("inspect reads one value: read jsonl records with kryo convert --records")
        case _ where format.format?.family == .keyedArchive:
            let dump: KeyedArchiveDump
            do {
                dump = try KeyedArchiveInspector.inspect(bytes)
            } catch {
                guard error.message.contains("a plain property list") else { throw error }
                throw ToolError("\(error); give --format \(DataFormat.plainPropertyListName(of: bytes))")
            }
            try ToolIO.write(Array(dump.render().utf8), to: nil)
            // The dump goes on past what is wrong; the exit status says there was something.
            if let problem = dump.problems.first {
                let more = dump.problems.count > 1 ? " (and \(dump.problems.count - 1) more)" : ""
                throw ToolError("the archive has a problem: \(problem)\(more)")
            }
        default:
            // Readable documents, and the formats of other backends: the value as JSON.
            let context = try schemaOptions.context()
            let value = try format.decode(bytes, with: context, javaClass: nil)
            try ToolIO.write(try DataFormat.json.encode(value, with: context, javaClass: nil), to: nil)
        }
    }

    /// A stream of records, each picked one explained where it lies; a record the inspector
    /// cannot read whole ends the walk (where the next one starts is then unknown).
    private func inspectRecords(
        _ bytes: [UInt8], with codec: KryoCodec, javaClass: String?, autoReset: Bool, picking selection: RecordSelection
    ) throws {
        let offsetDigits = max(4, String(max(bytes.count, 1) - 1, radix: 16).count)
        var shown = 0
        var read = 0
        var stop: (number: Int, KryoDumpStop)?
        try codec.inspectRecords(bytes, javaClass: javaClass, autoReset: autoReset) { number, dump in
            // A record that could not be read whole is shown, not counted as read.
            read = dump.stop == nil ? number : number - 1
            if selection.contains(number) || dump.stop != nil {
                var lines = [
                    "record \(number) at \(KryoDump.address(dump.entries.first?.offset ?? 0)), \(dump.byteCount) bytes"
                ]
                lines += dump.entryLines(maxBytesPerLine: bytesPerLine, offsetDigits: offsetDigits)
                if let problem = dump.stop { lines.append(problem.description) }
                try ToolIO.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: nil)
                shown += 1
            }
            if let problem = dump.stop { stop = (number, problem) }
            return number < (selection.last ?? Int.max)
        }
        let summary =
            "\(read) record\(read == 1 ? "" : "s") read, \(shown) shown"
            + (stop.map { "; record \($0.number) could not be read whole" } ?? "")
        try ToolIO.write(Array((summary + "\n").utf8), to: nil)
        if let (number, problem) = stop, problem.kind != .unknownLayout {
            throw ToolError("record \(number): \(problem)")
        }
    }

    /// A KryoNet capture, frame by frame.
    private func inspectCapture(_ bytes: [UInt8], dialect: KryoDialect) throws {
        let (classes, call) = try schemaOptions.schemas()
        try KryoNetOptions.check(javaClass: type ?? call.rootType?.className)
        let schemas = KryoNetSerialization.schemas(classes, dialect: dialect)
        if let problem = schemas.problems.first { throw ToolError("the KryoNet registrations: \(problem)") }
        let dump = KryoNetCaptureInspector(
            classes: classes, dialect: dialect, references: schemaOptions.references ?? false,
            maximumFrameLength: kryoNet.maximumLength
        ).inspect(bytes)
        // --format names the endpoints' release; the schema's `dialect:` is not asked: one file of
        // registrations serves KryoNet 2.21 and crykn/kryonet alike.
        try ToolIO.write(Array(dump.render(maxBytesPerLine: bytesPerLine).utf8), to: nil)
        let problems = dump.problems
        guard let first = problems.first else { return }
        var message = "the capture is not clean: \(first)"
        if case .framing(.frameTooLarge) = first {
            message += "; give the receiver's object buffer with --max-frame-length if it is larger"
        }
        if problems.count > 1 { message += " (and \(problems.count - 1) more)" }
        throw ToolError(message)
    }
}
