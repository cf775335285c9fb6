import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Composed`: makes a view controller class a composed container.
///
/// The member role adds the stored `composer` and the overrides that ``ComposedViewController``
/// has, each calling the matching hook of `ComposedContainer`; the extension role adds the
/// conformance to `ComposedContainer`, whose extension holds the hooks and `setNeedsCompose()`.
/// An override the class already has is not written: the class's own calls the hook, and one that
/// does not is reported with a fix-it that inserts the call.
///
/// ```swift
/// @Composed
/// final class Screen: UIViewController {
///   @CompositionBuilder var body: CompositionContent { … }
/// }
/// ```
///
/// becomes
///
/// ```swift
/// final class Screen: UIViewController {
///   @CompositionBuilder var body: CompositionContent { … }
///   private(set) lazy var composer: Compose.Composer = __makeComposer { $0.body }
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     composeViewDidLoad()
///   }
///   …
/// }
/// extension Screen: Compose.ComposedContainer {}
/// ```
struct ComposedMacro: MemberMacro, ExtensionMacro {
  /// An override the macro writes, and the hook it calls.
  struct Member {
    /// The member's name, as it is declared.
    let name: String
    /// The member's name as diagnostics show it.
    let shownName: String
    /// The override the macro writes, with `ACCESS` for the access level.
    let declaration: String
    /// The hook's base name.
    let hook: String
    /// The hook's call, with `PARAMETER` for the name of the override's parameter.
    let hookCall: String
    /// Whether the hook is called before `super`.
    let hookBeforeSuper: Bool
    /// Whether the member is a property that forwards to the primary child.
    let isForwarding: Bool
    /// Whether the member exists only where there is a status bar.
    let needsStatusBar: Bool
    /// The name of the override's parameter, in the macro's declaration.
    let parameterName: String

    init(
      _ name: String, shown: String? = nil, hook: String, call: String,
      beforeSuper: Bool = false, forwarding: Bool = false, statusBar: Bool = false,
      parameter: String = "animated", declaration: String
    ) {
      self.name = name
      shownName = shown ?? name
      self.hook = hook
      hookCall = call
      hookBeforeSuper = beforeSuper
      isForwarding = forwarding
      needsStatusBar = statusBar
      parameterName = parameter
      self.declaration = declaration
    }
  }

  /// The overrides, in the order they are written.
  static let members: [Member] = [
    Member(
      "viewDidLoad", shown: "viewDidLoad()", hook: "composeViewDidLoad",
      call: "composeViewDidLoad()",
      declaration: """
        ACCESSoverride func viewDidLoad() {
          super.viewDidLoad()
          composeViewDidLoad()
        }
        """),
    Member(
      "viewWillAppear", shown: "viewWillAppear(_:)", hook: "composeViewWillAppear",
      call: "composeViewWillAppear(PARAMETER)",
      declaration: """
        ACCESSoverride func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          composeViewWillAppear(animated)
        }
        """),
    Member(
      "viewDidAppear", shown: "viewDidAppear(_:)", hook: "composeViewDidAppear",
      call: "composeViewDidAppear(PARAMETER)",
      declaration: """
        ACCESSoverride func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          composeViewDidAppear(animated)
        }
        """),
    Member(
      "viewWillDisappear", shown: "viewWillDisappear(_:)", hook: "composeViewWillDisappear",
      call: "composeViewWillDisappear(PARAMETER)",
      declaration: """
        ACCESSoverride func viewWillDisappear(_ animated: Bool) {
          super.viewWillDisappear(animated)
          composeViewWillDisappear(animated)
        }
        """),
    Member(
      "viewDidDisappear", shown: "viewDidDisappear(_:)", hook: "composeViewDidDisappear",
      call: "composeViewDidDisappear(PARAMETER)",
      declaration: """
        ACCESSoverride func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          composeViewDidDisappear(animated)
        }
        """),
    Member(
      "willMove", shown: "willMove(toParent:)", hook: "composeWillMove",
      call: "composeWillMove(toParent: PARAMETER)", beforeSuper: true, parameter: "parent",
      declaration: """
        ACCESSoverride func willMove(toParent parent: UIViewController?) {
          composeWillMove(toParent: parent)
          super.willMove(toParent: parent)
        }
        """),
    Member(
      "didReceiveMemoryWarning", shown: "didReceiveMemoryWarning()",
      hook: "composeDidReceiveMemoryWarning", call: "composeDidReceiveMemoryWarning()",
      declaration: """
        ACCESSoverride func didReceiveMemoryWarning() {
          super.didReceiveMemoryWarning()
          composeDidReceiveMemoryWarning()
        }
        """),
    Member(
      "preferredContentSizeDidChange",
      shown: "preferredContentSizeDidChange(forChildContentContainer:)",
      hook: "composePreferredContentSizeDidChange",
      call: "composePreferredContentSizeDidChange(forChildContentContainer: PARAMETER)",
      parameter: "container",
      declaration: """
        ACCESSoverride func preferredContentSizeDidChange(
          forChildContentContainer container: any UIContentContainer
        ) {
          super.preferredContentSizeDidChange(forChildContentContainer: container)
          composePreferredContentSizeDidChange(forChildContentContainer: container)
        }
        """),
    Member(
      "childForStatusBarStyle", hook: "composedChildForStatusBarStyle",
      call: "composedChildForStatusBarStyle", forwarding: true, statusBar: true,
      declaration: """
        ACCESSoverride var childForStatusBarStyle: UIViewController? {
          composedChildForStatusBarStyle
        }
        """),
    Member(
      "childForStatusBarHidden", hook: "composedChildForStatusBarHidden",
      call: "composedChildForStatusBarHidden", forwarding: true, statusBar: true,
      declaration: """
        ACCESSoverride var childForStatusBarHidden: UIViewController? {
          composedChildForStatusBarHidden
        }
        """),
    Member(
      "childForHomeIndicatorAutoHidden", hook: "composedChildForHomeIndicatorAutoHidden",
      call: "composedChildForHomeIndicatorAutoHidden", forwarding: true, statusBar: true,
      declaration: """
        ACCESSoverride var childForHomeIndicatorAutoHidden: UIViewController? {
          composedChildForHomeIndicatorAutoHidden
        }
        """),
  ]

  /// The base classes that already own a composer.
  static let composedBaseClasses: Set<String> = [
    "ComposedViewController", "ComposedNavigationController", "ComposedTabBarController",
    "ComposedPageViewController",
  ]

  /// UIKit's containers that show their children themselves, each with the class that declares
  /// them.
  static let systemContainers: [String: String] = [
    "UINavigationController": "ComposedNavigationController",
    "UITabBarController": "ComposedTabBarController",
    "UIPageViewController": "ComposedPageViewController",
  ]

  /// UIKit's containers that show their children themselves and have no composed counterpart: a
  /// composed container goes in one of their columns instead.
  static let columnContainers: Set<String> = ["UISplitViewController"]

  static var formatMode: FormatMode { .disabled }

  // MARK: - Roles

  static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let shape = Shape(declaration, attribute: node, report: { context.diagnose($0) }) else {
      return []
    }
    // A type declared in a function or closure cannot have the extension that adds the
    // conformance: the members would only add errors about the missing conformance.
    let isTypeScope = { (scope: Syntax) in scope.asProtocol((any DeclGroupSyntax).self) != nil }
    if let scope = context.lexicalContext.first(where: { !isTypeScope($0) }) {
      let message = ComposeMessage.localClass(shape.name, in: kindName(of: scope))
      context.diagnose(Diagnostic(node: node, message: message))
      return []
    }
    // The compiler passes the conformance only when the class does not already have it: then a
    // superclass (one of the app's, itself `@Composed`) already declares the composer and the
    // overrides, which the class would declare again.
    if protocols.isEmpty, !shape.listsContainer {
      context.diagnose(
        Diagnostic(
          node: shape.superclass,
          message: ComposeMessage.inheritsContainer(shape.name, superclass: shape.superclassName)))
      return []
    }
    for statements in shape.bodyStatements {
      IdentityChecks(context: context).check(body: statements)
    }
    let access = shape.memberAccess
    var declarations: [DeclSyntax] = [
      """
      \(raw: access == "open " ? "public " : access)private(set) lazy var composer: \
      Compose.Composer = __makeComposer { $0.\(raw: shape.bodyName) }
      """
    ]
    var statusBarMembers: [String] = []
    for member in members {
      for own in shape.ownDeclarations(named: member.name) {
        checkHook(member, in: own, context: context)
      }
      // Not written where the class has its own: everywhere, or in some clauses of a `#if`.
      guard
        let text = shape.declaration(
          of: member, text: member.declaration.replacing("ACCESS", with: access))
      else { continue }
      if member.needsStatusBar {
        statusBarMembers.append(text)
      } else {
        declarations.append(DeclSyntax(stringLiteral: text))
      }
    }
    if !statusBarMembers.isEmpty {
      // tvOS and visionOS have no status bar or home indicator.
      declarations.append(
        DeclSyntax(
          stringLiteral: "#if !os(tvOS) && !os(visionOS)\n"
            + statusBarMembers.joined(separator: "\n") + "\n#endif"))
    }
    return declarations
  }

  static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // The member role reports what is wrong; a class it cannot make a container gets nothing.
    guard !protocols.isEmpty, Shape(declaration, attribute: node, report: nil) != nil,
      context.lexicalContext.allSatisfy({ $0.asProtocol((any DeclGroupSyntax).self) != nil })
    else {
      return []
    }
    let decl: DeclSyntax = "extension \(type.trimmed): Compose.ComposedContainer {}"
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }

  /// The function, closure or accessor a local class is declared in, as a diagnostic names it.
  private static func kindName(of scope: Syntax) -> String {
    if scope.is(ClosureExprSyntax.self) { return "a closure" }
    if scope.is(AccessorDeclSyntax.self) { return "an accessor" }
    if scope.is(InitializerDeclSyntax.self) { return "an initializer" }
    return "a function"
  }

  // MARK: - Overrides of the class's own

  /// Reports an override of the class's own that does not call its hook.
  private static func checkHook(
    _ member: Member, in own: DeclSyntax, context: some MacroExpansionContext
  ) {
    let finder = NameFinder(name: member.hook)
    finder.walk(own)
    guard !finder.found else { return }
    if member.isForwarding {
      let node =
        own.as(VariableDeclSyntax.self)?.bindings.first.map { Syntax($0.pattern) }
        ?? Syntax(own)
      context.diagnose(
        Diagnostic(
          node: node,
          message: ComposeMessage.forwardingMissingHook(member.shownName, hook: member.hook)))
      return
    }
    guard let function = own.as(FunctionDeclSyntax.self) else { return }
    let parameter = function.signature.parameterClause.parameters.first
    var parameterName = parameter.map { ($0.secondName ?? $0.firstName).text }
    // A parameter without a name (`_ : Bool`) is given the one the macro's override uses, so
    // that the call can pass it.
    var renaming: [FixIt.Change] = []
    if let parameter, parameterName == "_" {
      let name = member.parameterName
      parameterName = name
      renaming = [
        .replace(
          oldNode: Syntax(parameter),
          newNode: Syntax(
            parameter.with(
              \.secondName,
              .identifier(
                name, leadingTrivia: .space,
                trailingTrivia: parameter.secondName?.trailingTrivia ?? [])
            )
            .with(\.firstName, parameter.firstName.with(\.trailingTrivia, []))))
      ]
    }
    let call = member.hookCall.replacing("PARAMETER", with: parameterName ?? "nil")
    var fixIts: [FixIt] = []
    if let body = function.body {
      fixIts.append(
        FixIt(
          message: ComposeFixIt.callHook(call),
          changes: renaming + [
            .replace(
              oldNode: Syntax(body.statements),
              newNode: Syntax(inserting(call, into: body, member: member)))
          ]))
    }
    context.diagnose(
      Diagnostic(
        node: function.name,
        message: ComposeMessage.overrideMissingHook(member.shownName, hook: call),
        fixIts: fixIts))
  }

  /// The statements of a body with a call inserted after the call to `super` (before it, for a
  /// hook called before `super`), or first when there is none.
  private static func inserting(
    _ call: String, into body: CodeBlockSyntax, member: Member
  ) -> CodeBlockItemListSyntax {
    var items = Array(body.statements)
    let superIndex = items.firstIndex { item in
      item.trimmedDescription.hasPrefix("super.\(member.name)")
    }
    let reference = superIndex.map { items[$0] } ?? items.first
    // In an empty body, one level deeper than its closing brace when that is on a line of its
    // own (which then needs no newline before it).
    let braceOnItsOwnLine = body.rightBrace.leadingTrivia.contains { $0.isNewline }
    let indentation =
      reference.map { indentationText(of: $0.leadingTrivia) }
      ?? (braceOnItsOwnLine ? indentationText(of: body.rightBrace.leadingTrivia) : "") + "  "
    var position = superIndex.map { member.hookBeforeSuper ? $0 : $0 + 1 } ?? 0
    position = min(position, items.count)
    let statement = CodeBlockItemSyntax(
      leadingTrivia: .newline + Trivia(stringLiteral: indentation),
      item: .expr(ExprSyntax(stringLiteral: call)))
    items.insert(statement, at: position)
    if items.count == 1, !braceOnItsOwnLine {
      items[0].trailingTrivia = .newline
    }
    return CodeBlockItemListSyntax(items)
  }
}

/// The spaces and tabs after the last newline of some trivia.
private func indentationText(of trivia: Trivia) -> String {
  var text = ""
  for piece in trivia {
    switch piece {
    case .newlines, .carriageReturns, .carriageReturnLineFeeds: text = ""
    case .spaces(let count): text += String(repeating: " ", count: count)
    case .tabs(let count): text += String(repeating: "\t", count: count)
    default: break
    }
  }
  return text
}

// MARK: - The shape of a composed class

/// What `@Composed` reads from the class it is attached to.
private struct Shape {
  let name: String
  let superclass: TypeSyntax
  let superclassName: String
  /// Whether the class lists `ComposedContainer` among its inherited types itself.
  let listsContainer: Bool
  let bodyName: String
  /// The statements of the body's getter, in each configuration that declares it.
  let bodyStatements: [CodeBlockItemListSyntax]
  let memberAccess: String
  let members: MemberBlockItemListSyntax

  /// Reads a class, reporting what makes it unusable when a context is given; `nil` when the
  /// macro cannot make it a container.
  init?(
    _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    report reporter: ((Diagnostic) -> Void)?
  ) {
    func report(
      _ message: ComposeMessage, at node: some SyntaxProtocol, fixIts: [FixIt] = []
    ) {
      reporter?(Diagnostic(node: node, message: message, fixIts: fixIts))
    }
    guard let type = declaration.as(ClassDeclSyntax.self) else {
      report(.notAClass(Self.kind(of: declaration)), at: attribute)
      return nil
    }
    name = type.name.text
    guard let superclass = type.inheritanceClause?.inheritedTypes.first?.type else {
      report(
        .noSuperclass(name), at: type.name,
        fixIts: [
          FixIt(
            message: ComposeFixIt.inheritFromViewController,
            changes: [
              .replace(
                oldNode: Syntax(type.name),
                newNode: Syntax(
                  TokenSyntax.identifier(name + ": UIViewController ")
                    .with(\.leadingTrivia, type.name.leadingTrivia)))
            ])
        ])
      return nil
    }
    let superName = Self.baseName(of: superclass)
    self.superclass = superclass
    superclassName = superName
    listsContainer =
      type.inheritanceClause?.inheritedTypes.contains {
        ["ComposedContainer", "Compose.ComposedContainer"].contains($0.type.trimmedDescription)
      } ?? false
    if ComposedMacro.composedBaseClasses.contains(superName) {
      report(.alreadyComposed(name, superclass: superName), at: superclass)
      return nil
    }
    if let composed = ComposedMacro.systemContainers[superName] {
      report(.systemContainer(name, superclass: superName, composed: composed), at: superclass)
      return nil
    }
    if ComposedMacro.columnContainers.contains(superName) {
      report(.columnContainer(name, superclass: superName), at: superclass)
      return nil
    }
    if !superName.hasSuffix("Controller") {
      report(.notAViewController(name, superclass: superName), at: superclass)
      return nil
    }
    let items = type.memberBlock.members
    members = items
    // At the top level and in the clauses of `#if`s: a body inside `#if` is the class's body
    // where it is compiled.
    func variables(named wanted: String) -> [(VariableDeclSyntax, PatternBindingSyntax)] {
      Self.declarations(named: wanted, in: items).flatMap { declaration in
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
          return [(VariableDeclSyntax, PatternBindingSyntax)]()
        }
        return variable.bindings.filter {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == wanted
        }.map { (variable, $0) }
      }
    }
    if let (_, binding) = variables(named: "composer").first {
      report(.composerDeclared(name), at: binding.pattern)
      return nil
    }
    let bodies = variables(named: "body")
    let compositions = variables(named: "composition")
    if !bodies.isEmpty, let (_, binding) = compositions.first {
      report(.twoBodies, at: binding.pattern)
      return nil
    }
    let found = bodies.isEmpty ? compositions : bodies
    // The composer reads the body in every configuration: one declared only in some clauses of
    // a `#if` leaves the others without it.
    if let (_, binding) = found.first,
      Self.declaration(named: binding.pattern.trimmedDescription, text: "", in: items) != nil
    {
      report(.bodyNotInEveryConfiguration(binding.pattern.trimmedDescription), at: binding.pattern)
      return nil
    }
    guard let (_, binding) = found.first else {
      let indent =
        type.memberBlock.members.last.map { indentationText(of: $0.leadingTrivia) }
        ?? "  "
      let stub = MemberBlockItemSyntax(
        decl: DeclSyntax(
          stringLiteral: "@CompositionBuilder var body: CompositionContent {\n\(indent)}"
        ).with(
          \.leadingTrivia,
          .newlines(type.memberBlock.members.isEmpty ? 1 : 2) + .spaces(indent.count)))
      var fixedMembers = type.memberBlock.members
      fixedMembers.append(stub)
      report(
        .missingBody(name), at: type.name,
        fixIts: [
          FixIt(
            message: ComposeFixIt.addBody,
            changes: [
              .replace(oldNode: Syntax(type.memberBlock.members), newNode: Syntax(fixedMembers))
            ])
        ])
      return nil
    }
    let foundName = binding.pattern.trimmedDescription
    bodyName = foundName
    memberAccess = Self.access(of: type)
    // The body's kind, type and builder, in each configuration: reported, but the container is
    // still written, so that the compiler reports nothing else.
    bodyStatements = found.compactMap { body in
      Self.check(body: body.0, binding: body.1, name: foundName) { message, node, fixIts in
        reporter?(Diagnostic(node: node, message: message, fixIts: fixIts))
      }
    }
  }

  /// Reports what is wrong with one declaration of the body; its getter's statements when it has
  /// one, to check for identity mistakes.
  private static func check(
    body bodyDecl: VariableDeclSyntax, binding: PatternBindingSyntax, name bodyName: String,
    report: (ComposeMessage, Syntax, [FixIt]) -> Void
  ) -> CodeBlockItemListSyntax? {
    var getter: CodeBlockItemListSyntax?
    if case .getter(let statements)? = binding.accessorBlock?.accessors {
      getter = statements
    } else if case .accessors(let accessors)? = binding.accessorBlock?.accessors {
      getter =
        accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
    }
    let isStatic = bodyDecl.modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
    if getter == nil || isStatic {
      report(.bodyNotComputed(bodyName), Syntax(binding.pattern), [])
      return getter
    }
    if let annotation = binding.typeAnnotation,
      !["CompositionContent", "Compose.CompositionContent"].contains(
        annotation.type.trimmedDescription)
    {
      report(
        .bodyWrongType(bodyName, type: annotation.type.trimmedDescription),
        Syntax(annotation.type),
        [
          FixIt(
            message: ComposeFixIt.useCompositionContent,
            changes: [
              .replace(
                oldNode: Syntax(annotation.type),
                newNode: Syntax(
                  TypeSyntax("CompositionContent").with(
                    \.leadingTrivia, annotation.type.leadingTrivia
                  )
                  .with(\.trailingTrivia, annotation.type.trailingTrivia)))
            ])
        ])
      return getter
    }
    let hasBuilder = bodyDecl.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        .hasSuffix("CompositionBuilder") == true
    }
    if !hasBuilder, let getter, Self.needsBuilder(getter) {
      let attribute = AttributeSyntax(
        attributeName: TypeSyntax("CompositionBuilder"), trailingTrivia: .space)
      var fixed = bodyDecl
      fixed.attributes.append(.attribute(attribute))
      fixed.attributes = fixed.attributes.with(\.leadingTrivia, bodyDecl.leadingTrivia)
      if bodyDecl.attributes.isEmpty {
        fixed.modifiers = fixed.modifiers.with(\.leadingTrivia, [])
        fixed.bindingSpecifier = fixed.bindingSpecifier.with(
          \.leadingTrivia, fixed.modifiers.isEmpty ? [] : fixed.bindingSpecifier.leadingTrivia)
      }
      report(
        .bodyMissingBuilder(bodyName), Syntax(binding.pattern),
        [
          FixIt(
            message: ComposeFixIt.addBuilder,
            changes: [.replace(oldNode: Syntax(bodyDecl), newNode: Syntax(fixed))])
        ])
    }
    return getter
  }

  /// The class's own declarations of a member the macro would write, at its top level and in
  /// the clauses of its `#if`s.
  func ownDeclarations(named name: String) -> [DeclSyntax] {
    Self.declarations(named: name, in: members)
  }

  private static func declarations(
    named name: String, in items: MemberBlockItemListSyntax
  ) -> [DeclSyntax] {
    items.flatMap { item -> [DeclSyntax] in
      if let config = item.decl.as(IfConfigDeclSyntax.self) {
        return declarations(named: name, in: config)
      }
      return declares(item.decl, name) ? [item.decl] : []
    }
  }

  private static func declarations(named name: String, in config: IfConfigDeclSyntax)
    -> [DeclSyntax]
  {
    config.clauses.flatMap { clause -> [DeclSyntax] in
      guard case .decls(let nested)? = clause.elements else { return [] }
      return declarations(named: name, in: nested)
    }
  }

  private static func declares(_ declaration: DeclSyntax, _ name: String) -> Bool {
    if let function = declaration.as(FunctionDeclSyntax.self) {
      return function.name.text == name
    }
    if let variable = declaration.as(VariableDeclSyntax.self) {
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      }
    }
    return false
  }

  /// The macro's declaration of a member, where the class has none of its own: `text` when the
  /// class has none, `nil` when it has one in every configuration, and otherwise `text` in the
  /// clauses of the class's `#if` that have none (with an `#else` added when the `#if` has
  /// none), so that no configuration gets two declarations or none.
  func declaration(of member: ComposedMacro.Member, text: String) -> String? {
    Self.declaration(named: member.name, text: text, in: members)
  }

  private static func declaration(
    named name: String, text: String, in items: MemberBlockItemListSyntax
  ) -> String? {
    if items.contains(where: { declares($0.decl, name) }) { return nil }
    let config = items.lazy.compactMap { $0.decl.as(IfConfigDeclSyntax.self) }.first {
      !declarations(named: name, in: $0).isEmpty
    }
    guard let config else { return text }
    var lines: [String] = []
    var written = false
    var hasElse = false
    for clause in config.clauses {
      let keyword = clause.poundKeyword.text
      hasElse = hasElse || clause.poundKeyword.tokenKind == .poundElse
      lines.append(clause.condition.map { "\(keyword) \($0.trimmedDescription)" } ?? keyword)
      var nested = MemberBlockItemListSyntax([])
      if case .decls(let decls)? = clause.elements { nested = decls }
      if let clauseText = declaration(named: name, text: text, in: nested) {
        lines.append(clauseText)
        written = true
      }
    }
    if !hasElse {
      lines += ["#else", text]
      written = true
    }
    guard written else { return nil }
    return (lines + ["#endif"]).joined(separator: "\n")
  }

  /// Whether a getter's statements only make sense in a builder: more than one statement without
  /// `return`, control flow, or a component value such as `Slot(…)`.
  static func needsBuilder(_ statements: CodeBlockItemListSyntax) -> Bool {
    let returns = statements.contains { $0.item.as(ReturnStmtSyntax.self) != nil }
    if returns { return false }
    guard statements.count == 1, let item = statements.first else { return statements.count > 1 }
    if case .decl = item.item { return false }
    let expression = IdentityChecks.expression(of: item)
    guard let expression else { return true }
    if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) { return true }
    // `Slot(…)`, `Tabs(…)`, `Dashboard(…)`, possibly with modifiers: a component, not content.
    var root = expression
    while let call = root.as(FunctionCallExprSyntax.self) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
      {
        // `Compose.Slot(…)` is a component; `Self.layout(…)` or `Layouts.standard()` is a
        // function that returns content.
        guard base.is(FunctionCallExprSyntax.self) else {
          return member.declName.baseName.text.first?.isUppercase == true
        }
        root = base
      } else {
        root = call.calledExpression
      }
    }
    if let specialized = root.as(GenericSpecializationExprSyntax.self) {
      root = specialized.expression
    }
    if let reference = root.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text.first?.isUppercase == true
    }
    return false
  }

  /// The access level the written members need: that of an open, public or package class (an
  /// override, and the composer that `ComposedContainer` requires, must be as accessible as
  /// their class).
  static func access(of type: ClassDeclSyntax) -> String {
    for modifier in type.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.open): return "open "
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// The last component of a type's name, without generic arguments: `UIHostingController` for
  /// `SwiftUI.UIHostingController<Card>`.
  static func baseName(of type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    return type.trimmedDescription
  }

  static func kind(of declaration: some DeclGroupSyntax) -> String {
    if declaration.is(StructDeclSyntax.self) { return "a struct" }
    if declaration.is(EnumDeclSyntax.self) { return "an enum" }
    if declaration.is(ActorDeclSyntax.self) { return "an actor" }
    if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
    if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
    return "this declaration"
  }
}

/// Whether a syntax tree names a declaration.
private final class NameFinder: SyntaxVisitor {
  let name: String
  var found = false

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if node.baseName.text == name { found = true }
    return .skipChildren
  }
}
