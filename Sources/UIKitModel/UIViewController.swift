public import Foundation

/// A view controller: lazy view loading, the appearance state machine, containment and the
/// forwarding hooks a container uses.
///
/// Base implementations carry the bookkeeping (parent and children, the moving flags, the
/// appearance state), so, as in UIKit, overrides must call `super` (semantics B15); the model does
/// not repair a subclass that forgets to.
@MainActor
open class UIViewController: UIResponder, UITraitEnvironment, UIContentContainer {
  var storedView: UIView?
  private var isLoadingView = false
  var storedChildren: [UIViewController] = []
  weak var storedParent: UIViewController?

  /// The appearance state machine (semantics D2).
  var appearanceState: ModelAppearanceState = .disappeared
  var appearanceAnimated = false
  /// Whether the running appearance transition reached this controller through its parent's
  /// (automatic forwarding, semantics D5), rather than through its own
  /// `beginAppearanceTransition(_:animated:)` or its view moving (rule A1 of Docs/Design/0001).
  var appearanceFollowsParent = false
  var viewIsAppearingSent = false
  /// The descendants reached by this controller's own appearance transition (semantics D8).
  var cascadedControllers: [WeakReference<UIViewController>] = []
  /// Children whose transition ends right after this controller's (see `Appearance.end`).
  var deferredAppearanceEnds: [WeakReference<UIViewController>] = []
  /// How many running `transition(from:to:…)` calls drive this controller's appearance.
  var transitionDepth = 0
  /// Set while a `transition(from:to:…)` that drives this controller's appearance moves its view.
  var suppressesAutomaticAppearance = false
  /// Callbacks the model is making right now, to tell them from direct calls (semantics D12).
  private var activeCallbacks: [CallbackKind: Int] = [:]
  private var appearanceCallbackDepth = 0

  /// Set by `willMove(toParent:)` with a parent, cleared by `didMove(toParent:)` (semantics C2).
  var movingToParentPending = false
  /// Set by `willMove(toParent: nil)`, cleared by `didMove(toParent: nil)` (semantics C2).
  var movingFromParentPending = false
  var missingDidMoveReported = false

  /// The coordinator of the transition this controller runs right now (a navigation controller's
  /// push or pop), returned by ``transitionCoordinator`` to it and, through their parents, to its
  /// descendants; containers set it for the length of a transition.
  var activeTransitionCoordinator: (any UIViewControllerTransitionCoordinator)?

  private var storedPreferredContentSize: CGSize = .zero
  var childTraitOverrides: [ObjectIdentifier: UITraitCollection] = [:]

  /// Creates a view controller.
  ///
  /// The nib must be `nil`: the model has no nibs.
  ///
  /// - Parameters:
  ///   - nibNameOrNil: Must be `nil`.
  ///   - nibBundleOrNil: Ignored.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    precondition(nibNameOrNil == nil, "UIKitModel does not load nibs; pass nil")
    super.init()
    ModelRuntime.register(self)
  }

  /// Creates a view controller with no nib.
  public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// Unarchiving is not supported by the model.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    return nil
  }

  // MARK: - Views

  /// The root view, loaded on first access: `loadView()` then `viewDidLoad()` (semantics A1, A2).
  ///
  /// Setting a view that is another controller's root view raises (semantics A8); setting `nil`
  /// makes the next access load again (semantics A7).
  open var view: UIView! {
    get {
      loadViewIfRequired()
      return storedView
    }
    set { setRootView(newValue) }
  }

  /// The root view if it is loaded, without loading it (semantics A5).
  open var viewIfLoaded: UIView? { storedView }

  /// Whether the root view is loaded; never loads it (semantics A5).
  open var isViewLoaded: Bool { storedView != nil }

  /// Loads the root view if it is not loaded yet (semantics A6).
  open func loadViewIfNeeded() {
    loadViewIfRequired()
  }

  /// Creates the root view.
  ///
  /// The default makes a plain view with ``ModelRuntime/defaultRootViewFrame`` that resizes with
  /// its superview (semantics A3, A4). Never call it directly.
  open func loadView() {
    let root = UIView(frame: ModelRuntime.defaultRootViewFrame)
    root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view = root
  }

  /// Called once after the root view is loaded.
  open func viewDidLoad() {}

  /// The nib name; always `nil` in the model.
  open var nibName: String? { nil }

  /// The nib bundle; always `nil` in the model.
  open var nibBundle: Bundle? { nil }

  /// A title for the controller.
  open var title: String?

  /// Extra insets added to the safe area of the root view.
  open var additionalSafeAreaInsets: UIEdgeInsets = .zero

  /// The next responder: the superview of the root view (semantics G4).
  open override var next: UIResponder? { storedView?.storedSuperview }

  override var responderWindow: UIWindow? { storedView?.window }

  // MARK: - Appearance callbacks

  /// Called before the view enters a visible window.
  ///
  /// Never call it directly (semantics D12).
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open func viewWillAppear(_ animated: Bool) {
    checkDirectCall(.viewWillAppear, selector: "-viewWillAppear:")
  }

  /// Called after `viewWillAppear(_:)`, once the view is in the window (model choice for K8).
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open func viewIsAppearing(_ animated: Bool) {
    checkDirectCall(.viewIsAppearing, selector: "-viewIsAppearing:")
  }

  /// Called when the view finished appearing.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open func viewDidAppear(_ animated: Bool) {
    checkDirectCall(.viewDidAppear, selector: "-viewDidAppear:")
  }

  /// Called before the view leaves the visible window.
  ///
  /// - Parameter animated: Whether the disappearance is animated.
  open func viewWillDisappear(_ animated: Bool) {
    checkDirectCall(.viewWillDisappear, selector: "-viewWillDisappear:")
  }

  /// Called after the view left the visible window.
  ///
  /// - Parameter animated: Whether the disappearance was animated.
  open func viewDidDisappear(_ animated: Bool) {
    checkDirectCall(.viewDidDisappear, selector: "-viewDidDisappear:")
  }

  /// Called before the root view lays out its subviews (semantics D17).
  open func viewWillLayoutSubviews() {}

  /// Called after the root view laid out its subviews (semantics D17).
  open func viewDidLayoutSubviews() {}

  /// Called to update the root view's constraints; the model never calls it.
  open func updateViewConstraints() {}

  /// Called on every live controller when memory is low (semantics H1).
  open func didReceiveMemoryWarning() {}

  /// Whether the current appearance callback happens because the controller was just added to a
  /// parent.
  ///
  /// Reads `false` outside appearance callbacks (semantics C1–C3).
  open var isMovingToParent: Bool { appearanceCallbackDepth > 0 && movingToParentPending }

  /// Whether the current appearance callback happens because the controller is being removed from
  /// its parent.
  ///
  /// Reads `false` outside appearance callbacks (semantics C1–C3).
  open var isMovingFromParent: Bool { appearanceCallbackDepth > 0 && movingFromParentPending }

  /// Whether the controller is being presented: `true` from `present(_:animated:completion:)` until
  /// its presentation transition ended, right before the completion runs (rule MP6 of
  /// Docs/Design/0001; never because of containment, semantics C4).
  open var isBeingPresented: Bool { modal.isBeingPresented }

  /// Whether the controller is being dismissed: `true` from `dismiss(animated:completion:)` (or the
  /// start of a dismissal by the user) until the dismissal ended or was cancelled (rule MP6).
  open var isBeingDismissed: Bool { modal.isBeingDismissed }

  // MARK: - Presentation

  /// The state of modal presentation (rules MP1 to MP14 of Docs/Design/0001).
  let modal = ModalState()

  /// Presents a view controller modally.
  ///
  /// The presentation is made by the farthest ancestor of this controller (the host); the
  /// presented controller does not become a child, its view goes into the host's window, and it
  /// gets its appearance callbacks (rule MP2). A `.fullScreen` presentation makes the host and
  /// what it shows disappear and takes their views out of the window when it ends (rule MP3);
  /// sheets and `.overFullScreen` leave them visible (rule MP4). `completion` runs after the
  /// presented controller's `viewDidAppear(_:)`, at the end of a transition of
  /// ``ModelRuntime/modalTransitionDuration`` on the model's clock, or at the next run of the model
  /// when not animated (rule MP5).
  ///
  /// If the host already presents a controller, or a presentation or dismissal is running, or its
  /// view is not in a window, nothing is presented, `completion` never runs and UIKit's warning is
  /// recorded as a diagnostic (rules MP7, MP8). Presenting a controller that is already presented,
  /// has a parent, or is active (this controller, an ancestor, a window's root) raises
  /// `NSInvalidArgumentException` (rule MP9).
  ///
  /// - Parameters:
  ///   - viewControllerToPresent: The view controller to present.
  ///   - flag: Whether to animate the presentation.
  ///   - completion: Runs after the presentation finished.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    performPresent(viewControllerToPresent, animated: flag, completion: completion)
  }

  /// Dismisses the view controller presented by this controller (or its nearest ancestor) and
  /// every one presented above it; called on a presented controller that presents nothing, its
  /// presenter dismisses it (rule MP10).
  ///
  /// The topmost one leaves animated, the ones between without animation; the controllers a
  /// full-screen presentation had hidden come back. `completion` runs after the dismissed
  /// controller's `viewDidDisappear(_:)`. The presentation controller's delegate is not told
  /// (rule MP10). While a presentation or dismissal runs, nothing happens and UIKit's warning is
  /// recorded (rule MP11); with nothing to dismiss, nothing happens (model choice).
  ///
  /// - Parameters:
  ///   - flag: Whether to animate the dismissal.
  ///   - completion: Runs after the dismissal finished.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    performDismiss(animated: flag, completion: completion)
  }

  /// The view controller presented by this controller or its nearest ancestor that presents one
  /// (rule MP2); it stays set until a dismissal ends.
  open var presentedViewController: UIViewController? { resolvedPresentedViewController }

  /// The view controller that presented this controller or its nearest presented ancestor (rule
  /// MP2).
  open var presentingViewController: UIViewController? { resolvedPresentingViewController }

  /// The style to present this controller with; `.automatic` by default, which reads as
  /// `.formSheet`, as on iOS 18 and later (rule MP1; UIKit reads `.pageSheet` on iOS 13 to 17 and
  /// defaults to `.fullScreen` on tvOS, which the model does not follow).
  open var modalPresentationStyle: UIModalPresentationStyle {
    get { modal.style == .automatic ? .formSheet : modal.style }
    set { modal.style = newValue }
  }

  /// How this controller arrives when presented and leaves when dismissed.
  ///
  /// `.coverVertical` by default (rule MP16). Presenting with `.partialCurl` and a style other than `.fullScreen`
  /// raises `NSInvalidArgumentException` (rule MP17).
  open var modalTransitionStyle: UIModalTransitionStyle {
    get { modal.transitionStyle }
    set { modal.transitionStyle = newValue }
  }

  /// Whether the user is prevented from dismissing this controller's sheet; `false` by default
  /// (rule MP12).
  open var isModalInPresentation: Bool {
    get { modal.isModalInPresentation }
    set { modal.isModalInPresentation = newValue }
  }

  /// The presentation controller of this controller or, for a child, of its parent; made on
  /// first read, before any presentation, so that a delegate can be set early (rule MP14).
  open var presentationController: UIPresentationController? { resolvedPresentationController }

  // MARK: - Content container

  /// The size a container should give this controller's view.
  ///
  /// Changing it tells the parent with `preferredContentSizeDidChange(forChildContentContainer:)`
  /// (semantics H4; only on change, a model choice).
  open var preferredContentSize: CGSize {
    get { storedPreferredContentSize }
    set {
      let changed = storedPreferredContentSize != newValue
      storedPreferredContentSize = newValue
      guard changed, let parent = storedParent else { return }
      parent.invokeCallback(
        .preferredContentSizeDidChange, .forwarding,
        "preferredContentSizeDidChange(forChildContentContainer: \(modelName))"
      ) {
        parent.preferredContentSizeDidChange(forChildContentContainer: self)
      }
    }
  }

  /// Called when a child's preferred content size changed.
  ///
  /// - Parameter container: The child.
  open func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {}

  /// Called when an Auto Layout child's fitting size changed; the model never calls it.
  ///
  /// - Parameter container: The child.
  open func systemLayoutFittingSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {}

  /// The size to give a child when this controller's size changes.
  ///
  /// The model returns `parentSize` (a model choice for semantics H3: answering the child's current
  /// size, the other candidate, would stop the documented propagation to every loaded child).
  ///
  /// - Parameters:
  ///   - container: The child.
  ///   - parentSize: This controller's new size.
  /// - Returns: The child's new size.
  open func size(
    forChildContentContainer container: any UIContentContainer,
    withParentContainerSize parentSize: CGSize
  ) -> CGSize {
    parentSize
  }

  /// Called before the view's size changes; the base implementation forwards to each child whose
  /// new size (from `size(forChildContentContainer:withParentContainerSize:)`) differs from its
  /// current view size (semantics H3).
  ///
  /// - Parameters:
  ///   - size: The new size.
  ///   - coordinator: The coordinator of the size transition.
  open func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    for child in storedChildren {
      let childSize = self.size(forChildContentContainer: child, withParentContainerSize: size)
      if let childView = child.storedView, childView.bounds.size == childSize { continue }
      child.invokeCallback(
        .viewWillTransition, .forwarding,
        "viewWillTransition(to: \(Self.format(childSize)))"
      ) {
        child.viewWillTransition(to: childSize, with: coordinator)
      }
    }
  }

  /// Called before the trait collection changes; the base implementation forwards to every child
  /// (semantics H2).
  ///
  /// - Parameters:
  ///   - newCollection: The new traits.
  ///   - coordinator: The coordinator of the trait transition.
  open func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    for child in storedChildren {
      let childTraits =
        childTraitOverrides[ObjectIdentifier(child)].map {
          UITraitCollection.merging([newCollection, $0])
        } ?? newCollection
      child.invokeCallback(.willTransitionTraits, .forwarding, "willTransition(to: \(childTraits))")
      {
        child.willTransition(to: childTraits, with: coordinator)
      }
    }
  }

  /// The traits of the controller: its parent's (with any override the parent set for it), or
  /// its window's, or the default traits.
  open var traitCollection: UITraitCollection {
    if let parent = storedParent {
      let inherited = parent.traitCollection
      if let override = parent.childTraitOverrides[ObjectIdentifier(self)] {
        return UITraitCollection.merging([inherited, override])
      }
      return inherited
    }
    return storedView?.window?.windowTraits ?? UITraitCollection()
  }

  /// Overrides traits for a child (semantics H2).
  ///
  /// Deprecated in iOS and tvOS 17 and in visionOS in favour of the child's `traitOverrides`, as in
  /// UIKit; Linux and macOS do not enforce the annotation (see Docs/Design/0001).
  ///
  /// - Parameters:
  ///   - collection: The traits to override, or `nil` to remove the override.
  ///   - childViewController: The child.
  @available(
    iOS, introduced: 8.0, deprecated: 17.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  @available(
    tvOS, introduced: 9.0, deprecated: 17.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  @available(
    visionOS, introduced: 1.0, deprecated: 1.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  open func setOverrideTraitCollection(
    _ collection: UITraitCollection?, forChild childViewController: UIViewController
  ) {
    childTraitOverrides[ObjectIdentifier(childViewController)] = collection
  }

  /// The traits overridden for a child, as set by `setOverrideTraitCollection(_:forChild:)`.
  ///
  /// - Parameter childViewController: The child.
  /// - Returns: The override, or `nil`.
  @available(
    iOS, introduced: 8.0, deprecated: 17.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  @available(
    tvOS, introduced: 9.0, deprecated: 17.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  @available(
    visionOS, introduced: 1.0, deprecated: 1.0,
    message: "Use the traitOverrides property on the child view controller instead"
  )
  open func overrideTraitCollection(forChild childViewController: UIViewController)
    -> UITraitCollection?
  {
    childTraitOverrides[ObjectIdentifier(childViewController)]
  }

  // MARK: - Containment

  /// The children, in the order they were added (semantics B4).
  open var children: [UIViewController] { storedChildren }

  /// The parent, if this controller is a child.
  ///
  /// Read-only: only `addChild(_:)` and `removeFromParent()` change it (semantics B5, J5).
  open var parent: UIViewController? { storedParent }

  /// Makes `childController` a child of this controller.
  ///
  /// In order (semantics B7–B10, B1, B4–B6): raises if the child is this controller or one of its
  /// ancestors (model message, the UIKit text is unknown); does nothing if it is already a child
  /// of this controller (model choice K1); raises `UIViewControllerHierarchyInconsistency` if its
  /// loaded view sits inside another controller's view tree; removes it from its current parent
  /// with `removeFromParent()`; sends `willMove(toParent: self)` while `parent` is still the old
  /// value; then appends it to ``children`` and sets its ``parent``. It neither loads nor places
  /// the child's view, and does not send `didMove(toParent:)` (semantics A9, B2, B3).
  ///
  /// - Parameter childController: The new child.
  open func addChild(_ childController: UIViewController) {
    performAddChild(childController)
  }

  /// Removes this controller from its parent: takes it out of the parent's ``children``, clears
  /// ``parent``, then sends `didMove(toParent: nil)` (semantics B6, B11).
  ///
  /// It does not send `willMove(toParent: nil)` and does not remove the view (semantics B12, B14).
  /// Does nothing without a parent (model choice, semantics B13).
  open func removeFromParent() {
    performRemoveFromParent()
  }

  /// Called before the controller is added to (`parent` non-`nil`) or removed from a parent.
  ///
  /// `addChild(_:)` calls it with the new parent; containers call it with `nil` before removing
  /// a child (semantics B1, B12). The base implementation records the move for
  /// ``isMovingToParent`` and ``isMovingFromParent`` (semantics C2); overrides must call `super`.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  open func willMove(toParent parent: UIViewController?) {
    recordWillMove(toParent: parent)
  }

  /// Called after the controller was added to (`parent` non-`nil`) or removed from a parent.
  ///
  /// Containers call it with the parent once the child's view is in place; `removeFromParent()`
  /// calls it with `nil` (semantics B2, B11). Calling it again is harmless (semantics J8).
  /// Overrides must call `super`.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  open func didMove(toParent parent: UIViewController?) {
    recordDidMove(toParent: parent)
  }

  /// The navigation controller this controller was pushed onto: the nearest ancestor that is a
  /// `UINavigationController`, or `nil` (rule N18 of Docs/Design/0001).
  ///
  /// A popped controller keeps answering its navigation controller until the pop's transition
  /// ends and removes it from its parent.
  open var navigationController: UINavigationController? {
    var ancestor = storedParent
    while let current = ancestor {
      if let navigation = current as? UINavigationController { return navigation }
      ancestor = current.storedParent
    }
    return nil
  }

  /// The coordinator of the transition under way, or `nil` (rule N12 of Docs/Design/0001).
  ///
  /// As UIKit's header says of the default implementation, a controller that runs a transition
  /// itself answers that transition's coordinator, and any other asks its parent: during a push or
  /// pop, the navigation controller and every controller below it answer the same coordinator.
  /// It is `nil` before the transition's first callback and once its completions have run.
  /// Custom containers that run transitions of their own override it and call `super` otherwise.
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    activeTransitionCoordinator ?? storedParent?.transitionCoordinator
  }

  /// Whether this controller forwards appearance callbacks to its children automatically; `true` by
  /// default (semantics D3).
  ///
  /// Containers that return `false` must drive their children with
  /// `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Starts an appearance transition: `viewWillAppear(_:)` (`isAppearing`) or
  /// `viewWillDisappear(_:)`, then the same for every child this controller forwards to
  /// automatically (semantics D5, D8).
  ///
  /// Appearing loads the view first (semantics D13). Starting the opposite transition before the
  /// end cancels the running one (semantics D9). Starting a transition towards the state the
  /// controller is already in or moving to sends nothing and records "Unbalanced calls to
  /// begin/end appearance transitions" (semantics D11).
  ///
  /// - Parameters:
  ///   - isAppearing: `true` to appear, `false` to disappear.
  ///   - animated: Passed to the callbacks.
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    driveAppearanceBegin(isAppearing, animated: animated)
  }

  /// Ends the running appearance transition: `viewDidAppear(_:)` or `viewDidDisappear(_:)` with the
  /// `animated` value of the begin call (semantics D8), then the same for the children the begin
  /// call reached.
  ///
  /// Records "Unbalanced calls…" when no transition is running (semantics D11).
  open func endAppearanceTransition() {
    driveAppearanceEnd()
  }

  /// Swaps the views of two children of this controller, with an animation.
  ///
  /// Both must already be children of this controller, and this controller must forward
  /// appearance automatically; otherwise it raises `NSInvalidArgumentException` (semantics E1–E3).
  /// It makes no containment call itself: the caller sends `willMove(toParent: nil)` and
  /// `addChild(_:)` before, `removeFromParent()` and `didMove(toParent:)` in `completion`
  /// (semantics E6).
  ///
  /// When the container is in a visible window, in order (semantics E4, E7, E8): `from` gets
  /// `viewWillDisappear` and `to` gets `viewWillAppear` (`animated` is `duration > 0`); `to.view`
  /// is loaded if needed and added to `from.view`'s superview as the front-most subview, keeping
  /// its frame and no constraints (semantics E5); `animations` runs. When the animation completes —
  /// at the next ``ModelRuntime/advance(by:)`` or ``ModelRuntime/runUntilIdle()`` that reaches
  /// `duration`, never inside this call (model choice K3) — `from.view` is removed, `to` gets
  /// `viewDidAppear`, `from` gets `viewDidDisappear`, and only then `completion` runs. Off-screen
  /// the views are swapped the same way with no appearance callbacks (model choice for E11).
  ///
  /// Model choices: `from === to` and a `from.view` with no superview raise
  /// `NSInvalidArgumentException` with a model message (semantics E10, E13); starting a transition
  /// for a child whose transition is still running records an overlapping-transition diagnostic
  /// (semantics E12).
  ///
  /// - Parameters:
  ///   - fromViewController: The child whose view leaves.
  ///   - toViewController: The child whose view arrives.
  ///   - duration: The animation's duration; `0` or less swaps without animating.
  ///   - options: Animation options (curve, transition style).
  ///   - animations: Changes to animate, run at once in the model; may be `nil`.
  ///   - completion: Runs after the swap finished, with `true` unless the animation was cut
  ///     short (`layer.removeAllAnimations()` on one of the views).
  open func transition(
    from fromViewController: UIViewController, to toViewController: UIViewController,
    duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    performTransition(
      from: fromViewController, to: toViewController, duration: duration, options: options,
      animations: animations, completion: completion)
  }

  // MARK: - Status bar and home indicator

  // Availability as in UIKit's headers (UIViewController.h, iOS 26.2 SDK): none of these exist
  // on tvOS; the status bar members are deprecated on visionOS ("Has no effect on visionOS") and
  // `setNeedsStatusBarAppearanceUpdate()` is unavailable there. Linux and macOS do not enforce
  // the annotations (Docs/Design/0001).

  /// The status bar style this controller prefers; `.default` by default.
  @available(tvOS, unavailable)
  @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Has no effect on visionOS")
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }

  /// Whether this controller prefers the status bar hidden; `false` by default.
  @available(tvOS, unavailable)
  @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Has no effect on visionOS")
  open var prefersStatusBarHidden: Bool { false }

  /// How status bar changes animate; `.fade` by default.
  @available(tvOS, unavailable)
  @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Has no effect on visionOS")
  open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }

  /// The child whose status bar style is used instead of this controller's; `nil` by default
  /// (semantics H6).
  @available(tvOS, unavailable)
  @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Has no effect on visionOS")
  open var childForStatusBarStyle: UIViewController? { nil }

  /// The child whose status bar visibility is used instead of this controller's; `nil` by
  /// default (semantics H6).
  @available(tvOS, unavailable)
  @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Has no effect on visionOS")
  open var childForStatusBarHidden: UIViewController? { nil }

  /// Asks the system to read the status bar preferences again; recorded in the event log.
  @available(tvOS, unavailable)
  @available(visionOS, unavailable)
  open func setNeedsStatusBarAppearanceUpdate() {
    ModelRuntime.record(.forwarding, self, "setNeedsStatusBarAppearanceUpdate()")
  }

  /// Whether this controller prefers the home indicator hidden; `false` by default.
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open var prefersHomeIndicatorAutoHidden: Bool { false }

  /// The child whose home indicator preference is used instead; `nil` by default (semantics H6).
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open var childForHomeIndicatorAutoHidden: UIViewController? { nil }

  /// Asks the system to read the home indicator preference again; recorded in the event log.
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open func setNeedsUpdateOfHomeIndicatorAutoHidden() {
    ModelRuntime.record(.forwarding, self, "setNeedsUpdateOfHomeIndicatorAutoHidden()")
  }

  /// The screen edges whose system gestures this controller defers; none by default.
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }

  /// The child whose deferred edges are used instead; `nil` by default (semantics H6).
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }

  /// Asks the system to read the deferred edges again; recorded in the event log.
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
    ModelRuntime.record(.forwarding, self, "setNeedsUpdateOfScreenEdgesDeferringSystemGestures()")
  }

  // MARK: - Internals

  enum CallbackKind: Hashable {
    case loadView, viewDidLoad
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews
    case memoryWarning, preferredContentSizeDidChange, viewWillTransition, willTransitionTraits
  }

  /// Makes a callback on behalf of the model: records it in the event log and marks it as
  /// model-initiated while it runs.
  func invokeCallback(
    _ kind: CallbackKind, _ category: ModelEvent.Category, _ text: String, _ body: () -> Void
  ) {
    ModelRuntime.record(category, self, text)
    activeCallbacks[kind, default: 0] += 1
    let isAppearance = category == .appearance
    if isAppearance { appearanceCallbackDepth += 1 }
    body()
    if isAppearance { appearanceCallbackDepth -= 1 }
    activeCallbacks[kind, default: 1] -= 1
  }

  private func checkDirectCall(_ kind: CallbackKind, selector: String) {
    guard activeCallbacks[kind, default: 0] == 0 else { return }
    ModelRuntime.diagnose(
      .directAppearanceCallback,
      "[ViewController] Calling \(selector) directly on a view controller is not supported, and "
        + "may result in out-of-order callbacks and other inconsistent behavior. Use the "
        + "-beginAppearanceTransition:animated: and -endAppearanceTransition APIs on "
        + "UIViewController to manually drive appearance callbacks instead. Make a symbolic "
        + "breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the "
        + "debugger.")
  }

  func loadViewIfRequired() {
    guard storedView == nil, !isLoadingView else { return }
    isLoadingView = true
    invokeCallback(.loadView, .loading, "loadView()") { loadView() }
    if storedView == nil {
      ModelRuntime.diagnose(
        .loadViewDidNotAssignView,
        "loadView() of \(self) returned without assigning view; assign a view in loadView(), "
          + "or do not override it (the model assigned a plain view)")
      setRootView(UIView(frame: ModelRuntime.defaultRootViewFrame))
    }
    isLoadingView = false
    invokeCallback(.viewDidLoad, .loading, "viewDidLoad()") { viewDidLoad() }
  }

  private func setRootView(_ newView: UIView?) {
    if let newView, let owner = newView.viewController, owner !== self {
      ModelRuntime.raise(
        ModelException.hierarchyInconsistency,
        "A view can only be associated with at most one view controller at a time! View "
          + "\(newView) is associated with \(owner). Clear this association before associating "
          + "this view with \(self).")
      return
    }
    storedView?.viewController = nil
    storedView = newView
    newView?.viewController = self
  }

  static func format(_ size: CGSize) -> String {
    "\(format(size.width))×\(format(size.height))"
  }

  static func format(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : String(describing: Double(value))
  }
}
