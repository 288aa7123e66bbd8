import ArgumentParser
import Foundation
import SwiftKryo

/// The options every data command shares: schema files and stream settings.
struct SchemaOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("A schema file (YAML or JSON); repeat for several.", valueName: "file"),
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var schema: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A profile of the schema files (profiles:): the stream settings, ids and top-level call of one kind of stream; flags override it.",
            valueName: "name"))
    var profile: String?

    @Flag(
        name: .customLong("references"), inversion: .prefixedNo,
        help:
            "Whether the stream tracks references (default: the schema's setting, else the Kryo version's: on in 2 and 4, off in 5)."
    )
    var references: Bool?

    @Flag(
        name: .customLong("registration-required"), inversion: .prefixedNo,
        help:
            "Refuse classes the schema does not register (default: the schema's setting, else the Kryo version's: on in 5 only)."
    )
    var registrationRequired: Bool?

    @Option(
        name: .customLong("max-depth"),
        help: ArgumentHelp(
            "The deepest nesting of objects in objects the data may have (default \(SchemaOptions.defaultMaximumDepth), as deep as Java's own default stack reads a chain of objects).",
            valueName: "levels"))
    var maxDepth: Int?

    /// The tool's ``Limits/maxDepth``: deeper than the library's default, since the tool runs on
    /// a thread with a large stack (``KryoMain``).
    static let defaultMaximumDepth = 10_000
    /// The most `--max-depth` may give: the tool's stack holds that many levels.
    static let maximumDepthAccepted = 50_000

    @Option(
        name: .customLong("text-flavor"),
        help:
            "The platform form of fonts, colors and attributed text in keyed archives written (appkit, uikit; default: as read, else appkit)."
    )
    var textFlavor: TextFlavor?

    /// Refuses a schema file on standard input when the data comes from there too.
    func validate(input: String) throws {
        if input == "-", schema.contains("-") {
            throw ValidationError("standard input (-) is the input: give the schema files as files")
        }
        if let maxDepth, !(1...SchemaOptions.maximumDepthAccepted).contains(maxDepth) {
            throw ValidationError(
                "--max-depth must be between 1 and \(SchemaOptions.maximumDepthAccepted), found \(maxDepth)")
        }
    }

    /// The classes of the schema files (none without `--schema`), as the streams of `--profile`
    /// use them, and that profile's top-level call.
    func schemas() throws -> (set: SchemaSet, call: StreamProfile.Call) {
        let set = schema.isEmpty ? SchemaSet() : try ToolIO.schemas(schema)
        guard let name = profile else { return (set, .writeClassAndObject) }
        guard let chosen = set.profiles[name] else {
            let known = set.profiles.keys.sorted()
            if schema.isEmpty {
                throw ToolError(
                    "unknown profile \(name.debugDescription): give the schema files that declare it with --schema FILE"
                )
            }
            if known.isEmpty {
                throw ToolError("unknown profile \(name.debugDescription): the schema files declare no profiles")
            }
            throw ToolError("unknown profile \(name.debugDescription) (expected \(known.joined(separator: ", ")))")
        }
        return (set.applying(chosen), chosen.call)
    }

    /// The registry and options the schema files, the profile and the flags describe.
    func context() throws -> ConversionContext {
        let (schemas, call) = try schemas()
        var options = SerializationOptions(
            references: references ?? schemas.settings.references,
            registrationRequired: registrationRequired ?? schemas.settings.registrationRequired)
        options.richText.flavor = textFlavor?.flavor
        options.limits.maxDepth = maxDepth ?? SchemaOptions.defaultMaximumDepth
        schemas.settings.applySerializerSettings(to: &options)
        // Rich text (fonts, colors, attributed strings) reads and writes in every format too.
        let registry = try Registry(schemas: schemas, RichText.registrations())
        return ConversionContext(
            schemas: schemas, registry: registry, options: options, rootClass: call.rootType?.className,
            rootMayBeNull: call.rootMayBeNull, hasSchemaSettings: !schema.isEmpty, references: references,
            registrationRequired: registrationRequired)
    }
}

/// The `--text-flavor` values.
enum TextFlavor: String, CaseIterable, ExpressibleByArgument {
    case appkit
    case uikit

    var flavor: ArchiveFlavor { self == .appkit ? .appKit : .uiKit }
}

/// What a conversion runs with.
struct ConversionContext {
    let schemas: SchemaSet
    let registry: Registry
    var options: SerializationOptions
    /// The class of a Kryo stream written with `writeObject`, as the profile names it.
    var rootClass: String?
    /// Whether the profile's call is `writeObjectOrNull` (a nil marker before the root).
    var rootMayBeNull = false
    /// Whether schema files were given (their settings then apply to every Kryo stream).
    var hasSchemaSettings = false
    /// The `--[no-]references` flag.
    var references: Bool?
    /// The `--[no-]registration-required` flag.
    var registrationRequired: Bool?

    /// The top-level call a Kryo stream is read and written with: `writeClassAndObject` without a
    /// root class, else `writeObject`, or `writeObjectOrNull` when the profile says so.
    func framing(javaClass: String?) -> KryoFraming {
        guard javaClass != nil else { return .classAndObject }
        return rootMayBeNull ? .objectOrNull : .object
    }

    /// The options of a Kryo stream in `dialect`: the flags, else the schema files' settings,
    /// else the defaults of that version's `new Kryo()`.
    func options(for dialect: KryoDialect) -> SerializationOptions {
        var result = options
        let defaults = hasSchemaSettings ? options : dialect.defaultOptions
        result.references = references ?? defaults.references
        result.registrationRequired = registrationRequired ?? defaults.registrationRequired
        return result
    }
}

/// A failure the tool reports as one line.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reading input and writing output.
enum ToolIO {
    /// The bytes of a file, or of standard input for `-`.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw ToolError(directoryMessage(path)) }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ToolError("cannot read \(path): \(reason(error))")
        }
    }

    /// Loads schema files resolved together; `-` reads one from standard input (JSON when it
    /// starts with `{`, else YAML), named `<stdin>` in errors.
    static func schemas(_ paths: [String]) throws -> SchemaSet {
        guard paths.filter({ $0 == "-" }).count <= 1 else {
            throw ToolError("standard input (-) holds one schema file: give it once")
        }
        var texts: [SchemaFileText] = []
        for path in paths {
            if path == "-" {
                let data = try FileHandle.standardInput.read(upToCount: SchemaFiles.maximumFileSize + 1) ?? Data()
                texts.append(try SchemaFileText(data: data, fileName: "<stdin>"))
            } else {
                texts.append(try SchemaFileText(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        return try SchemaFiles.parse(texts)
    }

    /// What the tool says of a directory where a file belongs.
    static func directoryMessage(_ path: String) -> String { "\(path) is a directory, expected a file" }

    /// Why reading or writing failed, in words (Foundation's own descriptions are bare error
    /// codes on Linux).
    private static func reason(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoPermission?, .fileWriteNoPermission?: "permission denied"
        case .fileReadNoSuchFile?: "no such file"
        case .fileNoSuchFile?: "no such directory"
        case .fileWriteOutOfSpace?: "no space left on the device"
        case .fileWriteVolumeReadOnly?: "the volume is read-only"
        default: error.localizedDescription
        }
    }

    /// Writes `bytes` to a file atomically (the old file stays whole if writing fails), or to
    /// standard output when `path` is `nil` or `-`.
    static func write(_ bytes: [UInt8], to path: String?) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolError(directoryMessage(path))
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ToolError("cannot write \(path): \(reason(error))")
        }
    }
}
