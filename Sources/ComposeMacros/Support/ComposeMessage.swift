import SwiftDiagnostics

/// A diagnostic of Compose's macros: one factory per message, each with a stable id.
struct ComposeMessage: DiagnosticMessage, Equatable {
  let message: String
  let id: String
  let severity: DiagnosticSeverity

  var diagnosticID: MessageID { MessageID(domain: "Compose", id: id) }

  private static func error(_ id: String, _ message: String) -> ComposeMessage {
    ComposeMessage(message: message, id: id, severity: .error)
  }

  private static func warning(_ id: String, _ message: String) -> ComposeMessage {
    ComposeMessage(message: message, id: id, severity: .warning)
  }

  // MARK: - @CompositionBody

  static let noBody = error(
    "noBody",
    "'@CompositionBody' needs a function with a body; write the composition's statements in it")

  static let rethrowingBody = error(
    "compositionBodyRethrows",
    "'@CompositionBody' splits the body into local functions, which cannot rethrow; declare the "
      + "function 'throws', or write '@CompositionBuilder' instead of '@CompositionBody'")

  // MARK: - @Composed

  static func notAClass(_ kind: String) -> ComposeMessage {
    error(
      "composedNotAClass",
      "'@Composed' applies to a view controller class, not to \(kind); declare a class that "
        + "inherits from 'UIViewController'")
  }

  static func noSuperclass(_ name: String) -> ComposeMessage {
    error(
      "composedNoSuperclass",
      "'\(name)' inherits from no view controller; '@Composed' needs a subclass of "
        + "'UIViewController'")
  }

  static func notAViewController(_ name: String, superclass: String) -> ComposeMessage {
    error(
      "composedNotAViewController",
      "'\(name)' inherits from '\(superclass)', which is not a view controller; '@Composed' needs "
        + "a subclass of 'UIViewController' or of another class whose name ends in 'Controller'")
  }

  static func alreadyComposed(_ name: String, superclass: String) -> ComposeMessage {
    error(
      "composedAlreadyComposed",
      "'\(name)' inherits a composer from '\(superclass)'; remove '@Composed', or inherit from "
        + "'UIViewController'")
  }

  static func systemContainer(_ name: String, superclass: String, composed: String)
    -> ComposeMessage
  {
    error(
      "composedSystemContainer",
      "'\(name)' inherits from '\(superclass)', which shows its children itself; '@Composed' "
        + "makes a container that places its children in slots; inherit from '\(composed)' "
        + "instead, and declare its children in 'override var composition'")
  }

  static func columnContainer(_ name: String, superclass: String) -> ComposeMessage {
    error(
      "composedSystemContainer",
      "'\(name)' inherits from '\(superclass)', which shows its children itself, in columns; "
        + "'@Composed' makes a container that places its children in slots; make a column the "
        + "composed container instead: a '@Composed' subclass of 'UIViewController' shown in the "
        + "split view")
  }

  static func localClass(_ name: String, in scope: String) -> ComposeMessage {
    error(
      "composedLocalClass",
      "'\(name)' is declared in \(scope); '@Composed' adds a conformance in an extension, which "
        + "a local type cannot have; declare the class at file scope or inside a type")
  }

  static func inheritsContainer(_ name: String, superclass: String) -> ComposeMessage {
    error(
      "composedAlreadyComposed",
      "'\(name)' already conforms to 'ComposedContainer', through its superclass "
        + "'\(superclass)' or an extension, which has the composer and the overrides; remove "
        + "'@Composed' (a subclass of a composed container overrides its body)")
  }

  static func composerDeclared(_ name: String) -> ComposeMessage {
    error(
      "composedComposerDeclared",
      "'\(name)' declares 'composer', which '@Composed' declares; rename it")
  }

  static func missingBody(_ name: String) -> ComposeMessage {
    error(
      "composedMissingBody",
      "'\(name)' has no 'body' in its declaration; '@Composed' needs '@CompositionBuilder var "
        + "body: CompositionContent' there to declare the children (it does not read extensions)")
  }

  static func bodyNotInEveryConfiguration(_ body: String) -> ComposeMessage {
    error(
      "composedBodyNotInEveryConfiguration",
      "'\(body)' is declared inside '#if' but not in every configuration; '@Composed' reads it "
        + "in all of them, declare it in each clause with an '#else', or outside '#if'")
  }

  static let twoBodies = error(
    "composedTwoBodies",
    "'body' and 'composition' are both declared; '@Composed' needs one of them, keep one")

  static func bodyNotComputed(_ body: String) -> ComposeMessage {
    error(
      "composedBodyNotComputed",
      "'\(body)' must be a computed instance property of type 'CompositionContent'; the composer "
        + "reads it at each composition")
  }

  static func bodyWrongType(_ body: String, type: String) -> ComposeMessage {
    error(
      "composedBodyWrongType",
      "'\(body)' has the type '\(type)'; '@Composed' needs 'CompositionContent'")
  }

  static func bodyMissingBuilder(_ body: String) -> ComposeMessage {
    error(
      "composedBodyMissingBuilder",
      "'\(body)' declares slots without '@CompositionBuilder'; add the attribute")
  }

  static func overrideMissingHook(_ member: String, hook: String) -> ComposeMessage {
    error(
      "composedOverrideMissingHook",
      "'\(member)' replaces the override '@Composed' would write but does not call '\(hook)'; "
        + "call it, or the children are not composed as the container's view appears and leaves")
  }

  static func forwardingMissingHook(_ member: String, hook: String) -> ComposeMessage {
    warning(
      "composedForwardingMissingHook",
      "'\(member)' does not use '\(hook)'; a slot marked 'primary' does not decide it, return "
        + "'\(hook)' where no other child decides")
  }

  // MARK: - Identity

  static func duplicateSlotName(_ name: String) -> ComposeMessage {
    error(
      "duplicateSlotName",
      "slot name '\(name)' is declared twice; the children of the second declaration join the "
        + "first, which keeps its layout; give each slot a unique name")
  }

  static func duplicateChildID(_ id: String, type: String?, slot: String?) -> ComposeMessage {
    let of = type.map { " of type '\($0)'" } ?? ""
    let inSlot = slot.map { " in slot '\($0)'" } ?? " in this slot"
    return error(
      "duplicateChildIdentity",
      "child id '\(id)'\(of) is used twice\(inSlot); the second is kept as a separate child; "
        + "give each child its own id")
  }

  static func emptySlot(_ name: String?) -> ComposeMessage {
    let slot = name.map { "slot '\($0)'" } ?? "this slot"
    return warning(
      "emptySlot",
      "\(slot) declares no child in any branch; declare a child in it, or remove it")
  }

  static func duplicateLiteralKey(_ key: String, component: String) -> ComposeMessage {
    error(
      "duplicateKey",
      "key '\(key)' is used twice in '\(component)' over a literal array keyed by '\\.self'; "
        + "the second element is kept as a separate child; make the keys unique")
  }

  static func constantIDInForEach(_ element: String?) -> ComposeMessage {
    let depend = element.map { "does not depend on the element '\($0)'" } ?? "ignores the element"
    return warning(
      "constantIDInForEach",
      "'id(_:)' inside 'ForEach' \(depend); every element's child gets the same id; derive the "
        + "id from the element, or remove it")
  }

  // MARK: - @Entry

  static let entryNotInEnvironmentValues = error(
    "entryNotInEnvironmentValues",
    "'@Entry' declares an environment value; write it in 'extension EnvironmentValues'")

  static let entryNotVariable = error(
    "entryNotVariable", "'@Entry' applies to a property; declare 'var name: Type = default'")

  static let entryLet = error(
    "entryLet", "'@Entry' needs a 'var', since environment values are set; write 'var'")

  static let entryStatic = error(
    "entryStatic", "'@Entry' declares an instance property; remove 'static'")

  static let entryComputed = error(
    "entryComputed",
    "'@Entry' writes the property's accessors; declare it without them, with its default")

  static let entryNeedsType = error(
    "entryNeedsType", "'@Entry' needs the value's type; write 'var name: Type = default'")

  static let entryNeedsDefault = error(
    "entryNeedsDefault",
    "'@Entry' needs a default value; write '= default' after the type, or make the type optional")
}

/// A note attached to one of Compose's diagnostics.
struct ComposeNote: NoteMessage {
  let message: String
  let noteID: MessageID

  init(_ id: String, _ message: String) {
    self.message = message
    noteID = MessageID(domain: "Compose", id: id)
  }

  static func firstUse(_ what: String) -> ComposeNote {
    ComposeNote("firstUse", "\(what) is first used here")
  }
}

/// A fix-it of Compose's macros.
struct ComposeFixIt: FixItMessage {
  let message: String
  let fixItID: MessageID

  init(_ id: String, _ message: String) {
    self.message = message
    fixItID = MessageID(domain: "Compose", id: id)
  }

  static let inheritFromViewController = ComposeFixIt(
    "inheritFromViewController", "inherit from 'UIViewController'")
  static let addBody = ComposeFixIt("addBody", "add 'body'")
  static let useCompositionContent = ComposeFixIt(
    "useCompositionContent", "use 'CompositionContent'")
  static let addBuilder = ComposeFixIt("addBuilder", "add '@CompositionBuilder'")
  static func callHook(_ hook: String) -> ComposeFixIt {
    ComposeFixIt("callHook", "call '\(hook)'")
  }
  static let useVar = ComposeFixIt("useVar", "replace 'let' with 'var'")
  static let removeStatic = ComposeFixIt("removeStatic", "remove 'static'")
}
