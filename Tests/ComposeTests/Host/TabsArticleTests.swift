#if !canImport(UIKit)
// The tabs of the article "Declaring tabs and pages", run against UIKitModel.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

private enum AppTab: Hashable, CaseIterable {
  case inbox, settings
}

@MainActor
@Observable
private final class AppModel {
  var selectedTab = AppTab.inbox
  var path: [Int] = []
}

private final class SettingsViewController: UIViewController {
  let model: AppModel

  init(model: AppModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class InboxViewController: UIViewController {}

private final class MessageViewController: UIViewController {}

@MainActor
private final class InboxNavigationController: ComposedNavigationController {
  let model: AppModel

  init(model: AppModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: model.path, id: \.self) {
      Child { InboxViewController() }
    } destination: { _ in
      Child { MessageViewController() }
    }
    .onPop { self.model.path = $0 }
  }
}

@MainActor
private final class RootTabBarController: ComposedTabBarController {
  let model: AppModel  // @Observable, with `var selectedTab: AppTab` and `var path: [Int]`

  init(model: AppModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(AppTab.allCases, id: \.self, selection: model.selectedTab) { tab in
      switch tab {
      case .inbox:
        Child { InboxNavigationController(model: self.model) }
      case .settings:
        Child { SettingsViewController(model: self.model) }
      }
    }
    .onSelect { self.model.selectedTab = $0 }
  }
}

@MainActor
@Suite("Article: declaring tabs", .isolatedModel)
struct TabsArticleTests {
  @Test("The article's tabs select, write a tap back, and keep a push inside a tab")
  func article() async throws {
    let model = AppModel()
    let tabBar = RootTabBarController(model: model)
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#inbox.first InboxNavigationController, #settings.second SettingsViewController]
      """)
    let inbox = try #require(tabBar.selectedViewController as? InboxNavigationController)
    await harness.expectTrace(
      """
      """
    ) { model.path = [1] }
    await harness.expectTrace(
      """
      select 'tabs' #settings.second SettingsViewController
      """
    ) { model.selectedTab = .settings }
    #expect(inbox.viewControllers.count == 2)
    await harness.expectTrace("") { tabBar.uikitModel.tapTab(at: 0) }
    #expect(model.selectedTab == .inbox)
    #expect(tabBar.selectedViewController === inbox)
    #expect(inbox.viewControllers.count == 2)
  }
}
#endif
