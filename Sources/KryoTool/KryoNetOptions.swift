import ArgumentParser
import KryoNetProtocol
import SwiftKryo

/// `--kryonet` and its limit: the Kryo input (or output) is one direction of a KryoNet TCP
/// connection, a frame per object, as a capture saves it.
struct KryoNetOptions: ParsableArguments {
    @Flag(
        name: .customLong("kryonet"),
        help: """
            The Kryo stream is one direction of a KryoNet TCP connection (a capture): frames of a 4-byte \
            big-endian length and one object each, the framework messages registered before the schema's classes \
            (a class without an id takes the next free one, in order), references off.
            """)
    var isEnabled = false

    @Option(
        name: .customLong("max-frame-length"),
        help: ArgumentHelp(
            "The longest frame KryoNet's receiver takes: its object buffer (default 2048, KryoNet's).",
            valueName: "bytes"))
    var maxFrameLength: Int?

    func validate() throws {
        if let maxFrameLength {
            guard isEnabled else { throw ValidationError("--max-frame-length applies to --kryonet") }
            guard maxFrameLength >= 1 else { throw ValidationError("--max-frame-length must be 1 or more") }
        }
    }

    /// The longest frame accepted.
    var maximumLength: Int { maxFrameLength ?? KryoNetFrameHeader.defaultMaximumLength }

    /// Refuses what KryoNet streams never hold: a value written without its class.
    static func check(javaClass: String?) throws {
        if javaClass != nil {
            throw ToolError(
                "KryoNet writes every object with its class (writeClassAndObject): --type and writeObject profiles "
                    + "do not apply to --kryonet")
        }
    }
}

extension SchemaOptions {
    /// The schema files' classes as a KryoNet endpoint registers them in `dialect`, after the
    /// framework messages, with KryoNet's options (references off, registration required)
    /// unless the flags say otherwise.
    func kryoNetContext(dialect: KryoDialect) throws -> ConversionContext {
        let (classes, call) = try schemas()
        try KryoNetOptions.check(javaClass: call.rootType?.className)
        let schemas = KryoNetSerialization.schemas(classes, dialect: dialect)
        if let problem = schemas.problems.first { throw ToolError("the KryoNet registrations: \(problem)") }
        let serialization = try KryoNetSerialization(schemas: classes, dialect: dialect)
        var options = serialization.codec.options
        options.references = references ?? options.references
        options.registrationRequired = registrationRequired ?? options.registrationRequired
        return ConversionContext(
            schemas: schemas, registry: serialization.registry, options: options, rootClass: nil,
            hasSchemaSettings: true, references: references, registrationRequired: registrationRequired)
    }
}
