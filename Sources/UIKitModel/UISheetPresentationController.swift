public import Foundation

/// The presentation controller of a sheet, as in UIKit.
///
/// A view controller whose `modalPresentationStyle` is `.pageSheet` or `.formSheet` (so also
/// `.automatic`, which reads `.formSheet`) gets one as its `presentationController` and its
/// `sheetPresentationController` (rule MP19 of Docs/Design/0001). The model stores what client
/// code configures and draws nothing: the detents, the selected detent and the grabber change no
/// callback or frame.
@available(tvOS, unavailable)
@MainActor
open class UISheetPresentationController: UIPresentationController {
  /// A height a sheet can rest at, as in UIKit.
  @MainActor
  public final class Detent {
    /// The name of a detent, as in UIKit.
    public struct Identifier: Hashable, RawRepresentable, Sendable {
      /// The name.
      public let rawValue: String

      /// Creates an identifier.
      ///
      /// - Parameter rawValue: The name.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Creates an identifier.
      ///
      /// - Parameter rawValue: The name.
      public init(_ rawValue: String) { self.rawValue = rawValue }

      /// The identifier of ``UISheetPresentationController/Detent/medium()``.
      public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
      /// The identifier of ``UISheetPresentationController/Detent/large()``.
      public static let large = Identifier(rawValue: "com.apple.UIKit.large")
    }

    /// The detent's identifier.
    public let identifier: Identifier

    private init(identifier: Identifier) { self.identifier = identifier }

    /// About half the screen's height.
    ///
    /// - Returns: A detent whose ``identifier`` is ``Identifier/medium``.
    public static func medium() -> Detent { Detent(identifier: .medium) }

    /// The full height a sheet can have.
    ///
    /// - Returns: A detent whose ``identifier`` is ``Identifier/large``.
    public static func large() -> Detent { Detent(identifier: .large) }
  }

  /// The heights the sheet can rest at, smallest first; `[.large()]` by default.
  open var detents: [Detent] = [.large()]

  /// The identifier of the detent the sheet rests at; `nil` (the smallest detent) by default.
  open var selectedDetentIdentifier: Detent.Identifier?

  /// The largest detent that does not dim the views underneath; `nil` (every detent dims) by
  /// default.
  open var largestUndimmedDetentIdentifier: Detent.Identifier?

  /// Whether the sheet shows a grabber; `false` by default.
  open var prefersGrabberVisible = false

  /// Runs `changes`, which set the sheet's properties, at once (the model does not animate them).
  ///
  /// - Parameter changes: The changes.
  open func animateChanges(_ changes: () -> Void) {
    changes()
  }
}

/// The directions a popover's arrow may point, as in UIKit.
@available(tvOS, unavailable)
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
  /// The bits of the directions.
  public let rawValue: UInt

  /// Creates a set of directions.
  ///
  /// - Parameter rawValue: The bits of the directions.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The arrow points up.
  public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
  /// The arrow points down.
  public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
  /// The arrow points left.
  public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
  /// The arrow points right.
  public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
  /// Any direction.
  public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
  /// The direction is not known yet.
  public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// The presentation controller of a popover, as in UIKit.
///
/// A view controller whose `modalPresentationStyle` is `.popover` gets one as its
/// `presentationController` and its `popoverPresentationController` (rule MP20 of
/// Docs/Design/0001). The model stores the anchor and draws nothing; presenting the popover with no
/// ``sourceView`` raises `NSGenericException` (rule MP21). The model has no `UIBarButtonItem`, so
/// it lacks UIKit's `barButtonItem` and `sourceItem` anchors.
@available(tvOS, unavailable)
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
  /// The view the popover points at; `nil` by default.
  ///
  /// Presenting the popover without one raises `NSGenericException` (rule MP21).
  open var sourceView: UIView?

  /// The rectangle of ``sourceView`` the popover points at, in its coordinates; `.zero` by
  /// default.
  open var sourceRect: CGRect = .zero

  /// The directions the popover's arrow may point; `.any` by default.
  open var permittedArrowDirections: UIPopoverArrowDirection = .any
}

extension UIViewController {
  /// The sheet presentation controller of this controller (or, for a child, of its parent): its
  /// `presentationController` when that manages a sheet, otherwise `nil` (rule MP19).
  @available(tvOS, unavailable)
  public var sheetPresentationController: UISheetPresentationController? {
    presentationController as? UISheetPresentationController
  }

  /// The popover presentation controller of this controller (or, for a child, of its parent): its
  /// `presentationController` when that manages a popover, otherwise `nil` (rule MP20).
  @available(tvOS, unavailable)
  public var popoverPresentationController: UIPopoverPresentationController? {
    presentationController as? UIPopoverPresentationController
  }
}
