import Foundation

extension UIView {
  /// Animation options, with UIKit's raw values (an option set, not `Hashable`, as in UIKit).
  ///
  /// The curve (bits 16–17) and the transition style (bits 20–22) are small enumerated fields,
  /// not independent flags: compare the masked bits, not `contains`.
  public struct AnimationOptions: OptionSet, Sendable {
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
    /// The default frame rate: zero, so unavailable in Swift, as in UIKit (the importer drops
    /// zero-valued options named `…Default`); write `[]`.
    @available(*, unavailable, message: "use [] to construct an empty option set")
    public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
    /// 60 frames per second.
    public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
    /// 30 frames per second.
    public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)
  }

  /// How a view resizes when its superview's size changes, with UIKit's raw values (an option
  /// set, not `Hashable`, as in UIKit).
  public struct AutoresizingMask: OptionSet, Sendable {
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
