import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Composer {
  // MARK: - Presentation

  /// Takes what UIKit presents as mounted, before a reconciliation and when a presentation,
  /// dismissal or swipe ends.
  ///
  /// A presented child UIKit no longer presents (a sheet the user swiped down, a controller
  /// dismissed by other code or by itself) is forgotten, and its presentation's
  /// ``Presentation/onDismiss(_:)`` runs, so that the source of truth agrees and the next
  /// reconciliation performs nothing. A declaration that still presents it (no write-back, or one
  /// that did not clear the item) presents it again. A slot whose transition runs is left alone
  /// until it ends.
  func synchronizePresentations() {
    guard mounted.hasPresentations else { return }
    var slots = mounted.slots
    // The child UIKit dismissed, by slot, and its controller.
    var dismissedByUIKit: [String: ChildIdentity] = [:]
    var dismissedControllers: [UIViewController] = []
    for index in slots.indices {
      let slot = slots[index]
      guard slot.declaration.presentation != nil,
        !executor.presentation.busySlots.contains(slot.name), let child = slot.children.first
      else { continue }
      guard executor.showsPresentation(of: child.identity) else {
        // Refused (a factory, or UIKit): planned again at the next reconciliation.
        slots[index].children = []
        slots[index].keyedRun = nil
        slots[index].code = Resolver.freshCode()
        continue
      }
      if executor.waitsToPresent(child.identity)
        || executor.controller(for: child.identity)?.presentingViewController != nil
      {
        continue
      }
      if let controller = executor.controller(for: child.identity) {
        dismissedControllers.append(controller)
      }
      executor.forgetPresentation(of: child.identity)
      slots[index].children = []
      slots[index].keyedRun = nil
      slots[index].code = Resolver.freshCode()
      dismissedByUIKit[slot.name] = child.identity
    }
    mounted = mounted.replacingSlots(with: slots)
    guard !dismissedByUIKit.isEmpty else { return }
    // The closures are the current declaration's: the mounted tree keeps none.
    let declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    // Told only while the declaration still presents the child dismissed: an item changed
    // meanwhile (during the swipe, or since other code dismissed) is the truth, and presented.
    for slot in declared.slots
    where slot.children.first.map({ dismissedByUIKit[slot.name] == $0.identity }) == true {
      slot.declaration.presentation?.writeBack?()
    }
    // What the dismissed controllers presented was dismissed with them.
    for controller in dismissedControllers {
      Executor.dismissalDidEnd(of: controller)
    }
    // A declaration that still presents a child (no write-back, or one that did not clear the
    // item) is applied again; one that now agrees needs nothing.
    let after = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    let stillDeclared = after.slots.contains {
      dismissedByUIKit[$0.name] != nil && !$0.children.isEmpty
    }
    if !isComposing, stillDeclared { invalidate() }
  }

  /// After a plan: the presentations UIKit could not show yet are mounted unshown, and the
  /// composer listens for the moment they can be.
  func presentationsDidPerform() {
    guard mounted.hasPresentations else { return }
    synchronizePresentations()
    if !executor.presentation.queue.isEmpty, let view = container?.viewIfLoaded {
      // Told when the view enters a window.
      _ = installTrigger(in: view)
    }
  }

  /// Whether the user may swipe away the presented controller: only when its presentation tells
  /// the source of truth (``Presentation/onDismiss(_:)``).
  fileprivate func allowsUserDismissal(of controller: UIViewController) -> Bool {
    guard let identity = executor.controllers.identity(of: controller),
      let slot = mounted.slots.first(where: { $0.name == identity.slot })
    else { return true }
    return slot.declaration.presentation?.allowsUserDismissal ?? true
  }

  /// The user started to swipe a presented controller down: its slot is busy until the swipe
  /// ends, finished or cancelled.
  fileprivate func userDismissalWillBegin(of controller: UIViewController) {
    guard let identity = executor.controllers.identity(of: controller),
      let coordinator = controller.transitionCoordinator
    else { return }
    let slot = identity.slot
    executor.presentation.busySlots.insert(slot)
    coordinator.animate(alongsideTransition: nil) { [weak self] _ in
      guard let self else { return }
      self.executor.presentation.busySlots.remove(slot)
      self.presentationTransitionDidEnd(slot)
    }
  }

  /// A presentation, dismissal or swipe the slots waited for ended, or a presentation that
  /// waited for the end of the container's transition can be tried again.
  func presentationTransitionDidEnd(_ slot: String?) {
    // The reconciliation that presented or dismissed is complete once the slot is idle: a
    // dismissal followed by a presentation ends with the presentation.
    if let slot, !executor.presentation.busySlots.contains(slot) {
      transitionDidComplete(in: slot, finished: true)
    }
    if !isComposing { synchronizePresentations() }
    let waiting = mounted.slots.contains { $0.declaration.presentation?.isShown == false }
    // A child refused because its controller was presented here is tried again once the
    // dismissal has let it go.
    let refused = mounted.slots.contains { slot in
      slot.children.contains { !executor.controllers.hasEntry($0.identity) }
    }
    // The presenter is still ending its transition: composing happens at the next layout pass.
    if isDirty || needsComposeAfterSwap || waiting || refused { invalidate() }
    // Another composer's presentation may have waited for this one's dismissal.
    executor.retryPresentationsBlockedElsewhere()
    resumeWaitersIfSettled()
  }

  /// The container starts appearing: presentations wait until it has appeared.
  func containerWillAppear() {
    executor.presentation.containerIsAppearing = true
  }

  /// The container appeared: a presentation that waited for it is tried again.
  func containerDidAppear() {
    executor.presentation.containerIsAppearing = false
    guard !executor.presentation.queue.isEmpty else { return }
    // After the children's `viewDidAppear(_:)` too, which UIKit sends once the container's
    // returns.
    Task { @MainActor [weak self] in self?.executor.startQueuedPresentations() }
  }

  /// The container leaves its parent: what its presentations show is dismissed, since nothing
  /// would dismiss it any more, and their ``Presentation/onDismiss(_:)`` is told.
  func containerWillLeaveParent() {
    guard mounted.hasPresentations else { return }
    var slots = mounted.slots
    var dismissed: [String] = []
    for index in slots.indices where slots[index].declaration.presentation != nil {
      guard let child = slots[index].children.first,
        executor.showsPresentation(of: child.identity)
      else { continue }
      executor.dismiss(child.identity, animated: false)
      slots[index].children = []
      slots[index].keyedRun = nil
      slots[index].code = Resolver.freshCode()
      dismissed.append(slots[index].name)
    }
    guard !dismissed.isEmpty else { return }
    mounted = mounted.replacingSlots(with: slots)
    let declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    for slot in declared.slots where dismissed.contains(slot.name) {
      slot.declaration.presentation?.writeBack?()
    }
  }

  /// The container's view entered a window: a presentation that waited for one is tried again.
  func containerDidEnterWindow() {
    executor.startQueuedPresentations()
  }

  /// Listens to the presentation controller of a controller about to be presented, forwarding
  /// to the delegate other code set; the delegates of presentations that ended are let go.
  func installPresentationDelegate(on controller: UIViewController) {
    presentationDelegates.removeAll { entry in
      guard let presented = entry.presented, presented !== controller else {
        return entry.presented == nil
      }
      return presented.presentingViewController == nil
    }
    guard let presentationController = controller.presentationController else { return }
    if let current = presentationController.delegate as? PresentationDelegate,
      presentationDelegates.contains(where: { $0.delegate === current })
    {
      return
    }
    let delegate = PresentationDelegate(composer: self)
    delegate.forwardee = presentationController.delegate
    presentationController.delegate = delegate
    presentationDelegates.append(
      PresentationDelegateEntry(presented: controller, delegate: delegate))
  }
}

/// The delegate Compose set on the presentation controller of a controller it presented.
struct PresentationDelegateEntry {
  weak var presented: UIViewController?
  let delegate: PresentationDelegate
}

extension CompositionTree {
  /// Whether a slot is a presentation.
  var hasPresentations: Bool {
    slots.contains { $0.declaration.presentation != nil }
  }
}

/// Tells a composer when the user swipes a presented controller away, refuses the swipe when
/// the declaration cannot be told, and forwards the messages to the delegate other code set.
@MainActor
final class PresentationDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  private weak var composer: Composer?
  /// The delegate other code had set; every message is forwarded to it.
  ///
  /// Read by the Objective-C runtime's forwarding, which is not isolated; UIKit sends delegate
  /// messages on the main thread only.
  nonisolated(unsafe) weak var forwardee: (any UIAdaptivePresentationControllerDelegate)?

  init(composer: Composer) {
    self.composer = composer
  }

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    let presented = presentationController.presentedViewController
    guard composer?.allowsUserDismissal(of: presented) ?? true else { return false }
    #if canImport(UIKit)
    return forwardee?.presentationControllerShouldDismiss?(
      presentationController) ?? true
    #else
    return forwardee?.presentationControllerShouldDismiss(
      presentationController) ?? true
    #endif
  }

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    composer?.userDismissalWillBegin(of: presentationController.presentedViewController)
    #if canImport(UIKit)
    forwardee?.presentationControllerWillDismiss?(
      presentationController)
    #else
    forwardee?.presentationControllerWillDismiss(
      presentationController)
    #endif
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    #if canImport(UIKit)
    forwardee?.presentationControllerDidDismiss?(
      presentationController)
    #else
    forwardee?.presentationControllerDidDismiss(
      presentationController)
    #endif
    composer?.presentationTransitionDidEnd(nil)
  }

  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {
    #if canImport(UIKit)
    forwardee?.presentationControllerDidAttemptToDismiss?(
      presentationController)
    #else
    forwardee?.presentationControllerDidAttemptToDismiss(
      presentationController)
    #endif
  }

  #if canImport(ObjectiveC)
  // The delegate's other messages (adaptive styles, popover callbacks) go to the delegate other
  // code set.
  nonisolated override func responds(to selector: Selector!) -> Bool {
    super.responds(to: selector) || forwardee?.responds(to: selector) == true
  }

  nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    if let forwardee, forwardee.responds(to: selector) { return forwardee }
    return super.forwardingTarget(for: selector)
  }
  #endif
}
