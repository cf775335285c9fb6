import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Composer {
  // MARK: - Navigation stacks

  /// The mounted navigation stack slot's index, when the container is a navigation controller.
  private var mountedStack: (UINavigationController, Int)? {
    guard let navigationController = container as? UINavigationController,
      let index = mounted.slots.firstIndex(where: { $0.declaration.stack != nil })
    else { return nil }
    return (navigationController, index)
  }

  /// Takes what UIKit's stack shows as mounted, before a reconciliation and when a navigation
  /// transition ends.
  ///
  /// UIKit pops children itself (the back button, the interactive pop) and other code may call
  /// `popViewController(animated:)`: when UIKit's stack is a beginning of the mounted one, the
  /// children above it are forgotten (UIKit removed them) and the stack's ``NavigationStack/onPop(_:)``
  /// receives the path that remains, so that the source of truth agrees and the next
  /// reconciliation performs nothing. Any other difference (controllers Compose did not make on
  /// the stack, or mounted ones missing from it) is reported as
  /// ``Diagnostic/ID/changedBehindComposer``, once: the children whose controllers UIKit no
  /// longer shows are forgotten, those it still shows keep their controllers, and a
  /// reconciliation scheduled at once sets the declared stack again. A slot whose transition runs
  /// is left alone until it ends.
  func synchronizeNavigationStack() {
    guard let (navigationController, index) = mountedStack else { return }
    installNavigationDelegate(on: navigationController)
    let slot = mounted.slots[index]
    guard !executor.transitioningSlots.contains(slot.name) else { return }
    let shown = navigationController.viewControllers
    var kept: [ResolvedChild] = []
    var live: [ResolvedChild] = []
    for child in slot.children {
      // A child whose factory was refused is not on the stack: it is planned again. One whose
      // controller is gone was on it: UIKit popped it and released it (off screen, say, where
      // no delegate call told the composer), so it is popped like the others.
      if executor.controllers.hasEntry(child.identity) { live.append(child) }
    }
    for (position, child) in live.enumerated() {
      guard position < shown.count, executor.controller(for: child.identity) === shown[position]
      else { break }
      kept.append(child)
    }
    let above = live.dropFirst(kept.count)
    if shown.count == kept.count, above.isEmpty { navigationStackDiffersFromUIKit = false }
    guard kept.count != slot.children.count || shown.count != kept.count else { return }
    let poppedByUIKit = shown.count == kept.count && !above.isEmpty
    var children = kept
    if !poppedByUIKit, shown.count != kept.count || !above.isEmpty {
      // Other code pushed, reordered or replaced controllers. The children it left on the stack
      // keep their controllers (and what they hold); the next reconciliation sets the declared
      // stack again, from them.
      let onStack = Set(shown.map(ObjectIdentifier.init))
      children += above.filter { child in
        executor.controller(for: child.identity).map { onStack.contains(ObjectIdentifier($0)) }
          ?? false
      }
      if !navigationStackDiffersFromUIKit {
        record([
          Diagnostic(
            id: .changedBehindComposer,
            message: "the stack of navigation stack '\(slot.name)' was changed by other code "
              + "(UIKit shows \(shown.count) controllers, \(kept.count) of them as declared); "
              + "Compose sets the declared stack again; push and pop by changing the path, or "
              + "only pop, which '.onPop' reports",
            source: slot.source)
        ])
      }
      navigationStackDiffersFromUIKit = true
    }
    let staying = Set(children.map(\.identity))
    for child in above where !staying.contains(child.identity) {
      executor.controllers[child.identity] = nil
    }
    var slots = mounted.slots
    slots[index].children = ResolvedChildren(children)
    slots[index].keyedRun = nil
    slots[index].code = Resolver.freshCode()
    mounted = mounted.replacingSlots(with: slots)
    guard poppedByUIKit else {
      if navigationStackDiffersFromUIKit, !isComposing { invalidate() }
      return
    }
    let remaining = Set(
      kept.compactMap { child in
        NavigationStackDeclaration.key(of: child.identity).map {
          NavigationStackDeclaration.Element(key: $0, occurrence: child.identity.occurrence)
        }
      })
    // The closure is the current declaration's: the mounted tree keeps none.
    let declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    let stack = declared.slots.first { $0.declaration.stack != nil }
    stack?.declaration.stack?.writeBack?(remaining)
    // A declaration that still differs from what UIKit shows (no write-back, or one that did not
    // set the path) is applied again: what it still declares is pushed again. One that now
    // agrees needs nothing; the change the write-back made recomposes it if the body observes it.
    if !isComposing, !declaresMountedStack() { invalidate() }
  }

  /// Makes the stack slot busy while its navigation controller runs a transition the composer
  /// was not told of: other code replaced the composer as the delegate (it is adopted again by
  /// this composition), so no `willShow` reached it.
  func watchRunningNavigationTransition() {
    guard let (navigationController, index) = mountedStack else { return }
    executor.watchNavigationTransition(of: navigationController, slot: mounted.slots[index].name)
  }

  /// The reconciliation with a `set-view-controllers` step added for the navigation stack, when
  /// other code changed UIKit's stack and the plan has no stack operation that sets it again
  /// (the declaration did not change); unchanged while the stack's transition runs.
  func settingNavigationStackAgain(
    _ reconciliation: Reconciliation, busy: Set<String>, animated: Bool,
    unanimated: Set<String>
  ) -> Reconciliation {
    guard container is UINavigationController,
      let slot = reconciliation.tree.slots.first(where: { $0.declaration.stack != nil }),
      !busy.contains(slot.name)
    else { return reconciliation }
    navigationStackDiffersFromUIKit = false
    guard let top = slot.children.last,
      !reconciliation.plan.steps.contains(where: { $0.action.isStackOperation })
    else { return reconciliation }
    let step = Plan.Step(
      .setViewControllers(
        slot.children.map(\.identity), animated: animated && !unanimated.contains(slot.name)),
      top.identity)
    return Reconciliation(
      plan: Plan(
        steps: reconciliation.plan.steps + [step], diagnostics: reconciliation.plan.diagnostics),
      tree: reconciliation.tree)
  }

  /// Whether the body declares the navigation stack that is mounted, child for child.
  private func declaresMountedStack() -> Bool {
    guard let (_, index) = mountedStack else { return true }
    let declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    guard let stack = declared.slots.first(where: { $0.declaration.stack != nil }) else {
      return false
    }
    let children = mounted.slots[index].children
    return stack.children.count == children.count
      && zip(stack.children, children).allSatisfy { $0.identity == $1.identity }
  }

  /// Listens to the navigation controller once a plan set its stack, so that a pop UIKit makes
  /// from now on is written back.
  func navigationStackDidPerform(in navigationController: UINavigationController) {
    guard mountedStack != nil else { return }
    installNavigationDelegate(on: navigationController)
  }

  /// Makes the composer the navigation controller's delegate, forwarding to the delegate it had.
  ///
  /// A delegate that other code sets later is forwarded to at once by a
  /// ``ComposedNavigationController`` (its `delegate` setter keeps this one), and adopted at the
  /// next reconciliation by any other navigation controller: Compose keeps
  /// forwarding `navigationController(_:willShow:animated:)` and
  /// `navigationController(_:didShow:animated:)` (and, where the Objective-C runtime is, every
  /// other message) to it.
  private func installNavigationDelegate(on navigationController: UINavigationController) {
    let delegate = navigationDelegate ?? NavigationStackDelegate(composer: self)
    navigationDelegate = delegate
    guard navigationController.delegate !== delegate else { return }
    delegate.forwardee = navigationController.delegate
    navigationController.delegate = delegate
  }

  /// A transition of the navigation controller starts showing a new top controller: the stack
  /// slot is busy until it ends.
  fileprivate func navigationWillShow(_ navigationController: UINavigationController) {
    guard let (_, index) = mountedStack else { return }
    executor.watchNavigationTransition(
      of: navigationController, slot: mounted.slots[index].name)
  }

  /// A navigation transition the stack slot waited for ended: what UIKit popped is taken as
  /// mounted, and a declaration that changed meanwhile is applied at the next layout pass.
  func navigationTransitionDidEnd(in slot: String) {
    // The reconciliation that started the transition, if one did, is complete now.
    transitionDidComplete(in: slot, finished: true)
    if !isComposing { synchronizeNavigationStack() }
    // The navigation controller is still ending its transition: composing now would start a
    // second one inside it.
    if isDirty || needsComposeAfterSwap { invalidate() }
    resumeWaitersIfSettled()
  }

  /// UIKit showed a new top controller, with or without a transition.
  fileprivate func navigationDidShow() {
    guard !isComposing, mountedStack != nil, !isBusyWithNavigation else { return }
    synchronizeNavigationStack()
  }

  private var isBusyWithNavigation: Bool { executor.navigation.busySlot != nil }
}

/// Tells a composer when its navigation controller shows a new top controller, and forwards the
/// messages to the delegate other code set.
@MainActor
final class NavigationStackDelegate: NSObject, UINavigationControllerDelegate {
  private weak var composer: Composer?
  /// The delegate other code set; every message is forwarded to it.
  ///
  /// Read by the Objective-C runtime's forwarding, which is not isolated; UIKit sends delegate
  /// messages on the main thread only.
  nonisolated(unsafe) weak var forwardee: (any UINavigationControllerDelegate)?

  init(composer: Composer) {
    self.composer = composer
  }

  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {
    composer?.navigationWillShow(navigationController)
    #if canImport(UIKit)
    forwardee?.navigationController?(
      navigationController, willShow: viewController, animated: animated)
    #else
    forwardee?.navigationController(
      navigationController, willShow: viewController, animated: animated)
    #endif
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {
    #if canImport(UIKit)
    forwardee?.navigationController?(
      navigationController, didShow: viewController, animated: animated)
    #else
    forwardee?.navigationController(
      navigationController, didShow: viewController, animated: animated)
    #endif
    composer?.navigationDidShow()
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
