public import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// How a child arrives when it replaces another child of its slot.
///
/// ```swift
/// Slot("content") { … }
///   .transition(.crossDissolve(duration: 0.3))
/// ```
public struct Transition: Sendable, CustomStringConvertible {
  enum Kind {
    case none
    case cut
    case crossDissolve
    case slide(Edge)
    case flip(Edge)
    case custom(
      options: UIView.AnimationOptions,
      animations: @MainActor (_ from: UIView, _ to: UIView, _ container: UIView) -> Void)
  }

  /// The edge a transition starts from.
  public enum Edge: Hashable, Sendable, CustomStringConvertible {
    /// The top edge.
    case top
    /// The leading edge: the left in a left-to-right layout, the right in a right-to-left one
    /// (the container view's `effectiveUserInterfaceLayoutDirection`).
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge: the right in a left-to-right layout, the left in a right-to-left one.
    case trailing

    /// The edge's name.
    public var description: String {
      switch self {
      case .top: "top"
      case .leading: "leading"
      case .bottom: "bottom"
      case .trailing: "trailing"
      }
    }
  }

  let kind: Kind

  /// Whether two transitions are known to animate the same way; `false` for custom ones, whose
  /// animations cannot be compared.
  func isSame(as other: Transition) -> Bool {
    guard duration == other.duration else { return false }
    // One switch per side rather than over a tuple, which would copy both transitions.
    switch kind {
    case .none: if case .none = other.kind { return true }
    case .cut: if case .cut = other.kind { return true }
    case .crossDissolve: if case .crossDissolve = other.kind { return true }
    case .slide(let edge): if case .slide(let otherEdge) = other.kind { return edge == otherEdge }
    case .flip(let edge): if case .flip(let otherEdge) = other.kind { return edge == otherEdge }
    case .custom: break
    }
    return false
  }

  /// What ``isSame(as:)`` compares, as plain values: read once and compared without copying
  /// the transition.
  struct Signature: Equatable {
    /// The ``kind`` of a custom transition.
    static let custom: UInt8 = 0
    /// The kind, ``custom`` for a custom transition.
    let kind: UInt8
    /// The edge of a slide or a flip.
    let edge: UInt8
    let duration: TimeInterval

    /// Whether the two signatures are of transitions known to animate the same way.
    func isSame(as other: Signature) -> Bool {
      kind != 0 && self == other
    }
  }

  /// The transition's ``Signature``, made once when the transition is: a resolution reads it
  /// for every slot and child.
  let signature: Signature

  init(kind: Kind, duration: TimeInterval) {
    self.kind = kind
    self.duration = duration
    signature = Self.signature(of: kind, duration: duration)
  }

  private static func signature(of kind: Kind, duration: TimeInterval) -> Signature {
    func code(_ edge: Edge) -> UInt8 {
      switch edge {
      case .top: 1
      case .leading: 2
      case .bottom: 3
      case .trailing: 4
      }
    }
    return switch kind {
    case .none: Signature(kind: 1, edge: 0, duration: duration)
    case .cut: Signature(kind: 2, edge: 0, duration: duration)
    case .crossDissolve: Signature(kind: 3, edge: 0, duration: duration)
    case .slide(let edge): Signature(kind: 4, edge: code(edge), duration: duration)
    case .flip(let edge): Signature(kind: 5, edge: code(edge), duration: duration)
    case .custom: Signature(kind: 0, edge: 0, duration: duration)
    }
  }

  /// This transition without what user code captured.
  ///
  /// A custom transition keeps its options and duration, and its animations do nothing. For a
  /// mounted child, which never animates with its own transition again.
  func releasingClosures() -> Transition {
    guard case .custom(let options, _) = kind else { return self }
    return Transition(
      kind: .custom(options: options, animations: { _, _, _ in }), duration: duration)
  }

  /// The duration in seconds; `0` for ``none``.
  public let duration: TimeInterval

  /// No animation: the old child is removed and the new one added.
  ///
  /// The default.
  public static var none: Transition { Transition(kind: .none, duration: 0) }

  /// A swap with no animation: the old child leaves and the new one arrives in one
  /// `transition(from:to:duration: 0, …)`, with the containment calls of a swap.
  ///
  /// Unlike ``none`` (a remove, then an add), it is the swap of Apple's tab-style container: the
  /// new child is added before the old one leaves, and both change appearance in one transition.
  ///
  /// ```swift
  /// Slot("tab") { … }
  ///   .transition(.cut)
  /// ```
  public static var cut: Transition { Transition(kind: .cut, duration: 0) }

  /// The new child's view fades in over the old one's.
  ///
  /// - Parameter duration: The duration in seconds.
  /// - Returns: The transition.
  public static func crossDissolve(duration: TimeInterval = 0.3) -> Transition {
    Transition(kind: .crossDissolve, duration: duration)
  }

  /// The new child's view slides in from an edge while the old one slides out.
  ///
  /// - Parameters:
  ///   - edge: The edge the new view comes from.
  ///   - duration: The duration in seconds.
  /// - Returns: The transition.
  public static func slide(from edge: Edge, duration: TimeInterval = 0.3) -> Transition {
    Transition(kind: .slide(edge), duration: duration)
  }

  /// The slot flips over to show the new child's view.
  ///
  /// Only the top and bottom edges and the leading and trailing edges map to UIKit's flips.
  ///
  /// - Parameters:
  ///   - edge: The edge the flip starts from.
  ///   - duration: The duration in seconds.
  /// - Returns: The transition.
  public static func flip(from edge: Edge, duration: TimeInterval = 0.5) -> Transition {
    Transition(kind: .flip(edge), duration: duration)
  }

  /// A transition of your own: `animations` runs inside the animation block with the old view,
  /// the new view (already in the container) and the container.
  ///
  /// - Parameters:
  ///   - duration: The duration in seconds.
  ///   - options: UIKit animation options.
  ///   - animations: The changes to animate.
  /// - Returns: The transition.
  public static func custom(
    duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping @MainActor (_ from: UIView, _ to: UIView, _ container: UIView) -> Void
  ) -> Transition {
    Transition(kind: .custom(options: options, animations: animations), duration: duration)
  }

  /// Whether the transition makes a swap, one `transition(from:to:…)`: every transition but
  /// ``none`` (``cut`` has no duration, but is a swap).
  public var isAnimated: Bool {
    if case .none = kind { return false }
    return true
  }

  /// `none`, `cut`, `crossDissolve(0.3)`, `slide(leading, 0.3)`, `flip(top, 0.5)` or
  /// `custom(0.4)`.
  public var description: String {
    let seconds = Self.format(duration)
    switch kind {
    case .none: return "none"
    case .cut: return "cut"
    case .crossDissolve: return "crossDissolve(\(seconds))"
    case .slide(let edge): return "slide(\(edge), \(seconds))"
    case .flip(let edge): return "flip(\(edge), \(seconds))"
    case .custom: return "custom(\(seconds))"
    }
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

extension Transition {
  /// The transition a signature of a transition that is not custom describes.
  ///
  /// A custom transition's signature has neither its options nor its animations: it gives a
  /// custom transition with no options whose animations do nothing.
  init(signature: Signature) {
    func edge(_ code: UInt8) -> Edge {
      switch code {
      case 1: .top
      case 2: .leading
      case 3: .bottom
      default: .trailing
      }
    }
    let kind: Kind =
      switch signature.kind {
      case 1: .none
      case 2: .cut
      case 3: .crossDissolve
      case 4: .slide(edge(signature.edge))
      case 5: .flip(edge(signature.edge))
      default: .custom(options: [], animations: { _, _, _ in })
      }
    self.init(kind: kind, duration: signature.duration)
  }
}
