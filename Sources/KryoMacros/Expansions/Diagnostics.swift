import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A diagnostic of SwiftKryo's macros.
struct KryoDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    let severity: DiagnosticSeverity

    init(_ id: String, _ message: String, severity: DiagnosticSeverity = .error) {
        self.id = id
        self.message = message
        self.severity = severity
    }

    var diagnosticID: MessageID { MessageID(domain: "SwiftKryo", id: id) }
}

/// A fix-it of SwiftKryo's macros.
struct KryoFixIt: FixItMessage {
    let message: String
    let id: String

    init(_ id: String, _ message: String) {
        self.id = id
        self.message = message
    }

    var fixItID: MessageID { MessageID(domain: "SwiftKryo", id: id) }
}

/// Collects the diagnostics of one expansion and reports them to the context.
struct DiagnosticSink {
    private(set) var hasErrors = false
    private var diagnostics: [Diagnostic] = []

    mutating func report(
        _ message: KryoDiagnostic, at node: some SyntaxProtocol, fixIts: [FixIt] = []
    ) {
        if message.severity == .error { hasErrors = true }
        diagnostics.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
    }

    func flush(to context: some MacroExpansionContext) {
        for diagnostic in diagnostics { context.diagnose(diagnostic) }
    }
}

// MARK: - Fix-its

enum FixIts {
    /// The declaration with `@Transient` in front of it.
    static func markTransient(_ declaration: VariableDeclSyntax) -> FixIt {
        var marked = declaration
        let leading = declaration.leadingTrivia
        marked.leadingTrivia = []
        let attribute = AttributeSyntax(
            leadingTrivia: leading, attributeName: IdentifierTypeSyntax(name: .identifier("Transient")),
            trailingTrivia: .space)
        marked.attributes = AttributeListSyntax([.attribute(attribute)] + Array(marked.attributes))
        return FixIt(
            message: KryoFixIt("mark-transient", "Mark the property @Transient (not serialized)"),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(marked))])
    }

    /// The type's declaration with `final` among its modifiers.
    static func addFinal(_ declaration: ClassDeclSyntax) -> FixIt {
        var fixed = declaration
        let final = DeclModifierSyntax(name: .keyword(.final, trailingTrivia: .space))
        if declaration.modifiers.isEmpty {
            fixed.modifiers = DeclModifierListSyntax([
                final.with(\.leadingTrivia, declaration.classKeyword.leadingTrivia)
            ])
            fixed.classKeyword = declaration.classKeyword.with(\.leadingTrivia, [])
        } else {
            fixed.modifiers = DeclModifierListSyntax(
                Array(declaration.modifiers.filter { $0.name.tokenKind != .keyword(.open) }) + [final])
        }
        return FixIt(
            message: KryoFixIt("add-final", "Add 'final'"),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))])
    }

    /// `attribute` renamed, with only its first argument kept.
    static func rename(_ attribute: AttributeSyntax, to name: String) -> FixIt {
        var renamed = attribute.with(
            \.attributeName,
            TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))).with(
                \.trailingTrivia, attribute.attributeName.trailingTrivia))
        if case .argumentList(let list) = attribute.arguments, let first = list.first {
            renamed.arguments = .argumentList(LabeledExprListSyntax([first.with(\.trailingComma, nil)]))
        }
        return FixIt(
            message: KryoFixIt("use-\(name)", "Use @\(name)"),
            changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(renamed))])
    }

    /// `attribute` with one more labeled argument, placed before the first argument whose label
    /// comes later in `order`.
    static func addArgument(
        _ label: String, _ value: ExprSyntax, to attribute: AttributeSyntax, order: [String], message: KryoFixIt
    ) -> FixIt {
        var arguments: [LabeledExprSyntax] = []
        if case .argumentList(let list) = attribute.arguments { arguments = Array(list) }
        let rank = order.firstIndex(of: label) ?? order.count
        let index =
            arguments.firstIndex { argument in
                guard let other = argument.label?.text else { return false }
                return (order.firstIndex(of: other) ?? order.count) > rank
            } ?? arguments.count
        let added = LabeledExprSyntax(
            label: .identifier(label), colon: .colonToken(trailingTrivia: .space), expression: value)
        arguments.insert(added, at: index)
        let separated = arguments.enumerated().map { offset, argument in
            offset == arguments.count - 1
                ? argument.with(\.trailingComma, nil)
                : argument.with(\.trailingComma, .commaToken(trailingTrivia: .space))
        }
        let fixed = attribute.with(\.leftParen, attribute.leftParen ?? .leftParenToken())
            .with(\.arguments, .argumentList(LabeledExprListSyntax(separated)))
            .with(\.rightParen, attribute.rightParen ?? .rightParenToken())
        return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(fixed))])
    }

    /// `old` replaced by `new`, keeping `old`'s trivia.
    static func replace(_ old: some SyntaxProtocol, with new: some SyntaxProtocol, message: KryoFixIt) -> FixIt {
        let replacement = new.with(\.leadingTrivia, old.leadingTrivia).with(\.trailingTrivia, old.trailingTrivia)
        return FixIt(message: message, changes: [.replace(oldNode: Syntax(old), newNode: Syntax(replacement))])
    }
}

// MARK: - Reading attributes

extension AttributeSyntax {
    /// The attribute's name without a module qualifier (`SwiftKryo.JavaField` → `JavaField`).
    var simpleName: String {
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        return attributeName.trimmedDescription
    }

    /// The arguments, or none.
    var argumentList: [LabeledExprSyntax] {
        if case .argumentList(let list) = arguments { return Array(list) }
        return []
    }
}

extension ExprSyntax {
    /// A string literal without interpolation.
    var stringLiteral: String? {
        self.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// An integer literal, possibly negative.
    var integerLiteral: Int? {
        if let literal = self.as(IntegerLiteralExprSyntax.self) { return Self.value(of: literal) }
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let literal = prefix.expression.as(IntegerLiteralExprSyntax.self), let value = Self.value(of: literal)
        {
            return -value
        }
        return nil
    }

    private static func value(of literal: IntegerLiteralExprSyntax) -> Int? {
        let text = literal.literal.text.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            return Int(text.dropFirst(2), radix: radix)
        }
        return Int(text)
    }

    /// `true` or `false`.
    var booleanLiteral: Bool? {
        guard let literal = self.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// `nil`.
    var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }
}
