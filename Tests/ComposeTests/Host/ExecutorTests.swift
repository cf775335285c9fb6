#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// MARK: - Fixtures

/// A container whose declaration is given by the test and reads the container's state.
@MainActor
private final class ScriptedContainer: UIViewController {
  /// How many times the composer evaluated the body.
  var evaluations = 0
  /// A child decides between two controllers with it.
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  /// A second, independent switch.
  var otherFlag = false {
    didSet { composer.setNeedsCompose() }
  }
  /// The keys of a keyed list.
  var keys: [String] = [] {
    didSet { composer.setNeedsCompose() }
  }
  /// A selector for `switch` declarations.
  var mode = 0 {
    didSet { composer.setNeedsCompose() }
  }
  /// A subview of the container's view that a slot may be anchored to.
  let panel = named(UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 200)), "panel")

  private let declaration: @MainActor (ScriptedContainer) -> CompositionContent

  init(
    @CompositionBuilder _ declaration:
      @escaping @MainActor (ScriptedContainer) -> CompositionContent
  ) {
    self.declaration = declaration
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  lazy var composer = Composer(container: self) { [unowned self] in
    self.evaluate()
  }

  private func evaluate() -> CompositionContent {
    evaluations += 1
    return declaration(self)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(panel)
    composer.setNeedsCompose()
  }
}

/// A container that forwards appearance to its children itself, as Apple's container guide shows.
@MainActor
private final class ManualContainer: UIViewController {
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  var showsChild = false {
    didSet { composer.setNeedsCompose() }
  }
  var transition: Transition = .none

  override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if showsChild {
        if flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
    }
    .transition(transition)
  }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  /// The children whose views are in this container's view tree.
  private var shownChildren: [UIViewController] {
    children.filter { $0.viewIfLoaded?.superview != nil }
  }
  /// The children the last `viewWill…` began; `viewDid…` ends these, not children added in
  /// between (by the window's first layout pass, say), which were brought up to date as they came.
  private var forwarded: [UIViewController] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    forwarded = shownChildren
    for child in forwarded { child.beginAppearanceTransition(true, animated: animated) }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    for child in forwarded where child.parent === self { child.endAppearanceTransition() }
    forwarded = []
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    forwarded = shownChildren
    for child in forwarded { child.beginAppearanceTransition(false, animated: animated) }
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    for child in forwarded where child.parent === self { child.endAppearanceTransition() }
    forwarded = []
  }
}

/// A container that only owns a composer: no override calls it.
@MainActor
private final class PlainContainer: UIViewController {
  lazy var composer = Composer(container: self) {
    Slot("content") { Child { named(ListViewController(), "list") } }
  }

  /// Applies what was asked before the view existed, and only that: `composeIfNeeded()` does
  /// nothing when nothing is pending.
  override func viewDidLoad() {
    super.viewDidLoad()
    composer.composeIfNeeded()
  }
}

/// The convenience base class: no composer code at all in the container.
@MainActor
private final class BaseClassContainer: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") { Child { named(ListViewController(), "list") } }
  }
}

/// The object, with a name for the model's event log.
@MainActor
private func named<T: UIResponder>(_ object: T, _ name: String) -> T {
  object.uikitModel.name = name
  return object
}

/// How many times each appearance callback reached the named object.
@MainActor
private func appearanceCounts(_ name: String) -> [String: Int] {
  var counts: [String: Int] = [:]
  for event in ModelRuntime.events where event.subject == name && event.category == .appearance {
    let callback = String(event.callback.prefix { $0 != "(" })
    counts[callback, default: 0] += 1
  }
  return counts
}

/// Whether every will-appear of the named object was followed by a did-appear, and every
/// will-disappear by a did-disappear, counted over the whole log.
@MainActor
private func isBalanced(_ name: String) -> Bool {
  let counts = appearanceCounts(name)
  return counts["viewWillAppear", default: 0] == counts["viewDidAppear", default: 0]
    && counts["viewWillDisappear", default: 0] == counts["viewDidDisappear", default: 0]
}

/// The steps the composer performed since the trace had `count` lines, one per line.
@MainActor
private func trace(of composer: Composer, since count: Int) -> String {
  composer.trace.dropFirst(count).joined(separator: "\n")
}

/// Slot layouts, and the frame each gives a child of a 390 × 844 container.
enum LayoutCase: CaseIterable, Sendable {
  case fill, fillWithInsets, frame

  @MainActor var layout: SlotLayout {
    switch self {
    case .fill: .fill
    case .fillWithInsets: .fill(insets: UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    case .frame: .frame(CGRect(x: 10, y: 20, width: 100, height: 50), autoresizingMask: [])
    }
  }

  var expectedFrame: CGRect {
    switch self {
    case .fill: CGRect(x: 0, y: 0, width: 390, height: 844)
    case .fillWithInsets: CGRect(x: 20, y: 10, width: 330, height: 804)
    case .frame: CGRect(x: 10, y: 20, width: 100, height: 50)
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Executor and composer flows", .isolatedModel)
struct ExecutorFlows {
  // MARK: Coalescing

  @Test("Invalidations before the view loads are applied once, when it loads and is composed")
  func invalidationsBeforeLoadingWait() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { _ in
      Slot("content") { Child { named(ListViewController(), "list") } }
    }
    container.composer.setNeedsCompose()
    container.composer.setNeedsCompose()
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    #expect(container.evaluations == 0)
    #expect(!container.isViewLoaded)
    #expect(container.children.isEmpty)

    container.loadViewIfNeeded()
    #expect(container.evaluations == 0)
    container.composer.composeIfNeeded()
    container.composer.composeIfNeeded()

    #expect(container.evaluations == 1)
    let list = try #require(container.children.first)
    #expect(list.view.superview === container.view)
    #expect(
      ModelRuntime.eventLog(for: ["list"]) == """
        list.willMove(toParent: container)
        list.loadView()
        list.viewDidLoad()
        list.didMove(toParent: container)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("A loaded container off-window is composed by its own layout pass")
  func layoutPassOffWindowComposes() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { _ in
      Slot("content") { Child { named(ListViewController(), "list") } }
    }
    container.loadViewIfNeeded()
    container.composer.setNeedsCompose()
    #expect(container.evaluations == 0)

    container.view.layoutIfNeeded()

    #expect(container.evaluations == 1)
    #expect(container.children.count == 1)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("Three invalidations while visible lead to one reconciliation at the next layout pass")
  func invalidationsCoalesce() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
    }
    let window = show(container)
    #expect(container.evaluations == 1)
    let traced = container.composer.trace.count
    ModelRuntime.clearEvents()

    container.flag = true
    container.flag = false
    container.flag = true
    #expect(container.evaluations == 1)
    #expect(ModelRuntime.events.isEmpty)

    ModelRuntime.advance(by: 0)

    #expect(container.evaluations == 2)
    #expect(
      trace(of: container.composer, since: traced) == """
        will-move-to-nil 'content' second ListViewController
        remove-view 'content' second ListViewController
        remove-from-parent 'content' second ListViewController
        add-child 'content' first DetailViewController
        insert-view 'content' first DetailViewController at 0
        layout 'content' first DetailViewController fill
        did-move 'content' first DetailViewController
        """)
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        list.viewWillDisappear(false)
        list.viewDidDisappear(false)
        list.didMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        detail.viewWillAppear(false)
        detail.viewIsAppearing(false)
        detail.viewDidAppear(false)
        detail.didMove(toParent: container)
        """)
    ModelRuntime.runUntilIdle()
    #expect(container.evaluations == 2)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Add, remove, replace

  @Test("Adding, replacing and removing a child while visible make UIKit's canonical calls")
  func addReplaceRemoveWhileVisible() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        switch container.mode {
        case 1: Child { named(ListViewController(), "list") }
        case 2: Child { named(DetailViewController(), "detail") }
        default: Group {}
        }
      }
    }
    let window = show(container)
    #expect(container.children.isEmpty)
    ModelRuntime.clearEvents()

    container.mode = 1
    ModelRuntime.advance(by: 0)
    let list = try #require(container.children.first)
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: container)
        list.loadView()
        list.viewDidLoad()
        list.viewWillAppear(false)
        list.viewIsAppearing(false)
        list.viewDidAppear(false)
        list.didMove(toParent: container)
        """)
    #expect(list.view.superview === container.view)
    #expect(list.view.frame == container.view.bounds)
    ModelRuntime.clearEvents()

    container.mode = 2
    ModelRuntime.advance(by: 0)
    let detail = try #require(container.children.first)
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        list.viewWillDisappear(false)
        list.viewDidDisappear(false)
        list.didMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        detail.viewWillAppear(false)
        detail.viewIsAppearing(false)
        detail.viewDidAppear(false)
        detail.didMove(toParent: container)
        """)
    #expect(container.children == [detail])
    #expect(list.parent == nil)
    #expect(list.viewIfLoaded?.superview == nil)
    #expect(detail.view.superview === container.view)
    #expect(detail.view.frame == container.view.bounds)
    ModelRuntime.clearEvents()

    container.mode = 0
    ModelRuntime.advance(by: 0)
    #expect(
      ModelRuntime.eventLog() == """
        detail.willMove(toParent: nil)
        detail.viewWillDisappear(false)
        detail.viewDidDisappear(false)
        detail.didMove(toParent: nil)
        """)
    #expect(container.children.isEmpty)
    #expect(detail.viewIfLoaded?.superview == nil)
    #expect(detail.view.constraints.isEmpty)
    #expect(container.view.constraints.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "A slot's layout places the child's root view after a layout pass",
    arguments: LayoutCase.allCases)
  func layoutPlacesRootView(layoutCase: LayoutCase) throws {
    let layout = layoutCase.layout
    let expected = layoutCase.expectedFrame
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { _ in
      Slot("content", layout: layout) { Child { named(ListViewController(), "list") } }
    }
    let window = show(container)

    let list = try #require(container.children.first)
    #expect(list.view.superview === container.view)
    #expect(list.view.frame == expected)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A slot anchored to a subview puts its child's view in that subview and fills it")
  func anchoredSlotUsesSubview() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("main") { Child { named(ListViewController(), "list") } }
      Slot("side", in: container.panel) { Child { named(DetailViewController(), "detail") } }
    }
    let window = show(container)

    let list = try #require(container.children.first { $0 is ListViewController })
    let detail = try #require(container.children.first { $0 is DetailViewController })
    #expect(list.view.superview === container.view)
    #expect(detail.view.superview === container.panel)
    #expect(detail.view.frame == container.panel.bounds)
    #expect(detail.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "A stack slot's arranged subviews follow the declared order after inserts, moves and removals",
    arguments: [
      ["a", "b", "c"],
      ["c", "a", "b"],
      ["d", "c", "a", "b"],
      ["b", "e", "a"],
      [],
    ])
  func stackFollowsDeclaration(keys: [String]) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("rows", layout: .stack(axis: .vertical, spacing: 8)) {
        ForEach(container.keys, id: \.self) { key in
          Child { named(RowViewController(), "row-\(key)") }
        }
      }
    }
    container.keys = ["a", "b", "c"]
    let window = show(container)

    container.keys = keys
    ModelRuntime.advance(by: 0)

    let rows = container.children.map { ($0.uikitModel.name, $0.view) }
    let stack = try #require(container.view.subviews.compactMap { $0 as? UIStackView }.first)
    let arranged = stack.arrangedSubviews.map { view in
      rows.first { $0.1 === view }?.0 ?? "?"
    }
    #expect(arranged == keys.map { "row-\($0)" })
    #expect(stack.subviews.count == keys.count)
    #expect(container.children.count == keys.count)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Keyed reorder

  @Test("A keyed reorder moves views only: no containment or appearance callback, same instances")
  func keyedReorderMovesViewsOnly() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(container.keys, id: \.self) { key in
          Child { named(RowViewController(), "row-\(key)") }
        }
      }
    }
    container.keys = ["a", "b", "c", "d"]
    let window = show(container)
    let before = container.children
    let traced = container.composer.trace.count
    ModelRuntime.clearEvents()

    container.keys = ["d", "a", "c", "b"]
    ModelRuntime.advance(by: 0)

    #expect(
      trace(of: container.composer, since: traced) == """
        move-view 'rows' #"d" RowViewController to 0
        move-view 'rows' #"b" RowViewController to 3
        """)
    #expect(ModelRuntime.eventLog().isEmpty)
    #expect(container.children.count == 4)
    for controller in before {
      #expect(container.children.contains { $0 === controller })
    }
    let stack = try #require(before[0].view.superview as? UIStackView)
    #expect(
      stack.arrangedSubviews.map(\.uikitModel.name)
        == ["d", "a", "c", "b"].map { "row-\($0).view" })
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Animated swap

  @Test("An animated swap follows UIKit's transition order, with containment in its completion")
  func animatedSwapOrder() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(container)
    let list = try #require(container.children.first)
    let traced = container.composer.trace.count
    ModelRuntime.clearEvents()

    container.flag = true
    ModelRuntime.advance(by: 0)

    #expect(
      trace(of: container.composer, since: traced) == """
        swap 'content' second ListViewController -> 'content' first DetailViewController \
        crossDissolve(0.3)
        """)
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        list.viewWillDisappear(true)
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        """)
    let detail = try #require(container.children.last)

    ModelRuntime.advance(by: 0.15)
    #expect(list.view.superview === container.view)
    #expect(detail.view.superview === container.view)
    #expect(list.uikitModel.appearanceState == .disappearing)
    #expect(detail.uikitModel.appearanceState == .appearing)
    #expect(container.children.count == 2)
    #expect(list.parent === container)

    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        list.viewWillDisappear(true)
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        detail.viewDidAppear(true)
        list.viewDidDisappear(true)
        list.didMove(toParent: nil)
        detail.didMove(toParent: container)
        """)
    #expect(container.children == [detail])
    #expect(list.parent == nil)
    #expect(list.viewIfLoaded?.superview == nil)
    #expect(detail.view.superview === container.view)
    #expect(detail.view.frame == container.view.bounds)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Interruption

  @Test(
    "Changes during a swap wait for it, then the latest declaration is applied once",
    arguments: [
      // Toggles made mid-way, and the child that is shown at the end.
      ([false, true], "detail"),
      ([false], "list"),
      ([false, true, false], "list"),
    ])
  func interruptionAppliesLatest(toggles: [Bool], finalName: String) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
      Slot("badge", in: container.panel) {
        if container.otherFlag {
          Child { named(HeaderViewController(), "header") }
        } else {
          Child { named(SpinnerViewController(), "spinner") }
        }
      }
    }
    let window = show(container)

    container.flag = true
    ModelRuntime.advance(by: 0)
    let swapStart = ModelRuntime.currentTime
    #expect(ModelRuntime.runningAnimations.count == 1)
    ModelRuntime.advance(by: 0.1)
    for value in toggles {
      container.flag = value
      ModelRuntime.advance(by: 0.05)
      #expect(ModelRuntime.runningAnimations.count == 1)
    }
    // Another slot changes meanwhile: it is not blocked by the running swap.
    container.otherFlag = true
    ModelRuntime.advance(by: 0)
    let header = try #require(container.children.first { $0 is HeaderViewController })
    #expect(header.uikitModel.appearanceState == .appeared)
    #expect(!container.children.contains { $0 is SpinnerViewController })
    #expect(ModelRuntime.runningAnimations.count == 1)
    let evaluationsBeforeEnd = container.evaluations
    let traced = container.composer.trace.count

    // The first swap ends at 0.3 s; the composer reconciles once, with the latest declaration.
    ModelRuntime.advance(by: swapStart + 0.3 - ModelRuntime.currentTime + 0.001)
    #expect(container.evaluations == evaluationsBeforeEnd + 1)
    if finalName == "list" {
      #expect(
        trace(of: container.composer, since: traced) == """
          swap 'content' first DetailViewController -> 'content' second ListViewController \
          crossDissolve(0.3)
          """)
    } else {
      #expect(trace(of: container.composer, since: traced).isEmpty)
    }
    ModelRuntime.runUntilIdle()

    let shown = container.children.filter { $0.view.superview === container.view }
    #expect(shown.map(\.uikitModel.name) == [finalName])
    #expect(container.children.count == 2)
    #expect(shown.first?.uikitModel.appearanceState == .appeared)
    for name in ["list", "detail", "header", "spinner"] {
      #expect(isBalanced(name), "\(name): \(appearanceCounts(name))")
    }
    #expect(!ModelRuntime.diagnostics.contains { $0.message.contains("Unbalanced") })
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Keep-alive

  @Test("A kept-alive child stays a child while hidden and comes back as the same instance")
  func keepAliveTabSwitch() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("tabs") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }.lifetime(.keepAlive)
        } else {
          Child { named(ListViewController(), "list") }.lifetime(.keepAlive)
        }
      }
    }
    let window = show(container)
    let list = try #require(container.children.first)
    ModelRuntime.clearEvents()

    container.flag = true
    ModelRuntime.advance(by: 0)
    #expect(
      ModelRuntime.eventLog() == """
        list.viewWillDisappear(false)
        list.viewDidDisappear(false)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        detail.viewWillAppear(false)
        detail.viewIsAppearing(false)
        detail.viewDidAppear(false)
        detail.didMove(toParent: container)
        """)
    let detail = try #require(container.children.last)
    #expect(container.children == [list, detail])
    #expect(list.parent === container)
    #expect(list.viewIfLoaded?.superview == nil)
    #expect(list.uikitModel.appearanceState == .disappeared)
    #expect(
      container.composer.hierarchyDescription.contains("hidden second ListViewController keepAlive")
    )
    ModelRuntime.clearEvents()

    container.flag = false
    ModelRuntime.advance(by: 0)
    #expect(
      ModelRuntime.eventLog() == """
        detail.viewWillDisappear(false)
        detail.viewDidDisappear(false)
        list.viewWillAppear(false)
        list.viewIsAppearing(false)
        list.viewDidAppear(false)
        """)
    #expect(container.children.count == 2)
    #expect(container.children.first === list)
    #expect(list.view.superview === container.view)
    #expect(list.view.frame == container.view.bounds)
    #expect(detail.parent === container)
    #expect(detail.viewIfLoaded?.superview == nil)
    let identity = try #require(
      CompositionTree {
        Slot("tabs") {
          if Bool(false) {
            Child { DetailViewController() }.lifetime(.keepAlive)
          } else {
            Child { ListViewController() }.lifetime(.keepAlive)
          }
        }
      }
      .children(in: "tabs").first)
    #expect(container.composer.controller(for: identity) === list)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Manual forwarding

  @Test("Adding a child to a visible manual-forwarding container brackets it with begin and end")
  func manualForwardingAdd() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ManualContainer()
    let window = show(container)
    ModelRuntime.clearEvents()

    container.showsChild = true
    ModelRuntime.advance(by: 0)

    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: container)
        list.loadView()
        list.viewDidLoad()
        list.viewWillAppear(false)
        list.viewIsAppearing(false)
        list.viewDidAppear(false)
        list.didMove(toParent: container)
        """)
    let list = try #require(container.children.first)
    #expect(list.view.superview === container.view)
    #expect(list.uikitModel.appearanceState == .appeared)
    #expect(isBalanced("list"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("An animated swap in a manual-forwarding container uses UIView.transition, begin and end")
  func manualForwardingSwap() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ManualContainer()
    container.transition = .crossDissolve(duration: 0.3)
    container.showsChild = true
    let window = show(container)
    let list = try #require(container.children.first)
    #expect(list.uikitModel.appearanceState == .appeared)
    ModelRuntime.clearEvents()

    container.flag = true
    ModelRuntime.advance(by: 0)
    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        list.viewWillDisappear(true)
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        """)
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog() == """
        list.willMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        list.viewWillDisappear(true)
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        detail.viewDidAppear(true)
        list.viewDidDisappear(true)
        list.didMove(toParent: nil)
        detail.didMove(toParent: container)
        """)
    let detail = try #require(container.children.first)
    #expect(container.children == [detail])
    #expect(detail.view.superview === container.view)
    #expect(detail.view.frame == container.view.bounds)
    #expect(list.parent == nil)
    #expect(isBalanced("list"))
    #expect(isBalanced("detail"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A slide in a manual-forwarding container moves the incoming view while it animates")
  func manualForwardingSlideAnimates() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ManualContainer()
    container.transition = .slide(from: .trailing, duration: 0.3)
    container.showsChild = true
    let window = show(container)
    ModelRuntime.clearEvents()

    container.flag = true
    ModelRuntime.advance(by: 0.15)

    // The model gives animated properties their final values at once, as UIKit's model layer
    // does: mid-way the incoming view already reports the frame it slides to.
    let detail = try #require(container.children.last)
    #expect(detail.view.superview === container.view)
    #expect(detail.view.frame == container.view.bounds)
    ModelRuntime.runUntilIdle()
    #expect(detail.view.frame == container.view.bounds)
    #expect(isBalanced("list"))
    #expect(isBalanced("detail"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Keep-alive with a transition

  @Test("An animated tab switch keeps the outgoing child alive and revives it on the way back")
  func animatedKeepAliveRoundTrip() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("tabs") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }.lifetime(.keepAlive)
        } else {
          Child { named(ListViewController(), "list") }.lifetime(.keepAlive)
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(container)
    let list = try #require(container.children.first)
    ModelRuntime.clearEvents()

    container.flag = true
    ModelRuntime.runUntilIdle()
    let detail = try #require(container.children.last)
    #expect(container.children == [list, detail])
    #expect(list.viewIfLoaded?.superview == nil)
    container.flag = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog() == """
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        list.viewWillDisappear(true)
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        detail.viewDidAppear(true)
        list.viewDidDisappear(true)
        detail.didMove(toParent: container)
        detail.viewWillDisappear(true)
        list.viewWillAppear(true)
        list.viewIsAppearing(true)
        list.viewDidAppear(true)
        detail.viewDidDisappear(true)
        """)
    #expect(container.children == [list, detail])
    #expect(list.view.superview === container.view)
    #expect(list.view.frame == container.view.bounds)
    #expect(detail.viewIfLoaded?.superview == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  // MARK: Deferred invalidation

  @Test("An invalidation made before the view loads is kept, and applied when the view loads")
  func invalidationBeforeLoadIsNotDropped() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = PlainContainer()
    container.composer.setNeedsCompose()
    #expect(!container.isViewLoaded)
    let window = show(container)

    #expect(container.children.count == 1)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Without an invalidation, loading the view composes nothing")
  func noInvalidationNoCompose() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = PlainContainer()
    let window = show(container)

    #expect(container.children.isEmpty)
    _ = window
  }

  @Test("ComposedViewController composes its body when its view loads, with no code of its own")
  func baseClassComposesOnLoad() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = BaseClassContainer()
    let window = show(container)

    let child = try #require(container.children.first)
    #expect(child.uikitModel.name == "list")
    #expect(child.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  // MARK: Release

  @Test("A removed child is released once the plan is performed")
  func removedChildIsReleased() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
    }
    let window = show(container)
    weak let list = container.children.first
    #expect(list != nil)

    container.flag = true
    ModelRuntime.advance(by: 0)

    #expect(list == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("The outgoing child of an animated swap is released once the swap completes")
  func swappedOutChildIsReleased() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = ScriptedContainer { container in
      Slot("content") {
        if container.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(container)
    weak let list = container.children.first
    #expect(list != nil)

    container.flag = true
    ModelRuntime.advance(by: 0.1)
    #expect(list != nil)
    ModelRuntime.runUntilIdle()

    #expect(list == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A container, its composer and its children are released together")
  func containerAndComposerAreReleased() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    weak var weakContainer: ScriptedContainer?
    weak var weakComposer: Composer?
    weak var weakChild: UIViewController?
    do {
      let container = ScriptedContainer { _ in
        Slot("content") { Child { named(ListViewController(), "list") } }
      }
      container.loadViewIfNeeded()
      container.composer.composeIfNeeded()
      weakContainer = container
      weakComposer = container.composer
      weakChild = container.children.first
      #expect(weakChild != nil)
    }
    #expect(weakContainer == nil)
    #expect(weakComposer == nil)
    #expect(weakChild == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }
}
#endif
