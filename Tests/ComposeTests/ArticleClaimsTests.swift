#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// What the articles of the DocC catalog promise, checked on a live container: each test names
// the article and the sentence it holds Compose to.

private struct Message: Identifiable {
  let id: Int
}

private final class MessageRowViewController: UIViewController {
  var message: Message?
}

private final class FeedViewController: UIViewController {}
private final class SearchViewController: UIViewController {}
private final class PlayerViewController: UIViewController {}
private final class EmptyViewController: UIViewController {}

private final class ItemViewController: UIViewController {
  let item: Int

  init(_ item: Int) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private enum Tab {
  case feed, search
}

/// A container whose one slot is declared from a value of its state, with a composer of its own
/// that it tells of memory warnings, as the articles' containers do.
@MainActor
private final class StateContainer<State>: UIViewController {
  var state: State {
    didSet { composer.setNeedsCompose() }
  }
  private let declaration: @MainActor (State) -> Slot

  lazy var composer = Composer(container: self) { [unowned self] in
    declaration(state)
  }

  init(_ state: State, _ declaration: @escaping @MainActor (State) -> Slot) {
    self.state = state
    self.declaration = declaration
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// Whether the container composes from its `viewWillAppear(_:)`, as ComposingAContainer advises
  /// a container added to a visible parent to do.
  var composesBeforeAppearing = false

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if composesBeforeAppearing { composer.composeIfNeeded() }
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

@MainActor
private func showing<State>(
  _ state: State, _ declaration: @escaping @MainActor (State) -> Slot
) async -> (StateContainer<State>, ContainerHarness) {
  let container = StateContainer(state, declaration)
  let harness = await ContainerHarness(
    showing: container, composer: container.composer, name: "container")
  return (container, harness)
}

@MainActor
@Suite("Article claims", .isolatedModel)
struct ArticleClaimsTests {
  // MARK: - PredictingIdentity

  @Test("PredictingIdentity: a child declared in another slot is a new child")
  func anotherSlotIsAnotherChild() {
    @CompositionBuilder func declaration(inFirst: Bool) -> CompositionContent {
      Slot("a") { if inFirst { Child { FeedViewController() } } }
      Slot("b") { if !inFirst { Child { FeedViewController() } } }
    }
    expectPlan(
      Plan(from: declaration(inFirst: true), to: declaration(inFirst: false)),
      """
      will-move-to-nil 'a' some FeedViewController
      remove-view 'a' some FeedViewController
      remove-from-parent 'a' some FeedViewController
      add-child 'b' some FeedViewController
      insert-view 'b' some FeedViewController at 0
      layout 'b' some FeedViewController fill
      did-move 'b' some FeedViewController
      """)
  }

  @Test("PredictingIdentity: switching branches replaces the child, even of the same type")
  func branchesOfTheSameType() {
    func content(isLoading: Bool) -> Slot {
      Slot("content") {
        if isLoading { Child { FeedViewController() } } else { Child { FeedViewController() } }
      }
    }
    expectPlan(
      Plan(from: content(isLoading: true), to: content(isLoading: false)),
      """
      will-move-to-nil 'content' first FeedViewController
      remove-view 'content' first FeedViewController
      remove-from-parent 'content' first FeedViewController
      add-child 'content' second FeedViewController
      insert-view 'content' second FeedViewController at 0
      layout 'content' second FeedViewController fill
      did-move 'content' second FeedViewController
      """)
  }

  @Test(
    "PredictingIdentity: a 'for' loop shifts data through its controllers; ForEach moves the view"
  )
  func loopsAndKeys() async throws {
    func byPosition(_ messages: [Message]) -> Slot {
      Slot("rows", layout: .stack(axis: .vertical)) {
        for message in messages {
          Child {
            MessageRowViewController()
          } update: {
            $0.message = message
          }
        }
      }
    }
    func byKey(_ messages: [Message]) -> Slot {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(messages) { message in
          Child {
            MessageRowViewController()
          } update: {
            $0.message = message
          }
        }
      }
    }
    let before = [Message(id: 1), Message(id: 2)]
    let after = [Message(id: 0), Message(id: 1), Message(id: 2)]
    expectPlan(
      Plan(from: byPosition(before), to: byPosition(after)),
      """
      update 'rows' [0] MessageRowViewController
      update 'rows' [1] MessageRowViewController
      update 'rows' [2] MessageRowViewController
      add-child 'rows' [2] MessageRowViewController
      insert-view 'rows' [2] MessageRowViewController at 2
      layout 'rows' [2] MessageRowViewController stack(vertical, 0)
      did-move 'rows' [2] MessageRowViewController
      """)
    expectPlan(
      Plan(from: byKey(before), to: byKey(after)),
      """
      update 'rows' #0 MessageRowViewController
      add-child 'rows' #0 MessageRowViewController
      insert-view 'rows' #0 MessageRowViewController at 0
      layout 'rows' #0 MessageRowViewController stack(vertical, 0)
      did-move 'rows' #0 MessageRowViewController
      update 'rows' #1 MessageRowViewController
      update 'rows' #2 MessageRowViewController
      """)

    // Reordered by key: the fewest view moves, no controller made or removed.
    let (container, harness) = await showing([1, 2, 3].map(Message.init)) { byKey($0) }
    let rows = container.children
    await harness.expectEvents("") { container.state = [3, 1, 2].map(Message.init) }
    #expect(container.children.map { ObjectIdentifier($0) } == rows.map { ObjectIdentifier($0) })
    #expect(
      container.composer.trace.filter { !$0.hasPrefix("update") }.suffix(1) == [
        "move-view 'rows' #3 MessageRowViewController to 0"
      ])
    let stack = container.view.subviews.compactMap { $0 as? UIStackView }.first
    let arranged = try #require(stack).arrangedSubviews
    #expect(arranged.map { $0 === rows[2].view } == [true, false, false])

    // By position: each controller gets its neighbour's data.
    let (shifting, _) = await showing(before) { byPosition($0) }
    let first = try #require(shifting.children.first as? MessageRowViewController)
    shifting.state = after
    shifting.composer.composeIfNeeded()
    #expect(shifting.children.first === first)
    #expect(
      shifting.children.compactMap { ($0 as? MessageRowViewController)?.message?.id } == [0, 1, 2])
  }

  @Test("PredictingIdentity: the branches of a long switch and of an else-if chain")
  func longConditionals() {
    func switched(_ kind: Int) -> [String] {
      CompositionTree {
        Slot("a") {
          switch kind {
          case 0: Child { FeedViewController() }
          case 1: Child { FeedViewController() }
          default: Child { FeedViewController() }
          }
        }
      }
      .children(in: "a").map(\.description)
    }
    func chained(_ kind: Int) -> [String] {
      CompositionTree {
        Slot("a") {
          if kind == 0 {
            Child { FeedViewController() }
          } else if kind == 1 {
            Child { FeedViewController() }
          } else {
            Child { FeedViewController() }
          }
        }
      }
      .children(in: "a").map(\.description)
    }
    let expected = [
      ["'a' first.first FeedViewController"], ["'a' first.second FeedViewController"],
      ["'a' second FeedViewController"],
    ]
    #expect((0..<3).map(switched) == expected)
    #expect((0..<3).map(chained) == expected)
  }

  @Test("PredictingIdentity: a helper counts as one statement, and its branches follow")
  func helperFunction() {
    @SlotBuilder func helper(_ isLoading: Bool) -> SlotContent {
      if isLoading { Child { FeedViewController() } } else { Child { SearchViewController() } }
    }
    #expect(
      CompositionTree { Slot("a") { helper(false) } }.children(in: "a").map(\.description) == [
        "'a' second SearchViewController"
      ])
    #expect(
      CompositionTree {
        Slot("a") {
          Child { PlayerViewController() }
          helper(true)
        }
      }
      .children(in: "a").map(\.description) == [
        "'a' 0 PlayerViewController", "'a' 1.first FeedViewController",
      ])
  }

  @Test("PredictingIdentity: a repeated id is reported; the second child is kept as a duplicate")
  func repeatedID() {
    let tree = CompositionTree {
      Slot("content") {
        Child { FeedViewController() }.id(1)
        Child { FeedViewController() }.id(1)
      }
    }
    #expect(
      tree.children(in: "content").map(\.description) == [
        "'content' 0 FeedViewController id 1", "'content' 1 FeedViewController id 1 (duplicate 1)",
      ])
    #expect(tree.diagnostics.map(\.id) == [.duplicateChildIdentity])
  }

  // MARK: - ChildLifetimes

  @Test("ChildLifetimes: a kept-alive tab comes back as the same controller, updated first")
  func keptAliveTabComesBack() async throws {
    var updates: [String] = []
    let (tabs, harness) = await showing(Tab.feed) { tab in
      Slot("tab") {
        switch tab {
        case .feed:
          Child {
            FeedViewController()
          } update: { _ in
            updates.append("feed update")
            ModelRuntime.annotate("tab.FeedViewController", "update")
          }
          .lifetime(.keepAlive)
        case .search: Child { SearchViewController() }.lifetime(.keepAlive)
        }
      }
    }
    let feed = try #require(tabs.children.first)
    await harness.expectEvents(
      of: ["tab.FeedViewController"],
      """
      tab.FeedViewController.viewWillDisappear(false)
      tab.FeedViewController.viewDidDisappear(false)
      """
    ) { tabs.state = .search }
    #expect(tabs.children.count == 2 && tabs.children.first === feed)
    #expect(feed.viewIfLoaded?.superview == nil)
    #expect(tabs.composer.hierarchyDescription.contains("hidden"))

    await harness.expectEvents(
      of: ["tab.FeedViewController", "tab.SearchViewController"],
      """
      tab.SearchViewController.viewWillDisappear(false)
      tab.SearchViewController.viewDidDisappear(false)
      tab.FeedViewController.update
      tab.FeedViewController.viewWillAppear(false)
      tab.FeedViewController.viewIsAppearing(false)
      tab.FeedViewController.viewDidAppear(false)
      """,
      categories: ModelEvent.Category.lifecycle.union([.annotation])
    ) { tabs.state = .feed }
    #expect(tabs.children.first === feed)
    #expect(updates == ["feed update", "feed update"])

    // A memory warning evicts the hidden tab with the remove sequence; it is made again.
    weak let search = tabs.children.last
    await harness.expectEvents(
      of: ["tab.SearchViewController"],
      """
      tab.SearchViewController.willMove(toParent: nil)
      tab.SearchViewController.didMove(toParent: nil)
      """,
      categories: [.containment]
    ) { ModelRuntime.simulateMemoryWarning() }
    #expect(search == nil)
    await harness.expectEvents(
      of: ["tab.SearchViewController#2"],
      """
      tab.SearchViewController#2.willMove(toParent: container)
      tab.SearchViewController#2.loadView()
      tab.SearchViewController#2.viewDidLoad()
      tab.SearchViewController#2.viewWillAppear(false)
      tab.SearchViewController#2.viewIsAppearing(false)
      tab.SearchViewController#2.viewDidAppear(false)
      tab.SearchViewController#2.didMove(toParent: container)
      """
    ) { tabs.state = .search }
  }

  @Test("ChildLifetimes: a memory warning removes no eager child and no child that must survive")
  func memoryWarningSparesEagerAndUnevictable() async throws {
    let (tabs, harness) = await showing(Tab.feed) { tab in
      Slot("tab") {
        Child { FeedViewController() }.lifetime(.eager).hidden(tab != .feed)
        Child { SearchViewController() }.lifetime(.eager).hidden(tab != .search)
        if tab == .search {
          Child { PlayerViewController() }.lifetime(.keepAlive(evictOnMemoryWarning: false))
        }
      }
      .transition(.cut)
    }
    tabs.state = .search
    await harness.settle()
    tabs.state = .feed
    await harness.settle()
    let kept = tabs.children
    #expect(kept.count == 3)
    await harness.expectEvents("", categories: [.containment]) {
      ModelRuntime.simulateMemoryWarning()
    }
    #expect(tabs.children.map { ObjectIdentifier($0) } == kept.map { ObjectIdentifier($0) })
  }

  @Test("ChildLifetimes: a hidden eager child is made and added first; shown, it is updated first")
  func eagerChildUpdatedBeforeItsViewAttaches() async {
    let (tabs, harness) = await showing(Tab.feed) { tab in
      Slot("tab") {
        Child { FeedViewController() }.lifetime(.eager).hidden(tab != .feed)
        Child { () -> SearchViewController in
          ModelRuntime.annotate("tab.SearchViewController", "make")
          return SearchViewController()
        } update: { _ in
          ModelRuntime.annotate("tab.SearchViewController", "update")
        }
        .lifetime(.eager).hidden(tab != .search)
      }
      .transition(.cut)
    }
    harness.expectEvents(
      of: ["tab.SearchViewController"],
      """
      tab.SearchViewController.make
      tab.SearchViewController.update
      tab.SearchViewController.willMove(toParent: container)
      tab.SearchViewController.didMove(toParent: container)
      """,
      categories: ModelEvent.Category.lifecycle.union([.annotation]))
    await harness.expectEvents(
      of: ["tab.SearchViewController"],
      """
      tab.SearchViewController.update
      tab.SearchViewController.loadView()
      tab.SearchViewController.viewDidLoad()
      tab.SearchViewController.viewWillAppear(false)
      tab.SearchViewController.viewIsAppearing(false)
      tab.SearchViewController.viewDidAppear(false)
      """,
      categories: ModelEvent.Category.lifecycle.union([.annotation])
    ) { tabs.state = .search }
  }

  @Test("ChildLifetimes: an eager child no longer declared at all stays a child, hidden")
  func undeclaredEagerChildStays() async throws {
    let (container, harness) = await showing(true) { declared in
      Slot("tab") {
        if declared { Child { FeedViewController() }.lifetime(.eager) }
      }
    }
    let feed = try #require(container.children.first)
    await harness.expectEvents(
      of: ["tab.FeedViewController"],
      """
      tab.FeedViewController.viewWillDisappear(false)
      tab.FeedViewController.viewDidDisappear(false)
      """
    ) { container.state = false }
    #expect(container.children.count == 1 && container.children.first === feed)
    #expect(feed.viewIfLoaded?.superview == nil)
    await harness.expectEvents("", categories: [.containment]) {
      ModelRuntime.simulateMemoryWarning()
    }
    #expect(container.children.first === feed)
  }

  // MARK: - TransitionsAndInterruptions

  @Test("TransitionsAndInterruptions: only one child leaving for one arriving is a swap")
  func onlyOneForOneIsASwap() {
    func content(_ items: [Int]) -> Slot {
      Slot("content") {
        for item in items { Child { ItemViewController(item) }.id(item) }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    expectPlan(
      Plan(from: content([1]), to: content([2])),
      "swap 'content' [0] ItemViewController id 1 -> 'content' [0] ItemViewController id 2 "
        + "crossDissolve(0.3)")
    expectPlan(
      Plan(from: content([1]), to: content([2, 3])),
      """
      will-move-to-nil 'content' [0] ItemViewController id 1
      remove-view 'content' [0] ItemViewController id 1
      remove-from-parent 'content' [0] ItemViewController id 1
      add-child 'content' [0] ItemViewController id 2
      insert-view 'content' [0] ItemViewController id 2 at 0
      layout 'content' [0] ItemViewController id 2 fill
      did-move 'content' [0] ItemViewController id 2
      add-child 'content' [1] ItemViewController id 3
      insert-view 'content' [1] ItemViewController id 3 at 1
      layout 'content' [1] ItemViewController id 3 fill
      did-move 'content' [1] ItemViewController id 3
      """)
    let none = Slot("content") { Child { ItemViewController(2) }.id(2) }.transition(.none)
    expectPlan(
      Plan(from: content([1]), to: none),
      """
      will-move-to-nil 'content' [0] ItemViewController id 1
      remove-view 'content' [0] ItemViewController id 1
      remove-from-parent 'content' [0] ItemViewController id 1
      add-child 'content' ItemViewController id 2
      insert-view 'content' ItemViewController id 2 at 0
      layout 'content' ItemViewController id 2 fill
      did-move 'content' ItemViewController id 2
      """)
  }

  @Test("TransitionsAndInterruptions: an animated swap makes UIKit's calls in the article's order")
  func swapOrder() async {
    let (container, harness) = await showing(Int?.none) { selection in
      Slot("content") {
        if let item = selection {
          Child { ItemViewController(item) }.id(item)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    await harness.expectEvents(
      of: ["content.EmptyViewController", "content.1"],
      """
      content.EmptyViewController.willMove(toParent: nil)
      content.1.willMove(toParent: container)
      content.1.loadView()
      content.1.viewDidLoad()
      content.EmptyViewController.viewWillDisappear(true)
      content.1.viewWillAppear(true)
      content.1.viewIsAppearing(true)
      content.1.viewDidAppear(true)
      content.EmptyViewController.viewDidDisappear(true)
      content.EmptyViewController.didMove(toParent: nil)
      content.1.didMove(toParent: container)
      """
    ) { container.state = 1 }
  }

  @Test("TransitionsAndInterruptions: A → B → A → B during one swap ends in B with no more swap")
  func latestWins() async {
    let (container, harness) = await showing(Int?.none) { selection in
      Slot("content") {
        if let item = selection {
          Child { ItemViewController(item) }.id(item)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let traced = container.composer.stepsTraced
    container.state = 1
    await harness.advance(by: 0.1)
    container.state = nil
    await harness.advance(by: 0.05)
    container.state = 1
    await harness.advance(by: 0.05)
    await harness.settle()
    #expect(
      container.composer.trace.suffix(container.composer.stepsTraced - traced) == [
        "swap 'content' second EmptyViewController -> 'content' first ItemViewController id 1 "
          + "crossDissolve(0.3)"
      ])
    #expect(container.children.map { ($0 as? ItemViewController)?.item } == [1])
    harness.expectInvariants()
  }

  @Test(
    "TransitionsAndInterruptions: a child leaves with the lifetime last applied, not a skipped one")
  func skippedLifetime() async {
    struct Selection {
      var shown: Int?
      var keepsAlive: Bool
    }
    let (container, harness) = await showing(Selection(shown: nil, keepsAlive: false)) { state in
      Slot("content") {
        if let item = state.shown {
          Child { ItemViewController(item) }.id(item)
            .lifetime(state.keepsAlive ? .keepAlive : .whileShown)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let traced = container.composer.stepsTraced
    container.state = Selection(shown: 1, keepsAlive: false)
    await harness.advance(by: 0.1)
    // Declared kept alive only while the swap runs: skipped.
    container.state = Selection(shown: 1, keepsAlive: true)
    await harness.advance(by: 0.05)
    container.state = Selection(shown: nil, keepsAlive: true)
    await harness.advance(by: 0.05)
    await harness.settle()
    #expect(
      container.composer.trace.suffix(container.composer.stepsTraced - traced).filter {
        $0.hasPrefix("swap")
      } == [
        "swap 'content' second EmptyViewController -> 'content' first ItemViewController id 1 "
          + "crossDissolve(0.3)",
        "swap 'content' first ItemViewController id 1 -> 'content' second EmptyViewController "
          + "crossDissolve(0.3)",
      ])
    #expect(container.children.count == 1)
    harness.expectInvariants()
  }

  @Test("TransitionsAndInterruptions: A → B → A during one swap ends in A after one more swap")
  func oneMoreSwap() async {
    let (container, harness) = await showing(Int?.none) { selection in
      Slot("content") {
        if let item = selection {
          Child { ItemViewController(item) }.id(item)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let traced = container.composer.stepsTraced
    container.state = 1
    await harness.advance(by: 0.1)
    container.state = 2
    await harness.advance(by: 0.05)
    container.state = nil
    await harness.advance(by: 0.05)
    await harness.settle()
    #expect(
      container.composer.trace.suffix(container.composer.stepsTraced - traced) == [
        "swap 'content' second EmptyViewController -> 'content' first ItemViewController id 1 "
          + "crossDissolve(0.3)",
        "swap 'content' first ItemViewController id 1 -> 'content' second EmptyViewController "
          + "crossDissolve(0.3)",
      ])
    #expect(container.children.first is EmptyViewController)
    harness.expectInvariants()
  }

  // MARK: - ComposingAContainer

  @Test("ComposingAContainer: many setNeedsCompose calls, one reconciliation at the layout pass")
  func coalescedChanges() async {
    let (container, harness) = await showing(0) { count in
      Slot("rows", layout: .stack(axis: .vertical)) {
        for _ in 0..<count { Child { MessageRowViewController() } }
      }
    }
    var reconciliations = 0
    container.composer.onReconciliationCompletion = { _ in reconciliations += 1 }
    container.state = 1
    container.state = 2
    container.composer.setNeedsCompose()
    #expect(container.children.isEmpty)
    await harness.settle()
    #expect(reconciliations == 1)
    #expect(container.children.count == 2)
  }

  @Test("ComposingAContainer: before the view is loaded nothing happens; the change waits for it")
  func beforeTheViewLoads() {
    let container = StateContainer(1) { count in
      Slot("rows") { for _ in 0..<count { Child { MessageRowViewController() } } }
    }
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    #expect(!container.isViewLoaded)
    #expect(container.children.isEmpty)
    #expect(container.composer.stepsTraced == 0)

    container.loadViewIfNeeded()
    container.composer.composeIfNeeded()
    #expect(container.children.count == 1)
  }

  @Test(
    "ComposingAContainer: added to a visible parent, a container's children appear with it only if it composes in viewWillAppear",
    arguments: [false, true])
  func addedToVisibleParent(composesBeforeAppearing: Bool) {
    startRecordingModel()
    let parent = named(UIViewController(), "parent")
    let window = show(parent)
    let container = named(
      StateContainer(1) { _ in
        Slot("content") { Child { named(MessageRowViewController(), "row") } }
      },
      "container")
    container.composesBeforeAppearing = composesBeforeAppearing
    ModelRuntime.clearEvents()

    parent.addChild(container)
    parent.view.addSubview(container.view)
    container.didMove(toParent: parent)
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["container", "row"], categories: [.containment, .appearance])
        == (composesBeforeAppearing
          ? """
          container.willMove(toParent: parent)
          container.viewWillAppear(false)
          row.willMove(toParent: container)
          row.didMove(toParent: container)
          row.viewWillAppear(false)
          container.viewIsAppearing(false)
          row.viewIsAppearing(false)
          container.viewDidAppear(false)
          row.viewDidAppear(false)
          container.didMove(toParent: parent)
          """
          : """
          container.willMove(toParent: parent)
          container.viewWillAppear(false)
          container.viewIsAppearing(false)
          container.viewDidAppear(false)
          container.didMove(toParent: parent)
          row.willMove(toParent: container)
          row.viewWillAppear(false)
          row.viewIsAppearing(false)
          row.viewDidAppear(false)
          row.didMove(toParent: container)
          """))
    #expect(container.children.first?.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }
}
#endif
