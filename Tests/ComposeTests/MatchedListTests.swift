import Compose
import Testing

/// Lists resolved against the mounted tree.
///
/// Such a list is matched with the mounted list by its typed keys, and a kept element takes the
/// mounted child without a path or a hash. These properties check
/// that this changes nothing but the cost: the tree, its diagnostics, the plan and the mounted
/// result are those of the same declaration resolved on its own, through chains of edits of every
/// kind an element can undergo.
@MainActor
@Suite("Lists matched with the mounted list")
struct MatchedListTests {
  /// What an element declares.
  private enum Shape: CaseIterable {
    /// A row: the plain child the matching takes the mounted child for.
    case row
    /// A row with an update closure.
    case updatedRow
    /// Another controller type.
    case detail
    /// A row with an explicit id.
    case identifiedRow
    /// A row inside an environment modifier.
    case rowWithEnvironment
    /// A row inside a group, one statement deeper.
    case groupedRow
    /// A row inside an `if`, one branch deeper: the same type and depth as a grouped row, on
    /// another path.
    case branchedRow
    /// A row in the `else` branch of an `if`/`else`: the same type and depth, another branch.
    case elseRow
    /// Two rows: the list is not one child per element.
    case twoRows
    /// A row kept alive when it leaves.
    case keptRow
    /// A row with its own transition.
    case animatedRow
    /// A row declared hidden.
    case hiddenRow
  }

  private struct Element: CustomStringConvertible {
    var key: Int
    var shape: Shape

    var description: String { "\(key):\(shape)" }
  }

  private struct Declaration: CustomStringConvertible {
    var elements: [Element]
    /// Whether a child comes before the list, so that the list is not the slot's first content.
    var header: Bool
    /// Whether a child comes after the list.
    var footer: Bool
    var stacked: Bool

    var description: String {
      "header \(header), footer \(footer), stacked \(stacked): \(elements)"
    }
  }

  @CompositionBuilder
  private static func content(_ declaration: Declaration) -> CompositionContent {
    Slot("rows", layout: declaration.stacked ? .stack(axis: .vertical) : .fill) {
      if declaration.header {
        Child { HeaderViewController() }
      }
      ForEach(declaration.elements, id: \.key) { element in
        Self.content(of: element)
      }
      if declaration.footer {
        Child { DetailViewController() }
      }
    }
  }

  /// An element's content, made by a plain function rather than a builder, so that a row is
  /// exactly one child, with no branch around it: the element the matching takes the mounted
  /// child for.
  private static func content(of element: Element) -> SlotContent {
    switch element.shape {
    case .row:
      Child { RowViewController() }.slotContent
    case .updatedRow:
      Child {
        RowViewController()
      } update: { _ in
      }.slotContent
    case .detail:
      Child { DetailViewController() }.slotContent
    case .identifiedRow:
      Child { RowViewController() }.id(element.key % 3).slotContent
    case .rowWithEnvironment:
      Child { RowViewController() }.environment(\.matchedListFlag, true)
    case .groupedRow:
      Group {
        Child { RowViewController() }
      }.slotContent
    case .branchedRow:
      branched(element.key >= 0)
    case .elseRow:
      either(element.key < 0)
    case .twoRows:
      Group {
        Child { RowViewController() }
        Child { DetailViewController() }
      }.slotContent
    case .keptRow:
      Child { RowViewController() }.lifetime(.keepAlive).slotContent
    case .animatedRow:
      Child { RowViewController() }.transition(.crossDissolve(duration: 0.2)).slotContent
    case .hiddenRow:
      Child { RowViewController() }.lifetime(.keepAlive).hidden(true).slotContent
    }
  }

  /// A row in the first branch of an `if`.
  @SlotBuilder
  private static func branched(_ condition: Bool) -> SlotContent {
    if condition {
      Child { RowViewController() }
    }
  }

  /// A row in the `else` branch of an `if`/`else` when `condition` is `false`.
  @SlotBuilder
  private static func either(_ condition: Bool) -> SlotContent {
    if condition {
      Child { DetailViewController() }
    } else {
      Child { RowViewController() }
    }
  }

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

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A shape, plain rows most often, so that most elements take the matched path.
    mutating func shape() -> Shape {
      chance(60) ? .row : Shape.allCases[below(Shape.allCases.count)]
    }
  }

  private static func declaration(_ generator: inout Generator) -> Declaration {
    let count = generator.below(14)
    var keys = Array(0..<24)
    for index in keys.indices.reversed() {
      keys.swapAt(index, generator.below(index + 1))
    }
    return Declaration(
      elements: keys.prefix(count).map { Element(key: $0, shape: generator.shape()) },
      header: generator.chance(10), footer: generator.chance(15), stacked: generator.chance(50))
  }

  /// The next declaration: elements removed, inserted, moved, reshaped, keys repeated, the
  /// header and footer toggled, the layout changed, or nothing at all.
  private static func edited(_ old: Declaration, _ generator: inout Generator) -> Declaration {
    var new = old
    if generator.chance(15) { return new }
    for _ in 0..<(1 + generator.below(4)) {
      switch generator.below(8) {
      case 0 where !new.elements.isEmpty:
        new.elements.remove(at: generator.below(new.elements.count))
      case 1:
        let used = Set(new.elements.map(\.key))
        let free = (0..<30).filter { !used.contains($0) }
        if !free.isEmpty {
          let key = free[generator.below(free.count)]
          new.elements.insert(
            Element(key: key, shape: generator.shape()),
            at: generator.below(new.elements.count + 1))
        }
      case 2 where !new.elements.isEmpty:
        let element = new.elements.remove(at: generator.below(new.elements.count))
        new.elements.insert(element, at: generator.below(new.elements.count + 1))
      case 3 where !new.elements.isEmpty:
        new.elements[generator.below(new.elements.count)].shape = generator.shape()
      case 4 where !new.elements.isEmpty && generator.chance(40):
        // A repeated key: reported, and the list is resolved the general way.
        let element = new.elements[generator.below(new.elements.count)]
        new.elements.insert(element, at: generator.below(new.elements.count + 1))
      case 5:
        new.header.toggle()
      case 6:
        new.footer.toggle()
      case 7 where generator.chance(30):
        new.stacked.toggle()
      default:
        new.elements.reverse()
      }
    }
    return new
  }

  @Test(
    "Resolved against the mounted tree, a list gives the tree, diagnostics and plan it gives on its own"
  )
  func matchedListsResolveAsAlone() {
    for seed in UInt64(1)...300 {
      var generator = Generator(state: seed &* 0x2545_F491_4F6C_DD1D)
      var declaration = Self.declaration(&generator)
      var mounted = CompositionTree(Self.content(declaration))
      for step in 0..<8 {
        declaration = Self.edited(declaration, &generator)
        let alone = CompositionTree(Self.content(declaration))
        let shared = CompositionTree(Self.content(declaration), mounted: mounted)
        let context = "seed \(seed), step \(step): \(declaration)\nmounted:\n\(mounted)"
        #expect(shared.description == alone.description, "\(context)")
        #expect(
          shared.diagnostics.map(\.message) == alone.diagnostics.map(\.message), "\(context)")
        let expected = mounted.reconcile(to: alone)
        let result = mounted.reconcile(to: shared)
        #expect(result.plan == expected.plan, "\(context)\nexpected:\n\(expected.plan)")
        #expect(result.tree.description == expected.tree.description, "\(context)")
        var interpreter = PlanInterpreter(mounted: mounted)
        interpreter.perform(result.plan, declared: shared)
        #expect(interpreter.violations.isEmpty, "\(context)\n\(interpreter.violations)")
        #expect(interpreter.shown(in: "rows") == shared.children(in: "rows"), "\(context)")
        guard result.plan == expected.plan else { return }
        mounted = result.tree
      }
    }
  }

  @Test("An element whose child moves to another branch, or out of one, is replaced as on its own")
  func childChangingBranchIsReplaced() {
    let changes: [(Shape, Shape)] = [
      (.branchedRow, .elseRow), (.elseRow, .branchedRow), (.branchedRow, .row),
      (.row, .branchedRow), (.groupedRow, .branchedRow), (.branchedRow, .branchedRow),
      (.elseRow, .elseRow),
    ]
    for (before, after) in changes {
      func declaration(_ shape: Shape) -> Declaration {
        Declaration(
          elements: [
            Element(key: 0, shape: .elseRow), Element(key: 1, shape: shape),
            Element(key: 2, shape: .branchedRow),
          ],
          header: false, footer: false, stacked: true)
      }
      let mounted = CompositionTree(Self.content(declaration(before)))
      let alone = CompositionTree(Self.content(declaration(after)))
      let shared = CompositionTree(Self.content(declaration(after)), mounted: mounted)
      #expect(shared.description == alone.description, "\(before) → \(after)")
      let plan = mounted.reconcile(to: shared).plan
      #expect(plan == mounted.reconcile(to: alone).plan, "\(before) → \(after)")
      // Only element 1 can change, and only when its child does.
      #expect(plan.steps.allSatisfy { $0.description.contains("#1") }, "\(before) → \(after)")
      #expect(plan.steps.isEmpty == (before == after), "\(before) → \(after)")
    }
  }

  @Test("A key repeated in a matched list is reported as on its own, however its elements match")
  func repeatedKeysInMatchedLists() {
    // The second element of a repeated key is new, matched positionally, or matched through the
    // table to the mounted position its first element already took.
    let cases: [(old: [Int], new: [Int], repeated: Int)] = [
      ([1, 2, 3], [1, 1, 3], 1), ([1, 2, 3], [3, 3, 1], 1), ([1, 2, 3], [2, 1, 2], 1),
      ([1, 2, 3, 4, 5, 6], [6, 1, 6, 2, 3], 1),
      ([1, 2, 3, 4, 5, 6, 7, 8], [8, 2, 8, 3, 4, 2, 5], 2),
    ]
    func declaration(_ keys: [Int]) -> Declaration {
      Declaration(
        elements: keys.map { Element(key: $0, shape: .row) }, header: false, footer: false,
        stacked: true)
    }
    for (old, new, repeated) in cases {
      let mounted = CompositionTree(Self.content(declaration(old)))
      let alone = CompositionTree(Self.content(declaration(new)))
      let shared = CompositionTree(Self.content(declaration(new)), mounted: mounted)
      #expect(alone.diagnostics.map(\.id) == Array(repeating: .duplicateKey, count: repeated))
      #expect(shared.diagnostics.map(\.message) == alone.diagnostics.map(\.message), "\(new)")
      #expect(shared.description == alone.description, "\(new)")
      #expect(mounted.reconcile(to: shared).plan == mounted.reconcile(to: alone).plan, "\(new)")
    }
  }

  @Test("A matched list with a swap, a removal and an insertion plans exactly those steps")
  func matchedListPlansTheFewestSteps() {
    let before = Declaration(
      elements: (0..<6).map { Element(key: $0, shape: .row) }, header: false, footer: false,
      stacked: true)
    let mounted = CompositionTree(Self.content(before))
    var after = before
    after.elements.swapAt(0, 5)
    after.elements.remove(at: 2)
    after.elements.insert(Element(key: 9, shape: .row), at: 1)
    // Keys 5, 9, 1, 3, 4, 0: key 2 leaves, key 9 arrives, 5 and 0 move.
    let plan = mounted.reconcile(to: CompositionTree(Self.content(after), mounted: mounted)).plan
    #expect(
      plan.description == """
        will-move-to-nil 'rows' 1.#2 RowViewController
        remove-view 'rows' 1.#2 RowViewController
        remove-from-parent 'rows' 1.#2 RowViewController
        move-view 'rows' 1.#5 RowViewController to 0
        add-child 'rows' 1.#9 RowViewController
        insert-view 'rows' 1.#9 RowViewController at 1
        layout 'rows' 1.#9 RowViewController stack(vertical, 0)
        did-move 'rows' 1.#9 RowViewController
        move-view 'rows' 1.#0 RowViewController to 5
        """)
  }
}

extension EnvironmentValues {
  fileprivate var matchedListFlag: Bool {
    get { self[MatchedListFlag.self] }
    set { self[MatchedListFlag.self] = newValue }
  }
}

private enum MatchedListFlag: EnvironmentKey {
  static let defaultValue = false
}
