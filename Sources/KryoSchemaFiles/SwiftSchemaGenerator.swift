import KryoCore

/// Generates Swift source for the classes a ``/KryoCore/SchemaSet`` describes: what `kryo schema generate`
/// writes.
///
/// Each bean becomes a `final class` declared `@JavaClass`, with a stored property per field
/// (`@JavaField`, `@NotNull` where the Swift declaration does not say all), `init()` and a
/// memberwise convenience initializer; each enum a `@JavaEnum` enum (`@JavaConstant` where the case
/// name does not give the Java name). With ``DeclarationStyle/schema``, the classes conform to
/// `Schematized` with their `static let schema` written out and the enums to `JavaEnum` with their
/// Java constant names. One more file holds the registrations with the schema's ids (library classes such as `java.util.ArrayList` included), so that
///
/// ```swift
/// let registry = try Registry(GeneratedCocoa.registrations())
/// ```
///
/// reads what a Java peer with the same registrations writes. A generated type's
/// ``/KryoCore/Schema/model`` (and an enum's ``/KryoCore/JavaEnum/schemaModel``) equals its class in the schema set,
/// but for the id, which belongs to the registration.
///
/// The output is deterministic and already formatted as `swift format` formats it (lines of at
/// most 120 columns, four-space indents). See Docs/TypeMapping.md's *Generated Swift* section for
/// how Java types are spelled in Swift.
public struct SwiftSchemaGenerator: Sendable {
    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// `public` types and members, for a library target.
        case `public`
        /// No modifier (internal).
        case `internal`
    }

    /// How a generated class declares its schema.
    public enum DeclarationStyle: String, Sendable, Hashable, CaseIterable {
        /// `@JavaClass("test.SampleBean")` on the class and `@JavaField`, `@NotNull` on the
        /// properties that need them; enums `@JavaEnum("test.Color")`. The schema reaches the
        /// properties through closures.
        case macro
        /// The `Schematized` conformance written out: `static let schema = Schema<…>(java:) { Field(…) }`
        /// and an enum's `javaClassName` and `javaConstantNames` (the form without the macros,
        /// for code that does not import SwiftKryo's umbrella module).
        case schema
    }

    /// How generated schemas reach the properties (``DeclarationStyle/schema`` only; the macro
    /// always uses closures).
    public enum FieldAccess: String, Sendable, Hashable, CaseIterable {
        /// `Field("key", \.key)`: the shortest source.
        case keyPaths
        /// `Field("key", get: { $0.key }, set: { $0.key = $1 })`: direct calls rather than key
        /// paths applied through the runtime (faster on hot paths; see the guide).
        case closures
    }

    /// What to generate.
    public struct Options: Sendable, Hashable {
        /// The access level of the generated declarations.
        public var accessLevel: AccessLevel
        /// The enum the generated types are nested in (through extensions), so that they cannot
        /// collide with other types of the module; `nil` generates top-level types.
        public var namespace: String?
        /// The name of the function that returns the registrations (a static function of the
        /// namespace, or a global function without one).
        public var registrationsFunctionName: String
        /// How a class declares its schema: the macros (the default) or the conformance written out.
        public var style: DeclarationStyle
        /// How the schemas reach the properties, in the ``DeclarationStyle/schema`` style.
        public var fieldAccess: FieldAccess
        /// Swift type names for Java classes, by Java name, replacing the default (the simple
        /// name, with `$` as `_`: `a.Outer$Inner` is `Outer_Inner`).
        public var typeNames: [String: String]
        /// What the schema came from (file names), for the header comment.
        public var source: String?

        /// Creates options.
        public init(
            accessLevel: AccessLevel = .public, namespace: String? = nil,
            registrationsFunctionName: String = "registrations", style: DeclarationStyle = .macro,
            fieldAccess: FieldAccess = .keyPaths, typeNames: [String: String] = [:], source: String? = nil
        ) {
            self.accessLevel = accessLevel
            self.style = style
            self.namespace = namespace
            self.registrationsFunctionName = registrationsFunctionName
            self.fieldAccess = fieldAccess
            self.typeNames = typeNames
            self.source = source
        }
    }

    /// The options.
    public var options: Options

    /// Creates a generator.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The Swift files for `set`: one per bean or enum (`Namespace.Type.swift`, or `Type.swift`
    /// without a namespace), in the set's order, then the file with the namespace and the
    /// registrations (`Namespace.swift`, or `<registrationsFunctionName>.swift`).
    ///
    /// - Throws: ``SwiftSchemaGenerationError`` when the set has problems
    ///   (``/KryoCore/SchemaSet/problems``), a name cannot become a Swift identifier, two classes or
    ///   fields get the same Swift name, or a Java type has no Swift counterpart.
    public func generate(_ set: SchemaSet) throws(SwiftSchemaGenerationError) -> [GeneratedSwiftFile] {
        if let problem = set.problems.first {
            throw SwiftSchemaGenerationError("the schema set is invalid: \(problem)")
        }
        try checkOptions()
        let names = try typeNames(for: set)
        let mapper = SwiftTypeMapper(names: names)
        var files: [GeneratedSwiftFile] = []
        for schema in set.classes {
            guard let swiftName = names.classes[schema.javaName]?.swiftName else { continue }
            let body: [String]
            var usesFoundation = false
            switch schema.layout {
            // An interface's methods become a `RemoteInterface` of KryoNet, which declares them
            // by hand (the generated code depends on the serialization library only).
            case .library, .interface: continue
            case .enumeration(let constants):
                body = try enumDeclaration(schema, swiftName: swiftName, constants: constants)
            case .fields(let kind, let fields):
                (body, usesFoundation) = try classDeclaration(
                    schema, swiftName: swiftName, kind: kind, fields: fields, mapper: mapper)
            }
            let prefix = options.namespace.map { $0 + "." } ?? ""
            files.append(
                GeneratedSwiftFile(
                    name: prefix + swiftName + ".swift",
                    contents: file(imports: usesFoundation, body: nested(body))))
        }
        files.append(try registrationsFile(set, names: names, mapper: mapper))
        return files
    }

    // MARK: - Names

    /// Swift names that generated code uses, which a generated type must not hide.
    static let reservedTypeNames: Set<String> = [
        "Any", "AnyHashable", "Array", "Bool", "Data", "Date", "Decimal", "Dictionary", "Double", "Field", "Float",
        "Int16", "Int32", "Int64", "Int8", "JavaArray", "JavaBigInteger", "JavaCalendar", "JavaClass", "JavaEnum",
        "JavaEnumSet", "JavaFieldOptions", "JavaLinkedList", "JavaStringBuffer", "JavaStringBuilder", "JavaTreeMap",
        "JavaTreeSet", "JavaType", "Locale", "Optional", "OrderedDictionary", "OrderedSet", "Protocol", "Register",
        "Schema", "Schematized", "Self", "Set", "String", "TimeZone", "Type", "UInt16",
    ]

    private func checkOptions() throws(SwiftSchemaGenerationError) {
        if let namespace = options.namespace {
            guard SwiftIdentifiers.isPlainIdentifier(namespace), !Self.reservedTypeNames.contains(namespace) else {
                throw SwiftSchemaGenerationError("namespace \"\(namespace)\" is not a usable Swift type name")
            }
        }
        guard SwiftIdentifiers.isPlainIdentifier(options.registrationsFunctionName) else {
            throw SwiftSchemaGenerationError(
                "registrations function name \"\(options.registrationsFunctionName)\" is not a Swift identifier")
        }
    }

    private func typeNames(for set: SchemaSet) throws(SwiftSchemaGenerationError) -> SchemaTypeNames {
        var classes: [String: (swiftName: String, isEnum: Bool, firstCase: String?)] = [:]
        var javaNameBySwiftName: [String: String] = [:]
        for schema in set.classes {
            let isEnum: Bool
            switch schema.layout {
            case .library, .interface: continue
            case .enumeration: isEnum = true
            case .fields: isEnum = false
            }
            let simple = schema.javaName.split(separator: ".").last.map(String.init) ?? schema.javaName
            let swiftName =
                options.typeNames[schema.javaName] ?? String(simple.map { $0 == "$" ? "_" : $0 })
            guard SwiftIdentifiers.isPlainIdentifier(swiftName) else {
                throw SwiftSchemaGenerationError(
                    "class \(schema.javaName) cannot become a Swift type: \"\(swiftName)\" is not an identifier"
                        + " (name it in typeNames)")
            }
            guard !Self.reservedTypeNames.contains(swiftName), swiftName != options.namespace else {
                throw SwiftSchemaGenerationError(
                    "class \(schema.javaName) would be the Swift type \(swiftName), which hides a type generated"
                        + " code uses (name it in typeNames)")
            }
            if let other = javaNameBySwiftName[swiftName] {
                throw SwiftSchemaGenerationError(
                    "classes \(other) and \(schema.javaName) would both be the Swift type \(swiftName)"
                        + " (name one in typeNames)")
            }
            javaNameBySwiftName[swiftName] = schema.javaName
            let firstCase = schema.enumConstants?.first.flatMap(SwiftIdentifiers.memberName(forJavaName:))
            classes[schema.javaName] = (swiftName, isEnum, firstCase.map { SwiftIdentifiers.escaped(enumCaseName($0)) })
        }
        return SchemaTypeNames(classes: classes)
    }

    /// Case names that would clash with members every `JavaEnum` has.
    private static let reservedCaseNames: Set<String> = [
        "allCases", "javaClassName", "javaConstantNames", "schemaModel", "defaultSerializer", "isJavaFinal",
        "isReferenceTracked",
    ]

    private func enumCaseName(_ name: String) -> String {
        Self.reservedCaseNames.contains(name) ? name + "_" : name
    }

    // MARK: - Declarations

    private var access: String { options.accessLevel == .public ? "public " : "" }

    private func enumDeclaration(_ schema: JavaClassSchema, swiftName: String, constants: [String])
        throws(SwiftSchemaGenerationError) -> [String]
    {
        let isMacro = options.style == .macro
        var lines = ["/// Java enum `\(schema.javaName)`."]
        if isMacro {
            lines += ["@JavaEnum(\(literal(schema.javaName)))", "\(access)enum \(swiftName) {"]
        } else {
            lines.append("\(access)enum \(swiftName): JavaEnum {")
        }
        var seen: [String: String] = [:]
        for constant in constants {
            guard let name = SwiftIdentifiers.memberName(forJavaName: constant).map(enumCaseName) else {
                throw SwiftSchemaGenerationError(
                    "constant \(constant) of \(schema.javaName) cannot become a Swift case name")
            }
            if let other = seen[name] {
                throw SwiftSchemaGenerationError(
                    "constants \(other) and \(constant) of \(schema.javaName) would both be the Swift case \(name)")
            }
            seen[name] = constant
            let derived = javaEnumConstantName(forCaseName: name)
            let marker = isMacro && derived != constant ? "@JavaConstant(\(literal(constant))) " : ""
            lines.append("    \(marker)case \(SwiftIdentifiers.escaped(name))")
        }
        if !isMacro {
            lines.append("")
            lines.append("    \(access)static let javaClassName = \(literal(schema.javaName))")
            lines += list(
                "    \(access)static let javaConstantNames = [", constants.map(literal), close: "]", indent: "    ")
        }
        lines.append("}")
        return lines
    }

    /// A generated stored property and the field it declares.
    private struct Property {
        var name: String
        var type: String
        var initial: String?
        var field: JavaFieldSchema
        /// The `java:` options of the schema form.
        var options: [String]
        /// The field's Java type, when it is not the one the Swift type reports.
        var javaType: JavaType?
    }

    private func classDeclaration(
        _ schema: JavaClassSchema, swiftName: String, kind: FieldSerializerKind, fields: [JavaFieldSchema],
        mapper: SwiftTypeMapper
    ) throws(SwiftSchemaGenerationError) -> (lines: [String], usesFoundation: Bool) {
        var properties: [Property] = []
        var usesFoundation = false
        var seen: [String: String] = [:]
        for field in fields {
            let context = "field \(field.name) of \(schema.javaName)"
            guard let name = SwiftIdentifiers.memberName(forJavaName: field.name) else {
                throw SwiftSchemaGenerationError("\(context): the name cannot become a Swift property name")
            }
            if let other = seen[name] {
                throw SwiftSchemaGenerationError(
                    "fields \(other) and \(field.name) of \(schema.javaName) would both be the Swift property \(name)")
            }
            seen[name] = field.name
            if field.isDeprecated, field.tag == nil {
                throw SwiftSchemaGenerationError(
                    "\(context) is deprecated without a tag; Swift marks deprecation with .tag(_:deprecated:)")
            }
            let mapped = try mapper.map(field.type, at: .field, context: context)
            usesFoundation = usesFoundation || mapped.usesFoundation
            let type: String
            let initial: String?
            if field.type.isPrimitive {
                (type, initial) = (mapped.text, mapped.emptyValue)
            } else if !field.isNullable, !mapped.mustBeOptional, let empty = mapped.emptyValue {
                (type, initial) = (mapped.text, empty)
            } else {
                (type, initial) = (mapped.text.hasSuffix("?") ? mapped.text : mapped.text + "?", nil)
            }
            var options: [String] = []
            if let isFinal = field.isFinal { options.append("isFinal: \(isFinal)") }
            if field.isPublicField { options.append("isPublicField: true") }
            if !field.isNullable { options.append("isNullable: false") }
            let javaType = field.type != mapped.canonical ? field.type : nil
            if self.options.style == .macro, let javaType, javaType.containsTypeVariable {
                throw SwiftSchemaGenerationError(
                    "\(context): the type \(javaType.shortName) names a type variable, which @JavaField cannot"
                        + " declare (generate the schema style)")
            }
            if let javaType { options.append("javaType: \(expression(javaType))") }
            properties.append(
                Property(
                    name: name, type: type, initial: initial, field: field, options: options, javaType: javaType))
        }

        let isMacro = options.style == .macro
        // The macro form marks every field public at once when they all are.
        let publicFields = isMacro && !fields.isEmpty && fields.allSatisfy(\.isPublicField)
        var lines = ["/// Java class `\(schema.javaName)`."]
        if isMacro {
            var arguments = [literal(schema.javaName)]
            if schema.isFinal { arguments.append("isFinal: true") }
            if kind != .field { arguments.append("serializer: .\(kind)") }
            if publicFields { arguments.append("publicFields: true") }
            lines += list("@JavaClass(", arguments, close: ")", indent: "")
            lines.append("\(access)final class \(swiftName) {")
        } else {
            lines.append("\(access)final class \(swiftName): Schematized {")
        }
        for property in properties {
            let initial = property.initial.map { " = " + $0 } ?? ""
            let declaration = "\(access)var \(SwiftIdentifiers.escaped(property.name)): \(property.type)\(initial)"
            guard isMacro else {
                lines.append("    " + declaration)
                continue
            }
            let markers = fieldAttributes(property, publicFields: publicFields)
            if markers.isEmpty {
                lines.append("    " + declaration)
            } else if fits("    " + markers.joined(separator: " ") + " " + declaration) {
                lines.append("    " + markers.joined(separator: " ") + " " + declaration)
            } else {
                lines += markers.map { "    " + $0 }
                lines.append("    " + declaration)
            }
        }
        if !properties.isEmpty { lines.append("") }
        lines.append("    \(access)init() {}")
        if !properties.isEmpty {
            lines.append("")
            let parameters = properties.map { "\(SwiftIdentifiers.escaped($0.name)): \($0.type)" }
            lines += list("    \(access)convenience init(", parameters, close: ") {", indent: "    ")
            lines.append("        self.init()")
            for property in properties {
                let name = SwiftIdentifiers.escaped(property.name)
                lines.append("        self.\(name) = \(name)")
            }
            lines.append("    }")
        }
        if isMacro {
            lines.append("}")
            return (lines, usesFoundation)
        }
        lines.append("")
        var schemaArguments = ["java: \(literal(schema.javaName))"]
        if schema.isFinal { schemaArguments.append("isFinal: true") }
        if kind != .field { schemaArguments.append("serializer: .\(kind)") }
        lines += list(
            "    \(access)static let schema = Schema<\(swiftName)>(", schemaArguments, close: ") {", indent: "    ")
        for property in properties {
            lines += fieldLines(property.field, property: property.name, options: property.options)
        }
        lines.append("    }")
        lines.append("}")
        return (lines, usesFoundation)
    }

    /// The attributes of a property in the macro form: `@NotNull`, and `@JavaField(…)` with what
    /// the Swift declaration does not already say.
    private func fieldAttributes(_ property: Property, publicFields: Bool) -> [String] {
        let field = property.field
        var attributes: [String] = []
        if !field.isNullable { attributes.append("@NotNull") }
        var arguments: [String] = []
        if field.name != property.name { arguments.append("name: \(literal(field.name))") }
        if let tag = field.tag { arguments.append("tag: \(tag)") }
        if field.isDeprecated { arguments.append("deprecated: true") }
        if field.isAnnexed { arguments.append("annexed: true") }
        if field.since != 0 { arguments.append("since: \(field.since)") }
        if let javaType = property.javaType { arguments.append("javaType: \(literal(javaType.shortName))") }
        if let isFinal = field.isFinal { arguments.append("isFinal: \(isFinal)") }
        if field.isPublicField != publicFields { arguments.append("isPublicField: \(field.isPublicField)") }
        if !arguments.isEmpty { attributes.append("@JavaField(" + arguments.joined(separator: ", ") + ")") }
        return attributes
    }

    private func fieldLines(_ field: JavaFieldSchema, property: String, options: [String]) -> [String] {
        let name = SwiftIdentifiers.escaped(property)
        var arguments = [literal(field.name)]
        switch self.options.fieldAccess {
        case .keyPaths:
            arguments.append("\\.\(name)")
        case .closures:
            arguments.append("get: { $0.\(name) }")
            arguments.append("set: { $0.\(name) = $1 }")
        }
        var javaLines: [String] = []
        if !options.isEmpty {
            let flat = "java: .init(" + options.joined(separator: ", ") + ")"
            arguments.append(flat)
            javaLines = list("java: .init(", options, close: ")", indent: "")
        }
        var tag = ""
        if let value = field.tag {
            let flags = (field.isDeprecated ? ", deprecated: true" : "") + (field.isAnnexed ? ", annexed: true" : "")
            tag = ".tag(\(value)\(flags))"
        }
        if field.since != 0 { tag += ".since(\(field.since))" }
        let indent = "        "
        let flat = indent + "Field(" + arguments.joined(separator: ", ") + ")" + tag
        if fits(flat) { return [flat] }
        // One argument per line; a `java:` argument that is still too long gets one option per line.
        var lines = [indent + "Field("]
        let inner = indent + "    "
        for (index, argument) in arguments.enumerated() {
            let separator = index == arguments.count - 1 ? "" : ","
            if argument.hasPrefix("java: "), !fits(inner + argument + separator), let closing = javaLines.last {
                lines += javaLines.dropLast().map { inner + $0 }
                lines.append(inner + closing + separator)
            } else {
                lines.append(inner + argument + separator)
            }
        }
        lines.append(indent + ")" + tag)
        return lines
    }

    // MARK: - Registrations

    private func registrationsFile(_ set: SchemaSet, names: SchemaTypeNames, mapper: SwiftTypeMapper)
        throws(SwiftSchemaGenerationError) -> GeneratedSwiftFile
    {
        var entries: [String] = []
        var usesFoundation = false
        var registeredTypes: [String: String] = [:]
        for schema in set.classes {
            var arguments: [String]
            let swiftType: String
            if schema.methods != nil {
                throw SwiftSchemaGenerationError(
                    "interface \(schema.javaName) declares methods (KryoNet's remote method invocation), which the "
                        + "generator does not write: declare it as a RemoteInterface in Swift and register it with "
                        + "Register(remoteInterface:) (Docs/KryoNet.md)")
            }
            if let generated = names.classes[schema.javaName] {
                swiftType = generated.swiftName
                arguments = ["\(swiftType).self"]
                if let id = schema.id { arguments.append("id: \(id)") }
            } else {
                let noType = SwiftSchemaGenerationError(
                    "library class \(schema.javaName) has no Swift type to register")
                let parsed =
                    schema.javaName.hasSuffix("]")
                    ? try? JavaType(parsing: schema.javaName) : JavaType(className: schema.javaName)
                guard let type = parsed, !type.isPrimitive,
                    let mapped = try? mapper.map(type, at: .arrayComponent, context: ""), mapped.text != "Any"
                else { throw noType }
                usesFoundation = usesFoundation || mapped.usesFoundation
                swiftType = mapped.text
                arguments = ["\(swiftType).self"]
                if let id = schema.id { arguments.append("id: \(id)") }
                if mapped.className != type.className { arguments.append("javaName: \(literal(type.className))") }
            }
            if let other = registeredTypes[swiftType] {
                throw SwiftSchemaGenerationError(
                    "classes \(other) and \(schema.javaName) would both register the Swift type \(swiftType)")
            }
            registeredTypes[swiftType] = schema.javaName
            if let archiveName = schema.archiveName {
                arguments.append("archiveClass: ArchiveClass(\(literal(archiveName)))")
            }
            if let readableName = schema.readableName { arguments.append("readableName: \(literal(readableName))") }
            entries.append("Register(" + arguments.joined(separator: ", ") + ")")
        }
        let function = options.registrationsFunctionName
        let isStatic = options.namespace != nil
        var body: [String] = []
        if let namespace = options.namespace {
            body += [
                "/// The classes of \(options.source ?? "the schema"), generated from it.",
                "\(access)enum \(namespace) {}", "",
            ]
        }
        let call = (options.namespace.map { $0 + "." } ?? "") + function + "()"
        var declaration = [
            "/// The registrations of the schema's classes, with their ids: `try Registry(\(call))`.",
            "\(access)\(isStatic ? "static " : "")func \(function)() -> [Register] {",
        ]
        declaration += entries.isEmpty ? ["    []"] : list("    [", entries, close: "]", indent: "    ", oneLine: false)
        declaration.append("}")
        if let namespace = options.namespace {
            body += ["extension \(namespace) {"] + declaration.map { $0.isEmpty ? $0 : "    " + $0 } + ["}"]
        } else {
            body += declaration
        }
        let name = (options.namespace ?? function) + ".swift"
        return GeneratedSwiftFile(name: name, contents: file(imports: usesFoundation, body: body))
    }

    // MARK: - Text

    private func file(imports usesFoundation: Bool, body: [String]) -> String {
        var lines = [
            "// Generated by SwiftKryo (kryo schema generate) from \(options.source ?? "a schema set"). Do not edit.",
            "",
        ]
        if usesFoundation { lines.append("import Foundation") }
        lines.append("import SwiftKryo")
        lines.append("")
        lines += body
        return lines.joined(separator: "\n") + "\n"
    }

    /// The declaration nested in an extension of the namespace, if there is one.
    private func nested(_ lines: [String]) -> [String] {
        guard let namespace = options.namespace else { return lines }
        return ["extension \(namespace) {"] + lines.map { $0.isEmpty ? $0 : "    " + $0 } + ["}"]
    }

    /// `head` + items + `close` on one line when it fits in 120 columns (and `oneLine` allows it),
    /// else one item per line (array literals get a trailing comma, as swift format writes them).
    private func list(_ head: String, _ items: [String], close: String, indent: String, oneLine: Bool = true)
        -> [String]
    {
        let flat = head + items.joined(separator: ", ") + close
        if oneLine, fits(flat) { return [flat] }
        let isArray = head.hasSuffix("[")
        var lines = [head]
        for (index, item) in items.enumerated() {
            let last = index == items.count - 1
            lines.append(indent + "    " + item + (last && !isArray ? "" : ","))
        }
        lines.append(indent + close)
        return lines
    }

    /// Whether a line fits in 120 columns once nested in the namespace's extension.
    private func fits(_ line: String) -> Bool {
        line.count + (options.namespace == nil ? 0 : 4) <= 120
    }

    /// A Swift string literal.
    private func literal(_ text: String) -> String {
        quoted(text, escaping: { $0.value < 0x20 || $0.value == 0x7F }, as: { "\\u{\(String($0.value, radix: 16))}" })
    }

    /// A Swift expression for a Java type.
    private func expression(_ type: JavaType) -> String {
        switch type {
        case .primitive(let primitive): return ".primitive(.\(primitive.rawValue))"
        case .array(let component): return ".array(\(expression(component)))"
        case .typeVariable(let name): return ".typeVariable(\(literal(name)))"
        case .object(let name, let arguments):
            if arguments.isEmpty { return ".named(\(literal(name)))" }
            return ".object(\(literal(name)), arguments: [\(arguments.map(expression).joined(separator: ", "))])"
        }
    }
}

extension JavaType {
    /// Whether the type is or holds a type variable.
    fileprivate var containsTypeVariable: Bool {
        switch self {
        case .primitive: return false
        case .typeVariable: return true
        case .array(let component): return component.containsTypeVariable
        case .object(_, let arguments): return arguments.contains(where: \.containsTypeVariable)
        }
    }
}

/// One generated Swift source file.
public struct GeneratedSwiftFile: Sendable, Hashable {
    /// The file name (`GeneratedCocoa.SampleBean.swift`).
    public var name: String
    /// The source text.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// Why ``SwiftSchemaGenerator`` could not generate Swift for a schema set.
public struct SwiftSchemaGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one line (`field x of a.B: cannot map Java type Foo to Swift …`).
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
