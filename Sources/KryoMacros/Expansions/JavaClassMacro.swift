import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JavaClass("shop.Library")`: the `Schematized` conformance of a final class or a struct, from
/// its stored properties.
///
/// The expansion is what one would write by hand: a `static let schema` listing a `Field` per
/// stored property in declaration order (the schema sorts them into Java's order), reached
/// through closures, with the Java facts the property attributes declare.
struct JavaClassMacro: ExtensionMacro {
    /// The expansion is laid out as one would write it (one field per line).
    static var formatMode: FormatMode { .disabled }

    /// The labels of `@JavaClass`'s arguments after the Java name, in their declared order.
    static let labels = ["isFinal", "serializer", "publicFields"]

    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticSink()
        defer { diagnostics.flush(to: context) }
        guard let members = checkDeclaration(declaration, attribute: node, diagnostics: &diagnostics) else {
            return []
        }
        guard let arguments = ClassArguments(node, diagnostics: &diagnostics) else { return [] }

        var properties = StoredProperties.collect(members, diagnostics: &diagnostics)
        check(&properties, arguments: arguments, attribute: node, diagnostics: &diagnostics)

        let access = accessModifier(of: declaration)
        let typeName = type.trimmedDescription
        var schemaArguments = ["java: \(quoted(arguments.javaName))"]
        if let isFinal = arguments.isFinal { schemaArguments.append("isFinal: \(isFinal)") }
        if let serializer = arguments.serializer { schemaArguments.append("serializer: \(serializer)") }
        let fields = properties.filter { !$0.isTransient && !$0.isInvalid }
        var lines: [String]
        // Java's FieldSerializer and Kryo 5's RecordSerializer lay fields out alike: one straight run.
        if arguments.serializerKind == "field" || arguments.serializerKind == "record", !fields.isEmpty {
            lines = directSchema(
                fields, typeName: typeName, access: access, schemaArguments: schemaArguments,
                publicFields: arguments.publicFields)
        } else {
            lines = [
                "\(access)static let schema = SwiftKryo.Schema<\(typeName)>(\(schemaArguments.joined(separator: ", "))) {"
            ]
            for property in fields {
                lines.append("    " + fieldExpression(property, publicFields: arguments.publicFields))
            }
            lines.append("}")
        }
        let conformance = protocols.isEmpty ? "" : ": SwiftKryo.Schematized"
        let source = "extension \(typeName)\(conformance) {\n\(lines.map { "    " + $0 }.joined(separator: "\n"))\n}"
        let decl = DeclSyntax(stringLiteral: source)
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// The access modifier the schema needs for the type's access level.
    static func accessModifier(of declaration: some DeclGroupSyntax) -> String {
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// The field's `Field(...)` expression.
    static func fieldExpression(_ property: StoredProperty, publicFields: Bool) -> String {
        var arguments = [
            quoted(property.javaName), "get: { $0.\(property.identifier) }",
            "set: { $0.\(property.identifier) = $1 }",
        ]
        if let options = javaOptions(property, publicFields: publicFields) { arguments.append("java: \(options)") }
        return "SwiftKryo.Field(\(arguments.joined(separator: ", ")))" + tagSuffix(property)
    }

    /// The field's Java facts as a `JavaFieldOptions` expression, or `nil` when it has none.
    static func javaOptions(_ property: StoredProperty, publicFields: Bool) -> String? {
        var options: [String] = []
        if let isFinal = property.isFinal { options.append("isFinal: \(isFinal)") }
        if property.isPublicField ?? publicFields { options.append("isPublicField: true") }
        if property.isNotNull { options.append("isNullable: false") }
        if let javaType = property.javaType { options.append("javaType: \(javaType.expression)") }
        return options.isEmpty ? nil : ".init(\(options.joined(separator: ", ")))"
    }

    /// `.tag(n)` or `.tag(n, deprecated: true)` for a tagged property, and `.since(n)` for a
    /// property a version added.
    static func tagSuffix(_ property: StoredProperty) -> String {
        var suffix = ""
        if let tag = property.tag {
            suffix +=
                ".tag(\(tag)" + (property.isDeprecated ? ", deprecated: true" : "")
                + (property.isAnnexed ? ", annexed: true" : "") + ")"
        }
        if let since = property.since, since != 0 { suffix += ".since(\(since))" }
        return suffix
    }

    /// The schema of Java's `FieldSerializer` with its fields in one run of code (`DirectFields`):
    /// a `FieldCodec` per property (its overloads pick the kind of field from the property's
    /// type, as `Field`'s initializers do), the schema's fields built from them, and a write and
    /// a read that call them in Java's order.
    static func directSchema(
        _ fields: [StoredProperty], typeName: String, access: String, schemaArguments: [String], publicFields: Bool
    ) -> [String] {
        var lines = ["\(access)static let schema: SwiftKryo.Schema<\(typeName)> = {"]
        for (index, property) in fields.enumerated() {
            var arguments = ["\\\(typeName).\(property.identifier)", quoted(property.javaName)]
            if let options = javaOptions(property, publicFields: publicFields) { arguments.append("java: \(options)") }
            lines.append("    let field\(index) = SwiftKryo.FieldCodec.of(\(arguments.joined(separator: ", ")))")
        }
        let ordered = javaOrder(fields)
        let names = ordered.map { quoted(fields[$0].javaName) }.joined(separator: ", ")
        lines.append("    let direct = SwiftKryo.DirectFields<\(typeName)>(")
        lines.append("        names: [\(names)],")
        lines.append("        write: { value, writer in")
        for index in ordered {
            lines.append("            try field\(index).write(value.\(fields[index].identifier), to: writer)")
        }
        lines.append("        },")
        lines.append("        read: { value, reader in")
        for index in ordered {
            lines.append("            value.\(fields[index].identifier) = try field\(index).read(from: reader)")
        }
        lines.append("        })")
        let arguments = (schemaArguments + ["direct: direct"]).joined(separator: ", ")
        lines.append("    return SwiftKryo.Schema<\(typeName)>(\(arguments)) {")
        for (index, property) in fields.enumerated() {
            let accessors = "get: { $0.\(property.identifier) }, set: { $0.\(property.identifier) = $1 }"
            lines.append("        SwiftKryo.Field(field\(index), \(accessors))" + tagSuffix(property))
        }
        lines.append("    }")
        lines.append("}()")
        return lines
    }

    /// The indices of `fields` in Java's order: by Java name in UTF-16 code units (as
    /// `String.compareTo`), stable for equal names: the order `Schema` sorts its fields into.
    static func javaOrder(_ fields: [StoredProperty]) -> [Int] {
        fields.indices.sorted { lhs, rhs in
            let left = Array(fields[lhs].javaName.utf16)
            let right = Array(fields[rhs].javaName.utf16)
            return left == right ? lhs < rhs : left.lexicographicallyPrecedes(right)
        }
    }

    // MARK: - Checks

    /// The members of a final class or a struct; reports any other declaration.
    static func checkDeclaration(
        _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax, diagnostics: inout DiagnosticSink
    ) -> MemberBlockItemListSyntax? {
        if let classDecl = declaration.as(ClassDeclSyntax.self) {
            if !classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) {
                diagnostics.report(
                    KryoDiagnostic(
                        "non-final-class",
                        "@JavaClass needs a final class: decoding creates instances with init() and cannot create"
                            + " a subclass (declare a Java subclass as its own final class)"),
                    at: classDecl.classKeyword, fixIts: [FixIts.addFinal(classDecl)])
                return nil
            }
            if let generics = classDecl.genericParameterClause {
                reportGeneric(generics, diagnostics: &diagnostics)
                return nil
            }
            return classDecl.memberBlock.members
        }
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            if let generics = structDecl.genericParameterClause {
                reportGeneric(generics, diagnostics: &diagnostics)
                return nil
            }
            return structDecl.memberBlock.members
        }
        if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            diagnostics.report(
                KryoDiagnostic(
                    "enum-java-class", "@JavaClass declares a Java class; a Java enum is declared @JavaEnum"),
                at: enumDecl.enumKeyword, fixIts: [FixIts.rename(attribute, to: "JavaEnum")])
            return nil
        }
        let kind =
            if declaration.is(ProtocolDeclSyntax.self) {
                "a protocol (a Java interface is not serialized; declare its classes)"
            } else if declaration.is(ActorDeclSyntax.self) {
                "an actor (decoding sets fields outside its isolation)"
            } else {
                "this declaration"
            }
        diagnostics.report(
            KryoDiagnostic("not-a-class", "@JavaClass applies to a final class or a struct, not to \(kind)"),
            at: attribute)
        return nil
    }

    private static func reportGeneric(_ clause: GenericParameterClauseSyntax, diagnostics: inout DiagnosticSink) {
        diagnostics.report(
            KryoDiagnostic(
                "generic-type",
                "@JavaClass cannot declare a generic type: its schema is a static stored property; declare the"
                    + " Schema by hand in a computed property"),
            at: clause)
    }

    /// Reports properties that cannot be fields and tags that clash.
    static func check(
        _ properties: inout [StoredProperty], arguments: ClassArguments, attribute: AttributeSyntax,
        diagnostics: inout DiagnosticSink
    ) {
        var usedTags: [Int: String] = [:]
        var javaNames: [String: String] = [:]
        var nextTag = (properties.compactMap(\.tag).max() ?? 0) + 1
        for index in properties.indices {
            var property = properties[index]
            defer { properties[index] = property }
            if property.isTransient { continue }
            let declaration = property.declaration
            if property.binding.accessorBlock == nil, declaration.bindingSpecifier.tokenKind == .keyword(.let) {
                diagnostics.report(
                    KryoDiagnostic(
                        "let-property",
                        "'\(property.swiftName)' is a let: decoding sets every field after init(); declare it var"
                            + " or mark it @Transient"),
                    at: declaration.bindingSpecifier,
                    fixIts: [
                        FixIt(
                            message: KryoFixIt("use-var", "Declare it var"),
                            changes: [
                                .replace(
                                    oldNode: Syntax(declaration.bindingSpecifier),
                                    newNode: Syntax(declaration.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
                            ]),
                        FixIts.markTransient(declaration),
                    ])
                property.isInvalid = true
            }
            if declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                diagnostics.report(
                    KryoDiagnostic(
                        "lazy-property", "'\(property.swiftName)' is lazy: a field is read without being computed"),
                    at: property.binding.pattern, fixIts: [FixIts.markTransient(declaration)])
                property.isInvalid = true
                continue
            }
            guard let type = property.type else {
                var fixIts: [FixIt] = []
                if let initializer = property.binding.initializer?.value,
                    let inferred = FieldTypes.inferredType(of: initializer),
                    let pattern = property.binding.pattern.as(IdentifierPatternSyntax.self)
                {
                    let annotated = property.binding
                        .with(\.pattern, PatternSyntax(pattern.with(\.trailingTrivia, [])))
                        .with(
                            \.typeAnnotation,
                            TypeAnnotationSyntax(
                                colon: .colonToken(trailingTrivia: .space),
                                type: IdentifierTypeSyntax(
                                    name: .identifier(inferred, trailingTrivia: pattern.trailingTrivia))))
                    fixIts.append(
                        FixIt(
                            message: KryoFixIt("add-type", "Declare the type: \(inferred)"),
                            changes: [.replace(oldNode: Syntax(property.binding), newNode: Syntax(annotated))]))
                }
                fixIts.append(FixIts.markTransient(declaration))
                diagnostics.report(
                    KryoDiagnostic(
                        "missing-type",
                        "'\(property.swiftName)' needs a type annotation: the Java field's type comes from it"),
                    at: property.binding.pattern, fixIts: fixIts)
                property.isInvalid = true
                continue
            }
            if let unsupported = FieldTypes.unsupported(in: type) {
                var fixIts: [FixIt] = []
                if let replacement = unsupported.replacement {
                    fixIts.append(
                        FixIts.replace(
                            unsupported.node, with: IdentifierTypeSyntax(name: .identifier(replacement)),
                            message: KryoFixIt("use-\(replacement)", "Use \(replacement)")))
                }
                fixIts.append(FixIts.markTransient(declaration))
                diagnostics.report(
                    KryoDiagnostic(
                        "unsupported-type",
                        "'\(property.swiftName)' has type \(unsupported.node.trimmedDescription), which no Java field"
                            + " holds: \(unsupported.reason)"),
                    at: unsupported.node, fixIts: fixIts)
                property.isInvalid = true
                continue
            }
            if let other = javaNames[property.javaName] {
                diagnostics.report(
                    KryoDiagnostic(
                        "duplicate-name",
                        "'\(property.swiftName)' and '\(other)' are both the Java field \(property.javaName)"),
                    at: property.javaFieldAttribute.map(Syntax.init) ?? Syntax(property.binding.pattern))
                property.isInvalid = true
            } else {
                javaNames[property.javaName] = property.swiftName
            }
            if property.isDeprecated, property.tag == nil, let field = property.javaFieldAttribute {
                diagnostics.report(
                    KryoDiagnostic(
                        "deprecated-without-tag",
                        "'\(property.swiftName)' is deprecated without a tag: only the tagged serializer knows"
                            + " deprecated fields"),
                    at: field,
                    fixIts: [
                        FixIts.addArgument(
                            "tag", ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral(String(nextTag)))),
                            to: field, order: javaFieldLabels,
                            message: KryoFixIt("add-tag", "Add tag \(nextTag)"))
                    ])
                nextTag += 1
                property.isInvalid = true
            }
            if let tag = property.tag, let expression = property.tagExpression {
                if let other = usedTags[tag] {
                    diagnostics.report(
                        KryoDiagnostic(
                            "duplicate-tag", "tag \(tag) of '\(property.swiftName)' is already the tag of '\(other)'"),
                        at: expression,
                        fixIts: [
                            FixIts.replace(
                                expression, with: IntegerLiteralExprSyntax(literal: .integerLiteral(String(nextTag))),
                                message: KryoFixIt("next-tag", "Use tag \(nextTag)"))
                        ])
                    nextTag += 1
                    property.isInvalid = true
                } else {
                    usedTags[tag] = property.swiftName
                }
            }
        }
        if !usedTags.isEmpty, let kind = arguments.serializerKind, kind != "tagged",
            let first = properties.first(where: { $0.tag != nil }), let expression = first.tagExpression
        {
            diagnostics.report(
                KryoDiagnostic(
                    "tags-ignored",
                    "tags are read only by the tagged serializer; this schema's serializer (.\(kind)) ignores them",
                    severity: .warning),
                at: expression,
                fixIts: arguments.serializer == nil
                    ? [
                        FixIts.addArgument(
                            "serializer", ExprSyntax(".tagged"), to: attribute, order: labels,
                            message: KryoFixIt("use-tagged", "Use the tagged serializer"))
                    ] : [])
        }
        if let kind = arguments.serializerKind, kind != "version",
            let first = properties.first(where: { ($0.since ?? 0) != 0 }), let expression = first.sinceExpression
        {
            diagnostics.report(
                KryoDiagnostic(
                    "versions-ignored",
                    "versions are read only by the version serializer; this schema's serializer (.\(kind)) ignores them",
                    severity: .warning),
                at: expression,
                fixIts: arguments.serializer == nil
                    ? [
                        FixIts.addArgument(
                            "serializer", ExprSyntax(".version"), to: attribute, order: labels,
                            message: KryoFixIt("use-version", "Use the version serializer"))
                    ] : [])
        }
    }
}

/// The arguments of `@JavaClass`.
struct ClassArguments {
    var javaName: String
    var isFinal: String?
    /// The `serializer:` expression as written.
    var serializer: String?
    /// `field`, `tagged`, `compatible` or `record`, when ``serializer`` names one (or is absent).
    var serializerKind: String?
    var publicFields = false

    init?(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticSink) {
        let arguments = attribute.argumentList
        guard let first = arguments.first, first.label == nil else {
            diagnostics.report(
                KryoDiagnostic(
                    "missing-java-name", "@JavaClass needs the Java class name: @JavaClass(\"shop.Library\")"),
                at: attribute)
            return nil
        }
        guard let name = first.expression.stringLiteral else {
            diagnostics.report(
                KryoDiagnostic("literal-argument", "the Java class name must be a string literal"), at: first.expression
            )
            return nil
        }
        guard JavaTypeText.isClassName(name) else {
            diagnostics.report(
                KryoDiagnostic(
                    "bad-class-name", "\"\(name)\" is not a Java binary class name (shop.Library, a.Outer$Inner)"),
                at: first.expression)
            return nil
        }
        javaName = name
        serializerKind = "field"
        for argument in arguments.dropFirst() {
            let expression = argument.expression
            switch argument.label?.text {
            case "isFinal":
                guard let value = expression.booleanLiteral else {
                    diagnostics.report(
                        KryoDiagnostic("literal-argument", "@JavaClass's 'isFinal' must be true or false"),
                        at: expression)
                    return nil
                }
                if value { isFinal = "true" }
            case "serializer":
                serializer = expression.trimmedDescription
                if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
                    serializerKind = member.declName.baseName.text
                } else {
                    serializerKind = nil
                }
                if serializerKind == "field" { serializer = nil }
            case "publicFields":
                guard let value = expression.booleanLiteral else {
                    diagnostics.report(
                        KryoDiagnostic("literal-argument", "@JavaClass's 'publicFields' must be true or false"),
                        at: expression)
                    return nil
                }
                publicFields = value
            default:
                continue
            }
        }
    }
}
