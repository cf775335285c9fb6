#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A presentation waiting for a dismissal to end.
struct QueuedPresentation {
  let identity: ChildIdentity
  let animated: Bool
  let declaration: PresentationDeclaration?
  let source: SourceLocation
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
  /// Whether a declared presentation waits for the container's view to enter a window.
  var waitsForWindow = false
  /// The transition coordinator of the container a declared presentation waits for.
  var coordinator: ObjectIdentifier?
}

extension Executor {
  // MARK: - Presentation

  /// Presents a presentation slot's child: its controller is made (or was made by its `update`
  /// step, or kept while it waited), the declared styles are set, the composer becomes the
  /// presentation controller's delegate, and the container presents it.
  ///
  /// A presentation is never asked of UIKit when UIKit would refuse it: while a dismissal of the
  /// container's runs (it is made when the dismissal ends), while the container's view is in no
  /// window or in a transition (it waits, and the composer tries again), or while the container
  /// presents a controller Compose did not present (reported).
  func present(
    _ child: ResolvedChild, animated: Bool, in slot: ResolvedSlot, container: UIViewController
  ) {
    let identity = child.identity
    if controllers[identity] == nil {
      guard let made = make(child, in: container) else { return }
      controllers[identity] = made
      presentation.held[identity.slot] = made
    }
    var presentsOurs = false
    if let presented = container.presentedViewController,
      let owner = controllers.identity(of: presented)
    {
      presentsOurs = presentation.shown[owner.slot] == owner
    }
    if !presentation.dismissing.isEmpty || presentsOurs {
      // UIKit presents one controller at a time: this one follows the dismissal (planned in the
      // same plan, or running).
      presentation.queue.append(
        QueuedPresentation(
          identity: identity, animated: animated, declaration: slot.declaration.presentation,
          source: slot.source))
      presentation.shown[identity.slot] = identity
      presentation.busySlots.insert(identity.slot)
      return
    }
    startPresentation(
      of: identity, animated: animated, declaration: slot.declaration.presentation,
      source: slot.source, container: container)
  }

  /// Asks UIKit to present a child's controller, if UIKit can now.
  private func startPresentation(
    of identity: ChildIdentity, animated: Bool, declaration: PresentationDeclaration?,
    source: SourceLocation, container: UIViewController
  ) {
    guard let controller = controllers[identity],
      canPresent(identity, source: source, in: container)
    else { return }
    if let declaration {
      if let style = declaration.style { controller.modalPresentationStyle = style }
      if let transition = declaration.transition { controller.modalTransitionStyle = transition }
    }
    #if !os(tvOS)
    if controller.modalTransitionStyle == .partialCurl,
      controller.modalPresentationStyle != .fullScreen
    {
      reportDiagnostic?(
        Diagnostic(
          id: .partialCurlNeedsFullScreen,
          message: "child \(identity) is presented with the partial curl transition and the "
            + "'\(controller.modalPresentationStyle)' presentation style; UIKit allows the "
            + "partial curl with '.fullScreen' only (it raises an exception otherwise), so it "
            + "is presented with '.coverVertical'; add '.presentationStyle(.fullScreen)' or "
            + "choose another transition style",
          source: source))
      controller.modalTransitionStyle = .coverVertical
    }
    #endif
    presentationDelegate?(controller)
    let slotName = identity.slot
    container.present(controller, animated: animated) { [weak self] in
      self?.presentationDidEnd(in: slotName)
    }
    guard controller.presentingViewController != nil else {
      // Refused by UIKit after all: tried again at the next composition.
      return
    }
    presentation.shown[slotName] = identity
    presentation.busySlots.insert(slotName)
  }

  /// Whether UIKit can present from the container now; when it cannot, arranges to be told
  /// when it may (a window, the end of a transition) or reports what stands in the way.
  private func canPresent(
    _ identity: ChildIdentity, source: SourceLocation, in container: UIViewController
  ) -> Bool {
    guard container.viewIfLoaded?.window != nil else {
      presentation.waitsForWindow = true
      return false
    }
    if let coordinator = container.transitionCoordinator {
      // Presenting while the container is pushed, popped or presented would make UIKit's
      // appearance callbacks unbalanced: the presentation waits for the end.
      let identifier = ObjectIdentifier(coordinator as AnyObject)
      if presentation.coordinator != identifier {
        presentation.coordinator = identifier
        coordinator.animate(alongsideTransition: nil) { [weak self] _ in
          guard let self, self.presentation.coordinator == identifier else { return }
          self.presentation.coordinator = nil
          self.presentationTransitionDidEnd?(nil)
        }
      }
      return false
    }
    if let other = container.presentedViewController {
      reportDiagnostic?(
        Diagnostic(
          id: .presentationBlocked,
          message: "child \(identity) cannot be presented: the container presents a "
            + "'\(type(of: other))' that Compose did not present (UIKit presents one controller "
            + "at a time); it is presented at the next composition after that one is dismissed; "
            + "present it through a Presentation, or dismiss it first",
          source: source))
      return false
    }
    return true
  }

  /// Dismisses a presentation slot's child, if UIKit shows it; a child that waited to be
  /// presented is forgotten.
  func dismiss(_ identity: ChildIdentity, animated: Bool) {
    let controller = controllers[identity]
    controllers[identity] = nil
    let slotName = identity.slot
    if presentation.held[slotName] === controller { presentation.held[slotName] = nil }
    if presentation.shown[slotName] == identity { presentation.shown[slotName] = nil }
    if let queued = presentation.queue.firstIndex(where: { $0.identity == identity }) {
      presentation.queue.remove(at: queued)
      presentation.busySlots.remove(slotName)
      return
    }
    guard let controller, let presenter = controller.presentingViewController else { return }
    presentation.busySlots.insert(slotName)
    presentation.dismissing.insert(slotName)
    presenter.dismiss(animated: animated) { [weak self] in
      self?.presentationDidEnd(in: slotName)
    }
  }

  /// A presentation or dismissal ended: the presentations that waited for it are made, then the
  /// composer is told.
  private func presentationDidEnd(in slotName: String) {
    presentation.busySlots.remove(slotName)
    let wasDismissing = presentation.dismissing.remove(slotName) != nil
    if wasDismissing, presentation.dismissing.isEmpty { startQueuedPresentations() }
    presentationTransitionDidEnd?(slotName)
  }

  /// Makes the presentations that waited for a dismissal.
  private func startQueuedPresentations() {
    guard let container else { return }
    let queue = presentation.queue
    presentation.queue = []
    for entry in queue {
      presentation.busySlots.remove(entry.identity.slot)
      presentation.shown[entry.identity.slot] = nil
      startPresentation(
        of: entry.identity, animated: entry.animated, declaration: entry.declaration,
        source: entry.source, container: container)
    }
  }

  /// Forgets presentations that waited for a dismissal that is not coming (the plan had none).
  func dropStrandedPresentations() {
    guard presentation.dismissing.isEmpty, !presentation.queue.isEmpty else { return }
    for entry in presentation.queue {
      presentation.busySlots.remove(entry.identity.slot)
      presentation.shown[entry.identity.slot] = nil
    }
    presentation.queue = []
  }

  /// Whether UIKit shows (or will show, after a running dismissal) a presentation slot's child.
  func showsPresentation(of identity: ChildIdentity) -> Bool {
    presentation.shown[identity.slot] == identity
  }

  /// Forgets a presented child UIKit dismissed without the declaration.
  func forgetPresentation(of identity: ChildIdentity) {
    if presentation.held[identity.slot] === controllers[identity] {
      presentation.held[identity.slot] = nil
    }
    controllers[identity] = nil
    if presentation.shown[identity.slot] == identity { presentation.shown[identity.slot] = nil }
  }

  /// Forgets the controllers of presented children that waited, unshown, and are no longer
  /// declared: no `dismiss` step names them, since UIKit never showed them.
  func forgetUnshownPresentations(from mounted: CompositionTree, to target: CompositionTree) {
    for slot in mounted.slots where slot.declaration.presentation?.isShown == false {
      guard let child = slot.children.first, controllers.hasEntry(child.identity),
        !showsPresentation(of: child.identity)
      else { continue }
      let declared = target.slots.first { $0.name == slot.name }?.children.first
      if declared?.identity != child.identity { forgetPresentation(of: child.identity) }
    }
  }
}
