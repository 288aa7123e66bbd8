import KryoCore
import KryoJSON
import Yams

/// A line and column in a file, both 1-based (columns count Unicode scalars, as Yams' marks do).
struct SourcePosition: Sendable, Hashable {
    var line: Int
    var column: Int

    static let start = SourcePosition(line: 1, column: 1)

    /// The position `offset` scalars to the right on the same line.
    func advanced(by offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: column + offset)
    }
}

/// A value read from a file with the position it was read at.
struct Located<Value> {
    var value: Value
    var position: SourcePosition
}

extension Located: Sendable where Value: Sendable {}

/// The first stage of loading: one file's text read into its entries, every key and scalar
/// checked, nothing resolved yet (names resolve across all files, in ``SchemaResolver``).
enum SchemaFileSyntax {
    struct Field {
        var name: Located<String>
        /// The type as written; its position is where the text itself starts (after a quote).
        var type: Located<String>
        var tag: Located<Int>?
        var deprecated: Bool = false
        /// `annexed:` as written (Kryo 4's `@Tag(value = n, annexed = true)`).
        var annexed: Located<Bool>?
        /// `transient:` as written (a `transient` field `setSerializeTransient(true)` writes).
        var isTransient = false
        /// `since:` as written (Java's `@Since`, for `serializer: version`).
        var since: Located<Int>?
        var nullable: Bool = true
        /// `public:` as written; `nil` takes the class's `publicFields`.
        var isPublic: Bool?
        var isFinal: Bool?
        /// `erasure:` as written: the type Kryo 2.20 and 4 see for a field whose type a
        /// superclass's resolved type variables make (``JavaFieldSchema/erasedType``).
        var erasure: Located<String>?
        /// `name:` as written: the Java field's name where the entry's key is another (a hidden
        /// superclass field, `Base.name: {type: String, name: name}`).
        var javaName: Located<String>?
        /// `elementsCanBeNull:` as written (Java's `@BindCollection(elementsCanBeNull = false)`).
        var elementsCanBeNull = true
        /// `keysCanBeNull:` and `valuesCanBeNull:` as written (Java's `@BindMap`).
        var keysCanBeNull = true
        var valuesCanBeNull = true
        /// `elementsFinal:`, `keysFinal:`, `valuesFinal:` as written (the serializer's element,
        /// key or value class set: `setElementClass`, `@BindCollection(elementClass = …)`).
        var elementsFinal: Located<Bool>?
        var keysFinal: Located<Bool>?
        var valuesFinal: Located<Bool>?
    }

    /// A method of an interface (`methods:`), as written: `add(int, int): int`.
    struct Method {
        /// The method's name, positioned where the text starts.
        var name: Located<String>
        /// The parameter types as written, each positioned where its text starts.
        var parameters: [Located<String>]
        /// The result type as written; `nil` for `void` or none.
        var returnType: Located<String>?
    }

    struct Class {
        var file: String
        var package: String?
        /// Where the entry starts.
        var position: SourcePosition
        /// The class name as written; its position is where the text starts.
        var name: Located<String>
        var id: Located<Int>?
        /// `abstract: true`: no object is of the class itself.
        var isAbstract: Located<Bool>?
        /// `final:` as written; `nil` when the entry does not say.
        var isFinal: Bool?
        /// `publicFields: true`: every field is `public: true` unless it says otherwise.
        var publicFields: Located<Bool>?
        var serializer: Located<FieldSerializerKind>?
        /// The fields, positioned at the `fields` key.
        var fields: Located<[Field]>?
        /// The enum constants, positioned at the `enum` key.
        var constants: Located<[Located<String>]>?
        /// An interface's methods, positioned at the `methods` key.
        var methods: Located<[Method]>?
        /// Where `serializer: kryo` is written: a library class written by Kryo's own serializer of
        /// it (`DefaultSerializers.UUIDSerializer`…), which a program registers itself.
        var kryoSerializer: SourcePosition?
        /// Where `serializer: traversable` is written: a collection written by chill's
        /// `TraversableSerializer` (Scala's collections in Apache Spark).
        var traversableSerializer: SourcePosition?
        /// The enum constants that have bodies (`bodies:`), positioned at the key.
        var bodies: Located<[Located<String>]>?
        /// `implements:` as written: the interfaces the class implements (names).
        var implements: [Located<String>] = []
        var extends: Located<String>?
        var readableName: String?
        var archiveName: String?
        /// The type parameters (`[T]` of `Generic<T>`), positioned at the `typeParameters` key.
        var typeParameters: Located<[Located<String>]>?
        /// The bounds written with type parameters (`R extends Role`), by parameter name.
        var typeParameterBounds: [String: Located<String>] = [:]
    }

    struct Settings {
        var dialect: Located<KryoWireVersion>?
        var references: Located<Bool>?
        var registrationRequired: Located<Bool>?
        var streams: Located<KryoStreamClasses>?
        var autoReset: Located<Bool>?
        var optimizedGenerics: Located<Bool>?
        var variableLengthEncoding: Located<Bool>?
        var fieldsCanBeNull: Located<Bool>?
        var fixedFieldTypes: Located<Bool>?
        var compatibleFields: Located<KryoEvolutionOptions>?
        var taggedFields: Located<KryoEvolutionOptions>?
    }

    /// Java's top-level call, as a profile's `call` names it.
    enum Call: String, CaseIterable {
        case writeClassAndObject
        case writeObject
        case writeObjectOrNull
    }

    struct Profile {
        var file: String
        var package: String?
        /// The name, positioned at the key.
        var name: Located<String>
        var settings = Settings()
        var ids: Located<Bool>?
        var call: Located<Call>?
        /// The root class as written; its position is where the text starts.
        var type: Located<String>?
    }

    struct File {
        var name: String
        var package: String?
        var settings = Settings()
        var profiles: [Profile] = []
        var classes: [Class] = []
    }

    static let topLevelKeys = ["package", "settings", "profiles", "classes", "$schema"]
    static let settingsKeys = [
        "dialect", "references", "registrationRequired", "streams", "autoReset", "optimizedGenerics",
        "variableLengthEncoding", "fieldsCanBeNull", "fixedFieldTypes", "compatibleFields", "taggedFields",
    ]
    static let profileKeys = settingsKeys + ["ids", "call", "type"]
    static let classKeys = [
        "class", "id", "fields", "enum", "bodies", "serializer", "final", "abstract", "extends", "implements",
        "readableName",
        "archiveName", "typeParameters", "publicFields", "methods",
    ]
    static let fieldKeys = [
        "type", "tag", "deprecated", "annexed", "since", "nullable", "public", "final", "transient", "erasure",
        "name", "elementsCanBeNull", "keysCanBeNull", "valuesCanBeNull", "elementsFinal", "keysFinal", "valuesFinal",
    ]

    /// Reads one file's text.
    static func parse(_ text: String, fileName: String, format: SchemaFileFormat) throws(SchemaFileError) -> File {
        let reader = NodeReader(file: fileName)
        guard text.utf8.count <= SchemaFiles.maximumFileSize else {
            throw SchemaFileError(
                file: fileName, message: "the file is larger than \(SchemaFiles.maximumFileSize) bytes")
        }
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.allSatisfy({ $0.isWhitespace }) {
            throw reader.error(at: .start, "the file is empty (expected a mapping with classes)")
        }
        switch format {
        case .json:
            // The library's one JSON parser, syntax only; 64 levels is deeper than any schema
            // file needs (the format nests five).
            if let problem = JSONSyntaxValidation.firstProblem(in: text, maxDepth: 64) {
                throw reader.error(
                    at: SourcePosition(line: problem.line, column: problem.column), "not JSON: \(problem.message)")
            }
        case .yaml:
            if let alias = YAMLAliasScan.firstAlias(in: text) {
                throw reader.error(at: alias, "YAML aliases (*name) are not supported in schema files")
            }
        }
        let root: Node?
        let parser: Parser
        do {
            parser = try Parser(yaml: text)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw reader.error(error, text: text)
        } catch {
            throw reader.error(at: .start, "cannot parse the file: \(error)")
        }
        guard let root else {
            throw reader.error(at: .start, "the file is empty (expected a mapping with classes)")
        }
        // Anchors are held weakly by the nodes; the parser keeps them alive while the tree is read.
        return try withExtendedLifetime(parser) { () throws(SchemaFileError) -> File in
            try reader.file(root, name: fileName)
        }
    }
}

/// Reads Yams nodes into ``SchemaFileSyntax`` values with exact, positioned errors.
struct NodeReader {
    let file: String

    func error(at position: SourcePosition, _ message: String) -> SchemaFileError {
        SchemaFileError(file: file, line: position.line, column: position.column, message: message)
    }

    func error(_ yaml: YamlError, text: String) -> SchemaFileError {
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "YAML syntax error: \(problem)"
            if problem.hasPrefix("Maximum nesting level reached") {
                message = "YAML syntax error: nested too deeply"
            } else if problem == "but found another document" {
                message = "YAML syntax error: a schema file holds one document, but found another"
            } else if let context {
                message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
            }
            return error(at: SourcePosition(line: mark.line, column: mark.column), message)
        case .reader(let problem, let offset, _, _):
            let position = offset.map { SourcePosition(utf8Offset: $0, in: text) } ?? .start
            return error(at: position, "cannot read the text: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map(quoted).joined(separator: ", ")
            return error(
                at: SourcePosition(line: context.mark.line, column: context.mark.column),
                "key \(keys) appears more than once in this mapping")
        default:
            return error(at: .start, "YAML error: \(yaml)")
        }
    }

    func position(_ node: Node) -> SourcePosition {
        guard let mark = node.mark else { return .start }
        return SourcePosition(line: mark.line, column: mark.column)
    }

    /// Where a scalar's text starts: after the opening quote of a quoted scalar.
    func textPosition(_ node: Node) -> SourcePosition {
        let start = position(node)
        switch node.scalar?.style {
        case .singleQuoted, .doubleQuoted: return start.advanced(by: 1)
        default: return start
        }
    }

    // MARK: Nodes

    func file(_ root: Node, name: String) throws(SchemaFileError) -> SchemaFileSyntax.File {
        var file = SchemaFileSyntax.File(name: name)
        let entries = try mapping(
            root, "the top of the file", keys: SchemaFileSyntax.topLevelKeys, kind: "top-level key")
        if let package = entries.first(where: { $0.key.value == "package" })?.value {
            let text = try string(package, "a package name")
            guard isJavaQualifiedName(text) else {
                throw error(at: textPosition(package), "bad package name \(quoted(text))")
            }
            file.package = text
        }
        for (key, value) in entries {
            switch key.value {
            case "$schema": _ = try string(value, "the address of a JSON Schema")
            case "settings": file.settings = try settings(value)
            case "profiles":
                guard let map = value.mapping else {
                    throw error(
                        at: position(value), "expected a mapping of profile names to settings, found \(describe(value))"
                    )
                }
                for (nameNode, profile) in map {
                    file.profiles.append(try self.profile(try self.key(nameNode), profile, package: file.package))
                }
            case "classes":
                guard let list = value.sequence else {
                    throw error(at: position(value), "expected a list of classes, found \(describe(value))")
                }
                for entry in list { file.classes.append(try classEntry(entry, package: file.package)) }
            default: break
            }
        }
        return file
    }

    private func settings(_ node: Node) throws(SchemaFileError) -> SchemaFileSyntax.Settings {
        var settings = SchemaFileSyntax.Settings()
        for (key, value) in try mapping(node, "settings", keys: SchemaFileSyntax.settingsKeys, kind: "settings key") {
            try setting(key.value, value, into: &settings)
        }
        return settings
    }

    /// A profile: the keys of `settings`, `ids`, and the top-level `call` with its `type`.
    private func profile(
        _ name: Located<String>, _ node: Node, package: String?
    ) throws(SchemaFileError) -> SchemaFileSyntax.Profile {
        guard !name.value.isEmpty else { throw error(at: name.position, "a profile needs a name") }
        var profile = SchemaFileSyntax.Profile(file: file, package: package, name: name)
        let entries = try mapping(
            node, "profile \(quoted(name.value))", keys: SchemaFileSyntax.profileKeys, kind: "profile key")
        for (key, value) in entries {
            switch key.value {
            case "ids":
                profile.ids = Located(value: try bool(value), position: textPosition(value))
            case "call":
                let text = try string(value, "a call")
                guard let call = SchemaFileSyntax.Call(rawValue: text) else {
                    throw error(
                        at: textPosition(value),
                        "unknown call \(quoted(text)) (expected writeClassAndObject, writeObject or writeObjectOrNull)")
                }
                profile.call = Located(value: call, position: textPosition(value))
            case "type":
                profile.type = Located(value: try string(value, "the root class"), position: textPosition(value))
            default:
                try setting(key.value, value, into: &profile.settings)
            }
        }
        return profile
    }

    /// One key of `settings` (or of a profile) read into `settings`.
    private func setting(
        _ key: String, _ value: Node, into settings: inout SchemaFileSyntax.Settings
    ) throws(SchemaFileError) {
        switch key {
        case "dialect":
            let text = try string(value, "a dialect")
            guard let dialect = KryoWireVersion(rawValue: text) else {
                throw error(
                    at: textPosition(value),
                    "unknown dialect \(quoted(text)) (expected "
                        + KryoWireVersion.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or "
                        + (KryoWireVersion.allCases.last?.rawValue ?? "") + ")")
            }
            settings.dialect = Located(value: dialect, position: textPosition(value))
        case "references":
            settings.references = Located(value: try bool(value), position: textPosition(value))
        case "registrationRequired":
            settings.registrationRequired = Located(value: try bool(value), position: textPosition(value))
        case "streams":
            let text = try string(value, "the Java Output and Input classes")
            guard let streams = KryoStreamClasses(rawValue: text) else {
                throw error(
                    at: textPosition(value),
                    "unknown streams \(quoted(text)) (expected "
                        + KryoStreamClasses.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            settings.streams = Located(value: streams, position: textPosition(value))
        case "autoReset":
            settings.autoReset = Located(value: try bool(value), position: textPosition(value))
        case "optimizedGenerics":
            settings.optimizedGenerics = Located(value: try bool(value), position: textPosition(value))
        case "variableLengthEncoding":
            settings.variableLengthEncoding = Located(value: try bool(value), position: textPosition(value))
        case "fieldsCanBeNull":
            settings.fieldsCanBeNull = Located(value: try bool(value), position: textPosition(value))
        case "fixedFieldTypes":
            settings.fixedFieldTypes = Located(value: try bool(value), position: textPosition(value))
        case "compatibleFields":
            settings.compatibleFields = Located(
                value: try evolutionOptions(value, "compatibleFields", unknownData: "readUnknownFieldData"),
                position: position(value))
        case "taggedFields":
            settings.taggedFields = Located(
                value: try evolutionOptions(value, "taggedFields", unknownData: "readUnknownTagData"),
                position: position(value))
        default: break
        }
    }

    /// Kryo 5's options of an evolvable serializer: `{readUnknownFieldData: …, chunkedEncoding: …}`
    /// (`readUnknownTagData` for the tagged one), each defaulting to Java's.
    private func evolutionOptions(
        _ node: Node, _ what: String, unknownData: String
    ) throws(SchemaFileError) -> KryoEvolutionOptions {
        var options =
            what == "taggedFields" ? TaggedFieldSetting.defaultValue : CompatibleFieldSetting.defaultValue
        for (key, value) in try mapping(node, what, keys: [unknownData, "chunkedEncoding"], kind: "\(what) key") {
            if key.value == unknownData {
                options.readUnknownData = try bool(value)
            } else {
                options.chunkedEncoding = try bool(value)
            }
        }
        return options
    }

    /// A list of enum constant names (`enum:`, `bodies:`), each a Java identifier.
    private func constantNames(_ value: Node) throws(SchemaFileError) -> [Located<String>] {
        guard let list = value.sequence else {
            throw error(at: position(value), "expected a list of enum constants, found \(describe(value))")
        }
        var constants: [Located<String>] = []
        for constant in list {
            let text = try string(constant, "an enum constant")
            guard isJavaIdentifier(text) else {
                throw error(at: textPosition(constant), "bad enum constant \(quoted(text))")
            }
            constants.append(Located(value: text, position: textPosition(constant)))
        }
        return constants
    }

    private func classEntry(_ node: Node, package: String?) throws(SchemaFileError) -> SchemaFileSyntax.Class {
        let entries = try mapping(node, "a class", keys: SchemaFileSyntax.classKeys, kind: "class key")
        guard let nameNode = entries.first(where: { $0.key.value == "class" })?.value else {
            throw error(at: position(node), "a class entry needs a \"class\" key naming the Java class")
        }
        let name = Located(value: try string(nameNode, "a class name"), position: textPosition(nameNode))
        var entry = SchemaFileSyntax.Class(file: file, package: package, position: position(node), name: name)
        for (key, value) in entries {
            switch key.value {
            case "id":
                entry.id = Located(value: try integer(value, "an id"), position: textPosition(value))
            case "final":
                entry.isFinal = try bool(value)
            case "abstract":
                entry.isAbstract = Located(value: try bool(value), position: textPosition(value))
            case "publicFields":
                entry.publicFields = Located(value: try bool(value), position: textPosition(value))
            case "serializer":
                let text = try string(value, "a serializer")
                if text == "kryo" {
                    entry.kryoSerializer = textPosition(value)
                    continue
                }
                if text == "traversable" {
                    entry.traversableSerializer = textPosition(value)
                    continue
                }
                let kinds: [String: FieldSerializerKind] = [
                    "field": .field, "tagged": .tagged, "compatible": .compatible, "version": .version,
                    "record": .record,
                ]
                guard let kind = kinds[text] else {
                    throw error(
                        at: textPosition(value),
                        "unknown serializer \(quoted(text)) (expected field, tagged, compatible, version, record, kryo or "
                            + "traversable)"
                    )
                }
                entry.serializer = Located(value: kind, position: textPosition(value))
            case "fields":
                entry.fields = Located(value: try fields(value), position: key.position)
            case "enum":
                entry.constants = Located(value: try constantNames(value), position: key.position)
            case "bodies":
                entry.bodies = Located(value: try constantNames(value), position: key.position)
            case "methods":
                entry.methods = Located(value: try methods(value), position: key.position)
            case "extends":
                entry.extends = Located(value: try string(value, "a superclass name"), position: textPosition(value))
            case "implements":
                for node in value.sequence ?? [value] {
                    entry.implements.append(
                        Located(value: try string(node, "an interface name"), position: textPosition(node)))
                }
            case "readableName":
                entry.readableName = try string(value, "a readable class name")
            case "archiveName":
                entry.archiveName = try string(value, "an archive class name")
            case "typeParameters":
                guard let list = value.sequence else {
                    throw error(at: position(value), "expected a list of type parameters, found \(describe(value))")
                }
                var parameters: [Located<String>] = []
                for parameter in list {
                    let written = try string(parameter, "a type parameter")
                    let start = textPosition(parameter)
                    // `T`, or `T extends Bound` (Java's erasure of T is the bound's class).
                    let (text, bound) = try typeParameter(written, at: start)
                    guard isJavaIdentifier(text) else {
                        throw error(at: start, "bad type parameter \(quoted(written))")
                    }
                    if parameters.contains(where: { $0.value == text }) {
                        throw error(at: start, "type parameter \(text) is declared twice")
                    }
                    parameters.append(Located(value: text, position: start))
                    if let bound { entry.typeParameterBounds[text] = bound }
                }
                entry.typeParameters = Located(value: parameters, position: key.position)
            default: break
            }
        }
        return entry
    }

    /// An interface's methods (`methods:`): a list of signatures, `name(Type, Type)` with an
    /// optional `: Result`.
    private func methods(_ node: Node) throws(SchemaFileError) -> [SchemaFileSyntax.Method] {
        guard let list = node.sequence else {
            throw error(
                at: position(node), "expected a list of method signatures (name(Type, …)), found \(describe(node))")
        }
        var methods: [SchemaFileSyntax.Method] = []
        for item in list {
            methods.append(try methodSignature(try string(item, "a method signature"), at: textPosition(item)))
        }
        return methods
    }

    /// `name(Type, Type): Result`, split where the text says: commas inside `<…>` belong to a
    /// type's generic arguments.
    private func methodSignature(_ text: String, at start: SourcePosition) throws(SchemaFileError)
        -> SchemaFileSyntax.Method
    {
        let scalars = Array(text.unicodeScalars)
        func piece(_ range: Range<Int>) -> Located<String>? {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
            while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
            guard lower < upper else { return nil }
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars[lower..<upper])
            return Located(value: string, position: start.advanced(by: lower))
        }
        let usage = "expected a method signature name(Type, …) or name(Type, …): Result"
        guard let open = scalars.firstIndex(of: "("), let name = piece(0..<open) else {
            throw error(at: start, "bad method signature \(quoted(text)): \(usage)")
        }
        guard isJavaIdentifier(name.value) else {
            throw error(at: name.position, "bad method name \(quoted(name.value)) in \(quoted(text))")
        }
        var parameters: [Located<String>] = []
        var depth = 0
        var pieceStart = open + 1
        var close: Int?
        for index in (open + 1)..<scalars.count {
            switch scalars[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0, ")" where depth == 0:
                let parameter = piece(pieceStart..<index)
                if scalars[index] == ")", parameter == nil, parameters.isEmpty {
                    close = index
                    break
                }
                guard let parameter else {
                    throw error(at: start.advanced(by: index), "missing parameter type in \(quoted(text))")
                }
                parameters.append(parameter)
                pieceStart = index + 1
                if scalars[index] == ")" { close = index }
            default: break
            }
            if close != nil { break }
        }
        guard let close else {
            throw error(at: start.advanced(by: scalars.count), "no closing parenthesis in \(quoted(text)): \(usage)")
        }
        var returnType: Located<String>?
        if let rest = piece((close + 1)..<scalars.count) {
            let colon = (close + 1..<scalars.count).first { !scalars[$0].properties.isWhitespace }
            guard let colon, scalars[colon] == ":", let type = piece((colon + 1)..<scalars.count) else {
                throw error(at: rest.position, "bad method signature \(quoted(text)): \(usage)")
            }
            if type.value != "void" { returnType = type }
        }
        return SchemaFileSyntax.Method(name: name, parameters: parameters, returnType: returnType)
    }

    private func fields(_ node: Node) throws(SchemaFileError) -> [SchemaFileSyntax.Field] {
        guard let map = node.mapping else {
            throw error(
                at: position(node), "expected a mapping of field names to types, found \(describe(node))")
        }
        var fields: [SchemaFileSyntax.Field] = []
        for (keyNode, value) in map {
            let name = try key(keyNode)
            // A field's key is its Java name, or `Base.name` for a superclass field a subclass
            // hides (with `name:` giving the Java name).
            let hiddenKey = name.value.split(separator: ".", omittingEmptySubsequences: false)
            let isHiddenKey = hiddenKey.count == 2 && hiddenKey.allSatisfy { isJavaIdentifier(String($0)) }
            guard isJavaIdentifier(name.value) || isHiddenKey else {
                throw error(at: name.position, "bad field name \(quoted(name.value))")
            }
            if value.scalar != nil {
                if isHiddenKey {
                    throw error(
                        at: name.position,
                        "field \(quoted(name.value)) needs a \"name\" key: the Java name of the superclass field it keys"
                    )
                }
                let type = Located(value: try string(value, "a type"), position: textPosition(value))
                fields.append(SchemaFileSyntax.Field(name: name, type: type))
                continue
            }
            guard value.mapping != nil else {
                throw error(
                    at: position(value),
                    "expected a type or a mapping with a type for field \(quoted(name.value)), found \(describe(value))"
                )
            }
            let entries = try mapping(value, "a field", keys: SchemaFileSyntax.fieldKeys, kind: "field key")
            guard let typeNode = entries.first(where: { $0.key.value == "type" })?.value else {
                throw error(at: position(value), "field \(quoted(name.value)) needs a \"type\" key")
            }
            var field = SchemaFileSyntax.Field(
                name: name, type: Located(value: try string(typeNode, "a type"), position: textPosition(typeNode)))
            for (key, option) in entries {
                switch key.value {
                case "tag": field.tag = Located(value: try integer(option, "a tag"), position: textPosition(option))
                case "deprecated": field.deprecated = try bool(option)
                case "annexed": field.annexed = Located(value: try bool(option), position: textPosition(option))
                case "transient": field.isTransient = try bool(option)
                case "elementsFinal":
                    field.elementsFinal = Located(value: try bool(option), position: textPosition(option))
                case "keysFinal": field.keysFinal = Located(value: try bool(option), position: textPosition(option))
                case "valuesFinal":
                    field.valuesFinal = Located(value: try bool(option), position: textPosition(option))
                case "since":
                    field.since = Located(value: try integer(option, "a version"), position: textPosition(option))
                case "nullable": field.nullable = try bool(option)
                case "elementsCanBeNull": field.elementsCanBeNull = try bool(option)
                case "keysCanBeNull": field.keysCanBeNull = try bool(option)
                case "valuesCanBeNull": field.valuesCanBeNull = try bool(option)
                case "public": field.isPublic = try bool(option)
                case "final": field.isFinal = try bool(option)
                case "erasure":
                    field.erasure = Located(value: try string(option, "a type"), position: textPosition(option))
                case "name":
                    let javaName = Located(value: try string(option, "a field name"), position: textPosition(option))
                    guard isJavaIdentifier(javaName.value) else {
                        throw error(at: javaName.position, "bad field name \(quoted(javaName.value))")
                    }
                    field.javaName = javaName
                default: break
                }
            }
            if isHiddenKey, field.javaName == nil {
                throw error(
                    at: name.position,
                    "field \(quoted(name.value)) needs a \"name\" key: the Java name of the superclass field it keys")
            }
            fields.append(field)
        }
        return fields
    }

    // MARK: Scalars and mappings

    /// The entries of a mapping whose keys are all in `keys`.
    private func mapping(
        _ node: Node, _ what: String, keys: [String], kind: String
    ) throws(SchemaFileError) -> [(key: Located<String>, value: Node)] {
        guard let map = node.mapping else {
            throw error(at: position(node), "expected a mapping for \(what), found \(describe(node))")
        }
        var entries: [(key: Located<String>, value: Node)] = []
        for (keyNode, value) in map {
            let key = try key(keyNode)
            guard keys.contains(key.value) else {
                throw error(
                    at: key.position,
                    "unknown \(kind) \(quoted(key.value)) (expected \(keys.joined(separator: ", ")))")
            }
            entries.append((key, value))
        }
        return entries
    }

    private func key(_ node: Node) throws(SchemaFileError) -> Located<String> {
        guard let scalar = node.scalar else {
            throw error(at: position(node), "expected a key, found \(describe(node))")
        }
        return Located(value: scalar.string, position: textPosition(node))
    }

    /// A scalar's text; a plain null (`~`, `null`, nothing) is not a string.
    /// A type parameter as written, `T` or `T extends Bound`: its name, and its bound's text with
    /// the bound's position.
    private func typeParameter(_ written: String, at start: SourcePosition) throws(SchemaFileError) -> (
        String, Located<String>?
    ) {
        let words = written.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count > 1 else { return (words.first.map(String.init) ?? written, nil) }
        guard words.count == 3, words[1] == "extends" else {
            throw error(at: start, "expected a type parameter (T, or T extends Bound), found \(quoted(written))")
        }
        // `T extends A & B`: the erasure is the first bound's.
        let boundText = String(words[2].prefix { $0 != "&" }.reversed().drop { $0 == " " }.reversed())
        let offset = written.distance(from: written.startIndex, to: words[2].startIndex)
        return (String(words[0]), Located(value: boundText, position: start.advanced(by: offset)))
    }

    private func string(_ node: Node, _ what: String) throws(SchemaFileError) -> String {
        guard let scalar = node.scalar, !isNull(node) else {
            throw error(at: position(node), "expected \(what), found \(describe(node))")
        }
        return scalar.string
    }

    /// A plain decimal integer from 0 to `Int32.max` (Kryo's ids and tags are Java ints).
    private func integer(_ node: Node, _ what: String) throws(SchemaFileError) -> Int {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else {
            throw error(at: position(node), "expected \(what) (a whole number), found \(describe(node))")
        }
        let text = scalar.string
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw error(at: position(node), "expected \(what) (a whole number), found \(describe(node))")
        }
        guard let value = Int(text), value >= 0, value <= Int(Int32.max) else {
            throw error(at: position(node), "\(what) must be from 0 to \(Int32.max), found \(text)")
        }
        return value
    }

    /// `true` or `false`, unquoted.
    private func bool(_ node: Node) throws(SchemaFileError) -> Bool {
        if let scalar = node.scalar, scalar.style == .plain || scalar.style == .any {
            if scalar.string == "true" { return true }
            if scalar.string == "false" { return false }
        }
        throw error(at: position(node), "expected true or false, found \(describe(node))")
    }

    private func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// What a node is, for messages: `a mapping`, `a list`, `nothing`, or the quoted scalar.
    private func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            if isNull(node) { return "nothing" }
            let text = scalar.string
            return quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
        case .alias: return "an alias"
        }
    }
}

extension SourcePosition {
    /// The position of a UTF-8 offset in `text`.
    init(utf8Offset: Int, in text: String) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= utf8Offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}

/// `text` in double quotes, escaped as JSON escapes it (so a message stays on one line).
func quoted(_ text: String) -> String {
    quoted(
        text,
        escaping: { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
        },
        as: { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        })
}

/// `text` in double quotes, with `"`, `\`, newline, return and tab escaped as JSON and Swift both
/// write them, and every other scalar that `needsEscape` picks written by `escape`.
func quoted(
    _ text: String, escaping needsEscape: (Unicode.Scalar) -> Bool, as escape: (Unicode.Scalar) -> String
) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if needsEscape(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// Whether `text` is a Java identifier (``JavaIdentifier``).
func isJavaIdentifier(_ text: some StringProtocol) -> Bool { JavaIdentifier.isIdentifier(text) }

/// Whether `text` is identifiers joined by dots (`java.util`, `a.Outer$Inner`).
func isJavaQualifiedName(_ text: String) -> Bool {
    text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isJavaIdentifier($0) }
}
