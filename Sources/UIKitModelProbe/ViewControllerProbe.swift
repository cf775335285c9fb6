import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A view controller subclass that overrides every overridable member the model declares.
final class ProbeViewController: UIViewController {
  init() { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { super.init(coder: coder) }

  override var view: UIView! {
    get { super.view }
    set { super.view = newValue }
  }
  override var viewIfLoaded: UIView? { super.viewIfLoaded }
  override var isViewLoaded: Bool { super.isViewLoaded }
  override func loadViewIfNeeded() { super.loadViewIfNeeded() }
  override func loadView() { super.loadView() }
  override func viewDidLoad() { super.viewDidLoad() }
  override var nibName: String? { super.nibName }
  override var nibBundle: Bundle? { super.nibBundle }
  override var title: String? {
    get { super.title }
    set { super.title = newValue }
  }
  override var additionalSafeAreaInsets: UIEdgeInsets {
    get { super.additionalSafeAreaInsets }
    set { super.additionalSafeAreaInsets = newValue }
  }
  override var next: UIResponder? { super.next }

  override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated) }
  override func viewIsAppearing(_ animated: Bool) { super.viewIsAppearing(animated) }
  override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated) }
  override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated) }
  override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated) }
  override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews() }
  override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews() }
  override func updateViewConstraints() { super.updateViewConstraints() }
  override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning() }
  override var isMovingToParent: Bool { super.isMovingToParent }
  override var isMovingFromParent: Bool { super.isMovingFromParent }
  override var isBeingPresented: Bool { super.isBeingPresented }
  override var isBeingDismissed: Bool { super.isBeingDismissed }

  override var preferredContentSize: CGSize {
    get { super.preferredContentSize }
    set { super.preferredContentSize = newValue }
  }
  override func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
  }
  override func systemLayoutFittingSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.systemLayoutFittingSizeDidChange(forChildContentContainer: container)
  }
  override func size(
    forChildContentContainer container: any UIContentContainer,
    withParentContainerSize parentSize: CGSize
  ) -> CGSize {
    super.size(forChildContentContainer: container, withParentContainerSize: parentSize)
  }
  override func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    super.viewWillTransition(to: size, with: coordinator)
    probeCoordinator(coordinator)
  }
  override func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    super.willTransition(to: newCollection, with: coordinator)
  }
  override var traitCollection: UITraitCollection { super.traitCollection }
  @available(iOS, deprecated: 17.0)
  @available(tvOS, deprecated: 17.0)
  @available(visionOS, deprecated: 1.0)
  override func setOverrideTraitCollection(
    _ collection: UITraitCollection?, forChild childViewController: UIViewController
  ) {
    super.setOverrideTraitCollection(collection, forChild: childViewController)
  }
  @available(iOS, deprecated: 17.0)
  @available(tvOS, deprecated: 17.0)
  @available(visionOS, deprecated: 1.0)
  override func overrideTraitCollection(forChild childViewController: UIViewController)
    -> UITraitCollection?
  {
    super.overrideTraitCollection(forChild: childViewController)
  }

  override var children: [UIViewController] { super.children }
  override var parent: UIViewController? { super.parent }
  override func addChild(_ childController: UIViewController) { super.addChild(childController) }
  override func removeFromParent() { super.removeFromParent() }
  override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent) }
  override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent) }
  override var shouldAutomaticallyForwardAppearanceMethods: Bool {
    super.shouldAutomaticallyForwardAppearanceMethods
  }
  override var navigationController: UINavigationController? { super.navigationController }
  override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    super.transitionCoordinator
  }
  override func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    super.beginAppearanceTransition(isAppearing, animated: animated)
  }
  override func endAppearanceTransition() { super.endAppearanceTransition() }
  override func transition(
    from fromViewController: UIViewController, to toViewController: UIViewController,
    duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    super.transition(
      from: fromViewController, to: toViewController, duration: duration, options: options,
      animations: animations, completion: completion)
  }

  // UIKit has no status bar on tvOS, and deprecates it on visionOS ("Has no effect").
  #if !os(tvOS) && !os(visionOS)
  override var preferredStatusBarStyle: UIStatusBarStyle { super.preferredStatusBarStyle }
  override var prefersStatusBarHidden: Bool { super.prefersStatusBarHidden }
  override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation {
    super.preferredStatusBarUpdateAnimation
  }
  override var childForStatusBarStyle: UIViewController? { super.childForStatusBarStyle }
  override var childForStatusBarHidden: UIViewController? { super.childForStatusBarHidden }
  override func setNeedsStatusBarAppearanceUpdate() { super.setNeedsStatusBarAppearanceUpdate() }
  #endif
  // UIKit has no home indicator or screen-edge gestures on tvOS.
  #if !os(tvOS)
  override var prefersHomeIndicatorAutoHidden: Bool { super.prefersHomeIndicatorAutoHidden }
  override var childForHomeIndicatorAutoHidden: UIViewController? {
    super.childForHomeIndicatorAutoHidden
  }
  override func setNeedsUpdateOfHomeIndicatorAutoHidden() {
    super.setNeedsUpdateOfHomeIndicatorAutoHidden()
  }
  override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge {
    super.preferredScreenEdgesDeferringSystemGestures
  }
  override var childForScreenEdgesDeferringSystemGestures: UIViewController? {
    super.childForScreenEdgesDeferringSystemGestures
  }
  override func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
    super.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
  }
  #endif
}

/// A size or trait transition's coordinator, used the way an override of
/// `viewWillTransition(to:with:)` uses it.
@MainActor
func probeCoordinator(_ coordinator: any UIViewControllerTransitionCoordinator) {
  coordinator.animate(
    alongsideTransition: { context in
      use(context.isAnimated)
      use(context.transitionDuration)
      use(context.isCancelled)
      use(context.isInteractive)
    },
    completion: { context in use(context.isCancelled) })
  coordinator.animate(alongsideTransition: nil)
  coordinator.notifyWhenInteractionChanges { context in use(context.isCancelled) }
  let context: any UIViewControllerTransitionCoordinatorContext = coordinator
  use(context.isAnimated)
}

/// View controllers used from client code.
@MainActor
func probeViewControllers(coder: NSCoder) {
  let parent = UIViewController(nibName: nil, bundle: nil)
  let child = UIViewController()
  let other = UIViewController()
  use(UIViewController(coder: coder) as UIViewController?)
  parent.view = UIView()
  use(parent.view.bounds)
  use(parent.viewIfLoaded)
  use(parent.isViewLoaded)
  parent.loadViewIfNeeded()
  use(parent.nibName)
  use(parent.nibBundle)
  parent.title = parent.title ?? "probe"
  parent.additionalSafeAreaInsets = .zero
  use(parent.isMovingToParent)
  use(parent.isMovingFromParent)
  use(parent.isBeingPresented)
  use(parent.isBeingDismissed)
  parent.preferredContentSize = CGSize(width: 10, height: 10)

  let container: any UIContentContainer = parent
  use(container.preferredContentSize)
  container.preferredContentSizeDidChange(forChildContentContainer: child)
  container.systemLayoutFittingSizeDidChange(forChildContentContainer: child)
  use(container.size(forChildContentContainer: child, withParentContainerSize: .zero))
  let environment: any UITraitEnvironment = parent
  use(environment.traitCollection)

  parent.addChild(child)
  parent.view.addSubview(child.view)
  child.didMove(toParent: parent)
  use(parent.children)
  use(child.parent)
  parent.addChild(other)
  parent.transition(
    from: child, to: other, duration: 0.3, options: [.transitionCrossDissolve],
    animations: nil
  ) { finished in use(finished) }
  parent.transition(from: other, to: child, duration: 0, animations: {})
  child.willMove(toParent: nil)
  child.view.removeFromSuperview()
  child.removeFromParent()
  use(parent.shouldAutomaticallyForwardAppearanceMethods)
  child.beginAppearanceTransition(true, animated: false)
  child.endAppearanceTransition()

  #if !os(tvOS) && !os(visionOS)
  use(parent.preferredStatusBarStyle)
  use(parent.prefersStatusBarHidden)
  use(parent.preferredStatusBarUpdateAnimation)
  use(parent.childForStatusBarStyle)
  use(parent.childForStatusBarHidden)
  parent.setNeedsStatusBarAppearanceUpdate()
  #endif
  #if !os(tvOS)
  use(parent.prefersHomeIndicatorAutoHidden)
  use(parent.childForHomeIndicatorAutoHidden)
  parent.setNeedsUpdateOfHomeIndicatorAutoHidden()
  use(parent.preferredScreenEdgesDeferringSystemGestures)
  use(parent.childForScreenEdgesDeferringSystemGestures)
  parent.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
  #endif
  parent.didReceiveMemoryWarning()
}

/// The trait API that UIKit deprecated in iOS 17, used from a context deprecated the same way.
@available(iOS, deprecated: 17.0)
@available(tvOS, deprecated: 17.0)
@available(visionOS, deprecated: 1.0)
@MainActor
func probeDeprecatedTraits(parent: UIViewController, child: UIViewController) {
  let merged = UITraitCollection(traitsFrom: [
    UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(userInterfaceStyle: .dark),
  ])
  parent.setOverrideTraitCollection(merged, forChild: child)
  use(parent.overrideTraitCollection(forChild: child))
}

/// Trait collections.
func probeTraits() {
  let traits = [
    UITraitCollection(), UITraitCollection(horizontalSizeClass: .regular),
    UITraitCollection(verticalSizeClass: .compact), UITraitCollection(userInterfaceStyle: .light),
  ]
  use(traits.map(\.horizontalSizeClass))
  use(traits.map(\.verticalSizeClass))
  use(traits.map(\.userInterfaceStyle))
  use(traits.map(\.description))
  use(Set(traits))
  use(traits[0] == traits[1])
  requireHashable(UITraitCollection.self)
  requireSendable(UITraitCollection.self)
}

/// A trait collection subclass that overrides what UIKit lets it override.
final class ProbeTraitCollection: UITraitCollection, @unchecked Sendable {
  override var horizontalSizeClass: UIUserInterfaceSizeClass { super.horizontalSizeClass }
  override var verticalSizeClass: UIUserInterfaceSizeClass { super.verticalSizeClass }
  override var userInterfaceStyle: UIUserInterfaceStyle { super.userInterfaceStyle }
  override var description: String { super.description }
}
