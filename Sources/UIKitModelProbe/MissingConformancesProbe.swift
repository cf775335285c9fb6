// swift-format-ignore-file: AvoidRetroactiveConformances
// Conformances UIKit does not have, declared retroactively: if the model gains one of them, the
// declaration here becomes redundant and the build against the model fails.

#if canImport(UIKit)
public import UIKit
#if canImport(UIUtilities)
public import UIUtilities
#endif
#else
public import UIKitModel
#endif

#if canImport(UIKit)
extension UIEdgeInsets: @retroactive Hashable {}
extension NSDirectionalEdgeInsets: @retroactive Hashable {}
extension UIRectEdge: @retroactive Hashable {}
extension UIView.AnimationOptions: @retroactive Hashable {}
extension UIView.AutoresizingMask: @retroactive Hashable {}
#else
// In the same package, so not retroactive.
extension UIEdgeInsets: Hashable {}
extension NSDirectionalEdgeInsets: Hashable {}
extension UIRectEdge: Hashable {}
extension UIView.AnimationOptions: Hashable {}
extension UIView.AutoresizingMask: Hashable {}
#endif

// UIKit's value types are Equatable (insets) or OptionSet (edges, options, masks), not Hashable.
extension UIEdgeInsets {
  /// Hashes a field; exists only to state the conformance.
  public func hash(into hasher: inout Hasher) { hasher.combine(top) }
}
extension NSDirectionalEdgeInsets {
  /// Hashes a field; exists only to state the conformance.
  public func hash(into hasher: inout Hasher) { hasher.combine(top) }
}
extension UIRectEdge {
  /// Hashes a field; exists only to state the conformance.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
extension UIView.AnimationOptions {
  /// Hashes a field; exists only to state the conformance.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
extension UIView.AutoresizingMask {
  /// Hashes a field; exists only to state the conformance.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
