import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Compose's macros.
@main
struct ComposeMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ComposedMacro.self, CompositionBodyMacro.self, EntryMacro.self,
  ]
}
