public import Foundation

/// A view that arranges a list of subviews in a row or column.
///
/// The model keeps UIKit's bookkeeping: arranged subviews are also subviews, removing a view from
/// its superview removes it from ``arrangedSubviews``, and ``removeArrangedSubview(_:)`` does
/// not remove it from the superview. Frames are computed only for
/// ``Distribution-swift.enum/fillEqually`` (the other distributions depend on intrinsic content
/// sizes the model does not have; their frames are left as they are).
@MainActor
open class UIStackView: UIView {
  /// How arranged views share the length of the axis.
  public enum Distribution: Int, Hashable, Sendable {
    /// Fill, using content hugging and compression resistance.
    case fill = 0
    /// Equal lengths.
    case fillEqually
    /// Lengths proportional to intrinsic sizes.
    case fillProportionally
    /// Equal spacing.
    case equalSpacing
    /// Equal distance between centers.
    case equalCentering
  }

  /// How arranged views are placed across the axis.
  public enum Alignment: Int, Hashable, Sendable {
    /// Fill the cross axis.
    case fill = 0
    /// Leading (or top) edges aligned.
    case leading
    /// First baselines aligned.
    case firstBaseline
    /// Centered.
    case center
    /// Trailing (or bottom) edges aligned.
    case trailing
    /// Last baselines aligned.
    case lastBaseline
    /// Top edges aligned (same as leading for a row).
    public static let top = Alignment.leading
    /// Bottom edges aligned (same as trailing for a row).
    public static let bottom = Alignment.trailing
  }

  private var storedArrangedSubviews: [UIView] = []
  /// The identities of the arranged views, kept with the list.
  ///
  /// Tells whether a view is arranged without a search. An arranged view is held by the list, so
  /// its identity is not reused while it is here.
  private var arrangedIdentities: Set<ObjectIdentifier> = []

  /// The axis; `.horizontal` by default.
  open var axis: NSLayoutConstraint.Axis = .horizontal {
    didSet { setNeedsLayout() }
  }
  /// The distribution; `.fill` by default.
  open var distribution: Distribution = .fill {
    didSet { setNeedsLayout() }
  }
  /// The alignment; `.fill` by default.
  open var alignment: Alignment = .fill {
    didSet { setNeedsLayout() }
  }
  /// The spacing between arranged views; `0` by default.
  open var spacing: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  /// Creates a stack view with the given frame.
  ///
  /// - Parameter frame: The frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Creates a stack view that arranges the given views.
  ///
  /// - Parameter views: The views to arrange.
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views {
      addArrangedSubview(view)
    }
  }

  /// Creates an empty horizontal stack view: the model has no archives to read (model rule M3).
  ///
  /// Not failable, as in UIKit, where `UIStackView` narrows `UIView`'s `init?(coder:)`.
  ///
  /// - Parameter coder: Ignored.
  public required init(coder: NSCoder) {
    super.init(frame: .zero)
  }

  /// The arranged views, in order along the axis.
  open var arrangedSubviews: [UIView] { storedArrangedSubviews }

  /// Appends a view to the arranged views, adding it as a subview if needed and turning off its
  /// autoresizing-mask translation.
  ///
  /// - Parameter view: The view.
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: storedArrangedSubviews.count)
  }

  /// Inserts a view into the arranged views.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - stackIndex: The position among the arranged views.
  open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
    dropArranged(view)
    let index = min(max(stackIndex, 0), storedArrangedSubviews.count)
    storedArrangedSubviews.insert(view, at: index)
    arrangedIdentities.insert(ObjectIdentifier(view))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    setNeedsLayout()
  }

  /// Removes a view from the arranged views.
  ///
  /// The view stays a subview: call `removeFromSuperview()` to take it out of the hierarchy.
  ///
  /// - Parameter view: The view.
  open func removeArrangedSubview(_ view: UIView) {
    dropArranged(view)
    setNeedsLayout()
  }

  /// Removing a subview also removes it from the arranged views.
  ///
  /// - Parameter subview: The subview being removed.
  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    dropArranged(subview)
    setNeedsLayout()
  }

  /// Whether a view is one of the arranged views.
  ///
  /// - Complexity: O(1).
  func arranges(_ view: UIView) -> Bool {
    arrangedIdentities.contains(ObjectIdentifier(view))
  }

  /// Takes a view out of the arranged views, if it is one; searches the list only then.
  private func dropArranged(_ view: UIView) {
    guard arrangedIdentities.remove(ObjectIdentifier(view)) != nil else { return }
    storedArrangedSubviews.removeAll(identicalTo: view)
  }

  /// Lays out the arranged views (``Distribution-swift.enum/fillEqually`` only), then the rest.
  open override func layoutSubviews() {
    if distribution == .fillEqually { layoutEqually() }
    super.layoutSubviews()
  }

  private func layoutEqually() {
    let visible = storedArrangedSubviews.filter { !$0.isHidden }
    guard !visible.isEmpty else { return }
    let count = CGFloat(visible.count)
    let length = axis == .horizontal ? bounds.width : bounds.height
    let each = max(0, (length - spacing * (count - 1)) / count)
    var offset: CGFloat = 0
    for view in visible {
      var frame = view.frame
      if axis == .horizontal {
        frame.origin.x = offset
        frame.size.width = each
        if alignment == .fill {
          frame.origin.y = 0
          frame.size.height = bounds.height
        }
      } else {
        frame.origin.y = offset
        frame.size.height = each
        if alignment == .fill {
          frame.origin.x = 0
          frame.size.width = bounds.width
        }
      }
      view.frame = frame
      offset += each + spacing
    }
  }
}
