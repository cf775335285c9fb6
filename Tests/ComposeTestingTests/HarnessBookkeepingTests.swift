#if !canImport(UIKit)
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The value a nested container's child shows, passed down by its parent.
private struct ShadeKey: EnvironmentKey {
  static let defaultValue = "default"
}

extension EnvironmentValues {
  fileprivate var shade: String {
    get { self[ShadeKey.self] }
    set { self[ShadeKey.self] = newValue }
  }
}

/// A controller that shows a value.
private final class ShadeViewController: UIViewController {
  var shade = ""
}

/// A composed container whose one child shows the shade passed down to it.
private final class ShadedViewController: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") {
      Child {
        ShadeViewController()
      } update: { controller, environment in
        controller.shade = environment.shade
      }
    }
  }
}

/// A container written by hand with `ComposedContainer`, as its documentation shows.
private final class HandWrittenViewController: UIViewController, ComposedContainer {
  private(set) lazy var composer = Composer(container: self) { [unowned self] in body }
  var repeatsKey = false {
    didSet { composer.setNeedsCompose() }
  }

  @CompositionBuilder var body: CompositionContent {
    Slot("inner") { Child { ShadeViewController() } }
    Slot("rows") {
      ForEach(repeatsKey ? [1, 1] : [1], id: \.self) { _ in Child { RowViewController() } }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composeViewDidLoad()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composeViewWillAppear(animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composeViewDidAppear(animated)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    composeViewWillDisappear(animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    composeViewDidDisappear(animated)
  }
}

/// A screen that swaps a kept-alive list for a detail with a cross-dissolve.
private final class ListOrDetailViewController: ComposedViewController {
  var showsDetail = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") {
      if showsDetail {
        Child { ArticleViewController() }
      } else {
        Child { FeedViewController() }.lifetime(.keepAlive)
      }
    }
    .transition(.crossDissolve(duration: 0.3))
  }
}

/// A screen that declares one composed child, with the shade it passes down.
@MainActor
@Observable
private final class ShadeState {
  var shade = "light"
  var handWritten = false
}

private final class ShadingViewController: ComposedViewController {
  let state: ShadeState

  init(state: ShadeState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") {
      if state.handWritten {
        Child { HandWrittenViewController() }
      } else {
        Child { ShadedViewController() }
      }
    }
    .environment(\.shade, state.shade)
  }
}

@MainActor
@Suite("Container harness: what it has seen", .isolatedModel(exceptions: .record))
struct HarnessBookkeepingTests {
  @Test("A trace expectation sees the steps of a composer whose trace is full")
  func traceOverCapacity() async {
    let state = ScreenState()
    let screen = ScreenViewController(state: state)
    screen.composer.traceCapacity = 4
    let harness = await ContainerHarness(showing: screen)
    harness.expectTrace(
      """
      add-child 'header' HeaderViewController
      insert-view 'header' HeaderViewController at 0
      layout 'header' HeaderViewController fill
      did-move 'header' HeaderViewController
      """)
    // The trace holds 4 steps from now on, whatever happens: a change is still seen.
    let line = #line + 1
    let issues = await recordedIssues { await harness.expectTrace("") { state.rows = ["a"] } }
    #expect(
      issues == [
        RecordedIssue(
          text: """
            trace differs from the expected text (- expected, + actual):
            + add-child 'rows' #"a" RowViewController
            + insert-view 'rows' #"a" RowViewController at 0
            + layout 'rows' #"a" RowViewController stack(vertical, 0)
            + did-move 'rows' #"a" RowViewController
            """, line: line)
      ])
    // More steps than it holds: the expectation says how many it could not see.
    await harness.expectTrace(
      """
      (4 earlier steps dropped: the composer keeps the last 4; look more often, or raise 'traceCapacity')
      add-child 'rows' #"c" RowViewController
      insert-view 'rows' #"c" RowViewController at 2
      layout 'rows' #"c" RowViewController stack(vertical, 0)
      did-move 'rows' #"c" RowViewController
      """
    ) { state.rows = ["a", "b", "c"] }
    await harness.expectTrace("") { screen.setNeedsCompose() }
  }

  @Test("An event expectation after the test cleared the log sees every event recorded since")
  func eventsAfterClearing() async {
    let state = ScreenState()
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    ModelRuntime.clearEvents()
    // More events than the log held before it was cleared.
    state.rows = ["a", "b", "c", "d", "e", "f", "g", "h"]
    await harness.settle()
    harness.expectEvents(
      of: ["rows.a"],
      """
      rows.a.willMove(toParent: container)
      rows.a.loadView()
      rows.a.viewDidLoad()
      rows.a.viewWillAppear(false)
      rows.a.viewIsAppearing(false)
      rows.a.viewDidAppear(false)
      rows.a.didMove(toParent: container)
      """)
    #expect(ModelRuntime.eventsRecorded > ModelRuntime.events.count)
  }

  @Test("An event expectation of a view's name fails: a view has no lifecycle events")
  func viewName() async {
    let state = ScreenState()
    state.rows = ["a"]
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    #expect(ModelRuntime.events.contains { $0.subject == "rows.a.view" })
    let issues = await recordedIssues {
      await harness.expectEvents(of: ["rows.a.view"], "") { state.rows = ["a", "b"] }
    }
    #expect(issues.map(\.text).first?.hasPrefix("no controller is named 'rows.a.view'") == true)
  }

  @Test("A change a detached task makes, whose work the test's model never runs, is named")
  func changeInDetachedTask() async {
    let state = ScreenState()
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    // A detached task does not inherit the test's model: the layout pass it asks for is
    // scheduled in the shared one.
    await Task.detached { @MainActor in state.article = 5 }.value
    await harness.settle()
    #expect(
      harness.takeDiagnostics() == [
        "the container did not settle: its composer waits for a change to be applied that "
          + "nothing in this test's model runs; a change made in a 'Task.detached' schedules "
          + "its work in the shared model, as a detached task does not inherit the test's: "
          + "make the change in the test's task, or in a 'Task' it creates"
      ])
    // The shared model is left as other tests expect it.
    await Task.detached { @MainActor in ModelRuntime.reset() }.value
  }

  @Test("Invariants hold mid-swap while a kept-alive child's view animates out, and after")
  func keptAliveChildLeavingMidSwap() async throws {
    let screen = ListOrDetailViewController()
    let harness = await ContainerHarness(showing: screen)
    screen.showsDetail = true
    await harness.advance(by: 0.1)
    let feed = try #require(harness.controller(named: "content.FeedViewController"))
    #expect(feed.viewIfLoaded?.superview === screen.view)
    harness.expectInvariants()
    await harness.settle()
    #expect(feed.viewIfLoaded?.superview == nil)
    harness.expectInvariants()
  }

  @Test("A nested composed container gets the environment its parent passes down")
  func environmentReachesNestedContainer() async throws {
    let state = ShadeState()
    let harness = await ContainerHarness(showing: ShadingViewController(state: state))
    let leaf = try #require(
      harness.controller(named: "content.ShadedViewController/inner.ShadeViewController")
        as? ShadeViewController)
    #expect(leaf.shade == "light")
    await harness.expectTrace("") { state.shade = "dark" }
    #expect(leaf.shade == "dark")
  }

  @Test("A container written with ComposedContainer has its children named and checked")
  func handWrittenNestedContainer() async throws {
    let state = ShadeState()
    state.handWritten = true
    let harness = await ContainerHarness(showing: ShadingViewController(state: state))
    #expect(
      harness.controller(named: "content.HandWrittenViewController/inner.ShadeViewController")
        != nil)
    let nested = try #require(
      harness.controller(named: "content.HandWrittenViewController")
        as? HandWrittenViewController)
    nested.repeatsKey = true
    await harness.settle()
    #expect(harness.takeDiagnostics().map { $0.prefix(12) } == ["duplicateKey"])
  }

  @Test("An event expectation naming a child made before the harness says why it has no name")
  func composedBeforeTheHarness() async throws {
    let screen = ScreenViewController(state: ScreenState())
    screen.loadViewIfNeeded()
    screen.view.layoutIfNeeded()
    #expect(screen.children.count == 1)
    let harness = await ContainerHarness(showing: screen)
    #expect(harness.controller(named: "header.HeaderViewController") == nil)
    let issues = await recordedIssues {
      await harness.expectEvents(of: ["header.HeaderViewController"], "") {
        screen.state.rows = ["a"]
      }
    }
    #expect(
      issues.map(\.text) == [
        "no controller is named 'header.HeaderViewController'; the children the harness named so "
          + "far: rows.a (a child is named after its slot and its id, its ForEach key or its "
          + "type); the composer composed before the harness was made, so the children it made "
          + "then have no names: make the harness before anything loads the container's view"
      ])
  }

  @Test("A container whose view loaded but did not compose yet has its first children named")
  func loadedButNotComposed() async throws {
    let screen = ScreenViewController(state: ScreenState())
    screen.loadViewIfNeeded()
    let harness = await ContainerHarness(showing: screen)
    #expect(harness.controller(named: "header.HeaderViewController") === screen.children.first)
    let issues = await recordedIssues {
      await harness.expectEvents(of: ["header.Header"], "") { screen.state.rows = ["a"] }
    }
    #expect(
      issues.map(\.text) == [
        "no controller is named 'header.Header'; the children the harness named so far: "
          + "header.HeaderViewController, rows.a (a child is named after its slot and its id, its "
          + "ForEach key or its type)"
      ])
  }
}
#endif
