import Foundation

/// One change of top controller that a navigation controller shows on screen: a push, a pop, a
/// replacement that simulates one of them, or an interactive pop.
@MainActor
final class NavigationTransition {
  enum Direction: String {
    case push, pop
  }

  let from: UIViewController?
  let to: UIViewController?
  let added: [UIViewController]
  let removed: [UIViewController]
  let animated: Bool
  let direction: Direction
  let coordinator: NavigationTransitionCoordinator
  var record: AnimationRecord?
  /// An interactive pop the test has not let go of yet.
  var isAwaitingInteraction = false
  var isCancelled = false

  init(
    from: UIViewController?, to: UIViewController?, added: [UIViewController],
    removed: [UIViewController], animated: Bool, direction: Direction,
    coordinator: NavigationTransitionCoordinator
  ) {
    self.from = from
    self.to = to
    self.added = added
    self.removed = removed
    self.animated = animated
    self.direction = direction
    self.coordinator = coordinator
  }
}

/// The coordinator of a navigation transition (rule N12): alongside animations registered before
/// the transition starts run when it starts, later ones at once; completions run when it ends;
/// interaction handlers run when an interactive pop is let go of.
@MainActor
final class NavigationTransitionCoordinator: UIViewControllerTransitionCoordinator {
  let transitionDuration: TimeInterval
  let isAnimated: Bool
  private(set) var isInteractive: Bool
  private(set) var isCancelled = false
  weak var record: AnimationRecord?
  private var hasStarted = false
  private var hasFinished = false
  private var pendingAnimations: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] =
    []

  init(duration: TimeInterval, animated: Bool, interactive: Bool) {
    transitionDuration = duration
    isAnimated = animated
    isInteractive = interactive
  }

  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    guard !hasFinished else { return false }
    if let animation {
      if hasStarted {
        if let record {
          ModelRuntime.runAnimations(of: record) { animation(self) }
        } else {
          animation(self)
        }
      } else {
        pendingAnimations.append(animation)
      }
    }
    if let completion { completions.append(completion) }
    return true
  }

  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
  ) {
    guard !hasFinished, isInteractive else { return }
    interactionHandlers.append(handler)
  }

  /// Runs the alongside animations registered so far.
  func start() {
    hasStarted = true
    let pending = pendingAnimations
    pendingAnimations = []
    for animation in pending {
      animation(self)
    }
  }

  /// The test let go of an interactive pop: the handlers run, before any callback the
  /// cancellation makes (UIKit's header).
  func interactionEnded(cancelled: Bool) {
    isInteractive = false
    isCancelled = cancelled
    let handlers = interactionHandlers
    for handler in handlers {
      handler(self)
    }
  }

  /// The transition ended: the completions run, and the coordinator takes no more blocks.
  func finish() {
    hasFinished = true
    interactionHandlers = []
    let finishing = completions
    completions = []
    for completion in finishing {
      completion(self)
    }
  }
}

extension UINavigationController {
  // MARK: - Operations

  func performPush(_ viewController: UIViewController, animated: Bool) {
    if viewController is UINavigationController {
      ModelRuntime.raise(
        ModelException.invalidArgument, "Pushing a navigation controller is not supported")
      return
    }
    if viewController is UISplitViewController {
      refuseSplitViewController()
      return
    }
    if stack.contains(where: { $0 === viewController }) {
      let bundle = Bundle.main.bundleIdentifier.map { " : \($0)" } ?? ""
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "\(self) is pushing the same view controller instance (\(viewController)) more than once "
          + "which is not supported and is most likely an error in the application\(bundle)")
      return
    }
    if let failure = addChildFailure(viewController) {
      ModelRuntime.raise(ModelException.hierarchyInconsistency, failure)
      return
    }
    apply(stack + [viewController], animated: animated, nestedText: "push")
  }

  func performPop(animated: Bool) -> UIViewController? {
    guard stack.count > 1, let top = stack.last else { return nil }
    apply(Array(stack.dropLast()), animated: animated, nestedText: "pop")
    return top
  }

  func performPop(to viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard let index = stack.firstIndex(where: { $0 === viewController }) else {
      ModelRuntime.raise(
        ModelException.internalInconsistency,
        "Tried to pop to a view controller that doesn't exist.")
      return nil
    }
    let popped = Array(stack[(index + 1)...])
    guard !popped.isEmpty else { return nil }
    apply(Array(stack[...index]), animated: animated, nestedText: "pop")
    return popped
  }

  func performSetViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    for (index, controller) in viewControllers.enumerated() {
      if controller is UINavigationController {
        ModelRuntime.raise(
          ModelException.invalidArgument, "Pushing a navigation controller is not supported")
        return
      }
      if controller is UISplitViewController {
        refuseSplitViewController()
        return
      }
      if viewControllers[..<index].contains(where: { $0 === controller }) {
        // UIKit formats the list as an NSArray description (rule N16).
        let list = viewControllers.map { "    \"\($0)\"" }.joined(separator: ",\n")
        ModelRuntime.raise(
          ModelException.internalInconsistency,
          "All view controllers in a navigation controller must be distinct ((\n\(list)\n))")
        return
      }
      if !stack.contains(where: { $0 === controller }), let failure = addChildFailure(controller) {
        ModelRuntime.raise(ModelException.hierarchyInconsistency, failure)
        return
      }
    }
    let revealsOldController =
      viewControllers.last.map { top in
        top !== stack.last && stack.contains { $0 === top }
      } ?? !stack.isEmpty
    apply(viewControllers, animated: animated, nestedText: revealsOldController ? "pop" : "push")
  }

  /// Logs that a split view controller cannot be on a navigation stack (rule N21).
  ///
  /// UIKit logs the push and leaves the stack as it is; for a replacement that lists one, the
  /// model refuses the whole call (model choice).
  private func refuseSplitViewController() {
    ModelRuntime.diagnose(
      .splitViewControllerPushed,
      "Split View Controllers cannot be pushed to a Navigation Controller")
  }

  // MARK: - The one path every stack change takes

  /// Replaces the stack with `newStack`: containment starts now, and either a transition shows the
  /// new top on screen or, off screen or with the same top, the containment ends at the next run
  /// of the model (rules N2, N6, N11).
  private func apply(_ newStack: [UIViewController], animated: Bool, nestedText: String) {
    if let running = runningTransition {
      // Over a running animation UIKit logs this and goes on; a transition without animation is
      // simply over (rule N15). The model ends the running transition first, so that no
      // controller is in two transitions at once.
      if running.animated {
        ModelRuntime.diagnose(
          .nestedNavigationTransition,
          "nested \(nestedText) animation can result in a corrupted navigation bar")
      }
      finishNow(running)
    }
    let oldStack = stack
    let oldTop = oldStack.last
    let newTop = newStack.last
    let added = newStack.filter { controller in !oldStack.contains { $0 === controller } }
    let removed = oldStack.reversed().filter { controller in
      !newStack.contains { $0 === controller }
    }
    stack = newStack
    // New children first, then the leaving ones, as a container's swap does (semantics E7).
    for child in added {
      addChild(child)
    }
    for child in removed {
      child.willMove(toParent: nil)
    }
    let onScreen = appearanceState == .appeared && viewIfLoaded?.isInVisibleWindow == true
    guard onScreen, newTop !== oldTop else {
      // Nothing is shown: the views of the leaving controllers and of the one covered go (off
      // screen there is no callback), the new top's view waits for the navigation controller to
      // appear (rule N10: only the top's view is in the hierarchy).
      for child in oldStack where child !== newTop {
        if let childView = child.viewIfLoaded, childView.storedSuperview === viewIfLoaded {
          childView.removeFromSuperview()
        }
      }
      ModelRuntime.schedule(after: 0) { [weak self] in
        self?.endContainment(added: added, removed: removed)
      }
      return
    }
    let direction: NavigationTransition.Direction =
      newTop.map { top in oldStack.contains { $0 === top } } == true || newTop == nil
      ? .pop : .push
    let transition = startTransition(
      from: oldTop, to: newTop, added: added, removed: removed, animated: animated,
      direction: direction, interactive: false)
    startAnimation(
      of: transition, duration: animated ? ModelRuntime.navigationTransitionDuration : 0)
    if let record = transition.record {
      ModelRuntime.runAnimations(of: record) { transition.coordinator.start() }
    }
  }

  /// The first half of a transition on screen: the new top is loaded, the leaving top starts
  /// disappearing and the new top appearing, the delegate hears `willShow`, and the new top's view
  /// enters the navigation controller's view — above the leaving one for a push, below it for a
  /// pop (rules N3, N4, N5, N9).
  private func startTransition(
    from: UIViewController?, to: UIViewController?, added: [UIViewController],
    removed: [UIViewController], animated: Bool, direction: NavigationTransition.Direction,
    interactive: Bool
  ) -> NavigationTransition {
    let coordinator = NavigationTransitionCoordinator(
      duration: animated ? ModelRuntime.navigationTransitionDuration : 0, animated: animated,
      interactive: interactive)
    let transition = NavigationTransition(
      from: from, to: to, added: added, removed: removed, animated: animated,
      direction: direction, coordinator: coordinator)
    runningTransition = transition
    activeTransitionCoordinator = coordinator
    // The new top loads before anything else is said (rule N3: observed logs show its
    // `viewDidLoad()` before the leaving top's `viewWillDisappear(_:)`).
    to?.loadViewIfRequired()
    from?.transitionDepth += 1
    to?.transitionDepth += 1
    from?.driveAppearanceBegin(false, animated: animated)
    to?.driveAppearanceBegin(true, animated: animated)
    if let to {
      notifyDelegate("navigationController(willShow: \(to.modelName), animated: \(animated))") {
        $0.navigationController(self, willShow: to, animated: animated)
      }
      place(to, below: direction == .pop ? from : nil)
    }
    return transition
  }

  /// Starts the animation whose end is the second half of `transition`.
  private func startAnimation(of transition: NavigationTransition, duration: TimeInterval) {
    var views: [UIView] = []
    if let container = viewIfLoaded { views.append(container) }
    if let fromView = transition.from?.viewIfLoaded { views.append(fromView) }
    if let toView = transition.to?.viewIfLoaded { views.append(toView) }
    let kind =
      transition.isCancelled ? "cancelled \(transition.direction)" : "\(transition.direction)"
    let record = ModelRuntime.startAnimation(
      kind: .navigationTransition, duration: duration, delay: 0, options: [], views: views,
      subject: "\(kind)(from: \(transition.from?.modelName ?? "nil"), "
        + "to: \(transition.to?.modelName ?? "nil"))")
    transition.record = record
    transition.coordinator.record = record
    record.willFinish = { [weak self] _ in
      self?.endTransition(transition)
    }
  }

  /// The second half: the leaving view goes, the coordinator's completions run, the appearance
  /// transitions end (leaving top first, as observed), the containment ends and the delegate hears
  /// `didShow` — or, for a cancelled interactive pop, the revealed view goes and the top one
  /// appears again, with no containment change and no `didShow` (rules N3, N4, N12, N13, N20).
  private func endTransition(_ transition: NavigationTransition) {
    guard runningTransition === transition else { return }
    let leaving = transition.isCancelled ? transition.to : transition.from
    let arriving = transition.isCancelled ? transition.from : transition.to
    if let leaving, let leavingView = leaving.viewIfLoaded,
      leavingView.storedSuperview === viewIfLoaded
    {
      // A leaving controller that appeared again meanwhile (its navigation controller left the
      // window and came back) disappears with its view, as any view leaving a window (N20).
      leaving.suppressesAutomaticAppearance = leaving.appearanceState == .disappearing
      leavingView.removeFromSuperview()
      leaving.suppressesAutomaticAppearance = false
    }
    transition.coordinator.finish()
    activeTransitionCoordinator = nil
    if let leaving, leaving.appearanceState == .disappearing { leaving.driveAppearanceEnd() }
    if let arriving, arriving.appearanceState == .appearing { arriving.driveAppearanceEnd() }
    transition.from?.transitionDepth -= 1
    transition.to?.transitionDepth -= 1
    runningTransition = nil
    guard !transition.isCancelled else { return }
    endContainment(added: transition.added, removed: transition.removed)
    if let to = transition.to {
      let animated = transition.animated
      notifyDelegate("navigationController(didShow: \(to.modelName), animated: \(animated))") {
        $0.navigationController(self, didShow: to, animated: animated)
      }
    }
  }

  /// Ends a running transition at once, for a stack change that arrives before it ended.
  private func finishNow(_ transition: NavigationTransition) {
    if transition.isAwaitingInteraction {
      endInteractivePop(cancelled: false)
    }
    if let record = transition.record {
      ModelRuntime.finish(record, finished: true)
    }
  }

  /// `didMove(toParent:)` for the controllers a change added, `removeFromParent()` for those it
  /// removed — each only if a later change did not undo it meanwhile.
  private func endContainment(added: [UIViewController], removed: [UIViewController]) {
    for child in added where child.storedParent === self && stack.contains(where: { $0 === child })
    {
      child.didMove(toParent: self)
    }
    for child in removed
    where child.storedParent === self && !stack.contains(where: { $0 === child }) {
      child.removeFromParent()
    }
  }

  /// Puts a child's root view into the navigation controller's view, filling it, leaving its
  /// appearance to whoever drives it.
  private func place(_ child: UIViewController, below sibling: UIViewController?) {
    guard let container = viewIfLoaded else { return }
    let childView: UIView = child.view
    guard childView.storedSuperview !== container else { return }
    childView.frame = container.bounds
    childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    child.suppressesAutomaticAppearance = true
    if let siblingView = sibling?.viewIfLoaded, siblingView.storedSuperview === container {
      container.insertSubview(childView, belowSubview: siblingView)
    } else {
      container.addSubview(childView)
    }
    child.suppressesAutomaticAppearance = false
  }

  /// Puts the top controller's view in place as the navigation controller is about to appear, so
  /// that the top controller appears with it (rule N10).
  func installTopView() {
    guard runningTransition == nil, let top = stack.last else { return }
    place(top, below: nil)
  }

  /// Records a delegate message in the event log and sends it, if there is a delegate.
  private func notifyDelegate(
    _ message: String, _ send: (any UINavigationControllerDelegate) -> Void
  ) {
    guard let delegate else { return }
    ModelRuntime.state.events.append(
      ModelEvent(category: .delegate, subject: "\(modelName).delegate", callback: message))
    send(delegate)
  }

  /// The controller presented modally over the navigation controller, for
  /// `visibleViewController` (rule N19): its `presentedViewController`.
  var modallyPresentedViewController: UIViewController? { presentedViewController }

  // MARK: - Interactive pop (model only, driven by tests)

  func beginInteractivePop() -> Bool {
    guard runningTransition == nil, stack.count > 1, let top = stack.last,
      appearanceState == .appeared, viewIfLoaded?.isInVisibleWindow == true
    else { return false }
    stack.removeLast()
    top.willMove(toParent: nil)
    let transition = startTransition(
      from: top, to: stack.last, added: [], removed: [top], animated: true, direction: .pop,
      interactive: true)
    transition.isAwaitingInteraction = true
    transition.coordinator.start()
    return true
  }

  func endInteractivePop(cancelled: Bool) {
    guard let transition = runningTransition, transition.isAwaitingInteraction,
      let top = transition.from
    else {
      preconditionFailure(
        "no interactive pop is under way on \(self); call uikitModel.beginInteractivePop() first "
          + "(model message)")
    }
    transition.isAwaitingInteraction = false
    transition.coordinator.interactionEnded(cancelled: cancelled)
    if cancelled {
      // The revealed controller disappears and the top one comes back, in the order observed
      // (rule N13); the top one stays a child and is back on the stack.
      transition.isCancelled = true
      stack.append(top)
      top.movingFromParentPending = false
      if let revealed = transition.to {
        revealed.driveAppearanceBegin(false, animated: true)
        revealed.driveAppearanceEnd()
      }
      top.driveAppearanceBegin(true, animated: true)
    }
    startAnimation(of: transition, duration: ModelRuntime.navigationTransitionDuration)
  }
}
