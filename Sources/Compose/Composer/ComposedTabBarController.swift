#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A tab bar controller whose tabs are declared by its ``composition``, with ``Tabs``.
///
/// It owns a ``Composer``, sets the declared tabs before its view first appears, and applies
/// every change of the declaration as one `setViewControllers(_:animated:)` or one change of
/// `selectedViewController` (see ``Tabs``). It is an ordinary `UITabBarController`: put it in a
/// window, a composed container's slot, or present it. Its tabs can be composed containers and
/// ``ComposedNavigationController``s.
///
/// ```swift
/// final class RootTabBarController: ComposedTabBarController {
///   let model = AppModel()  // @Observable, with `var selectedTab: AppTab`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Tabs(AppTab.allCases, id: \.self, selection: model.selectedTab) { tab in
///       switch tab {
///       case .inbox: Child { InboxNavigationController(model: self.model.inbox) }
///       case .settings: Child { SettingsViewController() } update: { $0.model = self.model }
///       }
///     }
///     .onSelect { self.model.selectedTab = $0 }
///   }
/// }
/// ```
///
/// Closures in the composition may capture `self`: the composer keeps a child's closures only
/// while it applies them, so they make no reference cycle.
///
/// The composer is the tab bar controller's `delegate`; a delegate you set is kept and receives
/// every message, from the next composition on.
@MainActor
open class ComposedTabBarController: UITabBarController {
  /// The composer that manages this tab bar controller's tabs.
  public private(set) lazy var composer = Composer(container: self) { [unowned self] in
    composition
  }

  /// The declaration of this tab bar controller's tabs; override it with `@CompositionBuilder`,
  /// and declare one ``Tabs`` in it.
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
  open override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// Applies a pending composition, then lets the tab bar controller appear.
  ///
  /// The tabs are set before `super.viewWillAppear(_:)`, so that the selected tab appears with
  /// the tab bar controller.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open override func viewWillAppear(_ animated: Bool) {
    composer.containerWillAppear()
    composer.composeIfNeeded()
    super.viewWillAppear(animated)
  }

  /// Lets the controller appear, then presents what waited for it to be on screen.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.containerDidAppear()
  }

  /// Marks the composition as changed; it is applied at the next layout pass.
  public func setNeedsCompose() {
    composer.setNeedsCompose()
  }
}
