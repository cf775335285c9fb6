#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Planner {
  /// Plans the change of a tabs slot, and returns the slot as it is mounted afterwards.
  ///
  /// The whole change is one UIKit operation: a `select` when only the selection changed, a
  /// `set-view-controllers` (whose child is the selected tab) when the tabs did, and nothing when
  /// neither did. The tabs that arrive get their `update` step first; the ones that stay get
  /// theirs after the operation. UIKit performs the containment calls of the tabs that arrive
  /// and leave: the plan has no `add-child` or `remove-from-parent` step for them.
  ///
  /// A tab must declare one child: the others are reported and left out of the mounted slot. A
  /// selection that is not a tab's key is reported, and UIKit chooses the tab shown (rule T4).
  ///
  /// - Complexity: O(*n* + *m*) for *n* mounted and *m* declared children.
  mutating func reconcileTabs(old: ResolvedSlot?, new: ResolvedSlot) -> ResolvedSlot {
    reportSlotModifiers(of: new, in: .tabs)
    let new = Self.oneChildPerElement(
      of: new, keys: new.declaration.tabs?.keys ?? [], id: .tabsShape, element: "tab",
      diagnostics: &diagnostics)
    let mounted = old?.children ?? []
    let declared = new.children
    let selection = new.declaration.tabs?.selection
    let selected = selection.flatMap { key in
      declared.first { TabsDeclaration.key(of: $0.identity) == key && $0.identity.occurrence == 0 }
    }
    // Without tabs, no selection can be one of them: that is no mistake.
    if let selection, selected == nil, !declared.isEmpty {
      diagnostics.append(
        Diagnostic(
          id: .tabSelectionNotAmongTabs,
          message: "the selection \(StructuralPath.describe(selection)) of tabs '\(new.name)' is "
            + "not the key of any of its \(declared.count) tabs, so UIKit chooses the tab shown: "
            + "the selected tab while it is declared, else the tab at its index, else the first; "
            + "select the key of a declared tab, or pass nil",
          source: new.source))
    }
    if let old, Self.sameIdentities(mounted, declared) {
      if let selected, old.declaration.tabs?.selection != selection {
        steps.append(Plan.Step(.select, selected.identity))
      }
      updateChildren(of: new, from: old)
      return new
    }
    guard let first = declared.first else {
      // No tab at all: the tab bar controller is emptied.
      if let last = mounted.last {
        steps.append(Plan.Step(.setViewControllers([], animated: false), last.identity))
      }
      return new
    }
    updateArrivingChildren(of: declared, mounted: mounted)
    steps.append(
      Plan.Step(
        .setViewControllers(declared.map(\.identity), animated: animates && !mounted.isEmpty),
        (selected ?? first).identity))
    updateKeptChildren(of: declared, mounted: mounted)
    return new
  }

  /// Plans the end of tabs that are no longer declared: the tab bar controller is emptied.
  mutating func removeTabs(_ slot: ResolvedSlot) {
    guard let last = slot.children.last else { return }
    steps.append(Plan.Step(.setViewControllers([], animated: false), last.identity))
  }
}

extension CompositionTree {
  /// Why tabs cannot be performed in `container`, if they cannot.
  static func tabsFailure(of slot: ResolvedSlot, in container: UIViewController) -> Diagnostic? {
    guard !(container is UITabBarController) else { return nil }
    return Diagnostic(
      id: .tabsOutsideTabBarController,
      message: "tabs '\(slot.name)' are declared in a '\(type(of: container))', which is not a "
        + "UITabBarController; declare them in a ComposedTabBarController, or attach the "
        + "Composer to a UITabBarController",
      source: slot.source)
  }
}
