import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A constraint subclass that overrides every overridable member the model declares.
final class ProbeConstraint: NSLayoutConstraint {
  override var constant: CGFloat {
    get { super.constant }
    set { super.constant = newValue }
  }
  override var priority: UILayoutPriority {
    get { super.priority }
    set { super.priority = newValue }
  }
  override var identifier: String? {
    get { super.identifier }
    set { super.identifier = newValue }
  }
  override var firstItem: AnyObject? { super.firstItem }
  override var secondItem: AnyObject? { super.secondItem }
  override var firstAttribute: NSLayoutConstraint.Attribute { super.firstAttribute }
  override var secondAttribute: NSLayoutConstraint.Attribute { super.secondAttribute }
  override var relation: NSLayoutConstraint.Relation { super.relation }
  override var multiplier: CGFloat { super.multiplier }
  override var isActive: Bool {
    get { super.isActive }
    set { super.isActive = newValue }
  }
  override class func activate(_ constraints: [NSLayoutConstraint]) {
    super.activate(constraints)
  }
  override class func deactivate(_ constraints: [NSLayoutConstraint]) {
    super.deactivate(constraints)
  }
  override var description: String { super.description }
}

/// Anchor subclasses that override what UIKit lets them override.
final class ProbeXAxisAnchor: NSLayoutXAxisAnchor {
  override func constraint(equalTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>)
    -> NSLayoutConstraint
  {
    super.constraint(equalTo: anchor)
  }
  override func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>)
    -> NSLayoutConstraint
  {
    super.constraint(greaterThanOrEqualTo: anchor)
  }
  override func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>)
    -> NSLayoutConstraint
  {
    super.constraint(lessThanOrEqualTo: anchor)
  }
  override func constraint(
    equalTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>, constant c: CGFloat
  ) -> NSLayoutConstraint {
    super.constraint(equalTo: anchor, constant: c)
  }
  override func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>, constant c: CGFloat
  ) -> NSLayoutConstraint {
    super.constraint(greaterThanOrEqualTo: anchor, constant: c)
  }
  override func constraint(
    lessThanOrEqualTo anchor: NSLayoutAnchor<NSLayoutXAxisAnchor>, constant c: CGFloat
  ) -> NSLayoutConstraint {
    super.constraint(lessThanOrEqualTo: anchor, constant: c)
  }
}

/// A y-axis anchor subclass.
final class ProbeYAxisAnchor: NSLayoutYAxisAnchor {}

/// A dimension subclass that overrides what UIKit lets it override.
final class ProbeDimension: NSLayoutDimension {
  override func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    super.constraint(equalToConstant: c)
  }
  override func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    super.constraint(greaterThanOrEqualToConstant: c)
  }
  override func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    super.constraint(lessThanOrEqualToConstant: c)
  }
  override func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  {
    super.constraint(equalTo: anchor, multiplier: m)
  }
  override func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  ) -> NSLayoutConstraint {
    super.constraint(equalTo: anchor, multiplier: m, constant: c)
  }
}

/// A layout guide subclass that overrides every overridable member the model declares.
final class ProbeLayoutGuide: UILayoutGuide {
  override var owningView: UIView? {
    get { super.owningView }
    set { super.owningView = newValue }
  }
  override var identifier: String {
    get { super.identifier }
    set { super.identifier = newValue }
  }
  override var layoutFrame: CGRect { super.layoutFrame }
  override var leadingAnchor: NSLayoutXAxisAnchor { super.leadingAnchor }
  override var trailingAnchor: NSLayoutXAxisAnchor { super.trailingAnchor }
  override var leftAnchor: NSLayoutXAxisAnchor { super.leftAnchor }
  override var rightAnchor: NSLayoutXAxisAnchor { super.rightAnchor }
  override var topAnchor: NSLayoutYAxisAnchor { super.topAnchor }
  override var bottomAnchor: NSLayoutYAxisAnchor { super.bottomAnchor }
  override var widthAnchor: NSLayoutDimension { super.widthAnchor }
  override var heightAnchor: NSLayoutDimension { super.heightAnchor }
  override var centerXAnchor: NSLayoutXAxisAnchor { super.centerXAnchor }
  override var centerYAnchor: NSLayoutYAxisAnchor { super.centerYAnchor }
}

/// Constraints made and changed from client code.
@MainActor
func probeConstraints(first: UIView, second: UIView) {
  let constraint = NSLayoutConstraint(
    item: first, attribute: .leading, relatedBy: .equal, toItem: second, attribute: .trailing,
    multiplier: 1, constant: 8)
  let constant = NSLayoutConstraint(
    item: first, attribute: .width, relatedBy: .greaterThanOrEqual, toItem: nil,
    attribute: .notAnAttribute, multiplier: 1, constant: 10)
  constraint.constant = constraint.constant + 1
  constraint.priority = .defaultHigh
  constraint.identifier = "probe"
  constraint.isActive = !constraint.isActive
  use(constraint.firstItem)
  use(constraint.secondItem)
  use(constraint.multiplier)
  use(constraint.description)
  NSLayoutConstraint.activate([constraint, constant])
  NSLayoutConstraint.deactivate([constraint, constant])
  let attributes: [NSLayoutConstraint.Attribute] = [
    .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY,
    .lastBaseline, .firstBaseline, .notAnAttribute,
  ]
  use(attributes.contains(constraint.firstAttribute))
  use(attributes.contains(constraint.secondAttribute))
  use(attributes.map(\.rawValue))
  let relations: [NSLayoutConstraint.Relation] = [.lessThanOrEqual, .equal, .greaterThanOrEqual]
  use(relations.contains(constraint.relation))
  use(relations.map(\.rawValue))
  let axes: [NSLayoutConstraint.Axis] = [.horizontal, .vertical]
  use(axes.map(\.rawValue))
  requireHashable(NSLayoutConstraint.Attribute.self)
  requireHashable(NSLayoutConstraint.Relation.self)
  requireSendable(NSLayoutConstraint.Attribute.self)
  requireSendable(NSLayoutConstraint.Relation.self)
  requireSendable(NSLayoutConstraint.Axis.self)
}
