public import Foundation

extension UIView {
  /// Animation options, with UIKit's raw values.
  ///
  /// The curve (bits 16–17) and the transition style (bits 20–22) are small enumerated fields,
  /// not independent flags: use ``curve`` and ``transitionStyle`` to read them, not `contains`.
  public struct AnimationOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates options from raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lay out subviews at commit time.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// Allow user interaction while animating.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from the current presentation state.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeat indefinitely.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Run backwards and forwards.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Ignore the enclosing animation's duration.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// Ignore the enclosing animation's curve.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    /// Redraw content while animating.
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    /// Hide and show views instead of removing and adding them in a view transition.
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// Ignore the enclosing animation's options.
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    /// Ease in and out (the default curve).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Flip from the left.
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    /// Flip from the right.
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    /// Curl up.
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    /// Curl down.
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    /// Cross-dissolve.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    /// Flip from the top.
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    /// Flip from the bottom.
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    /// The default frame rate.
    public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
    /// 60 frames per second.
    public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
    /// 30 frames per second.
    public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

    /// The transition style field (bits 20–22): 0 none, 1 flip from left, 2 flip from right,
    /// 3 curl up, 4 curl down, 5 cross-dissolve, 6 flip from top, 7 flip from bottom.
    public var transitionStyle: UInt { (rawValue >> 20) & 0x7 }

    /// The curve field (bits 16–17): 0 ease in-out, 1 ease in, 2 ease out, 3 linear.
    public var curve: UInt { (rawValue >> 16) & 0x3 }
  }

  /// How a view resizes when its superview's size changes, with UIKit's raw values.
  public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The left margin is flexible.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width is flexible.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin is flexible.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin is flexible.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height is flexible.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin is flexible.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
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
  public class func animate(
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
  public class func animate(
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
  public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
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
  public class func animate(
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
  public class func transition(
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
  public class func transition(
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
  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
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
  public class func setAnimationsEnabled(_ enabled: Bool) {
    ModelRuntime.state.animationsEnabled = enabled
  }

  /// Whether animations are enabled.
  public class var areAnimationsEnabled: Bool { ModelRuntime.state.animationsEnabled }

  /// The duration of the animation block being run, or `0` outside one.
  public class var inheritedAnimationDuration: TimeInterval {
    guard ModelRuntime.state.withoutAnimationDepth == 0 else { return 0 }
    return ModelRuntime.state.animationContexts.last?.duration ?? 0
  }

  static var effectiveAnimationsEnabled: Bool {
    ModelRuntime.state.animationsEnabled && ModelRuntime.state.withoutAnimationDepth == 0
  }

  // MARK: - Autoresizing

  /// Applies the autoresizing mask after the superview's size changed (semantics F7): per axis,
  /// the size difference is shared among the flexible parts (margin, size, margin) in proportion
  /// to their current values, or equally when they are all zero (model choice).
  func applyAutoresizing(superviewFrom oldSize: CGSize, to newSize: CGSize) {
    let mask = autoresizingMask
    guard !mask.isEmpty else { return }
    let horizontal = Self.distribute(
      delta: newSize.width - oldSize.width,
      parts: (storedFrame.minX, storedFrame.width, oldSize.width - storedFrame.maxX),
      flexible: (
        mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
        mask.contains(.flexibleRightMargin)
      ))
    let vertical = Self.distribute(
      delta: newSize.height - oldSize.height,
      parts: (storedFrame.minY, storedFrame.height, oldSize.height - storedFrame.maxY),
      flexible: (
        mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
        mask.contains(.flexibleBottomMargin)
      ))
    frame = CGRect(
      x: storedFrame.minX + horizontal.leading, y: storedFrame.minY + vertical.leading,
      width: storedFrame.width + horizontal.size, height: storedFrame.height + vertical.size)
  }

  private static func distribute(
    delta: CGFloat, parts: (CGFloat, CGFloat, CGFloat), flexible: (Bool, Bool, Bool)
  ) -> (leading: CGFloat, size: CGFloat) {
    guard delta != 0 else { return (0, 0) }
    let values = [parts.0, parts.1, parts.2]
    let flags = [flexible.0, flexible.1, flexible.2]
    let flexibleCount = flags.filter { $0 }.count
    guard flexibleCount > 0 else { return (0, 0) }
    let total = zip(values, flags).reduce(CGFloat(0)) { $0 + ($1.1 ? max($1.0, 0) : 0) }
    func share(_ index: Int) -> CGFloat {
      guard flags[index] else { return 0 }
      if total > 0 { return delta * max(values[index], 0) / total }
      return delta / CGFloat(flexibleCount)
    }
    return (share(0), share(1))
  }
}
