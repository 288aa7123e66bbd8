import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in that expands SwiftKryo's macros (declared in the SwiftKryo module).
@main
struct KryoMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        JavaClassMacro.self, JavaEnumMacro.self, JavaFieldMacro.self, NotNullMacro.self, TransientMacro.self,
        JavaConstantMacro.self,
    ]
}
