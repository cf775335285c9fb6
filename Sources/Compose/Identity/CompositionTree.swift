#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A resolved declaration: every slot, and every child with its identity, in order.
///
/// Resolving evaluates compositions' bodies and ``EnvironmentReader``s, gives each child its
/// ``ChildIdentity`` and reports mistakes as ``diagnostics``. It makes no controller and touches
/// no view. A tree is also what a container has mounted: after reconciling, the tree includes the
/// hidden children that a ``Lifetime/keepAlive`` policy keeps.
///
/// ```swift
/// let before = CompositionTree { Screen(isLoading: true) }
/// let after = CompositionTree { Screen(isLoading: false) }
/// print(before.reconcile(to: after).plan)
/// ```
@MainActor
public struct CompositionTree: CustomStringConvertible {
  /// The slots, in declaration order.
  var slots: [ResolvedSlot]
  /// Mistakes found while resolving.
  public private(set) var diagnostics: [Diagnostic]

  /// Resolves a declaration.
  ///
  /// - Parameters:
  ///   - environment: The environment at the top of the declaration.
  ///   - content: The declaration.
  public init(
    environment: EnvironmentValues = EnvironmentValues(),
    @CompositionBuilder _ content: () -> CompositionContent
  ) {
    self.init(content(), environment: environment)
  }

  /// Resolves a declaration.
  ///
  /// - Parameters:
  ///   - content: The declaration.
  ///   - environment: The environment at the top of the declaration.
  public init(_ content: CompositionContent, environment: EnvironmentValues = EnvironmentValues()) {
    var resolver = Resolver()
    resolver.resolve(content, environment: environment)
    slots = resolver.slots
    diagnostics = resolver.diagnostics
  }

  init(slots: [ResolvedSlot], diagnostics: [Diagnostic]) {
    self.slots = slots
    self.diagnostics = diagnostics
  }

  /// The slot names, in declaration order.
  public var slotNames: [String] { slots.map(\.name) }

  /// The identities of a slot's shown children, in order; empty for an unknown slot.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  public func children(in slot: String) -> [ChildIdentity] {
    slots.first { $0.name == slot }?.children.map(\.identity) ?? []
  }

  /// The identities of a slot's hidden, kept-alive children; empty for an unknown slot.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  public func hiddenChildren(in slot: String) -> [ChildIdentity] {
    slots.first { $0.name == slot }?.hidden.map(\.identity) ?? []
  }

  /// A dump of the tree: each slot with its layout, then its children and hidden children.
  public var description: String {
    var lines: [String] = []
    for slot in slots {
      var header = "slot '\(slot.name)' \(slot.layout)"
      if slot.transition.isAnimated { header += " transition \(slot.transition)" }
      if !slot.forwarding.isEmpty { header += " primary" }
      lines.append(header)
      for child in slot.children {
        lines.append("  " + child.summary)
      }
      for child in slot.hidden {
        lines.append("  hidden " + child.summary)
      }
    }
    return lines.joined(separator: "\n")
  }
}

/// One slot of a resolved tree.
struct ResolvedSlot {
  let name: String
  let anchor: UIView?
  let layout: SlotLayout
  let transition: Transition
  let forwarding: Forwarding
  let source: SourceLocation
  var interruption: Interruption = .finishRunning
  var children: [ResolvedChild]
  /// Kept-alive children that are not declared at the moment.
  var hidden: [ResolvedChild] = []
  /// The typed keys of the children, when the slot is a single `ForEach` with one child per
  /// element.
  var keyedRun: (any KeyedRun)?
  /// Whether a child has an update closure; when none has, a reconciliation visits only the
  /// children that arrive or move.
  var hasUpdates = false
}

/// One child of a resolved tree; a class, so that trees and plans share children instead of
/// copying their identities and closures.
final class ResolvedChild {
  let identity: ChildIdentity
  let declaration: ChildDeclaration
  let environment: EnvironmentValues
  /// The child's transition, or its slot's.
  let transition: Transition
  /// Whether the declaration has an update closure; read for every kept child of every
  /// reconciliation, so kept apart from the declaration's closures.
  let hasUpdate: Bool
  /// The declaration's lifetime policy.
  let lifetime: Lifetime

  init(
    identity: ChildIdentity, declaration: ChildDeclaration, environment: EnvironmentValues,
    transition: Transition
  ) {
    self.identity = identity
    self.declaration = declaration
    self.environment = environment
    self.transition = transition
    hasUpdate = declaration.update != nil
    lifetime = declaration.lifetime
  }

  /// `path Type`, then the explicit id, duplicate number and lifetime when they apply.
  var summary: String {
    let position = identity.position
    var text = position.isEmpty ? identity.typeName : "\(position) \(identity.typeName)"
    if let id = identity.explicitID { text += " id \(StructuralPath.describe(id))" }
    if identity.occurrence > 0 { text += " (duplicate \(identity.occurrence))" }
    if lifetime != .whileShown { text += " \(lifetime)" }
    return text
  }
}

/// Walks a declaration and produces resolved slots.
@MainActor
struct Resolver {
  var slots: [ResolvedSlot] = []
  var diagnostics: [Diagnostic] = []
  private var slotIndexes: [String: Int] = [:]
  private var slotOccurrences: [String: Int] = [:]
  private var explicitIDs: [ExplicitID: Int] = [:]
  private var slotDigest = 0
  private var runCapture = RunCapture.disarmed
  private var capturedRun: (any KeyedRun)?

  private enum RunCapture {
    case disarmed, armed, failed
  }
  private var explicitIDsBySlot: [String: [ExplicitID: Int]] = [:]

  private struct ExplicitID: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
  }

  static func quoted(_ value: AnyHashable) -> String {
    "'\(value.base)'"
  }

  mutating func resolve(_ content: CompositionContent, environment: EnvironmentValues) {
    switch content.node {
    case .empty:
      break
    case .slot(let slot):
      resolve(slot, environment: environment)
    case .block(let components):
      for component in components {
        resolve(component, environment: environment)
      }
    case .composition(let body):
      resolve(body(), environment: environment)
    case .environment(let change, let inner):
      var changed = environment
      change(&changed)
      resolve(inner, environment: changed)
    }
  }

  private mutating func resolve(_ slot: SlotDeclaration, environment: EnvironmentValues) {
    var path = StructuralPath()
    let index: Int
    if let existing = slotIndexes[slot.name] {
      // A second slot with the same name: its children join the first one's, under a path of
      // their own so that they cannot collide with the first declaration's children.
      let occurrence = slotOccurrences[slot.name, default: 0] + 1
      slotOccurrences[slot.name] = occurrence
      path = path.appending(.slotOccurrence(occurrence))
      index = existing
      diagnostics.append(
        Diagnostic(
          id: .duplicateSlotName,
          message:
            "slot name '\(slot.name)' is declared twice (first at \(slots[existing].source)); "
            + "the children of the second declaration join the first, which keeps its layout; "
            + "give each slot a unique name",
          source: slot.source))
    } else {
      index = slots.count
      slotIndexes[slot.name] = index
      slots.append(
        ResolvedSlot(
          name: slot.name, anchor: slot.anchor, layout: slot.layout, transition: slot.transition,
          forwarding: slot.forwarding, source: slot.source, interruption: slot.interruption,
          children: []))
    }
    var children = slots[index].children
    // A slot that is a single ForEach (the usual list) also keeps its typed keys.
    let isList = children.isEmpty && Self.isSingleForEach(slot.content)
    runCapture = isList ? .armed : .disarmed
    capturedRun = nil
    explicitIDs = explicitIDsBySlot[slot.name, default: [:]]
    slotDigest = ChildIdentity.slotDigest(slot.name)
    collect(
      slot.content, path: path, slot: slot.name, slotTransition: slot.transition,
      environment: environment, into: &children)
    explicitIDsBySlot[slot.name] = explicitIDs
    slots[index].hasUpdates = children.contains { $0.hasUpdate }
    slots[index].children = children
    slots[index].keyedRun = isList && runCapture != .failed ? capturedRun : nil
  }

  /// Whether a slot's content is one `ForEach`, possibly inside single-statement blocks and
  /// environment changes.
  private static func isSingleForEach(_ content: SlotContent) -> Bool {
    switch content.node {
    case .keyed: true
    case .block(let statements) where statements.count == 1: isSingleForEach(statements[0])
    case .environment(_, let inner): isSingleForEach(inner)
    default: false
    }
  }

  private mutating func collect(
    _ content: SlotContent, path: StructuralPath, slot: String, slotTransition: Transition,
    environment: EnvironmentValues, keyOccurrence: Int = 0,
    into children: inout [ResolvedChild]
  ) {
    switch content.node {
    case .empty:
      break
    case .child(let declaration):
      var identity = ChildIdentity(
        slot: slot, slotDigest: slotDigest, path: path, controllerType: declaration.controllerType,
        explicitID: declaration.explicitID,
        occurrence: keyOccurrence)
      if let explicitID = declaration.explicitID {
        // An explicit id names one child of its type in the slot, wherever it is declared.
        let pair = ExplicitID(type: ObjectIdentifier(declaration.controllerType), id: explicitID)
        let earlier = explicitIDs[pair, default: 0]
        explicitIDs[pair] = earlier + 1
        if earlier > 0 {
          identity = ChildIdentity(
            slot: slot, slotDigest: slotDigest, path: path,
            controllerType: declaration.controllerType, explicitID: explicitID,
            occurrence: earlier)
          diagnostics.append(
            Diagnostic(
              id: .duplicateChildIdentity,
              message: "child id \(Self.quoted(explicitID)) of type '\(declaration.typeName)' is "
                + "used twice in slot '\(slot)'; the second is kept as a separate child; give "
                + "each child its own id",
              source: declaration.source))
        }
      }
      children.append(
        ResolvedChild(
          identity: identity, declaration: declaration, environment: environment,
          transition: declaration.transition ?? slotTransition))
    case .block(let statements) where statements.count == 1:
      // A block of one statement adds nothing to identity: its statement is always the first.
      collect(
        statements[0], path: path, slot: slot, slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    case .block(let statements):
      for (index, statement) in statements.enumerated() {
        collect(
          statement, path: path.appending(.statement(index)), slot: slot,
          slotTransition: slotTransition, environment: environment, keyOccurrence: keyOccurrence,
          into: &children)
      }
    case .branch(let branch, let inner):
      collect(
        inner, path: path.appending(.branch(branch)), slot: slot, slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    case .loop(let passes):
      for (index, pass) in passes.enumerated() {
        collect(
          pass, path: path.appending(.pass(index)), slot: slot, slotTransition: slotTransition,
          environment: environment, keyOccurrence: keyOccurrence, into: &children)
      }
    case .keyed(let elements):
      let occurrences = elements.occurrences()
      // Only a list with unique keys can be diffed by its keys alone.
      let capturesRun = runCapture == .armed && occurrences == nil
      if runCapture == .armed { runCapture = capturesRun ? .disarmed : .failed }
      var locals: [LocalIdentity] = []
      if capturesRun { locals.reserveCapacity(elements.count) }
      for index in 0..<elements.count {
        let key = elements.key(at: index)
        let occurrence = occurrences?[index] ?? 0
        if occurrence == 1 {
          diagnostics.append(
            Diagnostic(
              id: .duplicateKey,
              message: "key \(Self.quoted(key)) is used twice in the ForEach at "
                + "\(elements.source) in slot '\(slot)'; the second element is kept as a separate "
                + "child; make the keys unique",
              source: elements.source))
        }
        let before = children.count
        collect(
          elements.content(at: index), path: path.appending(.key(key)), slot: slot,
          slotTransition: slotTransition, environment: environment, keyOccurrence: occurrence,
          into: &children)
        guard capturesRun else { continue }
        if children.count == before + 1, let child = children.last {
          let identity = child.identity
          locals.append(
            LocalIdentity(
              controllerType: ObjectIdentifier(identity.controllerType),
              suffix: Array(identity.path.components.dropFirst(path.components.count + 1)),
              explicitID: identity.explicitID, occurrence: identity.occurrence))
        } else {
          runCapture = .failed
        }
      }
      if capturesRun, runCapture != .failed {
        capturedRun = elements.run(prefix: path, locals: locals)
      }
    case .environment(let change, let inner):
      var changed = environment
      change(&changed)
      collect(
        inner, path: path, slot: slot, slotTransition: slotTransition, environment: changed,
        keyOccurrence: keyOccurrence, into: &children)
    case .reader(let build):
      collect(
        build(environment), path: path, slot: slot, slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    }
  }
}
