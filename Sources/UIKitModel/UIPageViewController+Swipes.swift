import Foundation

/// What a page view controller asks its data source for when the user swipes, as in UIKit.
///
/// UIKit asks it for the page before or after the one shown, in response to navigation gestures
/// only; pages set in code ask it nothing (rule P7 of Docs/Design/0001). In the model a test
/// swipes with `pages.uikitModel.swipePage(_:)`. The page-indicator members, optional in UIKit,
/// have default implementations that show no indicator.
@MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
  /// Returns the page before `viewController`, or `nil` when it is the first.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - viewController: The page shown.
  /// - Returns: The page before it, or `nil`.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController?

  /// Returns the page after `viewController`, or `nil` when it is the last.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - viewController: The page shown.
  /// - Returns: The page after it, or `nil`.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController?

  /// The number of dots of a scrolling page view controller's page indicator; `0` (no indicator)
  /// by default.
  ///
  /// - Parameter pageViewController: The page view controller.
  /// - Returns: The number of pages.
  func presentationCount(for pageViewController: UIPageViewController) -> Int

  /// The dot of the page indicator shown as selected; `0` by default.
  ///
  /// - Parameter pageViewController: The page view controller.
  /// - Returns: The index of the page shown.
  func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
  /// No page indicator (UIKit shows none when the data source does not implement it).
  ///
  /// - Parameter pageViewController: The page view controller.
  /// - Returns: `0`.
  public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }

  /// The first dot.
  ///
  /// - Parameter pageViewController: The page view controller.
  /// - Returns: `0`.
  public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page view controller tells its delegate about the user's swipes, as in UIKit.
///
/// Every requirement is optional in UIKit; the model gives each a default implementation that does
/// nothing. UIKit sends them for gesture-driven transitions only, never for pages set in code
/// (rule P8 of Docs/Design/0001).
@MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
  /// Tells the delegate that a swipe starts turning to `pendingViewControllers`.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - pendingViewControllers: The pages the swipe turns to.
  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController])

  /// Tells the delegate that a swipe's transition ended.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - finished: Whether the animation finished.
  ///   - previousViewControllers: The pages shown before the swipe.
  ///   - completed: Whether the swipe turned the page (`false` when the user let go back).
  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - pendingViewControllers: The pages the swipe turns to.
  public func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - pageViewController: The page view controller.
  ///   - finished: Whether the animation finished.
  ///   - previousViewControllers: The pages shown before the swipe.
  ///   - completed: Whether the swipe turned the page.
  public func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {}
}

extension UIPageViewController {
  func swipe(_ direction: NavigationDirection, completes: Bool) -> Bool {
    guard let shown = viewControllers?.first, let dataSource else { return false }
    let name = "\(modelName).dataSource"
    let next: UIViewController?
    if direction == .forward {
      ModelRuntime.recordDelegateCall(
        name, "pageViewController(_:viewControllerAfter: \(shown.modelName))")
      next = dataSource.pageViewController(self, viewControllerAfter: shown)
    } else {
      ModelRuntime.recordDelegateCall(
        name, "pageViewController(_:viewControllerBefore: \(shown.modelName))")
      next = dataSource.pageViewController(self, viewControllerBefore: shown)
    }
    guard let next, next !== shown else { return false }
    let previous = viewControllers ?? []
    if let delegate {
      ModelRuntime.recordDelegateCall(
        "\(modelName).delegate", "pageViewController(_:willTransitionTo: [\(next.modelName)])")
      delegate.pageViewController(self, willTransitionTo: [next])
    }
    let finish: (Bool) -> Void = { [weak self] finished in
      guard let self, let delegate = self.delegate else { return }
      let names = previous.map(\.modelName).joined(separator: ", ")
      ModelRuntime.recordDelegateCall(
        "\(self.modelName).delegate",
        "pageViewController(_:didFinishAnimating: \(finished), previousViewControllers: "
          + "[\(names)], transitionCompleted: \(completes))")
      delegate.pageViewController(
        self, didFinishAnimating: finished, previousViewControllers: previous,
        transitionCompleted: completes)
    }
    if completes {
      setViewControllers([next], direction: direction, animated: true, completion: finish)
    } else {
      turnBack(from: next, to: previous, completion: finish)
    }
    return true
  }

  /// A swipe the user lets go back (rule P9): the pending page comes in and starts appearing,
  /// then goes out again; the pages shown stay.
  ///
  /// When the turn ends, the pages are moved back only if the page view controller is then on
  /// screen (rule P11): one that left the window meanwhile took its pages off with it.
  private func turnBack(
    from pending: UIViewController, to shown: [UIViewController],
    completion: @escaping (Bool) -> Void
  ) {
    addChild(pending)
    let root = viewIfLoaded
    let visible = root?.isInVisibleWindow == true && appearanceState == .appeared
    if visible {
      pending.drivePageAppearanceBegin(true, animated: true)
      for page in shown {
        page.drivePageAppearanceBegin(false, animated: true)
      }
    }
    pending.suppressesAutomaticAppearance = visible
    install(pending)
    pending.suppressesAutomaticAppearance = false
    let record = ModelRuntime.startAnimation(
      kind: .pageTransition, duration: ModelRuntime.pageTransitionDuration, delay: 0,
      options: [], views: root.map { [$0] } ?? [],
      subject: "swipe back from \(pending.modelName)")
    record.willFinish = { [weak self] _ in
      guard let self else { return }
      let onScreen =
        self.viewIfLoaded?.isInVisibleWindow == true && self.appearanceState == .appeared
      var moved: [UIViewController] = []
      if onScreen {
        if pending.appearanceState == .appearing || pending.appearanceState == .appeared {
          pending.drivePageAppearanceBegin(false, animated: true)
          moved.append(pending)
        }
        for page in shown
        where page.appearanceState == .disappearing || page.appearanceState == .disappeared {
          page.drivePageAppearanceBegin(true, animated: true)
          moved.append(page)
        }
      }
      if let pendingView = pending.viewIfLoaded, pendingView.superview === self.viewIfLoaded {
        pending.suppressesAutomaticAppearance = true
        pendingView.removeFromSuperview()
        pending.suppressesAutomaticAppearance = false
      }
      for page in moved where page.appearanceState.isTransitioning {
        page.driveAppearanceEnd()
      }
      pending.willMove(toParent: nil)
      pending.removeFromParent()
    }
    record.completion = completion
  }
}

extension ModelInspection where Object: UIPageViewController {
  /// Simulates the user swiping to the next (`.forward`) or previous (`.reverse`) page, and
  /// letting go past the middle, so that the page turns, or before it, so that it turns back
  /// (model only; rules P6 to P9).
  ///
  /// The data source is asked for the page after (or before) the first page shown; without a
  /// data source, or when it answers `nil`, nothing happens. Otherwise the delegate is told
  /// `pageViewController(_:willTransitionTo:)`, the page turns as by an animated
  /// `setViewControllers(_:direction:animated:completion:)` (rules P2 to P4), and when the turn
  /// ends the delegate is told
  /// `pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)`
  /// with `transitionCompleted: true`. When the user lets go back (`completes: false`, rule P9),
  /// the pending page is added and starts appearing, then disappears and is removed, the page
  /// shown appears again and ``UIPageViewController/viewControllers`` never changes; the
  /// delegate is told `transitionCompleted: false`.
  ///
  /// - Parameters:
  ///   - direction: `.forward` for the next page, `.reverse` for the previous one.
  ///   - completes: Whether the user lets go past the middle, so that the page turns.
  /// - Returns: Whether a page turn started.
  @discardableResult
  public func swipePage(
    _ direction: UIPageViewController.NavigationDirection, completes: Bool = true
  ) -> Bool {
    object.swipe(direction, completes: completes)
  }
}
