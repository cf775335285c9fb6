public import Foundation

/// A size class, as in UIKit.
public enum UIUserInterfaceSizeClass: Int, Hashable, Sendable {
  /// Not specified.
  case unspecified = 0
  /// Compact.
  case compact = 1
  /// Regular.
  case regular = 2
}

/// Light or dark appearance, as in UIKit.
public enum UIUserInterfaceStyle: Int, Hashable, Sendable {
  /// Not specified.
  case unspecified = 0
  /// Light.
  case light = 1
  /// Dark.
  case dark = 2
}

/// A set of traits; the model keeps size classes and the interface style.
///
/// As in UIKit, the class is open and its traits are read-only properties.
open class UITraitCollection: Hashable, CustomStringConvertible, @unchecked Sendable {
  private let horizontal: UIUserInterfaceSizeClass
  private let vertical: UIUserInterfaceSizeClass
  private let style: UIUserInterfaceStyle

  /// The horizontal size class.
  open var horizontalSizeClass: UIUserInterfaceSizeClass { horizontal }
  /// The vertical size class.
  open var verticalSizeClass: UIUserInterfaceSizeClass { vertical }
  /// The interface style.
  open var userInterfaceStyle: UIUserInterfaceStyle { style }

  /// Creates a collection with every trait unspecified.
  public init() {
    horizontal = .unspecified
    vertical = .unspecified
    style = .unspecified
  }

  init(
    horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
    style: UIUserInterfaceStyle
  ) {
    self.horizontal = horizontal
    self.vertical = vertical
    self.style = style
  }

  /// Creates a collection with only a horizontal size class.
  ///
  /// - Parameter horizontalSizeClass: The size class.
  public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
    self.init(horizontal: horizontalSizeClass, vertical: .unspecified, style: .unspecified)
  }

  /// Creates a collection with only a vertical size class.
  ///
  /// - Parameter verticalSizeClass: The size class.
  public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
    self.init(horizontal: .unspecified, vertical: verticalSizeClass, style: .unspecified)
  }

  /// Creates a collection with only an interface style.
  ///
  /// - Parameter userInterfaceStyle: The style.
  public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
    self.init(horizontal: .unspecified, vertical: .unspecified, style: userInterfaceStyle)
  }

  /// Merges collections: for each trait, the last specified value wins.
  ///
  /// Deprecated in iOS 17, as in UIKit; Linux and macOS do not enforce the annotation (see
  /// Docs/Design/0001).
  ///
  /// - Parameter traitCollections: The collections, lowest priority first.
  @available(
    iOS, introduced: 8.0, deprecated: 17.0,
    message:
      "Use UITraitCollection.init(mutations:) and UITraitCollection.modifyingTraits(_:) to create and modify trait collections"
  )
  @available(
    tvOS, introduced: 9.0, deprecated: 17.0,
    message:
      "Use UITraitCollection.init(mutations:) and UITraitCollection.modifyingTraits(_:) to create and modify trait collections"
  )
  @available(
    visionOS, introduced: 1.0, deprecated: 1.0,
    message:
      "Use UITraitCollection.init(mutations:) and UITraitCollection.modifyingTraits(_:) to create and modify trait collections"
  )
  public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
    let merged = Self.merging(traitCollections)
    self.init(
      horizontal: merged.horizontalSizeClass, vertical: merged.verticalSizeClass,
      style: merged.userInterfaceStyle)
  }

  /// For each trait, the last specified value of `traitCollections`.
  static func merging(_ traitCollections: [UITraitCollection]) -> UITraitCollection {
    var horizontal = UIUserInterfaceSizeClass.unspecified
    var vertical = UIUserInterfaceSizeClass.unspecified
    var style = UIUserInterfaceStyle.unspecified
    for traits in traitCollections {
      if traits.horizontalSizeClass != .unspecified { horizontal = traits.horizontalSizeClass }
      if traits.verticalSizeClass != .unspecified { vertical = traits.verticalSizeClass }
      if traits.userInterfaceStyle != .unspecified { style = traits.userInterfaceStyle }
    }
    return UITraitCollection(horizontal: horizontal, vertical: vertical, style: style)
  }

  /// Compares traits.
  ///
  /// - Parameters:
  ///   - lhs: A collection.
  ///   - rhs: Another collection.
  /// - Returns: Whether every trait is equal.
  public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
    lhs.horizontalSizeClass == rhs.horizontalSizeClass
      && lhs.verticalSizeClass == rhs.verticalSizeClass
      && lhs.userInterfaceStyle == rhs.userInterfaceStyle
  }

  /// Hashes the traits.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(horizontalSizeClass)
    hasher.combine(verticalSizeClass)
    hasher.combine(userInterfaceStyle)
  }

  /// The traits as text, for the event log.
  open var description: String {
    "traits(h: \(horizontalSizeClass), v: \(verticalSizeClass), style: \(userInterfaceStyle))"
  }
}

/// An object with traits.
@MainActor
public protocol UITraitEnvironment: AnyObject {
  /// The current traits.
  var traitCollection: UITraitCollection { get }
}

/// What a container knows about a child's content (UIKit's `UIContentContainer`).
@MainActor
public protocol UIContentContainer: AnyObject {
  /// The size the content would like.
  var preferredContentSize: CGSize { get }
  /// A child's preferred content size changed.
  ///
  /// - Parameter container: The child.
  func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
  /// An Auto Layout child's fitting size changed.
  ///
  /// - Parameter container: The child.
  func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
  /// The size to give a child.
  ///
  /// - Parameters:
  ///   - container: The child.
  ///   - parentSize: The parent's size.
  /// - Returns: The child's size.
  func size(
    forChildContentContainer container: any UIContentContainer,
    withParentContainerSize parentSize: CGSize
  ) -> CGSize
  /// The size is about to change.
  ///
  /// - Parameters:
  ///   - size: The new size.
  ///   - coordinator: The transition's coordinator.
  func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
  /// The traits are about to change.
  ///
  /// - Parameters:
  ///   - newCollection: The new traits.
  ///   - coordinator: The transition's coordinator.
  func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  )
}

/// What a size or trait transition tells the code animating alongside it.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  /// Whether the transition is animated.
  var isAnimated: Bool { get }
  /// The transition's duration.
  var transitionDuration: TimeInterval { get }
  /// Whether the transition was cancelled.
  var isCancelled: Bool { get }
  /// Whether the transition is interactive.
  var isInteractive: Bool { get }
}

/// Runs animations alongside a size or trait transition.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext
{
  /// Adds an animation and a completion to the transition.
  ///
  /// - Parameters:
  ///   - animation: Runs with the transition's animations.
  ///   - completion: Runs after the transition.
  /// - Returns: Whether the blocks were accepted.
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool

  /// Registers a handler for the moments an interactive transition stops (or starts again)
  /// being driven by the user.
  ///
  /// As UIKit's header says: the handler runs when the transition changes from interactive to
  /// non-interactive, before the "will" appearance callbacks a cancellation makes, and it usually
  /// reads ``UIViewControllerTransitionCoordinatorContext/isCancelled``. A transition that is not
  /// interactive never calls it (rule N13 of Docs/Design/0001).
  ///
  /// - Parameter handler: Runs with the transition's context.
  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
  /// Adds an animation to the transition, with no completion.
  ///
  /// UIKit's requirement declares `completion: … = nil`; a Swift protocol requirement cannot have
  /// a default argument, so the model spells the default as this overload.
  ///
  /// - Parameter animation: Runs with the transition's animations.
  /// - Returns: Whether the block was accepted.
  @discardableResult
  public func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animate(alongsideTransition: animation, completion: nil)
  }
}

/// The model's transition coordinator: alongside animations run when the transition is applied,
/// completions run at the next run of the model after `transitionDuration`.
@MainActor
public final class ModelTransitionCoordinator: UIViewControllerTransitionCoordinator {
  /// The transition's duration.
  public let transitionDuration: TimeInterval
  /// Whether the transition is animated (`transitionDuration > 0`).
  public var isAnimated: Bool { transitionDuration > 0 }
  /// Always `false`: the model's transitions are never cancelled.
  public var isCancelled: Bool { false }
  /// Always `false`.
  public var isInteractive: Bool { false }
  private var animations: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

  /// Creates a coordinator.
  ///
  /// - Parameter duration: The transition's duration.
  public init(duration: TimeInterval) {
    transitionDuration = duration
  }

  /// Adds an animation and a completion.
  ///
  /// - Parameters:
  ///   - animation: Runs when the transition is applied.
  ///   - completion: Runs after the transition.
  /// - Returns: `true`.
  @discardableResult
  public func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    if let animation { animations.append(animation) }
    if let completion { completions.append(completion) }
    return true
  }

  /// Accepts a handler and never calls it: size and trait transitions are never interactive.
  ///
  /// - Parameter handler: Ignored.
  public func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
  ) {}

  /// Runs the alongside animations now and schedules the completions.
  public func run() {
    let pending = animations
    animations = []
    for animation in pending {
      animation(self)
    }
    let finishing = completions
    completions = []
    guard !finishing.isEmpty else { return }
    ModelRuntime.schedule(after: transitionDuration) {
      for completion in finishing {
        completion(self)
      }
    }
  }
}
