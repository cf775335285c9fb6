public import Foundation

/// A relation between two layout attributes: `first.attribute relation second.attribute ×
/// multiplier + constant`.
///
/// The model records constraints, installs them on the closest common ancestor when activated
/// (raising when there is none, semantics F9), drops them when a view leaves the subtree they
/// span (semantics F2), and solves the simple ones during layout (see `UIView.layoutSubviews()`).
@MainActor
open class NSLayoutConstraint: CustomStringConvertible {
  /// A layout attribute, with UIKit's raw values.
  public enum Attribute: Int, Hashable, Sendable {
    /// The left edge.
    case left = 1
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge (left in the model, which is left to right).
    case leading
    /// The trailing edge (right in the model).
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal center.
    case centerX
    /// The vertical center.
    case centerY
    /// The last baseline (the bottom edge in the model).
    case lastBaseline
    /// The first baseline (the top edge in the model).
    case firstBaseline
    /// No attribute, for constant constraints.
    case notAnAttribute = 0

    var name: String {
      switch self {
      case .left: "left"
      case .right: "right"
      case .top: "top"
      case .bottom: "bottom"
      case .leading: "leading"
      case .trailing: "trailing"
      case .width: "width"
      case .height: "height"
      case .centerX: "centerX"
      case .centerY: "centerY"
      case .lastBaseline: "lastBaseline"
      case .firstBaseline: "firstBaseline"
      case .notAnAttribute: "notAnAttribute"
      }
    }
  }

  /// A layout axis, with UIKit's raw values (the type of `UIStackView.axis`).
  public enum Axis: Int, Hashable, Sendable {
    /// Left to right.
    case horizontal = 0
    /// Top to bottom.
    case vertical = 1
  }

  /// A relation, with UIKit's raw values.
  public enum Relation: Int, Hashable, Sendable {
    /// Less than or equal.
    case lessThanOrEqual = -1
    /// Equal.
    case equal = 0
    /// Greater than or equal.
    case greaterThanOrEqual = 1
  }

  private weak var storedFirstItem: AnyObject?
  private weak var storedSecondItem: AnyObject?
  private var storedFirstAttribute: Attribute = .notAnAttribute
  private var storedSecondAttribute: Attribute = .notAnAttribute
  private var storedRelation: Relation = .equal
  private var storedMultiplier: CGFloat = 1
  /// The first attribute.
  open var firstAttribute: Attribute { storedFirstAttribute }
  /// The second attribute (`.notAnAttribute` for constant constraints).
  open var secondAttribute: Attribute { storedSecondAttribute }
  /// The relation.
  open var relation: Relation { storedRelation }
  /// The multiplier applied to the second attribute.
  open var multiplier: CGFloat { storedMultiplier }
  /// The constant added to the second attribute.
  open var constant: CGFloat {
    get { storedConstant }
    set {
      storedConstant = newValue
      firstView?.superview?.setNeedsLayout()
    }
  }
  private var storedConstant: CGFloat = 0
  /// The priority; required by default.
  open var priority: UILayoutPriority = .required
  /// A name for debugging.
  open var identifier: String?
  /// The view the constraint is installed on while active.
  weak var installedOn: UIView?
  var conflictReported = false

  /// Creates an empty, inactive constraint: no items, `.notAnAttribute` on both sides.
  public init() {}

  /// Creates an inactive constraint.
  ///
  /// - Parameters:
  ///   - view1: The first item (a view or a layout guide).
  ///   - attr1: The first attribute.
  ///   - relation: The relation.
  ///   - view2: The second item, or `nil` for a constant.
  ///   - attr2: The second attribute.
  ///   - multiplier: The multiplier.
  ///   - c: The constant.
  public convenience init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
    attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    self.init()
    storedFirstItem = view1 as AnyObject
    storedSecondItem = view2.map { $0 as AnyObject }
    storedFirstAttribute = attr1
    storedSecondAttribute = attr2
    storedRelation = relation
    storedMultiplier = multiplier
    storedConstant = c
  }

  /// The first item.
  open var firstItem: AnyObject? { storedFirstItem }
  /// The second item, or `nil`.
  open var secondItem: AnyObject? { storedSecondItem }

  /// Whether the constraint is active.
  ///
  /// Activating installs it on the closest common ancestor of its items and raises
  /// `NSGenericException` when they have none (semantics F9).
  open var isActive: Bool {
    get { installedOn != nil }
    set { newValue ? activate() : deactivate() }
  }

  /// Activates every constraint (semantics F9).
  ///
  /// - Parameter constraints: The constraints.
  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints {
      constraint.isActive = true
    }
  }

  /// Deactivates every constraint.
  ///
  /// - Parameter constraints: The constraints.
  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints {
      constraint.isActive = false
    }
  }

  /// `first.attribute == second.attribute × multiplier + constant`.
  open var description: String {
    let relationText =
      switch relation {
      case .equal: "=="
      case .lessThanOrEqual: "<="
      case .greaterThanOrEqual: ">="
      }
    let first = "\(Self.itemName(firstItem)).\(firstAttribute.name)"
    guard secondItem != nil, secondAttribute != .notAnAttribute else {
      return "\(first) \(relationText) \(UIViewController.format(constant))"
    }
    var second = "\(Self.itemName(secondItem)).\(secondAttribute.name)"
    if multiplier != 1 { second += " × \(UIViewController.format(multiplier))" }
    if constant != 0 { second += " + \(UIViewController.format(constant))" }
    return "\(first) \(relationText) \(second)"
  }

  // MARK: - Internals

  static func itemName(_ item: AnyObject?) -> String {
    switch item {
    case let view as UIView: view.modelName
    case let guide as UILayoutGuide: guide.modelName
    default: "nil"
    }
  }

  static func view(of item: AnyObject?) -> UIView? {
    (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
  }

  var firstView: UIView? { Self.view(of: firstItem) }
  var secondView: UIView? { Self.view(of: secondItem) }

  func references(viewInside subtree: UIView) -> Bool {
    (firstView?.isDescendant(of: subtree) ?? false)
      || (secondView?.isDescendant(of: subtree) ?? false)
  }

  func markRemoved() {
    installedOn = nil
  }

  private func activate() {
    guard installedOn == nil, let first = firstView else { return }
    var host: UIView = first
    if let second = secondView {
      guard let common = Self.commonAncestor(first, second) else {
        ModelRuntime.raise(
          ModelException.generic,
          "Unable to activate constraint with anchors \(Self.anchorDescription(firstItem, firstAttribute)) "
            + "and \(Self.anchorDescription(secondItem, secondAttribute)) because they have no "
            + "common ancestor.  Does the constraint or its anchors reference items in different "
            + "view hierarchies?  That's illegal.")
        return
      }
      host = common
    }
    installedOn = host
    host.installedConstraints.append(self)
    host.setNeedsLayout()
    first.superview?.setNeedsLayout()
  }

  private func deactivate() {
    guard let host = installedOn else { return }
    host.installedConstraints.removeAll { $0 === self }
    installedOn = nil
    host.setNeedsLayout()
  }

  static func anchorDescription(_ item: AnyObject?, _ attribute: Attribute) -> String {
    let kind =
      switch attribute {
      case .width, .height: "NSLayoutDimension"
      case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: "NSLayoutYAxisAnchor"
      default: "NSLayoutXAxisAnchor"
      }
    return "<\(kind):\"\(itemName(item)).\(attribute.name)\">"
  }

  static func commonAncestor(_ first: UIView, _ second: UIView) -> UIView? {
    var current: UIView? = first
    while let candidate = current {
      if second.isDescendant(of: candidate) { return candidate }
      current = candidate.superview
    }
    return nil
  }
}

/// A factory for constraints on one attribute of a view or layout guide.
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
  weak var item: AnyObject?
  let attribute: NSLayoutConstraint.Attribute

  init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
    self.item = item
    self.attribute = attribute
  }

  /// A constraint `self == anchor`.
  ///
  /// - Parameter anchor: The other anchor.
  /// - Returns: An inactive constraint.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    make(.equal, anchor, 0)
  }

  /// A constraint `self >= anchor`.
  ///
  /// - Parameter anchor: The other anchor.
  /// - Returns: An inactive constraint.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>)
    -> NSLayoutConstraint
  {
    make(.greaterThanOrEqual, anchor, 0)
  }

  /// A constraint `self <= anchor`.
  ///
  /// - Parameter anchor: The other anchor.
  /// - Returns: An inactive constraint.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, 0)
  }

  /// A constraint `self == anchor + c`.
  ///
  /// - Parameters:
  ///   - anchor: The other anchor.
  ///   - c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    make(.equal, anchor, c)
  }

  /// A constraint `self >= anchor + c`.
  ///
  /// - Parameters:
  ///   - anchor: The other anchor.
  ///   - c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, c)
  }

  /// A constraint `self <= anchor + c`.
  ///
  /// - Parameters:
  ///   - anchor: The other anchor.
  ///   - c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    make(.lessThanOrEqual, anchor, c)
  }

  func make(
    _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?,
    _ constant: CGFloat, multiplier: CGFloat = 1
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
      attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
  }
}

/// An anchor on a horizontal edge or center.
@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// An anchor on a vertical edge, center or baseline.
@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// An anchor on a width or height.
@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// A constraint `self == c`.
  ///
  /// - Parameter c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.equal, nil, c)
  }

  /// A constraint `self >= c`.
  ///
  /// - Parameter c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, nil, c)
  }

  /// A constraint `self <= c`.
  ///
  /// - Parameter c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    make(.lessThanOrEqual, nil, c)
  }

  /// A constraint `self == anchor × m`.
  ///
  /// - Parameters:
  ///   - anchor: The other dimension.
  ///   - m: The multiplier.
  /// - Returns: An inactive constraint.
  open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat)
    -> NSLayoutConstraint
  {
    make(.equal, anchor, 0, multiplier: m)
  }

  /// A constraint `self == anchor × m + c`.
  ///
  /// - Parameters:
  ///   - anchor: The other dimension.
  ///   - m: The multiplier.
  ///   - c: The constant.
  /// - Returns: An inactive constraint.
  open func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
  )
    -> NSLayoutConstraint
  {
    make(.equal, anchor, c, multiplier: m)
  }
}

/// A rectangle in a view's coordinate space that constraints can refer to.
@MainActor
open class UILayoutGuide {
  /// The view that owns the guide.
  ///
  /// `addLayoutGuide(_:)` and `removeLayoutGuide(_:)` set it, through this setter, as in UIKit
  /// (model rule M1); setting it directly changes only this reference, not the view's
  /// `layoutGuides` (UIKit: "Do not use this property directly").
  open weak var owningView: UIView?
  /// A name for debugging.
  open var identifier = ""
  /// How the guide's frame follows its view; set by the view for its built-in guides.
  var frameProvider: ((UIView) -> CGRect)?

  /// Creates a guide; add it to a view with `addLayoutGuide(_:)`.
  public init() {}

  /// The guide's frame in its owning view's coordinate space.
  open var layoutFrame: CGRect {
    guard let owningView else { return .zero }
    return frameProvider?(owningView) ?? owningView.bounds
  }

  var modelName: String {
    "\(owningView?.modelName ?? "nil").\(identifier.isEmpty ? "layoutGuide" : identifier)"
  }

  /// The leading edge.
  open var leadingAnchor: NSLayoutXAxisAnchor { anchor(.leading, NSLayoutXAxisAnchor.init) }
  /// The trailing edge.
  open var trailingAnchor: NSLayoutXAxisAnchor { anchor(.trailing, NSLayoutXAxisAnchor.init) }
  /// The left edge.
  open var leftAnchor: NSLayoutXAxisAnchor { anchor(.left, NSLayoutXAxisAnchor.init) }
  /// The right edge.
  open var rightAnchor: NSLayoutXAxisAnchor { anchor(.right, NSLayoutXAxisAnchor.init) }
  /// The top edge.
  open var topAnchor: NSLayoutYAxisAnchor { anchor(.top, NSLayoutYAxisAnchor.init) }
  /// The bottom edge.
  open var bottomAnchor: NSLayoutYAxisAnchor { anchor(.bottom, NSLayoutYAxisAnchor.init) }
  /// The width.
  open var widthAnchor: NSLayoutDimension { anchor(.width, NSLayoutDimension.init) }
  /// The height.
  open var heightAnchor: NSLayoutDimension { anchor(.height, NSLayoutDimension.init) }
  /// The horizontal center.
  open var centerXAnchor: NSLayoutXAxisAnchor { anchor(.centerX, NSLayoutXAxisAnchor.init) }
  /// The vertical center.
  open var centerYAnchor: NSLayoutYAxisAnchor { anchor(.centerY, NSLayoutYAxisAnchor.init) }

  private var anchors: [NSLayoutConstraint.Attribute: AnyObject] = [:]

  private func anchor<Anchor: AnyObject>(
    _ attribute: NSLayoutConstraint.Attribute,
    _ make: (AnyObject, NSLayoutConstraint.Attribute) -> Anchor
  ) -> Anchor {
    if let existing = anchors[attribute] as? Anchor { return existing }
    let made = make(self, attribute)
    anchors[attribute] = made
    return made
  }
}

extension UIView {
  func anchor<Anchor: AnyObject>(
    _ attribute: NSLayoutConstraint.Attribute,
    _ make: (AnyObject, NSLayoutConstraint.Attribute) -> Anchor
  ) -> Anchor {
    anchor(attribute) { make(self, attribute) }
  }

  func builtInGuide(_ name: String, frame: @escaping (UIView) -> CGRect) -> UILayoutGuide {
    if let guide = ownedLayoutGuides.first(where: { $0.identifier == name }) { return guide }
    let guide = UILayoutGuide()
    guide.identifier = name
    guide.frameProvider = frame
    addLayoutGuide(guide)
    return guide
  }
}
