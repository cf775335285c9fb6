extension Planner {
  /// Whether two lists of children have the same identities in the same order.
  static func sameIdentities(
    _ lhs: some Collection<ResolvedChild>, _ rhs: some Collection<ResolvedChild>
  ) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.identity == $1.identity }
  }

  /// Plans the `update` of each declared child that arrives (that `mounted` does not have) and has
  /// an update closure: made and brought up to date before a system container's operation takes
  /// it.
  mutating func updateArrivingChildren(of declared: ResolvedChildren, mounted: ResolvedChildren) {
    let kept = Set(mounted.map(\.identity))
    for child in declared where child.hasUpdate && !kept.contains(child.identity) {
      steps.append(Plan.Step(.update, child.identity))
    }
  }

  /// Plans the `update` of each declared child that stays and needs one: brought up to date once
  /// a system container's operation is asked for.
  mutating func updateKeptChildren(of declared: ResolvedChildren, mounted: ResolvedChildren) {
    var oldChildren: [ChildIdentity: ResolvedChild] = [:]
    for child in mounted { oldChildren[child.identity] = child }
    for child in declared where child.hasUpdate {
      guard let oldChild = oldChildren[child.identity], child.needsUpdate(after: oldChild)
      else { continue }
      steps.append(Plan.Step(.update, child.identity))
    }
  }

  /// Reports each child of a system container's slot declared with a lifetime or a transition,
  /// which only a plain slot applies: the container keeps its children and animates its changes
  /// its own way, so the modifier is ignored (``Diagnostic/ID/childModifierIgnored``).
  ///
  /// - Parameters:
  ///   - slot: The declared slot, with its hidden children.
  ///   - kind: The kind of system container.
  mutating func reportSlotModifiers(of slot: ResolvedSlot, in kind: SystemContainerKind) {
    let slotTransition = slot.declaration.transition.signature
    for child in slot.children {
      reportSlotModifiers(of: child, slotTransition: slotTransition, in: slot.name, kind: kind)
    }
    for child in slot.hidden {
      reportSlotModifiers(of: child, slotTransition: slotTransition, in: slot.name, kind: kind)
    }
  }

  /// Reports one child's lifetime and transition, when it has its own.
  private mutating func reportSlotModifiers(
    of child: ResolvedChild, slotTransition: Transition.Signature, in slotName: String,
    kind: SystemContainerKind
  ) {
    if child.lifetime != .whileShown {
      diagnostics.append(
        Diagnostic(
          id: .childModifierIgnored,
          message: "child \(child.identity) is declared with '.lifetime(\(child.lifetime))' in "
            + "\(kind.name) '\(slotName)', where it has no effect: \(kind.lifetimeRule); remove "
            + "'.lifetime(_:)'",
          source: child.source))
    }
    if child.transitionSignature != slotTransition {
      diagnostics.append(
        Diagnostic(
          id: .childModifierIgnored,
          message: "child \(child.identity) is declared with '.transition(\(child.transition))' "
            + "in \(kind.name) '\(slotName)', where it has no effect: \(kind.transitionRule); "
            + "remove '.transition(_:)'\(kind.transitionHint)",
          source: child.source))
    }
  }

  /// The slot of a keyed system container (tabs, pages) with the first child of each element,
  /// and a diagnostic for every element that declares none or more than one.
  ///
  /// - Parameters:
  ///   - slot: The declared slot.
  ///   - keys: The declared elements' keys.
  ///   - id: The diagnostic's identifier.
  ///   - element: What an element is called: `tab`, `page`.
  ///   - diagnostics: Receives the diagnostics.
  /// - Returns: The slot with one child per element.
  static func oneChildPerElement(
    of slot: ResolvedSlot, keys: [AnyHashable], id: Diagnostic.ID, element: String,
    diagnostics: inout [Diagnostic]
  ) -> ResolvedSlot {
    let container = element + "s"
    var kept: [ResolvedChild] = []
    var elements = Set<KeyOccurrence>()
    for child in slot.children {
      let key = Self.elementKey(of: child.identity)
      // A duplicate key's element is kept apart by its occurrence, as in any keyed list.
      if let key,
        elements.insert(KeyOccurrence(key: key, occurrence: child.identity.occurrence)).inserted
      {
        kept.append(child)
        continue
      }
      diagnostics.append(
        Diagnostic(
          id: id,
          message: "child \(child.identity) is a second child of \(element) "
            + "\(key.map(StructuralPath.describe) ?? "?") in \(container) '\(slot.name)'; a "
            + "\(element) shows one controller, so it is left out; declare one child for each "
            + element,
          source: child.source))
    }
    var declaredKeys = Set<AnyHashable>()
    for element in elements where element.occurrence == 0 { declaredKeys.insert(element.key) }
    // A child declared with `.hidden()` is declared, but a tab or a page cannot keep it.
    var hiddenKeys = Set<AnyHashable>()
    for child in slot.hidden {
      if let key = Self.elementKey(of: child.identity) { hiddenKeys.insert(key) }
    }
    for key in keys where !declaredKeys.contains(key) {
      declaredKeys.insert(key)
      let hides = hiddenKeys.contains(key)
      diagnostics.append(
        Diagnostic(
          id: id,
          message: "\(element) \(StructuralPath.describe(key)) of \(container) '\(slot.name)' "
            + "declares \(hides ? "its child hidden ('.hidden()')" : "no child"), so it is not "
            + "shown; declare one \(hides ? "shown " : "")child for every \(element), or leave "
            + "the element out of the \(container)",
          source: slot.source))
    }
    guard kept.count != slot.children.count else { return slot }
    var filtered = slot
    filtered.children = ResolvedChildren(kept)
    filtered.keyedRun = nil
    filtered.code = Resolver.freshCode()
    return filtered
  }

  /// The key of the element a child of a keyed system container is declared for.
  static func elementKey(of identity: ChildIdentity) -> AnyHashable? {
    identity.path.outermostKey
  }
}

/// A kind of system container, and what its diagnostics say about the modifiers only a plain
/// slot applies.
enum SystemContainerKind {
  case navigationStack, tabs, pages, presentation

  /// How messages name the container: `tabs 'tabs'`.
  var name: String {
    switch self {
    case .navigationStack: "navigation stack"
    case .tabs: "tabs"
    case .pages: "pages"
    case .presentation: "presentation"
    }
  }

  /// How long the container keeps a child's controller.
  var lifetimeRule: String {
    switch self {
    case .navigationStack: "a controller of the stack lives while it is on the stack"
    case .tabs: "a tab's controller lives while its key is declared"
    case .pages: "a page's controller lives while its key is declared"
    case .presentation: "a presented controller lives while it is presented"
    }
  }

  /// How the container animates its changes.
  var transitionRule: String {
    switch self {
    case .navigationStack: "a navigation controller animates its pushes and pops itself"
    case .tabs: "a tab bar controller changes tabs without a transition"
    case .pages: "a page view controller turns its pages with its own transition style"
    case .presentation: "UIKit presents with the presentation's modal transition style"
    }
  }

  /// What to use instead of a child's transition, after the hint to remove it.
  var transitionHint: String {
    switch self {
    case .navigationStack:
      ", and animate pushes and pops with the navigation controller delegate's animation "
        + "controller"
    case .tabs, .pages: ""
    case .presentation: ", and use the presentation's '.transitionStyle(_:)'"
    }
  }
}

/// One element of a keyed system container: its key, and which occurrence of the key it is.
private struct KeyOccurrence: Hashable {
  let key: AnyHashable
  let occurrence: Int
}
