public import Foundation

/// A view controller's side of modal presentation: what it presents, who presents it, and the
/// transition under way.
@MainActor
final class ModalState {
  /// `modalPresentationStyle` as set (`.automatic` until set, rule MP1).
  var style: UIModalPresentationStyle = .automatic
  /// `modalTransitionStyle` as set (`.coverVertical` until set, rule MP16).
  var transitionStyle: UIModalTransitionStyle = .coverVertical
  var isModalInPresentation = false
  var presentationController: UIPresentationController?
  /// On a presenter: the view controller it presents.
  var presented: UIViewController?
  /// On a presented view controller: the one that presents it.
  weak var presenting: UIViewController?
  /// On a presented view controller: the style it behaves as (rule MP1, MP3, MP4).
  var presentedStyle: UIModalPresentationStyle?
  var isBeingPresented = false
  var isBeingDismissed = false
  /// On a presenter: a presentation or dismissal of its presented view controller is running.
  var isTransitioning = false
  /// On a presented view controller: a dismissal the user started is running (rule MP12).
  var isInteractivelyDismissing = false
  /// The window a full-screen presentation took this controller's view out of (rule MP3).
  weak var hiddenFromWindow: UIWindow?
}

extension ModelRuntime {
  /// How long an animated presentation or dismissal takes in the model: 0.3 seconds.
  ///
  /// UIKit's duration depends on the style and device and is not documented; the model's is a
  /// fixed choice so that tests can stop half-way (model choice for rule MP5).
  public static let modalTransitionDuration: TimeInterval = 0.3

  static func recordDelegateCall(_ subject: String, _ callback: String) {
    state.events.append(ModelEvent(category: .delegate, subject: subject, callback: callback))
  }
}

extension ModelDiagnostic.Kind {
  /// Rule MP7: `present(_:animated:completion:)` was called on a view controller that already
  /// presents one, or whose presentation or dismissal is still running; nothing was presented.
  public static let presentationAlreadyInProgress = Self(name: "presentationAlreadyInProgress")
  /// Rule MP8: `present(_:animated:completion:)` was called from a view controller whose view is
  /// not in a window; nothing was presented.
  public static let presenterNotInWindow = Self(name: "presenterNotInWindow")
  /// Rule MP11: `dismiss(animated:completion:)` was called while a presentation or dismissal was
  /// still running; nothing was dismissed.
  public static let dismissalDuringTransition = Self(name: "dismissalDuringTransition")
  /// A view controller was presented with a style the model has no behaviour of its own for
  /// (see ``UIModalPresentationStyle``).
  public static let unmodelledPresentationStyle = Self(name: "unmodelledPresentationStyle")
}

extension UIViewController {
  // MARK: - Relationships

  /// This controller and its ancestors, nearest first.
  var selfAndAncestors: [UIViewController] {
    var result: [UIViewController] = []
    var current: UIViewController? = self
    while let controller = current {
      result.append(controller)
      current = controller.storedParent
    }
    return result
  }

  /// The controller that presents on behalf of this one: its farthest ancestor (rule MP2).
  var presentationHost: UIViewController { selfAndAncestors.last ?? self }

  var resolvedPresentedViewController: UIViewController? {
    selfAndAncestors.lazy.compactMap { $0.modal.presented }.first
  }

  var resolvedPresentingViewController: UIViewController? {
    selfAndAncestors.lazy.compactMap { $0.modal.presenting }.first
  }

  var resolvedPresentationController: UIPresentationController? {
    if let parent = storedParent { return parent.presentationController }
    if let existing = modal.presentationController { return existing }
    // The class follows the style in effect at the first read, and stays (rules MP14, MP19, MP20).
    let created: UIPresentationController
    switch modalPresentationStyle {
    case .pageSheet, .formSheet:
      created = UISheetPresentationController(presentedViewController: self, presenting: nil)
    case .popover:
      created = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
    default:
      created = UIPresentationController(presentedViewController: self, presenting: nil)
    }
    modal.presentationController = created
    return created
  }

  /// The controllers a full-screen presentation over `self` hides: `self` and, down the chain of
  /// presenters, each one still visible under a presentation that does not hide it.
  private func visibleChain() -> [UIViewController] {
    var result: [UIViewController] = []
    var current: UIViewController? = self
    while let controller = current {
      if controller.viewIfLoaded?.window != nil { result.append(controller) }
      if controller.modal.presentedStyle?.removesPresentersView == true { break }
      current = controller.modal.presenting
    }
    return result
  }

  /// The controllers that are visible again once what `self` presents is dismissed.
  private func chainVisibleAfterDismissal() -> [UIViewController] {
    var result: [UIViewController] = []
    var current: UIViewController? = self
    while let controller = current {
      result.append(controller)
      if controller.modal.presentedStyle?.removesPresentersView == true { break }
      current = controller.modal.presenting
    }
    return result
  }

  // MARK: - present

  func performPresent(
    _ viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)?
  ) {
    let presented = viewControllerToPresent
    let host = presentationHost
    // Exceptions first, so that a raise under `.record` changes nothing (rule MP9).
    if let presenter = presented.modal.presenting {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Application tried to present modally a view controller \(presented) that is already "
          + "being presented by \(presenter).")
      return
    }
    if selfAndAncestors.contains(where: { $0 === presented })
      || presented.viewIfLoaded?.window?.rootViewController === presented
    {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Application tried to present modally an active controller \(presented).")
      return
    }
    if let parent = presented.storedParent {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Application tried to present modally a view controller \(presented) that has a parent "
          + "view controller \(parent).")
      return
    }
    if presented.modal.transitionStyle == .partialCurl,
      presented.modal.style.modelBehaviour.style != .fullScreen
    {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Application tried to present \(presented) with the partial curl transition style and "
          + "presentation style '\(presented.modal.style.modelName)'; the partial curl needs "
          + "the full-screen presentation style (model wording).")
      return
    }
    if let popover = presented.resolvedPresentationController as? UIPopoverPresentationController,
      presented.modal.style == .popover, popover.sourceView == nil
    {
      ModelRuntime.raise(
        ModelException.generic,
        "UIPopoverPresentationController (<UIPopoverPresentationController: "
          + "\(popover.modelName)>) should have a non-nil sourceView or barButtonItem set before "
          + "the presentation occurs.")
      return
    }
    // Then UIKit's warnings: nothing is presented and the completion never runs (rules MP7, MP8).
    guard let window = host.viewIfLoaded?.window else {
      ModelRuntime.diagnose(
        .presenterNotInWindow,
        "Attempt to present \(presented) on \(host) (from \(self)) whose view is not in the "
          + "window hierarchy.")
      return
    }
    if host.modal.isTransitioning || host.modal.isBeingPresented || host.modal.isBeingDismissed {
      ModelRuntime.diagnose(
        .presentationAlreadyInProgress,
        "Attempt to present \(presented) on \(host) (from \(self)) while a presentation is in "
          + "progress.")
      return
    }
    if let current = host.modal.presented {
      ModelRuntime.diagnose(
        .presentationAlreadyInProgress,
        "Attempt to present \(presented) on \(host) (from \(self)) which is already presenting "
          + "\(current).")
      return
    }

    let behaviour = presented.modal.style.modelBehaviour
    if !behaviour.isModelled {
      ModelRuntime.diagnose(
        .unmodelledPresentationStyle,
        "\(presented) was presented with style '\(presented.modal.style.modelName)', which the "
          + "model does not model; it behaves as '\(behaviour.style.modelName)' (model check)")
    }
    let style = behaviour.style
    let isAnimated = animated && UIView.effectiveAnimationsEnabled
    let visible = !window.storedIsHidden
    let covered = style.removesPresentersView ? host.visibleChain() : []

    host.modal.presented = presented
    host.modal.isTransitioning = true
    presented.modal.presenting = host
    presented.modal.presentedStyle = style
    presented.modal.isBeingPresented = true
    if let controller = presented.resolvedPresentationController {
      controller.presenting = host
    }

    // The transition's coordinator answers from the first callback on (rule MP18).
    let coordinator = NavigationTransitionCoordinator(
      duration: isAnimated ? ModelRuntime.modalTransitionDuration : 0, animated: isAnimated,
      interactive: false)
    presented.activeTransitionCoordinator = coordinator
    // The presented view loads first; then the covered controllers start disappearing, the
    // presented one starts appearing, and its view enters the window (rule MP3, as logged).
    presented.loadViewIfRequired()
    if visible {
      for controller in covered where controller.appearanceState != .disappeared {
        controller.driveAppearanceBegin(false, animated: isAnimated)
      }
      presented.driveAppearanceBegin(true, animated: isAnimated)
    }
    let presentedView: UIView = presented.view
    presentedView.frame = window.bounds
    presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    presented.suppressesAutomaticAppearance = visible
    window.addSubview(presentedView)
    presented.suppressesAutomaticAppearance = false

    let record = ModelRuntime.startAnimation(
      kind: .presentation, duration: isAnimated ? ModelRuntime.modalTransitionDuration : 0,
      delay: 0, options: [], views: [presentedView],
      subject: "present(\(presented.modelName), on: \(host.modelName))")
    record.willFinish = { _ in
      for controller in covered {
        controller.takeViewOutOfWindow()
      }
      if presented.appearanceState == .appearing { presented.driveAppearanceEnd() }
      for controller in covered where controller.appearanceState == .disappearing {
        controller.driveAppearanceEnd()
      }
      presented.modal.isBeingPresented = false
      host.modal.isTransitioning = false
      presented.endTransitionCoordination(coordinator)
    }
    coordinator.record = record
    coordinator.start()
    record.completion = { _ in completion?() }
  }

  /// Takes the root view out of its window without appearance callbacks (the caller drives
  /// them), remembering the window to put it back (rule MP3).
  private func takeViewOutOfWindow() {
    guard let view = viewIfLoaded, let window = view.window else { return }
    modal.hiddenFromWindow = window
    suppressesAutomaticAppearance = true
    view.removeFromSuperview()
    suppressesAutomaticAppearance = false
  }

  // MARK: - dismiss

  func performDismiss(animated: Bool, completion: (() -> Void)?) {
    // What this controller (or its nearest ancestor) presents; else, if it is presented, itself
    // (rule MP10).
    let host: UIViewController
    if let owner = selfAndAncestors.first(where: { $0.modal.presented != nil }) {
      host = owner
    } else if let presenter = resolvedPresentingViewController {
      host = presenter
    } else {
      // Nothing to dismiss: nothing happens and the completion does not run (model choice).
      return
    }
    guard let first = host.modal.presented else { return }
    var dismissed: [UIViewController] = []
    var next: UIViewController? = first
    while let controller = next {
      dismissed.append(controller)
      next = controller.modal.presented
    }
    let busy =
      host.modal.isTransitioning
      || dismissed.contains {
        $0.modal.isTransitioning || $0.modal.isBeingPresented || $0.modal.isBeingDismissed
      }
    if busy {
      ModelRuntime.diagnose(
        .dismissalDuringTransition,
        "Attempt to dismiss from view controller \(host) while a presentation or dismiss is in "
          + "progress!")
      return
    }
    let top = dismissed.last ?? first
    let isAnimated = animated && UIView.effectiveAnimationsEnabled
    let revealed = host.chainVisibleAfterDismissal()
    let window =
      dismissed.reversed().lazy.compactMap { $0.viewIfLoaded?.window }.first
      ?? revealed.lazy.compactMap { $0.viewIfLoaded?.window ?? $0.modal.hiddenFromWindow }.first
    let visible = window.map { !$0.storedIsHidden } ?? false

    host.modal.isTransitioning = true
    for controller in dismissed {
      controller.modal.isBeingDismissed = true
    }
    let coordinator = NavigationTransitionCoordinator(
      duration: isAnimated ? ModelRuntime.modalTransitionDuration : 0, animated: isAnimated,
      interactive: false)
    first.activeTransitionCoordinator = coordinator
    // The top one leaves animated, the ones between leave without animation; then the ones
    // underneath come back (rules MP3, MP10; the order follows semantics E7).
    if visible {
      for controller in dismissed.reversed() where controller.appearanceState != .disappeared {
        controller.driveAppearanceBegin(false, animated: controller === top && isAnimated)
      }
      for controller in revealed.reversed() where controller.appearanceState == .disappeared {
        controller.driveAppearanceBegin(true, animated: isAnimated)
      }
    }
    var index = 0
    for controller in revealed.reversed() {
      guard let hiddenWindow = controller.modal.hiddenFromWindow else { continue }
      controller.modal.hiddenFromWindow = nil
      let view: UIView = controller.view
      controller.suppressesAutomaticAppearance = visible
      hiddenWindow.insertSubview(view, at: index)
      controller.suppressesAutomaticAppearance = false
      index += 1
    }

    let record = ModelRuntime.startAnimation(
      kind: .presentation, duration: isAnimated ? ModelRuntime.modalTransitionDuration : 0,
      delay: 0, options: [], views: top.viewIfLoaded.map { [$0] } ?? [],
      subject: "dismiss(\(first.modelName), from: \(host.modelName))")
    record.willFinish = { _ in
      host.finishDismissal(of: dismissed, revealing: revealed)
      first.endTransitionCoordination(coordinator)
    }
    coordinator.record = record
    coordinator.start()
    record.completion = { _ in completion?() }
  }

  /// Ends a dismissal: the dismissed views leave the window, their controllers end disappearing,
  /// then the revealed ones end appearing, and the relationships are cleared (rule MP10).
  func finishDismissal(of dismissed: [UIViewController], revealing revealed: [UIViewController]) {
    for controller in dismissed.reversed() {
      controller.modal.hiddenFromWindow = nil
      guard let view = controller.viewIfLoaded, view.window != nil else { continue }
      controller.suppressesAutomaticAppearance = controller.appearanceState == .disappearing
      view.removeFromSuperview()
      controller.suppressesAutomaticAppearance = false
    }
    for controller in dismissed.reversed() where controller.appearanceState == .disappearing {
      controller.driveAppearanceEnd()
    }
    for controller in revealed.reversed() where controller.appearanceState == .appearing {
      controller.driveAppearanceEnd()
    }
    modal.presented = nil
    modal.isTransitioning = false
    for controller in dismissed {
      controller.modal.presented = nil
      controller.modal.presenting = nil
      controller.modal.presentedStyle = nil
      controller.modal.isBeingDismissed = false
      controller.modal.isInteractivelyDismissing = false
      controller.modal.isTransitioning = false
      controller.modal.presentationController?.presenting = nil
    }
  }

  // MARK: - Dismissal by the user

  func beginInteractiveDismissal() -> Bool {
    guard let host = modal.presenting, modal.presented == nil,
      modal.presentedStyle?.isSheet == true, !host.modal.isTransitioning,
      !modal.isBeingPresented, !modal.isBeingDismissed,
      let controller = resolvedPresentationController
    else { return false }
    if isModalInPresentation {
      controller.tellDelegate("presentationControllerDidAttemptToDismiss()") {
        $0.presentationControllerDidAttemptToDismiss(controller)
      }
      return false
    }
    var allowed = true
    controller.tellDelegate("presentationControllerShouldDismiss()") {
      allowed = $0.presentationControllerShouldDismiss(controller)
    }
    guard allowed else {
      controller.tellDelegate("presentationControllerDidAttemptToDismiss()") {
        $0.presentationControllerDidAttemptToDismiss(controller)
      }
      return false
    }
    // The swipe's coordinator answers when the delegate hears that the dismissal begins (rule
    // MP18).
    let coordinator = NavigationTransitionCoordinator(
      duration: ModelRuntime.modalTransitionDuration, animated: true, interactive: true)
    activeTransitionCoordinator = coordinator
    controller.tellDelegate("presentationControllerWillDismiss()") {
      $0.presentationControllerWillDismiss(controller)
    }
    host.modal.isTransitioning = true
    modal.isBeingDismissed = true
    modal.isInteractivelyDismissing = true
    coordinator.start()
    if viewIfLoaded?.isInVisibleWindow == true {
      driveAppearanceBegin(false, animated: true)
    }
    return true
  }

  func finishInteractiveDismissal() {
    guard modal.isInteractivelyDismissing, let host = modal.presenting else { return }
    let coordinator = activeTransitionCoordinator as? NavigationTransitionCoordinator
    coordinator?.interactionEnded(cancelled: false)
    host.finishDismissal(of: [self], revealing: [])
    if let coordinator { endTransitionCoordination(coordinator) }
    guard let controller = modal.presentationController else { return }
    controller.tellDelegate("presentationControllerDidDismiss()") {
      $0.presentationControllerDidDismiss(controller)
    }
  }

  func cancelInteractiveDismissal() {
    guard modal.isInteractivelyDismissing, let host = modal.presenting else { return }
    let coordinator = activeTransitionCoordinator as? NavigationTransitionCoordinator
    coordinator?.interactionEnded(cancelled: true)
    if appearanceState == .disappearing {
      driveAppearanceBegin(true, animated: true)
      driveAppearanceEnd()
    }
    modal.isInteractivelyDismissing = false
    modal.isBeingDismissed = false
    host.modal.isTransitioning = false
    if let coordinator { endTransitionCoordination(coordinator) }
  }

  /// Ends a presentation's, dismissal's or swipe's coordination: the controller answers no
  /// coordinator any more, then the coordinator's completions run (rule MP18).
  func endTransitionCoordination(_ coordinator: NavigationTransitionCoordinator) {
    if activeTransitionCoordinator === coordinator { activeTransitionCoordinator = nil }
    coordinator.finish()
  }
}

extension ModelInspection where Object: UIViewController {
  /// Simulates the user starting to swipe a presented sheet down (model only; rule MP12).
  ///
  /// Only the topmost presented view controller shown as a sheet (`.pageSheet`, `.formSheet`,
  /// `.automatic`) can be swiped, and only when no presentation or dismissal is running;
  /// otherwise nothing happens. If `isModalInPresentation` is `true`, or the presentation
  /// controller's delegate answers `false` to `presentationControllerShouldDismiss(_:)`, the
  /// delegate is told `presentationControllerDidAttemptToDismiss(_:)` and the sheet stays.
  /// Otherwise the delegate is told `presentationControllerWillDismiss(_:)` and the controller
  /// gets `viewWillDisappear(true)`, with `isBeingDismissed` `true`. End the gesture with
  /// ``finishInteractiveDismissal()`` or ``cancelInteractiveDismissal()``.
  ///
  /// - Returns: Whether the dismissal began.
  @discardableResult
  public func beginInteractiveDismissal() -> Bool {
    object.beginInteractiveDismissal()
  }

  /// Simulates the user releasing a swiped sheet far enough down: the view leaves the window, the
  /// controller gets `viewDidDisappear(true)`, it is no longer presented, and the delegate is told
  /// `presentationControllerDidDismiss(_:)` (model only; rule MP12).
  ///
  /// Does nothing unless ``beginInteractiveDismissal()`` began a dismissal.
  public func finishInteractiveDismissal() {
    object.finishInteractiveDismissal()
  }

  /// Simulates the user releasing a swiped sheet back up: the controller gets
  /// `viewWillAppear(true)` and `viewDidAppear(true)` and stays presented; the delegate is told
  /// nothing more (model only; rule MP13).
  ///
  /// Does nothing unless ``beginInteractiveDismissal()`` began a dismissal.
  public func cancelInteractiveDismissal() {
    object.cancelInteractiveDismissal()
  }

  /// Simulates a complete swipe down: ``beginInteractiveDismissal()`` then, if it began,
  /// ``finishInteractiveDismissal()`` (model only; rule MP12).
  ///
  /// - Returns: Whether the sheet was dismissed.
  @discardableResult
  public func swipeToDismiss() -> Bool {
    guard object.beginInteractiveDismissal() else { return false }
    object.finishInteractiveDismissal()
    return true
  }
}
