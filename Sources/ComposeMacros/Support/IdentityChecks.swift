import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// The identity mistakes a composition body shows in its code, reported when it compiles.
///
/// Each rule reads only what is written as a literal, so it never reports a body that is right:
///
/// - a slot name written twice where both slots can be declared together (not in two branches of
///   one `if` or `switch`): an error at the second, with a note at the first;
/// - an `id(_:)` written twice with the same literal in one slot, on children of the same written
///   type: an error at the second, with a note at the first;
/// - a slot whose content declares nothing, in any branch: a warning;
/// - a `ForEach`, `Tabs` or `Pages` keyed by `\.self` over an array literal with a repeated
///   value: an error at the repeat, with a note at the first;
/// - an `id(_:)` inside a `ForEach` closure whose value does not mention the element: a warning.
///
/// The run-time checks stay: they see the values that are not literals.
struct IdentityChecks {
  let context: any MacroExpansionContext

  /// The components that take a slot name as their first unlabeled argument.
  static var namedComponents: Set<String> { ["Slot", "Presentation"] }

  /// The components keyed by an `id:` key path over their first argument.
  static var keyedComponents: Set<String> { ["ForEach", "Tabs", "Pages"] }

  /// Checks a composition body: the statements of a `CompositionBuilder`.
  func check(body statements: CodeBlockItemListSyntax) {
    _ = collect(statements) { expression in
      guard let call = Self.rootCall(of: expression),
        let name = CompositionBodyMacro.componentName(of: call.calledExpression),
        Self.namedComponents.contains(name),
        let literal = Self.nameLiteral(of: call),
        let text = literal.representedLiteralValue
      else { return [] }
      return [Occurrence(key: text, node: Syntax(literal))]
    } report: { key, repeated, first in
      diagnose(.duplicateSlotName(key), at: repeated, firstUse: first, what: "slot '\(key)'")
    }
    let calls = CallFinder(viewMode: .sourceAccurate)
    calls.walk(statements)
    for call in calls.calls {
      guard let name = CompositionBodyMacro.componentName(of: call.calledExpression) else {
        continue
      }
      if name == "Slot" { checkSlot(call) }
      if Self.keyedComponents.contains(name) { checkKeyed(call, component: name) }
    }
  }

  // MARK: - Slots

  private func checkSlot(_ call: FunctionCallExprSyntax) {
    guard let content = Self.contentClosure(of: call) else { return }
    let slotName = Self.nameLiteral(of: call)?.representedLiteralValue
    if !Self.declaresSomething(content.statements) {
      let node = Self.nameLiteral(of: call).map(Syntax.init) ?? Syntax(call.calledExpression)
      context.diagnose(Diagnostic(node: node, message: ComposeMessage.emptySlot(slotName)))
    }
    checkChildIDs(in: content.statements, slot: slotName)
  }

  private func checkChildIDs(in statements: CodeBlockItemListSyntax, slot: String?) {
    _ = collect(statements) { expression in
      childIDs(in: expression, slot: slot)
    } report: {
      key, repeated, first in
      let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
      let type = parts[0].hasPrefix("{") ? nil : parts[0]
      let id = parts.count > 1 ? parts[1] : key
      diagnose(
        .duplicateChildID(id, type: type, slot: slot), at: repeated, firstUse: first,
        what: "child id '\(id)'")
    }
  }

  /// The literal ids of the children an expression declares in the slot's scope: a `Child`
  /// with `id(_:)`, or those of a `Group`.
  private func childIDs(in expression: ExprSyntax, slot: String?) -> [Occurrence] {
    guard let call = Self.rootCall(of: expression),
      let name = CompositionBodyMacro.componentName(of: call.calledExpression)
    else { return [] }
    if name == "Group", let content = Self.contentClosure(of: call) {
      return collect(content.statements) {
        childIDs(in: $0, slot: slot)
      } report: {
        key, repeated, first in
        let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
        let id = parts.count > 1 ? parts[1] : key
        diagnose(
          .duplicateChildID(id, type: parts[0].hasPrefix("{") ? nil : parts[0], slot: slot),
          at: repeated, firstUse: first, what: "child id '\(id)'")
      }
    }
    guard name == "Child", let idArgument = Self.modifierArgument("id", of: expression),
      Self.isLiteral(idArgument)
    else { return [] }
    let type = Self.writtenType(of: call)
    return [
      Occurrence(key: type + "\u{0}" + idArgument.trimmedDescription, node: Syntax(idArgument))
    ]
  }

  // MARK: - Keyed components

  private func checkKeyed(_ call: FunctionCallExprSyntax, component: String) {
    if let data = call.arguments.first, data.label == nil,
      let array = data.expression.as(ArrayExprSyntax.self),
      let key = call.arguments.first(where: { $0.label?.text == "id" }),
      key.expression.trimmedDescription == "\\.self"
    {
      var seen: [String: Syntax] = [:]
      for element in array.elements where Self.isLiteral(element.expression) {
        let text = element.expression.trimmedDescription
        let shown =
          element.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
          ?? text
        if let first = seen[text] {
          diagnose(
            .duplicateLiteralKey(shown, component: component), at: Syntax(element.expression),
            firstUse: first, what: "key '\(shown)'")
        } else {
          seen[text] = Syntax(element.expression)
        }
      }
    }
    guard component == "ForEach", let content = Self.contentClosure(of: call) else { return }
    let names = Self.parameterNames(of: content)
    // Names bound from the element inside the closure (`let key = item.id`, `if let`, `for`,
    // a `switch` over it) depend on it too.
    let derived = Self.derivedNames(in: content.statements, from: names)
    let finder = IDFinder(viewMode: .sourceAccurate)
    finder.walk(content.statements)
    for argument in finder.arguments where !Self.mentions(argument, anyOf: derived) {
      let element = names.first { $0 != "$0" }
      context.diagnose(
        Diagnostic(node: argument, message: ComposeMessage.constantIDInForEach(element)))
    }
  }

  // MARK: - Scopes

  /// A key found in a statement, with the node to report it at.
  struct Occurrence {
    let key: String
    let node: Syntax
  }

  /// The first occurrences of the keys that the statements declare, where every statement can be
  /// declared together with the others; `report` is called for a key found again.
  ///
  /// The branches of an `if`, a `switch` or a `#if` are scopes of their own, exclusive of each
  /// other, whose keys join the enclosing scope; the body of a `for` loop is one too.
  private func collect(
    _ statements: CodeBlockItemListSyntax,
    found: (ExprSyntax) -> [Occurrence],
    report: (String, Syntax, Syntax) -> Void
  ) -> [Occurrence] {
    var firsts: [Occurrence] = []
    var seen: [String: Syntax] = [:]
    func add(_ occurrences: [Occurrence]) {
      for occurrence in occurrences {
        if let first = seen[occurrence.key] {
          report(occurrence.key, occurrence.node, first)
        } else {
          seen[occurrence.key] = occurrence.node
          firsts.append(occurrence)
        }
      }
    }
    for item in statements {
      add(occurrences(in: item, found: found, report: report))
    }
    return firsts
  }

  private func occurrences(
    in item: CodeBlockItemSyntax,
    found: (ExprSyntax) -> [Occurrence],
    report: (String, Syntax, Syntax) -> Void
  ) -> [Occurrence] {
    let branches: [CodeBlockItemListSyntax]
    if let nested = Self.nestedStatements(of: item) {
      branches = nested
    } else if let expression = Self.expression(of: item) {
      return found(expression)
    } else {
      return []
    }
    // Each branch reports its own repeats; the branches' keys join the enclosing scope once.
    var union: [Occurrence] = []
    var keys: Set<String> = []
    for branch in branches {
      for occurrence in collect(branch, found: found, report: report)
      where keys.insert(occurrence.key).inserted {
        union.append(occurrence)
      }
    }
    return union
  }

  /// The statement lists of the branches of an `if` or `switch`, or `nil` for another expression.
  private static func branches(of expression: ExprSyntax) -> [CodeBlockItemListSyntax]? {
    if let ifExpression = expression.as(IfExprSyntax.self) {
      var branches = [ifExpression.body.statements]
      if case .ifExpr(let next)? = ifExpression.elseBody {
        branches += Self.branches(of: ExprSyntax(next)) ?? []
      } else if case .codeBlock(let block)? = ifExpression.elseBody {
        branches.append(block.statements)
      }
      return branches
    }
    if let switchExpression = expression.as(SwitchExprSyntax.self) {
      return switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self)?.statements }
    }
    return nil
  }

  /// Whether statements declare anything, in any branch.
  private static func declaresSomething(_ statements: CodeBlockItemListSyntax) -> Bool {
    statements.contains { item in
      if let nested = nestedStatements(of: item) {
        return nested.contains(where: declaresSomething)
      }
      return expression(of: item) != nil
    }
  }

  /// The expression a statement is: an expression, or an expression statement.
  ///
  /// (`if case` rather than `switch`: swift-syntax's enums are resilient where the toolchain's
  /// own copy is used, and a `switch` would need an `@unknown default` that SwiftPM's build warns
  /// about.)
  static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
    if case .expr(let expression) = item.item { return expression }
    if case .stmt(let statement) = item.item {
      return statement.as(ExpressionStmtSyntax.self)?.expression
    }
    return nil
  }

  /// The statement lists nested in a statement: the branches of an `if`, a `switch` or a `#if`,
  /// or the body of a `for` loop; `nil` for another statement.
  static func nestedStatements(of item: CodeBlockItemSyntax) -> [CodeBlockItemListSyntax]? {
    if let expression = expression(of: item) { return branches(of: expression) }
    if case .stmt(let statement) = item.item, let loop = statement.as(ForStmtSyntax.self) {
      return [loop.body.statements]
    }
    if case .decl(let declaration) = item.item,
      let config = declaration.as(IfConfigDeclSyntax.self)
    {
      return config.clauses.compactMap { clause in
        if case .statements(let statements) = clause.elements { return statements }
        return nil
      }
    }
    return nil
  }

  // MARK: - Reading calls

  /// The call at the root of an expression, under the modifiers applied to it.
  static func rootCall(of expression: ExprSyntax) -> FunctionCallExprSyntax? {
    var current = expression
    while let call = current.as(FunctionCallExprSyntax.self) {
      if componentName(of: call) != nil { return call }
      guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        let base = member.base
      else { return nil }
      current = base
    }
    return nil
  }

  private static func componentName(of call: FunctionCallExprSyntax) -> String? {
    CompositionBodyMacro.componentName(of: call.calledExpression)
  }

  /// The argument of a modifier applied to an expression, such as `id` in `Child { … }.id(1)`.
  static func modifierArgument(_ modifier: String, of expression: ExprSyntax) -> ExprSyntax? {
    var current = expression
    while let call = current.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base
    {
      if member.declName.baseName.text == modifier, call.arguments.count == 1,
        let argument = call.arguments.first, argument.label == nil
      {
        return argument.expression
      }
      current = base
    }
    return nil
  }

  /// A call's name argument, when it is a plain string literal.
  static func nameLiteral(of call: FunctionCallExprSyntax) -> StringLiteralExprSyntax? {
    guard let first = call.arguments.first, first.label == nil,
      let literal = first.expression.as(StringLiteralExprSyntax.self),
      literal.representedLiteralValue != nil
    else { return nil }
    return literal
  }

  /// A call's content closure: its trailing closure or its `content:` argument.
  static func contentClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    if let closure = call.arguments.first(where: { $0.label?.text == "content" })?.expression
      .as(ClosureExprSyntax.self)
    {
      return closure
    }
    if let first = call.arguments.first, first.label == nil,
      let closure = first.expression.as(ClosureExprSyntax.self)
    {
      return closure
    }
    return call.trailingClosure
  }

  /// Whether an expression is a literal: a string without interpolation, a number, a Boolean.
  static func isLiteral(_ expression: ExprSyntax) -> Bool {
    if let string = expression.as(StringLiteralExprSyntax.self) {
      return string.representedLiteralValue != nil
    }
    if let prefixed = expression.as(PrefixOperatorExprSyntax.self),
      prefixed.operator.text == "-"
    {
      return isLiteral(prefixed.expression)
    }
    return expression.is(IntegerLiteralExprSyntax.self)
      || expression.is(FloatLiteralExprSyntax.self)
      || expression.is(BooleanLiteralExprSyntax.self)
  }

  /// The controller type a `Child` call names, as written: `Child<Row>`, or the type called in a
  /// factory of one statement; else the factory's text, so that only identical factories compare
  /// equal.
  static func writtenType(of call: FunctionCallExprSyntax) -> String {
    if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      let argument = specialized.genericArgumentClause.arguments.first
    {
      return argument.argument.trimmedDescription
    }
    let factory =
      call.arguments.first(where: { $0.label?.text == "make" })?.expression
      .as(ClosureExprSyntax.self) ?? call.trailingClosure
    if let factory, factory.statements.count == 1, let item = factory.statements.first,
      case .expr(let expression) = item.item, let made = expression.as(FunctionCallExprSyntax.self)
    {
      let callee = made.calledExpression
      if let reference = callee.as(DeclReferenceExprSyntax.self),
        reference.baseName.text.first?.isUppercase == true
      {
        return reference.baseName.text
      }
    }
    return factory.map { "{" + $0.statements.trimmedDescription + "}" } ?? "{}"
  }

  /// The names by which a closure reads its element: its parameters, or `$0`.
  static func parameterNames(of closure: ClosureExprSyntax) -> Set<String> {
    guard let parameters = closure.signature?.parameterClause else { return ["$0"] }
    if case .simpleInput(let names) = parameters {
      return Set(names.map(\.name.text).filter { $0 != "_" })
    }
    if case .parameterClause(let clause) = parameters {
      return Set(
        clause.parameters.map { ($0.secondName ?? $0.firstName).text }.filter { $0 != "_" })
    }
    return []
  }

  /// The names, and the names that statements bind from them (with `let`, `var`, `if let`,
  /// `case let`, `for … in` or the cases of a `switch`), transitively.
  static func derivedNames(in statements: CodeBlockItemListSyntax, from names: Set<String>)
    -> Set<String>
  {
    guard !names.isEmpty else { return names }
    let bindings = BindingFinder(viewMode: .sourceAccurate)
    bindings.walk(statements)
    var derived = names
    var changed = true
    while changed {
      changed = false
      for (bound, source) in bindings.bindings
      where !bound.isSubset(of: derived) && mentions(source, anyOf: derived) {
        derived.formUnion(bound)
        changed = true
      }
    }
    return derived
  }

  /// Whether an expression reads one of the names.
  static func mentions(_ expression: ExprSyntax, anyOf names: Set<String>) -> Bool {
    guard !names.isEmpty else { return false }
    let finder = ReferenceFinder(names: names)
    finder.walk(expression)
    return finder.found
  }

  // MARK: - Reporting

  private func diagnose(
    _ message: ComposeMessage, at node: Syntax, firstUse first: Syntax, what: String
  ) {
    context.diagnose(
      Diagnostic(
        node: node, message: message,
        notes: [Note(node: first, message: ComposeNote.firstUse(what))]))
  }
}

/// The calls in a body, outermost first.
private final class CallFinder: SyntaxVisitor {
  var calls: [FunctionCallExprSyntax] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(node)
    return .visitChildren
  }
}

/// The arguments of the `id(_:)` modifiers in a `ForEach`'s content, outside nested `ForEach`es.
private final class IDFinder: SyntaxVisitor {
  var arguments: [ExprSyntax] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if CompositionBodyMacro.componentName(of: node.calledExpression) == "ForEach" {
      return .skipChildren
    }
    if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
      member.declName.baseName.text == "id", node.arguments.count == 1,
      let argument = node.arguments.first, argument.label == nil
    {
      arguments.append(argument.expression)
    }
    return .visitChildren
  }
}

/// The names that statements bind, each with the expression they are bound from.
private final class BindingFinder: SyntaxVisitor {
  var bindings: [(names: Set<String>, source: ExprSyntax)] = []

  private func add(_ pattern: some SyntaxProtocol, from source: ExprSyntax?) {
    guard let source else { return }
    let names = PatternNames(viewMode: .sourceAccurate)
    names.walk(pattern)
    if !names.names.isEmpty { bindings.append((names.names, source)) }
  }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    add(node.pattern, from: node.initializer?.value)
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    add(node.pattern, from: node.initializer?.value)
    return .visitChildren
  }

  override func visit(_ node: MatchingPatternConditionSyntax) -> SyntaxVisitorContinueKind {
    add(node.pattern, from: node.initializer.value)
    return .visitChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    add(node.pattern, from: node.sequence)
    return .visitChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    for item in node.cases {
      if let switchCase = item.as(SwitchCaseSyntax.self) {
        add(switchCase.label, from: node.subject)
      }
    }
    return .visitChildren
  }
}

/// The names a pattern binds.
private final class PatternNames: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.identifier.text)
    return .skipChildren
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
}

/// Whether a syntax tree reads one of some names.
private final class ReferenceFinder: SyntaxVisitor {
  let names: Set<String>
  var found = false

  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if names.contains(node.baseName.text) { found = true }
    return .skipChildren
  }
}
