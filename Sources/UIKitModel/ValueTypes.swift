public import Foundation

/// The inset distances for views, as in UIKit.
public struct UIEdgeInsets: Hashable, Sendable {
  /// The top inset.
  public var top: CGFloat
  /// The left inset.
  public var left: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The right inset.
  public var right: CGFloat

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
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
  /// The top inset.
  public var top: CGFloat
  /// The leading inset.
  public var leading: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The trailing inset.
  public var trailing: CGFloat

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

/// The edges of a rectangle, as in UIKit.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
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

/// The style of the status bar, as in UIKit.
public enum UIStatusBarStyle: Int, Hashable, Sendable {
  /// Chooses light or dark content from the interface style. The default.
  case `default` = 0
  /// Light content, for dark backgrounds.
  case lightContent = 1
  /// Dark content, for light backgrounds.
  case darkContent = 3
}

/// How the status bar animates when it is shown or hidden, as in UIKit.
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
  public var rawValue: Float
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
public final class UIColor: Hashable, Sendable {
  /// The red component, from 0 to 1.
  public let red: CGFloat
  /// The green component, from 0 to 1.
  public let green: CGFloat
  /// The blue component, from 0 to 1.
  public let blue: CGFloat
  /// The alpha component, from 0 to 1.
  public let alpha: CGFloat

  /// Creates a color from RGBA components.
  ///
  /// - Parameters:
  ///   - red: The red component.
  ///   - green: The green component.
  ///   - blue: The blue component.
  ///   - alpha: The opacity.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a gray color.
  ///
  /// - Parameters:
  ///   - white: The gray level.
  ///   - alpha: The opacity.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Black.
  public static let black = UIColor(white: 0, alpha: 1)
  /// White.
  public static let white = UIColor(white: 1, alpha: 1)
  /// Fully transparent.
  public static let clear = UIColor(white: 0, alpha: 0)
  /// Red.
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  /// Green.
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  /// Blue.
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  /// The system background color (white in the model).
  public static let systemBackground = UIColor(white: 1, alpha: 1)

  /// Compares components.
  ///
  /// - Parameters:
  ///   - lhs: A color.
  ///   - rhs: Another color.
  /// - Returns: Whether all four components are equal.
  public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
    lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
  }

  /// Hashes the components.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
  }
}
