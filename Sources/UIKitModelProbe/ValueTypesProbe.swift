import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// Insets, edges, priorities and the status bar enumerations.
func probeValueTypes() {
  var insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
  insets.top = insets.left + insets.bottom + insets.right
  insets.left = 0
  insets.bottom = 0
  insets.right = 0
  use(insets == UIEdgeInsets.zero)
  use(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: insets))
  requireEquatable(UIEdgeInsets.self)
  requireSendable(UIEdgeInsets.self)

  var directional = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
  directional.top = directional.leading + directional.bottom + directional.trailing
  directional.leading = 0
  directional.bottom = 0
  directional.trailing = 0
  use(directional == NSDirectionalEdgeInsets.zero)
  requireEquatable(NSDirectionalEdgeInsets.self)
  requireSendable(NSDirectionalEdgeInsets.self)

  let edges: UIRectEdge = [.top, .left, .bottom, .right]
  use(edges == .all)
  use(UIRectEdge(rawValue: edges.rawValue))
  requireOptionSet(UIRectEdge.self)
  requireSendable(UIRectEdge.self)

  // UIKit has no status bar on tvOS.
  #if !os(tvOS)
  let styles: [UIStatusBarStyle] = [.default, .lightContent, .darkContent]
  use(styles.map(\.rawValue))
  use(UIStatusBarStyle(rawValue: 0))
  requireHashable(UIStatusBarStyle.self)
  requireSendable(UIStatusBarStyle.self)
  let animations: [UIStatusBarAnimation] = [.none, .fade, .slide]
  use(animations.map(\.rawValue))
  use(UIStatusBarAnimation(rawValue: 0))
  requireHashable(UIStatusBarAnimation.self)
  requireSendable(UIStatusBarAnimation.self)

  #endif

  var priority = UILayoutPriority(rawValue: 500)
  priority = UILayoutPriority(250)
  let priorities: [UILayoutPriority] = [.required, .defaultHigh, .defaultLow, .fittingSizeLevel]
  use(priorities.contains(priority))
  use(priority < .required)
  requireHashable(UILayoutPriority.self)
  requireComparable(UILayoutPriority.self)
  requireRawValue(UILayoutPriority.self, Float.self)
  requireSendable(UILayoutPriority.self)

  let sizeClasses: [UIUserInterfaceSizeClass] = [.unspecified, .compact, .regular]
  use(sizeClasses.map(\.rawValue))
  use(UIUserInterfaceSizeClass(rawValue: 1))
  requireHashable(UIUserInterfaceSizeClass.self)
  requireSendable(UIUserInterfaceSizeClass.self)
  let interfaceStyles: [UIUserInterfaceStyle] = [.unspecified, .light, .dark]
  use(interfaceStyles.map(\.rawValue))
  use(UIUserInterfaceStyle(rawValue: 1))
  requireHashable(UIUserInterfaceStyle.self)
  requireSendable(UIUserInterfaceStyle.self)
}

/// Animation options and autoresizing masks.
func probeOptionSets() {
  let options: [UIView.AnimationOptions] = [
    .layoutSubviews, .allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse,
    .overrideInheritedDuration, .overrideInheritedCurve, .allowAnimatedContent,
    .showHideTransitionViews, .overrideInheritedOptions, .curveEaseInOut, .curveEaseIn,
    .curveEaseOut, .curveLinear, .transitionFlipFromLeft, .transitionFlipFromRight,
    .transitionCurlUp, .transitionCurlDown, .transitionCrossDissolve, .transitionFlipFromTop,
    .transitionFlipFromBottom, .preferredFramesPerSecond60, .preferredFramesPerSecond30,
  ]
  let combined = UIView.AnimationOptions(rawValue: options.reduce(0) { $0 | $1.rawValue })
  use(combined.contains(.curveEaseIn))
  requireOptionSet(UIView.AnimationOptions.self)
  requireRawValue(UIView.AnimationOptions.self, UInt.self)
  requireSendable(UIView.AnimationOptions.self)

  let mask: UIView.AutoresizingMask = [
    .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin,
    .flexibleHeight, .flexibleBottomMargin,
  ]
  use(UIView.AutoresizingMask(rawValue: mask.rawValue))
  requireOptionSet(UIView.AutoresizingMask.self)
  requireRawValue(UIView.AutoresizingMask.self, UInt.self)
  requireSendable(UIView.AutoresizingMask.self)
}

/// Colors: components are read with `getRed(_:green:blue:alpha:)`; class members can be overridden.
func probeColors() {
  let colors: [UIColor] = [
    .black, .white, .clear, .red, .green, .blue, UIColor(white: 0.5, alpha: 1),
    UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
  ]
  var red: CGFloat = 0
  var green: CGFloat = 0
  var blue: CGFloat = 0
  var alpha: CGFloat = 0
  let converted: Bool = colors[7].getRed(&red, green: &green, blue: &blue, alpha: &alpha)
  use(converted)
  use(Set(colors))
  use(colors[0] == colors[1])
  requireHashable(UIColor.self)
  requireSendable(UIColor.self)
  #if !os(tvOS) && !os(watchOS)
  use(UIColor.systemBackground)
  #endif
}

/// A color subclass that overrides UIKit's class members.
final class ProbeColor: UIColor, @unchecked Sendable {
  override class var black: UIColor { super.black }
  override class var white: UIColor { super.white }
  override class var clear: UIColor { super.clear }
  override class var red: UIColor { super.red }
  override class var green: UIColor { super.green }
  override class var blue: UIColor { super.blue }
  #if !os(tvOS) && !os(watchOS)
  override class var systemBackground: UIColor { super.systemBackground }
  #endif
  override func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    super.getRed(red, green: green, blue: blue, alpha: alpha)
  }
}
