import Foundation

/// The model's small constraint solver, run from `UIView.layoutSubviews()`.
///
/// For each subview that does not translate its autoresizing mask, it reads the active, required
/// equality constraints that tie one of its attributes to a constant or to an attribute of its
/// superview (or a guide of the superview), and solves each axis from the first two independent
/// equations (for example leading and trailing, or leading and width). An axis with one equation
/// keeps the current size or position for the other unknown; an axis with none keeps the frame.
/// Inequalities, priorities below required, and constraints between siblings are recorded but not
/// solved: the model is not Auto Layout.
@MainActor
enum LayoutEngine {
  static func layoutSubviews(of view: UIView) {
    reportConflicts(in: view)
    for subview in view.storedSubviews where !subview.translatesAutoresizingMaskIntoConstraints {
      solve(subview, in: view)
    }
  }

  private struct Equation {
    let attribute: NSLayoutConstraint.Attribute
    let value: CGFloat
  }

  private static func solve(_ subview: UIView, in superview: UIView) {
    var equations: [Equation] = []
    for constraint in superview.installedConstraints + subview.installedConstraints {
      guard constraint.relation == .equal, constraint.priority == .required else { continue }
      if let equation = equation(for: subview, from: constraint, superview: superview) {
        equations.append(equation)
      }
    }
    guard !equations.isEmpty else { return }
    let frame = subview.frame
    let horizontal = solveAxis(
      equations, start: [.leading, .left], end: [.trailing, .right], center: .centerX,
      size: .width, current: (frame.minX, frame.width))
    let vertical = solveAxis(
      equations, start: [.top, .firstBaseline], end: [.bottom, .lastBaseline], center: .centerY,
      size: .height, current: (frame.minY, frame.height))
    let solved = CGRect(x: horizontal.0, y: vertical.0, width: horizontal.1, height: vertical.1)
    if solved != frame { subview.frame = solved }
  }

  /// Turns a constraint on `subview` into "attribute of subview = value", if it can.
  private static func equation(
    for subview: UIView, from constraint: NSLayoutConstraint, superview: UIView
  ) -> Equation? {
    let first = constraint.firstItem
    let second = constraint.secondItem
    if first === subview {
      guard let other = value(of: second, constraint.secondAttribute, in: superview) else {
        return nil
      }
      return Equation(
        attribute: constraint.firstAttribute,
        value: other * constraint.multiplier + constraint.constant)
    }
    if second === subview, constraint.multiplier != 0 {
      guard let other = value(of: first, constraint.firstAttribute, in: superview) else {
        return nil
      }
      return Equation(
        attribute: constraint.secondAttribute,
        value: (other - constraint.constant) / constraint.multiplier)
    }
    return nil
  }

  /// The value of an attribute of the superview or one of its guides, in its bounds' space;
  /// `0` for "no item" (a constant constraint).
  private static func value(
    of item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, in superview: UIView
  ) -> CGFloat? {
    guard let item else { return 0 }
    let rect: CGRect
    if item === superview {
      rect = superview.bounds
    } else if let guide = item as? UILayoutGuide, guide.owningView === superview {
      rect = guide.layoutFrame
    } else {
      return nil
    }
    return value(attribute, of: rect)
  }

  static func value(_ attribute: NSLayoutConstraint.Attribute, of rect: CGRect) -> CGFloat? {
    switch attribute {
    case .left, .leading: rect.minX
    case .right, .trailing: rect.maxX
    case .top, .firstBaseline: rect.minY
    case .bottom, .lastBaseline: rect.maxY
    case .width: rect.width
    case .height: rect.height
    case .centerX: rect.midX
    case .centerY: rect.midY
    case .notAnAttribute: nil
    }
  }

  private static func solveAxis(
    _ equations: [Equation], start: Set<NSLayoutConstraint.Attribute>,
    end: Set<NSLayoutConstraint.Attribute>, center: NSLayoutConstraint.Attribute,
    size: NSLayoutConstraint.Attribute, current: (CGFloat, CGFloat)
  ) -> (CGFloat, CGFloat) {
    let startValue = equations.first { start.contains($0.attribute) }?.value
    let endValue = equations.first { end.contains($0.attribute) }?.value
    let centerValue = equations.first { $0.attribute == center }?.value
    let sizeValue = equations.first { $0.attribute == size }?.value
    switch (startValue, endValue, centerValue, sizeValue) {
    case (let s?, let e?, _, _): return (s, e - s)
    case (let s?, nil, _, let w?): return (s, w)
    case (nil, let e?, _, let w?): return (e - w, w)
    case (let s?, nil, let c?, nil): return (s, 2 * (c - s))
    case (nil, let e?, let c?, nil): return (2 * c - e, 2 * (e - c))
    case (nil, nil, let c?, let w?): return (c - w / 2, w)
    case (let s?, nil, nil, nil): return (s, current.1)
    case (nil, let e?, nil, nil): return (e - current.1, current.1)
    case (nil, nil, let c?, nil): return (c - current.1 / 2, current.1)
    case (nil, nil, nil, let w?): return (current.0, w)
    case (nil, nil, nil, nil): return current
    }
  }

  /// Semantics F8: a required constraint between views whose frames are both fixed by their
  /// autoresizing masks conflicts with the translated constraints unless it already holds.
  ///
  /// The model records the conflict once per constraint.
  private static func reportConflicts(in view: UIView) {
    for constraint in view.installedConstraints where !constraint.conflictReported {
      guard constraint.priority == .required,
        let first = constraint.firstView, first.superview != nil,
        first.translatesAutoresizingMaskIntoConstraints
      else { continue }
      let second = constraint.secondView
      if let second, !second.translatesAutoresizingMaskIntoConstraints { continue }
      if constraint.secondItem != nil, second?.superview == nil, second !== first.superview,
        !(second.map { first.isDescendant(of: $0) } ?? false)
      {
        continue
      }
      guard let lhs = absoluteValue(constraint.firstItem, constraint.firstAttribute) else {
        continue
      }
      let rhsBase =
        constraint.secondItem == nil
        ? 0 : absoluteValue(constraint.secondItem, constraint.secondAttribute)
      guard let rhsBase else { continue }
      let rhs = rhsBase * constraint.multiplier + constraint.constant
      let holds =
        switch constraint.relation {
        case .equal: abs(lhs - rhs) < 0.5
        case .lessThanOrEqual: lhs <= rhs + 0.5
        case .greaterThanOrEqual: lhs >= rhs - 0.5
        }
      guard !holds else { continue }
      constraint.conflictReported = true
      ModelRuntime.diagnose(
        .conflictingConstraints,
        "Unable to simultaneously satisfy constraints: \(constraint) conflicts with the frame of "
          + "\(first.modelName), which translates its autoresizing mask into constraints; set "
          + "translatesAutoresizingMaskIntoConstraints to false on it")
    }
  }

  /// An attribute's value in the coordinate space of the item's topmost ancestor.
  private static func absoluteValue(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute)
    -> CGFloat?
  {
    let rect: CGRect
    let origin: CGPoint
    if let view = item as? UIView {
      rect = CGRect(origin: .zero, size: view.bounds.size)
      origin = absoluteOrigin(of: view)
    } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
      rect = guide.layoutFrame.offsetBy(dx: -owner.bounds.minX, dy: -owner.bounds.minY)
      origin = absoluteOrigin(of: owner)
    } else {
      return nil
    }
    guard let local = value(attribute, of: rect) else { return nil }
    switch attribute {
    case .width, .height: return local
    case .left, .leading, .right, .trailing, .centerX: return local + origin.x
    default: return local + origin.y
    }
  }

  private static func absoluteOrigin(of view: UIView) -> CGPoint {
    var x: CGFloat = 0
    var y: CGFloat = 0
    var current: UIView? = view
    while let node = current, let superview = node.superview {
      x += node.frame.minX - superview.bounds.minX
      y += node.frame.minY - superview.bounds.minY
      current = superview
    }
    return CGPoint(x: x, y: y)
  }
}
