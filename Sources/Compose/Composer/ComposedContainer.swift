#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A view controller that hosts a ``Composer``, and the calls its overrides make to it.
///
/// The ``Composed()`` macro makes a class conform and writes the overrides. A class that cannot
/// use the macro conforms itself: it stores a composer and calls each hook from the matching
/// override, right after `super` (before it, for `willMove(toParent:)`):
///
/// ```swift
/// final class ProfileViewController: UIViewController, ComposedContainer {
///   private(set) lazy var composer = Composer(container: self) { [unowned self] in body }
///
///   @CompositionBuilder var body: CompositionContent {
///     Slot("header") { Child { AvatarViewController() } }
///   }
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     composeViewDidLoad()
///   }
///
///   override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     composeViewWillAppear(animated)
///   }
///
///   override func viewDidAppear(_ animated: Bool) {
///     super.viewDidAppear(animated)
///     composeViewDidAppear(animated)
///   }
///
///   override func viewWillDisappear(_ animated: Bool) {
///     super.viewWillDisappear(animated)
///     composeViewWillDisappear(animated)
///   }
///
///   override func viewDidDisappear(_ animated: Bool) {
///     super.viewDidDisappear(animated)
///     composeViewDidDisappear(animated)
///   }
/// }
/// ```
///
/// The hooks do what ``ComposedViewController``'s overrides do, so a conforming class behaves as
/// a subclass of it: it composes before its view first appears, re-composes after
/// ``setNeedsCompose()``, forwards appearance to its children when it forwards appearance itself,
/// evicts hidden kept-alive children on a memory warning, and lets its primary slot's child decide
/// the status bar, the home indicator and its preferred content size.
@MainActor
public protocol ComposedContainer: UIViewController {
  /// The composer that manages this controller's children.
  var composer: Composer { get }
}

extension ComposedContainer {
  /// Marks the composition as changed; it is applied at the next layout pass.
  public func setNeedsCompose() {
    composer.setNeedsCompose()
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Makes the composer of a container whose children `body` declares, for ``Composed()``.
  ///
  /// The macro's expansion calls it; do not call it directly.
  ///
  /// The composer keeps the container unowned, so the composer stored in the container makes no
  /// reference cycle. (A closure with a capture list written by a macro does not compile with
  /// Swift 6.3, which is why the expansion does not make the composer itself.)
  ///
  /// - Parameter body: Reads the container's body.
  /// - Returns: The composer.
  public func __makeComposer(
    body: @escaping @MainActor (Self) -> CompositionContent
  ) -> Composer {
    Composer(container: self) { [unowned self] in body(self) }
  }

  // MARK: - Hooks

  /// Marks the composition as changed, so that it is applied once the view is loaded; call it
  /// from `viewDidLoad()`, after `super`.
  ///
  /// The composition is applied later, once `viewDidLoad()` has returned: so slots may be
  /// anchored to views made after this call.
  public func composeViewDidLoad() {
    composer.setNeedsCompose()
  }

  /// Applies a pending composition, then forwards the appearance to the children when the
  /// controller forwards it itself; call it from `viewWillAppear(_:)`, after `super`.
  ///
  /// Composing here, before the view enters the window, adds the children before the controller
  /// appears: they receive their appearance callbacks with it, right after its own.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  public func composeViewWillAppear(_ animated: Bool) {
    composer.containerWillAppear()
    composer.composeIfNeeded()
    composer.forwardBeginAppearanceTransition(true, animated: animated)
  }

  /// Forwards the appearance to the children when the controller forwards it itself, and starts
  /// the presentations that waited for it; call it from `viewDidAppear(_:)`, after `super`.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  public func composeViewDidAppear(_ animated: Bool) {
    composer.forwardEndAppearanceTransition()
  }

  /// Forwards the disappearance to the children when the controller forwards it itself; call it
  /// from `viewWillDisappear(_:)`, after `super`.
  ///
  /// - Parameter animated: Whether the disappearance is animated.
  public func composeViewWillDisappear(_ animated: Bool) {
    composer.forwardBeginAppearanceTransition(false, animated: animated)
  }

  /// Forwards the disappearance to the children when the controller forwards it itself; call it
  /// from `viewDidDisappear(_:)`, after `super`.
  ///
  /// - Parameter animated: Whether the disappearance was animated.
  public func composeViewDidDisappear(_ animated: Bool) {
    composer.forwardEndAppearanceTransition()
  }

  /// Dismisses what the composition presents when the controller leaves its parent; call it
  /// from `willMove(toParent:)`, before `super`.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  public func composeWillMove(toParent parent: UIViewController?) {
    if parent == nil { composer.containerWillLeaveParent() }
  }

  /// Removes the hidden kept-alive children that allow it (see ``Lifetime/keepAlive``); call it
  /// from `didReceiveMemoryWarning()`, after `super`.
  public func composeDidReceiveMemoryWarning() {
    composer.evictHiddenChildren()
  }

  /// Adopts the preferred content size of the primary child, if it is the one that changed; call
  /// it from `preferredContentSizeDidChange(forChildContentContainer:)`, after `super`.
  ///
  /// - Parameter container: The child whose preferred content size changed.
  public func composePreferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    composer.preferredContentSizeDidChange(forChild: container)
  }

  /// The first child of the slot marked primary for the status bar, if any; return it from
  /// `childForStatusBarStyle` when no other child decides.
  public var composedChildForStatusBarStyle: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  /// The first child of the slot marked primary for the status bar, if any; return it from
  /// `childForStatusBarHidden` when no other child decides.
  public var composedChildForStatusBarHidden: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  /// The first child of the slot marked primary for the home indicator, if any; return it from
  /// `childForHomeIndicatorAutoHidden` when no other child decides.
  public var composedChildForHomeIndicatorAutoHidden: UIViewController? {
    composer.primaryChild(for: .homeIndicator)
  }
}
