import Foundation

/// What a tab bar controller asks and tells its delegate about the user's taps, as in UIKit.
///
/// Every requirement is optional in UIKit; the model gives each a default implementation that does
/// what UIKit does when the delegate does not implement it (`tabBarController(_:shouldSelect:)`
/// answers `true`). UIKit calls them only for taps in the tab bar, never for a selection made in
/// code (rule T6 of Docs/Design/0001); in the model a test taps with
/// `tabs.uikitModel.tapTab(at:)`.
@MainActor
public protocol UITabBarControllerDelegate: AnyObject {
  /// Asks whether the tapped tab's view controller may be selected; `true` by default.
  ///
  /// - Parameters:
  ///   - tabBarController: The tab bar controller.
  ///   - viewController: The view controller of the tapped tab.
  /// - Returns: Whether to select it.
  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool

  /// Tells the delegate that the user tapped a tab, after its view controller was selected (also
  /// when it already was).
  ///
  /// - Parameters:
  ///   - tabBarController: The tab bar controller.
  ///   - viewController: The view controller of the tapped tab.
  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  /// Allows the selection (UIKit's behaviour when the delegate does not implement it).
  ///
  /// - Parameters:
  ///   - tabBarController: The tab bar controller.
  ///   - viewController: The view controller of the tapped tab.
  /// - Returns: `true`.
  public func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    true
  }

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - tabBarController: The tab bar controller.
  ///   - viewController: The view controller of the tapped tab.
  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {}
}

extension ModelDiagnostic.Kind {
  /// Rule T8: a tab bar controller was given more than five view controllers; UIKit would show the
  /// ones after the fourth under its More navigation controller, which the model does not model.
  public static let moreNavigationControllerNotModelled = Self(
    name: "moreNavigationControllerNotModelled")
}

/// A container that shows one of its children at a time, chosen with a tab bar.
///
/// Every view controller in ``viewControllers`` is a child (rule T1 of Docs/Design/0001). Only the
/// selected one's view is in the tab bar controller's view, filling it, and a child's view is
/// loaded only when it is first selected (rule T2). Changing the selection while the tab bar
/// controller is visible sends the new child `viewWillAppear(_:)`, the old one
/// `viewWillDisappear(_:)` and `viewDidDisappear(_:)`, then the new one `viewDidAppear(_:)`, all
/// unanimated and inside the call (rule T3). The model has no `UITabBar`: the tab bar itself, its
/// items and the More navigation controller are not modelled (rule T8).
@MainActor
open class UITabBarController: UIViewController {
  private var storedViewControllers: [UIViewController]?
  private var storedSelected: UIViewController?

  /// The delegate told about the user's taps (rule T6).
  open weak var delegate: (any UITabBarControllerDelegate)?

  /// The view controllers of the tabs, in tab order; `nil` by default.
  ///
  /// Setting it is ``setViewControllers(_:animated:)`` without animation.
  open var viewControllers: [UIViewController]? {
    get { storedViewControllers }
    set { setViewControllers(newValue, animated: false) }
  }

  /// Replaces the view controllers of the tabs.
  ///
  /// The containment ends inside the call, before the selection changes, tab by tab in index
  /// order: view controllers no longer in the list get `willMove(toParent: nil)` and are removed
  /// with `removeFromParent()`; new ones are added with `addChild(_:)` and get
  /// `didMove(toParent:)` at once (one with another parent leaves it first, with
  /// `willMove(toParent: nil)`); the ones that stay remain children without any call, and
  /// ``UIViewController/children`` follows the new order (rule T1). Then the selection stays on
  /// the same view controller if it is still in the list, else on the same index if it is valid,
  /// else moves to index 0 (rule T4), with the appearance callbacks of rule T3. More than five
  /// view controllers are kept as directly selectable tabs, with a diagnostic (rule T8).
  ///
  /// - Parameters:
  ///   - viewControllers: The new view controllers, or `nil` for none.
  ///   - animated: Whether UIKit animates the tab bar items; the model has no tab bar and ignores
  ///     it.
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    replaceViewControllers(viewControllers)
  }

  /// The view controller of the selected tab; `nil` when there are none.
  ///
  /// Setting a view controller that is not in ``viewControllers`` raises
  /// `NSInternalInconsistencyException` "Attempting to select a view controller that isn't a
  /// child! (null)" (rule T5). Selecting changes the view shown and sends
  /// the appearance callbacks of rule T3; it never tells the ``delegate`` (rule T6).
  open var selectedViewController: UIViewController? {
    get { storedSelected }
    set { select(newValue) }
  }

  /// The index of the selected tab; `NSNotFound` when there are no view controllers (model
  /// choice).
  ///
  /// Setting an index outside ``viewControllers`` raises `NSInternalInconsistencyException`
  /// (rule T5).
  open var selectedIndex: Int {
    get {
      guard let selected = storedSelected,
        let index = storedViewControllers?.firstIndex(where: { $0 === selected })
      else { return NSNotFound }
      return index
    }
    set {
      let controllers = storedViewControllers ?? []
      select(controllers.indices.contains(newValue) ? controllers[newValue] : nil)
    }
  }

  /// Makes the root view and puts the selected child's view in it (rule T2).
  open override func loadView() {
    super.loadView()
    if let selected = storedSelected { install(selected) }
  }

  // MARK: - Internals

  private func replaceViewControllers(_ newControllers: [UIViewController]?) {
    let new = newControllers ?? []
    let old = storedViewControllers ?? []
    if new.count > 5 {
      ModelRuntime.diagnose(
        .moreNavigationControllerNotModelled,
        "\(self) was given \(new.count) view controllers; UIKit shows the ones after the fourth "
          + "under its More navigation controller, which the model does not model: all "
          + "\(new.count) are selectable tabs here (model limitation)")
    }
    let previous = storedSelected
    let previousIndex = selectedIndex

    // Containment ends inside the call, tab by tab, before the selection changes (rule T1, as
    // UIKit's `_setViewControllers:animated:` does it): where the tab at an index changes, the
    // old view controller leaves if it is no longer listed and the new one joins if it is not a
    // child yet; tabs past the old count join; old tabs past the new count leave.
    func leave(_ controller: UIViewController) {
      controller.willMove(toParent: nil)
      controller.removeFromParent()
    }
    func join(_ controller: UIViewController) {
      guard controller.parent !== self else { return }
      if controller.parent != nil { leave(controller) }
      addChild(controller)
      // A refused child (semantics B9, under `.record`) is not told it moved.
      if controller.parent === self { controller.didMove(toParent: self) }
    }
    for (index, controller) in new.enumerated() {
      if index < old.count {
        let replaced = old[index]
        guard replaced !== controller else { continue }
        if !new.contains(where: { $0 === replaced }) { leave(replaced) }
        join(controller)
      } else {
        join(controller)
      }
    }
    for replaced in old.dropFirst(new.count) where !new.contains(where: { $0 === replaced }) {
      if replaced.parent === self { leave(replaced) }
    }
    storedViewControllers = newControllers
    storedChildren =
      new + storedChildren.filter { child in !new.contains { $0 === child } }

    let next: UIViewController?
    if let previous, new.contains(where: { $0 === previous }) {
      next = previous
    } else if new.indices.contains(previousIndex) {
      next = new[previousIndex]
    } else {
      next = new.first
    }
    show(next)
  }

  private func select(_ controller: UIViewController?) {
    guard let controller, storedViewControllers?.contains(where: { $0 === controller }) == true
    else {
      ModelRuntime.raise(
        ModelException.internalInconsistency,
        // UIKit formats the reason with nil whatever was asked for (rule T5).
        "Attempting to select a view controller that isn't a child! (null)")
      return
    }
    show(controller)
  }

  /// Makes `controller` the selected child, swapping the views and sending the appearance
  /// callbacks of rule T3 when the tab bar controller is visible.
  func show(_ controller: UIViewController?) {
    let old = storedSelected
    guard old !== controller else { return }
    storedSelected = controller
    guard let root = viewIfLoaded else { return }
    // While the tab bar controller is itself appearing or disappearing, the view moves alone
    // follow it (semantics D5 to D7).
    let visible = root.isInVisibleWindow && appearanceState == .appeared
    if visible {
      controller?.driveAppearanceBegin(true, animated: false)
      old?.driveAppearanceBegin(false, animated: false)
    }
    if let controller {
      controller.suppressesAutomaticAppearance = visible
      install(controller)
      controller.suppressesAutomaticAppearance = false
    }
    if let old, let oldView = old.viewIfLoaded, oldView.superview === root {
      old.suppressesAutomaticAppearance = visible
      oldView.removeFromSuperview()
      old.suppressesAutomaticAppearance = false
    }
    if visible {
      if old?.appearanceState == .disappearing { old?.driveAppearanceEnd() }
      if controller?.appearanceState == .appearing { controller?.driveAppearanceEnd() }
    }
  }

  private func install(_ controller: UIViewController) {
    guard let root = viewIfLoaded else { return }
    let childView: UIView = controller.view
    childView.frame = root.bounds
    childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(childView)
  }

  func tap(at index: Int) -> Bool {
    guard let controllers = storedViewControllers, controllers.indices.contains(index) else {
      return false
    }
    let target = controllers[index]
    var allowed = true
    if let delegate {
      ModelRuntime.recordDelegateCall(
        "\(modelName).delegate", "tabBarController(_:shouldSelect: \(target.modelName))")
      allowed = delegate.tabBarController(self, shouldSelect: target)
    }
    guard allowed else { return false }
    show(target)
    if let delegate {
      ModelRuntime.recordDelegateCall(
        "\(modelName).delegate", "tabBarController(_:didSelect: \(target.modelName))")
      delegate.tabBarController(self, didSelect: target)
    }
    return true
  }
}

extension ModelInspection where Object: UITabBarController {
  /// Simulates the user tapping the tab at `index` (model only; rule T6).
  ///
  /// The delegate is asked `tabBarController(_:shouldSelect:)`; if it allows it, the tab's view
  /// controller is selected as by `selectedViewController` (rule T3), then the delegate is told
  /// `tabBarController(_:didSelect:)`, also when the tab was already selected. Without a delegate
  /// the tab is selected.
  ///
  /// - Parameter index: The index of the tab in `viewControllers`.
  /// - Returns: Whether the tab was selected; `false` when the delegate refused or there is no
  ///   such tab.
  @discardableResult
  public func tapTab(at index: Int) -> Bool {
    object.tap(at: index)
  }
}
