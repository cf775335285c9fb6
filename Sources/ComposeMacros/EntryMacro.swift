import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Entry`: declares an environment value with its default in one line.
///
/// ```swift
/// extension EnvironmentValues {
///   @Entry var accentName: String = "blue"
/// }
/// ```
///
/// becomes
///
/// ```swift
/// extension EnvironmentValues {
///   var accentName: String {
///     get { self[__Key_accentName.self] }
///     set { self[__Key_accentName.self] = newValue }
///   }
///   private struct __Key_accentName: Compose.EnvironmentKey {
///     typealias Value = String
///     static var defaultValue: Value { "blue" }
///   }
/// }
/// ```
///
/// A property marked `@MainActor` gets a key marked `@MainActor` whose conformance is isolated to
/// the main actor, so that its default may make main-actor objects.
///
/// The peer role reports what is wrong; the accessor role writes nothing for such a property.
struct EntryMacro: AccessorMacro, PeerMacro {
  static var formatMode: FormatMode { .disabled }

  static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let entry = Entry(declaration, attribute: node, context: context, reports: false)
    else { return [] }
    return [
      "get { self[\(raw: entry.keyName).self] }",
      "set { self[\(raw: entry.keyName).self] = newValue }",
    ]
  }

  static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let entry = Entry(declaration, attribute: node, context: context, reports: true)
    else { return [] }
    return [
      """
      \(raw: entry.availability)\(raw: entry.isolation)\(raw: entry.access)struct \(raw: entry.keyName): \(raw: entry.isolation)Compose.EnvironmentKey {
        typealias Value = \(entry.type)
        static var defaultValue: Value { \(entry.defaultValue) }
      }
      """
    ]
  }
}

/// What `@Entry` reads from the property it is attached to.
private struct Entry {
  let keyName: String
  let type: TypeSyntax
  let defaultValue: ExprSyntax
  let access: String
  /// The property's `@available` attributes, each followed by a space: the key holds a value of
  /// the property's type, so it is available where the property is.
  let availability: String
  /// `@MainActor ` when the property is isolated to the main actor, else empty: its default may
  /// then make main-actor objects, so the key and its conformance are isolated as it is.
  let isolation: String

  init?(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax,
    context: some MacroExpansionContext, reports: Bool
  ) {
    func report(_ message: ComposeMessage, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
      if reports { context.diagnose(Diagnostic(node: node, message: message, fixIts: fixIts)) }
    }
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
      report(.entryNotVariable, at: attribute)
      return nil
    }
    let extended = context.lexicalContext.first?.as(ExtensionDeclSyntax.self)?.extendedType
      .trimmedDescription
    if extended != "EnvironmentValues" && extended != "Compose.EnvironmentValues" {
      report(.entryNotInEnvironmentValues, at: attribute)
      return nil
    }
    if variable.bindingSpecifier.tokenKind == .keyword(.let) {
      report(
        .entryLet, at: variable.bindingSpecifier,
        fixIts: [
          FixIt(
            message: ComposeFixIt.useVar,
            changes: [
              .replace(
                oldNode: Syntax(variable.bindingSpecifier),
                newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
            ])
        ])
      return nil
    }
    if let modifier = variable.modifiers.first(where: {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }) {
      var fixed = variable
      fixed.modifiers = variable.modifiers.filter { $0.id != modifier.id }
      if fixed.modifiers.isEmpty {
        fixed.bindingSpecifier.leadingTrivia = modifier.leadingTrivia
      }
      report(
        .entryStatic, at: modifier,
        fixIts: [
          FixIt(
            message: ComposeFixIt.removeStatic,
            changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(fixed))])
        ])
      return nil
    }
    // Swift itself rejects an attached macro on several bindings.
    guard variable.bindings.count == 1, let binding = variable.bindings.first else { return nil }
    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
      report(.entryNotVariable, at: binding.pattern)
      return nil
    }
    if binding.accessorBlock != nil {
      report(.entryComputed, at: binding.pattern)
      return nil
    }
    guard let type = binding.typeAnnotation?.type.trimmed else {
      report(.entryNeedsType, at: binding.pattern)
      return nil
    }
    if let value = binding.initializer?.value.trimmed {
      defaultValue = value
    } else if type.is(OptionalTypeSyntax.self)
      || type.trimmedDescription.hasPrefix("Optional<")
    {
      defaultValue = "nil"
    } else {
      report(.entryNeedsDefault, at: binding.pattern)
      return nil
    }
    self.type = type
    keyName = "__Key_" + String(name.text.filter { $0 != "`" })
    access = "private "
    isolation =
      variable.attributes.contains { element in
        guard case .attribute(let attribute) = element else { return false }
        let name = attribute.attributeName.trimmedDescription
        return name == "MainActor" || name == "Swift.MainActor"
      } ? "@MainActor " : ""
    availability = variable.attributes.compactMap { element -> String? in
      guard case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute.trimmedDescription + " "
    }.joined()
  }
}
