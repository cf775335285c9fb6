import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Composer {
  // MARK: - Tabs

  /// The mounted tabs slot's index, when the container is a tab bar controller.
  private var mountedTabs: (UITabBarController, Int)? {
    guard let tabBarController = container as? UITabBarController,
      let index = mounted.slots.firstIndex(where: { $0.declaration.tabs != nil })
    else { return nil }
    return (tabBarController, index)
  }

  /// Takes the tab UIKit shows as the mounted selection, before a reconciliation and when the
  /// user taps a tab.
  ///
  /// The user selects tabs without the declaration (and other code may set
  /// `selectedViewController`): when UIKit shows another tab than the mounted selection, the
  /// tabs' ``Tabs/onSelect(_:)`` receives its key, so that the source of truth agrees and the next
  /// reconciliation performs nothing. A declaration that still selects another tab (no
  /// write-back) is applied again. A selection the declaration leaves to UIKit is learnt without
  /// a write-back, unless the user tapped (`tapped`).
  func synchronizeTabs(tapped: Bool = false) {
    guard let (tabBarController, index) = mountedTabs else { return }
    installTabsDelegate(on: tabBarController)
    synchronizeTabList(of: tabBarController, at: index)
    let slot = mounted.slots[index]
    guard let shown = tabBarController.selectedViewController,
      let child = slot.children.first(where: { executor.controller(for: $0.identity) === shown }),
      let key = TabsDeclaration.key(of: child.identity),
      slot.declaration.tabs?.selection != key
    else { return }
    let wasSelected = tapped || slot.declaration.tabs?.selection != nil
    var slots = mounted.slots
    slots[index].declaration = slot.declaration.selectingTab(key)
    slots[index].code = Resolver.freshCode()
    mounted = mounted.replacingSlots(with: slots)
    // A selection left to UIKit is learnt, not reported: nothing changed it.
    guard wasSelected else { return }
    // The closure is the current declaration's: the mounted tree keeps none.
    var declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    declared.slots.first { $0.declaration.tabs != nil }?.declaration.tabs?.writeBack?(key)
    // A declaration that still selects another tab (no write-back, or one that did not set the
    // selection) is applied again; one that now agrees needs nothing.
    declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    let selection = declared.slots.first { $0.declaration.tabs != nil }?.declaration.tabs?.selection
    if !isComposing, let selection, selection != key { invalidate() }
  }

  /// Forgets the mounted tabs that other code took out of the tab bar controller, reports that
  /// its tabs changed behind the composer, and schedules a composition that sets the declared
  /// tabs again.
  ///
  /// Tabs that other code reordered, or to which it added a controller, leave every declared
  /// tab mounted: the declaration then does not differ from the mounted tabs, and it is
  /// ``settingTabsAgain(_:animated:unanimated:)`` that sets them again.
  private func synchronizeTabList(of tabBarController: UITabBarController, at index: Int) {
    let slot = mounted.slots[index]
    let shown = tabBarController.viewControllers ?? []
    // A tab whose factory was refused is not in the list: it is planned again.
    let live = slot.children.filter { executor.controller(for: $0.identity) != nil }
    guard
      shown.count != live.count
        || zip(shown, live).contains(where: { $0 !== executor.controller(for: $1.identity) })
    else { return }
    var kept: [ResolvedChild] = []
    for child in slot.children {
      if let controller = executor.controller(for: child.identity),
        shown.contains(where: { $0 === controller })
      {
        kept.append(child)
      } else {
        executor.controllers[child.identity] = nil
      }
    }
    tabsDifferFromUIKit = true
    record([
      Diagnostic(
        id: .changedBehindComposer,
        message: "the tabs of tabs '\(slot.name)' were changed by other code (UIKit shows "
          + "\(shown.count) tabs, \(kept.count) of the \(slot.children.count) declared ones); "
          + "Compose sets the declared tabs again; change the tabs through the declaration",
        source: slot.source)
    ])
    var slots = mounted.slots
    slots[index].children = ResolvedChildren(kept)
    slots[index].keyedRun = nil
    slots[index].code = Resolver.freshCode()
    mounted = mounted.replacingSlots(with: slots)
    if !isComposing { invalidate() }
  }

  /// The reconciliation with a `set-view-controllers` step added for the tabs, when other code
  /// changed the tab bar controller's tabs and the plan does not set them (the declaration did
  /// not change, or changed only the selection).
  ///
  /// The step's child is the declared selection's tab, or the first tab: the executor sets the
  /// declared tabs, and selects a declared selection, as for any change of the tabs. Tabs
  /// declared empty empty the tab bar controller, without animation, as when the last tab
  /// leaves; the step's child then only names the slot.
  func settingTabsAgain(
    _ reconciliation: Reconciliation, animated: Bool, unanimated: Set<String>
  ) -> Reconciliation {
    tabsDifferFromUIKit = false
    guard container is UITabBarController,
      let slot = reconciliation.tree.slots.first(where: { $0.declaration.tabs != nil }),
      !reconciliation.plan.steps.contains(where: {
        if case .setViewControllers = $0.action { true } else { false }
      })
    else { return reconciliation }
    let step: Plan.Step
    if let first = slot.children.first {
      let selected = slot.declaration.tabs?.selection.flatMap { key in
        slot.children.first {
          TabsDeclaration.key(of: $0.identity) == key && $0.identity.occurrence == 0
        }
      }
      step = Plan.Step(
        .setViewControllers(
          slot.children.map(\.identity), animated: animated && !unanimated.contains(slot.name)),
        (selected ?? first).identity)
    } else {
      step = Plan.Step(
        .setViewControllers([], animated: false),
        ChildIdentity(
          slot: SlotName(slot.name), path: StructuralPath(), controllerType: UIViewController.self))
    }
    return Reconciliation(
      plan: Plan(
        steps: reconciliation.plan.steps + [step], diagnostics: reconciliation.plan.diagnostics),
      tree: reconciliation.tree)
  }

  /// Listens to the tab bar controller once a plan set its tabs, so that a tab the user taps
  /// from now on is written back.
  func tabsDidPerform(in tabBarController: UITabBarController) {
    guard mountedTabs != nil else { return }
    installTabsDelegate(on: tabBarController)
  }

  /// Makes the composer the tab bar controller's delegate, forwarding to the delegate it had.
  ///
  /// A delegate that other code sets later is adopted at the next reconciliation: Compose keeps
  /// forwarding `tabBarController(_:shouldSelect:)` and `tabBarController(_:didSelect:)` (and,
  /// where the Objective-C runtime is, every other message) to it.
  private func installTabsDelegate(on tabBarController: UITabBarController) {
    let delegate = tabsDelegate ?? TabsDelegate(composer: self)
    tabsDelegate = delegate
    guard tabBarController.delegate !== delegate else { return }
    delegate.forwardee = tabBarController.delegate
    tabBarController.delegate = delegate
  }

  /// The user selected a tab.
  fileprivate func tabsDidSelect() {
    guard !isComposing else { return }
    synchronizeTabs(tapped: true)
  }
}

extension SlotDeclaration {
  /// A mounted tabs slot's declaration, with UIKit's selection.
  fileprivate func selectingTab(_ key: AnyHashable) -> SlotDeclaration {
    SlotDeclaration(
      name: name, anchor: anchor, layout: layout, content: SlotContent(.empty), source: source,
      transition: transition, forwarding: forwarding, interruption: interruption,
      tabs: TabsDeclaration(keys: [], selection: key, writeBack: nil))
  }
}

/// Tells a composer when the user selects a tab, and forwards the messages to the delegate other
/// code set.
@MainActor
final class TabsDelegate: NSObject, UITabBarControllerDelegate {
  private weak var composer: Composer?
  /// The delegate other code set; every message is forwarded to it.
  ///
  /// Read by the Objective-C runtime's forwarding, which is not isolated; UIKit sends delegate
  /// messages on the main thread only.
  nonisolated(unsafe) weak var forwardee: (any UITabBarControllerDelegate)?

  init(composer: Composer) {
    self.composer = composer
  }

  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    #if canImport(UIKit)
    forwardee?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true
    #else
    forwardee?.tabBarController(tabBarController, shouldSelect: viewController) ?? true
    #endif
  }

  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    #if canImport(UIKit)
    forwardee?.tabBarController?(tabBarController, didSelect: viewController)
    #else
    forwardee?.tabBarController(tabBarController, didSelect: viewController)
    #endif
    composer?.tabsDidSelect()
  }

  #if canImport(ObjectiveC)
  // The delegate's other messages (custom animations, interaction controllers, orientations) go
  // to the delegate other code set.
  nonisolated override func responds(to selector: Selector!) -> Bool {
    super.responds(to: selector) || forwardee?.responds(to: selector) == true
  }

  nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    if let forwardee, forwardee.responds(to: selector) { return forwardee }
    return super.forwardingTarget(for: selector)
  }
  #endif
}
