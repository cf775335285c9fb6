import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// `@CompositionBody`: gives a function a `CompositionBuilder` body that the compiler type-checks
/// in groups of statements.
///
/// Swift solves a result-builder body as one system whose cost grows with the square of its
/// statements. The macro turns the body into local builder functions of at most ten top-level
/// statements each, which are type-checked one by one, and returns their contents in order:
///
/// ```swift
/// @CompositionBody
/// func content() -> CompositionContent {
///   Slot("header") { … }
///   …
/// }
/// ```
///
/// becomes
///
/// ```swift
/// func content() -> CompositionContent {
///   @CompositionBuilder func part1() -> CompositionContent {
///     Slot("header", fileID: "App/Screen.swift", line: 12) { … }
///     …
///   }
///   …
///   return CompositionBuilder.buildBlock(part1(), part2(), …)
/// }
/// ```
///
/// The meaning does not change: slots are identified by name, so grouping the statements of a
/// composition body changes no identity. Three things keep what the user wrote visible:
///
/// - calls to `Slot`, `Child`, `ForEach`, `Presentation`, `Tabs`, `Pages` and `NavigationStack`
///   get their own line (and file) as arguments, which they would otherwise take from the macro's
///   position, so runtime diagnostics keep naming the line of each declaration;
/// - every statement is preceded by `#sourceLocation` with its line, so compiler errors point at
///   the user's code;
/// - declarations at the top level of the body (`let` and the like) stay at the top, before the
///   groups, so that every group can read them.
///
/// The identity mistakes the body shows in its code are reported at compile time (see
/// `IdentityChecks`), as the runtime would report them.
struct CompositionBodyMacro: BodyMacro {
  /// How many top-level statements one local function holds.
  static let statementsPerPart = 10

  /// The components whose initializers take `fileID:` and `line:`: before `input:` and `make:`
  /// (`Child`), before the `root:` closure (`NavigationStack`), or before the `content:` closure.
  static let locatedComponents: Set<String> = [
    "Slot", "Child", "ForEach", "Presentation", "Tabs", "Pages", "NavigationStack",
  ]

  /// The labels of the arguments that come after `fileID:` and `line:` in the initializers of
  /// the located components: `Child(fileID:line:input:make:update:)`,
  /// `NavigationStack(path:id:fileID:line:root:destination:)`, and the `content:` closure.
  static let argumentsAfterLocation: Set<String> = ["input", "make", "root", "content"]

  static var formatMode: FormatMode { .disabled }

  static func expansion(
    of node: AttributeSyntax,
    providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
    in context: some MacroExpansionContext
  ) throws -> [CodeBlockItemSyntax] {
    guard let body = declaration.body else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(node: node, message: ComposeMessage.noBody)
      ])
    }
    // A local function cannot rethrow (it has no throwing parameter of its own), so the groups
    // of a `rethrows` function could not call what the body calls.
    if let effects = declaration.as(FunctionDeclSyntax.self)?.signature.effectSpecifiers,
      let throwsClause = effects.throwsClause,
      throwsClause.throwsSpecifier.tokenKind == .keyword(.rethrows)
    {
      context.diagnose(
        Diagnostic(node: throwsClause.throwsSpecifier, message: ComposeMessage.rethrowingBody))
      // A body that type-checks, so that the statements written for a builder add no errors.
      return Array(Parser.parse(source: "fatalError()").statements)
    }
    IdentityChecks(context: context).check(body: body.statements)
    var declarations: [CodeBlockItemSyntax] = []
    var statements: [CodeBlockItemSyntax] = []
    // Declarations inside a top-level `#if` cannot be moved out of it: such a body stays in one
    // group, in its order.
    let keepsOrder = body.statements.contains { item in
      guard case .decl(let decl) = item.item, let config = decl.as(IfConfigDeclSyntax.self)
      else { return false }
      return declaresNames(config)
    }
    for item in body.statements {
      if !keepsOrder, case .decl(let decl) = item.item, !decl.is(IfConfigDeclSyntax.self) {
        declarations.append(item)
      } else {
        statements.append(item)
      }
    }
    let groupSize = keepsOrder ? max(statements.count, 1) : statementsPerPart
    // The groups have the function's effects, and are called with them.
    let effects = declaration.as(FunctionDeclSyntax.self)?.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let isThrowing = effects?.throwsClause != nil
    let effectText =
      (isAsync ? " async" : "") + (effects?.throwsClause.map { " " + $0.trimmedDescription } ?? "")
    let callPrefix = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
    var lines: [String] = []
    for item in declarations {
      lines.append(located(item, in: context))
    }
    var parts: [String] = []
    var start = 0
    while start < statements.count {
      let part = context.makeUniqueName("part").text
      parts.append(part)
      lines.append(
        "@Compose.CompositionBuilder func \(part)()\(effectText) -> Compose.CompositionContent {")
      for item in statements[start..<min(start + groupSize, statements.count)] {
        lines.append(located(item, in: context))
      }
      lines.append("}")
      start += groupSize
    }
    lines.append(
      "return \(callPrefix)Compose.CompositionBuilder.buildBlock("
        + parts.map { "\($0)()" }.joined(separator: ", ") + ")")
    let source = lines.joined(separator: "\n")
    let parsed = Parser.parse(source: source)
    return Array(parsed.statements)
  }

  /// One statement of the body with its calls located, preceded by a `#sourceLocation` of its
  /// first line and indented to its column.
  private static func located(
    _ item: CodeBlockItemSyntax, in context: some MacroExpansionContext
  ) -> String {
    let rewritten = SourceLocator(context: context).rewrite(item)
    let text = rewritten.trimmedDescription
    guard
      let location = context.location(of: item, at: .afterLeadingTrivia, filePathMode: .filePath),
      let line = location.line.as(IntegerLiteralExprSyntax.self),
      // Read from the text: `IntegerLiteralExprSyntax.representedLiteralValue` is not in
      // swift-syntax 600.
      let column = location.column.as(IntegerLiteralExprSyntax.self)
        .flatMap({ Int($0.literal.text) })
    else { return text }
    let indent = String(repeating: " ", count: max(column - 1, 0))
    return
      "#sourceLocation(file: \(location.file.trimmedDescription), line: \(line.literal.text))\n"
      + indent + text + "\n#sourceLocation()"
  }

  /// Whether a clause of a `#if`, or of a `#if` nested in it, declares something at its top.
  private static func declaresNames(_ config: IfConfigDeclSyntax) -> Bool {
    config.clauses.contains { clause in
      guard case .statements(let items) = clause.elements else { return false }
      return items.contains { item in
        guard case .decl(let decl) = item.item else { return false }
        if let nested = decl.as(IfConfigDeclSyntax.self) { return declaresNames(nested) }
        return true
      }
    }
  }

  /// `Slot` for `Slot`, `Compose.Slot` and `Child<Row>`-style spellings.
  static func componentName(of callee: ExprSyntax) -> String? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = callee.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Compose"
    {
      return member.declName.baseName.text
    }
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      return componentName(of: specialized.expression)
    }
    return nil
  }
}

/// Adds `fileID:` and `line:` arguments, with the call's own position, to the calls of Compose's
/// components that do not pass them.
private final class SourceLocator<Context: MacroExpansionContext>: SyntaxRewriter {
  let context: Context

  init(context: Context) {
    self.context = context
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    // The position is read from the original node, before its children are rewritten.
    let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
    let visited = super.visit(node)
    guard let call = visited.as(FunctionCallExprSyntax.self),
      let name = CompositionBodyMacro.componentName(of: call.calledExpression),
      CompositionBodyMacro.locatedComponents.contains(name),
      !call.arguments.contains(where: { $0.label?.text == "line" || $0.label?.text == "fileID" }),
      let location
    else { return visited }
    let fileID = LabeledExprSyntax(
      label: .identifier("fileID"), colon: .colonToken(trailingTrivia: .space),
      expression: location.file, trailingComma: .commaToken(trailingTrivia: .space))
    let line = LabeledExprSyntax(
      label: .identifier("line"), colon: .colonToken(trailingTrivia: .space),
      expression: location.line)
    var arguments = Array(call.arguments)
    // `fileID:` and `line:` come just before the arguments that follow them in every
    // initializer (`Child`'s `input:` and `make:`, the `content:` closure), else last.
    let position =
      arguments.firstIndex { argument in
        argument.label.map { CompositionBodyMacro.argumentsAfterLocation.contains($0.text) }
          ?? false
      }
      ?? arguments.count
    if position > 0 {
      arguments[position - 1].trailingComma = .commaToken(trailingTrivia: .space)
    }
    var inserted = [fileID, line]
    if position < arguments.count {
      inserted[1].trailingComma = .commaToken(trailingTrivia: .space)
    }
    arguments.insert(contentsOf: inserted, at: position)
    var located = call
    located.arguments = LabeledExprListSyntax(arguments)
    if located.leftParen == nil {
      located.leftParen = .leftParenToken()
      located.rightParen = .rightParenToken(trailingTrivia: .space)
      located.calledExpression = located.calledExpression.with(\.trailingTrivia, [])
    }
    return ExprSyntax(located)
  }
}
