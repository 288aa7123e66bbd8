import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The attributes that `@JavaClass` and `@JavaEnum` read from the members: they expand to nothing
/// and only check where they are written.
protocol MarkerMacro: PeerMacro {
    static var name: String { get }
    /// Whether the attribute belongs on an enum case rather than a stored property.
    static var marksEnumCases: Bool { get }
}

extension MarkerMacro {
    static var marksEnumCases: Bool { false }

    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if marksEnumCases {
            if !declaration.is(EnumCaseDeclSyntax.self) {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: KryoDiagnostic("misplaced-attribute", "@\(name) applies to a case of a @JavaEnum enum")
                    ))
            }
        } else if let variable = declaration.as(VariableDeclSyntax.self) {
            if variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
            {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: KryoDiagnostic(
                            "misplaced-attribute", "@\(name) applies to a stored instance property, not a static one")))
            }
        } else {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: KryoDiagnostic(
                        "misplaced-attribute", "@\(name) applies to a stored property of a @JavaClass type")))
        }
        return []
    }
}

/// `@JavaField(name:tag:deprecated:since:javaType:isFinal:isPublicField:)`.
struct JavaFieldMacro: MarkerMacro {
    static let name = "JavaField"
}

/// `@NotNull`: Java's `@NotNull` on the field.
struct NotNullMacro: MarkerMacro {
    static let name = "NotNull"
}

/// `@Transient`: a property that is not serialized (Java's `transient`).
struct TransientMacro: MarkerMacro {
    static let name = "Transient"
}

/// `@JavaConstant("NAME")`: the Java constant name of an enum case.
struct JavaConstantMacro: MarkerMacro {
    static let name = "JavaConstant"
    static var marksEnumCases: Bool { true }
}
