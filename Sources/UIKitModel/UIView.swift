public import Foundation

/// A rectangle in the view hierarchy: geometry, the hierarchy itself, layout and animation.
///
/// The model keeps geometry without transforms (`frame.size == bounds.size` always) and does not
/// draw. Hierarchy changes make the same hook calls as UIKit, in the order of semantics F3, and
/// drive the appearance callbacks of the view controllers whose root views move in or out of a
/// visible window (semantics D4–D7).
@MainActor
open class UIView: UIResponder {
  var storedFrame: CGRect
  var boundsOrigin: CGPoint = .zero
  weak var storedSuperview: UIView?
  var storedSubviews: [UIView] = []
  /// The view controller whose root view this is (UIKit's "view delegate").
  weak var viewController: UIViewController?
  var needsLayout = false
  var storedIsHidden = false
  var installedConstraints: [NSLayoutConstraint] = []
  var ownedLayoutGuides: [UILayoutGuide] = []
  private var storedLayer: CALayer?
  private var anchors: [NSLayoutConstraint.Attribute: AnyObject] = [:]

  /// Creates a view with the given frame.
  ///
  /// - Parameter frame: The frame in the superview's coordinates.
  public init(frame: CGRect) {
    storedFrame = frame
    super.init()
  }

  /// Creates a view with a zero frame.
  public convenience override init() {
    self.init(frame: .zero)
  }

  /// Unarchiving is not supported by the model.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The view's name in the model; a view controller's root view is named after its controller
  /// (`child.view`) unless given a name of its own.
  override var modelName: String {
    get {
      hasExplicitName
        ? super.modelName : (viewController.map { "\($0.modelName).view" } ?? super.modelName)
    }
    set {
      super.modelName = newValue
      hasExplicitName = true
    }
  }
  private var hasExplicitName = false

  // MARK: - Geometry

  /// The frame in the superview's coordinate space.
  ///
  /// Setting it resizes autoresizing subviews (semantics F6, F7) and asks for layout when the size
  /// changes.
  open var frame: CGRect {
    get { storedFrame }
    set {
      let oldSize = storedFrame.size
      storedFrame = newValue
      noteAnimatableChange()
      if oldSize != newValue.size { sizeDidChange(from: oldSize) }
    }
  }

  /// The bounds: the view's own coordinate space.
  ///
  /// The size always equals the frame's size; setting a new size keeps the center.
  open var bounds: CGRect {
    get { CGRect(origin: boundsOrigin, size: storedFrame.size) }
    set {
      boundsOrigin = newValue.origin
      let center = self.center
      frame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The center of the frame, in the superview's coordinate space.
  open var center: CGPoint {
    get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
    set {
      frame = CGRect(
        x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
        width: storedFrame.width, height: storedFrame.height)
    }
  }

  // MARK: - Appearance properties

  /// Whether the view is hidden; `false` by default.
  ///
  /// Hiding a view does not send appearance callbacks (UIKit does not either).
  open var isHidden: Bool {
    get { storedIsHidden }
    set {
      let changed = storedIsHidden != newValue
      storedIsHidden = newValue
      noteAnimatableChange()
      // A stack view lays its arranged views out again when one is hidden or shown.
      if changed, let stack = storedSuperview as? UIStackView, stack.arranges(self) {
        stack.setNeedsLayout()
      }
    }
  }

  /// The opacity; `1.0` by default.
  open var alpha: CGFloat = 1 {
    didSet { noteAnimatableChange() }
  }

  /// Whether subviews are clipped to the bounds; `false` by default.
  open var clipsToBounds = false

  /// The background color; `nil` by default.
  open var backgroundColor: UIColor? {
    didSet { noteAnimatableChange() }
  }

  /// Whether the view is opaque; `true` by default.
  open var isOpaque = true

  /// How the view's content is laid out for left-to-right and right-to-left languages;
  /// `.unspecified` by default.
  open var semanticContentAttribute: UISemanticContentAttribute = .unspecified

  /// The layout direction for the view's immediate content (rule L1 of Docs/Design/0001).
  ///
  /// It follows the view's own ``semanticContentAttribute`` relative to the interface's layout
  /// direction, which the model takes as left to right; as UIKit's header says, it does not
  /// propagate through the view's subtree.
  open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    Self.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: .leftToRight)
  }

  /// The layout direction a semantic content attribute implies relative to a layout direction:
  /// forced directions win, playback and spatial content is left to right, unspecified content
  /// follows `layoutDirection` (rule L1).
  ///
  /// - Parameters:
  ///   - semanticContentAttribute: The attribute.
  ///   - layoutDirection: The interface's layout direction.
  /// - Returns: The direction for content with that attribute.
  open class func userInterfaceLayoutDirection(
    for semanticContentAttribute: UISemanticContentAttribute,
    relativeTo layoutDirection: UIUserInterfaceLayoutDirection
  ) -> UIUserInterfaceLayoutDirection {
    switch semanticContentAttribute {
    case .unspecified: layoutDirection
    case .playback, .spatial, .forceLeftToRight: .leftToRight
    case .forceRightToLeft: .rightToLeft
    }
  }

  /// Whether touches reach the view; `true` by default.
  open var isUserInteractionEnabled = true

  /// An integer that identifies the view; `0` by default.
  open var tag = 0

  /// The layer backing the view.
  ///
  /// The model's layer only supports cancelling animations.
  open var layer: CALayer {
    if let storedLayer { return storedLayer }
    let layer = CALayer(view: self)
    storedLayer = layer
    return layer
  }

  // MARK: - Autoresizing and constraints

  /// Whether the view resizes its subviews by their masks when its size changes; `true` by
  /// default.
  open var autoresizesSubviews = true

  /// How the view resizes when its superview's size changes; empty by default.
  open var autoresizingMask: UIView.AutoresizingMask = []

  /// Whether the frame is authoritative (`true`, the default) or the view is positioned by
  /// constraints (`false`).
  open var translatesAutoresizingMaskIntoConstraints = true

  /// The constraints installed on this view (those whose closest common ancestor it is).
  open var constraints: [NSLayoutConstraint] { installedConstraints }

  /// The default spacing for content inside the view; 8 points on every side by default.
  open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
    didSet { setNeedsLayout() }
  }

  /// The safe-area insets; always zero in the model (there is no status bar or notch).
  open var safeAreaInsets: UIEdgeInsets { .zero }

  // MARK: - Hierarchy

  /// The view that contains this one, if any.
  open var superview: UIView? { storedSuperview }

  /// The subviews, back to front.
  open var subviews: [UIView] { storedSubviews }

  /// The window the view is in, if any: the root of its superview chain when that is a window.
  open var window: UIWindow? {
    var top: UIView = self
    while let next = top.storedSuperview { top = next }
    return top as? UIWindow
  }

  /// The next responder: the view controller whose root view this is, otherwise the superview
  /// (semantics G4).
  open override var next: UIResponder? { viewController ?? storedSuperview }

  override var responderWindow: UIWindow? { window }

  /// Whether this view is `view` or one of its descendants.
  ///
  /// - Parameter view: The possible ancestor.
  /// - Returns: `true` for `self` too.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.storedSuperview
    }
    return false
  }

  /// The first view in this subtree (self included, depth first) whose tag matches.
  ///
  /// - Parameter tag: The tag to find.
  /// - Returns: The view, or `nil`.
  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for subview in storedSubviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// Adds a view as the front-most subview, removing it from its current superview first (semantics
  /// F1).
  ///
  /// Adding a view that is already a subview moves it to the front and makes no hook calls (model
  /// choice).
  ///
  /// - Parameter view: The view to add.
  open func addSubview(_ view: UIView) {
    performAddSubview(view)
  }

  /// Inserts a view at an index of ``subviews``; indexes outside `0...count` are clamped (model
  /// choice, semantics F11).
  ///
  /// - Parameters:
  ///   - view: The view to insert.
  ///   - index: The position, back to front.
  open func insertSubview(_ view: UIView, at index: Int) {
    performInsertSubview(view, at: index)
  }

  /// Inserts a view just below a sibling; on top when `siblingSubview` is not a subview (model
  /// choice).
  ///
  /// - Parameters:
  ///   - view: The view to insert.
  ///   - siblingSubview: The subview it goes below.
  open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    performInsertSubview(view, belowSubview: siblingSubview)
  }

  /// Inserts a view just above a sibling; on top when `siblingSubview` is not a subview (model
  /// choice).
  ///
  /// - Parameters:
  ///   - view: The view to insert.
  ///   - siblingSubview: The subview it goes above.
  open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    performInsertSubview(view, aboveSubview: siblingSubview)
  }

  /// Moves a subview to the front; does nothing for a view that is not a subview.
  ///
  /// - Parameter view: The subview.
  open func bringSubviewToFront(_ view: UIView) {
    performBringSubviewToFront(view)
  }

  /// Moves a subview to the back; does nothing for a view that is not a subview.
  ///
  /// - Parameter view: The subview.
  open func sendSubviewToBack(_ view: UIView) {
    performSendSubviewToBack(view)
  }

  /// Swaps the subviews at two indexes; out-of-range indexes do nothing (model choice).
  ///
  /// - Parameters:
  ///   - index1: One index.
  ///   - index2: The other index.
  open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    performExchangeSubview(at: index1, withSubviewAt: index2)
  }

  /// Removes the view from its superview and window (semantics F2): sends the hooks, ends
  /// appearance for the view controllers inside (semantics D6), removes every constraint that ties
  /// the subtree to a view outside it, and resigns first responder if it was inside.
  ///
  /// Does nothing without a superview.
  open func removeFromSuperview() {
    performRemoveFromSuperview()
  }

  // MARK: - Hooks

  /// Called before the view moves to a new superview (`nil` when it is removed).
  ///
  /// - Parameter newSuperview: The new superview.
  open func willMove(toSuperview newSuperview: UIView?) {}

  /// Called after the view moved to a new superview.
  open func didMoveToSuperview() {}

  /// Called before the view moves to a different window (`nil` when it leaves its window).
  ///
  /// - Parameter newWindow: The new window.
  open func willMove(toWindow newWindow: UIWindow?) {}

  /// Called after the view moved to a different window.
  open func didMoveToWindow() {}

  /// Called after a subview was added.
  ///
  /// - Parameter subview: The new subview.
  open func didAddSubview(_ subview: UIView) {}

  /// Called before a subview is removed.
  ///
  /// - Parameter subview: The subview about to be removed.
  open func willRemoveSubview(_ subview: UIView) {}

  // MARK: - Layout

  /// Marks the view as needing layout; the model lays it out at its next run
  /// (``ModelRuntime/advance(by:)`` or ``ModelRuntime/runUntilIdle()``) if it is in a window, or
  /// at the next `layoutIfNeeded()`.
  open func setNeedsLayout() {
    guard !needsLayout else { return }
    needsLayout = true
    ModelRuntime.needsLayout(self)
  }

  /// Lays out this view and its subviews now, where layout is pending, top down.
  open func layoutIfNeeded() {
    layoutSubtreeIfNeeded()
  }

  /// Positions the subviews.
  ///
  /// The model's implementation resolves simple constraints: edges, centers and sizes of a subview
  /// tied to its superview (or its layout guides) or to constants, with required equalities. Other
  /// constraints are kept but not solved.
  open func layoutSubviews() {
    LayoutEngine.layoutSubviews(of: self)
  }

  /// The size that fits the given size; the model returns the current size.
  ///
  /// - Parameter size: The proposed size.
  /// - Returns: The view's current size.
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to ``sizeThatFits(_:)``.
  open func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    frame = CGRect(origin: frame.origin, size: size)
  }

  // MARK: - Layout anchors, guides and constraints

  /// The leading edge.
  open var leadingAnchor: NSLayoutXAxisAnchor { anchor(.leading, NSLayoutXAxisAnchor.init) }
  /// The trailing edge.
  open var trailingAnchor: NSLayoutXAxisAnchor { anchor(.trailing, NSLayoutXAxisAnchor.init) }
  /// The left edge.
  open var leftAnchor: NSLayoutXAxisAnchor { anchor(.left, NSLayoutXAxisAnchor.init) }
  /// The right edge.
  open var rightAnchor: NSLayoutXAxisAnchor { anchor(.right, NSLayoutXAxisAnchor.init) }
  /// The top edge.
  open var topAnchor: NSLayoutYAxisAnchor { anchor(.top, NSLayoutYAxisAnchor.init) }
  /// The bottom edge.
  open var bottomAnchor: NSLayoutYAxisAnchor { anchor(.bottom, NSLayoutYAxisAnchor.init) }
  /// The first baseline (the top edge in the model).
  open var firstBaselineAnchor: NSLayoutYAxisAnchor {
    anchor(.firstBaseline, NSLayoutYAxisAnchor.init)
  }
  /// The last baseline (the bottom edge in the model).
  open var lastBaselineAnchor: NSLayoutYAxisAnchor {
    anchor(.lastBaseline, NSLayoutYAxisAnchor.init)
  }
  /// The width.
  open var widthAnchor: NSLayoutDimension { anchor(.width, NSLayoutDimension.init) }
  /// The height.
  open var heightAnchor: NSLayoutDimension { anchor(.height, NSLayoutDimension.init) }
  /// The horizontal center.
  open var centerXAnchor: NSLayoutXAxisAnchor { anchor(.centerX, NSLayoutXAxisAnchor.init) }
  /// The vertical center.
  open var centerYAnchor: NSLayoutYAxisAnchor { anchor(.centerY, NSLayoutYAxisAnchor.init) }

  /// The safe area: the bounds inset by ``safeAreaInsets`` (zero in the model).
  open var safeAreaLayoutGuide: UILayoutGuide {
    builtInGuide("safeAreaLayoutGuide") { $0.bounds.inset(by: $0.safeAreaInsets) }
  }

  /// The bounds inset by ``layoutMargins``.
  open var layoutMarginsGuide: UILayoutGuide {
    builtInGuide("layoutMarginsGuide") { $0.bounds.inset(by: $0.layoutMargins) }
  }

  /// The layout guides added to this view, including the built-in ones once used.
  open var layoutGuides: [UILayoutGuide] { ownedLayoutGuides }

  /// Adds a layout guide; its frame is the view's bounds unless the model knows better.
  ///
  /// - Parameter layoutGuide: The guide.
  open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
    layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
    layoutGuide.owningView = self
    ownedLayoutGuides.append(layoutGuide)
  }

  /// Removes a layout guide.
  ///
  /// - Parameter layoutGuide: The guide.
  open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
    guard layoutGuide.owningView === self else { return }
    ownedLayoutGuides.removeAll { $0 === layoutGuide }
    layoutGuide.owningView = nil
  }

  /// Installs a constraint on this view (prefer `isActive`).
  ///
  /// - Parameter constraint: The constraint.
  open func addConstraint(_ constraint: NSLayoutConstraint) {
    constraint.isActive = true
  }

  /// Installs constraints on this view (prefer `NSLayoutConstraint.activate(_:)`).
  ///
  /// - Parameter constraints: The constraints.
  open func addConstraints(_ constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.activate(constraints)
  }

  /// Removes a constraint installed on this view.
  ///
  /// - Parameter constraint: The constraint.
  open func removeConstraint(_ constraint: NSLayoutConstraint) {
    guard constraint.installedOn === self else { return }
    constraint.isActive = false
  }

  /// Removes constraints installed on this view.
  ///
  /// - Parameter constraints: The constraints.
  open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints {
      removeConstraint(constraint)
    }
  }

  // MARK: - Block animations

  /// Animates changes.
  ///
  /// The model applies the changes at once, and runs `completion` when virtual time reaches `delay
  /// + duration` — or, when `duration` is `0` or less or animations are disabled, at the next run
  /// of the model, never inside this call (model choice K3).
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds.
  ///   - delay: The delay before the animation starts.
  ///   - options: Animation options.
  ///   - animations: The changes.
  ///   - completion: Runs when the animation ends, with `false` when it was cut short.
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let record = ModelRuntime.startAnimation(
      kind: .animate, duration: duration, delay: delay, options: options, views: [],
      subject: "animate")
    record.completion = completion
    ModelRuntime.runAnimations(of: record, animations)
  }

  /// Animates changes with no delay and default options.
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds.
  ///   - animations: The changes.
  ///   - completion: Runs when the animation ends.
  open class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
  }

  /// Animates changes with no delay, default options and no completion.
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds.
  ///   - animations: The changes.
  open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// Animates changes with a spring; the model treats it as a plain animation.
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds.
  ///   - delay: The delay before the animation starts.
  ///   - dampingRatio: The spring's damping ratio.
  ///   - velocity: The initial velocity.
  ///   - options: Animation options.
  ///   - animations: The changes.
  ///   - completion: Runs when the animation ends.
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }

  /// Animates changes to one view with a transition style (flip, curl, cross-dissolve).
  ///
  /// - Parameters:
  ///   - view: The view whose content changes.
  ///   - duration: The duration in seconds.
  ///   - options: Animation options, including the transition style.
  ///   - animations: The changes; may be `nil`.
  ///   - completion: Runs when the transition ends.
  open class func transition(
    with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let record = ModelRuntime.startAnimation(
      kind: .viewTransition, duration: duration, delay: 0, options: options, views: [view],
      subject: "transition(with: \(view.modelName))")
    record.completion = completion
    ModelRuntime.runAnimations(of: record, animations)
  }

  /// Replaces one view with another, animated with a transition style.
  ///
  /// The model swaps at once (model choice): `toView` takes `fromView`'s place in its superview
  /// and `fromView` is removed — or, with ``AnimationOptions/showHideTransitionViews``, `fromView`
  /// is hidden and `toView` shown. Moving the views sends the usual appearance callbacks of
  /// automatic forwarding. When `fromView` has no superview, `toView` is not added anywhere.
  ///
  /// - Parameters:
  ///   - fromView: The view that leaves.
  ///   - toView: The view that arrives.
  ///   - duration: The duration in seconds.
  ///   - options: Animation options, including the transition style.
  ///   - completion: Runs when the transition ends.
  open class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    let container = fromView.storedSuperview
    let record = ModelRuntime.startAnimation(
      kind: .viewSwap, duration: duration, delay: 0, options: options,
      views: [fromView, toView] + (container.map { [$0] } ?? []),
      subject: "transition(from: \(fromView.modelName), to: \(toView.modelName))")
    record.completion = completion
    if options.contains(.showHideTransitionViews) {
      fromView.isHidden = true
      toView.isHidden = false
    } else if let container {
      let index = container.storedSubviews.firstIndex { $0 === fromView } ?? 0
      container.insertSubview(toView, at: index + 1)
      fromView.removeFromSuperview()
    }
  }

  /// Runs changes without animating them, even inside an animation block.
  ///
  /// - Parameter actionsWithoutAnimation: The changes.
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    ModelRuntime.state.withoutAnimationDepth += 1
    let contexts = ModelRuntime.state.animationContexts
    ModelRuntime.state.animationContexts = []
    actionsWithoutAnimation()
    ModelRuntime.state.animationContexts = contexts
    ModelRuntime.state.withoutAnimationDepth -= 1
  }

  /// Turns animations on or off; while off, animations complete at the next run of the model.
  ///
  /// - Parameter enabled: Whether animations run.
  open class func setAnimationsEnabled(_ enabled: Bool) {
    ModelRuntime.state.animationsEnabled = enabled
  }

  /// Whether animations are enabled.
  open class var areAnimationsEnabled: Bool { ModelRuntime.state.animationsEnabled }

  /// The duration of the animation block being run, or `0` outside one.
  open class var inheritedAnimationDuration: TimeInterval {
    guard ModelRuntime.state.withoutAnimationDepth == 0 else { return 0 }
    return ModelRuntime.state.animationContexts.last?.duration ?? 0
  }

  // MARK: - Internals

  func sizeDidChange(from oldSize: CGSize) {
    if autoresizesSubviews {
      for subview in storedSubviews {
        subview.applyAutoresizing(superviewFrom: oldSize, to: storedFrame.size)
      }
    }
    setNeedsLayout()
  }

  func layoutSubtreeIfNeeded() {
    if needsLayout {
      needsLayout = false
      performLayout()
    }
    for subview in storedSubviews {
      subview.layoutSubtreeIfNeeded()
    }
  }

  func performLayout() {
    let controller = viewController
    if let controller {
      controller.invokeCallback(.viewWillLayoutSubviews, .layout, "viewWillLayoutSubviews()") {
        controller.viewWillLayoutSubviews()
      }
    }
    ModelRuntime.record(.layout, self, "layoutSubviews()")
    layoutSubviews()
    if let controller {
      controller.invokeCallback(.viewDidLayoutSubviews, .layout, "viewDidLayoutSubviews()") {
        controller.viewDidLayoutSubviews()
      }
    }
  }

  func noteAnimatableChange() {
    ModelRuntime.state.animationContexts.last?.involve(self)
  }

  func anchor<Anchor: AnyObject>(_ attribute: NSLayoutConstraint.Attribute, make: () -> Anchor)
    -> Anchor
  {
    if let existing = anchors[attribute] as? Anchor { return existing }
    let made = make()
    anchors[attribute] = made
    return made
  }

  /// Every view of the subtree rooted here, depth first, parents before children.
  func forEachInSubtree(_ body: (UIView) -> Void) {
    body(self)
    for subview in storedSubviews {
      subview.forEachInSubtree(body)
    }
  }

  /// The view controller owning the nearest view at or above this one that is a root view.
  var enclosingViewController: UIViewController? {
    var current: UIView? = self
    while let view = current {
      if let controller = view.viewController { return controller }
      current = view.storedSuperview
    }
    return nil
  }

  /// Whether the view is in a window that is shown.
  var isInVisibleWindow: Bool {
    guard let window else { return false }
    return !window.storedIsHidden
  }
}
