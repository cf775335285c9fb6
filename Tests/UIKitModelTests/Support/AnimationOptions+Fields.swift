#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import UIKitModel

extension UIView.AnimationOptions {
  /// The transition style field (bits 20–22): 0 none, 1 flip from left, 2 flip from right,
  /// 3 curl up, 4 curl down, 5 cross-dissolve, 6 flip from top, 7 flip from bottom.
  ///
  /// A test helper: UIKit has no such member, so neither has the model.
  var transitionStyle: UInt { (rawValue >> 20) & 0x7 }

  /// The curve field (bits 16–17): 0 ease in-out, 1 ease in, 2 ease out, 3 linear.
  ///
  /// A test helper: UIKit has no such member, so neither has the model.
  var curve: UInt { (rawValue >> 16) & 0x3 }
}
#endif
