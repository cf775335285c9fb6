import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A navigation controller subclass that overrides every overridable member the model declares
/// for it.
final class ProbeNavigationController: UINavigationController {
  override init(rootViewController: UIViewController) {
    super.init(rootViewController: rootViewController)
  }
  override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }

  override var viewControllers: [UIViewController] {
    get { super.viewControllers }
    set { super.viewControllers = newValue }
  }
  override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    super.setViewControllers(viewControllers, animated: animated)
  }
  override func pushViewController(_ viewController: UIViewController, animated: Bool) {
    super.pushViewController(viewController, animated: animated)
  }
  override func popViewController(animated: Bool) -> UIViewController? {
    super.popViewController(animated: animated)
  }
  override func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    super.popToViewController(viewController, animated: animated)
  }
  override func popToRootViewController(animated: Bool) -> [UIViewController]? {
    super.popToRootViewController(animated: animated)
  }
  override var topViewController: UIViewController? { super.topViewController }
  override var visibleViewController: UIViewController? { super.visibleViewController }
  override var delegate: (any UINavigationControllerDelegate)? {
    get { super.delegate }
    set { super.delegate = newValue }
  }
  override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated) }
  override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    super.transitionCoordinator
  }
  override var navigationController: UINavigationController? { super.navigationController }
}

/// A navigation delegate that implements only one of the protocol's optional members.
final class ProbeNavigationDelegate: NSObject, UINavigationControllerDelegate {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {
    use(navigationController.transitionCoordinator)
    use(viewController.isMovingToParent)
  }
}

/// A navigation delegate that implements both of the model's members.
final class ProbeFullNavigationDelegate: NSObject, UINavigationControllerDelegate {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

/// Navigation stacks used from client code.
@MainActor
func probeNavigation(root: UIViewController, other: UIViewController, coder: NSCoder) {
  let navigation = UINavigationController(rootViewController: root)
  use(UINavigationController())
  use(UINavigationController(nibName: nil, bundle: nil))
  use(UINavigationController(coder: coder) as UINavigationController?)
  use(ProbeNavigationController(rootViewController: root))
  let delegate = ProbeNavigationDelegate()
  navigation.delegate = delegate
  use(navigation.delegate)
  let full: any UINavigationControllerDelegate = ProbeFullNavigationDelegate()
  navigation.delegate = full

  navigation.pushViewController(other, animated: true)
  navigation.popViewController(animated: true)
  let popped: UIViewController? = navigation.popViewController(animated: false)
  use(popped)
  navigation.popToViewController(root, animated: true)
  use(navigation.popToRootViewController(animated: false))
  navigation.popToRootViewController(animated: true)
  navigation.setViewControllers([root, other], animated: true)
  navigation.viewControllers = [root]
  use(navigation.viewControllers)
  use(navigation.topViewController)
  use(navigation.visibleViewController)
  use(root.navigationController)

  if let coordinator = root.transitionCoordinator {
    probeCoordinator(coordinator)
    coordinator.notifyWhenInteractionChanges { context in
      use(context.isCancelled)
      use(context.isInteractive)
    }
  }
}

// MARK: - Split view controllers

/// A split view controller subclass: the model declares the type only (rule N21).
final class ProbeSplitViewController: UISplitViewController {}

/// Makes split view controllers the ways the model allows, and asks a navigation controller to
/// push one, which UIKit refuses.
@MainActor
func probeSplitViewController(navigation: UINavigationController) {
  let split: UISplitViewController = ProbeSplitViewController(nibName: nil, bundle: nil)
  let plain = UISplitViewController()
  navigation.pushViewController(split, animated: false)
  navigation.setViewControllers([plain], animated: false)
}
