import Foundation
import Observation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// Performs plans on a live container: the only code in Compose that calls UIKit's containment
/// API.
///
/// Each step becomes the UIKit call it names, in the canonical orders of UIKit's container
/// guide: an add is `addChild(_:)`, the root view put in its slot's anchor, the slot's layout,
/// then `didMove(toParent:)`; a removal is `willMove(toParent: nil)`, the root view removed (with
/// its constraints), then `removeFromParent()`; a move reorders views only; an update calls the
/// child's update closure. A swap is one animated transition: `transition(from:to:…)` when the
/// container forwards appearance automatically, `UIView.transition(from:to:…)` bracketed by
/// `beginAppearanceTransition`/`endAppearanceTransition` when it forwards manually.
@MainActor
final class Executor {
  /// The container; once it is released, every call does nothing.
  private(set) weak var container: UIViewController?
  /// The live controllers, by identity; held weakly, since the container owns its children: a
  /// composer that outlives its container keeps none of them alive.
  var controllers = LiveControllers()
  /// The stack views made for stack slots, by slot name.
  private var stacks: [String: UIStackView] = [:]
  /// Stack views Compose made for slots that moved to another anchor, until their last view has
  /// moved out.
  private var leftStacks: [UIStackView] = []
  /// The constraints a slot's layout activated for a root view, by view; deactivated when the
  /// layout is applied again, so that a changed layout replaces the old one.
  private var layoutConstraints: [ObjectIdentifier: [NSLayoutConstraint]] = [:]
  /// The running swaps, by slot name.
  private var swaps: [String: RunningSwap] = [:]
  /// The container's appearance as the container reported it with ``forwardAppearance(_:animated:shown:)``.
  private var containerAppearance: ContainerAppearance?
  /// Counts the container's appearance changes reported so far.
  private var appearanceEpoch = 0
  /// The children that the container's last reported `viewWill…` reached; its `viewDid…`
  /// reaches the same ones.
  private var forwardedChildren: [UIViewController] = []
  /// The children whose appearance change a plan began, to be ended by the plan.
  private var manuallyMoving: Set<ObjectIdentifier> = []
  /// The children that Compose's forwarding last made appear (rather than disappear), for a
  /// container that forwards appearance itself: only they have an appearance to end.
  private var appearedByForwarding: [ObjectIdentifier: WeakController] = [:]
  /// The plan being performed and its target, while ``perform(_:from:to:)`` runs.
  private var performing: (plan: Plan, target: CompositionTree)?
  /// The arriving children of the plan being performed whose factory handed back a hidden
  /// kept-alive child's controller: it is already the container's child, and gets no
  /// `addChild(_:)` or `didMove(toParent:)`.
  private var handedOver: Set<ChildIdentity> = []
  /// Controllers made by arriving children's `update` steps, by identity.
  ///
  /// The child's `add-child` step or swap takes its controller; `nil` stands for a controller the
  /// checks refused. Emptied after each plan.
  private var prepared: [ChildIdentity: UIViewController?] = [:]
  /// Observes what each child's update closure reads, one registration per child at a time.
  private let reads = ObservedReads()
  /// The registration of each child whose update closure ran with its reads observed.
  private var readers: [ChildIdentity: ObservedReads.Registration] = [:]
  /// `controllers.removals` when readers of forgotten children were last ended.
  private var removalsSeen = 0
  /// Where the child whose update closure is running is noted.
  private let activity: CompositionActivity
  /// Called when a slot's swap finished.
  var transitionDidFinish: ((String) -> Void)?
  /// Called, on the main actor, when `@Observable` state that a child's update closure read
  /// changed; with whether a composition was running when it changed, and the composition
  /// another composer was applying where it changed, if any.
  var updateReadsDidChange: ((ChildIdentity, Bool, ChainLink?) -> Void)?
  /// Called once for every swap step performed, when it is complete: after the arriving child's
  /// `didMove(toParent:)`, or at once when the swap was made without animation.
  var swapDidComplete: ((SwapCompletion) -> Void)?
  /// The navigation transition a navigation stack slot waits for, if any.
  var navigation = NavigationStackState()
  /// Called when the navigation transition a navigation stack slot waited for ended.
  var navigationTransitionDidEnd: ((String) -> Void)?
  /// The pages kept alive and the page turn a pages slot waits for.
  var pages = PagesState()
  /// Called when the page turn a pages slot waited for ended, with whether it finished.
  var pageTurnDidEnd: ((String, Bool) -> Void)?
  /// The presentations the container shows, and the ones it waits to show.
  var presentation = PresentationState()
  /// Called when a presentation or dismissal a presentation slot waited for ended, and when a
  /// presentation that waited can be tried again.
  var presentationTransitionDidEnd: ((String?) -> Void)?
  /// Called with each controller about to be presented, to listen to its presentation
  /// controller.
  var presentationDelegate: ((UIViewController) -> Void)?
  /// Receives the mistakes found while performing plans.
  var reportDiagnostic: ((Diagnostic) -> Void)?
  /// Told of every controller a factory made and the checks accepted, before any UIKit call.
  var didMakeController: ((UIViewController, ChildIdentity) -> Void)?

  init(container: UIViewController, activity: CompositionActivity) {
    self.container = container
    self.activity = activity
  }

  /// Slots with a swap still animating.
  var transitioningSlots: Set<String> {
    var slots = Set(swaps.keys)
    if let stack = navigation.busySlot { slots.insert(stack) }
    if let pages = pages.busySlot { slots.insert(pages) }
    slots.formUnion(presentation.busySlots)
    return slots
  }

  /// Slots that wait for another slot's transition: a navigation controller's stack while one of
  /// its presentations or dismissals runs (which makes it disappear or appear), so that its stack
  /// changes once that ends and UIKit's appearance callbacks stay balanced.
  ///
  /// A presentation other code makes or dismisses over it counts too; the composer is told when it
  /// ends.
  var slotsWaitingForPresentation: Set<String> {
    guard let navigationController = container as? UINavigationController else { return [] }
    if !presentation.busySlots.isEmpty { return [NavigationStackDeclaration.slotName] }
    guard let presented = navigationController.presentedViewController,
      presented.isBeingPresented || presented.isBeingDismissed,
      let coordinator = presented.transitionCoordinator
    else { return [] }
    let identifier = ObjectIdentifier(coordinator as AnyObject)
    if presentation.othersCoordinator != identifier {
      let accepted = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
        guard let self, self.presentation.othersCoordinator == identifier else { return }
        self.presentation.othersCoordinator = nil
        self.presentationTransitionDidEnd?(nil)
      }
      guard accepted else { return [] }
      presentation.othersCoordinator = identifier
    }
    return [NavigationStackDeclaration.slotName]
  }

  /// The children that running swaps take out or bring in.
  var swappingChildren: Set<ChildIdentity> {
    Set(swaps.values.flatMap { [$0.outgoingIdentity, $0.incomingIdentity] })
  }

  /// The children that running swaps take out.
  var leavingChildren: Set<ChildIdentity> {
    Set(swaps.values.map(\.outgoingIdentity))
  }

  /// The live controller of a child, if it exists.
  func controller(for identity: ChildIdentity) -> UIViewController? {
    controllers[identity]
  }

  /// Whether a controller Compose made is the container's: a child of it (a slot's child, shown
  /// or hidden, a controller of its navigation stack, a tab, the page shown), a page kept for the
  /// next turn, a controller it presents (until the dismissal ends) or waits to present, or one
  /// made for an arriving child whose update closure runs before the containment calls that take
  /// it.
  ///
  /// A presented controller is no child: UIKit presents it from the container's farthest
  /// ancestor, and the container's `presentedViewController` reads it from there. With `child`,
  /// the controller must also still be that child's, not handed over to another child.
  func holds(_ controller: UIViewController, as child: ChildIdentity?) -> Bool {
    guard let container else { return false }
    // A controller handed over to the child that replaced this one is no longer this child's.
    if let child, let holder = controllers.identity(of: controller), holder != child {
      return false
    }
    if controller.parent === container { return true }
    // Made and accepted for an arriving child: its update closure (and the code it calls) sees
    // it as the container's, as the steps that follow make it.
    if isPrepared(controller) { return true }
    if controller.parent == nil, controller.presentingViewController != nil,
      container.presentedViewController === controller
    {
      return true
    }
    if pages.kept.values.contains(where: { $0 === controller }) { return true }
    return presentation.queue.contains { controllers[$0.identity] === controller }
  }

  // MARK: - Performing a plan

  /// Performs `plan`, which takes the container from `mounted` to `target`.
  func perform(_ plan: Plan, from mounted: CompositionTree, to target: CompositionTree) {
    guard let container else { return }
    // Every child the steps can name, by identity: made at the first step that is not a
    // navigation stack's, tabs' or pages' operation (those read the trees themselves), so that a
    // plan with no steps (a recompose that changes nothing) does not index the tree.
    var declared: [ChildIdentity: NamedChild]?
    performing = (plan, target)
    defer {
      performing = nil
      handedOver = []
    }
    retryRefusedDismissals()
    for step in plan.steps {
      if isTabsOperation(step) {
        performTabsOperation(step, from: mounted, to: target, container: container)
        continue
      }
      if isPagesOperation(step) {
        performPagesOperation(step, from: mounted, to: target, container: container)
        continue
      }
      if step.action.isStackOperation {
        performStackOperation(step, from: mounted, to: target, container: container)
        continue
      }
      if declared == nil { declared = Self.children(of: target, mounted) }
      perform(step, declared: declared ?? [:], target: target, container: container)
    }
    prepared = [:]
    refreshQueuedPresentations(from: target)
    startQueuedPresentations()
    endReadsOfForgottenChildren()
  }

  /// Binds the handle of every child `declared` gives one to the child's live controller, once a
  /// plan is performed: a handle attached to a child that was already live, or moved to it from
  /// another child, then reaches it like one attached when it was made.
  ///
  /// The declared tree, not the mounted one: a hidden child stays mounted as it was, and its
  /// new declaration is the declared tree's.
  ///
  /// A handle attached to a declared child with no controller (one declared hidden and not made
  /// yet) stops reaching the controller of the child it followed before. Those are told first, so
  /// that a handle attached to several children follows a live one.
  func bindHandles(of declared: CompositionTree) {
    guard declared.hasHandles, container != nil else { return }
    func bind(_ child: ResolvedChild, live: Bool) {
      guard let bind = child.bindHandle else { return }
      let controller = controllers[child.identity]
      guard (controller != nil) == live else { return }
      bind(controller, child.identity, self)
    }
    for live in [false, true] {
      for slot in declared.slots where slot.hasHandles {
        for child in slot.children { bind(child, live: live) }
        for child in slot.hidden { bind(child, live: live) }
      }
    }
  }

  /// Ends the observation of the update closures of children Compose no longer holds, so that
  /// none stays registered for a child that is gone; only when a child was forgotten since the
  /// last look.
  private func endReadsOfForgottenChildren() {
    guard controllers.removals != removalsSeen else { return }
    removalsSeen = controllers.removals
    for (identity, registration) in readers where !controllers.hasEntry(identity) {
      reads.end(registration)
      readers[identity] = nil
    }
  }

  /// Ends the observation of every update closure's reads: when observation is switched off.
  func endAllReads() {
    for registration in readers.values { reads.end(registration) }
    readers = [:]
  }

  /// How many children's update closures have their reads observed; for tests.
  var observedReaderCount: Int { readers.count }

  /// A child the plan can name, with its slot and, when the target shows it, its position among
  /// the slot's children in the target.
  private typealias NamedChild = (child: ResolvedChild, slot: ResolvedSlot, position: Int?)

  /// Every child the plan can name, declared or mounted (hidden ones included), by identity.
  private static func children(of target: CompositionTree, _ mounted: CompositionTree)
    -> [ChildIdentity: NamedChild]
  {
    var result: [ChildIdentity: NamedChild] = [:]
    for (tree, isTarget) in [(mounted, false), (target, true)] {
      for slot in tree.slots {
        // Positions are the target's: a step that places a view places it there.
        for (position, child) in slot.children.enumerated() {
          result[child.identity] = (child, slot, isTarget ? position : nil)
        }
        for child in slot.hidden {
          result[child.identity] = (child, slot, nil)
        }
      }
    }
    return result
  }

  private func perform(
    _ step: Plan.Step, declared: [ChildIdentity: NamedChild], target: CompositionTree,
    container: UIViewController
  ) {
    let identity = step.child
    guard let entry = declared[identity] else { return }
    let slot = target.slots.first { $0.name == identity.slot } ?? entry.slot
    switch step.action {
    case .addChild:
      // A factory that hands out a controller that is already in use would corrupt the
      // hierarchy: the child is left out and reported, and the steps that follow for it find no
      // controller and do nothing.
      guard let controller = make(entry.child, in: container) else { return }
      controllers[identity] = controller
      if !handedOver.contains(identity) { container.addChild(controller) }
    case .insertView(let index), .attachView(let index):
      guard let controller = controllers[identity] else { return }
      place(controller.view, at: index, in: slot, target: target, container: container)
    case .layout:
      guard let controller = controllers[identity] else { return }
      relayout(
        controller.view, at: entry.position, in: slot, target: target, container: container)
    case .didMove:
      if handedOver.contains(identity) { return }
      controllers[identity]?.didMove(toParent: container)
    case .willMoveToNil:
      // A controller other code moved to another parent is that parent's: nothing is taken from
      // it (the `remove-from-parent` step reports it).
      guard let controller = controllers[identity], controller.parent === container else {
        return
      }
      controller.willMove(toParent: nil)
    case .removeView, .detachView:
      // A controller that left the container during its removal (one that calls
      // `removeFromParent()` as it is told it moves to nil) has no parent: its view, still in the
      // container's view, is taken out all the same.
      guard let controller = controllers[identity], let view = controller.viewIfLoaded,
        controller.parent === container
          || (controller.parent == nil && container.viewIfLoaded.map(view.isDescendant) == true)
      else { return }
      takeOut(view, of: slot)
    case .removeFromParent:
      if let controller = controllers[identity] {
        if controller.parent === container {
          controller.removeFromParent()
        } else if controller.parent != nil {
          reportTakenAway(identity, by: controller)
        }
      }
      controllers[identity] = nil
    case .moveView(let index):
      guard let controller = controllers[identity] else { return }
      place(controller.view, at: index, in: slot, target: target, container: container)
    case .update:
      guard let update = entry.child.update else { return }
      let controller: UIViewController
      if let live = controllers[identity] {
        // A kept child: shown, or hidden and about to come back (its view is attached next).
        controller = live
      } else if !controllers.hasEntry(identity), prepared[identity] == nil {
        // An arriving child: its factory runs now, and its update brings the new controller up
        // to date before the containment calls that follow take it.
        let made = make(entry.child, in: container)
        prepared[identity] = .some(made)
        guard let made else { return }
        // A presented child's update closure sees the styles it is presented with.
        applyStyles(of: slot.declaration.presentation, to: made)
        controller = made
      } else {
        return
      }
      let outer = activity.updatingChild
      activity.updatingChild = entry.child
      defer { activity.updatingChild = outer }
      trackingReads(of: identity) { update(controller, entry.child.environment) }
    case .beginAppearance(let appearing):
      guard let controller = controllers[identity],
        isOnScreen || forwardedChildren.contains(where: { $0 === controller })
      else { return }
      beginManualAppearance(of: controller, appearing)
    case .endAppearance:
      guard let controller = controllers[identity] else { return }
      endManualAppearance(of: controller)
    case .swap(let from, _, let keepsOutgoing, let revivesIncoming):
      swap(
        from: from, to: entry.child, in: slot, keepsOutgoing: keepsOutgoing,
        revivesIncoming: revivesIncoming, target: target, container: container)
    case .push, .pop, .popTo, .setViewControllers, .select, .setPages, .showPage:
      // Performed by `performStackOperation`, `performTabsOperation` or
      // `performPagesOperation`, which see every child.
      break
    case .present(let animated):
      present(entry.child, animated: animated, in: slot, container: container)
    case .dismiss(let animated):
      dismiss(identity, animated: animated)
    }
  }

  /// Runs a child's update closure, watching the `@Observable` state it reads: a change to it is
  /// reported for that child alone, so that only its update runs again.
  private func trackingReads(of identity: ChildIdentity, _ update: () -> Void) {
    guard updateReadsDidChange != nil else { return update() }
    let child = UncheckedSendable(identity)
    var registration = readers[identity]
    defer { readers[identity] = registration }
    reads.track(&registration, update) { [weak self, activity] in
      // Noted where the change is made, like the body's: a change made while composing counts
      // as self-invalidation.
      activity.deliverObservedChange { duringComposition, link in
        self?.updateReadsDidChange?(child.value, duringComposition, link)
      }
    }
  }

  /// Whether `controller` was made for a child that the plan being performed adds, and is not
  /// its child yet: the child's update runs between its factory and its containment calls.
  func isPrepared(_ controller: UIViewController) -> Bool {
    for case let made? in prepared.values where made === controller {
      return true
    }
    return false
  }

  /// Whether a factory returned a controller that already has a composer.
  ///
  /// That is a composed container whose composer started before it became a child; the
  /// composer, which nests from then on, resets it.
  var madeComposedContainer = false

  /// Runs a child's factory and checks what it returned; `nil`, with the mistake reported, when
  /// the controller cannot become the child (or when the child's closures are released, which a
  /// plan never asks for).
  func make(_ child: ResolvedChild, in container: UIViewController) -> UIViewController? {
    // Made (and checked) already by the child's `update` step.
    if let made = prepared.removeValue(forKey: child.identity) { return made }
    guard let make = child.make else { return nil }
    let controller = make()
    var handedBack = false
    if let (other, swappedOut) = childHandingBack(controller, to: child, in: container) {
      // A cached controller handed back for a new identity: it cannot be both children, but it
      // can be the arriving one. Taken out by a swap, it stays where it is (see `swap`), and the
      // transition is lost; kept alive, hidden, it is shown again, and the hidden child keeps
      // nothing. Either is reported.
      handedBack = true
      if !swappedOut {
        controllers[other] = nil
        handedOver.insert(child.identity)
      }
      let outcome =
        swappedOut
        ? "which it replaces with a transition; the controller stays on screen as the new "
          + "child, without the transition; make a new controller in the factory to see the "
          + "transition"
        : "which is kept alive, hidden; the controller is shown as the new child, and child "
          + "\(other) is made again if it is declared again; make a new controller in the "
          + "factory to keep both"
      reportDiagnostic?(
        Diagnostic(
          id: .sameInstanceDeclaredTwice,
          message: "the factory of child \(child.identity) returned the "
            + "'\(type(of: controller))' of child \(other), \(outcome)",
          source: child.source))
    } else if let failure = misuse(of: controller, for: child, in: container) {
      reportDiagnostic?(failure)
      return nil
    }
    // Accepted: it becomes the child by the steps that follow. A child that is a composed
    // container starts from the environment it is declared with.
    child.bindHandle?(controller, child.identity, self)
    InheritedEnvironment.set(child.environment, for: controller)
    // A controller handed back was made (and told) for the child it was.
    if !handedBack { didMakeController?(controller, child.identity) }
    // After the hook, which may have started the controller's composer: one started before the
    // controller is the container's child is not told to the container otherwise.
    if let nested = InheritedEnvironment.composer(of: controller) {
      madeComposedContainer = true
      // One that composed before (a controller the factory keeps) composes again before it
      // appears when the values changed since.
      nested.containerWasMade(in: child.environment)
    }
    return controller
  }

  /// The child whose controller a factory handed back for `child` (a cached controller returned
  /// for a new `.id` or another branch), when it can become `child`'s: the child an animated swap
  /// of the plan being performed takes out for `child` (`swappedOut`), or a hidden kept-alive
  /// child that the plan's target does not show, its view out of the container's view, when the
  /// target shows `child`; `nil` otherwise.
  ///
  /// - Complexity: O(1) unless the controller is another child's; then O(*n*) in the plan's steps
  ///   and the target's children.
  private func childHandingBack(
    _ controller: UIViewController, to child: ResolvedChild, in container: UIViewController
  ) -> (other: ChildIdentity, swappedOut: Bool)? {
    guard controller.parent === container, let (plan, target) = performing,
      let other = controllers.identity(of: controller), other != child.identity
    else { return nil }
    let swapsOut = plan.steps.contains { step in
      guard step.child == child.identity, case .swap(let from, _, _, _) = step.action else {
        return false
      }
      return from == other
    }
    if swapsOut { return (other, true) }
    if let view = controller.viewIfLoaded, let root = container.viewIfLoaded,
      view.isDescendant(of: root)
    {
      return nil
    }
    // Shown as the arriving child: one that arrives hidden (an eager child declared hidden)
    // cannot take the place of another, which keeps its controller.
    var shown = false
    var arrivesShown = false
    for slot in target.slots {
      for declared in slot.children {
        if declared.identity == other { shown = true }
        if declared.identity == child.identity { arrivesShown = true }
      }
    }
    return shown || !arrivesShown ? nil : (other, false)
  }

  /// Why a controller a factory returned cannot become a child, if it cannot: the same checks for
  /// every path that adds a child, before any UIKit call.
  private func misuse(
    of controller: UIViewController, for child: ResolvedChild, in container: UIViewController
  ) -> Diagnostic? {
    let typeName = String(describing: type(of: controller))
    if controller is UINavigationController, container is UINavigationController,
      child.identity.slot == NavigationStackDeclaration.slotName
    {
      return Diagnostic(
        id: .navigationControllerInStack,
        message: "the factory of child \(child.identity) returned a '\(typeName)', which a "
          + "navigation stack cannot hold (UIKit raises 'Pushing a navigation controller is not "
          + "supported'); return the controller it would show, or present the navigation "
          + "controller instead",
        source: child.source)
    }
    // UIKit logs the push of a split view controller and leaves its stack as it was.
    if controller is UISplitViewController, container is UINavigationController,
      child.identity.slot == NavigationStackDeclaration.slotName
    {
      return Diagnostic(
        id: .splitViewControllerInStack,
        message: "the factory of child \(child.identity) returned a '\(typeName)', which a "
          + "navigation stack cannot hold (UIKit does not push a split view controller); push a "
          + "controller that shows it in a slot instead, or show it outside the navigation "
          + "controller",
        source: child.source)
    }
    // A controller Compose holds for another child is that child's, with the container as its
    // parent or none (other code may have removed it; the repair forgets it first).
    if controller.parent === container || controller.parent == nil,
      let other = controllers.identity(of: controller), other != child.identity
    {
      return Diagnostic(
        id: .sameInstanceDeclaredTwice,
        message: "the factory of child \(child.identity) returned the '\(typeName)' that is "
          + "already child \(other); make a new controller in the factory",
        source: child.source)
    }
    var ancestor: UIViewController? = container
    while let current = ancestor {
      if current === controller {
        return Diagnostic(
          id: .containerAsChild,
          message: "the factory of child \(child.identity) returned the '\(typeName)' that "
            + "\(current === container ? "is the container itself" : "contains the container")"
            + "; a controller cannot be its own child or descendant; make a new controller in "
            + "the factory",
          source: child.source)
      }
      ancestor = current.parent
    }
    if let view = controller.viewIfLoaded, let root = container.viewIfLoaded,
      root.isDescendant(of: view)
    {
      return Diagnostic(
        id: .containerAsChild,
        message: "the factory of child \(child.identity) returned a '\(typeName)' whose view "
          + "contains the container's view; a view cannot be its own subview; make a new "
          + "controller in the factory",
        source: child.source)
    }
    if let parent = controller.parent {
      return Diagnostic(
        id: .controllerOwnedElsewhere,
        message: "the factory of child \(child.identity) returned a '\(typeName)' that already "
          + "has the parent '\(String(describing: type(of: parent)))'; make a new controller in "
          + "the factory",
        source: child.source)
    }
    // A presented controller belongs to its presenter until its dismissal ends: UIKit can make it
    // no child (and raises when asked to present it again).
    if let presenter = controller.presentingViewController {
      return Diagnostic(
        id: .controllerOwnedElsewhere,
        message: "the factory of child \(child.identity) returned a '\(typeName)' that "
          + "'\(String(describing: type(of: presenter)))' presents; a presented controller cannot "
          + "be a child; make a new controller in the factory, or dismiss it first",
        source: child.source)
    }
    if let window = controller.viewIfLoaded?.window, window.rootViewController === controller {
      return Diagnostic(
        id: .controllerOwnedElsewhere,
        message: "the factory of child \(child.identity) returned a '\(typeName)' that is the "
          + "root view controller of a window; make a new controller in the factory",
        source: child.source)
    }
    // UIKit's `addChild(_:)` raises when the controller's view is still inside another
    // controller's view (other code removed it from its parent and left its view behind).
    if let owner = controller.viewIfLoaded?.superview?.enclosingController, owner !== container {
      return Diagnostic(
        id: .controllerOwnedElsewhere,
        message: "the factory of child \(child.identity) returned a '\(typeName)' whose view is "
          + "still inside the view of '\(String(describing: type(of: owner)))', which UIKit "
          + "refuses for a child of another controller; take its view out with "
          + "removeFromSuperview() where it is removed from its parent, or make a new controller "
          + "in the factory",
        source: child.source)
    }
    return nil
  }

  /// Whether the container is on screen: its view is in a window that is shown.
  private var isVisible: Bool {
    guard let window = container?.viewIfLoaded?.window else { return false }
    return !window.isHidden
  }

  /// Whether the container is on screen or coming on screen: a window's `isHidden` may still
  /// read `true` while the window's appearance callbacks run.
  private var isOnScreen: Bool { isVisible || containerAppearance == .appearing }

  /// Cuts a slot's running swap short: its animations are removed, so it completes now, in its
  /// final state, with `finished == false`.
  func cutShort(_ slotName: String) {
    // A superview another slot's running swap animates in too keeps its animations: that swap is
    // not cut short.
    let others = swaps.filter { $0.key != slotName }.values.flatMap(\.views)
    for view in swaps[slotName]?.views ?? [] where !others.contains(where: { $0 === view }) {
      view.layer.removeAllAnimations()
    }
    if navigation.busySlot == slotName,
      let navigationController = container as? UINavigationController
    {
      cutShortNavigationTransition(of: navigationController)
    }
  }

  // MARK: - Views

  /// The view a slot's children's root views go in: its stack view, or its anchor.
  private func host(for slot: ResolvedSlot, container: UIViewController) -> UIView {
    let anchor: UIView = slot.anchor ?? container.view
    guard case .stack(let axis, let spacing, let distribution, let alignment) = slot.layout.kind
    else { return anchor }
    if let stack = stacks[slot.name], stack.superview === anchor {
      stack.axis = axis
      stack.spacing = spacing
      stack.distribution = distribution
      stack.alignment = alignment
      return stack
    }
    if let left = stacks[slot.name] {
      // The slot moved to another anchor: the stack it made in the old one goes once its last
      // view has moved out (at once if it has none).
      if left.arrangedSubviews.isEmpty {
        left.removeFromSuperview()
      } else {
        leftStacks.append(left)
      }
    }
    let stack = UIStackView(frame: anchor.bounds)
    stack.axis = axis
    stack.spacing = spacing
    stack.distribution = distribution
    stack.alignment = alignment
    stack.translatesAutoresizingMaskIntoConstraints = false
    anchor.addSubview(stack)
    NSLayoutConstraint.activate(Self.edges(of: stack, pinnedTo: anchor, insets: .zero))
    stacks[slot.name] = stack
    return stack
  }

  /// Puts a root view at a position among its slot's children: right after the view of the
  /// child before it in the new order, or below the slot's other views at position 0.
  private func place(
    _ view: UIView, at index: Int, in slot: ResolvedSlot, target: CompositionTree,
    container: UIViewController
  ) {
    let host = host(for: slot, container: container)
    // A stack the slot left (its anchor changed) goes once its last view has moved out.
    var left: UIStackView?
    if let stack = view.superview as? UIStackView, stack !== host {
      stack.removeArrangedSubview(view)
      if stack.arrangedSubviews.isEmpty, let index = leftStacks.firstIndex(where: { $0 === stack })
      {
        leftStacks.remove(at: index)
        left = stack
      }
    }
    defer { left?.removeFromSuperview() }
    let siblings = target.slots.first { $0.name == slot.name }?.children ?? []
    if let stack = host as? UIStackView {
      let before = index > 0 ? controllers[siblings[index - 1].identity]?.viewIfLoaded : nil
      stack.insertArrangedSubview(view, at: Self.position(of: view, after: before, in: stack))
      return
    }
    if index > 0, let previous = controllers[siblings[index - 1].identity]?.viewIfLoaded,
      previous.superview === host
    {
      host.insertSubview(view, aboveSubview: previous)
      return
    }
    // First in the slot: below the lowest view of the slot's other children.
    let slotViews = Set(
      siblings.compactMap { controllers[$0.identity]?.viewIfLoaded }.map(ObjectIdentifier.init))
    if let lowest = host.subviews.first(where: {
      $0 !== view && slotViews.contains(ObjectIdentifier($0))
    }) {
      host.insertSubview(view, belowSubview: lowest)
    } else {
      host.addSubview(view)
    }
  }

  /// The index of the arranged views to insert `view` at so that it comes right after `before`:
  /// 0 when there is no view before it or that view is not arranged in the stack.
  ///
  /// The index is into the arranged views without `view`, where `insertArrangedSubview(_:at:)`
  /// puts a view it moves. Reads `arrangedSubviews` once, and only when `before` is in the stack
  /// (UIKit returns a copy; UIKitModel its own list). The executor keeps no order of its own:
  /// child callbacks run between the steps of a plan, and other code may change the stack there.
  ///
  /// - Complexity: O(1) when `before` is the last arranged view (children mounted in order);
  ///   otherwise O(*d*), with *d* the distance of `before` from the end, plus O(*n*) when `view`
  ///   is already arranged in the stack (a move).
  private static func position(of view: UIView, after before: UIView?, in stack: UIStackView)
    -> Int
  {
    guard let before, before !== view, before.superview === stack else { return 0 }
    let arranged = stack.arrangedSubviews
    // Searched from the end: children placed in order always follow the last arranged view.
    guard let found = arranged.lastIndex(where: { $0 === before }) else { return 0 }
    // A view that is arranged before `before` leaves a gap that the insertion closes.
    let movesForward =
      view.superview === stack && arranged[..<found].contains { $0 === view }
    return movesForward ? found : found + 1
  }

  /// Takes a root view out of its slot, with the constraints its layout made.
  private func takeOut(_ view: UIView, of slot: ResolvedSlot) {
    if let stack = view.superview as? UIStackView {
      stack.removeArrangedSubview(view)
    }
    layoutConstraints[ObjectIdentifier(view)] = nil
    view.removeFromSuperview()
  }

  /// Applies a slot's layout to a root view: a view that stays while its slot's layout changes
  /// moves into (or out of) the slot's stack view first, at `index`, its position among the
  /// slot's children in `target` (`nil` when the target does not show it), and loses what the old
  /// layout set.
  private func relayout(
    _ view: UIView, at index: Int?, in slot: ResolvedSlot, target: CompositionTree,
    container: UIViewController
  ) {
    let host = host(for: slot, container: container)
    if let superview = view.superview, superview !== host, let index {
      place(view, at: index, in: slot, target: target, container: container)
    }
    apply(slot.layout, to: view, in: slot)
    if !slot.layout.isStack, let stack = stacks[slot.name], stack.arrangedSubviews.isEmpty {
      // The slot left its stack layout: the empty stack view goes too.
      stack.removeFromSuperview()
      stacks[slot.name] = nil
    }
  }

  private func apply(_ layout: SlotLayout, to view: UIView, in slot: ResolvedSlot) {
    if let old = layoutConstraints.removeValue(forKey: ObjectIdentifier(view)) {
      NSLayoutConstraint.deactivate(old.filter { $0.firstItem === view || $0.secondItem === view })
    }
    switch layout.kind {
    case .fill(let insets):
      guard let superview = view.superview else { return }
      view.translatesAutoresizingMaskIntoConstraints = false
      let constraints = Self.edges(of: view, pinnedTo: superview, insets: insets)
      NSLayoutConstraint.activate(constraints)
      layoutConstraints[ObjectIdentifier(view)] = constraints
    case .frame(let frame, let mask):
      view.translatesAutoresizingMaskIntoConstraints = true
      view.frame = frame
      view.autoresizingMask = mask
    case .stack:
      // The stack view lays out its arranged subviews.
      view.translatesAutoresizingMaskIntoConstraints = false
    case .custom(let layout):
      guard let anchor = view.superview else { return }
      // The constraints the closure activates between the view and its anchor are the layout's:
      // they go when the slot's layout changes.
      let before = Set((anchor.constraints + view.constraints).map(ObjectIdentifier.init))
      layout(view, anchor)
      let made = (anchor.constraints + view.constraints).filter {
        !before.contains(ObjectIdentifier($0)) && ($0.firstItem === view || $0.secondItem === view)
      }
      if !made.isEmpty { layoutConstraints[ObjectIdentifier(view)] = made }
    }
  }

  static func edges(of view: UIView, pinnedTo superview: UIView, insets: UIEdgeInsets)
    -> [NSLayoutConstraint]
  {
    [
      view.topAnchor.constraint(equalTo: superview.topAnchor, constant: insets.top),
      view.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: insets.left),
      superview.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: insets.bottom),
      superview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: insets.right),
    ]
  }

  // MARK: - Swaps

  private func swap(
    from outgoingIdentity: ChildIdentity, to incoming: ResolvedChild, in slot: ResolvedSlot,
    keepsOutgoing: Bool, revivesIncoming: Bool, target: CompositionTree,
    container: UIViewController
  ) {
    guard let outgoing = controllers[outgoingIdentity], outgoing.parent === container,
      let outgoingView = outgoing.viewIfLoaded, outgoingView.superview != nil
    else {
      // Nothing to animate from (the outgoing child is gone, or other code took it or its view
      // out): the incoming child is added without animation, so that the container still ends
      // up with what the plan promised.
      if let outgoing = controllers[outgoingIdentity] {
        retire(outgoing, identity: outgoingIdentity, keeps: keepsOutgoing, in: slot)
      }
      let revived = revivesIncoming ? controllers[incoming.identity] : nil
      if let revived, revived.parent === container {
        addWithoutAnimation(
          incoming, controller: revived, in: slot, target: target, container: container)
      } else if let made = make(incoming, in: container) {
        // The leaving child kept alive may have been handed back: it is the arriving child now.
        if controllers[outgoingIdentity] === made { controllers[outgoingIdentity] = nil }
        addWithoutAnimation(
          incoming, controller: made, in: slot, target: target, container: container)
      }
      completeWithoutAnimation(slot.name, from: outgoingIdentity, to: incoming.identity)
      return
    }
    let incomingController: UIViewController
    if revivesIncoming, let hidden = controllers[incoming.identity], hidden.parent === container {
      incomingController = hidden
    } else {
      // The same checks as a plain add, before any UIKit call: a refused controller leaves the
      // slot without its child, and the leaving child goes without animation.
      guard let made = make(incoming, in: container) else {
        retire(outgoing, identity: outgoingIdentity, keeps: keepsOutgoing, in: slot)
        completeWithoutAnimation(slot.name, from: outgoingIdentity, to: incoming.identity)
        return
      }
      incomingController = made
    }
    if incomingController === outgoing {
      // The factory handed back the leaving child's controller (a cached one): it stays where it
      // is, as the arriving child, with no containment call. A transition from a controller to
      // itself would show nothing.
      controllers[outgoingIdentity] = nil
      controllers[incoming.identity] = outgoing
      apply(slot.layout, to: outgoingView, in: slot)
      completeWithoutAnimation(slot.name, from: outgoingIdentity, to: incoming.identity)
      return
    }
    if containerAppearance == .disappearing || containerAppearance == .disappeared {
      // The container is leaving the screen: its children are disappearing with it, and a
      // transition would start their disappearance again. The swap is made without animation.
      retire(outgoing, identity: outgoingIdentity, keeps: keepsOutgoing, in: slot)
      addWithoutAnimation(
        incoming, controller: incomingController, in: slot, target: target, container: container)
      completeWithoutAnimation(slot.name, from: outgoingIdentity, to: incoming.identity)
      return
    }
    controllers[incoming.identity] = incomingController
    let transition = incoming.transition
    let isNew = incomingController.parent !== container
    if !keepsOutgoing { outgoing.willMove(toParent: nil) }
    if isNew { container.addChild(incomingController) }
    let incomingView: UIView = incomingController.view
    let finalFrame = outgoingView.frame
    // Leading and trailing follow the container's layout direction.
    let rightToLeft = container.view.effectiveUserInterfaceLayoutDirection == .rightToLeft
    incomingView.frame = finalFrame
    if case .slide(let edge) = transition.kind {
      // The incoming view starts beyond the edge it slides in from. The outgoing view is
      // released from its slot's constraints, which would hold it in place, so that its frame
      // can slide out.
      incomingView.frame = Self.offset(finalFrame, beyond: edge, rightToLeft: rightToLeft)
      if let superview = outgoingView.superview {
        NSLayoutConstraint.deactivate(
          superview.constraints.filter {
            $0.firstItem === outgoingView || $0.secondItem === outgoingView
          })
      }
      outgoingView.translatesAutoresizingMaskIntoConstraints = true
      outgoingView.frame = finalFrame
    }
    layoutConstraints[ObjectIdentifier(outgoingView)] = nil
    let options = Self.options(for: transition, rightToLeft: rightToLeft)
    let layout = slot.layout
    let running = RunningSwap(
      outgoing: outgoing, outgoingIdentity: outgoingIdentity, incoming: incomingController,
      incomingIdentity: incoming.identity,
      views: [outgoingView, incomingView] + (outgoingView.superview.map { [$0] } ?? []),
      epoch: appearanceEpoch)
    let finish: (Bool) -> Void = { [weak self] finished in
      guard let self, !running.isFinished else { return }
      running.isFinished = true
      if outgoing.parent !== self.container {
        self.reportTakenAway(outgoingIdentity, by: outgoing)
      }
      if !keepsOutgoing {
        // Taken by other code meanwhile: it stays where that code put it.
        if outgoing.parent === self.container { outgoing.removeFromParent() }
        if self.controllers[outgoingIdentity] === outgoing {
          self.controllers[outgoingIdentity] = nil
          self.endReadsOfForgottenChildren()
        }
      }
      if isNew, let container = self.container, incomingController.parent === container {
        incomingController.didMove(toParent: container)
      }
      if self.swaps[slot.name] === running { self.swaps[slot.name] = nil }
      self.swapDidComplete?(
        SwapCompletion(
          slot: slot.name, outgoing: outgoingIdentity, incoming: incoming.identity,
          finished: finished, animated: true))
      self.transitionDidFinish?(slot.name)
    }
    let animations: () -> Void = { [weak self] in
      // UIKit puts the arriving view in front of every other view of the container; it takes
      // the leaving view's place among the slot's views instead.
      if let superview = outgoingView.superview, incomingView.superview === superview {
        superview.insertSubview(incomingView, aboveSubview: outgoingView)
      }
      // The incoming view is in the container now; constraints can be made (UIKit drops none of
      // them during the transition, and it copies none from the outgoing view).
      if case .slide(let edge) = transition.kind {
        incomingView.frame = finalFrame
        outgoingView.frame = Self.offset(
          finalFrame, beyond: Self.opposite(edge), rightToLeft: rightToLeft)
      }
      self?.apply(layout, to: incomingView, in: slot)
      if case .custom(_, let custom) = transition.kind, let container = incomingView.superview {
        custom(outgoingView, incomingView, container)
      }
    }
    // The slot is busy from here until the completion runs (at once, for a transition that does
    // not animate).
    swaps[slot.name] = running
    if container.shouldAutomaticallyForwardAppearanceMethods {
      container.transition(
        from: outgoing, to: incomingController, duration: transition.duration, options: options,
        animations: animations, completion: finish)
    } else {
      let visible = isOnScreen
      running.began = visible
      if visible {
        // Compose takes both children through this change; the container's own forwarding
        // leaves them alone.
        forwardedChildren.removeAll { $0 === outgoing || $0 === incomingController }
        forward(outgoing, false, animated: transition.duration > 0)
        forward(incomingController, true, animated: transition.duration > 0)
      }
      UIView.transition(
        from: outgoingView, to: incomingView, duration: transition.duration, options: options
      ) { [weak self] finished in
        self?.endAppearance(of: running)
        finish(finished)
      }
      // The incoming view is in place now: its layout and the transition's own changes animate
      // alongside (the transition call itself only swaps the views).
      UIView.animate(withDuration: transition.duration, animations: animations)
    }
    if !running.isFinished, incomingView.superview == nil {
      // UIKit did not start the transition (it puts the arriving view in at once): the slot is
      // not left busy with a transition that will never end.
      swaps[slot.name] = nil
    }
  }

  /// Reports a swap step that was made without animation as complete.
  private func completeWithoutAnimation(
    _ slot: String, from outgoing: ChildIdentity, to incoming: ChildIdentity
  ) {
    swapDidComplete?(
      SwapCompletion(
        slot: slot, outgoing: outgoing, incoming: incoming, finished: true, animated: false))
  }

  /// Ends the appearance transitions a manually forwarding container's swap began, in step with
  /// the container's own appearance.
  ///
  /// When the container reported no appearance change during the swap, the arriving child
  /// appears if the container is still on screen; otherwise the container's own forwarding has
  /// taken it through the change. When the container did report one (through
  /// ``Composer/forwardBeginAppearanceTransition(_:animated:)``), that forwarding left the swapping
  /// children alone, and they are brought to the container's state here.
  private func endAppearance(of running: RunningSwap) {
    let incoming = running.incoming
    defer { if running.began { running.outgoing.endAppearanceTransition() } }
    guard appearanceEpoch != running.epoch, let appearance = containerAppearance else {
      if running.began, isVisible { incoming.endAppearanceTransition() }
      return
    }
    switch appearance {
    case .appearing, .appeared:
      if !running.began { forward(incoming, true, animated: false) }
      incoming.endAppearanceTransition()
    case .disappearing, .disappeared:
      guard running.began else { return }
      forward(incoming, false, animated: false)
      incoming.endAppearanceTransition()
    }
  }

  /// Takes a child out of its slot without animation: removed, or detached when it is kept.
  private func retire(
    _ controller: UIViewController, identity: ChildIdentity, keeps: Bool, in slot: ResolvedSlot
  ) {
    guard let container, controller.parent === container else {
      // Other code took it: it is no longer Compose's to remove.
      if container != nil { reportTakenAway(identity, by: controller) }
      if controllers[identity] === controller { controllers[identity] = nil }
      return
    }
    let manual = !container.shouldAutomaticallyForwardAppearanceMethods && isVisible
    if !keeps { controller.willMove(toParent: nil) }
    if let view = controller.viewIfLoaded, view.superview != nil {
      if manual { beginManualAppearance(of: controller, false) }
      takeOut(view, of: slot)
      endManualAppearance(of: controller)
    }
    if !keeps {
      controller.removeFromParent()
      controllers[identity] = nil
    }
  }

  /// Adds a child without animation: `controller` is new (made and checked), or the child's
  /// hidden kept-alive controller.
  private func addWithoutAnimation(
    _ child: ResolvedChild, controller: UIViewController, in slot: ResolvedSlot,
    target: CompositionTree, container: UIViewController
  ) {
    let isNew = controller.parent !== container
    controllers[child.identity] = controller
    if isNew { container.addChild(controller) }
    let manual = !container.shouldAutomaticallyForwardAppearanceMethods && isVisible
    if manual { beginManualAppearance(of: controller, true) }
    let index =
      target.slots.first { $0.name == slot.name }?.children.firstIndex {
        $0.identity == child.identity
      } ?? 0
    place(controller.view, at: index, in: slot, target: target, container: container)
    apply(slot.layout, to: controller.view, in: slot)
    endManualAppearance(of: controller)
    if isNew { controller.didMove(toParent: container) }
  }

  // MARK: - The container's appearance

  /// Begins the appearance change of a child whose view a plan adds or removes, for a container
  /// that forwards appearance itself, in step with the container's own change.
  ///
  /// While the container disappears (or is off screen), an arriving child stays disappeared and
  /// appears with the container; a leaving child that the container's forwarding is already
  /// taking out continues that change, which the matching end finishes.
  private func beginManualAppearance(of controller: UIViewController, _ appearing: Bool) {
    let reached = forwardedChildren.firstIndex { $0 === controller }
    if let reached { forwardedChildren.remove(at: reached) }
    if containerAppearance == .disappearing || containerAppearance == .disappeared {
      guard !appearing, reached != nil, containerAppearance == .disappearing else { return }
      manuallyMoving.insert(ObjectIdentifier(controller))
      return
    }
    // A child that never appeared (added while the container was off screen, say) has no
    // appearance to end.
    if !appearing, !hasAppearedByForwarding(controller) { return }
    forward(controller, appearing, animated: false)
    manuallyMoving.insert(ObjectIdentifier(controller))
  }

  /// Begins a child's appearance change for a container that forwards appearance itself, noting
  /// whether the child now appears.
  private func forward(_ controller: UIViewController, _ appearing: Bool, animated: Bool) {
    appearedByForwarding[ObjectIdentifier(controller)] =
      appearing ? WeakController(value: controller) : nil
    controller.beginAppearanceTransition(appearing, animated: animated)
  }

  /// Whether Compose's forwarding last made the child appear.
  private func hasAppearedByForwarding(_ controller: UIViewController) -> Bool {
    appearedByForwarding[ObjectIdentifier(controller)]?.value === controller
  }

  /// Ends what ``beginManualAppearance(of:_:)`` began, if it began something.
  private func endManualAppearance(of controller: UIViewController) {
    guard manuallyMoving.remove(ObjectIdentifier(controller)) != nil else { return }
    controller.endAppearanceTransition()
  }

  /// Forwards a manually forwarding container's appearance change to its shown children, except
  /// those a running swap takes through their own; `viewDid…` reaches the children that
  /// `viewWill…` reached.
  func forwardAppearance(_ appearing: Bool?, animated: Bool, shown: [ChildIdentity]) {
    guard let container else { return }
    // When UIKit forwards, the report only tells the executor the container's appearance.
    let forwards = !container.shouldAutomaticallyForwardAppearanceMethods
    let swapping = Set(
      swaps.values.flatMap { [ObjectIdentifier($0.outgoing), ObjectIdentifier($0.incoming)] })
    if let appearing {
      // A second report of the same change (the container's code and a base class both
      // forwarding) is the same change.
      if containerAppearance == (appearing ? .appearing : .disappearing) { return }
      appearanceEpoch += 1
      containerAppearance = appearing ? .appearing : .disappearing
      guard forwards else { return }
      forwardedChildren = shown.compactMap { controllers[$0] }.filter {
        $0.parent === container && $0.viewIfLoaded?.superview != nil
          && !swapping.contains(ObjectIdentifier($0))
      }
      for child in forwardedChildren {
        forward(child, appearing, animated: animated)
      }
    } else {
      switch containerAppearance {
      case .appearing: containerAppearance = .appeared
      case .disappearing: containerAppearance = .disappeared
      case .appeared, .disappeared, nil: break
      }
      let children = forwardedChildren
      forwardedChildren = []
      guard forwards else { return }
      for child in children
      where child.parent === container
        && !swapping.contains(ObjectIdentifier(child))
      {
        child.endAppearanceTransition()
      }
    }
  }

  // MARK: - Changes behind the composer's back

  /// Reports a leaving child that other code removed from the container while Compose was
  /// taking it out.
  private func reportTakenAway(_ identity: ChildIdentity, by controller: UIViewController) {
    reportDiagnostic?(
      Diagnostic(
        id: .changedBehindComposer,
        message: "child \(identity) was removed from the container by other code while it was "
          + "leaving (its parent is \(controller.parent.map { "'\(type(of: $0))'" } ?? "nil")); "
          + "add and remove children by changing the declaration",
        source: nil))
  }

  /// Balances the appearance that a manually forwarding container gave a child that other code
  /// took out: a child that appeared through Compose's forwarding and is now off screen, with no
  /// parent, disappears, as it would have had Compose removed it.
  private func endForwardedAppearance(
    of controller: UIViewController, in container: UIViewController
  ) {
    // The child appeared through the forwarding only if the container is on screen.
    guard !container.shouldAutomaticallyForwardAppearanceMethods, controller.parent == nil,
      controller.viewIfLoaded?.window == nil, isOnScreen,
      containerAppearance != .disappearing, containerAppearance != .disappeared
    else { return }
    forwardedChildren.removeAll { $0 === controller }
    manuallyMoving.remove(ObjectIdentifier(controller))
    guard hasAppearedByForwarding(controller) else { return }
    forward(controller, false, animated: false)
    controller.endAppearanceTransition()
  }

  /// Checks a mounted tree against the container and repairs what other code changed.
  ///
  /// A child that is no longer the container's is forgotten (and made again if still declared), a root
  /// view taken out of its slot is put back. Returns the tree without the forgotten children and
  /// what was found.
  func repair(_ mounted: CompositionTree) -> (tree: CompositionTree, found: [Diagnostic]) {
    guard let container else { return (mounted, []) }
    var found: [Diagnostic] = []
    var slots = mounted.slots
    var changed = false
    let busy = transitioningSlots
    // A navigation stack's and tabs' children are checked against UIKit's lists by the composer
    // (`synchronizeNavigationStack()`, `synchronizeTabs()`): only one child's view is shown. A
    // presented child is no child at all (`synchronizePresentations()`).
    for index in slots.indices
    where !busy.contains(slots[index].name) && slots[index].declaration.stack == nil
      && slots[index].declaration.tabs == nil && slots[index].declaration.pages == nil
      && slots[index].declaration.presentation == nil
    {
      // The usual slot, checked with one look-up per child: nothing to repair.
      if isIntact(slots[index], in: container) { continue }
      let slot = slots[index]
      var forgotten = Set<ChildIdentity>()
      // A child whose factory was refused has no controller: it is planned again, so that it
      // appears once its factory returns a controller that can be a child.
      for child in slot.children where !controllers.hasEntry(child.identity) {
        forgotten.insert(child.identity)
      }
      // A kept-alive child whose controller a swap handed to the child that replaced it has
      // none: there is nothing to keep.
      for child in slot.hidden where !controllers.hasEntry(child.identity) {
        forgotten.insert(child.identity)
      }
      for child in slot.children + slot.hidden where controllers.hasEntry(child.identity) {
        let controller = controllers[child.identity]
        guard controller?.parent !== container || controller == nil else { continue }
        found.append(
          Diagnostic(
            id: .changedBehindComposer,
            message: "child \(child.identity) was removed from the container by other code "
              + "(its parent is \(controller?.parent.map { "'\(type(of: $0))'" } ?? "nil")); "
              + "Compose forgets it and makes the child again if it is still declared; add and "
              + "remove children by changing the declaration",
            source: child.source))
        // A controller with no parent whose view leaves a window gets its disappearance from
        // UIKit, as for any view controller whose view is in a window without a parent.
        let leavesWindow = controller?.viewIfLoaded?.window != nil
        if let view = controller?.viewIfLoaded, let root = container.viewIfLoaded,
          view.isDescendant(of: root)
        {
          takeOut(view, of: slot)
        }
        if let controller, !leavesWindow,
          slot.children.contains(where: { $0.identity == child.identity })
        {
          endForwardedAppearance(of: controller, in: container)
        }
        controllers[child.identity] = nil
        forgotten.insert(child.identity)
      }
      if !forgotten.isEmpty {
        slots[index].replace(
          children: ResolvedChildren(
            slots[index].children.filter { !forgotten.contains($0.identity) }),
          hidden: slots[index].hidden.filter { !forgotten.contains($0.identity) },
          keyedRun: .some(nil))
        slots[index].code = Resolver.freshCode()
        changed = true
      }
      let host = host(for: slot, container: container)
      for (position, child) in slots[index].children.enumerated() {
        guard let view = controllers[child.identity]?.viewIfLoaded, view.superview !== host
        else { continue }
        found.append(
          Diagnostic(
            id: .changedBehindComposer,
            message: "the view of child \(child.identity) was taken out of slot "
              + "'\(slot.name)' by other code; Compose puts it back; add and remove views of "
              + "children by changing the declaration",
            source: child.source))
        // Placed among the slot's children as repaired: forgotten ones are not its neighbours.
        let repaired = CompositionTree(
          slots: [slots[index]], diagnostics: [], mayKeepEnvironments: true)
        place(view, at: position, in: slots[index], target: repaired, container: container)
        apply(slot.layout, to: view, in: slot)
        // Back on screen in a container that forwards appearance itself: a child that never
        // appeared (its view was out when the container appeared) appears now.
        if let controller = controllers[child.identity],
          !container.shouldAutomaticallyForwardAppearanceMethods, isOnScreen,
          containerAppearance != .disappearing, containerAppearance != .disappeared,
          !hasAppearedByForwarding(controller)
        {
          forward(controller, true, animated: false)
          controller.endAppearanceTransition()
        }
      }
    }
    guard changed else { return (mounted, found) }
    // A repaired slot has a new code: the records of the composition that declared it are not
    // used.
    return (mounted.replacingSlots(with: slots), found)
  }

  /// Whether `slot` needs no repair.
  ///
  /// It needs none when every child has its live controller, a child of the container, and each
  /// loaded view of a shown child is in the slot's view. Anything else is looked at in full by
  /// ``repair(_:)``.
  private func isIntact(_ slot: ResolvedSlot, in container: UIViewController) -> Bool {
    let host = host(for: slot, container: container)
    for child in slot.children {
      guard let controller = controllers[child.identity], controller.parent === container
      else { return false }
      if let view = controller.viewIfLoaded, view.superview !== host { return false }
    }
    for child in slot.hidden {
      guard let controller = controllers[child.identity], controller.parent === container
      else { return false }
    }
    return true
  }

  private static func offset(_ frame: CGRect, beyond edge: Transition.Edge, rightToLeft: Bool)
    -> CGRect
  {
    switch edge {
    case .top: frame.offsetBy(dx: 0, dy: -frame.height)
    case .bottom: frame.offsetBy(dx: 0, dy: frame.height)
    case .leading: frame.offsetBy(dx: rightToLeft ? frame.width : -frame.width, dy: 0)
    case .trailing: frame.offsetBy(dx: rightToLeft ? -frame.width : frame.width, dy: 0)
    }
  }

  private static func opposite(_ edge: Transition.Edge) -> Transition.Edge {
    switch edge {
    case .top: .bottom
    case .bottom: .top
    case .leading: .trailing
    case .trailing: .leading
    }
  }

  private static func options(for transition: Transition, rightToLeft: Bool)
    -> UIView.AnimationOptions
  {
    switch transition.kind {
    case .none, .cut, .slide: []
    case .crossDissolve: .transitionCrossDissolve
    case .flip(let edge):
      switch edge {
      case .top: .transitionFlipFromTop
      case .bottom: .transitionFlipFromBottom
      case .leading: rightToLeft ? .transitionFlipFromRight : .transitionFlipFromLeft
      case .trailing: rightToLeft ? .transitionFlipFromLeft : .transitionFlipFromRight
      }
    case .custom(let options, _): options
    }
  }
}

/// A swap whose transition is running.
@MainActor
private final class RunningSwap {
  let outgoing: UIViewController
  let outgoingIdentity: ChildIdentity
  let incoming: UIViewController
  let incomingIdentity: ChildIdentity
  /// The views the transition animates: removing their animations cuts it short.
  let views: [UIView]
  /// The container's appearance epoch when the swap began.
  let epoch: Int
  /// Whether the swap began appearance transitions (manual forwarding, container on screen).
  var began = false
  var isFinished = false

  init(
    outgoing: UIViewController, outgoingIdentity: ChildIdentity, incoming: UIViewController,
    incomingIdentity: ChildIdentity, views: [UIView], epoch: Int
  ) {
    self.outgoing = outgoing
    self.outgoingIdentity = outgoingIdentity
    self.incoming = incoming
    self.incomingIdentity = incomingIdentity
    self.views = views
    self.epoch = epoch
  }
}

/// A weak reference to a controller.
@MainActor
struct WeakController {
  weak var value: UIViewController?
}

/// A container's appearance, as it reports it.
enum ContainerAppearance {
  case appearing, appeared, disappearing, disappeared
}

/// The controllers Compose made, by identity, held weakly.
@MainActor
struct LiveControllers {
  private struct Entry {
    weak var controller: UIViewController?
    /// The controller's object identifier, kept to find the entry from the controller.
    let object: ObjectIdentifier
  }

  private var entries: [ChildIdentity: Entry] = [:]
  /// The identity of each entry's controller; checked against `entries` when read, since a
  /// released controller's identifier may be reused.
  private var identities: [ObjectIdentifier: ChildIdentity] = [:]
  /// How many entries were removed so far.
  private(set) var removals = 0

  /// The controller of a child, if it is alive.
  subscript(identity: ChildIdentity) -> UIViewController? {
    get { entries[identity]?.controller }
    set {
      if let old = entries[identity], identities[old.object] == identity {
        identities[old.object] = nil
      }
      guard let newValue else {
        if entries.removeValue(forKey: identity) != nil { removals &+= 1 }
        return
      }
      let object = ObjectIdentifier(newValue)
      entries[identity] = Entry(controller: newValue, object: object)
      identities[object] = identity
    }
  }

  /// Whether a controller was made for the child and not forgotten since (it may be gone).
  func hasEntry(_ identity: ChildIdentity) -> Bool { entries[identity] != nil }

  var isEmpty: Bool { entries.isEmpty }

  /// The identity of a live controller.
  func identity(of controller: UIViewController) -> ChildIdentity? {
    guard let identity = identities[ObjectIdentifier(controller)],
      entries[identity]?.controller === controller
    else { return nil }
    return identity
  }
}

/// A value passed to the main actor from the thread where observed state changed; it is only
/// read there.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

extension UIView {
  /// The controller whose root view is this view or the nearest view that contains it, if any:
  /// UIKit raises when a child's view is put under the view of a controller that is not its
  /// parent.
  var enclosingController: UIViewController? {
    var current: UIView? = self
    while let view = current {
      if let controller = view.next as? UIViewController { return controller }
      current = view.superview
    }
    return nil
  }
}
