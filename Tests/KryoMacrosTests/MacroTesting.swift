import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them in a type that does not yet conform.
let kryoMacros: [String: MacroSpec] = [
    "JavaClass": MacroSpec(type: JavaClassMacro.self, conformances: ["Schematized"]),
    "JavaEnum": MacroSpec(type: JavaEnumMacro.self, conformances: ["JavaEnum"]),
    "JavaField": MacroSpec(type: JavaFieldMacro.self),
    "NotNull": MacroSpec(type: NotNullMacro.self),
    "Transient": MacroSpec(type: TransientMacro.self),
    "JavaConstant": MacroSpec(type: JavaConstantMacro.self),
]

/// swift-syntax's `assertMacroExpansion` with Swift Testing reporting the failures.
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = kryoMacros, applyFixIts: [String]? = nil, fixedSource: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macros,
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath, line: failure.location.line,
                    column: failure.location.column))
        }, fileID: fileID, filePath: filePath, line: line, column: column)
}
