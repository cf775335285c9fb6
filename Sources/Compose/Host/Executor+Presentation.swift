#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A presentation waiting for UIKit to be able to present it.
struct QueuedPresentation {
  let identity: ChildIdentity
  let animated: Bool
  let declaration: PresentationDeclaration?
  let source: SourceLocation
}

/// An executor whose queued presentation another controller blocks, and the farthest ancestor
/// of its container (UIKit's presenter), both held weakly.
@MainActor
struct BlockedExecutor {
  weak var executor: Executor?
  weak var presenter: UIViewController?
}

/// The presentations a container shows, and the ones it waits to show.
@MainActor
struct PresentationState {
  /// The child each presentation slot shows, is presenting, or will present once a dismissal
  /// ends, by slot name.
  var shown: [String: ChildIdentity] = [:]
  /// The slots whose presentation or dismissal runs.
  var busySlots: Set<String> = []
  /// The slots whose dismissal runs.
  var dismissing: Set<String> = []
  /// Presentations waiting for a dismissal of the same container to end, in plan order.
  var queue: [QueuedPresentation] = []
  /// The controllers of presentation children, by slot: Compose holds them while they wait to be
  /// presented (UIKit holds them once presented), and lets go when they are dismissed or no
  /// longer declared.
  var held: [String: UIViewController] = [:]
  /// Whether the container is between its `viewWillAppear(_:)` and `viewDidAppear(_:)`.
  var containerIsAppearing = false
  /// Dismissals UIKit refused because a transition ran in the presentation chain (a controller
  /// the presented one presents, say); made again when that transition ends, or at the next plan.
  var refusedDismissals: [(controller: UIViewController, slot: String, animated: Bool)] = []
  /// The presented child whose presentation was reported as blocked by another controller, so
  /// that it is reported once.
  var reportedBlocked: ChildIdentity?
  /// The transition coordinator of the container a declared presentation waits for.
  var coordinator: ObjectIdentifier?
  /// The transition coordinator of a presentation other code makes or dismisses over the
  /// container, which its navigation stack waits for.
  var othersCoordinator: ObjectIdentifier?
}

extension Executor {
  // MARK: - Presentation

  /// Presents a presentation slot's child: its controller is made (or was made by its `update`
  /// step), and it is presented once the plan's other steps are made and UIKit can present it.
  ///
  /// A presentation is never asked of UIKit when UIKit would refuse it or warn: while a dismissal
  /// of the container's runs, while the container's view is in no window, while the container
  /// appears or is in a transition, or while it presents a controller Compose did not present
  /// (reported). It waits, and is made as soon as that ends; a declaration that changes
  /// meanwhile dismisses it from the queue.
  func present(
    _ child: ResolvedChild, animated: Bool, in slot: ResolvedSlot, container: UIViewController
  ) {
    let identity = child.identity
    if controllers[identity] == nil {
      guard let made = make(child, in: container) else { return }
      controllers[identity] = made
      presentation.held[identity.slot] = made
    }
    presentation.shown[identity.slot] = identity
    presentation.queue.append(
      QueuedPresentation(
        identity: identity, animated: animated,
        declaration: slot.declaration.presentation?.releasingClosures(), source: slot.source))
  }

  /// Makes the presentations that wait, in order, as far as UIKit can present them now.
  func startQueuedPresentations() {
    guard let container, presentation.dismissing.isEmpty, !presentation.queue.isEmpty else {
      return
    }
    var waiting: [QueuedPresentation] = []
    for entry in presentation.queue {
      if !waiting.isEmpty || !start(entry, container: container) { waiting.append(entry) }
    }
    presentation.queue = waiting
  }

  /// Asks UIKit to present a queued child's controller; `false` when it must wait.
  private func start(_ entry: QueuedPresentation, container: UIViewController) -> Bool {
    let identity = entry.identity
    guard let controller = controllers[identity] else {
      if presentation.shown[identity.slot] == identity { presentation.shown[identity.slot] = nil }
      return true
    }
    guard canPresent(identity, source: entry.source, in: container) else { return false }
    applyStyles(of: entry.declaration, to: controller)
    #if !os(tvOS)
    if controller.modalTransitionStyle == .partialCurl,
      controller.modalPresentationStyle != .fullScreen
    {
      reportDiagnostic?(
        Diagnostic(
          id: .partialCurlNeedsFullScreen,
          message: "child \(identity) is presented with the partial curl transition and a "
            + "presentation style other than '.fullScreen'; UIKit allows the partial curl with "
            + "'.fullScreen' only (it raises an exception otherwise), so it is presented with "
            + "'.coverVertical'; add '.presentationStyle(.fullScreen)' or choose another "
            + "transition style",
          source: entry.source))
      controller.modalTransitionStyle = .coverVertical
    }
    if !Self.popoverHasAnchor(controller) {
      reportDiagnostic?(
        Diagnostic(
          id: .popoverNeedsSource,
          message: "child \(identity) is presented as a popover with no source view, bar button "
            + "item or source item; UIKit raises an exception for such a popover, so it is not "
            + "presented; set the anchor of the controller's 'popoverPresentationController' (its "
            + "'sourceView' or 'sourceItem') in the child's update closure",
          source: entry.source))
      // Planned again at the next composition, as a presentation UIKit refuses.
      if presentation.shown[identity.slot] == identity { presentation.shown[identity.slot] = nil }
      return true
    }
    #endif
    presentationDelegate?(controller)
    let slotName = identity.slot
    container.present(controller, animated: entry.animated) { [weak self] in
      self?.presentationDidEnd(in: slotName)
    }
    // The presented controller may have set its presentation controller's delegate while its
    // view loaded: Compose's goes back in front of it, forwarding to it.
    presentationDelegate?(controller)
    if controller.presentingViewController == nil {
      // Refused by UIKit after all: planned again at the next composition.
      if presentation.shown[slotName] == identity { presentation.shown[slotName] = nil }
      return true
    }
    presentation.reportedBlocked = nil
    presentation.busySlots.insert(slotName)
    return true
  }

  #if !os(tvOS)
  /// Whether a controller about to be presented has what UIKit needs to place it.
  ///
  /// A popover needs a source view, a bar button item or a source item; any other style needs
  /// nothing.
  private static func popoverHasAnchor(_ controller: UIViewController) -> Bool {
    guard controller.modalPresentationStyle == .popover,
      let popover = controller.popoverPresentationController
    else { return true }
    #if canImport(UIKit)
    return popover.sourceView != nil || popover.barButtonItem != nil || popover.sourceItem != nil
    #else
    return popover.sourceView != nil
    #endif
  }
  #endif

  /// Sets the presentation and transition styles a presentation declares on its child's
  /// controller: when the controller is made, before its `update` closure runs (which may then
  /// configure the presentation controller the style selects), and before each presentation.
  func applyStyles(of declaration: PresentationDeclaration?, to controller: UIViewController) {
    guard let declaration else { return }
    if let style = declaration.style { controller.modalPresentationStyle = style }
    if let transition = declaration.transition { controller.modalTransitionStyle = transition }
  }

  /// Brings the presentations that wait up to date with the slots a plan mounts: the styles
  /// declared while a child waits to be presented are the ones it is presented with.
  ///
  /// - Complexity: O(*q* × *s*) for *q* queued presentations (at most one per presentation slot)
  ///   and *s* slots.
  func refreshQueuedPresentations(from target: CompositionTree) {
    for index in presentation.queue.indices {
      let entry = presentation.queue[index]
      guard
        let slot = target.slots.first(where: {
          $0.name == entry.identity.slot && $0.children.first?.identity == entry.identity
        }),
        let declaration = slot.declaration.presentation
      else { continue }
      presentation.queue[index] = QueuedPresentation(
        identity: entry.identity, animated: entry.animated,
        declaration: declaration.releasingClosures(), source: slot.source)
    }
  }

  /// Whether UIKit can present from the container now; when it cannot because of a transition,
  /// arranges to try again at its end, and reports a controller Compose did not present.
  private func canPresent(
    _ identity: ChildIdentity, source: SourceLocation, in container: UIViewController
  ) -> Bool {
    guard container.viewIfLoaded?.window != nil, !presentation.containerIsAppearing else {
      // Tried again when the view enters a window, or when the container has appeared: UIKit
      // warns about presentations from a controller that is not on screen yet.
      return false
    }
    if let coordinator = container.transitionCoordinator {
      // Presenting while the container is pushed, popped or presented would unbalance UIKit's
      // appearance callbacks: the presentation waits for the end.
      let identifier = ObjectIdentifier(coordinator as AnyObject)
      if presentation.coordinator != identifier {
        let waits = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
          guard let self, self.presentation.coordinator == identifier else { return }
          self.presentation.coordinator = nil
          self.startQueuedPresentations()
        }
        if waits {
          presentation.coordinator = identifier
        } else {
          // The transition has ended and runs its completions, which take no more: tried
          // again once they have run.
          Task { @MainActor [weak self] in self?.startQueuedPresentations() }
        }
      }
      return false
    }
    guard let other = container.presentedViewController else { return true }
    if let owner = controllers.identity(of: other), presentation.shown[owner.slot] == owner {
      // One of the container's own presentations, dismissed later in the same plan.
      return false
    }
    if presentation.refusedDismissals.contains(where: { $0.controller === other }) {
      // One of the container's own presentations, whose dismissal waits for a transition of what
      // it presents: this presentation follows that dismissal.
      return false
    }
    // The end of another composer's presentation under the same presenter tries this one again
    // (a tab's sheet, blocking the sheet of the tab selected meanwhile).
    Self.blockedExecutors[ObjectIdentifier(self)] = BlockedExecutor(
      executor: self, presenter: Self.presenter(of: container))
    if presentation.reportedBlocked != identity {
      presentation.reportedBlocked = identity
      reportDiagnostic?(
        Diagnostic(
          id: .presentationBlocked,
          message: "child \(identity) cannot be presented yet: the container presents a "
            + "'\(type(of: other))' that none of its presentations presented, and UIKit presents "
            + "one controller at a time; it is presented once that one is dismissed if another "
            + "container's Presentation presented it, else when the container next appears or "
            + "composes after that; present that controller through a Presentation too, or call "
            + "setNeedsCompose() once it is dismissed",
          source: source))
    }
    return false
  }

  /// Dismisses a presentation slot's child, if UIKit shows it; a child that waited to be
  /// presented leaves the queue.
  func dismiss(_ identity: ChildIdentity, animated: Bool) {
    let controller = controllers[identity]
    controllers[identity] = nil
    let slotName = identity.slot
    if presentation.held[slotName] === controller { presentation.held[slotName] = nil }
    if presentation.shown[slotName] == identity { presentation.shown[slotName] = nil }
    if let queued = presentation.queue.firstIndex(where: { $0.identity == identity }) {
      presentation.queue.remove(at: queued)
      return
    }
    guard let controller else { return }
    startDismissal(of: controller, slot: slotName, animated: animated)
  }

  /// Asks UIKit to dismiss a presented controller; when UIKit refuses (a transition runs in the
  /// presentation chain, rule MP11), the dismissal is made again when that transition ends.
  private func startDismissal(
    of controller: UIViewController, slot slotName: String, animated: Bool
  ) {
    guard let presenter = controller.presentingViewController else { return }
    if controller.isBeingDismissed, let coordinator = controller.transitionCoordinator {
      // Other code's dismissal runs: UIKit would refuse a second one (and warn), so the slot
      // waits for the end of that one.
      presentation.busySlots.insert(slotName)
      presentation.dismissing.insert(slotName)
      coordinator.animate(alongsideTransition: nil) { [weak self] _ in
        self?.presentationDidEnd(in: slotName)
      }
      return
    }
    let running =
      controller.presentedViewController?.transitionCoordinator ?? controller.transitionCoordinator
    if let running {
      // UIKit would refuse it now (a transition of the presentation chain runs): the dismissal
      // follows it.
      waitToDismiss(controller, slot: slotName, animated: animated, after: running)
      return
    }
    presentation.busySlots.insert(slotName)
    presentation.dismissing.insert(slotName)
    presenter.dismiss(animated: animated) { [weak self] in
      self?.presentationDidEnd(in: slotName)
      // Held until now: the composers in it learn that what they presented was dismissed too.
      Self.dismissalDidEnd(of: controller)
    }
    guard !controller.isBeingDismissed, presenter.presentedViewController === controller else {
      return
    }
    // Refused: no completion will run; made again at the next plan.
    presentation.busySlots.remove(slotName)
    presentation.dismissing.remove(slotName)
    presentation.refusedDismissals.append((controller, slotName, animated))
  }

  /// A presented controller's dismissal ended: UIKit dismissed what it presented with it, so each
  /// composer in it (the controller's, and its descendants') finds its own presentations
  /// dismissed and tells their ``Presentation/onDismiss(_:)``.
  static func dismissalDidEnd(of controller: UIViewController) {
    var pending = [controller]
    while let next = pending.popLast() {
      InheritedEnvironment.composer(of: next)?.presentationTransitionDidEnd(nil)
      pending.append(contentsOf: next.children)
    }
  }

  /// Makes a dismissal once a transition of the presentation chain ends.
  private func waitToDismiss(
    _ controller: UIViewController, slot slotName: String, animated: Bool,
    after running: any UIViewControllerTransitionCoordinator
  ) {
    presentation.refusedDismissals.append((controller, slotName, animated))
    // The executor is held until the dismissal is made: the container that declared it may be
    // gone by then (a tab or page removed while its presentation ran, which dismisses what it
    // presents as it leaves its parent), and nothing else would dismiss the controller.
    let accepted = running.animate(alongsideTransition: nil) { _ in
      // The transition's own completions still run: the dismissal follows them.
      Task { @MainActor in self.retryRefusedDismissals() }
    }
    if !accepted { Task { @MainActor in self.retryRefusedDismissals() } }
  }

  /// Makes again the dismissals UIKit refused.
  func retryRefusedDismissals() {
    guard !presentation.refusedDismissals.isEmpty else { return }
    let refused = presentation.refusedDismissals
    presentation.refusedDismissals = []
    for entry in refused {
      startDismissal(of: entry.controller, slot: entry.slot, animated: entry.animated)
    }
  }

  /// The executors whose queued presentation found another controller presented, by executor.
  private static var blockedExecutors: [ObjectIdentifier: BlockedExecutor] = [:]

  /// The farthest ancestor of a controller, which UIKit presents its presentations from.
  private static func presenter(of controller: UIViewController) -> UIViewController {
    var presenter = controller
    while let parent = presenter.parent { presenter = parent }
    return presenter
  }

  /// A presentation, dismissal or swipe of this executor's ended: the presentations that other
  /// executors under the same presenter could not make while a controller was presented are
  /// tried again.
  func retryPresentationsBlockedElsewhere() {
    Self.blockedExecutors = Self.blockedExecutors.filter {
      $0.value.executor != nil && $0.value.presenter != nil
    }
    guard let container, !Self.blockedExecutors.isEmpty else { return }
    let presenter = Self.presenter(of: container)
    let blocked = Self.blockedExecutors.filter {
      $0.value.executor !== self && $0.value.presenter === presenter
    }
    for (key, entry) in blocked {
      Self.blockedExecutors[key] = nil
      entry.executor?.startQueuedPresentations()
    }
  }

  /// A presentation or dismissal ended: the presentations that waited for it are made, then the
  /// composer is told.
  private func presentationDidEnd(in slotName: String) {
    presentation.busySlots.remove(slotName)
    presentation.dismissing.remove(slotName)
    startQueuedPresentations()
    presentationTransitionDidEnd?(slotName)
  }

  /// Whether UIKit shows, is presenting, or will present a presentation slot's child.
  func showsPresentation(of identity: ChildIdentity) -> Bool {
    presentation.shown[identity.slot] == identity
  }

  /// Whether a presentation slot's child waits to be presented.
  func waitsToPresent(_ identity: ChildIdentity) -> Bool {
    presentation.queue.contains { $0.identity == identity }
  }

  /// Forgets a presented child UIKit dismissed without the declaration.
  func forgetPresentation(of identity: ChildIdentity) {
    if presentation.held[identity.slot] === controllers[identity] {
      presentation.held[identity.slot] = nil
    }
    controllers[identity] = nil
    if presentation.shown[identity.slot] == identity { presentation.shown[identity.slot] = nil }
  }
}
