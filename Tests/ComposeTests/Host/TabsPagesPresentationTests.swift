#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state the tabs, pages and presentations are declared from.
@MainActor
@Observable
private final class ScreensModel {
  var keys = ["a", "b"]
  var selected: String? = "a"
  var editing: [String: String] = [:]
  var style: UIModalPresentationStyle = .pageSheet
  var dismissals: [String] = []
}

private final class TabEditorViewController: UIViewController {
  var text = ""
}

/// A screen in a tab or a page that presents an editor while the model edits its key.
@MainActor
private final class EditingScreen: ComposedViewController {
  let model: ScreensModel
  let key: String

  init(model: ScreensModel, key: String) {
    self.model = model
    self.key = key
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Presentation("editor", item: model.editing[key], id: \.self) { text in
      Child(input: text) {
        TabEditorViewController()
      } update: {
        $0.text = $1
      }
    }
    .presentationStyle(model.style)
    .onDismiss { [unowned self] in
      model.dismissals.append(key)
      model.editing[key] = nil
    }
  }
}

@MainActor
private final class ScreensTabBarController: ComposedTabBarController {
  let model: ScreensModel

  init(model: ScreensModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(model.keys, id: \.self, selection: model.selected) { key in
      Child { EditingScreen(model: self.model, key: key) }
    }
    .onSelect { [unowned self] in model.selected = $0 }
  }
}

@MainActor
private final class ScreensPageViewController: ComposedPageViewController {
  let model: ScreensModel

  init(model: ScreensModel) {
    self.model = model
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Pages(model.keys, id: \.self, selection: model.selected) { key in
      Child { EditingScreen(model: self.model, key: key) }
    }
    .onSelect { [unowned self] in model.selected = $0 }
  }
}

@MainActor
@Suite("Tabs and pages with presentations", .isolatedModel)
struct TabsPagesPresentationTests {
  private func showTabs() async -> (ScreensTabBarController, ScreensModel, ContainerHarness) {
    let model = ScreensModel()
    let tabBar = ScreensTabBarController(model: model)
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      tabs.a.willMove(toParent: container)
      tabs.a.didMove(toParent: container)
      tabs.b.willMove(toParent: container)
      tabs.b.didMove(toParent: container)
      tabs.a.loadView()
      tabs.a.viewDidLoad()
      tabs.a.viewWillAppear(false)
      container.viewIsAppearing(false)
      tabs.a.viewIsAppearing(false)
      container.viewDidAppear(false)
      tabs.a.viewDidAppear(false)
      """)
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"a" EditingScreen, #"b" EditingScreen]
      """)
    return (tabBar, model, harness)
  }

  private func showPages() async -> (ScreensPageViewController, ScreensModel, ContainerHarness) {
    let model = ScreensModel()
    let pages = ScreensPageViewController(model: model)
    let harness = await ContainerHarness(showing: pages, composer: pages.composer)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      pages.a.willMove(toParent: container)
      pages.a.loadView()
      pages.a.viewDidLoad()
      pages.a.viewWillAppear(false)
      container.viewIsAppearing(false)
      pages.a.viewIsAppearing(false)
      container.viewDidAppear(false)
      pages.a.viewDidAppear(false)
      pages.a.didMove(toParent: container)
      """)
    harness.expectTrace(
      """
      set-pages 'pages' [#"a" EditingScreen, #"b" EditingScreen]
      show-page 'pages' #"a" EditingScreen forward
      """)
    return (pages, model, harness)
  }

  @Test(
    "A tab removed while its sheet is presented dismisses the sheet, tells onDismiss and is released"
  )
  func tabRemovedWhileItsSheetIsUp() async throws {
    let (tabBar, model, harness) = await showTabs()
    await harness.expectEvents(
      """
      tabs.a/editor.x.loadView()
      tabs.a/editor.x.viewDidLoad()
      tabs.a/editor.x.viewWillAppear(true)
      tabs.a/editor.x.viewIsAppearing(true)
      tabs.a/editor.x.viewDidAppear(true)
      """
    ) { model.editing["a"] = "x" }
    weak let screen = harness.controller(named: "tabs.a")
    weak let editor = harness.controller(named: "tabs.a/editor.x")
    await harness.expectEvents(
      """
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      tabs.a/editor.x.viewWillDisappear(false)
      tabs.a.willMove(toParent: nil)
      tabs.a.didMove(toParent: nil)
      tabs.a/editor.x.viewDidDisappear(false)
      """
    ) {
      model.keys = ["b"]
      model.selected = "b"
    }
    #expect(model.dismissals == ["a"])
    #expect(model.editing.isEmpty)
    #expect(tabBar.presentedViewController == nil)
    #expect(screen == nil)
    #expect(editor == nil)
    #expect(tabBar.composer.isSettled)
  }

  @Test(
    "A tab removed while its sheet is still being presented dismisses the sheet once the presentation ends"
  )
  func tabRemovedWhileItsSheetIsPresented() async throws {
    let (tabBar, model, harness) = await showTabs()
    await harness.expectEvents(
      """
      tabs.a/editor.x.loadView()
      tabs.a/editor.x.viewDidLoad()
      tabs.a/editor.x.viewWillAppear(true)
      tabs.a/editor.x.viewIsAppearing(true)
      """,
      settling: false
    ) {
      model.editing["a"] = "x"
      await harness.advance(by: 0.1)
    }
    weak let screen = harness.controller(named: "tabs.a")
    weak let editor = harness.controller(named: "tabs.a/editor.x")
    // The removed tab's composer is released with it: the dismissal it could not make during the
    // presentation is still made when the presentation ends.
    await harness.expectEvents(
      """
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      tabs.a.willMove(toParent: nil)
      tabs.a.didMove(toParent: nil)
      tabs.a/editor.x.viewDidAppear(true)
      tabs.a/editor.x.viewWillDisappear(false)
      tabs.a/editor.x.viewDidDisappear(false)
      """
    ) {
      model.keys = ["b"]
      model.selected = "b"
    }
    #expect(model.dismissals == ["a"])
    #expect(tabBar.presentedViewController == nil)
    #expect(screen == nil)
    #expect(editor == nil)
    #expect(tabBar.composer.isSettled)
  }

  @Test(
    "A tab removed while its full-screen cover is up is removed at once, and the cover dismissed"
  )
  func tabRemovedUnderItsCover() async throws {
    let (tabBar, model, harness) = await showTabs()
    model.style = .fullScreen
    await harness.expectEvents(
      """
      tabs.a/editor.x.loadView()
      tabs.a/editor.x.viewDidLoad()
      container.viewWillDisappear(true)
      tabs.a.viewWillDisappear(true)
      tabs.a/editor.x.viewWillAppear(true)
      tabs.a/editor.x.viewIsAppearing(true)
      tabs.a/editor.x.viewDidAppear(true)
      container.viewDidDisappear(true)
      tabs.a.viewDidDisappear(true)
      """
    ) { model.editing["a"] = "x" }
    weak let screen = harness.controller(named: "tabs.a")
    weak let editor = harness.controller(named: "tabs.a/editor.x")
    // The tab bar controller is out of the window under the cover its tab presents: the change
    // is applied from the main queue, and the tab that leaves dismisses its cover.
    await harness.expectEvents(
      """
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.a/editor.x.viewWillDisappear(false)
      container.viewWillAppear(false)
      tabs.b.viewWillAppear(false)
      container.viewIsAppearing(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.willMove(toParent: nil)
      tabs.a.didMove(toParent: nil)
      tabs.a/editor.x.viewDidDisappear(false)
      container.viewDidAppear(false)
      tabs.b.viewDidAppear(false)
      """
    ) {
      model.keys = ["b"]
      model.selected = "b"
    }
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"b" EditingScreen] animated
      """)
    #expect(model.dismissals == ["a"])
    #expect(tabBar.presentedViewController == nil)
    #expect(tabBar.viewControllers?.count == 1)
    #expect(screen == nil)
    #expect(editor == nil)
    #expect(tabBar.composer.isSettled)
  }

  @Test("A page turned away while its sheet is up dismisses the sheet and tells onDismiss")
  func pageTurnedWhileItsSheetIsUp() async throws {
    let (pages, model, harness) = await showPages()
    await harness.expectEvents(
      """
      pages.a/editor.x.loadView()
      pages.a/editor.x.viewDidLoad()
      pages.a/editor.x.viewWillAppear(true)
      pages.a/editor.x.viewIsAppearing(true)
      pages.a/editor.x.viewDidAppear(true)
      """
    ) { model.editing["a"] = "x" }
    await harness.expectEvents(
      """
      pages.a/editor.x.viewWillDisappear(false)
      pages.a.willMove(toParent: nil)
      pages.b.willMove(toParent: container)
      pages.b.loadView()
      pages.b.viewDidLoad()
      pages.b.viewWillAppear(true)
      pages.a.viewWillDisappear(true)
      pages.b.viewIsAppearing(true)
      pages.a/editor.x.viewDidDisappear(false)
      pages.b.viewDidAppear(true)
      pages.a.viewDidDisappear(true)
      pages.a.didMove(toParent: nil)
      pages.b.didMove(toParent: container)
      """
    ) { model.selected = "b" }
    #expect(model.dismissals == ["a"])
    #expect(model.editing.isEmpty)
    #expect(pages.presentedViewController == nil)
    #expect(pages.composer.isSettled)
  }

  @Test("An off-screen page's presentation is presented once the page is shown")
  func offScreenPagePresents() async throws {
    let (pages, model, harness) = await showPages()
    await harness.expectEvents("") { model.editing["b"] = "y" }
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
      pages.b/editor.y.loadView()
      pages.b/editor.y.viewDidLoad()
      pages.b/editor.y.viewWillAppear(true)
      pages.b/editor.y.viewIsAppearing(true)
      pages.b/editor.y.viewDidAppear(true)
      """
    ) { model.selected = "b" }
    #expect(pages.presentedViewController === harness.controller(named: "pages.b/editor.y"))
  }
  @Test(
    "A tab's sheet waiting for another tab's sheet is presented once that one is dismissed"
  )
  func sheetWaitsForAnotherTabsSheet() async throws {
    let (tabBar, model, harness) = await showTabs()
    await harness.expectEvents(
      """
      tabs.a/editor.x.loadView()
      tabs.a/editor.x.viewDidLoad()
      tabs.a/editor.x.viewWillAppear(true)
      tabs.a/editor.x.viewIsAppearing(true)
      tabs.a/editor.x.viewDidAppear(true)
      """
    ) { model.editing["a"] = "x" }
    // Tab b's screen is off screen: its sheet waits for it.
    await harness.expectEvents("") { model.editing["b"] = "y" }
    await harness.expectEvents(
      """
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      """,
      expectingDiagnostics: ["presentationBlocked"]
    ) { model.selected = "b" }
    await harness.expectEvents(
      """
      tabs.a/editor.x.viewWillDisappear(true)
      tabs.a/editor.x.viewDidDisappear(true)
      tabs.b/editor.y.loadView()
      tabs.b/editor.y.viewDidLoad()
      tabs.b/editor.y.viewWillAppear(true)
      tabs.b/editor.y.viewIsAppearing(true)
      tabs.b/editor.y.viewDidAppear(true)
      """
    ) { model.editing["a"] = nil }
    #expect(tabBar.presentedViewController === harness.controller(named: "tabs.b/editor.y"))
    let screen = try #require(harness.controller(named: "tabs.b") as? EditingScreen)
    #expect(screen.composer.isSettled)
  }
  @Test("A selection of a page that was removed shows the first page, and the report says so")
  func selectionOfRemovedPage() async throws {
    let (pages, model, harness) = await showPages()
    weak let first = harness.controller(named: "pages.a")
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
      """,
      expectingDiagnostics: [
        "the selection \"a\" of pages 'pages' is not the key of any of its 1 pages, so the first "
          + "page, 'pages' #\"b\" EditingScreen, is shown"
      ]
    ) { model.keys = ["b"] }
    harness.expectTrace(
      """
      set-pages 'pages' [#"b" EditingScreen]
      show-page 'pages' #"b" EditingScreen forward animated
      """)
    #expect(pages.viewControllers?.first === harness.controller(named: "pages.b"))
    #expect(first == nil)
  }
}
#endif
