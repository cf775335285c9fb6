#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A delegate that answers `shouldSelect` as told; the model logs the calls.
@MainActor
private final class TabsDelegate: UITabBarControllerDelegate {
  var allowsSelection = true

  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    allowsSelection
  }
}

/// A delegate that implements only `didSelect`.
@MainActor
private final class DidSelectOnlyDelegate: UITabBarControllerDelegate {
  var selected: [String] = []

  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    selected.append(viewController.uikitModel.name)
  }
}

@MainActor
private func tabBarController(_ children: [UIViewController]) -> UITabBarController {
  let tabs = UITabBarController()
  tabs.uikitModel.name = "tabs"
  tabs.viewControllers = children
  return tabs
}

@MainActor
private func names(_ controllers: [UIViewController]?) -> [String] {
  (controllers ?? []).map(\.uikitModel.name)
}

extension ModelTests {
  /// `UITabBarController`, rule by rule (rules T1 to T8 of Docs/Design/0001).
  @MainActor
  @Suite("Tab bar controllers (rules T)")
  struct TabBarControllers {
    // MARK: - T1, T2

    @Test(
      "T1 T2 every view controller becomes a child at once; no view is loaded until the tab bar controller's is"
    )
    func t1ChildrenAtOnceViewsLater() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let c = controller("c")

      let tabs = tabBarController([a, b, c])

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: tabs)
          a.didMove(toParent: tabs)
          b.willMove(toParent: tabs)
          b.didMove(toParent: tabs)
          c.willMove(toParent: tabs)
          c.didMove(toParent: tabs)
          """)
      #expect(names(tabs.children) == ["a", "b", "c"])
      #expect(names(tabs.viewControllers) == ["a", "b", "c"])
      #expect(tabs.selectedIndex == 0)
      #expect(tabs.selectedViewController === a)
      #expect(!a.isViewLoaded && !b.isViewLoaded && !c.isViewLoaded)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "T2 shown in a window, only the selected child's view is loaded and in the hierarchy, filling it"
    )
    func t2OnlySelectedViewLoaded() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: tabs)

      #expect(
        ModelRuntime.eventLog() == """
          tabs.loadView()
          a.loadView()
          a.viewDidLoad()
          tabs.viewDidLoad()
          tabs.viewWillAppear(false)
          a.viewWillAppear(false)
          tabs.viewIsAppearing(false)
          a.viewIsAppearing(false)
          tabs.viewDidAppear(false)
          a.viewDidAppear(false)
          """)
      #expect(tabs.view.subviews.map(\.uikitModel.name) == ["a.view"])
      #expect(a.view.frame == tabs.view.bounds)
      #expect(!b.isViewLoaded)
      #expect(window.isKeyWindow)
    }

    // MARK: - T3

    @Test(
      "T3 selecting another tab while visible: the new child loads and will appear, the old one disappears, then the new one did appear"
    )
    func t3SwitchWhileVisible() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.clearEvents()

      tabs.selectedIndex = 1
      ModelRuntime.annotate("test", "selectedIndex set")

      #expect(
        ModelRuntime.eventLog() == """
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          a.viewWillDisappear(false)
          b.viewIsAppearing(false)
          a.viewDidDisappear(false)
          b.viewDidAppear(false)
          test.selectedIndex set
          """)
      #expect(tabs.selectedViewController === b)
      #expect(tabs.view.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(a.view.superview == nil)
      #expect(a.parent === tabs)
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .appeared)
      ModelRuntime.clearEvents()

      tabs.selectedViewController = a

      #expect(
        ModelRuntime.eventLog() == """
          a.viewWillAppear(false)
          b.viewWillDisappear(false)
          a.viewIsAppearing(false)
          b.viewDidDisappear(false)
          a.viewDidAppear(false)
          """)
      #expect(tabs.selectedIndex == 0)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(window.isKeyWindow)
    }

    @Test("T3 selecting the selected tab again does nothing")
    func t3SameSelectionDoesNothing() {
      freshModel()
      let a = controller("a")
      let tabs = tabBarController([a, controller("b")])
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.clearEvents()

      tabs.selectedIndex = 0
      tabs.selectedViewController = a

      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(window.isKeyWindow)
    }

    @Test("T2 T3 selecting before the view is loaded only changes which child will be shown")
    func t3SelectionBeforeLoading() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      ModelRuntime.clearEvents()

      tabs.selectedIndex = 1
      #expect(ModelRuntime.eventLog() == "")
      tabs.loadViewIfNeeded()

      #expect(tabs.view.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(!a.isViewLoaded)
    }

    // MARK: - T4

    @Test(
      "T4 new view controllers keep the selected one when it is still there; removed ones leave, new ones join"
    )
    func t4ReplacementKeepsSelectionByIdentity() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let c = controller("c")
      let tabs = tabBarController([a, b])
      let window = makeVisibleWindow(root: tabs)
      tabs.selectedIndex = 1
      ModelRuntime.clearEvents()

      tabs.setViewControllers([c, b], animated: true)

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: nil)
          a.didMove(toParent: nil)
          c.willMove(toParent: tabs)
          c.didMove(toParent: tabs)
          """)
      #expect(tabs.selectedViewController === b)
      #expect(tabs.selectedIndex == 1)
      #expect(names(tabs.children) == ["c", "b"])
      #expect(a.parent == nil)
      #expect(!c.isViewLoaded)
      #expect(window.isKeyWindow)
    }

    @Test(
      "T1 a new tab that another container holds leaves it with willMove(toParent: nil) first, then joins with didMove at once"
    )
    func t1TabTakenFromAnotherParent() {
      freshModel()
      let a = controller("a")
      let other = controller("other")
      let z = controller("z")
      other.addChild(z)
      z.didMove(toParent: other)
      let tabs = tabBarController([a])
      ModelRuntime.clearEvents()

      tabs.viewControllers = [a, z]

      #expect(
        ModelRuntime.eventLog() == """
          z.willMove(toParent: nil)
          z.didMove(toParent: nil)
          z.willMove(toParent: tabs)
          z.didMove(toParent: tabs)
          """)
      #expect(other.children.isEmpty)
      #expect(names(tabs.children) == ["a", "z"])
      #expect(tabs.selectedViewController === a)
    }

    @Test(
      "T1 T4 when the selected view controller is gone, every containment call ends first, then the same index is selected, with the appearance callbacks"
    )
    func t4ReplacementKeepsIndex() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let x = controller("x")
      let y = controller("y")
      let tabs = tabBarController([a, b])
      let window = makeVisibleWindow(root: tabs)
      tabs.selectedIndex = 1
      ModelRuntime.clearEvents()

      tabs.viewControllers = [x, y]

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: nil)
          a.didMove(toParent: nil)
          x.willMove(toParent: tabs)
          x.didMove(toParent: tabs)
          b.willMove(toParent: nil)
          b.didMove(toParent: nil)
          y.willMove(toParent: tabs)
          y.didMove(toParent: tabs)
          y.loadView()
          y.viewDidLoad()
          y.viewWillAppear(false)
          b.viewWillDisappear(false)
          y.viewIsAppearing(false)
          b.viewDidDisappear(false)
          y.viewDidAppear(false)
          """)
      #expect(tabs.selectedViewController === y)
      #expect(tabs.view.subviews.map(\.uikitModel.name) == ["y.view"])
      #expect(window.isKeyWindow)
    }

    @Test("T4 when the same index no longer exists, the first view controller is selected")
    func t4ReplacementFallsBackToFirst() {
      freshModel()
      let tabs = tabBarController([controller("a"), controller("b"), controller("c")])
      tabs.selectedIndex = 2
      let x = controller("x")

      tabs.viewControllers = [x]

      #expect(tabs.selectedViewController === x)
      #expect(tabs.selectedIndex == 0)
    }

    @Test(
      "T4 T9 no view controllers: every child leaves, the selected view leaves, selectedIndex reads NSNotFound"
    )
    func t4NoViewControllers() {
      freshModel()
      let a = controller("a")
      let tabs = tabBarController([a])
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.clearEvents()

      tabs.viewControllers = nil

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: nil)
          a.didMove(toParent: nil)
          a.viewWillDisappear(false)
          a.viewDidDisappear(false)
          """)
      #expect(tabs.viewControllers == nil)
      #expect(tabs.selectedViewController == nil)
      #expect(tabs.selectedIndex == NSNotFound)
      #expect(tabs.children.isEmpty)
      #expect(tabs.view.subviews.isEmpty)
      #expect(window.isKeyWindow)
    }

    // MARK: - T5

    @Test(
      "T5 selecting an index out of range or a view controller that is not a tab raises and changes nothing"
    )
    func t5InvalidSelectionRaises() {
      freshModel()
      let a = controller("a")
      let tabs = tabBarController([a, controller("b")])
      let stranger = controller("stranger")

      tabs.selectedIndex = 2
      tabs.selectedViewController = stranger
      tabs.selectedViewController = nil

      #expect(
        ModelRuntime.recordedExceptions.map(\.description) == [
          "NSInternalInconsistencyException: Attempting to select a view controller that isn't a "
            + "child! (null)",
          "NSInternalInconsistencyException: Attempting to select a view controller that isn't a "
            + "child! (null)",
          "NSInternalInconsistencyException: Attempting to select a view controller that isn't a "
            + "child! (null)",
        ])
      #expect(tabs.selectedViewController === a)
    }

    // MARK: - T6

    @Test(
      "T6 a tap asks shouldSelect, selects, then tells didSelect; a selection made in code tells the delegate nothing"
    )
    func t6TapAsksThenTells() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      let delegate = TabsDelegate()
      tabs.delegate = delegate
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.clearEvents()

      #expect(tabs.uikitModel.tapTab(at: 1))
      ModelRuntime.annotate("test", "tapped")
      tabs.selectedIndex = 0

      #expect(
        ModelRuntime.eventLog() == """
          tabs.delegate.tabBarController(_:shouldSelect: b)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          a.viewWillDisappear(false)
          b.viewIsAppearing(false)
          a.viewDidDisappear(false)
          b.viewDidAppear(false)
          tabs.delegate.tabBarController(_:didSelect: b)
          test.tapped
          a.viewWillAppear(false)
          b.viewWillDisappear(false)
          a.viewIsAppearing(false)
          b.viewDidDisappear(false)
          a.viewDidAppear(false)
          """)
      #expect(window.isKeyWindow)
    }

    @Test(
      "T6 a refused tap selects nothing; a tap on the selected tab asks and tells with no appearance change"
    )
    func t6RefusedAndRepeatedTaps() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      let delegate = TabsDelegate()
      tabs.delegate = delegate
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.clearEvents()

      delegate.allowsSelection = false
      #expect(!tabs.uikitModel.tapTab(at: 1))
      delegate.allowsSelection = true
      #expect(tabs.uikitModel.tapTab(at: 0))
      #expect(!tabs.uikitModel.tapTab(at: 5))

      #expect(
        ModelRuntime.eventLog() == """
          tabs.delegate.tabBarController(_:shouldSelect: b)
          tabs.delegate.tabBarController(_:shouldSelect: a)
          tabs.delegate.tabBarController(_:didSelect: a)
          """)
      #expect(tabs.selectedViewController === a)
      #expect(!b.isViewLoaded)
      #expect(window.isKeyWindow)
    }

    @Test("T6 a delegate implementing only didSelect lets every tap through (UIKit's default)")
    func t6PartialDelegate() {
      freshModel()
      let tabs = tabBarController([controller("a"), controller("b")])
      let delegate = DidSelectOnlyDelegate()
      tabs.delegate = delegate

      #expect(tabs.uikitModel.tapTab(at: 1))
      #expect(delegate.selected == ["b"])
      #expect(tabs.selectedIndex == 1)
    }

    // MARK: - T7

    @Test(
      "T7 a child of a hidden tab stays a child with its view detached and gets no appearance callbacks when the tab bar controller disappears"
    )
    func t7HiddenTabGetsNoAppearance() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = tabBarController([a, b])
      let window = makeVisibleWindow(root: tabs)
      tabs.selectedIndex = 1
      ModelRuntime.clearEvents()

      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          tabs.viewWillDisappear(false)
          b.viewWillDisappear(false)
          tabs.viewDidDisappear(false)
          b.viewDidDisappear(false)
          """)
      #expect(a.parent === tabs)
    }

    // MARK: - T8

    @Test(
      "T8 more than five view controllers are all selectable tabs, with a diagnostic that the More navigation controller is not modelled"
    )
    func t8MoreThanFiveTabs() {
      freshModel()
      let controllers = (1...6).map { controller("tab\($0)") }

      let tabs = tabBarController(controllers)
      tabs.selectedIndex = 5

      #expect(ModelRuntime.diagnostics.map(\.kind) == [.moreNavigationControllerNotModelled])
      #expect(tabs.selectedViewController === controllers[5])
      #expect(tabs.children.count == 6)
    }
  }
}
#endif
