#if !canImport(UIKit)
// Runs against UIKitModel, where it stands in for UIKit.
import Compose
import Foundation
import Testing
import UIKitModel

// MARK: - Fixtures

/// A container with one slot of keyed rows, whose keys, hidden keys and layout the test sets.
@MainActor
private final class RowsContainer: UIViewController {
  var keys: [String] {
    didSet { composer.setNeedsCompose() }
  }
  var hiddenKeys: Set<String> = [] {
    didSet { composer.setNeedsCompose() }
  }
  var layout: SlotLayout = .stack(axis: .vertical) {
    didSet { composer.setNeedsCompose() }
  }
  /// Whether the rows are kept alive while hidden.
  let keepsAlive: Bool

  lazy var composer = Composer(container: self) { [unowned self] in declaration }

  init(keys: [String], keepsAlive: Bool = false) {
    self.keys = keys
    self.keepsAlive = keepsAlive
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder private var declaration: CompositionContent {
    let hiddenKeys = hiddenKeys
    let lifetime: Lifetime = keepsAlive ? .keepAlive : .whileShown
    Slot("rows", layout: layout) {
      ForEach(keys, id: \.self) { key in
        Child {
          let row = RowViewController()
          row.uikitModel.name = key
          return row
        }
        .lifetime(lifetime)
        .hidden(hiddenKeys.contains(key))
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// The slot's stack view, if it has one.
  var stack: UIStackView? { view.subviews.lazy.compactMap { $0 as? UIStackView }.first }

  /// The names of the views the stack view arranges, in order; `[]` without a stack view.
  var arranged: [String] { stack?.arrangedSubviews.map(\.uikitModel.name) ?? [] }

  /// The names of the stack view's subviews, back to front; `[]` without a stack view.
  var stacked: [String] { stack?.subviews.map(\.uikitModel.name) ?? [] }

  /// The rows that are children, by key.
  var rows: [String: UIViewController] {
    Dictionary(uniqueKeysWithValues: children.map { ($0.uikitModel.name, $0) })
  }

  /// The keys the declaration shows, in order.
  var shownKeys: [String] { keys.filter { !hiddenKeys.contains($0) } }
}

/// Shows rows with the `initial` keys, declares `keys` instead, and expects the stack to arrange
/// the rows in the declared order, with the rows that stay kept (not made again).
@MainActor
private func expectRearranged(
  from initial: [String], to keys: [String],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  startRecordingModel()
  let container = RowsContainer(keys: initial)
  let window = show(container)
  let before = container.rows

  container.keys = keys
  ModelRuntime.runUntilIdle()

  #expect(container.arranged == views(keys), sourceLocation: sourceLocation)
  #expect(container.stacked.sorted() == views(keys).sorted(), sourceLocation: sourceLocation)
  for (key, row) in before where keys.contains(key) {
    #expect(
      container.rows[key] === row, "row \(key) was made again", sourceLocation: sourceLocation)
  }
  #expect(ModelRuntime.diagnostics.isEmpty, sourceLocation: sourceLocation)
  #expect(ModelRuntime.recordedExceptions.isEmpty, sourceLocation: sourceLocation)
  _ = window
}

/// The names UIKitModel gives the root views of the rows with these keys.
private func views(_ keys: [String]) -> [String] { keys.map { "\($0).view" } }

/// A slot layout other than a stack, to start from.
enum StartLayout: Sendable {
  case fill
  case frame

  var layout: SlotLayout {
    switch self {
    case .fill: .fill
    case .frame: .frame(CGRect(x: 0, y: 0, width: 100, height: 40))
    }
  }
}

/// Keys `"0"`, `"1"`, … for `count` rows.
private func numbered(_ count: Int) -> [String] { (0..<count).map(String.init) }

// MARK: - Tests

@Suite("Stacked slots: arranged order")
@MainActor
struct StackSlotOrderTests {
  @Test(
    "Children mounted into a stacked slot are arranged in declaration order",
    arguments: [1, 2, 3, 10, 500])
  func mountInOrder(count: Int) {
    startRecordingModel()
    let container = RowsContainer(keys: numbered(count))
    let window = show(container)

    #expect(container.arranged == views(numbered(count)))
    #expect(container.stacked == views(numbered(count)))
    #expect(container.children.count == count)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "Children inserted among those of a stacked slot are arranged where the declaration puts them",
    arguments: [
      ["a", "x", "b", "c", "d"],
      ["a", "b", "x", "y", "z", "c", "d"],
      ["x", "a", "b", "c", "d"],
      ["x", "y", "a", "b", "c", "d"],
      ["a", "b", "c", "d", "x"],
      ["x", "a", "y", "b", "z", "c", "w", "d", "v"],
      ["a", "x", "c", "y"],
    ])
  func insertInTheMiddle(keys: [String]) {
    expectRearranged(from: ["a", "b", "c", "d"], to: keys)
  }

  @Test(
    "A child moved within a stacked slot is arranged at its declared position, forward or back",
    arguments: [
      ["b", "c", "d", "a", "e"],
      ["b", "a", "c", "d", "e"],
      ["a", "c", "d", "e", "b"],
      ["a", "e", "b", "c", "d"],
      ["e", "a", "b", "c", "d"],
      ["a", "b", "d", "c", "e"],
      ["b", "a", "d", "c", "e"],
      ["e", "d", "c", "b", "a"],
      ["c", "a", "x", "e", "b"],
      ["d", "e", "a", "b", "c"],
    ])
  func moveWithinTheStack(keys: [String]) {
    expectRearranged(from: ["a", "b", "c", "d", "e"], to: keys)
  }

  @Test(
    "Children that stay while their slot's layout becomes a stack move into it in declared order",
    arguments: [
      (StartLayout.fill, ["a", "b", "c", "d"]),
      (StartLayout.fill, ["d", "b", "a", "c"]),
      (StartLayout.fill, ["c", "x", "a", "y"]),
      (StartLayout.frame, ["b", "a", "d", "c"]),
    ])
  func moveIntoTheStack(from layout: StartLayout, keys: [String]) throws {
    startRecordingModel()
    let container = RowsContainer(keys: ["a", "b", "c", "d"])
    container.layout = layout.layout
    let window = show(container)
    #expect(container.stack == nil)
    let before = container.rows

    container.keys = keys
    container.layout = .stack(axis: .horizontal)
    ModelRuntime.runUntilIdle()

    #expect(container.arranged == views(keys))
    #expect(container.stacked.sorted() == views(keys).sorted())
    let stack = try #require(container.stack)
    #expect(stack.axis == .horizontal)
    for (key, row) in before where keys.contains(key) {
      #expect(container.rows[key] === row, "row \(key) was made again")
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Children that leave a stack layout and come back are arranged in declared order again")
  func leaveTheStackAndComeBack() {
    startRecordingModel()
    let container = RowsContainer(keys: ["a", "b", "c", "d"])
    let window = show(container)

    container.layout = .fill
    ModelRuntime.runUntilIdle()
    #expect(container.stack == nil)
    // The rows' views, back to front, among the container's other views.
    #expect(
      container.view.subviews.map(\.uikitModel.name).filter { $0.hasSuffix(".view") }
        == views(["a", "b", "c", "d"]))

    container.keys = ["d", "a", "c", "b"]
    container.layout = .stack(axis: .vertical)
    ModelRuntime.runUntilIdle()

    #expect(container.arranged == views(["d", "a", "c", "b"]))
    #expect(container.stacked.sorted() == views(["a", "b", "c", "d"]))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "Kept-alive children hidden and shown again are arranged in declared order, same instances",
    arguments: [
      [["b", "d", "e"], ["b", "e"], []],
      [["a", "b", "c", "d", "e", "f"], [], ["a", "f"], []],
      [["a"], ["f"], ["c", "d"], ["a", "b", "e", "f"], []],
      [["f", "e", "d"], ["d"], ["e"], []],
    ])
  func keptAliveHideAndShow(hiddenSteps: [[String]]) {
    startRecordingModel()
    let keys = ["a", "b", "c", "d", "e", "f"]
    let container = RowsContainer(keys: keys, keepsAlive: true)
    let window = show(container)
    let before = container.rows

    for hidden in hiddenSteps {
      container.hiddenKeys = Set(hidden)
      ModelRuntime.runUntilIdle()

      let shown = keys.filter { !hidden.contains($0) }
      #expect(container.arranged == views(shown), "hidden: \(hidden)")
      #expect(container.stacked.sorted() == views(shown).sorted(), "hidden: \(hidden)")
      // Hidden or shown, every row stays the same child.
      #expect(container.rows.count == keys.count)
      for (key, row) in before {
        #expect(container.rows[key] === row, "row \(key) was made again")
      }
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Kept-alive children shown again while the rows are reordered are arranged as declared")
  func keptAliveShowAndReorder() {
    startRecordingModel()
    let container = RowsContainer(keys: ["a", "b", "c", "d", "e", "f"], keepsAlive: true)
    let window = show(container)
    container.hiddenKeys = ["a", "c", "f"]
    ModelRuntime.runUntilIdle()
    #expect(container.arranged == views(["b", "d", "e"]))

    container.keys = ["f", "e", "d", "c", "b", "a"]
    container.hiddenKeys = ["b"]
    ModelRuntime.runUntilIdle()

    #expect(container.arranged == views(["f", "e", "d", "c", "a"]))
    #expect(container.stacked.sorted() == views(["a", "c", "d", "e", "f"]))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Random edits, hides and shows of kept-alive rows leave the stack in declared order")
  func randomEdits() {
    let seed: UInt64 = 0x57AC_C0DE_0000_0001
    var random = SplitMix64(seed: seed)
    startRecordingModel()
    let container = RowsContainer(keys: numbered(12), keepsAlive: true)
    let window = show(container)
    var nextKey = 12
    for step in 0..<60 {
      var keys = container.keys
      switch random.below(4) {
      case 0:
        // A key moved to a random position.
        let moved = keys.remove(at: random.below(keys.count))
        keys.insert(moved, at: random.below(keys.count + 1))
      case 1:
        // One to three new keys inserted together at a random position.
        let count = 1 + random.below(3)
        keys.insert(
          contentsOf: (nextKey..<nextKey + count).map(String.init),
          at: random.below(keys.count + 1))
        nextKey += count
      case 2:
        // A key removed, if more than four are left.
        if keys.count > 4 { keys.remove(at: random.below(keys.count)) }
      default:
        break
      }
      container.keys = keys
      container.hiddenKeys = Set(keys.filter { _ in random.chance(0.3) })
      ModelRuntime.runUntilIdle()

      let expected = views(container.shownKeys)
      #expect(
        container.arranged == expected, "seed \(String(seed, radix: 16)), step \(step)")
      #expect(
        container.stacked.sorted() == expected.sorted(),
        "seed \(String(seed, radix: 16)), step \(step)")
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
