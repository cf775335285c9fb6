#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// The two container patterns the project was founded on: a tab-style container that keeps
  /// every child and swaps their views (semantics J9), and Apple's "cycle" transition between an
  /// old and a new child (VCPG Listing 5-3, semantics E6/E7).
  @MainActor
  @Suite("Founding examples")
  struct FoundingExamples {
    private static let lifecycleAndAnimation = ModelEvent.Category.lifecycle.union([.animation])

    @Test("J9 E4 E5 E9 tab-style container: startup, first switch, switch back")
    func tabStyleContainer() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let tabs = TabContainer(tabs: [first, second])
      tabs.uikitModel.name = "tabs"

      // Startup: both children are added up front, only the first one's view is shown.
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          tabs.loadView()
          tabs.viewDidLoad()
          first.willMove(toParent: tabs)
          first.didMove(toParent: tabs)
          second.willMove(toParent: tabs)
          second.didMove(toParent: tabs)
          first.loadView()
          first.viewDidLoad()
          tabs.viewWillAppear(false)
          first.viewWillAppear(false)
          tabs.viewIsAppearing(false)
          first.viewIsAppearing(false)
          tabs.viewDidAppear(false)
          first.viewDidAppear(false)
          """)
      #expect(tabs.children.map(\.uikitModel.name) == ["first", "second"])
      #expect(tabs.view.subviews.map(\.uikitModel.name) == ["showArea", "tabBar"])
      #expect(tabs.showArea.subviews.map(\.uikitModel.name) == ["first.view"])
      #expect(first.view.frame == tabs.showArea.bounds)
      #expect(!second.isViewLoaded)
      #expect(second.uikitModel.appearanceState == .disappeared)

      // First switch: the second child's view is loaded by the transition.
      ModelRuntime.clearEvents()
      tabs.select(1)
      ModelRuntime.annotate("test", "select returned")
      #expect(tabs.showArea.subviews.map(\.uikitModel.name) == ["first.view", "second.view"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          first.viewWillDisappear(false)
          second.loadView()
          second.viewDidLoad()
          second.viewWillAppear(false)
          second.viewIsAppearing(false)
          test.select returned
          second.viewDidAppear(false)
          first.viewDidDisappear(false)
          tabs.switched to second (finished: true)
          """)
      #expect(tabs.children.map(\.uikitModel.name) == ["first", "second"])
      #expect(tabs.showArea.subviews.map(\.uikitModel.name) == ["second.view"])
      #expect(first.viewIfLoaded?.superview == nil)
      #expect(first.parent === tabs)
      #expect(second.view.frame == tabs.showArea.bounds)
      #expect(second.view.window === window)
      #expect(first.uikitModel.appearanceState == .disappeared)
      #expect(second.uikitModel.appearanceState == .appeared)

      // Switch back: the first child's view is reused, nothing loads.
      ModelRuntime.clearEvents()
      tabs.select(0)
      ModelRuntime.annotate("test", "select returned")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          second.viewWillDisappear(false)
          first.viewWillAppear(false)
          first.viewIsAppearing(false)
          test.select returned
          first.viewDidAppear(false)
          second.viewDidDisappear(false)
          tabs.switched to first (finished: true)
          """)
      #expect(tabs.children.map(\.uikitModel.name) == ["first", "second"])
      #expect(tabs.showArea.subviews.map(\.uikitModel.name) == ["first.view"])
      #expect(second.viewIfLoaded?.superview == nil)
      #expect(second.parent === tabs)
      #expect(first.view.frame == tabs.showArea.bounds)
      #expect(first.uikitModel.appearanceState == .appeared)
      #expect(second.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.currentTime == 0)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("E6 E7 B16 Apple's cycle (VCPG Listing 5-3): full log, children, view tree and frames")
    func cycleBetweenChildren() {
      freshModel()
      let old = controller("old")
      let cycler = CyclingContainer(initial: old)
      cycler.uikitModel.name = "cycler"
      let window = makeVisibleWindow(root: cycler)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()
      let new = controller("new")
      let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
      #expect(old.view.frame == screen)

      cycler.cycle(from: old, to: new)
      ModelRuntime.annotate("test", "cycle returned")

      // Mid-way: both views are in the container; the frames already have their final values.
      ModelRuntime.advance(by: 0.125)
      #expect(cycler.view.subviews.map(\.uikitModel.name) == ["old.view", "new.view"])
      #expect(new.view.frame == screen)
      #expect(old.view.frame == CGRect(x: -390, y: 0, width: 390, height: 844))
      #expect(old.uikitModel.appearanceState == .disappearing)
      #expect(new.uikitModel.appearanceState == .appearing)
      #expect(cycler.children.map(\.uikitModel.name) == ["old", "new"])

      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          old.willMove(toParent: nil)
          new.willMove(toParent: cycler)
          new.loadView()
          new.viewDidLoad()
          old.viewWillDisappear(true)
          new.viewWillAppear(true)
          animation#1.start(transition(from: old, to: new), duration: 0.25)
          new.viewIsAppearing(true)
          test.cycle returned
          new.viewDidAppear(true)
          old.viewDidDisappear(true)
          animation#1.completion(true)
          old.didMove(toParent: nil)
          new.didMove(toParent: cycler)
          """)
      #expect(cycler.children.map(\.uikitModel.name) == ["new"])
      #expect(old.parent == nil)
      #expect(new.parent === cycler)
      #expect(cycler.view.subviews.map(\.uikitModel.name) == ["new.view"])
      #expect(old.viewIfLoaded?.superview == nil)
      #expect(new.view.window === window)
      #expect(new.view.frame == screen)
      #expect(old.view.frame == CGRect(x: -390, y: 0, width: 390, height: 844))
      #expect(old.uikitModel.appearanceState == .disappeared)
      #expect(new.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.currentTime == 0.25)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }
  }
}

// MARK: - The containers

/// A tab-style container (semantics J9): every tab is a child from the start, the selected tab's
/// view sits in `showArea`, and a tab change swaps the views with a zero-duration transition.
@MainActor
private final class TabContainer: UIViewController {
  let tabs: [UIViewController]
  let showArea: UIView
  let tabBar: UIView
  private var selectedIndex = 0

  init(tabs: [UIViewController]) {
    self.tabs = tabs
    showArea = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 794))
    showArea.uikitModel.name = "showArea"
    tabBar = UIView(frame: CGRect(x: 0, y: 794, width: 390, height: 50))
    tabBar.uikitModel.name = "tabBar"
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(showArea)
    view.addSubview(tabBar)
    for tab in tabs {
      addChild(tab)
      tab.didMove(toParent: self)
    }
    let shown: UIView = tabs[selectedIndex].view
    shown.frame = showArea.bounds
    showArea.addSubview(shown)
  }

  func select(_ index: Int) {
    guard index != selectedIndex else { return }
    let leaving = tabs[selectedIndex]
    let arriving = tabs[index]
    selectedIndex = index
    transition(
      from: leaving, to: arriving, duration: 0, options: [], animations: {},
      completion: { [self] finished in
        // The transition keeps the arriving view's frame (semantics E5): size it to the area.
        arriving.view.frame = showArea.bounds
        ModelRuntime.annotate(
          uikitModel.name, "switched to \(arriving.uikitModel.name) (finished: \(finished))")
      })
  }
}

/// A container that replaces its child with a slide (VCPG Listing 5-3): the new child comes in
/// from the right while the old one leaves to the left.
@MainActor
private final class CyclingContainer: UIViewController {
  private let initial: UIViewController

  init(initial: UIViewController) {
    self.initial = initial
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    addChild(initial)
    initial.view.frame = view.bounds
    view.addSubview(initial.view)
    initial.didMove(toParent: self)
  }

  func cycle(from old: UIViewController, to new: UIViewController) {
    old.willMove(toParent: nil)
    addChild(new)
    let width = view.bounds.width
    new.view.frame = view.bounds.offsetBy(dx: width, dy: 0)
    let exit = view.bounds.offsetBy(dx: -width, dy: 0)
    transition(
      from: old, to: new, duration: 0.25, options: [],
      animations: {
        new.view.frame = old.view.frame
        old.view.frame = exit
      },
      completion: { [self] _ in
        old.removeFromParent()
        new.didMove(toParent: self)
      })
  }
}
#endif
