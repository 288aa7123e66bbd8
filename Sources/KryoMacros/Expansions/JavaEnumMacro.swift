import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JavaEnum("shop.Status")`: the `JavaEnum` conformance of an enum without associated values.
/// Ordinals are the cases' declaration order; the Java constant names are derived from the case
/// names (`darkRed` → `DARK_RED`) unless a case says `@JavaConstant("…")`.
struct JavaEnumMacro: ExtensionMacro {
    /// The expansion is laid out as one would write it (one field per line).
    static var formatMode: FormatMode { .disabled }

    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticSink()
        defer { diagnostics.flush(to: context) }
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            let isClassLike = declaration.is(ClassDeclSyntax.self) || declaration.is(StructDeclSyntax.self)
            diagnostics.report(
                KryoDiagnostic(
                    "not-an-enum",
                    isClassLike
                        ? "@JavaEnum declares a Java enum; a Java class is declared @JavaClass"
                        : "@JavaEnum applies to an enum"),
                at: node, fixIts: isClassLike ? [FixIts.rename(node, to: "JavaClass")] : [])
            return []
        }
        let arguments = node.argumentList
        guard let first = arguments.first, first.label == nil, let javaName = first.expression.stringLiteral else {
            diagnostics.report(
                KryoDiagnostic(
                    "missing-java-name",
                    "@JavaEnum needs the Java enum's name as a string literal: @JavaEnum(\"shop.Status\")"),
                at: node)
            return []
        }
        guard JavaTypeText.isClassName(javaName) else {
            diagnostics.report(
                KryoDiagnostic(
                    "bad-class-name", "\"\(javaName)\" is not a Java binary class name (shop.Status, a.Outer$Kind)"),
                at: first.expression)
            return []
        }
        if let generics = enumDecl.genericParameterClause {
            diagnostics.report(KryoDiagnostic("generic-type", "@JavaEnum cannot declare a generic enum"), at: generics)
            return []
        }

        var constants: [(name: String, isExplicit: Bool)] = []
        var seen: [String: String] = [:]
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var explicit: (name: String, node: ExprSyntax)?
            for element in caseDecl.attributes {
                guard case .attribute(let attribute) = element, attribute.simpleName == "JavaConstant" else {
                    continue
                }
                guard let argument = attribute.argumentList.first, let name = argument.expression.stringLiteral
                else {
                    diagnostics.report(
                        KryoDiagnostic(
                            "literal-argument", "@JavaConstant needs the constant's name as a string literal"),
                        at: attribute)
                    continue
                }
                guard JavaTypeText.isClassName(name), !name.contains(".") else {
                    diagnostics.report(
                        KryoDiagnostic("bad-constant-name", "\"\(name)\" is not a Java constant name"),
                        at: argument.expression)
                    continue
                }
                if caseDecl.elements.count > 1 {
                    diagnostics.report(
                        KryoDiagnostic(
                            "constant-on-several-cases", "@JavaConstant names one case: declare this case on its own"),
                        at: attribute)
                    continue
                }
                explicit = (name, argument.expression)
            }
            for element in caseDecl.elements {
                if let parameters = element.parameterClause {
                    diagnostics.report(
                        KryoDiagnostic(
                            "associated-values",
                            "case '\(element.name.text)' has associated values, which a Java enum constant cannot"
                                + " hold (a Codable enum registers through the Codable bridge)"),
                        at: parameters)
                    continue
                }
                let caseName = element.name.text.filter { $0 != "`" }
                let name = explicit?.name ?? javaConstantName(forCaseName: caseName)
                if let other = seen[name] {
                    diagnostics.report(
                        KryoDiagnostic(
                            "duplicate-constant",
                            "cases '\(other)' and '\(caseName)' are both the Java constant \(name)"
                        ),
                        at: explicit.map { Syntax($0.node) } ?? Syntax(element.name))
                    continue
                }
                seen[name] = caseName
                constants.append((name, explicit != nil))
            }
        }
        if diagnostics.hasErrors { return [] }

        let access = JavaClassMacro.accessModifier(of: declaration)
        var lines = ["\(access)static let javaClassName = \(quoted(javaName))"]
        if constants.contains(where: \.isExplicit) {
            lines.append(
                "\(access)static let javaConstantNames = [\(constants.map { quoted($0.name) }.joined(separator: ", "))]"
            )
        }
        let conformance = protocols.isEmpty ? "" : ": SwiftKryo.JavaEnum"
        let typeName = type.trimmedDescription
        let source = "extension \(typeName)\(conformance) {\n\(lines.map { "    " + $0 }.joined(separator: "\n"))\n}"
        guard let extensionDecl = DeclSyntax(stringLiteral: source).as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// `darkRed` → `DARK_RED`, as `JavaEnum.javaConstantNames` derives it at run time.
    static func javaConstantName(forCaseName name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next.map { $0.isLowercase } == true)
                {
                    result.append("_")
                }
            }
            result.append(contentsOf: character.uppercased())
        }
        return result
    }
}
