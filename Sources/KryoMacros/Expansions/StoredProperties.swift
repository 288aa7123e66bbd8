import SwiftDiagnostics
import SwiftSyntax

/// A stored property of a `@JavaClass` type and what its attributes say about its Java field.
struct StoredProperty {
    /// The property's name as written (with backticks when it has them).
    var identifier: String
    /// The name without backticks: the Java field name unless `@JavaField(name:)` gives another.
    var swiftName: String
    var declaration: VariableDeclSyntax
    var binding: PatternBindingSyntax
    var type: TypeSyntax?
    var javaName: String
    var tag: Int?
    var tagExpression: ExprSyntax?
    var isDeprecated = false
    var isAnnexed = false
    /// `since:`, the version that added the field (the version serializer's `@Since`).
    var since: Int?
    var sinceExpression: ExprSyntax?
    var javaType: JavaTypeText.Parsed?
    var isFinal: Bool?
    var isPublicField: Bool?
    var isNotNull = false
    var isTransient = false
    var javaFieldAttribute: AttributeSyntax?
    /// Whether an attribute of the property is in error (the field is left out of the schema).
    var isInvalid = false
}

/// The argument labels of `@JavaField`, in their declared order.
let javaFieldLabels = ["name", "tag", "deprecated", "annexed", "since", "javaType", "isFinal", "isPublicField"]

enum StoredProperties {
    /// The stored instance properties of `members`, with the facts their attributes declare.
    /// Reports malformed attributes and properties that cannot be fields.
    static func collect(_ members: MemberBlockItemListSyntax, diagnostics: inout DiagnosticSink) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: {
                [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
            }) {
                continue
            }
            let bindings = Array(variable.bindings)
            for (offset, binding) in bindings.enumerated() {
                if let accessors = binding.accessorBlock, isComputed(accessors) { continue }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    diagnostics.report(
                        KryoDiagnostic(
                            "destructuring",
                            "a stored property of a @JavaClass type must have one name; declare each field on its own"
                        ), at: binding.pattern)
                    continue
                }
                // `var a, b: Int32` gives `a` the type of the next binding that has one.
                let type =
                    binding.typeAnnotation?.type
                    ?? (binding.initializer == nil
                        ? bindings[(offset + 1)...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type : nil)
                let identifier = pattern.identifier.text
                let swiftName = identifier.filter { $0 != "`" }
                var property = StoredProperty(
                    identifier: identifier, swiftName: swiftName, declaration: variable, binding: binding, type: type,
                    javaName: swiftName)
                readAttributes(of: variable, into: &property, diagnostics: &diagnostics)
                properties.append(property)
            }
        }
        return properties
    }

    /// Whether the accessors make a computed property (observers alone keep it stored).
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { accessor in
                ![.keyword(.willSet), .keyword(.didSet)].contains(accessor.accessorSpecifier.tokenKind)
            }
        }
    }

    private static func readAttributes(
        of variable: VariableDeclSyntax, into property: inout StoredProperty, diagnostics: inout DiagnosticSink
    ) {
        for element in variable.attributes {
            guard case .attribute(let attribute) = element else { continue }
            switch attribute.simpleName {
            case "Transient": property.isTransient = true
            case "NotNull": property.isNotNull = true
            case "JavaField":
                property.javaFieldAttribute = attribute
                readJavaField(attribute, into: &property, diagnostics: &diagnostics)
            default: continue
            }
        }
    }

    private static func readJavaField(
        _ attribute: AttributeSyntax, into property: inout StoredProperty, diagnostics: inout DiagnosticSink
    ) {
        for argument in attribute.argumentList {
            let label = argument.label?.text ?? ""
            let expression = argument.expression
            func notLiteral(_ kind: String) {
                diagnostics.report(
                    KryoDiagnostic("literal-argument", "@JavaField's '\(label)' must be \(kind)"), at: expression)
                property.isInvalid = true
            }
            switch label {
            case "name":
                guard let name = expression.stringLiteral else { return notLiteral("a string literal") }
                guard JavaTypeText.isClassName(name), !name.contains(".") else {
                    diagnostics.report(
                        KryoDiagnostic("bad-field-name", "\"\(name)\" is not a Java field name"), at: expression)
                    property.isInvalid = true
                    continue
                }
                property.javaName = name
            case "tag":
                if expression.isNilLiteral { continue }
                guard let tag = expression.integerLiteral else { return notLiteral("an integer literal") }
                guard tag >= 0 else {
                    diagnostics.report(
                        KryoDiagnostic(
                            "negative-tag", "tag \(tag) of '\(property.swiftName)' is negative (tags are ≥ 0)"),
                        at: expression)
                    property.isInvalid = true
                    continue
                }
                property.tag = tag
                property.tagExpression = expression
            case "deprecated":
                guard let value = expression.booleanLiteral else { return notLiteral("true or false") }
                property.isDeprecated = value
            case "annexed":
                guard let value = expression.booleanLiteral else { return notLiteral("true or false") }
                property.isAnnexed = value
            case "since":
                guard let version = expression.integerLiteral else { return notLiteral("an integer literal") }
                guard version >= 0, version < Int(Int32.max) else {
                    diagnostics.report(
                        KryoDiagnostic(
                            "bad-version",
                            "version \(version) of '\(property.swiftName)' is out of range (versions are 0 to \(Int32.max - 1))"
                        ), at: expression)
                    property.isInvalid = true
                    continue
                }
                property.since = version
                property.sinceExpression = expression
            case "javaType":
                if expression.isNilLiteral { continue }
                guard let text = expression.stringLiteral else { return notLiteral("a string literal") }
                switch JavaTypeText.parse(text) {
                case .success(let parsed): property.javaType = parsed
                case .failure(let failure):
                    diagnostics.report(
                        KryoDiagnostic(
                            "bad-java-type",
                            "\"\(text)\" is not a Java type: expected \(failure.expected) at column \(failure.column)"),
                        at: expression)
                    property.isInvalid = true
                }
            case "isFinal":
                if expression.isNilLiteral { continue }
                guard let value = expression.booleanLiteral else { return notLiteral("true, false or nil") }
                property.isFinal = value
            case "isPublicField":
                if expression.isNilLiteral { continue }
                guard let value = expression.booleanLiteral else { return notLiteral("true, false or nil") }
                property.isPublicField = value
            default:
                continue
            }
        }
    }
}

/// What Swift types of a field say about Java, read from the type's syntax.
enum FieldTypes {
    /// A Swift type with no Java counterpart that Kryo's formats could write, and what to use
    /// instead.
    struct Unsupported {
        var node: TypeSyntax
        var reason: String
        var replacement: String?
    }

    /// Names of standard types that no Java field type matches, with the replacement a fix-it
    /// offers and why.
    static let unsupportedNames: [String: (replacement: String?, reason: String)] = [
        "UInt8": ("Int16", "Java has no unsigned byte (an array of them, [UInt8], is a byte[])"),
        "UInt32": ("Int64", "Java has no unsigned int"),
        "UInt64": ("Int64", "Java has no unsigned long"),
        "UInt": ("Int64", "Java has no unsigned long"),
        "Int128": ("JavaBigInteger", "Java has no 128-bit integer"),
        "UInt128": ("JavaBigInteger", "Java has no 128-bit integer"),
        "Float16": ("Float", "Java has no half-precision float"),
        "Float80": ("Double", "Java has no 80-bit float"),
        "CGFloat": ("Double", "Java has no CGFloat"),
        "Character": ("String", "a Swift Character may be several UTF-16 code units, which a Java char is not"),
        "Substring": ("String", "Java has no substring type"),
    ]

    /// The first part of `type` that Kryo cannot write.
    static func unsupported(in type: TypeSyntax, asArrayElement: Bool = false) -> Unsupported? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            if name == "UInt8", asArrayElement { return nil }
            if let entry = unsupportedNames[name], identifier.genericArgumentClause == nil {
                return Unsupported(node: type, reason: entry.reason, replacement: entry.replacement)
            }
            let arrayLike = name == "Array" || name == "ContiguousArray"
            for argument in identifier.genericArgumentClause?.arguments ?? [] {
                guard let argumentType = genericArgumentType(argument) else { continue }
                if let found = unsupported(in: argumentType, asArrayElement: arrayLike) { return found }
            }
            return nil
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let base = member.baseType.trimmedDescription
            if base == "Swift" || base == "CoreFoundation" || base == "Foundation",
                let entry = unsupportedNames[member.name.text]
            {
                return Unsupported(node: type, reason: entry.reason, replacement: entry.replacement)
            }
            return nil
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return unsupported(in: optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unsupported(in: unwrapped.wrappedType)
        }
        if let array = type.as(ArrayTypeSyntax.self) { return unsupported(in: array.element, asArrayElement: true) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return unsupported(in: dictionary.key) ?? unsupported(in: dictionary.value)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                return unsupported(in: only.type, asArrayElement: asArrayElement)
            }
            return Unsupported(node: type, reason: "Java has no tuples", replacement: nil)
        }
        if type.is(FunctionTypeSyntax.self) {
            return Unsupported(node: type, reason: "a function cannot be serialized", replacement: nil)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return unsupported(in: attributed.baseType, asArrayElement: asArrayElement)
        }
        if type.is(MetatypeTypeSyntax.self) {
            return Unsupported(
                node: type, reason: "a metatype cannot be serialized (JavaClass is java.lang.Class)",
                replacement: nil)
        }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self), someOrAny.someOrAnySpecifier.tokenKind == .keyword(.some)
        {
            return Unsupported(
                node: type, reason: "an opaque type cannot be read back; declare an existential (any P)",
                replacement: nil)
        }
        return nil
    }

    private static func genericArgumentType(_ argument: GenericArgumentSyntax) -> TypeSyntax? {
        // A type (swift-syntax 600), or a type or an expression (602 and later).
        Syntax(argument.argument).as(TypeSyntax.self)
    }

    /// The type a literal initializer gives a property without a type annotation, when it is
    /// plain from the syntax (`0` → `Int`, `""` → `String`, `Media()` → `Media`).
    static func inferredType(of initializer: ExprSyntax) -> String? {
        if initializer.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if initializer.is(FloatLiteralExprSyntax.self) { return "Double" }
        if initializer.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if initializer.is(StringLiteralExprSyntax.self) { return "String" }
        if let prefix = initializer.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferredType(of: prefix.expression)
        }
        if let call = initializer.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let first = callee.baseName.text.first, first.isUppercase
        {
            return callee.baseName.text
        }
        return nil
    }
}
