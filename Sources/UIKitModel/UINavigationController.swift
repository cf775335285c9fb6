public import Foundation

/// A container that manages a stack of view controllers and shows the top one, with UIKit's
/// containment, appearance and delegate callbacks for push, pop and replacement (rules N1–N21 of
/// Docs/Design/0001).
///
/// The stack's controllers are its children; only the top one's root view is in the navigation
/// controller's view, filling it, and a controller's view is loaded only when it is shown. While
/// the navigation controller is on screen, a change of top controller is a transition: the
/// leaving top gets `viewWillDisappear(_:)`, the new top `viewWillAppear(_:)` and the delegate
/// `navigationController(_:willShow:animated:)` at once; the leaving top's view is removed,
/// `viewDidDisappear(_:)`, `viewDidAppear(_:)`, the containment ends and
/// `navigationController(_:didShow:animated:)` follow when the transition ends — after
/// ``ModelRuntime/navigationTransitionDuration`` when animated, at the next run of the model
/// otherwise (model choice K3). Off screen, a change makes no appearance or delegate callbacks.
///
/// The navigation bar and toolbar are not modelled. Tests drive an interactive pop with
/// `uikitModel.beginInteractivePop()` then `finishInteractivePop()` or `cancelInteractivePop()`.
@MainActor
open class UINavigationController: UIViewController {
  /// The stack, bottom to top.
  var stack: [UIViewController] = []
  /// The transition that is showing a new top controller on screen, if any.
  var runningTransition: NavigationTransition?

  /// Creates a navigation controller whose stack holds `rootViewController`, pushed without
  /// animation (rule N1).
  ///
  /// The root becomes a child at once (`willMove(toParent:)`); its `didMove(toParent:)` comes at
  /// the next run of the model, so a root shown in the same turn sees `isMovingToParent` in its
  /// first appearance. Neither view is loaded.
  ///
  /// - Parameter rootViewController: The bottom of the stack.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    performPush(rootViewController, animated: false)
  }

  /// Creates a navigation controller with an empty stack.
  ///
  /// The nib must be `nil`: the model has no nibs.
  ///
  /// - Parameters:
  ///   - nibNameOrNil: Must be `nil`.
  ///   - nibBundleOrNil: Ignored.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// Unarchiving is not supported by the model.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: - The stack

  /// The stack, bottom (the root) to top (rule N6).
  ///
  /// It changes as soon as a push, pop or replacement is asked for, before its transition ends.
  /// Setting it is `setViewControllers(_:animated:)` with `animated` `false`, as Apple documents.
  open var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// Replaces the stack (rule N6).
  ///
  /// Controllers that are new to the stack become children (`willMove(toParent:)` now,
  /// `didMove(toParent:)` when the transition ends); controllers that leave it get
  /// `willMove(toParent: nil)` now and are removed from their parent when it ends. When the top
  /// controller changes on screen, one transition shows the new top: a push if it was not on the
  /// stack, a pop if it was, as the header documents; when the top stays, nothing is shown.
  /// Controllers under the top are not loaded.
  ///
  /// Raises, before changing anything, for a `UINavigationController` in the list,
  /// `NSInternalInconsistencyException` ("All view controllers in a navigation controller must be
  /// distinct") for a controller listed twice, or for a controller whose view sits inside another
  /// controller's view tree (semantics B9) (rule N16). A list with a `UISplitViewController` is
  /// refused, with a `splitViewControllerPushed` diagnostic, and changes nothing (rule N21). A
  /// call while a transition runs is a nested transition (rule N15).
  ///
  /// - Parameters:
  ///   - viewControllers: The new stack, bottom to top.
  ///   - animated: Whether the transition animates.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    performSetViewControllers(viewControllers, animated: animated)
  }

  /// Pushes a controller onto the stack and shows it (rules N2–N5).
  ///
  /// Raises `NSInvalidArgumentException` for a `UINavigationController` ("Pushing a navigation
  /// controller is not supported") or a controller already on the stack ("… is pushing the same
  /// view controller instance (…) more than once which is not supported …"), and
  /// `UIViewControllerHierarchyInconsistency` for one whose view sits inside another controller's
  /// view tree (semantics B9), before changing anything (rule N16). A `UISplitViewController` is
  /// not pushed: UIKit logs "Split View Controllers cannot be pushed to a Navigation Controller",
  /// a `splitViewControllerPushed` diagnostic here, and nothing changes (rule N21). A controller
  /// with another parent moves here as `addChild(_:)` moves it (rule N17).
  ///
  /// - Parameters:
  ///   - viewController: The controller to push.
  ///   - animated: Whether the transition animates.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    performPush(viewController, animated: animated)
  }

  /// Pops the top controller and shows the one below it (rule N4).
  ///
  /// Does nothing and returns `nil` when the stack has one controller or none: the root cannot be
  /// popped.
  ///
  /// - Parameter animated: Whether the transition animates.
  /// - Returns: The popped controller.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    performPop(animated: animated)
  }

  /// Pops every controller above `viewController` (rule N7).
  ///
  /// Raises `NSInternalInconsistencyException` ("Tried to pop to a view controller that doesn't
  /// exist.") when it is not on the stack.
  ///
  /// - Parameters:
  ///   - viewController: The controller to leave on top.
  ///   - animated: Whether the transition animates.
  /// - Returns: The popped controllers, bottom to top, or `nil` when none was popped (model
  ///   choice).
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    performPop(to: viewController, animated: animated)
  }

  /// Pops every controller above the root (rule N7).
  ///
  /// - Parameter animated: Whether the transition animates.
  /// - Returns: The popped controllers, bottom to top, or `nil` when none was popped (model
  ///   choice).
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = stack.first else { return nil }
    return performPop(to: root, animated: animated)
  }

  /// The top of the stack, or `nil` when it is empty.
  open var topViewController: UIViewController? { stack.last }

  /// The controller presented modally over the navigation controller if there is one, otherwise
  /// the top of the stack (rule N19).
  open var visibleViewController: UIViewController? {
    modallyPresentedViewController ?? topViewController
  }

  /// The object told when a new top controller is shown (rule N9); held weakly.
  weak open var delegate: (any UINavigationControllerDelegate)?

  // MARK: - Appearance

  /// Called before the navigation controller's view enters a visible window; puts the top
  /// controller's view (loading it if needed) into the navigation controller's view first, so that
  /// it appears with it (rule N10).
  ///
  /// Overrides must call `super`.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    installTopView()
  }
}

/// The messages a navigation controller sends about the controllers it shows.
///
/// Every member is optional, as in UIKit (where the protocol is an Objective-C protocol with
/// `@optional` members): the model gives each a default implementation that does nothing, so a
/// conforming type implements only the members it needs. In UIKit, conforming types inherit from
/// `NSObject`; write them that way to compile against both.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
  /// Called when a push, pop or replacement starts showing a new top controller on screen, after
  /// that controller's `viewWillAppear(_:)` (rule N9).
  ///
  /// - Parameters:
  ///   - navigationController: The navigation controller.
  ///   - viewController: The new top controller.
  ///   - animated: Whether the transition animates.
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)

  /// Called when the transition that showed a new top controller ended, after that controller's
  /// `viewDidAppear(_:)` and `didMove(toParent:)`; never for a cancelled interactive pop (rules
  /// N9, N13).
  ///
  /// - Parameters:
  ///   - navigationController: The navigation controller.
  ///   - viewController: The new top controller.
  ///   - animated: Whether the transition animated.
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  /// Does nothing: the member is optional in UIKit.
  ///
  /// - Parameters:
  ///   - navigationController: The navigation controller.
  ///   - viewController: The new top controller.
  ///   - animated: Whether the transition animates.
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}

  /// Does nothing: the member is optional in UIKit.
  ///
  /// - Parameters:
  ///   - navigationController: The navigation controller.
  ///   - viewController: The new top controller.
  ///   - animated: Whether the transition animated.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

extension ModelRuntime {
  /// How long an animated push, pop or replacement of a navigation stack runs, and how long an
  /// interactive pop takes to finish or cancel once the test lets go: 0.35 seconds.
  ///
  /// A model value: UIKit's duration depends on the system version and the device.
  public static var navigationTransitionDuration: TimeInterval { 0.35 }
}

extension ModelInspection where Object: UINavigationController {
  /// Starts an interactive pop, as the user's swipe from the leading edge does (rule N13).
  ///
  /// The top controller is taken off the stack and gets `willMove(toParent: nil)` and
  /// `viewWillDisappear(true)`; the one below gets `viewWillAppear(true)` and the delegate
  /// `navigationController(_:willShow:animated:)`; the transition coordinator is interactive and
  /// stays so until ``finishInteractivePop()`` or ``cancelInteractivePop()``.
  ///
  /// UIKit's gesture does not begin when there is nothing to pop, when the navigation controller
  /// is not on screen or while another transition runs; nor does this, which then returns `false`
  /// and changes nothing.
  ///
  /// - Returns: Whether the pop began.
  @discardableResult
  public func beginInteractivePop() -> Bool {
    object.beginInteractivePop()
  }

  /// Lets go of the interactive pop so that it completes (rule N14).
  ///
  /// The coordinator's interaction handlers run with `isCancelled == false`, and the pop ends as
  /// an animated pop does, after ``ModelRuntime/navigationTransitionDuration``.
  ///
  /// Traps when no interactive pop is under way (a misuse of the model).
  public func finishInteractivePop() {
    object.endInteractivePop(cancelled: false)
  }

  /// Lets go of the interactive pop so that it is cancelled (rule N13).
  ///
  /// The coordinator's interaction handlers run with `isCancelled == true`; the controller that
  /// was being revealed gets `viewWillDisappear(true)` and `viewDidDisappear(true)`, the top one
  /// `viewWillAppear(true)` and is back on the stack; after
  /// ``ModelRuntime/navigationTransitionDuration`` the top one gets `viewDidAppear(true)`. There is
  /// no `navigationController(_:didShow:animated:)`.
  ///
  /// Traps when no interactive pop is under way (a misuse of the model).
  public func cancelInteractivePop() {
    object.endInteractivePop(cancelled: true)
  }

  /// Whether an interactive pop has begun and not yet been let go of.
  public var isInteractivePopInProgress: Bool {
    object.runningTransition?.isAwaitingInteraction == true
  }
}
