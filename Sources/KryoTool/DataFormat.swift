import ArgumentParser
import SwiftKryo

/// The formats `kryo convert` and `kryo inspect` read and write: those the linked backends
/// declare (``/KryoCore/SerializationFormat/linked``), by their names, and JSON Lines.
struct DataFormat: ExpressibleByArgument, Equatable, Sendable {
    /// The name on the command line.
    let rawValue: String
    /// The backend's format; `nil` for JSON Lines, which holds a stream of records only.
    let format: SerializationFormat?

    /// The format of a linked backend, under its name.
    init(_ format: SerializationFormat) {
        rawValue = format.name
        self.format = format
    }

    private init(rawValue: String, format: SerializationFormat?) {
        self.rawValue = rawValue
        self.format = format
    }

    init?(argument: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == argument }) else { return nil }
        self = found
    }

    static func == (lhs: DataFormat, rhs: DataFormat) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Every format, in the order the backends declare them, then JSON Lines.
    static let allCases: [DataFormat] = SerializationFormat.linked.map(DataFormat.init) + [.jsonLines]
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    static let kryo2 = DataFormat(.kryo(.v2))
    static let kryo4 = DataFormat(.kryo(.v4))
    static let kryo5 = DataFormat(.kryo(.v5))
    /// Pretty-printed JSON (the readable backend's `json`).
    static let json = DataFormat(
        SerializationFormat(name: "json", family: .readable, codec: ReadableFormatCodec(format: .prettyJSON)))
    /// JSON Lines: one compact JSON document per line, a record each (streams of records only).
    static let jsonLines = DataFormat(rawValue: "jsonl", format: nil)

    /// Reads one value with the dynamic registry.
    ///
    /// - Parameter javaClass: For Kryo, the class Java's `readObject` was given (no class tag
    ///   before the value); `nil` for what `writeClassAndObject` writes.
    func decode(_ bytes: [UInt8], with context: ConversionContext, javaClass: String?) throws -> Any? {
        guard let format else { throw ToolError("jsonl holds a stream of records: convert it with --records") }
        if dialect != nil {
            let codec = try kryoCodec(context, javaClass: javaClass)
            do {
                if let javaClass { return try codec.decode(javaClass: javaClass, from: bytes) }
                return try codec.decode(Any?.self, from: bytes)
            } catch let error as SerializationError {
                // Which release the bytes were read as: the first thing to check when they were
                // written by another.
                var message = "\(error) (read as \(rawValue), \(codec.dialect))"
                if let said = KryoReadHint.javaSerialization(in: bytes) { throw ToolError(message + "; " + said) }
                let hint = KryoReadHint.hint(
                    for: error, hasSchema: context.hasSchemaSettings, hasType: javaClass != nil,
                    schemaHasIDs: context.schemas.classes.contains { $0.id != nil })
                func retried() -> String? {
                    KryoReadRetry.suggestion(for: bytes, as: self, with: context, javaClass: javaClass)
                }
                // Bytes left after the value are also what a setting read the wrong way leaves:
                // a setting that reads the whole stream comes before the guesses of the hint.
                let leftOver = error.kind == .invalidValue && error.expected == "the end of the input after one value"
                if let said = leftOver ? retried() ?? hint : hint ?? retried() {
                    message += "; " + said
                }
                throw ToolError(message)
            }
        }
        if format.family == .keyedArchive {
            // The whole archive: a nib's `IB.objectdata`, a color list's several keys, a subclass
            // archiver's name are kept.
            do {
                return try KeyedArchiveCodec(registry: context.registry, options: context.options).decodeArchive(
                    from: bytes)
            } catch let error as SerializationError where error.found.contains("a plain property list") {
                throw ToolError("\(error); give --from \(Self.plainPropertyListName(of: bytes))")
            }
        }
        if let javaClass, let readable = format.codec as? ReadableFormatCodec {
            // A record of a `writeObject` stream: its root is of the class named, `$class` or not.
            return try ReadableCodec(registry: context.registry, format: readable.format, options: context.options)
                .decode(javaClass: javaClass, from: bytes)
        }
        return try format.decode(Any?.self, from: bytes, with: context.registry, options: context.options)
    }

    /// The format that reads a plain property list given as a keyed archive: XML or binary, as
    /// its first bytes say.
    static func plainPropertyListName(of bytes: [UInt8]) -> String {
        bytes.starts(with: Array("bplist".utf8)) ? "plist-binary" : "plist-xml"
    }

    /// Writes one value with the dynamic registry.
    func encode(_ value: Any?, with context: ConversionContext, javaClass: String?) throws -> [UInt8] {
        guard let format else { throw ToolError("jsonl holds a stream of records: convert it with --records") }
        if dialect != nil {
            let codec = try kryoCodec(context, javaClass: javaClass)
            do {
                if let javaClass { return try codec.encode(value, javaClass: javaClass) }
                return try codec.encode(value)
            } catch var error as SerializationError {
                // A place in the bytes being written means nothing to the reader of the input:
                // the key path names the value, or the error is the root value's.
                error.offset = nil
                let place = error.path.isEmpty ? "the root value, " : ""
                throw ToolError("\(error) (\(place)written as \(rawValue), \(codec.dialect))")
            }
        }
        if let keyed = format.codec as? KeyedArchiveFormatCodec {
            // Java's data goes back to Kryo byte for byte: values keep their Java classes.
            var codec = KeyedArchiveCodec(registry: context.registry, format: keyed.format, options: context.options)
            codec.keepsJavaClasses = true
            return try codec.encode(value)
        }
        return try format.encode(value, with: context.registry, options: context.options)
    }

    /// The Kryo dialect of a Kryo format; `nil` for the other formats.
    var dialect: KryoDialect? { format?.kryoDialect }

    /// The codec of a Kryo format, with the stream settings for its dialect.
    func kryoCodec(_ context: ConversionContext, javaClass: String?) throws -> KryoCodec {
        guard let release = self.dialect else { throw ToolError("\(rawValue) is not a Kryo format") }
        // The schema files' `streams` (Kryo 4's fast and unsafe Output classes).
        let dialect = release.using(context.schemas.settings.streams)
        return KryoCodec(
            registry: context.registry, dialect: dialect, framing: context.framing(javaClass: javaClass),
            options: context.options(for: dialect))
    }
}

/// What to try when a Kryo stream does not read: the option a new user most likely left out.
enum KryoReadHint {
    /// What to say of a stream that holds Java serialization (`ObjectOutputStream`'s header,
    /// `ac ed 00 05`): a class Kryo's `JavaSerializer` writes, whose layout is Java's own.
    static func javaSerialization(in bytes: [UInt8]) -> String? {
        let magic: [UInt8] = [0xAC, 0xED, 0x00, 0x05]
        guard bytes.count >= 4,
            let offset = (0...(bytes.count - 4)).first(where: { bytes[$0..<$0 + 4].elementsEqual(magic) })
        else { return nil }
        return
            "the stream holds Java serialization (ObjectOutputStream's header ac ed 00 05 at byte offset \(offset)): "
            + "a class written by Kryo's JavaSerializer has java.io's layout, which no schema describes"
    }

    /// The hint for `error`, or `nil` when no option explains it.
    ///
    /// - Parameters:
    ///   - hasSchema: Whether schema files were given.
    ///   - hasType: Whether the root class was given (a `writeObject` stream).
    ///   - schemaHasIDs: Whether a class of the schema files has an id.
    static func hint(for error: SerializationError, hasSchema: Bool, hasType: Bool, schemaHasIDs: Bool = true)
        -> String?
    {
        // The root's class tag is the first thing a writeClassAndObject stream holds; a
        // writeObject stream starts with the value itself (with references, its reference
        // marker: Kryo's tag of a class written by name).
        let atRoot = error.offset == 0 && error.path.isEmpty
        switch error.kind {
        case .unknownClassID:
            if !hasSchema { return Self.schema }
            guard atRoot, !hasType else { return nil }
            // The root's class tag is an id no class of the schema has: none has one.
            return schemaHasIDs ? Self.writeObject : Self.ids
        case .unknownClassName, .unregisteredType:
            guard let name = quotedName(in: error.found) else { return nil }
            if atRoot, !hasType, !isClassName(name) { return Self.writeObject }
            if let dollar = name.lastIndex(of: "$"), isClassName(name),
                case let number = name[name.index(after: dollar)...], !number.isEmpty, number.allSatisfy(\.isASCII),
                number.allSatisfy(\.isNumber)
            {
                // Java numbers anonymous classes `Outer$1`, `Outer$2`…: an enum's constants with bodies.
                let owner = name[..<dollar]
                return "\(name) is an anonymous class of \(owner): if \(owner) is an enum whose constants have "
                    + "bodies ({ … }), list those constants in its bodies: [...] (Java numbers them in order)"
            }
            if error.kind == .unregisteredType {
                return "the stream names classes, which a Kryo that requires registration never writes; "
                    + "give --no-registration-required"
            }
            return hasSchema ? nil : Self.schema
        case .invalidValue where error.expected == "the end of the input after one value":
            return hasType ? Self.records : Self.writeObject + "; " + Self.records
        default:
            return nil
        }
    }

    static let schema = "give the classes with --schema FILE"
    static let writeObject = "if the stream was written with writeObject, give its class with --type JAVA_CLASS"
    static let ids =
        "the schema's classes have no id, so they are read as written by name: give each class the id "
        + "its Java program registers it with (kryo.register(Class) takes the next free id, in registration order)"
    static let records = "if it holds several values one after another, convert them with --records all"

    /// The text between the first and the last double quote of `found`.
    private static func quotedName(in found: String) -> String? {
        guard let first = found.firstIndex(of: "\""), let last = found.lastIndex(of: "\""), first < last else {
            return nil
        }
        return String(found[found.index(after: first)..<last])
    }

    /// Whether `name` looks like the binary name of a Java class in a package (`test.SampleBean`,
    /// `a.Outer$Inner`, `[Ltest.SampleBean;`): what a class written by name is. Bytes of a
    /// value read as a class name rarely are.
    private static func isClassName(_ name: String) -> Bool {
        var name = Substring(name)
        let isArray = name.first == "["
        while name.first == "[" { name = name.dropFirst() }
        if isArray, name.count == 1, "ZBCSIJFD".contains(name) { return true }
        if isArray, name.first == "L", name.last == ";" { name = name.dropFirst().dropLast() }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy(JavaIdentifier.isIdentifier)
    }
}
