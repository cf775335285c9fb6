import Compose
import Foundation
import Testing

/// A slot that holds a single `ForEach` with one child per element is reconciled through its typed
/// keys instead of its identities.
///
/// These properties check that path against the same rules as the general one: the plan leads to
/// the new tree, and moves are the fewest possible.
@MainActor
@Suite("Typed list path")
struct ListFastPath {
  /// One element: a key, and what the element declares.
  private struct Element {
    var key: Int
    var detail: Bool
    var explicitID: Int?
  }

  private static func list(_ elements: [Element], stacked: Bool) -> CompositionContent {
    CompositionContent.build {
      Slot("rows", layout: stacked ? .stack(axis: .vertical) : .fill) {
        ForEach(elements, id: \.key) { element in
          if element.detail {
            Child { DetailViewController() }
          } else if let explicitID = element.explicitID {
            Child { RowViewController() }.id(explicitID)
          } else {
            Child {
              RowViewController()
            } update: { _ in
            }
          }
        }
      }
    }
  }

  /// A small deterministic generator, so that a failing case can be replayed from its seed.
  private struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  private static func elements(_ generator: inout Generator) -> [Element] {
    var keys = Array(0..<12)
    for index in keys.indices.reversed() {
      keys.swapAt(index, generator.below(index + 1))
    }
    let count = generator.below(9)
    return keys.prefix(count).map { key in
      Element(
        key: key, detail: generator.below(5) == 0,
        explicitID: generator.below(6) == 0 ? generator.below(2) : nil)
    }
  }

  @Test("Plans of lists lead to the new tree, with each child in its place")
  func plansLeadToTheNewTree() {
    for seed in UInt64(1)...400 {
      var generator = Generator(state: seed)
      let stacked = generator.below(2) == 0
      let old = CompositionTree(Self.list(Self.elements(&generator), stacked: stacked))
      let new = CompositionTree(Self.list(Self.elements(&generator), stacked: stacked))
      let reconciliation = old.reconcile(to: new)
      var interpreter = PlanInterpreter(mounted: old)
      interpreter.perform(reconciliation.plan, declared: new)
      #expect(interpreter.violations.isEmpty, "seed \(seed): \(interpreter.violations)")
      #expect(
        interpreter.shown(in: "rows") == new.children(in: "rows"),
        "seed \(seed):\n\(old)\n->\n\(new)\n\(reconciliation.plan)")
    }
  }

  @Test("Lists move the fewest children: kept minus the longest increasing run")
  func movesAreMinimal() {
    for seed in UInt64(1)...400 {
      var generator = Generator(state: seed &* 7_919)
      let oldElements = Self.elements(&generator).map {
        Element(key: $0.key, detail: false, explicitID: nil)
      }
      var newElements = oldElements.filter { _ in generator.below(4) != 0 }
      for index in newElements.indices.reversed() where generator.below(3) == 0 {
        newElements.swapAt(index, generator.below(index + 1))
      }
      let old = CompositionTree(Self.list(oldElements, stacked: true))
      let new = CompositionTree(Self.list(newElements, stacked: true))
      let plan = old.reconcile(to: new).plan
      let oldPositions = Dictionary(
        uniqueKeysWithValues: oldElements.enumerated().map { ($0.element.key, $0.offset) })
      let kept = newElements.compactMap { oldPositions[$0.key] }
      #expect(
        plan.summary.moves == kept.count - longestIncreasingRun(kept),
        "seed \(seed): \(oldElements.map(\.key)) -> \(newElements.map(\.key))\n\(plan)")
      #expect(plan.summary.removals == oldElements.count - newElements.count, "seed \(seed)")
    }
  }

  /// Edits of long lists that take the key matching through each of its paths: in step, runs
  /// of insertions and removals shorter and longer than its lookahead, and orders with no common
  /// run at all, where it falls back to hashing.
  private static func editedKeys(_ keys: [Int], _ generator: inout Generator) -> (String, [Int]) {
    let count = keys.count
    var edited = keys
    var nextKey = count
    func newKeys(_ length: Int) -> [Int] {
      defer { nextKey += length }
      return Array(nextKey..<nextKey + length)
    }
    switch generator.below(10) {
    case 0, 1, 2:
      let percent = [1, 10, 30][generator.below(3)]
      for _ in 0..<max(1, count * percent / 100) {
        switch generator.below(3) {
        case 0 where !edited.isEmpty: edited.remove(at: generator.below(edited.count))
        case 1: edited.insert(contentsOf: newKeys(1), at: generator.below(edited.count + 1))
        default:
          guard !edited.isEmpty else { continue }
          let key = edited.remove(at: generator.below(edited.count))
          edited.insert(key, at: generator.below(edited.count + 1))
        }
      }
      return ("\(percent)% random edits", edited)
    case 3:
      let length = 1 + generator.below(12)
      edited.insert(contentsOf: newKeys(length), at: generator.below(count + 1))
      return ("\(length) insertions in a row", edited)
    case 4:
      let length = min(count, 1 + generator.below(12))
      let start = generator.below(count - length + 1)
      edited.removeSubrange(start..<start + length)
      return ("\(length) removals in a row", edited)
    case 5:
      let length = min(count, 1 + generator.below(20))
      let start = generator.below(count - length + 1)
      let block = edited[start..<start + length]
      edited.removeSubrange(start..<start + length)
      edited.insert(contentsOf: block, at: generator.below(edited.count + 1))
      return ("a block of \(length) moved", edited)
    case 6:
      let offset = generator.below(count)
      return ("rotated by \(offset)", Array(keys[offset...] + keys[..<offset]))
    case 7:
      return ("reversed", keys.reversed())
    case 8:
      for index in stride(from: 1, to: count, by: 2) {
        edited.swapAt(index - 1, index)
      }
      return ("pairs swapped", edited)
    default:
      if generator.below(2) == 0 {
        return ("evens then odds", keys.filter { $0 % 2 == 0 } + keys.filter { $0 % 2 == 1 })
      }
      return ("all keys new", newKeys(generator.below(count + 1)))
    }
  }

  /// A list that follows a fixed child, so that its slot is reconciled by identities, not by
  /// typed keys.
  private static func listAfterHeader(_ keys: [Int]) -> CompositionContent {
    CompositionContent.build {
      Slot("rows", layout: .stack(axis: .vertical)) {
        Child { DetailViewController() }
        ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
      }
    }
  }

  @Test("Long lists, edited in every way, are matched key for key with the fewest steps")
  func longListsHaveTheFewestSteps() {
    for seed in UInt64(1)...160 {
      var generator = Generator(state: seed &* 104_729)
      let oldKeys = Array(0..<(1 + generator.below(300)))
      let (edit, newKeys) = Self.editedKeys(oldKeys, &generator)
      let general = seed % 2 == 0
      let content: ([Int]) -> CompositionContent =
        general
        ? Self.listAfterHeader
        : { keys in
          Self.list(keys.map { Element(key: $0, detail: false, explicitID: nil) }, stacked: true)
        }
      let old = CompositionTree(content(oldKeys))
      let new = CompositionTree(content(newKeys))
      let plan = old.reconcile(to: new).plan
      let label =
        "seed \(seed), \(edit) of \(oldKeys.count) keys, \(general ? "by identity" : "typed")"
      var interpreter = PlanInterpreter(mounted: old)
      interpreter.perform(plan, declared: new)
      #expect(interpreter.violations.isEmpty, "\(label): \(interpreter.violations)")
      #expect(interpreter.shown(in: "rows") == new.children(in: "rows"), "\(label)")
      let oldPositions = Dictionary(
        uniqueKeysWithValues: oldKeys.enumerated().map { ($0.element, $0.offset) })
      let kept = newKeys.compactMap { oldPositions[$0] }
      #expect(plan.summary.removals == oldKeys.count - kept.count, "\(label)")
      #expect(plan.summary.additions == newKeys.count - kept.count, "\(label)")
      #expect(plan.summary.moves == kept.count - longestIncreasingRun(kept), "\(label)")
    }
  }

  /// A list followed by a child that comes and goes: the list's typed keys stand for the slot's
  /// children only while the footer is absent.
  private static func listBeforeFooter(_ keys: [Int], footer: Bool) -> CompositionContent {
    CompositionContent.build {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
        if footer { Child { DetailViewController() } }
      }
    }
  }

  @Test("A list followed by a child that comes and goes is planned like any other list")
  func listBeforeOptionalFooter() {
    for seed in UInt64(1)...120 {
      var generator = Generator(state: seed &* 7_727)
      let oldKeys = Array(0..<(1 + generator.below(60)))
      let (edit, newKeys) = Self.editedKeys(oldKeys, &generator)
      let oldFooter = generator.below(2) == 0
      let newFooter = generator.below(2) == 0
      let old = CompositionTree(Self.listBeforeFooter(oldKeys, footer: oldFooter))
      let new = CompositionTree(Self.listBeforeFooter(newKeys, footer: newFooter))
      let plan = old.reconcile(to: new).plan
      let label = "seed \(seed), \(edit), footer \(oldFooter) -> \(newFooter)"
      var interpreter = PlanInterpreter(mounted: old)
      interpreter.perform(plan, declared: new)
      #expect(interpreter.violations.isEmpty, "\(label): \(interpreter.violations)")
      #expect(interpreter.shown(in: "rows") == new.children(in: "rows"), "\(label)")
      let oldPositions = Dictionary(
        uniqueKeysWithValues: oldKeys.enumerated().map { ($0.element, $0.offset) })
      let kept = newKeys.compactMap { oldPositions[$0] }
      let footerLeaves = oldFooter && !newFooter ? 1 : 0
      let footerArrives = newFooter && !oldFooter ? 1 : 0
      #expect(plan.summary.removals == oldKeys.count - kept.count + footerLeaves, "\(label)")
      #expect(plan.summary.additions == newKeys.count - kept.count + footerArrives, "\(label)")
      #expect(plan.summary.moves == kept.count - longestIncreasingRun(kept), "\(label)")
    }
  }

  // `if … else if … else` is built by Swift as a balanced tree: `first.first`, `first.second`,
  // `second`.
  @Test("A duplicate key in a list is reported and kept apart, as anywhere else")
  func duplicateKeys() {
    let elements = [1, 2, 2].map { Element(key: $0, detail: false, explicitID: nil) }
    let tree = CompositionTree(Self.list(elements, stacked: true))
    #expect(tree.diagnostics.map(\.id) == [.duplicateKey])
    #expect(
      tree.children(in: "rows").map(\.description) == [
        "'rows' #1.second RowViewController",
        "'rows' #2.second RowViewController",
        "'rows' #2.second RowViewController (duplicate 1)",
      ])
    let reordered = [2, 1, 2].map { Element(key: $0, detail: false, explicitID: nil) }
    let plan = tree.reconcile(to: CompositionTree(Self.list(reordered, stacked: true))).plan
    #expect(
      plan.description == """
        update 'rows' #2.second RowViewController
        move-view 'rows' #1.second RowViewController to 1
        update 'rows' #1.second RowViewController
        update 'rows' #2.second RowViewController (duplicate 1)
        """)
  }

  @Test("An element whose child changes type is replaced in place, not kept")
  func elementChangesType() {
    let before = [1, 2].map { Element(key: $0, detail: false, explicitID: nil) }
    var after = before
    after[1].detail = true
    let plan = CompositionTree(Self.list(before, stacked: true))
      .reconcile(to: CompositionTree(Self.list(after, stacked: true))).plan
    #expect(
      plan.description == """
        will-move-to-nil 'rows' #2.second RowViewController
        remove-view 'rows' #2.second RowViewController
        remove-from-parent 'rows' #2.second RowViewController
        update 'rows' #1.second RowViewController
        add-child 'rows' #2.first.first DetailViewController
        insert-view 'rows' #2.first.first DetailViewController at 1
        layout 'rows' #2.first.first DetailViewController stack(vertical, 0)
        did-move 'rows' #2.first.first DetailViewController
        """)
  }
}

/// Keys of a type Compose has no fast path for, and UUIDs, take the same typed path.
@MainActor
@Suite("Typed list path, other key types")
struct ListFastPathKeyTypes {
  private struct Code: Hashable {
    let letter: Character
  }

  private static func codes(_ letters: String) -> CompositionContent {
    CompositionContent.build {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(Array(letters).map(Code.init), id: \.self) { _ in
          Child { RowViewController() }
        }
      }
    }
  }

  @Test("Custom keys: a rotation is one move, and an unchanged list plans nothing")
  func customKeys() {
    let before = CompositionTree(Self.codes("abcd"))
    let rotated = before.reconcile(to: CompositionTree(Self.codes("bcda"))).plan
    #expect(rotated.summary.moves == 1)
    #expect(rotated.summary.additions == 0)
    #expect(rotated.summary.removals == 0)
    #expect(before.reconcile(to: CompositionTree(Self.codes("abcd"))).plan.steps.isEmpty)
    let replaced = before.reconcile(to: CompositionTree(Self.codes("abXd"))).plan
    #expect(replaced.summary.additions == 1)
    #expect(replaced.summary.removals == 1)
  }

  @Test("UUID keys: reversing moves all but one, and removing one removes exactly it")
  func uuidKeys() {
    let ids = (0..<5).map { _ in UUID() }
    func list(_ ids: [UUID]) -> CompositionContent {
      CompositionContent.build {
        Slot("rows", layout: .stack(axis: .vertical)) {
          ForEach(ids, id: \.self) { _ in Child { RowViewController() } }
        }
      }
    }
    let before = CompositionTree(list(ids))
    #expect(before.reconcile(to: CompositionTree(list(ids.reversed()))).plan.summary.moves == 4)
    let removal = before.reconcile(to: CompositionTree(list(Array(ids.dropFirst(2))))).plan
    #expect(removal.summary.removals == 2)
    #expect(removal.summary.moves == 0)
  }
}
