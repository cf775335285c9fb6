#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
@_spi(ComposeTesting) import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

// A `ForEach` declared with `skipsUnchangedElements`: an element's content is made only when
// the element is new or changed, or the environment at the list changed.

// MARK: - Fixtures

/// One element of the list: a value, equal to another with the same id and title.
private struct Row: Equatable {
  let id: Int
  var title: String
}

/// A child showing a row's title.
@MainActor
private final class ShownRowViewController: UIViewController {
  var text = ""
}

private struct ToneKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var tone: String {
    get { self[ToneKey.self] }
    set { self[ToneKey.self] = newValue }
  }
}

/// A container of one stacked slot of rows, as the tests read it.
@MainActor
private protocol ShowsRows: UIViewController {
  var composer: Composer { get }
}

extension ShowsRows {
  /// The children in the order of their views in the stack.
  var shownChildren: [UIViewController] {
    guard let stack = view.subviews.compactMap({ $0 as? UIStackView }).first else { return [] }
    return stack.arrangedSubviews.map { view in
      children.first { $0.viewIfLoaded === view } ?? UIViewController()
    }
  }

  /// The titles the children show, in the order of their views.
  var shown: [String] {
    shownChildren.map { ($0 as? ShownRowViewController)?.text ?? "?" }
  }

  /// Composes the change, returning the steps it planned.
  func compose() -> [String] {
    let before = composer.trace.count
    composer.composeIfNeeded()
    return Array(composer.trace[before...])
  }
}

/// A container of one list of rows; counts, per id, how many times an element's content and
/// its child's update run.
@MainActor
private final class RowsScreen: UIViewController, ShowsRows {
  var rows: [Row] {
    didSet { composer.setNeedsCompose() }
  }
  var tone = "plain" {
    didSet { composer.setNeedsCompose() }
  }
  /// Whether the list skips its unchanged elements.
  let skips: Bool
  /// Whether each element declares two children instead of one.
  var twoPerElement = false
  /// Whether each element is one `Child` (the usual list) rather than a block of statements
  /// (one `Child` and an `if` that declares nothing), and counts only its updates.
  var plain = false
  private(set) var contentRuns: [Int: Int] = [:]
  private(set) var updateRuns: [Int: Int] = [:]

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("rows", layout: .stack(axis: .vertical)) {
      if plain {
        ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
          Child {
            ShownRowViewController()
          } update: { [unowned self] controller, environment in
            updateRuns[row.id, default: 0] += 1
            controller.text = "\(environment.tone) \(row.title)"
          }
        }
        .environment(\.tone, tone)
      } else {
        ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
          self.content(of: row)
        }
        .environment(\.tone, tone)
      }
    }
  }

  init(rows: [Row], skips: Bool = true) {
    self.rows = rows
    self.skips = skips
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  /// Counts a run of an element's content.
  private func counted(_ row: Row) -> Row {
    contentRuns[row.id, default: 0] += 1
    return row
  }

  @SlotBuilder private func content(of element: Row) -> SlotContent {
    let row = counted(element)
    Child {
      ShownRowViewController()
    } update: { [unowned self] controller, environment in
      updateRuns[row.id, default: 0] += 1
      controller.text = "\(environment.tone) \(row.title)"
    }
    if twoPerElement {
      Child { ShownRowViewController() }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// State the first row's update reads, observed.
@MainActor
@Observable
private final class Ticker {
  var tick = 0
}

/// A container of a header that shows a ticker, observed, and a list of rows held in a property
/// that does not ask for a composition.
@MainActor
private final class TickingRowsScreen: UIViewController, ShowsRows {
  var rows: [Row]
  let ticker = Ticker()
  let skips: Bool
  private(set) var updateRuns: [Int: Int] = [:]

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("header") {
      Child {
        ShownRowViewController()
      } update: { [unowned self] in
        $0.text = "\(ticker.tick)"
      }
    }
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
        Child {
          ShownRowViewController()
        } update: { [unowned self] controller in
          updateRuns[row.id, default: 0] += 1
          controller.text = row.title
        }
      }
    }
  }

  init(rows: [Row], skips: Bool) {
    self.rows = rows
    self.skips = skips
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A container of a list whose first row's update reads a ticker, observed.
@MainActor
private final class ObservingRowsScreen: UIViewController, ShowsRows {
  var rows: [Row] {
    didSet { composer.setNeedsCompose() }
  }
  let ticker = Ticker()
  let skips: Bool
  private(set) var contentRuns: [Int: Int] = [:]
  private(set) var updateRuns: [Int: Int] = [:]

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
        self.content(of: row)
      }
    }
  }

  init(rows: [Row], skips: Bool) {
    self.rows = rows
    self.skips = skips
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  /// Counts a run of an element's content.
  private func counted(_ row: Row) -> Row {
    contentRuns[row.id, default: 0] += 1
    return row
  }

  @SlotBuilder private func content(of element: Row) -> SlotContent {
    let row = counted(element)
    Child {
      ShownRowViewController()
    } update: { [unowned self] controller in
      updateRuns[row.id, default: 0] += 1
      controller.text = row.id == 1 ? "\(row.title) \(ticker.tick)" : row.title
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A container of a header and a list of rows in the same slot; counts content runs per id.
@MainActor
private final class HeaderRowsScreen: UIViewController {
  var rows: [Row]
  private(set) var contentRuns: [Int: Int] = [:]

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("rows", layout: .stack(axis: .vertical)) {
      Child { UIViewController() }
      ForEach(rows, id: \.id, skipsUnchangedElements: true) { row in
        self.content(of: row)
      }
    }
  }

  init(rows: [Row]) {
    self.rows = rows
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  /// Counts a run of an element's content.
  private func counted(_ row: Row) -> Row {
    contentRuns[row.id, default: 0] += 1
    return row
  }

  @SlotBuilder private func content(of element: Row) -> SlotContent {
    let row = counted(element)
    Child {
      ShownRowViewController()
    } update: {
      $0.text = row.title
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

private func rows(_ ids: [Int], _ title: String = "t") -> [Row] {
  ids.map { Row(id: $0, title: "\(title)\($0)") }
}

// MARK: - Tests

@MainActor
@Suite("ForEach skipping unchanged elements", .isolatedModel)
struct SkippingUnchangedElementsTests {
  @Test("The content of an element runs when it is new or changed, never when it is unchanged")
  func contentRunsForNewAndChangedElementsOnly() throws {
    ModelRuntime.reset()
    let screen = RowsScreen(rows: rows([1, 2, 3]))
    screen.loadViewIfNeeded()
    _ = screen.compose()
    #expect(screen.contentRuns == [1: 1, 2: 1, 3: 1])
    #expect(screen.updateRuns == [1: 1, 2: 1, 3: 1])
    #expect(screen.shown == ["plain t1", "plain t2", "plain t3"])
    let first = screen.shownChildren

    // Nothing changed: no content, no update, no step.
    screen.composer.setNeedsCompose()
    #expect(screen.compose() == [])
    #expect(screen.contentRuns == [1: 1, 2: 1, 3: 1])
    #expect(screen.updateRuns == [1: 1, 2: 1, 3: 1])

    // One element changed: its content and its update run, nothing else.
    screen.rows[1].title = "changed"
    #expect(screen.compose() == ["update 'rows' second.#2.0 ShownRowViewController"])
    #expect(screen.contentRuns == [1: 1, 2: 2, 3: 1])
    #expect(screen.updateRuns == [1: 1, 2: 2, 3: 1])
    #expect(screen.shown == ["plain t1", "plain changed", "plain t3"])

    // A move: the view moves; no content runs.
    screen.rows = [screen.rows[1], screen.rows[2], screen.rows[0]]
    #expect(screen.compose() == ["move-view 'rows' second.#1.0 ShownRowViewController to 2"])
    #expect(screen.contentRuns == [1: 1, 2: 2, 3: 1])
    #expect(screen.updateRuns == [1: 1, 2: 2, 3: 1])
    #expect(screen.shown == ["plain changed", "plain t3", "plain t1"])
    #expect(
      screen.shownChildren.map(ObjectIdentifier.init)
        == [1, 2, 0].map {
          ObjectIdentifier(first[$0])
        })

    // A new element: its content runs; a removed one runs nothing.
    screen.rows = [screen.rows[0], Row(id: 4, title: "t4"), screen.rows[2]]
    let steps = screen.compose()
    #expect(
      steps == [
        "will-move-to-nil 'rows' second.#3.0 ShownRowViewController",
        "remove-view 'rows' second.#3.0 ShownRowViewController",
        "remove-from-parent 'rows' second.#3.0 ShownRowViewController",
        "update 'rows' second.#4.0 ShownRowViewController",
        "add-child 'rows' second.#4.0 ShownRowViewController",
        "insert-view 'rows' second.#4.0 ShownRowViewController at 1",
        "layout 'rows' second.#4.0 ShownRowViewController stack(vertical, 0)",
        "did-move 'rows' second.#4.0 ShownRowViewController",
      ])
    #expect(screen.contentRuns == [1: 1, 2: 2, 3: 1, 4: 1])
    #expect(screen.updateRuns == [1: 1, 2: 2, 3: 1, 4: 1])
    #expect(screen.shown == ["plain changed", "plain t4", "plain t1"])
  }

  @Test("Declared with skipsUnchangedElements: false, every element's content runs every time")
  func withoutSkippingEveryContentRuns() throws {
    ModelRuntime.reset()
    let screen = RowsScreen(rows: rows([1, 2]), skips: false)
    screen.loadViewIfNeeded()
    _ = screen.compose()
    screen.composer.setNeedsCompose()
    #expect(
      screen.compose() == [
        "update 'rows' second.#1.0 ShownRowViewController",
        "update 'rows' second.#2.0 ShownRowViewController",
      ])
    #expect(screen.contentRuns == [1: 2, 2: 2])
    #expect(screen.updateRuns == [1: 2, 2: 2])
  }

  @Test("A changed environment at the list makes every element's content and runs every update")
  func changedEnvironmentMakesEveryContent() throws {
    ModelRuntime.reset()
    let screen = RowsScreen(rows: rows([1, 2]))
    screen.loadViewIfNeeded()
    _ = screen.compose()

    // The same value set again: the environment is the same, nothing runs.
    screen.tone = "plain"
    #expect(screen.compose() == [])
    #expect(screen.contentRuns == [1: 1, 2: 1])

    screen.tone = "loud"
    #expect(
      screen.compose() == [
        "update 'rows' second.#1.0 ShownRowViewController",
        "update 'rows' second.#2.0 ShownRowViewController",
      ])
    #expect(screen.contentRuns == [1: 2, 2: 2])
    #expect(screen.shown == ["loud t1", "loud t2"])

    // Unchanged since: skipped again.
    screen.composer.setNeedsCompose()
    #expect(screen.compose() == [])
    #expect(screen.contentRuns == [1: 2, 2: 2])
  }

  @Test("A list whose elements declare two children each makes every element's content")
  func twoChildrenPerElementMakeEveryContent() throws {
    ModelRuntime.reset()
    let screen = RowsScreen(rows: rows([1, 2]))
    screen.twoPerElement = true
    screen.loadViewIfNeeded()
    _ = screen.compose()
    #expect(screen.children.count == 4)
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.contentRuns == [1: 2, 2: 2])
    #expect(screen.updateRuns == [1: 2, 2: 2])
  }

  @Test(
    "Random edits: children, order and titles match the rows, and only changed rows update",
    arguments: [false, true])
  func randomEditsMatchTheRows(plain: Bool) throws {
    ModelRuntime.reset()
    var random = SplitMix64(seed: 0x5C1F_0E1E_0000_0001)
    var nextID = 0
    func fresh() -> Row {
      nextID += 1
      return Row(id: nextID, title: "t\(nextID)")
    }
    let screen = RowsScreen(rows: (0..<12).map { _ in fresh() })
    screen.plain = plain
    screen.loadViewIfNeeded()
    _ = screen.compose()
    var controllers: [Int: ObjectIdentifier] = [:]
    for round in 0..<200 {
      var next = screen.rows
      var made: Set<Int> = []
      for _ in 0..<random.below(4) {
        switch random.below(5) {
        case 0:
          let row = fresh()
          next.insert(row, at: random.below(next.count + 1))
          made.insert(row.id)
        case 1 where !next.isEmpty:
          next.remove(at: random.below(next.count))
        case 2 where !next.isEmpty:
          let row = next.remove(at: random.below(next.count))
          next.insert(row, at: random.below(next.count + 1))
        case 3 where !next.isEmpty:
          let index = random.below(next.count)
          next[index].title = "r\(round)"
        default:
          next.reverse()
        }
      }
      let old = Dictionary(uniqueKeysWithValues: screen.rows.map { ($0.id, $0) })
      for row in next where old[row.id] != row { made.insert(row.id) }
      let contentBefore = screen.contentRuns
      let updatesBefore = screen.updateRuns
      screen.rows = next
      _ = screen.compose()
      #expect(screen.shown == next.map { "plain \($0.title)" }, "round \(round)")
      #expect(screen.children.count == next.count, "round \(round)")
      var ran: Set<Int> = []
      for (id, count) in screen.contentRuns where contentBefore[id] != count { ran.insert(id) }
      #expect(ran == (plain ? [] : made), "round \(round)")
      var updated: Set<Int> = []
      for (id, count) in screen.updateRuns where updatesBefore[id] != count { updated.insert(id) }
      #expect(updated == made, "round \(round)")
      // A kept row keeps its controller.
      for (row, child) in zip(next, screen.shownChildren) {
        if old[row.id] != nil, let known = controllers[row.id] {
          #expect(known == ObjectIdentifier(child), "round \(round), row \(row.id)")
        }
        controllers[row.id] = ObjectIdentifier(child)
      }
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
  @Test(
    "A composition for an observed update alone also runs the update of an element that changed",
    arguments: [true, false])
  func observedUpdateCompositionKeepsChangedElements(skips: Bool) async throws {
    ModelRuntime.reset()
    let screen = TickingRowsScreen(rows: rows([1, 2]), skips: skips)
    screen.loadViewIfNeeded()
    _ = screen.compose()
    #expect(screen.shown == ["t1", "t2"])
    // The second row changes without asking for a composition; the header's update reads a
    // change and asks for one, which resolves the list as it is now.
    screen.rows[1].title = "changed"
    screen.ticker.tick = 1
    // The change reaches the composer on the main actor.
    for _ in 0..<10 { await Task.yield() }
    let steps = screen.compose()
    // Without skipping, the row's update waits for the next composition, which runs every
    // update; a skipping list runs it now, since it takes the row as declared.
    #expect(screen.shown == ["t1", skips ? "changed" : "t2"])
    #expect(
      steps
        == ["update 'header' ShownRowViewController"]
        + (skips ? ["update 'rows' #2 ShownRowViewController"] : []))
    // The next composition shows every row as declared, with or without skipping.
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.shown == ["t1", "changed"])
    #expect(screen.updateRuns == (skips ? [1: 1, 2: 2] : [1: 2, 2: 2]))
  }
  @Test(
    "An observed change an unchanged element's update read runs that update again",
    arguments: [true, false])
  func observedReadOfUnchangedElementRunsItsUpdate(skips: Bool) async throws {
    ModelRuntime.reset()
    let screen = ObservingRowsScreen(rows: rows([1, 2]), skips: skips)
    screen.loadViewIfNeeded()
    _ = screen.compose()
    #expect(screen.shown == ["t1 0", "t2"])
    for tick in 1...2 {
      screen.ticker.tick = tick
      // The change reaches the composer on the main actor.
      for _ in 0..<10 { await Task.yield() }
      #expect(screen.compose() == ["update 'rows' #1 ShownRowViewController"], "tick \(tick)")
      #expect(screen.shown == ["t1 \(tick)", "t2"], "tick \(tick)")
    }
    // A skipping list makes the content of that element alone.
    #expect(screen.contentRuns == (skips ? [1: 3, 2: 1] : [1: 3, 2: 3]))
    #expect(screen.updateRuns == [1: 3, 2: 1])
  }
  @Test("A list that is not the only content of its slot makes every element's content")
  func listAfterAnotherChildMakesEveryContent() throws {
    ModelRuntime.reset()
    let screen = HeaderRowsScreen(rows: rows([1, 2]))
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    screen.composer.setNeedsCompose()
    let before = screen.composer.trace.count
    screen.composer.composeIfNeeded()
    #expect(screen.contentRuns == [1: 2, 2: 2])
    #expect(
      Array(screen.composer.trace[before...]) == [
        "update 'rows' 1.#1 ShownRowViewController", "update 'rows' 1.#2 ShownRowViewController",
      ])
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}
#endif
