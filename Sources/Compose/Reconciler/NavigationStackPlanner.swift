#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Planner {
  /// Plans the change of a navigation stack's slot, and returns the slot as it is mounted
  /// afterwards.
  ///
  /// The whole change is one UIKit operation: a `push` when the declared stack is the mounted one
  /// with one more child on top, a `pop` or `pop-to` when it is a shorter beginning of the
  /// mounted one, and a `set-view-controllers` otherwise (also for the first stack, made without
  /// animation). The children it brings get their `update` step first (make, update, then the
  /// operation); the children that stay get theirs after it. UIKit performs the containment
  /// calls of the children that arrive and leave: the plan has no `add-child` or
  /// `remove-from-parent` step for them.
  ///
  /// The root and each path element must declare one child: the others are reported and left
  /// out of the mounted slot. A stack whose root declares no shown child is reported and left as
  /// it is: nothing is pushed, popped or released until a root is declared again.
  ///
  /// - Complexity: O(*n* + *m*) for *n* mounted and *m* declared children.
  mutating func reconcileStack(old: ResolvedSlot?, new: ResolvedSlot) -> ResolvedSlot {
    reportSlotModifiers(of: new, in: .navigationStack)
    let mounted = old?.children ?? []
    guard
      let new = Self.oneChildPerElement(
        of: new, showing: !mounted.isEmpty, diagnostics: &diagnostics)
    else {
      // No root (reported): the stack stays as UIKit shows it, with every controller on it, until
      // a root is declared again.
      if let old { return old }
      var empty = new
      empty.children = []
      empty.keyedRun = nil
      empty.code = Resolver.freshCode()
      return empty
    }
    let declared = new.children
    if let old, old.code == new.code || Self.sameIdentities(mounted, declared) {
      updateChildren(of: new, from: old)
      return new
    }
    guard let top = declared.last else { return new }
    updateArrivingChildren(of: declared, mounted: mounted)
    let animated = animates && !mounted.isEmpty
    if mounted.isEmpty {
      // The first stack: set at once, as a navigation controller is given its root.
      steps.append(
        Plan.Step(.setViewControllers(declared.map(\.identity), animated: false), top.identity))
    } else if declared.count == mounted.count + 1,
      Self.sameIdentities(mounted, declared.dropLast())
    {
      steps.append(Plan.Step(.push(animated: animated), top.identity))
    } else if declared.count < mounted.count,
      Self.sameIdentities(mounted.prefix(declared.count), declared)
    {
      if declared.count == mounted.count - 1, let popped = mounted.last {
        steps.append(Plan.Step(.pop(animated: animated), popped.identity))
      } else {
        steps.append(Plan.Step(.popTo(animated: animated), top.identity))
      }
    } else {
      steps.append(
        Plan.Step(
          .setViewControllers(declared.map(\.identity), animated: animated), top.identity))
    }
    updateKeptChildren(of: declared, mounted: mounted)
    return new
  }

  /// Plans the end of a navigation stack that is no longer declared: its stack is emptied.
  mutating func removeStack(_ slot: ResolvedSlot) {
    guard let last = slot.children.last else { return }
    steps.append(Plan.Step(.setViewControllers([], animated: false), last.identity))
  }

  /// The slot with the first child of the root and of each path element, and a diagnostic for
  /// every root or element that declares none or more than one; `nil` when the root declares no
  /// shown child, which leaves the stack as it is (`showing` says whether a stack is shown).
  private static func oneChildPerElement(
    of slot: ResolvedSlot, showing: Bool, diagnostics: inout [Diagnostic]
  ) -> ResolvedSlot? {
    var kept: [ResolvedChild] = []
    var hasRoot = false
    var extra: [ResolvedChild] = []
    // A duplicate key's element is kept apart by its occurrence, as in any keyed list.
    var groups = Set<ElementGroup>()
    for child in slot.children {
      if let key = NavigationStackDeclaration.key(of: child.identity) {
        let group = ElementGroup(key: key, occurrence: child.identity.occurrence)
        if groups.insert(group).inserted { kept.append(child) } else { extra.append(child) }
      } else if !hasRoot, child.identity.path.first == .statement(0) {
        hasRoot = true
        kept.append(child)
      } else {
        extra.append(child)
      }
    }
    for child in extra {
      diagnostics.append(
        Diagnostic(
          id: .navigationStackShape,
          message: "child \(child.identity) is a second child of "
            + (NavigationStackDeclaration.key(of: child.identity).map {
              "path element \(StructuralPath.describe($0))"
            } ?? "the root")
            + " in navigation stack '\(slot.name)'; a navigation stack shows one controller per "
            + "element, so it is left out; declare one child in the root and in each destination",
          source: child.source))
    }
    // An element whose destination declared nothing (an `if` that did not hold, say) is missing
    // from the stack; the ones above it move down.
    var declaredKeys = Set<AnyHashable>()
    for group in groups where group.occurrence == 0 { declaredKeys.insert(group.key) }
    // A child declared with `.hidden()` is declared, but a navigation stack cannot keep it.
    var hiddenKeys = Set<AnyHashable>()
    var hidesRoot = false
    for child in slot.hidden {
      if let key = NavigationStackDeclaration.key(of: child.identity) {
        hiddenKeys.insert(key)
      } else if child.identity.path.first == .statement(0) {
        hidesRoot = true
      }
    }
    for key in slot.declaration.stack?.keys ?? [] where !declaredKeys.contains(key) {
      declaredKeys.insert(key)
      diagnostics.append(
        Diagnostic(
          id: .navigationStackShape,
          message: "path element \(StructuralPath.describe(key)) of navigation stack "
            + "'\(slot.name)' declares "
            + (hiddenKeys.contains(key) ? "its child hidden ('.hidden()')" : "no child")
            + ", so it is not on the stack; declare one shown child in the destination for "
            + "every element, or leave the element out of the path",
          source: slot.source))
    }
    if !hasRoot {
      diagnostics.append(
        Diagnostic(
          id: .navigationStackShape,
          message: "navigation stack '\(slot.name)' declares "
            + (hidesRoot ? "its root child hidden ('.hidden()')" : "no root child")
            + "; a navigation stack needs a root, so "
            + (showing ? "the stack is left as it is" : "nothing is shown")
            + " until one is declared; declare one shown child in its root closure",
          source: slot.source))
      return nil
    }
    guard kept.count != slot.children.count else { return slot }
    var filtered = slot
    filtered.children = ResolvedChildren(kept)
    filtered.keyedRun = nil
    filtered.code = Resolver.freshCode()
    return filtered
  }
}

/// One path element of a navigation stack: its key, and which occurrence of the key it is.
private struct ElementGroup: Hashable {
  let key: AnyHashable
  let occurrence: Int
}
