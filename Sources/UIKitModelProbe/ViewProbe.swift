import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A responder subclass that overrides every overridable member the model declares.
final class ProbeResponder: UIResponder {
  override var next: UIResponder? { super.next }
  override var canBecomeFirstResponder: Bool { super.canBecomeFirstResponder }
  override var canResignFirstResponder: Bool { super.canResignFirstResponder }
  override var isFirstResponder: Bool { super.isFirstResponder }
  override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
  override func resignFirstResponder() -> Bool { super.resignFirstResponder() }
  override var description: String { super.description }
}

/// A view subclass that overrides every overridable member the model declares.
class ProbeView: UIView {
  override init(frame: CGRect) { super.init(frame: frame) }
  required init?(coder: NSCoder) { super.init(coder: coder) }

  override var frame: CGRect {
    get { super.frame }
    set { super.frame = newValue }
  }
  override var bounds: CGRect {
    get { super.bounds }
    set { super.bounds = newValue }
  }
  override var center: CGPoint {
    get { super.center }
    set { super.center = newValue }
  }
  override var isHidden: Bool {
    get { super.isHidden }
    set { super.isHidden = newValue }
  }
  override var alpha: CGFloat {
    get { super.alpha }
    set { super.alpha = newValue }
  }
  override var clipsToBounds: Bool {
    get { super.clipsToBounds }
    set { super.clipsToBounds = newValue }
  }
  override var backgroundColor: UIColor? {
    get { super.backgroundColor }
    set { super.backgroundColor = newValue }
  }
  override var isOpaque: Bool {
    get { super.isOpaque }
    set { super.isOpaque = newValue }
  }
  override var semanticContentAttribute: UISemanticContentAttribute {
    get { super.semanticContentAttribute }
    set { super.semanticContentAttribute = newValue }
  }
  override var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    super.effectiveUserInterfaceLayoutDirection
  }
  override class func userInterfaceLayoutDirection(
    for semanticContentAttribute: UISemanticContentAttribute,
    relativeTo layoutDirection: UIUserInterfaceLayoutDirection
  ) -> UIUserInterfaceLayoutDirection {
    super.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: layoutDirection)
  }
  override var isUserInteractionEnabled: Bool {
    get { super.isUserInteractionEnabled }
    set { super.isUserInteractionEnabled = newValue }
  }
  override var tag: Int {
    get { super.tag }
    set { super.tag = newValue }
  }
  override var layer: CALayer { super.layer }
  override var autoresizesSubviews: Bool {
    get { super.autoresizesSubviews }
    set { super.autoresizesSubviews = newValue }
  }
  override var autoresizingMask: UIView.AutoresizingMask {
    get { super.autoresizingMask }
    set { super.autoresizingMask = newValue }
  }
  override var translatesAutoresizingMaskIntoConstraints: Bool {
    get { super.translatesAutoresizingMaskIntoConstraints }
    set { super.translatesAutoresizingMaskIntoConstraints = newValue }
  }
  override var constraints: [NSLayoutConstraint] { super.constraints }
  override var layoutMargins: UIEdgeInsets {
    get { super.layoutMargins }
    set { super.layoutMargins = newValue }
  }
  override var safeAreaInsets: UIEdgeInsets { super.safeAreaInsets }
  override var superview: UIView? { super.superview }
  override var subviews: [UIView] { super.subviews }
  override var window: UIWindow? { super.window }
  override var next: UIResponder? { super.next }
  override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
  override func viewWithTag(_ tag: Int) -> UIView? { super.viewWithTag(tag) }
  override func addSubview(_ view: UIView) { super.addSubview(view) }
  override func insertSubview(_ view: UIView, at index: Int) {
    super.insertSubview(view, at: index)
  }
  override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    super.insertSubview(view, belowSubview: siblingSubview)
  }
  override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    super.insertSubview(view, aboveSubview: siblingSubview)
  }
  override func bringSubviewToFront(_ view: UIView) { super.bringSubviewToFront(view) }
  override func sendSubviewToBack(_ view: UIView) { super.sendSubviewToBack(view) }
  override func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    super.exchangeSubview(at: index1, withSubviewAt: index2)
  }
  override func removeFromSuperview() { super.removeFromSuperview() }
  override func willMove(toSuperview newSuperview: UIView?) {
    super.willMove(toSuperview: newSuperview)
  }
  override func didMoveToSuperview() { super.didMoveToSuperview() }
  override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow) }
  override func didMoveToWindow() { super.didMoveToWindow() }
  override func didAddSubview(_ subview: UIView) { super.didAddSubview(subview) }
  override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview) }
  override func setNeedsLayout() { super.setNeedsLayout() }
  override func layoutIfNeeded() { super.layoutIfNeeded() }
  override func layoutSubviews() { super.layoutSubviews() }
  override func sizeThatFits(_ size: CGSize) -> CGSize { super.sizeThatFits(size) }
  override func sizeToFit() { super.sizeToFit() }

  // Layout anchors, guides and constraints (UIKit declares them `open`).
  override var leadingAnchor: NSLayoutXAxisAnchor { super.leadingAnchor }
  override var trailingAnchor: NSLayoutXAxisAnchor { super.trailingAnchor }
  override var leftAnchor: NSLayoutXAxisAnchor { super.leftAnchor }
  override var rightAnchor: NSLayoutXAxisAnchor { super.rightAnchor }
  override var topAnchor: NSLayoutYAxisAnchor { super.topAnchor }
  override var bottomAnchor: NSLayoutYAxisAnchor { super.bottomAnchor }
  override var firstBaselineAnchor: NSLayoutYAxisAnchor { super.firstBaselineAnchor }
  override var lastBaselineAnchor: NSLayoutYAxisAnchor { super.lastBaselineAnchor }
  override var widthAnchor: NSLayoutDimension { super.widthAnchor }
  override var heightAnchor: NSLayoutDimension { super.heightAnchor }
  override var centerXAnchor: NSLayoutXAxisAnchor { super.centerXAnchor }
  override var centerYAnchor: NSLayoutYAxisAnchor { super.centerYAnchor }
  override var safeAreaLayoutGuide: UILayoutGuide { super.safeAreaLayoutGuide }
  override var layoutMarginsGuide: UILayoutGuide { super.layoutMarginsGuide }
  override var layoutGuides: [UILayoutGuide] { super.layoutGuides }
  override func addLayoutGuide(_ layoutGuide: UILayoutGuide) { super.addLayoutGuide(layoutGuide) }
  override func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
    super.removeLayoutGuide(layoutGuide)
  }
  override func addConstraint(_ constraint: NSLayoutConstraint) { super.addConstraint(constraint) }
  override func addConstraints(_ constraints: [NSLayoutConstraint]) {
    super.addConstraints(constraints)
  }
  override func removeConstraint(_ constraint: NSLayoutConstraint) {
    super.removeConstraint(constraint)
  }
  override func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    super.removeConstraints(constraints)
  }

  // Animation class methods (UIKit declares them `open class func`).
  override class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    super.animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }
  override class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    super.animate(withDuration: duration, animations: animations, completion: completion)
  }
  override class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void
  ) {
    super.animate(withDuration: duration, animations: animations)
  }
  override class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    super.animate(
      withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio,
      initialSpringVelocity: velocity, options: options, animations: animations,
      completion: completion)
  }
  override class func transition(
    with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    super.transition(
      with: view, duration: duration, options: options, animations: animations,
      completion: completion)
  }
  override class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    super.transition(
      from: fromView, to: toView, duration: duration, options: options, completion: completion)
  }
  override class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    super.performWithoutAnimation(actionsWithoutAnimation)
  }
  override class func setAnimationsEnabled(_ enabled: Bool) { super.setAnimationsEnabled(enabled) }
  override class var areAnimationsEnabled: Bool { super.areAnimationsEnabled }
  override class var inheritedAnimationDuration: TimeInterval { super.inheritedAnimationDuration }
}

/// A stack view subclass: `init(coder:)` is not failable in UIKit.
final class ProbeStackView: UIStackView {
  override init(frame: CGRect) { super.init(frame: frame) }
  required init(coder: NSCoder) { super.init(coder: coder) }
  override var axis: NSLayoutConstraint.Axis {
    get { super.axis }
    set { super.axis = newValue }
  }
  override var distribution: UIStackView.Distribution {
    get { super.distribution }
    set { super.distribution = newValue }
  }
  override var alignment: UIStackView.Alignment {
    get { super.alignment }
    set { super.alignment = newValue }
  }
  override var spacing: CGFloat {
    get { super.spacing }
    set { super.spacing = newValue }
  }
  override var arrangedSubviews: [UIView] { super.arrangedSubviews }
  override func addArrangedSubview(_ view: UIView) { super.addArrangedSubview(view) }
  override func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
    super.insertArrangedSubview(view, at: stackIndex)
  }
  override func removeArrangedSubview(_ view: UIView) { super.removeArrangedSubview(view) }
  override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview) }
  override func layoutSubviews() { super.layoutSubviews() }
}

/// A window subclass that overrides every overridable member the model declares.
final class ProbeWindow: UIWindow {
  override init(frame: CGRect) { super.init(frame: frame) }
  required init?(coder: NSCoder) { super.init(coder: coder) }
  override var isHidden: Bool {
    get { super.isHidden }
    set { super.isHidden = newValue }
  }
  override var frame: CGRect {
    get { super.frame }
    set { super.frame = newValue }
  }
  override var rootViewController: UIViewController? {
    get { super.rootViewController }
    set { super.rootViewController = newValue }
  }
  override var isKeyWindow: Bool { super.isKeyWindow }
  override func makeKey() { super.makeKey() }
  override func makeKeyAndVisible() { super.makeKeyAndVisible() }
  override func becomeKey() { super.becomeKey() }
  override func resignKey() { super.resignKey() }
}

/// A layer subclass; UIKit's `CALayer` is not main-actor isolated.
final class ProbeLayer: CALayer {
  override func removeAllAnimations() { super.removeAllAnimations() }
}

/// Cuts a layer's animations short from a nonisolated context, as UIKit allows.
nonisolated func probeLayer(_ layer: CALayer) {
  layer.removeAllAnimations()
}

/// Views, windows and stack views used from client code.
@MainActor
func probeViews(coder: NSCoder) {
  let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
  let plain = UIView()
  use(UIView(coder: coder) as UIView?)
  view.frame = view.frame.insetBy(dx: 1, dy: 1)
  view.bounds = view.bounds.insetBy(dx: 0, dy: 0)
  view.center = CGPoint(x: view.center.x, y: view.center.y)
  view.isHidden = !view.isHidden
  view.alpha = view.alpha / 2
  view.clipsToBounds = !view.clipsToBounds
  view.backgroundColor = view.backgroundColor ?? .white
  view.isOpaque = !view.isOpaque
  view.semanticContentAttribute = .forceRightToLeft
  let direction: UIUserInterfaceLayoutDirection = view.effectiveUserInterfaceLayoutDirection
  _ = UIView.userInterfaceLayoutDirection(
    for: UISemanticContentAttribute.playback, relativeTo: direction)
  _ = [
    UISemanticContentAttribute.unspecified, .spatial, .forceLeftToRight,
  ]
  _ = [UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft]
  view.isUserInteractionEnabled = !view.isUserInteractionEnabled
  view.tag = view.tag + 1
  probeLayer(view.layer)
  view.autoresizesSubviews = !view.autoresizesSubviews
  view.autoresizingMask = view.autoresizingMask.union(.flexibleWidth)
  view.translatesAutoresizingMaskIntoConstraints = !view.translatesAutoresizingMaskIntoConstraints
  use(view.constraints)
  view.layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  use(view.safeAreaInsets)
  use(view.superview)
  use(view.subviews)
  use(view.window)
  use(view.next)
  use(view.isDescendant(of: plain))
  use(view.viewWithTag(1))
  view.addSubview(plain)
  view.insertSubview(UIView(), at: 0)
  view.insertSubview(UIView(), belowSubview: plain)
  view.insertSubview(UIView(), aboveSubview: plain)
  view.bringSubviewToFront(plain)
  view.sendSubviewToBack(plain)
  view.exchangeSubview(at: 0, withSubviewAt: 1)
  plain.removeFromSuperview()
  view.setNeedsLayout()
  view.layoutIfNeeded()
  use(view.sizeThatFits(.zero))
  view.sizeToFit()
  use(Set([view, plain]))
  use(view == plain)
  use(view.description)

  use(view.canBecomeFirstResponder)
  use(view.canResignFirstResponder)
  use(view.isFirstResponder)
  view.becomeFirstResponder()
  view.resignFirstResponder()
  use(UIResponder().next)

  let guide = UILayoutGuide()
  guide.identifier = guide.identifier + "probe"
  view.addLayoutGuide(guide)
  guide.owningView = view
  use(guide.owningView)
  use(guide.layoutFrame)
  use(view.layoutGuides)
  view.removeLayoutGuide(guide)
  use([view.safeAreaLayoutGuide, view.layoutMarginsGuide])

  let constraints = [
    plain.leadingAnchor.constraint(equalTo: view.leadingAnchor),
    plain.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -8),
    plain.leftAnchor.constraint(greaterThanOrEqualTo: view.leftAnchor),
    plain.rightAnchor.constraint(lessThanOrEqualTo: view.rightAnchor),
    plain.topAnchor.constraint(greaterThanOrEqualTo: view.topAnchor, constant: 8),
    plain.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -8),
    plain.firstBaselineAnchor.constraint(equalTo: view.firstBaselineAnchor),
    plain.lastBaselineAnchor.constraint(equalTo: view.lastBaselineAnchor),
    plain.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
    plain.centerYAnchor.constraint(equalTo: guide.centerYAnchor),
    plain.widthAnchor.constraint(equalToConstant: 10),
    plain.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
    plain.heightAnchor.constraint(lessThanOrEqualToConstant: 10),
    plain.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
    plain.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.5, constant: 1),
    guide.leadingAnchor.constraint(equalTo: guide.trailingAnchor),
    guide.leftAnchor.constraint(equalTo: guide.rightAnchor),
    guide.topAnchor.constraint(equalTo: guide.bottomAnchor),
    guide.widthAnchor.constraint(equalTo: guide.heightAnchor),
  ]
  view.addConstraint(constraints[0])
  view.addConstraints(constraints)
  view.removeConstraint(constraints[0])
  view.removeConstraints(constraints)

  UIView.animate(
    withDuration: 0.3, delay: 0, options: [.curveEaseIn], animations: { view.alpha = 1 },
    completion: { finished in use(finished) })
  UIView.animate(withDuration: 0.3, delay: 0, animations: {})
  UIView.animate(withDuration: 0.3, animations: {}, completion: { _ in })
  UIView.animate(withDuration: 0.3) {}
  UIView.animate(
    withDuration: 0.3, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
    animations: {})
  UIView.transition(with: view, duration: 0.3, options: .transitionCrossDissolve, animations: nil)
  UIView.transition(from: view, to: plain, duration: 0.3, options: .transitionFlipFromLeft)
  UIView.performWithoutAnimation { view.alpha = 0 }
  UIView.setAnimationsEnabled(UIView.areAnimationsEnabled)
  use(UIView.inheritedAnimationDuration)

  let stack = UIStackView(frame: .zero)
  let arranged = UIStackView(arrangedSubviews: [UIView()])
  let unarchived: UIStackView = UIStackView(coder: coder)
  use(unarchived)
  stack.axis = .vertical
  stack.axis = .horizontal
  let distributions: [UIStackView.Distribution] = [
    .fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering,
  ]
  stack.distribution = distributions[0]
  let alignments: [UIStackView.Alignment] = [
    .fill, .leading, .top, .firstBaseline, .center, .trailing, .bottom, .lastBaseline,
  ]
  stack.alignment = alignments[0]
  stack.spacing = stack.spacing + 8
  stack.addArrangedSubview(plain)
  stack.insertArrangedSubview(arranged, at: 0)
  stack.removeArrangedSubview(plain)
  use(stack.arrangedSubviews)
  requireHashable(UIStackView.Distribution.self)
  requireHashable(UIStackView.Alignment.self)
  requireHashable(NSLayoutConstraint.Axis.self)

  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
  use(UIWindow(coder: coder) as UIWindow?)
  window.rootViewController = UIViewController()
  window.isHidden = false
  window.frame = window.frame.insetBy(dx: 0, dy: 0)
  window.makeKey()
  window.makeKeyAndVisible()
  use(window.isKeyWindow)
  window.becomeKey()
  window.resignKey()
}
