public import Foundation

/// The inset distances for views, as in UIKit.
///
/// `Equatable` but not `Hashable`, as in UIKit.
public struct UIEdgeInsets: Equatable, Sendable {
  /// The top inset.
  public var top: CGFloat
  /// The left inset.
  public var left: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The right inset.
  public var right: CGFloat

  /// Creates insets of zero on every side.
  public init() {
    self.init(top: 0, left: 0, bottom: 0, right: 0)
  }

  /// Creates insets.
  ///
  /// - Parameters:
  ///   - top: The top inset.
  ///   - left: The left inset.
  ///   - bottom: The bottom inset.
  ///   - right: The right inset.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets of zero on every side.
  public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
  /// The rectangle shrunk by `insets`, as `UIEdgeInsetsInsetRect` / `inset(by:)` in UIKit.
  ///
  /// - Parameter insets: The insets to apply.
  /// - Returns: The inset rectangle.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
  }
}

/// Leading and trailing insets that follow the layout direction, as in UIKit.
///
/// `Equatable` but not `Hashable`, as in UIKit.
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
  /// The top inset.
  public var top: CGFloat
  /// The leading inset.
  public var leading: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The trailing inset.
  public var trailing: CGFloat

  /// Creates insets of zero on every side.
  public init() {
    self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
  }

  /// Creates insets.
  ///
  /// - Parameters:
  ///   - top: The top inset.
  ///   - leading: The leading inset.
  ///   - bottom: The bottom inset.
  ///   - trailing: The trailing inset.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Insets of zero on every side.
  public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// The edges of a rectangle, as in UIKit (an option set, not `Hashable`).
public struct UIRectEdge: OptionSet, Sendable {
  /// The raw bits.
  public let rawValue: UInt
  /// Creates an edge set from raw bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The top edge.
  public static let top = UIRectEdge(rawValue: 1 << 0)
  /// The left edge.
  public static let left = UIRectEdge(rawValue: 1 << 1)
  /// The bottom edge.
  public static let bottom = UIRectEdge(rawValue: 1 << 2)
  /// The right edge.
  public static let right = UIRectEdge(rawValue: 1 << 3)
  /// All four edges.
  public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// The direction in which an interface is laid out, as in UIKit.
public enum UIUserInterfaceLayoutDirection: Int, Hashable, Sendable {
  /// Left to right.
  case leftToRight = 0
  /// Right to left.
  case rightToLeft = 1
}

/// How a view's content is laid out for left-to-right and right-to-left languages, as in UIKit.
public enum UISemanticContentAttribute: Int, Hashable, Sendable {
  /// Follows the interface's layout direction.
  case unspecified = 0
  /// Playback controls, which are not flipped.
  case playback = 1
  /// Controls that give a direction, which are not flipped.
  case spatial = 2
  /// Always left to right.
  case forceLeftToRight = 3
  /// Always right to left.
  case forceRightToLeft = 4
}

/// The style of the status bar, as in UIKit (unavailable on tvOS and watchOS).
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UIStatusBarStyle: Int, Hashable, Sendable {
  /// Chooses light or dark content from the interface style. The default.
  case `default` = 0
  /// Light content, for dark backgrounds.
  case lightContent = 1
  /// Dark content, for light backgrounds.
  case darkContent = 3
}

/// How the status bar animates when it is shown or hidden, as in UIKit (unavailable on tvOS and
/// watchOS).
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UIStatusBarAnimation: Int, Hashable, Sendable {
  /// No animation.
  case none = 0
  /// A fade.
  case fade = 1
  /// A slide.
  case slide = 2
}

/// The priority of a layout constraint, as in UIKit.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  /// The numeric priority, from 1 to 1000.
  public let rawValue: Float
  /// Creates a priority.
  ///
  /// - Parameter rawValue: The numeric priority.
  public init(rawValue: Float) { self.rawValue = rawValue }
  /// Creates a priority.
  ///
  /// - Parameter rawValue: The numeric priority.
  public init(_ rawValue: Float) { self.rawValue = rawValue }
  /// A required constraint (1000).
  public static let required = UILayoutPriority(1000)
  /// High priority (750).
  public static let defaultHigh = UILayoutPriority(750)
  /// Low priority (250).
  public static let defaultLow = UILayoutPriority(250)
  /// The fitting-size level (50).
  public static let fittingSizeLevel = UILayoutPriority(50)

  /// Compares priorities by their numeric value.
  ///
  /// - Parameters:
  ///   - lhs: A priority.
  ///   - rhs: Another priority.
  /// - Returns: Whether `lhs` is lower than `rhs`.
  public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// A color; the model keeps only the components it was created with.
///
/// As in UIKit, the class is open, its named colors are overridable class properties, and the
/// components are read with ``getRed(_:green:blue:alpha:)``.
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
  private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

  /// Creates a color from RGBA components.
  ///
  /// - Parameters:
  ///   - red: The red component.
  ///   - green: The green component.
  ///   - blue: The blue component.
  ///   - alpha: The opacity.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = (red, green, blue, alpha)
  }

  /// Creates a gray color.
  ///
  /// - Parameters:
  ///   - white: The gray level.
  ///   - alpha: The opacity.
  public init(white: CGFloat, alpha: CGFloat) {
    components = (white, white, white, alpha)
  }

  /// Reads the color's components (model rule M2).
  ///
  /// Every color of the model is in a color space compatible with RGB, so each non-`nil` pointer
  /// receives its component and the method returns `true`.
  ///
  /// ```swift
  /// var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
  /// UIColor.red.getRed(&red, green: &green, blue: &blue, alpha: &alpha)  // true; red == 1
  /// ```
  ///
  /// - Parameters:
  ///   - red: Receives the red component, from 0 to 1.
  ///   - green: Receives the green component.
  ///   - blue: Receives the blue component.
  ///   - alpha: Receives the opacity.
  /// - Returns: Whether the color could be converted to RGB; always `true` in the model.
  @discardableResult
  open func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = components.red
    green?.pointee = components.green
    blue?.pointee = components.blue
    alpha?.pointee = components.alpha
    return true
  }

  /// Black.
  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  /// White.
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  /// Fully transparent.
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
  /// Red.
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  /// Green.
  open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  /// Blue.
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  /// The system background color (white in the model).
  ///
  /// Unavailable on tvOS and watchOS, as in UIKit (`API_UNAVAILABLE(tvos, watchos)`); Linux and
  /// macOS do not enforce that annotation (see Docs/Design/0001).
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  open class var systemBackground: UIColor { UIColor(white: 1, alpha: 1) }

  /// The components, for the event log and test failures.
  open var description: String {
    "UIColor(red: \(components.red), green: \(components.green), blue: \(components.blue), "
      + "alpha: \(components.alpha))"
  }

  /// Compares components, as UIKit's `isEqual(_:)` does for colors of one color space.
  ///
  /// - Parameters:
  ///   - lhs: A color.
  ///   - rhs: Another color.
  /// - Returns: Whether all four components are equal.
  public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
    lhs.components == rhs.components
  }

  /// Hashes the components.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(components.red)
    hasher.combine(components.green)
    hasher.combine(components.blue)
    hasher.combine(components.alpha)
  }
}
