public import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// How a slot places its children's root views in its anchor view.
///
/// ```swift
/// Slot("content", layout: .fill(insets: UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 0))) { … }
/// ```
public struct SlotLayout: Sendable, CustomStringConvertible {
  enum Kind {
    case fill(UIEdgeInsets)
    case frame(CGRect, UIView.AutoresizingMask)
    case stack(
      axis: NSLayoutConstraint.Axis, spacing: CGFloat, distribution: UIStackView.Distribution,
      alignment: UIStackView.Alignment)
    case custom(@MainActor (_ child: UIView, _ anchor: UIView) -> Void)
  }

  let kind: Kind

  /// Pins the child's root view to the anchor's edges with constraints.
  ///
  /// The default.
  public static var fill: SlotLayout { SlotLayout(kind: .fill(.zero)) }

  /// Pins the child's root view to the anchor's edges, inset.
  ///
  /// - Parameter insets: The distances from the anchor's edges.
  /// - Returns: The layout.
  public static func fill(insets: UIEdgeInsets) -> SlotLayout {
    SlotLayout(kind: .fill(insets))
  }

  /// Gives the child's root view a fixed frame in the anchor, resized by an autoresizing mask.
  ///
  /// - Parameters:
  ///   - frame: The frame in the anchor's coordinates.
  ///   - autoresizingMask: How the frame follows the anchor's size.
  /// - Returns: The layout.
  public static func frame(
    _ frame: CGRect, autoresizingMask: UIView.AutoresizingMask = [.flexibleWidth, .flexibleHeight]
  ) -> SlotLayout {
    SlotLayout(kind: .frame(frame, autoresizingMask))
  }

  /// Arranges the children's root views in a stack view that fills the anchor; for slots that
  /// hold several children.
  ///
  /// - Parameters:
  ///   - axis: The stack's axis.
  ///   - spacing: The space between children.
  ///   - distribution: How children share the axis.
  ///   - alignment: How children are placed across the axis.
  /// - Returns: The layout.
  public static func stack(
    axis: NSLayoutConstraint.Axis, spacing: CGFloat = 0,
    distribution: UIStackView.Distribution = .fill, alignment: UIStackView.Alignment = .fill
  ) -> SlotLayout {
    SlotLayout(
      kind: .stack(axis: axis, spacing: spacing, distribution: distribution, alignment: alignment))
  }

  /// Places the child's root view with code of your own, called once the view is in the anchor.
  ///
  /// - Parameter layout: Receives the child's root view and the anchor.
  /// - Returns: The layout.
  public static func custom(
    _ layout: @escaping @MainActor (_ child: UIView, _ anchor: UIView) -> Void
  ) -> SlotLayout {
    SlotLayout(kind: .custom(layout))
  }

  /// `fill`, `fill(insets: 8 0 0 0)`, `frame(0 0 100 50)`, `stack(vertical, 8)` or `custom`.
  public var description: String {
    switch kind {
    case .fill(let insets):
      if insets == .zero { return "fill" }
      return "fill(insets: \(Self.format([insets.top, insets.left, insets.bottom, insets.right])))"
    case .frame(let frame, _):
      return "frame(\(Self.format([frame.minX, frame.minY, frame.width, frame.height])))"
    case .stack(let axis, let spacing, _, _):
      return "stack(\(axis == .horizontal ? "horizontal" : "vertical"), \(Self.format([spacing])))"
    case .custom:
      return "custom"
    }
  }

  /// Whether two layouts place views the same way.
  ///
  /// Custom layouts cannot be compared: any two count as the same.
  @inline(__always)
  func matches(_ other: SlotLayout) -> Bool {
    // One switch per side rather than over a tuple, which would copy both layouts.
    switch kind {
    case .fill(let a):
      if case .fill(let b) = other.kind { return a == b }
    case .frame(let a, let maskA):
      if case .frame(let b, let maskB) = other.kind { return a == b && maskA == maskB }
    case .stack(let a1, let a2, let a3, let a4):
      if case .stack(let b1, let b2, let b3, let b4) = other.kind {
        return a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
      }
    case .custom:
      if case .custom = other.kind { return true }
    }
    return false
  }

  /// This layout without what user code captured: a custom layout does nothing.
  func releasingClosures() -> SlotLayout {
    guard case .custom = kind else { return self }
    return SlotLayout(kind: .custom { _, _ in })
  }

  /// Whether the layout is a closure of user code.
  var isCustom: Bool {
    if case .custom = kind { return true }
    return false
  }

  var isStack: Bool {
    if case .stack = kind { return true }
    return false
  }

  private static func format(_ values: [CGFloat]) -> String {
    values.map { Transition.format(Double($0)) }.joined(separator: " ")
  }
}
