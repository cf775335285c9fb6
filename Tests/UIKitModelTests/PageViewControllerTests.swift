#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

@MainActor
private func pageViewController(
  _ style: UIPageViewController.TransitionStyle,
  options: [UIPageViewController.OptionsKey: Any]? = nil
) -> UIPageViewController {
  let pages = UIPageViewController(
    transitionStyle: style, navigationOrientation: .horizontal, options: options)
  pages.uikitModel.name = "pages"
  return pages
}

/// A data source over a fixed list of pages, and a delegate that records what it is told.
@MainActor
private final class ListDataSource: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
  let pages: [UIViewController]
  var told: [String] = []

  init(pages: [UIViewController]) {
    self.pages = pages
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? {
    guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else {
      return nil
    }
    return pages[index - 1]
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? {
    guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count
    else { return nil }
    return pages[index + 1]
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {
    told.append("willTransitionTo " + names(pendingViewControllers).joined(separator: ", "))
  }

  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {
    told.append(
      "didFinishAnimating " + names(previousViewControllers).joined(separator: ", ")
        + " \(completed)")
  }
}

@MainActor
private func names(_ controllers: [UIViewController]?) -> [String] {
  (controllers ?? []).map(\.uikitModel.name)
}

extension ModelTests {
  /// `UIPageViewController`, rule by rule (rules P1 to P11 of Docs/Design/0001).
  @MainActor
  @Suite("Page view controllers (rules P)")
  struct PageViewControllers {
    @Test(
      "P1 the configuration reads back; the spine is none for scrolling, min by default for a page curl"
    )
    func p1Configuration() {
      freshModel()
      let scroll = pageViewController(.scroll)
      let curl = pageViewController(.pageCurl)
      let book = pageViewController(
        .pageCurl, options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])

      #expect(scroll.transitionStyle == .scroll)
      #expect(scroll.navigationOrientation == .horizontal)
      #expect(scroll.spineLocation == UIPageViewController.SpineLocation.none)
      #expect(curl.spineLocation == .min)
      #expect(book.spineLocation == .mid)
      #expect(!curl.isDoubleSided)
      #expect(scroll.viewControllers == nil)
    }

    @Test(
      "P1 P4 pages set before the view loads become children; their views fill the view once it loads"
    )
    func p1PagesBeforeLoading() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")

      pages.setViewControllers([a], direction: .forward, animated: false) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      ModelRuntime.annotate("test", "set returned")
      ModelRuntime.runUntilIdle()
      let window = makeVisibleWindow(root: pages)

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: pages)
          test.set returned
          a.didMove(toParent: pages)
          caller.completion(true)
          pages.loadView()
          a.loadView()
          a.viewDidLoad()
          pages.viewDidLoad()
          pages.viewWillAppear(false)
          a.viewWillAppear(false)
          pages.viewIsAppearing(false)
          a.viewIsAppearing(false)
          pages.viewDidAppear(false)
          a.viewDidAppear(false)
          """)
      #expect(names(pages.viewControllers) == ["a"])
      #expect(names(pages.children) == ["a"])
      #expect(a.view.frame == pages.view.bounds)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P2 P3 P4 a scrolling page change: the new page will appear before the old will disappear, and did appear before the old did disappear"
    )
    func p3ScrollForward() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      pages.setViewControllers([b], direction: .forward, animated: true) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      ModelRuntime.annotate("test", "set returned")
      #expect(names(pages.viewControllers) == ["b"])
      #expect(pages.view.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: nil)
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          a.viewWillDisappear(true)
          b.viewIsAppearing(true)
          test.set returned
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          a.didMove(toParent: nil)
          b.didMove(toParent: pages)
          caller.completion(true)
          """)
      #expect(ModelRuntime.currentTime == ModelRuntime.pageTransitionDuration)
      #expect(names(pages.children) == ["b"])
      #expect(pages.view.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(a.parent == nil)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P3 a page-curl change in reverse: the old page did disappear before the new did appear")
    func p3PageCurlReverse() {
      freshModel()
      let pages = pageViewController(.pageCurl)
      let a = controller("a")
      let b = controller("b")
      pages.setViewControllers([b], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      pages.setViewControllers([a], direction: .reverse, animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: nil)
          a.willMove(toParent: pages)
          a.loadView()
          a.viewDidLoad()
          a.viewWillAppear(true)
          b.viewWillDisappear(true)
          a.viewIsAppearing(true)
          b.viewDidDisappear(true)
          a.viewDidAppear(true)
          b.didMove(toParent: nil)
          a.didMove(toParent: pages)
          """)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P10 the page view controller leaves the window mid-turn: the page turned away from joins the window's pass, with no second callback"
    )
    func p10LeavesWindowMidTurn() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      pages.setViewControllers([b], direction: .forward, animated: true)
      ModelRuntime.advance(by: 0.1)
      ModelRuntime.annotate("test", "window hidden")
      window.isHidden = true
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: nil)
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          a.viewWillDisappear(true)
          b.viewIsAppearing(true)
          test.window hidden
          pages.viewWillDisappear(false)
          b.viewWillDisappear(false)
          pages.viewDidDisappear(false)
          a.viewDidDisappear(true)
          b.viewDidDisappear(false)
          a.didMove(toParent: nil)
          b.didMove(toParent: pages)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .disappeared)
      #expect(names(pages.children) == ["b"])
    }

    @Test(
      "P2 the number of pages must match the style and spine, or it raises and changes nothing")
    func p2PageCountMustMatch() {
      freshModel()
      let scroll = pageViewController(.scroll)
      let book = pageViewController(
        .pageCurl, options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])

      scroll.setViewControllers(
        [controller("a"), controller("b")], direction: .forward, animated: false)
      book.setViewControllers([controller("c")], direction: .forward, animated: false)
      book.setViewControllers(
        [controller("left"), controller("right")], direction: .forward, animated: false)

      #expect(
        ModelRuntime.recordedExceptions.map(\.reason) == [
          "The number of view controllers provided (2) doesn't match the number required (1) for "
            + "the requested transition",
          "The number of view controllers provided (1) doesn't match the number required (2) for "
            + "the requested transition",
        ])
      #expect(scroll.viewControllers == nil)
      #expect(scroll.children.isEmpty)
      #expect(names(book.viewControllers) == ["left", "right"])
    }

    @Test("P4 an unanimated change completes at the next run of the model, never inside the call")
    func p4UnanimatedCompletesAtNextRun() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      pages.setViewControllers([b], direction: .reverse, animated: false) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      ModelRuntime.annotate("test", "set returned")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(
          for: ["a", "b", "caller", "test"], categories: [.appearance, .annotation])
            == """
            b.viewWillAppear(false)
            a.viewWillDisappear(false)
            b.viewIsAppearing(false)
            test.set returned
            b.viewDidAppear(false)
            a.viewDidDisappear(false)
            caller.completion(true)
            """)
      #expect(ModelRuntime.currentTime == 0)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P5 a change during a running animated change is reported; the running one finishes first with false, then the new one runs"
    )
    func p5SecondChangeDuringAnimation() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      let c = controller("c")
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      pages.setViewControllers([b], direction: .forward, animated: true) { finished in
        ModelRuntime.annotate("first", "completion(\(finished))")
      }
      ModelRuntime.advance(by: 0.1)
      pages.setViewControllers([c], direction: .forward, animated: true) { finished in
        ModelRuntime.annotate("second", "completion(\(finished))")
      }
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.diagnostics.map(\.kind) == [.pageTransitionInProgress])
      #expect(
        ModelRuntime.eventLog(for: ["b", "c", "first", "second"]) == """
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          b.viewIsAppearing(true)
          b.viewDidAppear(true)
          b.didMove(toParent: pages)
          first.completion(false)
          b.willMove(toParent: nil)
          c.willMove(toParent: pages)
          c.loadView()
          c.viewDidLoad()
          c.viewWillAppear(true)
          b.viewWillDisappear(true)
          c.viewIsAppearing(true)
          c.viewDidAppear(true)
          b.viewDidDisappear(true)
          b.didMove(toParent: nil)
          c.didMove(toParent: pages)
          second.completion(true)
          """)
      #expect(names(pages.children) == ["c"])
      #expect(pages.view.subviews.map(\.uikitModel.name) == ["c.view"])
      #expect(a.parent == nil)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P6 P7 a swipe asks the data source for the next page, tells the delegate, and turns like an animated change"
    )
    func p6SwipeForward() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      let source = ListDataSource(pages: [a, b])
      pages.dataSource = source
      pages.delegate = source
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(pages.uikitModel.swipePage(.forward))
      ModelRuntime.annotate("test", "swipe returned")
      #expect(names(pages.viewControllers) == ["b"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          pages.dataSource.pageViewController(_:viewControllerAfter: a)
          pages.delegate.pageViewController(_:willTransitionTo: [b])
          a.willMove(toParent: nil)
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          a.viewWillDisappear(true)
          b.viewIsAppearing(true)
          test.swipe returned
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          a.didMove(toParent: nil)
          b.didMove(toParent: pages)
          pages.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [a], transitionCompleted: true)
          """)
      #expect(source.told == ["willTransitionTo b", "didFinishAnimating a true"])
      #expect(ModelRuntime.currentTime == ModelRuntime.pageTransitionDuration)
      #expect(names(pages.children) == ["b"])
      #expect(window.isKeyWindow)
    }

    @Test(
      "P6 P8 no page turns without a data source or past the last page; pages set in code tell the delegate nothing"
    )
    func p6NoPageNoTurn() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()

      #expect(!pages.uikitModel.swipePage(.forward))
      let source = ListDataSource(pages: [a, b])
      pages.dataSource = source
      pages.delegate = source
      ModelRuntime.clearEvents()
      #expect(!pages.uikitModel.swipePage(.reverse))
      pages.setViewControllers([b], direction: .forward, animated: true)
      ModelRuntime.runUntilIdle()
      #expect(!pages.uikitModel.swipePage(.forward))

      #expect(
        ModelRuntime.eventLog(for: ["pages.dataSource", "pages.delegate"]) == """
          pages.dataSource.pageViewController(_:viewControllerBefore: a)
          pages.dataSource.pageViewController(_:viewControllerAfter: b)
          """)
      #expect(source.told.isEmpty)
      #expect(names(pages.viewControllers) == ["b"])
      #expect(window.isKeyWindow)
    }

    @Test("P8 the data source and the delegate are held weakly")
    func p8WeakDataSourceAndDelegate() {
      freshModel()
      let pages = pageViewController(.scroll)
      var source: ListDataSource? = ListDataSource(pages: [])
      weak let weakSource = source
      pages.dataSource = source
      pages.delegate = source
      source = nil

      #expect(weakSource == nil)
      #expect(pages.dataSource == nil)
      #expect(pages.delegate == nil)
    }

    @Test(
      "P9 a swipe let go back: the pending page comes and goes, the page shown appears again, and the delegate hears the turn did not complete"
    )
    func p9SwipeLetGoBack() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      let source = ListDataSource(pages: [a, b])
      pages.dataSource = source
      pages.delegate = source
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(pages.uikitModel.swipePage(.forward, completes: false))
      #expect(names(pages.children) == ["a", "b"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          pages.dataSource.pageViewController(_:viewControllerAfter: a)
          pages.delegate.pageViewController(_:willTransitionTo: [b])
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          a.viewWillDisappear(true)
          b.viewIsAppearing(true)
          b.viewWillDisappear(true)
          a.viewWillAppear(true)
          a.viewIsAppearing(true)
          b.viewDidDisappear(true)
          a.viewDidAppear(true)
          b.willMove(toParent: nil)
          b.didMove(toParent: nil)
          pages.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [a], transitionCompleted: false)
          """)
      #expect(source.told == ["willTransitionTo b", "didFinishAnimating a false"])
      #expect(names(pages.viewControllers) == ["a"])
      #expect(names(pages.children) == ["a"])
      #expect(pages.view.subviews.map(\.uikitModel.name) == ["a.view"])
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(window.isKeyWindow)
    }

    @Test(
      "P11 the page view controller leaves the window mid-swipe let go back: no page appears off the window"
    )
    func p11LeavesWindowMidSwipeBack() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      let source = ListDataSource(pages: [a, b])
      pages.dataSource = source
      pages.delegate = source
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(pages.uikitModel.swipePage(.forward, completes: false))
      ModelRuntime.advance(by: 0.1)
      ModelRuntime.annotate("test", "window hidden")
      window.isHidden = true
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          pages.dataSource.pageViewController(_:viewControllerAfter: a)
          pages.delegate.pageViewController(_:willTransitionTo: [b])
          b.willMove(toParent: pages)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          a.viewWillDisappear(true)
          b.viewIsAppearing(true)
          test.window hidden
          pages.viewWillDisappear(false)
          b.viewWillDisappear(false)
          pages.viewDidDisappear(false)
          a.viewDidDisappear(true)
          b.viewDidDisappear(false)
          b.willMove(toParent: nil)
          b.didMove(toParent: nil)
          pages.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [a], transitionCompleted: false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .disappeared)
      #expect(names(pages.children) == ["a"])
    }

    @Test(
      "P11 the page view controller leaves the window mid-swipe let go back and comes back: the pending page leaves, the page shown stays"
    )
    func p11ComesBackMidSwipeBack() {
      freshModel()
      let pages = pageViewController(.scroll)
      let a = controller("a")
      let b = controller("b")
      let source = ListDataSource(pages: [a, b])
      pages.dataSource = source
      pages.delegate = source
      pages.setViewControllers([a], direction: .forward, animated: false)
      let window = makeVisibleWindow(root: pages)
      ModelRuntime.runUntilIdle()

      #expect(pages.uikitModel.swipePage(.forward, completes: false))
      ModelRuntime.advance(by: 0.1)
      window.isHidden = true
      ModelRuntime.advance(by: 0.05)
      ModelRuntime.clearEvents()
      window.isHidden = false
      ModelRuntime.runUntilIdle()

      // Both pages are the page view controller's and in its view: both come back with it. The
      // pending one then leaves as the turn back ends.
      #expect(
        ModelRuntime.eventLog() == """
          pages.viewWillAppear(false)
          a.viewWillAppear(false)
          b.viewWillAppear(false)
          pages.viewIsAppearing(false)
          a.viewIsAppearing(false)
          b.viewIsAppearing(false)
          pages.viewDidAppear(false)
          a.viewDidAppear(false)
          b.viewDidAppear(false)
          b.viewWillDisappear(true)
          b.viewDidDisappear(true)
          b.willMove(toParent: nil)
          b.didMove(toParent: nil)
          pages.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [a], transitionCompleted: false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(a.uikitModel.appearanceState == .appeared)
      #expect(b.uikitModel.appearanceState == .disappeared)
      #expect(names(pages.children) == ["a"])
    }
  }
}
#endif
