#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state of a tab's navigation stack, read only by the stack's own composer.
@MainActor
@Observable
private final class InboxState {
  var path: [String] = []
  var selected = "inbox"
  var badge = 0
}

private final class InboxPageViewController: UIViewController {
  var tag = ""
}

@MainActor
private final class InboxStackController: ComposedNavigationController {
  let inbox: InboxState
  var tag = ""

  init(inbox: InboxState) {
    self.inbox = inbox
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: inbox.path, id: \.self) {
      Child { InboxPageViewController() }
    } destination: { key in
      Child(input: key) {
        InboxPageViewController()
      } update: {
        $0.tag = $1
      }
    }
    .onPop { [unowned self] in inbox.path = $0 }
  }
}

/// What the tab bar's update closure does with the tab's navigation controller.
enum TabUpdate: CaseIterable, Sendable {
  /// No update closure.
  case none
  /// Sets a value, reading state the stack does not read.
  case setsValue
  /// Loads the navigation controller's view.
  case loadsView
  /// Lays the navigation controller out, which composes it if a change waits.
  case laysOut
  /// Asks the navigation controller to compose, and lays it out.
  case composesAndLaysOut
}

/// A tab bar whose first tab holds the stack; it counts its compositions.
@MainActor
private final class CountingTabBarController: ComposedTabBarController {
  let inbox: InboxState
  let tabUpdate: TabUpdate
  var bodies = 0
  var plans: [String] = []

  init(inbox: InboxState, tabUpdate: TabUpdate) {
    self.inbox = inbox
    self.tabUpdate = tabUpdate
    super.init(nibName: nil, bundle: nil)
    composer.onReconciliationCompletion = { [weak self] completion in
      self?.plans.append(completion.plan.description)
    }
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    bodies += 1
    let inbox = inbox
    let tabUpdate = tabUpdate
    let tabs = Tabs(["inbox", "settings"], id: \.self, selection: inbox.selected) { tab in
      if tab == "inbox" {
        switch tabUpdate {
        case .none:
          Child { InboxStackController(inbox: inbox) }
        case .setsValue:
          Child {
            InboxStackController(inbox: inbox)
          } update: {
            $0.tag = "\(inbox.badge)"
          }
        case .loadsView:
          Child {
            InboxStackController(inbox: inbox)
          } update: {
            $0.view.tag = 1
          }
        case .laysOut:
          Child {
            InboxStackController(inbox: inbox)
          } update: {
            $0.view.layoutIfNeeded()
          }
        case .composesAndLaysOut:
          Child {
            InboxStackController(inbox: inbox)
          } update: {
            $0.setNeedsCompose()
            $0.view.layoutIfNeeded()
          }
        }
      } else {
        Child { InboxPageViewController() }
      }
    }
    return tabs.compositionContent
  }
}

@MainActor
@Suite("Observation across nested composers", .isolatedModel)
struct NestedObservationTests {
  @Test(
    "A change that only a tab's navigation stack reads composes that stack, not the tab bar",
    arguments: TabUpdate.allCases, [false, true])
  func nestedPathChangeLeavesOuterComposerAlone(tabUpdate: TabUpdate, selectsLater: Bool)
    async throws
  {
    let inbox = InboxState()
    inbox.selected = selectsLater ? "settings" : "inbox"
    let tabBar = CountingTabBarController(inbox: inbox, tabUpdate: tabUpdate)
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    let navigation = try #require(tabBar.viewControllers?.first as? InboxStackController)
    if selectsLater {
      inbox.selected = "inbox"
      await harness.settle()
    }
    #expect(navigation.viewControllers.count == 1)
    let bodies = tabBar.bodies
    let plans = tabBar.plans.count
    inbox.path = ["a"]
    await harness.settle()
    #expect(navigation.viewControllers.count == 2)
    inbox.path = ["a", "b"]
    await harness.settle()
    inbox.path = []
    await harness.settle()
    #expect(navigation.viewControllers.count == 1)
    #expect(
      tabBar.plans.count == plans,
      "the tab bar composed again: \(tabBar.plans.dropFirst(plans))")
    #expect(tabBar.bodies == bodies)
  }
}

#endif
