#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state pages are declared from.
@MainActor
@Observable
private final class PagesModel {
  var pages = ["a", "b", "c"]
  var selected: String? = "a"
  var note = "note"
  var direction: PageDirection?
  var swipeDisabled = false
}

private final class PageViewController: UIViewController {
  var page = ""
}

/// A page view controller whose pages are the model's; `onSelect` records what the user swiped
/// to and, unless `writesBack` is off, sets the model's selection to it.
@MainActor
private final class ModelPageViewController: ComposedPageViewController {
  let model: PagesModel
  var selections: [String] = []
  var writesBack = true

  init(model: PagesModel) {
    self.model = model
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Pages(model.pages, id: \.self, selection: model.selected) { page in
      Child(input: page + " " + model.note) {
        PageViewController()
      } update: {
        $0.page = $1
      }
    }
    .direction(model.direction)
    .swipeDisabled(model.swipeDisabled)
    .onSelect { [unowned self] key in
      selections.append(key)
      if writesBack { model.selected = key }
    }
  }
}

/// Records what a page view controller tells its delegate; as a data source, it has no page.
@MainActor
private final class RecordingPagesDelegate: NSObject, UIPageViewControllerDelegate,
  UIPageViewControllerDataSource
{
  var told: [String] = []

  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {
    told.append("willTransitionTo " + pendingViewControllers.map(\.uikitModel.name).joined())
  }

  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {
    told.append("didFinishAnimating " + previousViewControllers.map(\.uikitModel.name).joined())
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? { nil }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? { nil }
}

/// A plain composed container whose composition a test sets.
@MainActor
private final class DeclaredContainer: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

/// A page view controller whose composition a test sets.
@MainActor
private final class DeclaredPageViewController: ComposedPageViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

@MainActor
@Suite("Pages", .isolatedModel)
struct PagesTests {
  private func show(
    _ pages: [String] = ["a", "b", "c"], selected: String? = "a"
  ) async -> (ModelPageViewController, PagesModel, ContainerHarness) {
    let model = PagesModel()
    model.pages = pages
    model.selected = selected
    let container = ModelPageViewController(model: model)
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    return (container, model, harness)
  }

  /// The events of a page view controller that appears with its first page.
  private static func firstEvents(of page: String) -> String {
    """
    container.loadView()
    container.viewDidLoad()
    container.viewWillAppear(false)
    pages.\(page).willMove(toParent: container)
    pages.\(page).loadView()
    pages.\(page).viewDidLoad()
    pages.\(page).viewWillAppear(false)
    container.viewIsAppearing(false)
    pages.\(page).viewIsAppearing(false)
    container.viewDidAppear(false)
    pages.\(page).viewDidAppear(false)
    pages.\(page).didMove(toParent: container)
    """
  }

  @Test("The first page is shown at once; the other pages' controllers are made, not their views")
  func firstPage() async throws {
    let (container, _, harness) = await show(selected: "b")
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"b" PageViewController forward
      """)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(false)
      container.viewIsAppearing(false)
      pages.b.viewIsAppearing(false)
      container.viewDidAppear(false)
      pages.b.viewDidAppear(false)
      pages.b.didMove(toParent: container)
      """)
    let b = try #require(harness.controller(named: "pages.b"))
    #expect(container.viewControllers?.count == 1)
    #expect(container.viewControllers?.first === b)
    #expect(container.children.count == 1)
    #expect((b as? PageViewController)?.page == "b note")
    #expect(harness.controller(named: "pages.a")?.isViewLoaded == false)
    #expect(harness.controller(named: "pages.c")?.isViewLoaded == false)
    // The pages not shown are no children: the invariants hold.
    harness.expectInvariants()
  }

  @Test("Changing the selection turns forward to a later page and in reverse to an earlier one")
  func bothDirections() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let a = try #require(harness.controller(named: "pages.a"))
    await harness.expectEvents(
      """
      pages.a.willMove(toParent: nil)
      pages.c.willMove(toParent: container)
      pages.c.loadView()
      pages.c.viewDidLoad()
      pages.c.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.c.viewIsAppearing(true)
      pages.c.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.c.didMove(toParent: container)
      """
    ) { model.selected = "c" }
    harness.expectTrace(
      """
      show-page 'pages' #"c" PageViewController forward animated
      """)
    // The page that left is no longer a child, and is kept alive: its view does not load again.
    #expect(a.parent == nil)
    await harness.expectEvents(
      """
      pages.c.willMove(toParent: nil)
      pages.a.willMove(toParent: container)
      pages.a.viewWillAppear(true)
      pages.c.viewWillDisappear(true)
      pages.a.viewIsAppearing(true)
      pages.a.viewDidAppear(true)
      pages.c.viewDidDisappear(true)
      pages.c.didMove(toParent: nil)
      pages.a.didMove(toParent: container)
      """
    ) { model.selected = "a" }
    harness.expectTrace(
      """
      show-page 'pages' #"a" PageViewController reverse animated
      """)
    #expect(container.viewControllers?.first === a)
    #expect(harness.controller(named: "pages.a") === a)
  }

  @Test("A change made without animation turns the page without animation")
  func withoutAnimation() async {
    let (container, model, harness) = await show()
    harness.expectEvents(Self.firstEvents(of: "a"))
    await harness.expectEvents(
      """
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(false)
      pages.a.viewWillDisappear(false)
      pages.b.viewIsAppearing(false)
      pages.b.viewDidAppear(false)
      pages.a.viewDidDisappear(false)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      """
    ) { container.composer.withoutAnimation { model.selected = "b" } }
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      show-page 'pages' #"b" PageViewController forward
      """)
    #expect(container.composer.isSettled)
  }

  @Test(
    "A page declared while the page view controller is off screen is set without a turn as it comes back"
  )
  func pageDeclaredOffScreen() async throws {
    let (container, model, harness) = await show()
    harness.expectEvents(of: ["pages.a"], "", categories: [])
    harness.window.rootViewController = UIViewController()
    model.selected = "b"
    await harness.advance(by: 1)
    // The new page is set before the page view controller appears, and appears with it.
    await harness.expectEvents(
      of: ["container", "pages.b"],
      """
      container.viewWillAppear(false)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(false)
      container.viewIsAppearing(false)
      pages.b.viewIsAppearing(false)
      container.viewDidAppear(false)
      pages.b.viewDidAppear(false)
      pages.b.didMove(toParent: container)
      """
    ) { harness.window.rootViewController = container }
    let a = try #require(harness.controller(named: "pages.a"))
    #expect(a.parent == nil)
    #expect(a.uikitModel.appearanceState == .disappeared)
    #expect(container.viewControllers?.first === harness.controller(named: "pages.b"))
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      show-page 'pages' #"b" PageViewController forward
      """)
    // On screen, the next change turns with animation again.
    await harness.expectTrace(#"show-page 'pages' #"c" PageViewController forward animated"#) {
      model.selected = "c"
    }
    harness.expectInvariants()
  }

  @Test("A direction given overrides the declared order")
  func explicitDirection() async {
    let (_, model, harness) = await show(selected: "c")
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"c" PageViewController forward
      """)
    harness.expectEvents(Self.firstEvents(of: "c"))
    await harness.expectTrace(
      """
      show-page 'pages' #"a" PageViewController forward animated
      """
    ) {
      model.direction = .forward
      model.selected = "a"
    }
    await harness.expectTrace(
      """
      show-page 'pages' #"b" PageViewController reverse animated
      """
    ) {
      model.direction = .reverse
      model.selected = "b"
    }
    harness.expectEvents(
      """
      pages.c.willMove(toParent: nil)
      pages.a.willMove(toParent: container)
      pages.a.loadView()
      pages.a.viewDidLoad()
      pages.a.viewWillAppear(true)
      pages.c.viewWillDisappear(true)
      pages.a.viewIsAppearing(true)
      pages.a.viewDidAppear(true)
      pages.c.viewDidDisappear(true)
      pages.c.didMove(toParent: nil)
      pages.a.didMove(toParent: container)
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      """)
  }

  @Test("A change while a page turns waits for the turn to end, then shows the latest page")
  func interrupted() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let b = try #require(harness.controller(named: "pages.b"))
    await harness.expectEvents(
      """
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      pages.b.willMove(toParent: nil)
      pages.a.willMove(toParent: container)
      pages.a.viewWillAppear(true)
      pages.b.viewWillDisappear(true)
      pages.a.viewIsAppearing(true)
      pages.a.viewDidAppear(true)
      pages.b.viewDidDisappear(true)
      pages.b.didMove(toParent: nil)
      pages.a.didMove(toParent: container)
      """
    ) {
      model.selected = "b"
      await harness.advance(by: 0.1)
      model.selected = "c"
      await harness.advance(by: 0.1)
      // Half-way through the turn to "b": nothing else reached UIKit.
      #expect(container.viewControllers?.first === b)
      #expect(!container.composer.isSettled)
      model.selected = "a"
      await harness.advance(by: 0.05)
      #expect(container.viewControllers?.first === b)
    }
    // "c" was never shown: the turn to "b" ended, then the latest selection was applied once.
    harness.expectTrace(
      """
      show-page 'pages' #"b" PageViewController forward animated
      show-page 'pages' #"a" PageViewController reverse animated
      """)
    #expect(harness.controller(named: "pages.c")?.isViewLoaded == false)
    #expect(container.composer.isSettled)
  }

  @Test("A swipe turns to the next declared page and is written back; nothing is performed")
  func swipeWritesBack() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectEvents(
      """
      container.dataSource.pageViewController(_:viewControllerAfter: pages.a)
      container.delegate.pageViewController(_:willTransitionTo: [pages.b])
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      container.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [pages.a], transitionCompleted: true)
      """
    ) { #expect(container.uikitModel.swipePage(.forward)) }
    harness.expectTrace("")
    #expect(container.selections == ["b"])
    #expect(model.selected == "b")
    // Back to the first page, then no page before it: the data source says so.
    await harness.expectEvents(
      """
      container.dataSource.pageViewController(_:viewControllerBefore: pages.b)
      container.delegate.pageViewController(_:willTransitionTo: [pages.a])
      pages.b.willMove(toParent: nil)
      pages.a.willMove(toParent: container)
      pages.a.viewWillAppear(true)
      pages.b.viewWillDisappear(true)
      pages.a.viewIsAppearing(true)
      pages.a.viewDidAppear(true)
      pages.b.viewDidDisappear(true)
      pages.b.didMove(toParent: nil)
      pages.a.didMove(toParent: container)
      container.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [pages.b], transitionCompleted: true)
      container.dataSource.pageViewController(_:viewControllerBefore: pages.a)
      """
    ) {
      #expect(container.uikitModel.swipePage(.reverse))
      await harness.settle()
      #expect(!container.uikitModel.swipePage(.reverse))
    }
    harness.expectTrace("")
    #expect(container.selections == ["b", "a"])
    #expect(model.selected == "a")
  }

  @Test("A swipe the user lets go back changes nothing and tells nothing")
  func swipeLetGoBack() async {
    let (container, model, harness) = await show()
    harness.expectEvents(Self.firstEvents(of: "a"))
    await harness.expectEvents(
      """
      container.dataSource.pageViewController(_:viewControllerAfter: pages.a)
      container.delegate.pageViewController(_:willTransitionTo: [pages.b])
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewWillDisappear(true)
      pages.a.viewWillAppear(true)
      pages.a.viewIsAppearing(true)
      pages.b.viewDidDisappear(true)
      pages.a.viewDidAppear(true)
      pages.b.willMove(toParent: nil)
      pages.b.didMove(toParent: nil)
      container.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [pages.a], transitionCompleted: false)
      """
    ) { #expect(container.uikitModel.swipePage(.forward, completes: false)) }
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    #expect(container.selections.isEmpty)
    #expect(model.selected == "a")
    #expect(container.composer.isSettled)
    // The page that came and went is still kept: a change to it turns forward.
    await harness.expectTrace(
      """
      show-page 'pages' #"b" PageViewController forward animated
      """
    ) { model.selected = "b" }
  }

  @Test("Swipes disabled turn no page; enabled again, they do")
  func swipeDisabled() async {
    let (container, model, harness) = await show()
    harness.expectEvents(Self.firstEvents(of: "a"))
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectEvents("") {
      model.swipeDisabled = true
      await harness.settle()
      #expect(container.dataSource == nil)
      #expect(!container.uikitModel.swipePage(.forward))
    }
    harness.expectTrace("")
    await harness.expectTrace("") {
      model.swipeDisabled = false
      await harness.settle()
      #expect(container.uikitModel.swipePage(.forward))
    }
    #expect(model.selected == "b")
  }

  @Test("Without write-back, the declaration stays the truth: the declared page is shown again")
  func swipeWithoutWriteBack() async {
    let (container, model, harness) = await show()
    container.writesBack = false
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectEvents(
      """
      container.dataSource.pageViewController(_:viewControllerAfter: pages.a)
      container.delegate.pageViewController(_:willTransitionTo: [pages.b])
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      container.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [pages.a], transitionCompleted: true)
      pages.b.willMove(toParent: nil)
      pages.a.willMove(toParent: container)
      pages.a.viewWillAppear(true)
      pages.b.viewWillDisappear(true)
      pages.a.viewIsAppearing(true)
      pages.a.viewDidAppear(true)
      pages.b.viewDidDisappear(true)
      pages.b.didMove(toParent: nil)
      pages.a.didMove(toParent: container)
      """
    ) { #expect(container.uikitModel.swipePage(.forward)) }
    harness.expectTrace(
      """
      show-page 'pages' #"a" PageViewController reverse animated
      """)
    #expect(container.selections == ["b"])
    #expect(model.selected == "a")
    #expect(container.viewControllers?.first === harness.controller(named: "pages.a"))
  }

  @Test("A change declared during a swipe waits for the swipe to end")
  func changeDuringSwipe() async {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectTrace(
      """
      show-page 'pages' #"c" PageViewController forward animated
      """
    ) {
      #expect(container.uikitModel.swipePage(.forward))
      await harness.advance(by: 0.1)
      model.selected = "c"
      await harness.advance(by: 0.1)
      #expect(container.viewControllers?.first === harness.controller(named: "pages.b"))
    }
    harness.expectDiagnostics()
    #expect(container.viewControllers?.first === harness.controller(named: "pages.c"))
    // The declared change is the latest: the swipe is not written over it.
    #expect(container.selections.isEmpty)
    #expect(model.selected == "c")
  }

  @Test("Declaring the same pages again performs nothing; a changed input updates each page")
  func redeclaration() async {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectEvents("") { container.setNeedsCompose() }
    harness.expectTrace("")
    await harness.expectEvents("") { model.note = "changed" }
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      """)
    #expect((harness.controller(named: "pages.c") as? PageViewController)?.page == "c changed")
  }

  @Test("Pages inserted and moved keep their controllers; the page shown stays, without a turn")
  func insertAndMove() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let a = try #require(harness.controller(named: "pages.a"))
    let c = try #require(harness.controller(named: "pages.c"))
    await harness.expectEvents("") { model.pages = ["c", "d", "a", "b"] }
    harness.expectTrace(
      """
      update 'pages' #"d" PageViewController
      set-pages 'pages' [#"c" PageViewController, #"d" PageViewController, #"a" PageViewController, #"b" PageViewController]
      """)
    #expect(container.viewControllers?.first === a)
    #expect(harness.controller(named: "pages.c") === c)
    // In the new order "c" comes before "a": turning to it goes in reverse.
    await harness.expectTrace(
      """
      show-page 'pages' #"c" PageViewController reverse animated
      """
    ) { model.selected = "c" }
  }

  @Test("Pages removed are released, also the one that was shown")
  func removedReleased() async {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    harness.expectEvents(Self.firstEvents(of: "a"))
    // "c" was never shown: only Compose kept it alive.
    await harness.expectReleased { model.pages = ["a", "b"] }
    harness.expectTrace(
      """
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController]
      """)
    await harness.expectReleased {
      model.pages = ["b"]
      model.selected = "b"
    }
    harness.expectTrace(
      """
      set-pages 'pages' [#"b" PageViewController]
      show-page 'pages' #"b" PageViewController forward animated
      """)
    harness.expectEvents(
      """
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      """)
    #expect(container.children.count == 1)
    #expect(harness.controller(named: "pages.a") == nil)
  }

  @Test("A selection left to UIKit shows the first page, keeps a swiped one, and follows removals")
  func selectionLeftToUIKit() async {
    let (container, model, harness) = await show(selected: nil)
    container.writesBack = false
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    #expect(container.uikitModel.swipePage(.forward))
    await harness.settle()
    harness.expectTrace("")
    #expect(container.selections == ["b"])
    #expect(model.selected == nil)
    #expect(container.viewControllers?.first === harness.controller(named: "pages.b"))
    // The page shown leaves: the first page is shown.
    await harness.expectTrace(
      """
      set-pages 'pages' [#"a" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController reverse animated
      """
    ) { model.pages = ["a", "c"] }
  }

  @Test("A composed page view controller in a composed container's slot turns and writes back")
  func pagesInSlot() async throws {
    let model = PagesModel()
    let container = DeclaredContainer()
    container.declaration = {
      Slot("content") {
        Child { ModelPageViewController(model: model) }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      """
      add-child 'content' ModelPageViewController
      insert-view 'content' ModelPageViewController at 0
      layout 'content' ModelPageViewController fill
      did-move 'content' ModelPageViewController
      """)
    let pages = try #require(container.children.first as? ModelPageViewController)
    let first = harness.controller(named: "content.ModelPageViewController/pages.a")
    #expect(pages.viewControllers?.first === first)
    await harness.expectEvents(
      """
      content.ModelPageViewController/pages.a.willMove(toParent: nil)
      content.ModelPageViewController/pages.b.willMove(toParent: content.ModelPageViewController)
      content.ModelPageViewController/pages.b.loadView()
      content.ModelPageViewController/pages.b.viewDidLoad()
      content.ModelPageViewController/pages.b.viewWillAppear(true)
      content.ModelPageViewController/pages.a.viewWillDisappear(true)
      content.ModelPageViewController/pages.b.viewIsAppearing(true)
      content.ModelPageViewController/pages.b.viewDidAppear(true)
      content.ModelPageViewController/pages.a.viewDidDisappear(true)
      content.ModelPageViewController/pages.a.didMove(toParent: nil)
      content.ModelPageViewController/pages.b.didMove(toParent: content.ModelPageViewController)
      """
    ) { model.selected = "b" }
    await harness.expectEvents(
      """
      content.ModelPageViewController.dataSource.pageViewController(_:viewControllerBefore: content.ModelPageViewController/pages.b)
      content.ModelPageViewController.delegate.pageViewController(_:willTransitionTo: [content.ModelPageViewController/pages.a])
      content.ModelPageViewController/pages.b.willMove(toParent: nil)
      content.ModelPageViewController/pages.a.willMove(toParent: content.ModelPageViewController)
      content.ModelPageViewController/pages.a.viewWillAppear(true)
      content.ModelPageViewController/pages.b.viewWillDisappear(true)
      content.ModelPageViewController/pages.a.viewIsAppearing(true)
      content.ModelPageViewController/pages.a.viewDidAppear(true)
      content.ModelPageViewController/pages.b.viewDidDisappear(true)
      content.ModelPageViewController/pages.b.didMove(toParent: nil)
      content.ModelPageViewController/pages.a.didMove(toParent: content.ModelPageViewController)
      content.ModelPageViewController.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [content.ModelPageViewController/pages.b], transitionCompleted: true)
      """
    ) { #expect(pages.uikitModel.swipePage(.reverse)) }
    harness.expectTrace("")
    #expect(model.selected == "a")
    #expect(pages.selections == ["a"])
  }

  @Test("A delegate other code set is still told of swipes, and a data source it set is kept")
  func otherDelegate() async {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let other = RecordingPagesDelegate()
    container.delegate = other
    container.setNeedsCompose()
    await harness.settle()
    #expect(container.uikitModel.swipePage(.forward))
    await harness.settle()
    harness.expectEvents(
      Self.firstEvents(of: "a") + "\n"
        + """
        container.dataSource.pageViewController(_:viewControllerAfter: pages.a)
        container.delegate.pageViewController(_:willTransitionTo: [pages.b])
        pages.a.willMove(toParent: nil)
        pages.b.willMove(toParent: container)
        pages.b.loadView()
        pages.b.viewDidLoad()
        pages.b.viewWillAppear(true)
        pages.a.viewWillDisappear(true)
        pages.b.viewIsAppearing(true)
        pages.b.viewDidAppear(true)
        pages.a.viewDidDisappear(true)
        pages.a.didMove(toParent: nil)
        pages.b.didMove(toParent: container)
        container.delegate.pageViewController(_:didFinishAnimating: true, previousViewControllers: [pages.a], transitionCompleted: true)
        """)
    #expect(other.told == ["willTransitionTo pages.b", "didFinishAnimating pages.a"])
    #expect(model.selected == "b")
    // A data source other code set decides the swipes: none here.
    let stopper = RecordingPagesDelegate()
    container.dataSource = stopper
    container.setNeedsCompose()
    await harness.settle()
    #expect(!container.uikitModel.swipePage(.forward))
    #expect(container.dataSource === stopper)
    harness.expectTrace("")
  }

  @Test("A page other code set is reported, and the declared page is shown again")
  func changedBehindComposer() async {
    let (container, _, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let stranger = UIViewController()
    stranger.uikitModel.name = "stranger"
    await harness.expectTrace(
      """
      show-page 'pages' #"a" PageViewController forward
      """,
      expectingDiagnostics: ["changedBehindComposer: the page of pages 'pages' was changed by"]
    ) {
      container.setViewControllers([stranger], direction: .forward, animated: false)
      await harness.settle()
      container.setNeedsCompose()
    }
    #expect(container.viewControllers?.first === harness.controller(named: "pages.a"))
    #expect(stranger.parent == nil)
  }

  @Test("A declared page other code turns to is taken as a swipe: written back, or turned back")
  func declaredPageSetByOtherCode() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let a = try #require(harness.controller(named: "pages.a"))
    let c = try #require(harness.controller(named: "pages.c"))
    container.writesBack = false
    await harness.expectTrace(
      """
      show-page 'pages' #"a" PageViewController reverse animated
      """
    ) {
      container.setViewControllers([c], direction: .forward, animated: false)
      await harness.settle()
      container.setNeedsCompose()
    }
    #expect(container.selections == ["c"])
    #expect(model.selected == "a")
    #expect(container.viewControllers?.first === a)
    container.writesBack = true
    await harness.expectTrace("") {
      container.setViewControllers([c], direction: .forward, animated: false)
      await harness.settle()
      container.setNeedsCompose()
    }
    #expect(container.selections == ["c", "c"])
    #expect(model.selected == "c")
    #expect(container.viewControllers?.first === c)
  }

  @Test("A change declared while a page turn other code started runs waits for the turn to end")
  func changeDuringOtherCodeTurn() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let b = try #require(harness.controller(named: "pages.b"))
    let c = try #require(harness.controller(named: "pages.c"))
    var ended: [Bool] = []
    await harness.expectTrace(
      """
      show-page 'pages' #"b" PageViewController reverse animated
      """
    ) {
      container.setViewControllers([c], direction: .forward, animated: true) { ended.append($0) }
      model.selected = "b"
      container.composer.composeIfNeeded()
      // UIKit still turns to the page other code asked for.
      #expect(container.viewControllers?.first === c)
    }
    #expect(ended == [true])
    #expect(container.selections.isEmpty)
    #expect(container.viewControllers?.first === b)
  }

  @Test("A change waits too for a page turn other code starts as its previous turn ends")
  func changeDuringChainedOtherCodeTurns() async throws {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    let a = try #require(harness.controller(named: "pages.a"))
    let b = try #require(harness.controller(named: "pages.b"))
    let c = try #require(harness.controller(named: "pages.c"))
    var ended: [Bool] = []
    await harness.expectTrace(
      """
      show-page 'pages' #"b" PageViewController forward animated
      """
    ) {
      container.setViewControllers([c], direction: .forward, animated: true) { finished in
        ended.append(finished)
        // The next turn starts in the completion of the previous one.
        container.setViewControllers([a], direction: .reverse, animated: true) {
          ended.append($0)
        }
      }
      model.selected = "b"
      container.composer.composeIfNeeded()
    }
    #expect(ended == [true, true])
    #expect(container.selections.isEmpty)
    #expect(container.viewControllers?.first === b)
  }

  @Test("Pages declared outside a page view controller are reported, and nothing is performed")
  func outsidePageViewController() async {
    let container = DeclaredContainer()
    container.declaration = {
      Pages(["a", "b"], id: \.self, selection: "a") { _ in
        Child { PageViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      "",
      expectingDiagnostics: [
        "pagesOutsidePageViewController: pages 'pages' are declared in a 'DeclaredContainer', "
          + "which is not a UIPageViewController; declare them in a ComposedPageViewController"
      ])
    #expect(container.children.isEmpty)
  }

  @Test("A page curl that shows two pages at a time is reported, and nothing is performed")
  func middleSpine() async {
    let container = DeclaredPageViewController(
      transitionStyle: .pageCurl, navigationOrientation: .horizontal,
      options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])
    container.declaration = {
      Pages(["a", "b"], id: \.self, selection: "a") { _ in
        Child { PageViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      "",
      expectingDiagnostics: [
        "pagesOutsidePageViewController: pages 'pages' are declared in a page-curl "
          + "'DeclaredPageViewController' that shows two pages at a time"
      ])
    #expect(container.viewControllers == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A double-sided page curl shows two pages at a time too: reported, nothing performed")
  func doubleSided() async {
    let container = DeclaredPageViewController(
      transitionStyle: .pageCurl, navigationOrientation: .horizontal)
    container.isDoubleSided = true
    container.declaration = {
      Pages(["a", "b"], id: \.self, selection: "a") { _ in
        Child { PageViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      "",
      expectingDiagnostics: [
        "pagesOutsidePageViewController: pages 'pages' are declared in a page-curl "
          + "'DeclaredPageViewController' that shows two pages at a time (a middle spine, or "
          + "double-sided pages)"
      ])
    #expect(container.viewControllers == nil)
    #expect(container.children.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A selection that is not a page's key is reported; the page shown stays")
  func selectionNotAmongPages() async {
    let (container, model, harness) = await show()
    harness.expectTrace(
      """
      update 'pages' #"a" PageViewController
      update 'pages' #"b" PageViewController
      update 'pages' #"c" PageViewController
      set-pages 'pages' [#"a" PageViewController, #"b" PageViewController, #"c" PageViewController]
      show-page 'pages' #"a" PageViewController forward
      """)
    await harness.expectTrace(
      "",
      expectingDiagnostics: [
        "pageSelectionNotAmongPages: the selection \"z\" of pages 'pages' is not the key of any "
          + "of its 3 pages, so page 'pages' #\"a\" PageViewController stays shown"
      ]
    ) { model.selected = "z" }
    #expect(container.viewControllers?.first === harness.controller(named: "pages.a"))
  }

  @Test("A page with two children or none, and pages with no page, are reported, never crash")
  func shapes() async {
    let model = PagesModel()
    let container = DeclaredPageViewController()
    container.declaration = {
      Pages(model.pages, id: \.self, selection: model.selected) { page in
        if page == "b" {
          Child { PageViewController() }
          Child { PageViewController() }
        } else if page != "c" {
          Child { PageViewController() }
        }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      """
      set-pages 'pages' [#"a".some.second PageViewController, #"b".some.first.0 PageViewController]
      show-page 'pages' #"a".some.second PageViewController forward
      """,
      expectingDiagnostics: [
        "pagesShape: child 'pages' #\"b\"",
        "pagesShape: page \"c\" of pages 'pages' declares no child",
      ])
    // No page at all: UIKit cannot show none, so the page shown stays; the others are released.
    await harness.expectTrace(
      """
      set-pages 'pages' []
      """,
      expectingDiagnostics: [
        "pagesShape: pages 'pages' declare no page, and a UIPageViewController cannot show none, "
          + "so page 'pages' #\"a\".some.second PageViewController stays on screen"
      ]
    ) { model.pages = [] }
    #expect(container.viewControllers?.first === harness.controller(named: "pages.a"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    // Pages again: the first one is shown.
    await harness.expectTrace(
      """
      set-pages 'pages' [#"d".some.second PageViewController]
      show-page 'pages' #"d".some.second PageViewController forward
      """,
      expectingDiagnostics: ["pageSelectionNotAmongPages: the selection \"a\""]
    ) { model.pages = ["d"] }
    #expect(container.viewControllers?.first === harness.controller(named: "pages.d"))
  }
}
#endif
