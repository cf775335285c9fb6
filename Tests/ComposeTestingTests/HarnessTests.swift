#if !canImport(UIKit)
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

@MainActor
@Suite("Container harness", .isolatedModel(exceptions: .record))
struct HarnessTests {
  @Test("Showing a container puts it in a visible window and names its children by slot")
  func showing() async throws {
    let state = ScreenState()
    state.rows = ["a", "b"]
    state.article = 7
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)

    #expect(harness.window.isKeyWindow)
    #expect(harness.window.rootViewController === screen)
    #expect(screen.uikitModel.appearanceState == .appeared)
    harness.expectEvents(
      of: ["container", "header.HeaderViewController", "rows.a", "article.7"],
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      header.HeaderViewController.willMove(toParent: container)
      header.HeaderViewController.loadView()
      header.HeaderViewController.viewDidLoad()
      header.HeaderViewController.didMove(toParent: container)
      rows.a.willMove(toParent: container)
      rows.a.loadView()
      rows.a.viewDidLoad()
      rows.a.didMove(toParent: container)
      article.7.willMove(toParent: container)
      article.7.loadView()
      article.7.viewDidLoad()
      article.7.didMove(toParent: container)
      header.HeaderViewController.viewWillAppear(false)
      rows.a.viewWillAppear(false)
      article.7.viewWillAppear(false)
      container.viewIsAppearing(false)
      header.HeaderViewController.viewIsAppearing(false)
      rows.a.viewIsAppearing(false)
      article.7.viewIsAppearing(false)
      container.viewDidAppear(false)
      header.HeaderViewController.viewDidAppear(false)
      rows.a.viewDidAppear(false)
      article.7.viewDidAppear(false)
      """)
    let article = try #require(harness.controller(named: "article.7"))
    #expect(article is ArticleViewController)
    #expect(harness.name(of: article) == "article.7")
    #expect(harness.name(of: screen) == nil)
    harness.expectInvariants()
  }

  @Test("A change to observed state is settled with no setNeedsCompose call")
  func observedChange() async {
    let state = ScreenState()
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen, name: "screen")

    await harness.expectEvents(
      of: ["screen", "article.3"],
      """
      article.3.willMove(toParent: screen)
      article.3.loadView()
      article.3.viewDidLoad()
      article.3.viewWillAppear(false)
      article.3.viewIsAppearing(false)
      article.3.viewDidAppear(false)
      article.3.didMove(toParent: screen)
      """
    ) {
      state.article = 3
    }
    await harness.expectTrace(
      """
      add-child 'rows' #"x" RowViewController
      insert-view 'rows' #"x" RowViewController at 0
      layout 'rows' #"x" RowViewController stack(vertical, 0)
      did-move 'rows' #"x" RowViewController
      will-move-to-nil 'article' some ArticleViewController id 3
      remove-view 'article' some ArticleViewController id 3
      remove-from-parent 'article' some ArticleViewController id 3
      """
    ) {
      state.rows = ["x"]
      state.article = nil
    }
    harness.expectInvariants()
  }

  @Test("advance(by:) stops half-way through a swap")
  func midTransition() async {
    let state = ScreenState()
    state.animatesArticle = true
    state.article = 1
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)

    let lifecycleAndAnimations = ModelEvent.Category.lifecycle.union([.animation])
    await harness.expectEvents(
      """
      article.1.willMove(toParent: nil)
      article.2.willMove(toParent: container)
      article.2.loadView()
      article.2.viewDidLoad()
      article.1.viewWillDisappear(true)
      article.2.viewWillAppear(true)
      animation#1.start(transition(from: article.1, to: article.2), duration: 0.4)
      article.2.viewIsAppearing(true)
      """, categories: lifecycleAndAnimations, settling: false
    ) {
      state.article = 2
      await harness.advance(by: 0.2)
    }
    #expect(screen.children.count == 3)
    harness.expectInvariants()
    await harness.settle()
    harness.expectEvents(
      """
      article.2.viewDidAppear(true)
      article.1.viewDidDisappear(true)
      animation#1.completion(true)
      article.1.didMove(toParent: nil)
      article.2.didMove(toParent: container)
      """, categories: lifecycleAndAnimations)
    #expect(screen.children.count == 2)
    harness.expectInvariants()
  }

  @Test("Later controllers for a name get #2, #3; a name the factory set is kept")
  func names() async throws {
    let state = ScreenState()
    state.article = 1
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)
    state.article = nil
    await harness.settle()
    state.article = 1
    await harness.settle()
    let second = try #require(screen.children.last)
    #expect(harness.name(of: second) == "article.1#2")

    let row = RowViewController()
    row.uikitModel.name = "myRow"
    screen.reusedRow = row
    state.rows = ["a"]
    await harness.settle()
    #expect(harness.name(of: row) == "myRow")
    #expect(harness.controller(named: "myRow") === row)
  }

  @Test("A container named by the test keeps its name")
  func containerName() async {
    let screen = ScreenViewController(state: ScreenState())
    screen.uikitModel.name = "dashboard"
    let harness = await ContainerHarness(showing: screen, name: "ignored")
    #expect(screen.uikitModel.name == "dashboard")
    _ = harness
  }

  @Test("Removed children are released")
  func released() async {
    let state = ScreenState()
    state.rows = ["a", "b"]
    state.article = 1
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    await harness.expectReleased {
      state.rows = []
      state.article = nil
    }
  }

  @Test("A removed child the test keeps is reported by name")
  func leakReported() async throws {
    let state = ScreenState()
    state.article = 1
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)
    let kept = try #require(harness.controller(named: "article.1"))
    let line = #line + 2
    let issues = await recordedIssues {
      await harness.expectReleased { state.article = nil }
    }
    #expect(
      issues == [
        RecordedIssue(
          text: "removed children still alive after the change settled: 'article.1'; look for a "
            + "reference the test, a closure or a delegate keeps",
          line: line)
      ])
    _ = kept
  }

  @Test("A detail popped from a navigation stack inside a tab, and kept, is reported by name")
  func nestedLeakReported() async throws {
    let state = TabsState()
    state.path = [7]
    let tabs = RootTabBarController(state: state)
    let harness = await ContainerHarness(showing: tabs)
    let kept = try #require(harness.controller(named: "tabs.0/navigation.7"))
    let line = #line + 2
    let issues = await recordedIssues {
      await harness.expectReleased { state.path = [] }
    }
    #expect(
      issues == [
        RecordedIssue(
          text: "removed children still alive after the change settled: 'tabs.0/navigation.7'; "
            + "look for a reference the test, a closure or a delegate keeps",
          line: line)
      ])
    _ = kept
  }

  @Test("A detail popped from a navigation stack inside a tab is released")
  func nestedReleased() async {
    let state = TabsState()
    state.path = [7, 8]
    let tabs = RootTabBarController(state: state)
    let harness = await ContainerHarness(showing: tabs)
    await harness.expectReleased { state.path = [] }
  }

  @Test("A trace expectation sees the container's composer only, not a composed child's")
  func traceOfTheContainerOnly() async {
    let state = TabsState()
    let tabs = RootTabBarController(state: state)
    let harness = await ContainerHarness(showing: tabs)
    let navigation = tabs.viewControllers?.first as? InboxNavigationController
    let before = navigation?.composer.trace.count ?? 0
    await harness.expectTrace("") { state.path = [7] }
    #expect(
      navigation?.composer.trace.dropFirst(before).map { $0 } == [
        "push 'navigation' 1.#7 MessageViewController animated"
      ])
  }

  @Test("A page turned away from, which the page view controller's composer keeps, is no leak")
  func turnedPageIsNoLeak() async {
    let state = PagesState()
    let pages = OnboardingPageViewController(state: state)
    let harness = await ContainerHarness(showing: pages)
    await harness.expectReleased { state.selected = "b" }
  }

  @Test("A second harness on a container another harness shows says so at its first expectation")
  func containerShownTwice() async {
    let state = ScreenState()
    let screen = ScreenViewController(state: state)
    let first = await ContainerHarness(showing: screen)
    let second = await ContainerHarness(showing: screen)
    #expect(
      second.takeDiagnostics() == [
        "the container is shown already, by another harness or in a window of its own; show "
          + "each container with one harness, and make a new container for each test"
      ])
    #expect(first.takeDiagnostics() == [])
  }

  @Test("Invariants name the child whose view was taken out behind the composer")
  func invariantViolation() async throws {
    let state = ScreenState()
    state.article = 4
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)
    let article = try #require(harness.controller(named: "article.4"))
    article.view.removeFromSuperview()

    let issues = await recordedIssues { harness.expectInvariants() }
    #expect(
      issues.map(\.text) == [
        """
        invariants do not hold:
        the view of child 'article.4' ('article' some ArticleViewController id 4) is not in the \
        container's view
        """
      ])
  }

  @Test("An event expectation that names a controller nobody has fails and lists the names")
  func unknownName() async {
    let state = ScreenState()
    state.rows = ["a"]
    state.article = 7
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    let line = #line + 1
    let issues = await recordedIssues { harness.expectEvents(of: ["article.8"], "") }
    #expect(
      issues == [
        RecordedIssue(
          text: "no controller is named 'article.8'; the children the harness named so far: "
            + "header.HeaderViewController, rows.a, article.7 (a child is named after its slot "
            + "and its id, its ForEach key or its type)",
          line: line)
      ])
  }

  @Test("A diagnostic of the model fails an expectation unless it expects it")
  func modelDiagnostics() async throws {
    let harness = await ContainerHarness(showing: ScreenViewController(state: ScreenState()))
    let header = try #require(harness.controller(named: "header.HeaderViewController"))
    let line = #line + 2
    let issues = await recordedIssues {
      await harness.expectTrace("") { header.endAppearanceTransition() }
    }
    #expect(
      issues == [
        RecordedIssue(
          text: "unexpected diagnostic: unbalancedAppearanceTransition: Unbalanced calls to "
            + "begin/end appearance transitions for <HeaderViewController: "
            + "header.HeaderViewController>.; pass a part of it in 'expectingDiagnostics' if the "
            + "test means it",
          line: line)
      ])
    await harness.expectTrace(
      "", expectingDiagnostics: ["Unbalanced calls to begin/end appearance transitions"]
    ) { header.endAppearanceTransition() }
  }

  @Test("Diagnostics fail an expectation unless it expects them")
  func diagnostics() async {
    let state = ScreenState()
    let screen = ScreenViewController(state: state)
    let harness = await ContainerHarness(showing: screen)
    let line = #line + 2
    let issues = await recordedIssues {
      await harness.expectTrace("") { state.rows = ["a", "a"] }
    }
    #expect(issues.map(\.line) == [line, line])
    #expect(
      issues.last?.text == "unexpected diagnostic: duplicateKey: key 'a' is used twice in the "
        + "ForEach at Fixtures.swift:44 in slot 'rows'; the second element is kept as a separate "
        + "child; make the keys unique [declared at Fixtures.swift:44]; pass a part of it in "
        + "'expectingDiagnostics' if the test means it")

    // Expected, it passes; an expected one that is not found fails.
    await harness.expectTrace(
      """
      will-move-to-nil 'rows' #"a" RowViewController (duplicate 1)
      remove-view 'rows' #"a" RowViewController (duplicate 1)
      remove-from-parent 'rows' #"a" RowViewController (duplicate 1)
      add-child 'rows' #"b" RowViewController
      insert-view 'rows' #"b" RowViewController at 1
      layout 'rows' #"b" RowViewController stack(vertical, 0)
      did-move 'rows' #"b" RowViewController
      add-child 'rows' #"b" RowViewController (duplicate 1)
      insert-view 'rows' #"b" RowViewController (duplicate 1) at 2
      layout 'rows' #"b" RowViewController (duplicate 1) stack(vertical, 0)
      did-move 'rows' #"b" RowViewController (duplicate 1)
      """, expectingDiagnostics: ["key 'b' is used twice"]
    ) {
      state.rows = ["a", "b", "b"]
    }
    let missing = await recordedIssues {
      await harness.expectTrace("", expectingDiagnostics: ["duplicateKey"]) {}
    }
    #expect(missing.map(\.text) == ["expected a diagnostic containing 'duplicateKey', found none"])
  }
}
#endif
