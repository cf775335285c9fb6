import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// MARK: - Modal presentation

/// A view controller subclass that overrides every presentation member the model declares.
final class ProbePresentingViewController: UIViewController {
  override func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    super.present(viewControllerToPresent, animated: flag, completion: completion)
  }
  override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    super.dismiss(animated: flag, completion: completion)
  }
  override var presentedViewController: UIViewController? { super.presentedViewController }
  override var presentingViewController: UIViewController? { super.presentingViewController }
  override var modalPresentationStyle: UIModalPresentationStyle {
    get { super.modalPresentationStyle }
    set { super.modalPresentationStyle = newValue }
  }
  override var modalTransitionStyle: UIModalTransitionStyle {
    get { super.modalTransitionStyle }
    set { super.modalTransitionStyle = newValue }
  }
  override var isModalInPresentation: Bool {
    get { super.isModalInPresentation }
    set { super.isModalInPresentation = newValue }
  }
  override var presentationController: UIPresentationController? {
    super.presentationController
  }
}

/// A presentation controller subclass that overrides what the model declares overridable.
final class ProbePresentationController: UIPresentationController {
  override var presentedViewController: UIViewController { super.presentedViewController }
  override var presentationStyle: UIModalPresentationStyle { super.presentationStyle }
  override var shouldRemovePresentersView: Bool { super.shouldRemovePresentersView }
  override var presentedView: UIView? { super.presentedView }
}

/// A delegate that implements only one of the optional requirements.
@MainActor
final class ProbeSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    use(presentationController.presentedViewController)
  }
}

/// A delegate that implements every requirement the model declares.
@MainActor
final class ProbeFullSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    true
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

/// Modal presentation used from client code.
@MainActor
func probePresentation(presenter: UIViewController, delegate: ProbeSheetDelegate) {
  let presented = UIViewController()
  presented.modalPresentationStyle = .fullScreen
  presented.modalPresentationStyle = .overFullScreen
  presented.modalPresentationStyle = .automatic
  #if !os(tvOS)
  presented.modalPresentationStyle = .pageSheet
  presented.modalPresentationStyle = .formSheet
  presented.modalTransitionStyle = .flipHorizontal
  presented.modalTransitionStyle = .partialCurl
  #endif
  presented.modalTransitionStyle = .crossDissolve
  presented.modalTransitionStyle = .coverVertical
  presented.isModalInPresentation = !presented.isModalInPresentation
  presented.presentationController?.delegate = delegate
  use(presented.presentationController?.presentationStyle)
  use(presented.presentationController?.presentedViewController)
  use(presented.presentationController?.shouldRemovePresentersView)
  use(presented.presentationController?.presentedView)
  presenter.present(presented, animated: true)
  presenter.present(presented, animated: false) { use(presented.isBeingPresented) }
  use(presenter.presentedViewController)
  use(presented.presentingViewController)
  use(presented.isBeingDismissed)
  presented.dismiss(animated: true)
  presenter.dismiss(animated: false) { use(presenter.presentedViewController) }
  let custom = ProbePresentationController(
    presentedViewController: presented, presenting: presenter)
  use(custom.delegate)
  let anyDelegate: any UIAdaptivePresentationControllerDelegate = ProbeFullSheetDelegate()
  use(anyDelegate)
}

/// The sheet and popover presentation controllers a style selects, configured from client code.
@available(tvOS, unavailable)
@MainActor
func probeSheetAndPopover(presenter: UIViewController) {
  let sheet = UIViewController()
  sheet.modalPresentationStyle = .pageSheet
  if let controller: UISheetPresentationController = sheet.sheetPresentationController {
    controller.detents = [.medium(), .large()]
    use(controller.detents.map(\.identifier))
    controller.selectedDetentIdentifier = .medium
    controller.largestUndimmedDetentIdentifier = .large
    controller.prefersGrabberVisible = !controller.prefersGrabberVisible
    controller.animateChanges { controller.selectedDetentIdentifier = nil }
    let custom = UISheetPresentationController.Detent.Identifier("custom")
    let raw = UISheetPresentationController.Detent.Identifier(rawValue: custom.rawValue)
    use(raw == custom)
    let presentation: UIPresentationController = controller
    use(presentation)
  }
  let popover = UIViewController()
  popover.modalPresentationStyle = .popover
  if let controller: UIPopoverPresentationController = popover.popoverPresentationController {
    controller.sourceView = presenter.view
    controller.sourceRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    controller.permittedArrowDirections = [.up, .down, .left, .right]
    let directions: [UIPopoverArrowDirection] = [.any, .unknown]
    use(directions.map(\.rawValue))
    let presentation: UIPresentationController = controller
    use(presentation)
  }
  presenter.present(popover, animated: true)
}

/// The presentation styles, with UIKit's platform availability.
func probePresentationStyles() {
  let styles: [UIModalPresentationStyle] = [
    .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext, .none,
    .automatic,
  ]
  use(styles.map(\.rawValue))
  #if !os(tvOS)
  let iOSStyles: [UIModalPresentationStyle] = [.pageSheet, .formSheet, .popover]
  use(iOSStyles)
  #endif
  #if os(tvOS)
  use(UIModalPresentationStyle.blurOverFullScreen)
  #endif
  use(UIModalPresentationStyle(rawValue: 0))
  requireHashable(UIModalPresentationStyle.self)
  requireSendable(UIModalPresentationStyle.self)
  requireRawValue(UIModalPresentationStyle.self, Int.self)
}

// MARK: - Tab bar controllers

/// A tab bar controller subclass that overrides what the model declares overridable.
///
/// `selectedViewController` (`unowned(unsafe)` in UIKit) and `delegate` (`weak`) are read and
/// written below rather than overridden.
final class ProbeTabBarController: UITabBarController {
  override var viewControllers: [UIViewController]? {
    get { super.viewControllers }
    set { super.viewControllers = newValue }
  }
  override func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    super.setViewControllers(viewControllers, animated: animated)
  }
  override var selectedIndex: Int {
    get { super.selectedIndex }
    set { super.selectedIndex = newValue }
  }
  override func loadView() { super.loadView() }
  override func viewDidLoad() {
    super.viewDidLoad()
    viewControllers = [UIViewController(), UIViewController()]
  }
}

/// A tab bar delegate that implements only `didSelect`.
@MainActor
final class ProbeTabsDelegate: NSObject, UITabBarControllerDelegate {
  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    use(tabBarController.selectedIndex)
  }
}

/// A tab bar delegate that implements both requirements the model declares.
@MainActor
final class ProbeGatekeepingTabsDelegate: NSObject, UITabBarControllerDelegate {
  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    viewController !== tabBarController.selectedViewController
  }
  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {}
}

/// Tab bar controllers used from client code.
@MainActor
func probeTabBarController(delegate: ProbeTabsDelegate) {
  let tabs = UITabBarController()
  let first = UIViewController()
  let second = UIViewController()
  tabs.viewControllers = [first, second]
  tabs.setViewControllers([second, first], animated: true)
  tabs.setViewControllers(nil, animated: false)
  use(tabs.viewControllers)
  tabs.selectedIndex = 0
  use(tabs.selectedIndex)
  tabs.selectedViewController = second
  use(tabs.selectedViewController)
  tabs.delegate = delegate
  use(tabs.delegate)
  let subclass = ProbeTabBarController(nibName: nil, bundle: nil)
  use(subclass.selectedIndex)
}

// MARK: - Page view controllers

/// A page view controller subclass that overrides what the model declares overridable.
final class ProbePageViewController: UIPageViewController {
  init() {
    super.init(transitionStyle: .scroll, navigationOrientation: .vertical, options: nil)
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }

  override var transitionStyle: UIPageViewController.TransitionStyle { super.transitionStyle }
  override var navigationOrientation: UIPageViewController.NavigationOrientation {
    super.navigationOrientation
  }
  override var spineLocation: UIPageViewController.SpineLocation { super.spineLocation }
  override var isDoubleSided: Bool {
    get { super.isDoubleSided }
    set { super.isDoubleSided = newValue }
  }
  override var viewControllers: [UIViewController]? { super.viewControllers }
  override func setViewControllers(
    _ viewControllers: [UIViewController]?, direction: UIPageViewController.NavigationDirection,
    animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    super.setViewControllers(
      viewControllers, direction: direction, animated: animated, completion: completion)
  }
}

/// A page data source that implements only the required members, and a page delegate that
/// implements both members the model declares.
@MainActor
final class ProbePagesDataSource: NSObject, UIPageViewControllerDataSource,
  UIPageViewControllerDelegate
{
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? {
    pageViewController.viewControllers?.first === viewController ? nil : viewController
  }
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? { nil }
  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {
    use(pendingViewControllers)
  }
  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {
    use((finished, previousViewControllers, completed))
  }
}

/// A page data source with a page indicator.
@MainActor
final class ProbeIndicatorDataSource: NSObject, UIPageViewControllerDataSource {
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? { nil }
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? { nil }
  func presentationCount(for pageViewController: UIPageViewController) -> Int { 2 }
  func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Page view controllers used from client code.
@MainActor
func probePageViewController() {
  let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
  let source = ProbePagesDataSource()
  pages.dataSource = source
  pages.delegate = source
  use(pages.dataSource)
  use(pages.delegate)
  let indicator = ProbeIndicatorDataSource()
  pages.dataSource = indicator
  use((source, indicator))
  let book = UIPageViewController(
    transitionStyle: .pageCurl, navigationOrientation: .vertical,
    options: [
      .spineLocation: UIPageViewController.SpineLocation.mid.rawValue, .interPageSpacing: 8,
    ])
  use(pages.transitionStyle)
  use(pages.navigationOrientation)
  use(book.spineLocation)
  book.isDoubleSided = !book.isDoubleSided
  use(pages.viewControllers)
  pages.setViewControllers([UIViewController()], direction: .forward, animated: true)
  pages.setViewControllers([UIViewController()], direction: .reverse, animated: false) {
    finished in use(finished)
  }
  let styles: [UIPageViewController.TransitionStyle] = [.pageCurl, .scroll]
  let orientations: [UIPageViewController.NavigationOrientation] = [.horizontal, .vertical]
  let spines: [UIPageViewController.SpineLocation] = [.none, .min, .mid, .max]
  let directions: [UIPageViewController.NavigationDirection] = [.forward, .reverse]
  use((styles, orientations, spines, directions))
  use(UIPageViewController.OptionsKey(rawValue: "key"))
  requireHashable(UIPageViewController.TransitionStyle.self)
  requireHashable(UIPageViewController.OptionsKey.self)
  requireRawValue(UIPageViewController.TransitionStyle.self, Int.self)
  requireRawValue(UIPageViewController.NavigationOrientation.self, Int.self)
  requireRawValue(UIPageViewController.SpineLocation.self, Int.self)
  requireRawValue(UIPageViewController.NavigationDirection.self, Int.self)
  requireRawValue(UIPageViewController.OptionsKey.self, String.self)
  requireSendable(UIPageViewController.NavigationDirection.self)
}
