#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state tabs are declared from.
@MainActor
@Observable
private final class TabsModel {
  var tabs = ["a", "b", "c"]
  var selected: String? = "a"
  var note = "note"
  var path: [String] = []
}

private final class TabPageViewController: UIViewController {
  var page = ""
}

private final class TabDetailViewController: UIViewController {
  var detail = ""
}

/// A navigation stack held by a tab: its path is the model's.
@MainActor
private final class TabNavigationController: ComposedNavigationController {
  let model: TabsModel

  init(model: TabsModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: model.path, id: \.self) {
      Child { TabPageViewController() }
    } destination: { key in
      Child(input: key) {
        TabDetailViewController()
      } update: {
        $0.detail = $1
      }
    }
    .onPop { [unowned self] in model.path = $0 }
  }
}

/// A tab bar controller whose tabs are the model's; `onSelect` records what the user selected
/// and, unless `writesBack` is off, sets the model's selection to it.
@MainActor
private final class PagesTabBarController: ComposedTabBarController {
  let model: TabsModel
  var selections: [String] = []
  var writesBack = true

  init(model: TabsModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(model.tabs, id: \.self, selection: model.selected) { tab in
      Child(input: tab + " " + model.note) {
        TabPageViewController()
      } update: {
        $0.page = $1
      }
    }
    .onSelect { [unowned self] key in
      selections.append(key)
      if writesBack { model.selected = key }
    }
  }
}

/// Records the taps a tab bar controller reports.
@MainActor
private final class RecordingTabsDelegate: NSObject, UITabBarControllerDelegate {
  var selected: [String] = []
  var allows = true

  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool {
    allows
  }

  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    selected.append(viewController.uikitModel.name)
  }
}

/// A plain composed container whose composition a test sets.
@MainActor
private final class DeclaredContainer: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

/// A tab bar controller whose composition a test sets.
@MainActor
private final class DeclaredTabBarController: ComposedTabBarController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

@MainActor
@Suite("Tabs", .isolatedModel)
struct TabsTests {
  private func show(
    _ tabs: [String] = ["a", "b", "c"], selected: String? = "a"
  ) async -> (PagesTabBarController, TabsModel, ContainerHarness) {
    let model = TabsModel()
    model.tabs = tabs
    model.selected = selected
    let tabBar = PagesTabBarController(model: model)
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    return (tabBar, model, harness)
  }

  @Test("The first tabs are set at once, and only the selected tab's view loads")
  func firstTabs() async {
    let (tabBar, _, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      tabs.a.willMove(toParent: container)
      tabs.a.didMove(toParent: container)
      tabs.b.willMove(toParent: container)
      tabs.b.didMove(toParent: container)
      tabs.c.willMove(toParent: container)
      tabs.c.didMove(toParent: container)
      tabs.a.loadView()
      tabs.a.viewDidLoad()
      tabs.a.viewWillAppear(false)
      container.viewIsAppearing(false)
      tabs.a.viewIsAppearing(false)
      container.viewDidAppear(false)
      tabs.a.viewDidAppear(false)
      """)
    #expect(tabBar.viewControllers?.count == 3)
    #expect(tabBar.selectedIndex == 0)
  }

  @Test(
    "Six tabs are all set, and the model reports that it does not model the More navigation controller"
  )
  func moreThanFiveTabs() async {
    let keys = ["a", "b", "c", "d", "e", "f"]
    let (tabBar, _, harness) = await show(keys, selected: "f")
    let tabs = keys.map { "#\"\($0)\" TabPageViewController" }
    harness.expectTrace(
      (keys.map { "update 'tabs' #\"\($0)\" TabPageViewController" }
        + ["set-view-controllers 'tabs' [" + tabs.joined(separator: ", ") + "]"])
        .joined(separator: "\n"),
      expectingDiagnostics: [
        "moreNavigationControllerNotModelled: <PagesTabBarController: container> was given 6 view "
          + "controllers; UIKit shows the ones after the fourth under its More navigation "
          + "controller, which the model does not model: all 6 are selectable tabs here (model "
          + "limitation)"
      ])
    #expect(tabBar.viewControllers?.count == 6)
    #expect(tabBar.selectedIndex == 5)
  }

  @Test("The first tabs with another tab selected load only that tab's view")
  func firstTabsSelectingLater() async {
    let (tabBar, _, harness) = await show(selected: "b")
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      tabs.b.willMove(toParent: container)
      tabs.b.didMove(toParent: container)
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.a.willMove(toParent: container)
      tabs.a.didMove(toParent: container)
      tabs.c.willMove(toParent: container)
      tabs.c.didMove(toParent: container)
      tabs.b.viewWillAppear(false)
      container.viewIsAppearing(false)
      tabs.b.viewIsAppearing(false)
      container.viewDidAppear(false)
      tabs.b.viewDidAppear(false)
      """)
    #expect(tabBar.selectedIndex == 1)
  }

  @Test("A new selection alone selects its tab; its view loads then, the others' never")
  func switchSelection() async throws {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    let a = try #require(harness.controller(named: "tabs.a"))
    await harness.expectEvents(
      """
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      """
    ) { model.selected = "b" }
    harness.expectTrace(
      """
      select 'tabs' #"b" TabPageViewController
      """)
    await harness.expectEvents(
      """
      tabs.a.viewWillAppear(false)
      tabs.b.viewWillDisappear(false)
      tabs.a.viewIsAppearing(false)
      tabs.b.viewDidDisappear(false)
      tabs.a.viewDidAppear(false)
      """
    ) { model.selected = "a" }
    harness.expectTrace(
      """
      select 'tabs' #"a" TabPageViewController
      """)
    #expect(tabBar.selectedViewController === a)
    #expect(harness.controller(named: "tabs.c")?.isViewLoaded == false)
  }

  @Test("A tapped tab is written back, and declaring what UIKit shows performs nothing")
  func tapWritesBack() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.c)
      tabs.c.loadView()
      tabs.c.viewDidLoad()
      tabs.c.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.c.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.c.viewDidAppear(false)
      container.delegate.tabBarController(_:didSelect: tabs.c)
      """
    ) { tabBar.uikitModel.tapTab(at: 2) }
    harness.expectTrace("")
    #expect(tabBar.selections == ["c"])
    #expect(model.selected == "c")
    #expect(tabBar.selectedIndex == 2)
    // Tapping the selected tab again is told to the delegate (UIKit's rule T6), and changes
    // nothing: nothing is written back or performed.
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.c)
      container.delegate.tabBarController(_:didSelect: tabs.c)
      """
    ) { tabBar.uikitModel.tapTab(at: 2) }
    harness.expectTrace("")
    #expect(tabBar.selections == ["c"])
  }

  @Test("A tab other code selects is taken as a tap: written back, or selected back")
  func otherCodeSelects() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectTrace("") {
      tabBar.selectedIndex = 1
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.selections == ["b"])
    #expect(model.selected == "b")
    #expect(tabBar.selectedIndex == 1)
    tabBar.writesBack = false
    await harness.expectTrace(
      """
      select 'tabs' #"b" TabPageViewController
      """
    ) {
      tabBar.selectedIndex = 2
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.selections == ["b", "c"])
    #expect(model.selected == "b")
    #expect(tabBar.selectedIndex == 1)
  }

  @Test("A tab other code selects, with the selection left to UIKit, is kept and not written back")
  func otherCodeSelectsWithoutSelection() async {
    let (tabBar, model, harness) = await show(selected: nil)
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectTrace("") {
      tabBar.selectedIndex = 2
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.selections.isEmpty)
    #expect(model.selected == nil)
    #expect(tabBar.selectedIndex == 2)
  }

  @Test("Without write-back, the declaration stays the truth: the declared tab is selected again")
  func tapWithoutWriteBack() async {
    let (tabBar, _, harness) = await show()
    tabBar.writesBack = false
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.b)
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      container.delegate.tabBarController(_:didSelect: tabs.b)
      tabs.a.viewWillAppear(false)
      tabs.b.viewWillDisappear(false)
      tabs.a.viewIsAppearing(false)
      tabs.b.viewDidDisappear(false)
      tabs.a.viewDidAppear(false)
      """
    ) { tabBar.uikitModel.tapTab(at: 1) }
    harness.expectTrace(
      """
      select 'tabs' #"a" TabPageViewController
      """)
    #expect(tabBar.selections == ["b"])
    #expect(tabBar.selectedIndex == 0)
  }

  @Test("Declaring the same tabs again performs nothing; a changed input updates each tab")
  func redeclaration() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents("") { tabBar.setNeedsCompose() }
    harness.expectTrace("")
    await harness.expectEvents("") { model.note = "changed" }
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      """)
  }

  @Test("Tabs moved, inserted and removed are one setViewControllers; kept tabs keep controllers")
  func reorderInsertRemove() async throws {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    let a = try #require(harness.controller(named: "tabs.a"))
    let c = try #require(harness.controller(named: "tabs.c"))
    await harness.expectEvents(
      """
      tabs.b.willMove(toParent: nil)
      tabs.b.didMove(toParent: nil)
      tabs.d.willMove(toParent: container)
      tabs.d.didMove(toParent: container)
      """
    ) { model.tabs = ["c", "d", "a"] }
    harness.expectTrace(
      """
      update 'tabs' #"d" TabPageViewController
      set-view-controllers 'tabs' [#"c" TabPageViewController, #"d" TabPageViewController, #"a" TabPageViewController] animated
      """)
    #expect(tabBar.viewControllers?.first === c)
    #expect(tabBar.viewControllers?.last === a)
    #expect(tabBar.selectedViewController === a)
    #expect(harness.controller(named: "tabs.b") == nil)
  }

  @Test("Removing the selected tab while selecting another loads only the one selected")
  func removeSelected() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents(
      """
      tabs.c.loadView()
      tabs.c.viewDidLoad()
      tabs.c.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.c.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.c.viewDidAppear(false)
      tabs.a.willMove(toParent: nil)
      tabs.a.didMove(toParent: nil)
      """
    ) {
      model.tabs = ["b", "c"]
      model.selected = "c"
    }
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"b" TabPageViewController, #"c" TabPageViewController] animated
      """)
    #expect(tabBar.selectedIndex == 1)
    #expect(harness.controller(named: "tabs.b")?.isViewLoaded == false)
  }

  @Test("A tab holding a composed navigation controller pushes inside the tab, kept by identity")
  func navigationInTab() async throws {
    let model = TabsModel()
    model.selected = "inbox"
    let tabBar = DeclaredTabBarController()
    tabBar.declaration = {
      Tabs(["inbox", "settings"], id: \.self, selection: model.selected) { tab in
        if tab == "inbox" {
          Child { TabNavigationController(model: model) }
        } else {
          Child { TabPageViewController() }
        }
      }
      .onSelect { model.selected = $0 }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"inbox".first TabNavigationController, #"settings".second TabPageViewController]
      """)
    let navigation = try #require(
      tabBar.viewControllers?.first as? TabNavigationController)
    await harness.expectEvents(
      """
      tabs.inbox/navigation.m.willMove(toParent: tabs.inbox)
      tabs.inbox/navigation.m.loadView()
      tabs.inbox/navigation.m.viewDidLoad()
      tabs.inbox/navigation.TabPageViewController.viewWillDisappear(true)
      tabs.inbox/navigation.m.viewWillAppear(true)
      tabs.inbox.delegate.navigationController(willShow: tabs.inbox/navigation.m, animated: true)
      tabs.inbox/navigation.m.viewIsAppearing(true)
      tabs.inbox/navigation.TabPageViewController.viewDidDisappear(true)
      tabs.inbox/navigation.m.viewDidAppear(true)
      tabs.inbox/navigation.m.didMove(toParent: tabs.inbox)
      tabs.inbox.delegate.navigationController(didShow: tabs.inbox/navigation.m, animated: true)
      """
    ) { model.path = ["m"] }
    harness.expectTrace("")
    #expect(navigation.viewControllers.count == 2)
    // Another tab, and back: the navigation controller and its stack are kept.
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.settings)
      tabs.settings.loadView()
      tabs.settings.viewDidLoad()
      tabs.settings.viewWillAppear(false)
      tabs.inbox.viewWillDisappear(false)
      tabs.inbox/navigation.m.viewWillDisappear(false)
      tabs.settings.viewIsAppearing(false)
      tabs.inbox.viewDidDisappear(false)
      tabs.inbox/navigation.m.viewDidDisappear(false)
      tabs.settings.viewDidAppear(false)
      container.delegate.tabBarController(_:didSelect: tabs.settings)
      """
    ) { tabBar.uikitModel.tapTab(at: 1) }
    await harness.expectEvents(
      """
      tabs.inbox.viewWillAppear(false)
      tabs.inbox/navigation.m.viewWillAppear(false)
      tabs.settings.viewWillDisappear(false)
      tabs.inbox.viewIsAppearing(false)
      tabs.inbox/navigation.m.viewIsAppearing(false)
      tabs.settings.viewDidDisappear(false)
      tabs.inbox.viewDidAppear(false)
      tabs.inbox/navigation.m.viewDidAppear(false)
      """
    ) { model.selected = "inbox" }
    harness.expectTrace(
      """
      select 'tabs' #"inbox".first TabNavigationController
      """)
    #expect(tabBar.selectedViewController === navigation)
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("A composed tab bar controller in a composed container's slot keeps its tabs and taps")
  func tabsInSlot() async throws {
    let model = TabsModel()
    let container = DeclaredContainer()
    container.declaration = {
      Slot("content") {
        Child { PagesTabBarController(model: model) }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      """
      add-child 'content' PagesTabBarController
      insert-view 'content' PagesTabBarController at 0
      layout 'content' PagesTabBarController fill
      did-move 'content' PagesTabBarController
      """)
    let tabs = try #require(container.children.first as? PagesTabBarController)
    await harness.expectEvents(
      """
      content.PagesTabBarController/tabs.c.loadView()
      content.PagesTabBarController/tabs.c.viewDidLoad()
      content.PagesTabBarController/tabs.c.viewWillAppear(false)
      content.PagesTabBarController/tabs.a.viewWillDisappear(false)
      content.PagesTabBarController/tabs.c.viewIsAppearing(false)
      content.PagesTabBarController/tabs.a.viewDidDisappear(false)
      content.PagesTabBarController/tabs.c.viewDidAppear(false)
      """
    ) { model.selected = "c" }
    await harness.expectEvents(
      """
      content.PagesTabBarController.delegate.tabBarController(_:shouldSelect: content.PagesTabBarController/tabs.b)
      content.PagesTabBarController/tabs.b.loadView()
      content.PagesTabBarController/tabs.b.viewDidLoad()
      content.PagesTabBarController/tabs.b.viewWillAppear(false)
      content.PagesTabBarController/tabs.c.viewWillDisappear(false)
      content.PagesTabBarController/tabs.b.viewIsAppearing(false)
      content.PagesTabBarController/tabs.c.viewDidDisappear(false)
      content.PagesTabBarController/tabs.b.viewDidAppear(false)
      content.PagesTabBarController.delegate.tabBarController(_:didSelect: content.PagesTabBarController/tabs.b)
      """
    ) { tabs.uikitModel.tapTab(at: 1) }
    #expect(model.selected == "b")
    #expect(tabs.selectedIndex == 1)
    harness.expectTrace("")
  }

  @Test("A delegate set by other code is still asked and told, and may refuse a tap")
  func forwardsToDelegate() async {
    let model = TabsModel()
    let tabBar = PagesTabBarController(model: model)
    let delegate = RecordingTabsDelegate()
    tabBar.delegate = delegate
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    delegate.allows = false
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.b)
      """
    ) { tabBar.uikitModel.tapTab(at: 1) }
    #expect(tabBar.selections.isEmpty)
    delegate.allows = true
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.b)
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      container.delegate.tabBarController(_:didSelect: tabs.b)
      """
    ) { tabBar.uikitModel.tapTab(at: 1) }
    #expect(delegate.selected == ["tabs.b"])
    #expect(tabBar.selections == ["b"])
  }

  @Test("Without a selection, UIKit's stays, and taps are still written back")
  func selectionLeftToUIKit() async {
    let (tabBar, model, harness) = await show(selected: nil)
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents(
      """
      tabs.c.willMove(toParent: nil)
      tabs.c.didMove(toParent: nil)
      """
    ) { model.tabs = ["b", "a"] }
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"b" TabPageViewController, #"a" TabPageViewController] animated
      """)
    #expect(tabBar.selectedViewController === harness.controller(named: "tabs.a"))
    await harness.expectEvents(
      """
      container.delegate.tabBarController(_:shouldSelect: tabs.b)
      tabs.b.loadView()
      tabs.b.viewDidLoad()
      tabs.b.viewWillAppear(false)
      tabs.a.viewWillDisappear(false)
      tabs.b.viewIsAppearing(false)
      tabs.a.viewDidDisappear(false)
      tabs.b.viewDidAppear(false)
      container.delegate.tabBarController(_:didSelect: tabs.b)
      """
    ) { tabBar.uikitModel.tapTab(at: 0) }
    harness.expectTrace("")
    #expect(tabBar.selections == ["b"])
  }

  @Test("Tabs no longer declared are removed, and their controllers released")
  func removeAllTabs() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectReleased { model.tabs = [] }
    harness.expectTrace(
      """
      set-view-controllers 'tabs' []
      """)
    #expect(tabBar.viewControllers?.isEmpty != false)
    #expect(tabBar.children.isEmpty)
  }

  @Test("A selection that is not a tab's key is reported, and UIKit's selection is kept")
  func selectionNotAmongTabs() async {
    let (tabBar, model, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    await harness.expectEvents(
      "", expectingDiagnostics: ["tabSelectionNotAmongTabs: the selection \"z\" of tabs 'tabs'"]
    ) { model.selected = "z" }
    harness.expectTrace("")
    #expect(tabBar.selectedIndex == 0)
  }

  @Test(
    "A selection that is not a tab's key, with the selected tab removed, shows the tab at its index, and the report says how UIKit chooses"
  )
  func selectionNotAmongTabsWithSelectedTabRemoved() async throws {
    let (tabBar, model, harness) = await show(selected: "b")
    let c = try #require(harness.controller(named: "tabs.c"))
    await harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"c" TabPageViewController] animated
      """,
      expectingDiagnostics: [
        "tabSelectionNotAmongTabs: the selection \"z\" of tabs 'tabs' is not the key of any of "
          + "its 2 tabs, so UIKit chooses the tab shown: the selected tab while it is declared, "
          + "else the tab at its index, else the first; select the key of a declared tab, or pass "
          + "nil"
      ]
    ) {
      model.tabs = ["a", "c"]
      model.selected = "z"
    }
    #expect(tabBar.selectedViewController === c)
    #expect(tabBar.selectedIndex == 1)
  }

  @Test("Tabs outside a tab bar controller are reported, and nothing is performed")
  func tabsOutsideTabBarController() async {
    let container = DeclaredContainer()
    container.declaration = {
      Tabs(["a"], id: \.self, selection: "a") { _ in Child { TabPageViewController() } }
        .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    harness.expectTrace(
      "", expectingDiagnostics: ["tabsOutsideTabBarController: tabs 'tabs' are declared in a"])
    #expect(container.children.isEmpty)
  }

  @Test("Duplicate keys, a tab with two children and a controller in use are reported")
  func badTabs() async {
    let shared = TabPageViewController()
    let other = UIViewController()
    other.addChild(shared)
    shared.didMove(toParent: other)
    let tabBar = DeclaredTabBarController()
    tabBar.declaration = {
      Tabs(["a", "a", "b", "c"], id: \.self, selection: "a") { tab in
        if tab == "b" {
          Child { TabPageViewController() }
          Child { TabDetailViewController() }
        } else if tab == "c" {
          Child { shared }
        } else {
          Child { TabPageViewController() }
        }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#"a".second TabPageViewController, #"a".second TabPageViewController (duplicate 1), #"b".first.first.0 TabPageViewController, #"c".first.second TabPageViewController]
      """,
      expectingDiagnostics: [
        "duplicateKey: key 'a' is used twice in the Tabs",
        "tabsShape: child 'tabs' #\"b\"",
        "controllerOwnedElsewhere",
      ])
    #expect(tabBar.viewControllers?.count == 3)
    #expect(shared.parent === other)
  }

  @Test("Tabs other code changed are reported, and the declared tabs are set again")
  func changedBehindComposer() async throws {
    let (tabBar, _, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    let a = try #require(harness.controller(named: "tabs.a"))
    let stranger = UIViewController()
    await harness.expectTrace(
      """
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController] animated
      """,
      expectingDiagnostics: ["changedBehindComposer: the tabs of tabs 'tabs' were changed"]
    ) {
      tabBar.setViewControllers([a, stranger], animated: false)
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.viewControllers?.count == 3)
    #expect(tabBar.viewControllers?.first === a)
    #expect(stranger.parent == nil)
  }

  @Test("Tabs other code reordered, or to which it added a tab, are reported and set again")
  func reorderedOrExtendedBehindComposer() async throws {
    let (tabBar, _, harness) = await show()
    harness.expectTrace(
      """
      update 'tabs' #"a" TabPageViewController
      update 'tabs' #"b" TabPageViewController
      update 'tabs' #"c" TabPageViewController
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController]
      """)
    let a = try #require(harness.controller(named: "tabs.a"))
    let b = try #require(harness.controller(named: "tabs.b"))
    let c = try #require(harness.controller(named: "tabs.c"))
    let declared =
      """
      set-view-controllers 'tabs' [#"a" TabPageViewController, #"b" TabPageViewController, #"c" TabPageViewController] animated
      """
    await harness.expectTrace(
      declared,
      expectingDiagnostics: [
        "changedBehindComposer: the tabs of tabs 'tabs' were changed by other code (UIKit shows "
          + "3 tabs, 3 of the 3 declared ones)"
      ]
    ) {
      tabBar.setViewControllers([c, a, b], animated: false)
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.viewControllers?.elementsEqual([a, b, c], by: ===) == true)
    #expect(tabBar.selectedViewController === a)
    let stranger = UIViewController()
    await harness.expectTrace(
      declared,
      expectingDiagnostics: [
        "changedBehindComposer: the tabs of tabs 'tabs' were changed by other code (UIKit shows "
          + "4 tabs, 3 of the 3 declared ones)"
      ]
    ) {
      tabBar.setViewControllers([a, b, c, stranger], animated: false)
      tabBar.setNeedsCompose()
    }
    #expect(tabBar.viewControllers?.elementsEqual([a, b, c], by: ===) == true)
    #expect(stranger.parent == nil)
    // Repaired, the tabs are what is declared: composing again performs nothing.
    await harness.expectTrace("", expectingDiagnostics: []) { tabBar.setNeedsCompose() }
  }

  @Test("A controller other code adds to tabs declared empty is reported once and taken out")
  func addedToEmptyTabsBehindComposer() async throws {
    let (tabBar, model, harness) = await show()
    await harness.expectTrace(
      """
      set-view-controllers 'tabs' []
      """
    ) { model.tabs = [] }
    #expect(tabBar.viewControllers?.isEmpty ?? true)
    let stranger = UIViewController()
    await harness.expectTrace(
      """
      set-view-controllers 'tabs' []
      """,
      expectingDiagnostics: [
        "changedBehindComposer: the tabs of tabs 'tabs' were changed by other code (UIKit shows "
          + "1 tabs, 0 of the 0 declared ones)"
      ]
    ) {
      tabBar.setViewControllers([stranger], animated: false)
      tabBar.setNeedsCompose()
    }
    #expect(stranger.parent == nil)
    await harness.expectTrace("", expectingDiagnostics: []) { tabBar.setNeedsCompose() }
  }
}
#endif
