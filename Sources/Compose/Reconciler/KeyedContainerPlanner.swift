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
  mutating func updateArrivingChildren(of declared: [ResolvedChild], mounted: [ResolvedChild]) {
    let kept = Set(mounted.map(\.identity))
    for child in declared where child.hasUpdate && !kept.contains(child.identity) {
      steps.append(Plan.Step(.update, child.identity))
    }
  }

  /// Plans the `update` of each declared child that stays and needs one: brought up to date once
  /// a system container's operation is asked for.
  mutating func updateKeptChildren(of declared: [ResolvedChild], mounted: [ResolvedChild]) {
    var oldChildren: [ChildIdentity: ResolvedChild] = [:]
    for child in mounted { oldChildren[child.identity] = child }
    for child in declared where child.hasUpdate {
      guard let oldChild = oldChildren[child.identity], child.needsUpdate(after: oldChild)
      else { continue }
      steps.append(Plan.Step(.update, child.identity))
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
    for key in keys where !declaredKeys.contains(key) {
      declaredKeys.insert(key)
      diagnostics.append(
        Diagnostic(
          id: id,
          message: "\(element) \(StructuralPath.describe(key)) of \(container) '\(slot.name)' "
            + "declares no child, so it is not shown; declare one child for every \(element), "
            + "or leave the element out of the \(container)",
          source: slot.source))
    }
    guard kept.count != slot.children.count else { return slot }
    var filtered = slot
    filtered.children = kept
    filtered.keyedRun = nil
    filtered.code = Resolver.freshCode()
    return filtered
  }

  /// The key of the element a child of a keyed system container is declared for.
  static func elementKey(of identity: ChildIdentity) -> AnyHashable? {
    identity.path.outermostKey
  }
}

/// One element of a keyed system container: its key, and which occurrence of the key it is.
private struct KeyOccurrence: Hashable {
  let key: AnyHashable
  let occurrence: Int
}
