#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

private final class PathPageViewController: UIViewController {
  var tag = "never updated"
}

/// A navigation controller whose path a test sets, recording each completed reconciliation.
@MainActor
private final class PathNavigationController: ComposedNavigationController {
  var path: [Int] = [] {
    didSet {
      setNeedsCompose()
      if composesAtOnce { composer.composeIfNeeded() }
    }
  }
  /// Whether a change of the path is applied at once, as code that cannot wait for the next
  /// layout pass does.
  var composesAtOnce = false
  var completions: [String] = []
  var popped: [[Int]] = []

  init() {
    super.init(nibName: nil, bundle: nil)
    composer.onReconciliationCompletion = { [weak self] completion in
      self?.completions.append(completion.description)
    }
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: path, id: \.self) {
      Child { PathPageViewController() }
    } destination: { key in
      Child {
        PathPageViewController()
      } update: {
        $0.tag = "\(key)"
      }
    }
    .onPop { [unowned self] in
      popped.append($0)
      path = $0
    }
  }
}

/// A tab bar with the stack in one tab and a plain controller in the other.
@MainActor
private final class TwoTabsController: ComposedTabBarController {
  let navigation: PathNavigationController
  var selected = "stack" {
    didSet { setNeedsCompose() }
  }

  init(navigation: PathNavigationController) {
    self.navigation = navigation
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let navigation = navigation
    return Tabs(["stack", "other"], id: \.self, selection: selected) { tab in
      if tab == "stack" {
        Child { navigation }
      } else {
        Child { PathPageViewController() }
      }
    }
    .compositionContent
  }
}

@MainActor
@Suite("Navigation stacks: cases the randomized suite found", .isolatedModel)
struct NavigationStackEdgeCaseTests {
  @Test(
    "A reconciliation whose push, pop or replacement animates completes when its transition ends",
    arguments: [[1, 2], [], [2, 3]])
  func animatedOperationCompletes(path: [Int]) async {
    let navigation = PathNavigationController()
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    navigation.path = [1]
    await harness.settle()
    navigation.completions = []
    navigation.path = path
    await harness.advance(by: 0.1)
    #expect(!navigation.composer.isSettled)
    await harness.settle()
    #expect(navigation.composer.isSettled)
    #expect(navigation.completions.count == 1)
  }

  @Test(
    "A pop other code makes off screen is written back as the stack appears, and a child declared again is made and updated"
  )
  func popOffScreen() async throws {
    let navigation = PathNavigationController()
    let tabBar = TwoTabsController(navigation: navigation)
    let harness = await ContainerHarness(showing: tabBar, composer: tabBar.composer)
    navigation.path = [1, 2]
    await harness.settle()
    tabBar.selected = "other"
    await harness.settle()
    #expect(navigation.viewIfLoaded?.window == nil)
    // Other code pops while the stack is off screen; the popped controller is released.
    weak let popped = navigation.popViewController(animated: false)
    await harness.settle()
    #expect(popped == nil)
    // No delegate call told the composer: it learns of the pop as the stack appears again.
    tabBar.selected = "stack"
    await harness.settle()
    #expect(navigation.popped == [[1]])
    #expect(navigation.path == [1])
    #expect(navigation.viewControllers.count == 2)
    navigation.path = [1, 2]
    await harness.settle()
    let top = try #require(navigation.viewControllers.last as? PathPageViewController)
    #expect(top.tag == "2")
  }

  @Test("A pop written back by a path whose change is applied at once is applied once")
  func popWrittenBackAtOnce() async {
    let navigation = PathNavigationController()
    navigation.composesAtOnce = true
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    navigation.path = [1, 2]
    await harness.settle()
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 PathPageViewController]
      update 'navigation' 1.#1 PathPageViewController
      update 'navigation' 1.#2 PathPageViewController
      set-view-controllers 'navigation' [0 PathPageViewController, 1.#1 PathPageViewController, 1.#2 PathPageViewController] animated
      """)
    navigation.completions = []
    // The write-back sets the path while the composer takes in the pop, and applies it at once.
    await harness.expectTrace("update 'navigation' 1.#1 PathPageViewController") {
      navigation.popViewController(animated: true)
    }
    #expect(navigation.popped == [[1]])
    #expect(navigation.path == [1])
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.completions == ["reconciliation of 1 steps finished"])
  }
}

#endif
