#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A view controller whose children are declared by its ``composition``.
///
/// The convenience base class for containers that need nothing else: it owns a ``Composer``,
/// composes before its view first appears (in `viewWillAppear(_:)`, or at its view's first layout
/// pass if that comes earlier), re-composes after ``setNeedsCompose()`` (or when `@Observable`
/// state read by ``composition`` changes), evicts hidden kept-alive children on a memory warning,
/// and lets its primary slot's child decide the status bar, the home indicator and its preferred
/// content size.
///
/// ```swift
/// final class ProfileViewController: ComposedViewController {
///   var user: User? {
///     didSet { setNeedsCompose() }
///   }
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Slot("header") { Child { AvatarViewController() } update: { $0.user = self.user } }
///     Slot("content") {
///       if let user { Child { DetailsViewController(user) }.id(user.id) }
///     }
///   }
/// }
/// ```
///
/// Closures in the composition may capture `self`: the composer keeps a child's closures only
/// while it applies them, so they make no reference cycle.
///
/// A subclass that forwards appearance itself (overriding
/// `shouldAutomaticallyForwardAppearanceMethods` to return `false`) gets its children's appearance
/// forwarded by the composer, swaps included.
///
/// Containers that cannot inherit from it — they inherit from another UIKit controller or from an
/// app's base class — get the same behaviour from the ``Composed()`` macro, or conform to
/// ``ComposedContainer`` by hand.
@MainActor
open class ComposedViewController: UIViewController {
  /// The composer that manages this controller's children.
  public private(set) lazy var composer = Composer(container: self) { [unowned self] in
    composition
  }

  /// The declaration of this controller's children; override it with `@CompositionBuilder`.
  open var composition: CompositionContent { .empty }

  /// Dismisses what the composition presents when the controller leaves its parent, and tells
  /// each presentation's `onDismiss`: nothing would dismiss it afterwards.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  open override func willMove(toParent parent: UIViewController?) {
    if parent == nil { composer.containerWillLeaveParent() }
    super.willMove(toParent: parent)
  }

  /// Loads the view, and marks the composition as changed.
  ///
  /// The composition is applied later, once a subclass's `viewDidLoad()` has returned: so slots
  /// may be anchored to views the subclass makes after calling `super.viewDidLoad()`.
  open override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// Applies a pending composition, then forwards the appearance to the children when the
  /// controller forwards it itself.
  ///
  /// Composing here, before the view enters the window, adds the children before the controller
  /// appears: they receive their appearance callbacks with it, right after its own, as the
  /// children of a container that adds them in `viewDidLoad()` do.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composer.containerWillAppear()
    composer.composeIfNeeded()
    composer.forwardBeginAppearanceTransition(true, animated: animated)
  }

  /// Forwards the appearance to the children when the controller forwards it itself.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.forwardEndAppearanceTransition()
  }

  /// Forwards the disappearance to the children when the controller forwards it itself.
  ///
  /// - Parameter animated: Whether the disappearance is animated.
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    composer.forwardBeginAppearanceTransition(false, animated: animated)
  }

  /// Forwards the disappearance to the children when the controller forwards it itself.
  ///
  /// - Parameter animated: Whether the disappearance was animated.
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    composer.forwardEndAppearanceTransition()
  }

  /// Removes the hidden kept-alive children that allow it (see ``Lifetime/keepAlive``).
  open override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
  }

  // tvOS and visionOS have no status bar or home indicator.
  #if !os(tvOS) && !os(visionOS)
  /// The first child of the slot marked primary for the status bar, if any.
  open override var childForStatusBarStyle: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  /// The first child of the slot marked primary for the status bar, if any.
  open override var childForStatusBarHidden: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  /// The first child of the slot marked primary for the home indicator, if any.
  open override var childForHomeIndicatorAutoHidden: UIViewController? {
    composer.primaryChild(for: .homeIndicator)
  }
  #endif

  /// Adopts the preferred content size of the primary child, if it is the one that changed.
  ///
  /// - Parameter container: The child whose preferred content size changed.
  open override func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    composer.preferredContentSizeDidChange(forChild: container)
  }

  /// Marks the composition as changed; it is applied at the next layout pass.
  public func setNeedsCompose() {
    composer.setNeedsCompose()
  }
}
