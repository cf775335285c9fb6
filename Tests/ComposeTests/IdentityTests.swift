import Compose
import Foundation
import Testing

// MARK: - Fixtures of this file

private struct CondensedKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  fileprivate var isCondensed: Bool {
    get { self[CondensedKey.self] }
    set { self[CondensedKey.self] = newValue }
  }
}

/// Shows a row when the environment is condensed, a detail otherwise.
@MainActor
private func condensedReader() -> EnvironmentReader {
  EnvironmentReader { environment in
    if environment.isCondensed {
      Child { RowViewController() }
    } else {
      Child { DetailViewController() }
    }
  }
}

/// A composition whose slot reads the environment.
private struct InnerPanel: Composition {
  var body: CompositionContent {
    Slot("inner") { condensedReader() }
  }
}

/// A composition with a slot that reads the environment, and a nested ``InnerPanel`` that may
/// override it.
private struct OuterScreen: Composition {
  var innerCondensed: Bool?

  var body: CompositionContent {
    Slot("outer") { condensedReader() }
    if let innerCondensed {
      InnerPanel().environment(\.isCondensed, innerCondensed)
    } else {
      InnerPanel()
    }
  }
}

/// A one-slot tree named `content`.
@MainActor
private func contentSlot(
  layout: SlotLayout = .fill, @SlotBuilder _ content: () -> SlotContent
) -> CompositionTree {
  CompositionTree { Slot("content", layout: layout, content: content) }
}

/// A vertical stack slot `rows` with one keyed row per number.
@MainActor
private func keyedRows(_ keys: [Int]) -> CompositionTree {
  CompositionTree {
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(keys, id: \.self) { _ in
        Child { RowViewController() }
      }
    }
  }
}

/// Performs a plan's view steps on the views of one slot and returns its views afterwards.
///
/// Positions read as Docs/Internals.md defines them: right after the child that precedes the
/// position in the new order.
@MainActor
private func views(
  after plan: Plan, from old: [ChildIdentity], to new: [ChildIdentity]
) -> [ChildIdentity] {
  var views = old
  func place(_ child: ChildIdentity, at index: Int) {
    views.removeAll { $0 == child }
    guard index > 0 else {
      views.insert(child, at: 0)
      return
    }
    guard let previous = views.firstIndex(of: new[index - 1]) else {
      Issue.record("'\(new[index - 1])' is not in place when '\(child)' is put at \(index)")
      views.append(child)
      return
    }
    views.insert(child, at: previous + 1)
  }
  for step in plan.steps {
    switch step.action {
    case .removeView, .detachView:
      views.removeAll { $0 == step.child }
    case .insertView(let index), .attachView(let index), .moveView(let index):
      place(step.child, at: index)
    case .swap(let from, _, _, _):
      if let index = views.firstIndex(of: from) { views[index] = step.child }
    default:
      break
    }
  }
  return views
}

// MARK: - Tests

@MainActor
@Suite("Identity rules")
struct IdentityRules {
  // MARK: Same and different identities

  @Test(
    "The same identity keeps the child: an update step if it has an update closure, else nothing",
    arguments: [true, false])
  func sameIdentityKeeps(hasUpdate: Bool) {
    func tree(_ title: String) -> CompositionTree {
      contentSlot {
        if hasUpdate {
          Child {
            DetailViewController()
          } update: { _ in
            _ = title
          }
        } else {
          Child { DetailViewController() }
        }
      }
    }
    let plan = tree("old").reconcile(to: tree("new")).plan
    #expect(plan.description == (hasUpdate ? "update 'content' first DetailViewController" : ""))
    #expect(plan.summary.updates == (hasUpdate ? 1 : 0))
    #expect(!plan.changesHierarchy)
  }

  /// A change of identity at one place of a declaration.
  enum Replacement: CaseIterable, Sendable {
    case branch, controllerType, explicitID, slot
  }

  @Test(
    "A different branch, type, explicit id or slot is a different identity: the child is replaced",
    arguments: Replacement.allCases)
  func differentIdentityReplaces(replacement: Replacement) {
    let before: CompositionTree
    let after: CompositionTree
    let expected: String
    switch replacement {
    case .branch:
      func tree(_ loaded: Bool) -> CompositionTree {
        contentSlot {
          if loaded {
            Child {
              ListViewController()
            } update: { _ in
            }
          } else {
            Child {
              ListViewController()
            } update: { _ in
            }
          }
        }
      }
      (before, after) = (tree(false), tree(true))
      expected = """
        will-move-to-nil 'content' second ListViewController
        remove-view 'content' second ListViewController
        remove-from-parent 'content' second ListViewController
        update 'content' first ListViewController
        add-child 'content' first ListViewController
        insert-view 'content' first ListViewController at 0
        layout 'content' first ListViewController fill
        did-move 'content' first ListViewController
        """
    case .controllerType:
      before = contentSlot {
        Child {
          ListViewController()
        } update: { _ in
        }
      }
      after = contentSlot {
        Child {
          DetailViewController()
        } update: { _ in
        }
      }
      expected = """
        will-move-to-nil 'content' ListViewController
        remove-view 'content' ListViewController
        remove-from-parent 'content' ListViewController
        update 'content' DetailViewController
        add-child 'content' DetailViewController
        insert-view 'content' DetailViewController at 0
        layout 'content' DetailViewController fill
        did-move 'content' DetailViewController
        """
    case .explicitID:
      func tree(_ id: Int) -> CompositionTree {
        contentSlot {
          Child {
            DetailViewController()
          } update: { _ in
          }
          .id(id)
        }
      }
      (before, after) = (tree(1), tree(2))
      expected = """
        will-move-to-nil 'content' DetailViewController id 1
        remove-view 'content' DetailViewController id 1
        remove-from-parent 'content' DetailViewController id 1
        update 'content' DetailViewController id 2
        add-child 'content' DetailViewController id 2
        insert-view 'content' DetailViewController id 2 at 0
        layout 'content' DetailViewController id 2 fill
        did-move 'content' DetailViewController id 2
        """
    case .slot:
      func tree(onLeft: Bool) -> CompositionTree {
        CompositionTree {
          Slot("left") {
            if onLeft {
              Child {
                DetailViewController()
              } update: { _ in
              }
            }
          }
          Slot("right") {
            if !onLeft {
              Child {
                DetailViewController()
              } update: { _ in
              }
            }
          }
        }
      }
      (before, after) = (tree(onLeft: true), tree(onLeft: false))
      expected = """
        will-move-to-nil 'left' some DetailViewController
        remove-view 'left' some DetailViewController
        remove-from-parent 'left' some DetailViewController
        update 'right' some DetailViewController
        add-child 'right' some DetailViewController
        insert-view 'right' some DetailViewController at 0
        layout 'right' some DetailViewController fill
        did-move 'right' some DetailViewController
        """
    }
    let plan = before.reconcile(to: after).plan
    #expect(plan.description == expected)
    #expect(plan.summary.additions == 1)
    #expect(plan.summary.removals == 1)
    // The new child's initial update (make, update, add); the old one is not updated.
    #expect(plan.summary.updates == 1)
  }

  @Test("An explicit id that does not change keeps the child; one that changes replaces it")
  func explicitIDChange() {
    func tree(_ conversation: String) -> CompositionTree {
      contentSlot {
        Child {
          DetailViewController()
        } update: { _ in
          _ = conversation
        }
        .id(conversation)
      }
    }
    #expect(
      tree("a").reconcile(to: tree("a")).plan.description == """
        update 'content' DetailViewController id "a"
        """)
    #expect(
      tree("a").reconcile(to: tree("b")).plan.description == """
        will-move-to-nil 'content' DetailViewController id "a"
        remove-view 'content' DetailViewController id "a"
        remove-from-parent 'content' DetailViewController id "a"
        update 'content' DetailViewController id "b"
        add-child 'content' DetailViewController id "b"
        insert-view 'content' DetailViewController id "b" at 0
        layout 'content' DetailViewController id "b" fill
        did-move 'content' DetailViewController id "b"
        """)
  }

  @Test("Explicit ids compare as AnyHashable does, whatever type declares them")
  func explicitIDsCompareAsAnyHashable() {
    struct Token: Hashable { var value: Int }
    func tree(_ id: some Hashable) -> CompositionTree {
      contentSlot { Child { DetailViewController() }.id(id) }
    }
    // An `Int` and an `Int8` of the same value are one id, as `AnyHashable` says; an `Int` and
    // a `String` are not; a type of the user's own is compared with its `==`.
    #expect(tree(7).reconcile(to: tree(Int8(7))).plan.steps.isEmpty)
    #expect(tree(Int8(7)).reconcile(to: tree(7)).plan.steps.isEmpty)
    #expect(tree(Token(value: 1)).reconcile(to: tree(Token(value: 1))).plan.steps.isEmpty)
    #expect(tree("7").reconcile(to: tree("7")).plan.steps.isEmpty)
    #expect(tree(7).reconcile(to: tree("7")).plan.summary.removals == 1)
    #expect(tree(Token(value: 1)).reconcile(to: tree(Token(value: 2))).plan.summary.additions == 1)
    // The identity reads the id back as the `AnyHashable` of the declared value.
    func explicitID(_ id: some Hashable) -> AnyHashable? {
      CompositionTree(.empty).reconcile(to: tree(id)).plan.steps.first?.child.explicitID
    }
    #expect(explicitID(Token(value: 3)) == AnyHashable(Token(value: 3)))
    #expect(explicitID(Int8(7)) == AnyHashable(7))
    #expect(explicitID(Int8(7))?.base is Int8)
    #expect(explicitID("a") == AnyHashable("a"))
  }

  // MARK: Keyed children

  @Test(
    "Reordering keyed children only moves views, the fewest possible (n - LIS)",
    arguments: [
      (
        [1, 2, 3, 4], [4, 3, 2, 1],
        """
        move-view 'rows' #3 RowViewController to 1
        move-view 'rows' #2 RowViewController to 2
        move-view 'rows' #1 RowViewController to 3
        """
      ),
      (
        [1, 2, 3, 4], [1, 3, 2, 4],
        """
        move-view 'rows' #2 RowViewController to 2
        """
      ),
      (
        [1, 2, 3, 4, 5], [2, 3, 4, 5, 1],
        """
        move-view 'rows' #1 RowViewController to 4
        """
      ),
    ])
  func keyedReorder(old: [Int], new: [Int], expected: String) {
    let before = keyedRows(old)
    let after = keyedRows(new)
    let plan = before.reconcile(to: after).plan
    #expect(plan.description == expected)
    #expect(plan.summary.additions == 0)
    #expect(plan.summary.removals == 0)
    #expect(
      views(after: plan, from: before.children(in: "rows"), to: after.children(in: "rows"))
        == after.children(in: "rows"))
  }

  @Test(
    "Inserting and deleting keyed children adds and removes exactly those children",
    arguments: [
      (
        [1, 2, 3], [1, 4, 2, 3],
        """
        add-child 'rows' #4 RowViewController
        insert-view 'rows' #4 RowViewController at 1
        layout 'rows' #4 RowViewController stack(vertical, 0)
        did-move 'rows' #4 RowViewController
        """
      ),
      (
        [1, 2, 3], [1, 3],
        """
        will-move-to-nil 'rows' #2 RowViewController
        remove-view 'rows' #2 RowViewController
        remove-from-parent 'rows' #2 RowViewController
        """
      ),
      (
        [1, 2, 3, 4], [4, 5, 1, 3],
        """
        will-move-to-nil 'rows' #2 RowViewController
        remove-view 'rows' #2 RowViewController
        remove-from-parent 'rows' #2 RowViewController
        move-view 'rows' #4 RowViewController to 0
        add-child 'rows' #5 RowViewController
        insert-view 'rows' #5 RowViewController at 1
        layout 'rows' #5 RowViewController stack(vertical, 0)
        did-move 'rows' #5 RowViewController
        """
      ),
    ])
  func keyedInsertDelete(old: [Int], new: [Int], expected: String) {
    let before = keyedRows(old)
    let after = keyedRows(new)
    let plan = before.reconcile(to: after).plan
    #expect(plan.description == expected)
    #expect(
      views(after: plan, from: before.children(in: "rows"), to: after.children(in: "rows"))
        == after.children(in: "rows"))
  }

  @Test("A moved keyed child with an update closure is moved, then updated, never re-added")
  func keyedMoveWithUpdate() {
    func tree(_ keys: [String]) -> CompositionTree {
      CompositionTree {
        Slot("cards", layout: .stack(axis: .horizontal, spacing: 8)) {
          ForEach(keys, id: \.self) { key in
            Child {
              RowViewController()
            } update: { _ in
              _ = key
            }
          }
        }
      }
    }
    let plan = tree(["a", "b"]).reconcile(to: tree(["b", "a"])).plan
    #expect(
      plan.description == """
        update 'cards' #"b" RowViewController
        move-view 'cards' #"a" RowViewController to 1
        update 'cards' #"a" RowViewController
        """)
  }

  @Test(
    "In an unkeyed for loop the position is the identity: a front insertion shifts, adds at the end"
  )
  func forLoopFrontInsertion() {
    func tree(_ titles: [String]) -> CompositionTree {
      CompositionTree {
        Slot("rows", layout: .stack(axis: .vertical)) {
          for title in titles {
            Child {
              RowViewController()
            } update: { _ in
              _ = title
            }
          }
        }
      }
    }
    // The controller made for "b" now shows "a", the one for "c" shows "b", and a new controller
    // is made for "c": the controllers follow positions, not elements. Use ForEach to keep them.
    let plan = tree(["b", "c"]).reconcile(to: tree(["a", "b", "c"])).plan
    #expect(
      plan.description == """
        update 'rows' [0] RowViewController
        update 'rows' [1] RowViewController
        update 'rows' [2] RowViewController
        add-child 'rows' [2] RowViewController
        insert-view 'rows' [2] RowViewController at 2
        layout 'rows' [2] RowViewController stack(vertical, 0)
        did-move 'rows' [2] RowViewController
        """)
    // Removing the first element removes the last controller.
    #expect(
      tree(["a", "b", "c"]).reconcile(to: tree(["b", "c"])).plan.description == """
        will-move-to-nil 'rows' [2] RowViewController
        remove-view 'rows' [2] RowViewController
        remove-from-parent 'rows' [2] RowViewController
        update 'rows' [0] RowViewController
        update 'rows' [1] RowViewController
        """)
  }

  // MARK: Slots

  @Test("Where a slot is declared in the container's body does not matter: its children are kept")
  func slotPositionDoesNotMatter() {
    func tree(headerFirst: Bool) -> CompositionTree {
      CompositionTree {
        if headerFirst {
          Slot("header") { Child { HeaderViewController() } }
          Slot("content") {
            Child {
              ListViewController()
            } update: { _ in
            }
          }
        } else {
          Slot("content") {
            Child {
              ListViewController()
            } update: { _ in
            }
          }
          Slot("footer") {}
          Slot("header") { Child { HeaderViewController() } }
        }
      }
    }
    let plan = tree(headerFirst: true).reconcile(to: tree(headerFirst: false)).plan
    #expect(
      plan.description == """
        update 'content' ListViewController
        """)
  }

  @Test("Steps come slot by slot in the new declaration's order, then the removed slots")
  func slotOrderOfSteps() {
    let before = CompositionTree {
      Slot("a") { Child { ListViewController() } }
      Slot("b") { Child { DetailViewController() } }
      Slot("gone") { Child { SpinnerViewController() } }
    }
    let after = CompositionTree {
      Slot("b") { Child { RowViewController() } }
      Slot("a") { Child { HeaderViewController() } }
    }
    let plan = before.reconcile(to: after).plan
    #expect(
      plan.description == """
        will-move-to-nil 'b' DetailViewController
        remove-view 'b' DetailViewController
        remove-from-parent 'b' DetailViewController
        add-child 'b' RowViewController
        insert-view 'b' RowViewController at 0
        layout 'b' RowViewController fill
        did-move 'b' RowViewController
        will-move-to-nil 'a' ListViewController
        remove-view 'a' ListViewController
        remove-from-parent 'a' ListViewController
        add-child 'a' HeaderViewController
        insert-view 'a' HeaderViewController at 0
        layout 'a' HeaderViewController fill
        did-move 'a' HeaderViewController
        will-move-to-nil 'gone' SpinnerViewController
        remove-view 'gone' SpinnerViewController
        remove-from-parent 'gone' SpinnerViewController
        """)
  }

  @Test("A removed slot removes all its children, hidden kept-alive ones with two steps")
  func removedSlotRemovesAll() {
    func tree(tab: Int, withSlots: Bool) -> CompositionTree {
      CompositionTree {
        if withSlots {
          Slot("tabs") {
            if tab == 0 {
              Child { ListViewController() }.lifetime(.keepAlive)
            } else {
              Child { DetailViewController() }.lifetime(.keepAlive)
            }
          }
          Slot("footer", layout: .stack(axis: .horizontal)) {
            Child { HeaderViewController() }
            Child { RowViewController() }
          }
        }
        Slot("other") {}
      }
    }
    let mounted = tree(tab: 0, withSlots: true)
      .reconcile(to: tree(tab: 1, withSlots: true)).tree
    #expect(
      mounted.hiddenChildren(in: "tabs").map(\.description) == ["'tabs' first ListViewController"])
    let removal = mounted.reconcile(to: tree(tab: 1, withSlots: false))
    #expect(
      removal.plan.description == """
        will-move-to-nil 'tabs' second DetailViewController
        remove-view 'tabs' second DetailViewController
        remove-from-parent 'tabs' second DetailViewController
        will-move-to-nil 'tabs' first ListViewController
        remove-from-parent 'tabs' first ListViewController
        will-move-to-nil 'footer' 0 HeaderViewController
        remove-view 'footer' 0 HeaderViewController
        remove-from-parent 'footer' 0 HeaderViewController
        will-move-to-nil 'footer' 1 RowViewController
        remove-view 'footer' 1 RowViewController
        remove-from-parent 'footer' 1 RowViewController
        """)
    #expect(removal.plan.summary.removals == 4)
    #expect(removal.tree.slotNames == ["other"])
    #expect(removal.tree.hiddenChildren(in: "tabs").isEmpty)
  }

  @Test("Reconciling to a tree that keeps hidden children keeps only the ones still hidden")
  func targetWithHiddenChildren() {
    func tree(tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          if tab == 0 {
            Child { ListViewController() }.lifetime(.keepAlive)
          } else {
            Child { DetailViewController() }.lifetime(.keepAlive)
          }
        }
      }
    }
    // A tree that was itself mounted by a reconciliation: the list is hidden in it.
    let withHidden = tree(tab: 0).reconcile(to: tree(tab: 1)).tree
    #expect(
      withHidden.hiddenChildren(in: "tabs").map(\.description)
        == ["'tabs' first ListViewController"])
    // Mounted with the detail only, nothing was ever hidden: no list may appear.
    let result = tree(tab: 1).reconcile(to: withHidden)
    #expect(result.plan.steps.isEmpty)
    #expect(result.tree.hiddenChildren(in: "tabs").isEmpty)
    #expect(
      result.tree.reconcile(to: tree(tab: 0)).plan.summary.description
        == "additions 1, removals 0, moves 0, updates 0, swaps 0, detachments 1, attachments 0")
  }

  @Test("A new slot adds all its children, in order")
  func newSlotAddsAll() {
    let before = CompositionTree { Slot("other") {} }
    let after = CompositionTree {
      Slot("other") {}
      Slot("footer", layout: .stack(axis: .horizontal, spacing: 4)) {
        Child { HeaderViewController() }
        Child {
          RowViewController()
        } update: { _ in
        }
      }
    }
    let plan = before.reconcile(to: after).plan
    #expect(
      plan.description == """
        add-child 'footer' 0 HeaderViewController
        insert-view 'footer' 0 HeaderViewController at 0
        layout 'footer' 0 HeaderViewController stack(horizontal, 4)
        did-move 'footer' 0 HeaderViewController
        update 'footer' 1 RowViewController
        add-child 'footer' 1 RowViewController
        insert-view 'footer' 1 RowViewController at 1
        layout 'footer' 1 RowViewController stack(horizontal, 4)
        did-move 'footer' 1 RowViewController
        """)
  }

  /// A slot layout and its text in `layout` steps.
  enum LayoutCase: CaseIterable, Sendable {
    case fill, fillInsets, frame, stackVertical, stackHorizontal, custom

    @MainActor var layout: SlotLayout {
      switch self {
      case .fill: .fill
      case .fillInsets: .fill(insets: UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 16))
      case .frame: .frame(CGRect(x: 10, y: 20, width: 100, height: 50.5))
      case .stackVertical: .stack(axis: .vertical, spacing: 8)
      case .stackHorizontal: .stack(axis: .horizontal, distribution: .fillEqually)
      case .custom: .custom { _, _ in }
      }
    }

    var text: String {
      switch self {
      case .fill: "fill"
      case .fillInsets: "fill(insets: 8 0 0 16)"
      case .frame: "frame(10 20 100 50.5)"
      case .stackVertical: "stack(vertical, 8)"
      case .stackHorizontal: "stack(horizontal, 0)"
      case .custom: "custom"
      }
    }
  }

  @Test("A layout step names the slot's layout", arguments: LayoutCase.allCases)
  func layoutText(layoutCase: LayoutCase) {
    let plan = CompositionTree {}
      .reconcile(to: contentSlot(layout: layoutCase.layout) { Child { ListViewController() } })
      .plan
    #expect(layoutCase.layout.description == layoutCase.text)
    #expect(
      plan.description == """
        add-child 'content' ListViewController
        insert-view 'content' ListViewController at 0
        layout 'content' ListViewController \(layoutCase.text)
        did-move 'content' ListViewController
        """)
  }

  // MARK: Transitions

  /// A transition and its text in `swap` steps.
  enum TransitionCase: CaseIterable, Sendable {
    case crossDissolve, crossDissolveDefault, slide, flip, custom

    @MainActor var transition: Transition {
      switch self {
      case .crossDissolve: .crossDissolve(duration: 0.25)
      case .crossDissolveDefault: .crossDissolve()
      case .slide: .slide(from: .bottom, duration: 0.4)
      case .flip: .flip(from: .trailing)
      case .custom: .custom(duration: 0.75) { _, to, _ in to.alpha = 1 }
      }
    }

    var text: String {
      switch self {
      case .crossDissolve: "crossDissolve(0.25)"
      case .crossDissolveDefault: "crossDissolve(0.3)"
      case .slide: "slide(bottom, 0.4)"
      case .flip: "flip(trailing, 0.5)"
      case .custom: "custom(0.75)"
      }
    }
  }

  @Test(
    "One child out and one child in with an animated transition is a single swap step",
    arguments: TransitionCase.allCases)
  func swapStep(transitionCase: TransitionCase) {
    func tree(_ loaded: Bool) -> CompositionTree {
      contentSlot {
        if loaded {
          Child { ListViewController() }
            .transition(transitionCase.transition)
        } else {
          Child { SpinnerViewController() }
        }
      }
    }
    let plan = tree(false).reconcile(to: tree(true)).plan
    #expect(
      plan.description == """
        swap 'content' second SpinnerViewController -> 'content' first ListViewController \
        \(transitionCase.text)
        """)
    #expect(plan.summary.swaps == 1)
    #expect(plan.summary.additions == 0)
    #expect(plan.summary.removals == 0)
  }

  @Test("A slot's transition is the default for its children, and a child's own overrides it")
  func slotTransitionAndOverride() {
    func tree(_ loaded: Bool) -> CompositionTree {
      CompositionTree {
        Slot("content") {
          if loaded {
            Child { ListViewController() }
              .transition(.flip(from: .top))
          } else {
            Child { SpinnerViewController() }
          }
        }
        .transition(.slide(from: .leading))
      }
    }
    #expect(
      tree(false).reconcile(to: tree(true)).plan.description == """
        swap 'content' second SpinnerViewController -> 'content' first ListViewController flip(top, 0.5)
        """)
    #expect(
      tree(true).reconcile(to: tree(false)).plan.description == """
        swap 'content' first ListViewController -> 'content' second SpinnerViewController slide(leading, 0.3)
        """)
  }

  /// A change that is not planned as a swap despite a transition somewhere.
  enum NoSwapCase: CaseIterable, Sendable {
    case stackLayout, twoChildrenChange, childOverridesWithNone, onlyOutgoingHasTransition
  }

  @Test(
    "No swap for stack slots, for changes of more than one child, or without an arriving animation",
    arguments: NoSwapCase.allCases)
  func noSwap(noSwapCase: NoSwapCase) {
    func tree(_ loaded: Bool) -> CompositionTree {
      switch noSwapCase {
      case .stackLayout:
        CompositionTree {
          Slot("content", layout: .stack(axis: .vertical)) {
            if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
          }
          .transition(.crossDissolve())
        }
      case .twoChildrenChange:
        CompositionTree {
          Slot("content") {
            if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
            if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
          }
          .transition(.crossDissolve())
        }
      case .childOverridesWithNone:
        CompositionTree {
          Slot("content") {
            if loaded {
              Child { ListViewController() }.transition(.none)
            } else {
              Child { SpinnerViewController() }
            }
          }
          .transition(.crossDissolve())
        }
      case .onlyOutgoingHasTransition:
        contentSlot {
          if loaded {
            Child { ListViewController() }
          } else {
            Child { SpinnerViewController() }.transition(.crossDissolve())
          }
        }
      }
    }
    let plan = tree(false).reconcile(to: tree(true)).plan
    #expect(plan.summary.swaps == 0)
    let layout = noSwapCase == .stackLayout ? "stack(vertical, 0)" : "fill"
    let first = noSwapCase == .twoChildrenChange ? "0.first" : "first"
    let second = noSwapCase == .twoChildrenChange ? "0.second" : "second"
    var expected = """
      will-move-to-nil 'content' \(second) SpinnerViewController
      remove-view 'content' \(second) SpinnerViewController
      remove-from-parent 'content' \(second) SpinnerViewController
      """
    if noSwapCase == .twoChildrenChange {
      expected += """

        will-move-to-nil 'content' 1.second SpinnerViewController
        remove-view 'content' 1.second SpinnerViewController
        remove-from-parent 'content' 1.second SpinnerViewController
        """
    }
    expected += """

      add-child 'content' \(first) ListViewController
      insert-view 'content' \(first) ListViewController at 0
      layout 'content' \(first) ListViewController \(layout)
      did-move 'content' \(first) ListViewController
      """
    if noSwapCase == .twoChildrenChange {
      expected += """

        add-child 'content' 1.first ListViewController
        insert-view 'content' 1.first ListViewController at 1
        layout 'content' 1.first ListViewController fill
        did-move 'content' 1.first ListViewController
        """
    }
    #expect(plan.description == expected)
  }

  @Test("A one-out-one-in change among kept children is still a swap")
  func swapAmongKeptChildren() {
    func tree(_ loaded: Bool) -> CompositionTree {
      CompositionTree {
        Slot("content") {
          Child { HeaderViewController() }
          if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
        }
        .transition(.crossDissolve())
      }
    }
    #expect(
      tree(false).reconcile(to: tree(true)).plan.description == """
        swap 'content' 1.second SpinnerViewController -> 'content' 1.first ListViewController crossDissolve(0.3)
        """)
  }

  @Test("One child out and one in at another position is not a swap: the new child is added")
  func noSwapOutOfPlace() {
    func tree(_ keys: [Int]) -> CompositionTree {
      CompositionTree {
        Slot("content") {
          ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
        }
        .transition(.crossDissolve())
      }
    }
    let before = tree([1, 2])
    let after = tree([3, 1])
    let plan = before.reconcile(to: after).plan
    #expect(
      plan.description == """
        will-move-to-nil 'content' #2 RowViewController
        remove-view 'content' #2 RowViewController
        remove-from-parent 'content' #2 RowViewController
        add-child 'content' #3 RowViewController
        insert-view 'content' #3 RowViewController at 0
        layout 'content' #3 RowViewController fill
        did-move 'content' #3 RowViewController
        """)
    #expect(
      views(after: plan, from: before.children(in: "content"), to: after.children(in: "content"))
        == after.children(in: "content"))
  }

  @Test("A slot whose layout changes lays its kept children out again, before their updates")
  func layoutChangeRelaysKeptChildren() {
    func tree(_ layout: SlotLayout) -> CompositionTree {
      contentSlot(layout: layout) {
        Child { HeaderViewController() }
        Child {
          ListViewController()
        } update: { _ in
        }
      }
    }
    let frame = SlotLayout.frame(CGRect(x: 0, y: 0, width: 320, height: 480))
    #expect(
      tree(.fill).reconcile(to: tree(frame)).plan.description == """
        layout 'content' 0 HeaderViewController frame(0 0 320 480)
        layout 'content' 1 ListViewController frame(0 0 320 480)
        update 'content' 1 ListViewController
        """)
    #expect(
      tree(.fill).reconcile(to: tree(.fill)).plan.description == """
        update 'content' 1 ListViewController
        """)
  }

  // MARK: Lifetime

  @Test(
    "A kept-alive child leaving is detached and hidden; coming back it is updated, then attached",
    arguments: [true, false])
  func keepAliveDetachAttach(hasUpdate: Bool) {
    func tree(_ tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          if tab == 0 {
            if hasUpdate {
              Child {
                ListViewController()
              } update: { _ in
              }
              .lifetime(.keepAlive)
            } else {
              Child { ListViewController() }
                .lifetime(.keepAlive)
            }
          } else {
            Child { DetailViewController() }
          }
        }
      }
    }
    let branch = hasUpdate ? "first.first" : "first.second"
    let first = CompositionTree {}.reconcile(to: tree(0))
    #expect(first.plan.summary.additions == 1)

    let leaving = first.tree.reconcile(to: tree(1))
    #expect(
      leaving.plan.description == """
        detach-view 'tabs' \(branch) ListViewController
        add-child 'tabs' second DetailViewController
        insert-view 'tabs' second DetailViewController at 0
        layout 'tabs' second DetailViewController fill
        did-move 'tabs' second DetailViewController
        """)
    #expect(leaving.plan.summary.detachments == 1)
    #expect(leaving.plan.summary.removals == 0)
    #expect(
      leaving.tree.children(in: "tabs").map(\.description) == ["'tabs' second DetailViewController"]
    )
    #expect(
      leaving.tree.hiddenChildren(in: "tabs").map(\.description) == [
        "'tabs' \(branch) ListViewController"
      ])
    #expect(
      leaving.tree.description == """
        slot 'tabs' fill
          second DetailViewController
          hidden \(branch) ListViewController keepAlive
        """)

    let returning = leaving.tree.reconcile(to: tree(0))
    // The returning child is updated before its view comes back, so that it appears with current
    // values.
    let update = hasUpdate ? "update 'tabs' \(branch) ListViewController\n" : ""
    let expected = """
      will-move-to-nil 'tabs' second DetailViewController
      remove-view 'tabs' second DetailViewController
      remove-from-parent 'tabs' second DetailViewController
      \(update)attach-view 'tabs' \(branch) ListViewController at 0
      layout 'tabs' \(branch) ListViewController fill
      """
    #expect(returning.plan.description == expected)
    #expect(returning.plan.summary.attachments == 1)
    #expect(returning.plan.summary.additions == 0)
    #expect(returning.tree.hiddenChildren(in: "tabs").isEmpty)
    #expect(returning.tree.children(in: "tabs") == tree(0).children(in: "tabs"))
  }

  @Test(
    "A re-attached child gets its slot's layout again: detaching removed its constraints",
    arguments: LayoutCase.allCases)
  func attachLaysOutAgain(layoutCase: LayoutCase) {
    func tree(_ tab: Int) -> CompositionTree {
      contentSlot(layout: layoutCase.layout) {
        if tab == 0 {
          Child { ListViewController() }.lifetime(.keepAlive)
        } else {
          Child { DetailViewController() }
        }
      }
    }
    let leaving = CompositionTree {}.reconcile(to: tree(0)).tree.reconcile(to: tree(1))
    // `removeFromSuperview()` removes every constraint that refers to the view (UIKit semantics
    // F2), and the slot's layout may have changed meanwhile: like an insert, an attach is laid out.
    #expect(
      leaving.tree.reconcile(to: tree(0)).plan.description == """
        will-move-to-nil 'content' second DetailViewController
        remove-view 'content' second DetailViewController
        remove-from-parent 'content' second DetailViewController
        attach-view 'content' first ListViewController at 0
        layout 'content' first ListViewController \(layoutCase.text)
        """)
  }

  @Test("A memory warning evicts hidden keepAlive children with two steps and keeps the others")
  func evictingHiddenChildren() {
    func tree(_ tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          switch tab {
          case 0: Child { ListViewController() }.lifetime(.keepAlive)
          case 1: Child { DetailViewController() }.lifetime(.keepAlive(evictOnMemoryWarning: false))
          default: Child { RowViewController() }
          }
        }
      }
    }
    var mounted = CompositionTree {}.reconcile(to: tree(0)).tree
    mounted = mounted.reconcile(to: tree(1)).tree
    mounted = mounted.reconcile(to: tree(2)).tree
    #expect(
      mounted.hiddenChildren(in: "tabs").map(\.description) == [
        "'tabs' first.first ListViewController",
        "'tabs' first.second DetailViewController",
      ])

    let eviction = mounted.evictingHiddenChildren()
    #expect(
      eviction.plan.description == """
        will-move-to-nil 'tabs' first.first ListViewController
        remove-from-parent 'tabs' first.first ListViewController
        """)
    #expect(
      eviction.tree.hiddenChildren(in: "tabs").map(\.description) == [
        "'tabs' first.second DetailViewController"
      ])
    #expect(eviction.tree.children(in: "tabs") == mounted.children(in: "tabs"))
    #expect(eviction.tree.evictingHiddenChildren().plan.steps.isEmpty)

    // The child that survived the warning still comes back without being made again.
    #expect(
      eviction.tree.reconcile(to: tree(1)).plan.description == """
        will-move-to-nil 'tabs' second RowViewController
        remove-view 'tabs' second RowViewController
        remove-from-parent 'tabs' second RowViewController
        attach-view 'tabs' first.second DetailViewController at 0
        layout 'tabs' first.second DetailViewController fill
        """)
  }

  @Test("A swap away from a kept-alive child keeps it hidden")
  func swapKeepingOutgoing() {
    func tree(_ tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          if tab == 0 {
            Child {
              ListViewController()
            } update: { _ in
            }
            .lifetime(.keepAlive)
          } else {
            Child { DetailViewController() }
          }
        }
        .transition(.crossDissolve())
      }
    }
    let leaving = CompositionTree {}.reconcile(to: tree(0)).tree.reconcile(to: tree(1))
    #expect(
      leaving.plan.description == """
        swap 'tabs' first ListViewController -> 'tabs' second DetailViewController crossDissolve(0.3) keeping outgoing
        """)
    #expect(
      leaving.tree.hiddenChildren(in: "tabs").map(\.description) == [
        "'tabs' first ListViewController"
      ])
  }

  @Test("A swap back to a hidden kept-alive child reuses it: it is updated and no longer hidden")
  func swapBackToHiddenChild() {
    func tree(_ tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          if tab == 0 {
            Child {
              ListViewController()
            } update: { _ in
            }
            .lifetime(.keepAlive)
          } else {
            Child { DetailViewController() }
          }
        }
        .transition(.crossDissolve())
      }
    }
    let leaving = CompositionTree {}.reconcile(to: tree(0)).tree.reconcile(to: tree(1))
    let returning = leaving.tree.reconcile(to: tree(0))
    // The returning controller is the live, hidden one: like an attach, it gets its update,
    // before the swap, so that it appears with current values.
    #expect(
      returning.plan.description == """
        update 'tabs' first ListViewController
        swap 'tabs' second DetailViewController -> 'tabs' first ListViewController crossDissolve(0.3) reviving
        """)
    #expect(returning.plan.summary.swaps == 1)
    #expect(returning.plan.summary.additions == 0)
    #expect(returning.tree.hiddenChildren(in: "tabs").isEmpty)
  }

  // MARK: Primary, environment, forwarding

  @Test("Marking a slot primary changes no identity and plans nothing", arguments: [true, false])
  func primaryKeepsIdentity(statusBarOnly: Bool) {
    let plain = CompositionTree {
      Slot("content") { Child { ListViewController() } }
    }
    let primary = CompositionTree {
      if statusBarOnly {
        Slot("content") { Child { ListViewController() } }.primary(.statusBar)
      } else {
        Slot("content") { Child { ListViewController() } }.primary()
      }
    }
    #expect(primary.children(in: "content") == plain.children(in: "content"))
    #expect(plain.reconcile(to: primary).plan.steps.isEmpty)
    #expect(primary.reconcile(to: plain).plan.steps.isEmpty)
  }

  @Test("A primary slot keeps its transition, whichever modifier comes first")
  func primaryAndTransition() {
    func tree(_ loaded: Bool, primaryFirst: Bool) -> CompositionTree {
      CompositionTree {
        if primaryFirst {
          Slot("content") {
            if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
          }
          .primary()
          .transition(.crossDissolve())
        } else {
          Slot("content") {
            if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
          }
          .transition(.crossDissolve())
          .primary()
        }
      }
    }
    for primaryFirst in [true, false] {
      #expect(
        tree(false, primaryFirst: primaryFirst).reconcile(
          to: tree(true, primaryFirst: primaryFirst)
        )
        .plan.description == """
          swap 'content' second SpinnerViewController -> 'content' first ListViewController crossDissolve(0.3)
          """)
    }
  }

  @Test(
    "A composition's environment reaches nested compositions; an inner value overrides it",
    arguments: [
      (nil as Bool?, "'inner' first RowViewController"),
      (false, "'inner' second DetailViewController"),
      (true, "'inner' first RowViewController"),
    ])
  func environmentReachesNestedCompositions(innerCondensed: Bool?, expectedInner: String) {
    let tree = CompositionTree {
      OuterScreen(innerCondensed: innerCondensed).environment(\.isCondensed, true)
    }
    #expect(tree.children(in: "outer").map(\.description) == ["'outer' first RowViewController"])
    #expect(tree.children(in: "inner").map(\.description) == [expectedInner])
  }

  @Test("Environment values apply inside the content they are set on, and never to siblings")
  func environmentScope() {
    let tree = CompositionTree {
      Slot("set") { condensedReader() }
        .environment(\.isCondensed, true)
      Slot("unset") { condensedReader() }
      Slot("mixed", layout: .stack(axis: .vertical)) {
        condensedReader()
        Group { condensedReader() }
          .environment(\.isCondensed, false)
        condensedReader()
      }
      .environment(\.isCondensed, true)
    }
    #expect(tree.children(in: "set").map(\.description) == ["'set' first RowViewController"])
    #expect(
      tree.children(in: "unset").map(\.description) == ["'unset' second DetailViewController"])
    #expect(
      tree.children(in: "mixed").map(\.description) == [
        "'mixed' 0.first RowViewController",
        "'mixed' 1.second DetailViewController",
        "'mixed' 2.first RowViewController",
      ])
  }

  @Test("A new environment value that changes a reader's branch replaces its child")
  func environmentChangeReplaces() {
    func tree(_ condensed: Bool) -> CompositionTree {
      var environment = EnvironmentValues()
      environment.isCondensed = condensed
      return CompositionTree(environment: environment) { InnerPanel() }
    }
    #expect(tree(true).reconcile(to: tree(true)).plan.steps.isEmpty)
    #expect(
      tree(true).reconcile(to: tree(false)).plan.description == """
        will-move-to-nil 'inner' first RowViewController
        remove-view 'inner' first RowViewController
        remove-from-parent 'inner' first RowViewController
        add-child 'inner' second DetailViewController
        insert-view 'inner' second DetailViewController at 0
        layout 'inner' second DetailViewController fill
        did-move 'inner' second DetailViewController
        """)
  }

  @Test(
    "Manual forwarding brackets inserts, removals, detachments and attachments with appearance")
  func manualForwarding() {
    func tree(_ tab: Int) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          if tab == 0 {
            Child {
              ListViewController()
            } update: { _ in
            }
            .lifetime(.keepAlive)
          } else {
            Child { DetailViewController() }
          }
        }
      }
    }
    let adding = CompositionTree {}.reconcile(to: tree(0), forwarding: .manual)
    #expect(
      adding.plan.description == """
        update 'tabs' first ListViewController
        add-child 'tabs' first ListViewController
        begin-appearance 'tabs' first ListViewController appearing
        insert-view 'tabs' first ListViewController at 0
        layout 'tabs' first ListViewController fill
        end-appearance 'tabs' first ListViewController
        did-move 'tabs' first ListViewController
        """)
    let leaving = adding.tree.reconcile(to: tree(1), forwarding: .manual)
    #expect(
      leaving.plan.description == """
        begin-appearance 'tabs' first ListViewController disappearing
        detach-view 'tabs' first ListViewController
        end-appearance 'tabs' first ListViewController
        add-child 'tabs' second DetailViewController
        begin-appearance 'tabs' second DetailViewController appearing
        insert-view 'tabs' second DetailViewController at 0
        layout 'tabs' second DetailViewController fill
        end-appearance 'tabs' second DetailViewController
        did-move 'tabs' second DetailViewController
        """)
    let returning = leaving.tree.reconcile(to: tree(0), forwarding: .manual)
    #expect(
      returning.plan.description == """
        will-move-to-nil 'tabs' second DetailViewController
        begin-appearance 'tabs' second DetailViewController disappearing
        remove-view 'tabs' second DetailViewController
        end-appearance 'tabs' second DetailViewController
        remove-from-parent 'tabs' second DetailViewController
        update 'tabs' first ListViewController
        begin-appearance 'tabs' first ListViewController appearing
        attach-view 'tabs' first ListViewController at 0
        layout 'tabs' first ListViewController fill
        end-appearance 'tabs' first ListViewController
        """)
    // A hidden child's view is already out of the window: evicting it needs no appearance step.
    let evicting = leaving.tree.evictingHiddenChildren(forwarding: .manual)
    #expect(
      evicting.plan.description == """
        will-move-to-nil 'tabs' first ListViewController
        remove-from-parent 'tabs' first ListViewController
        """)
  }

  @Test("With manual forwarding, moves and updates need no appearance step")
  func manualForwardingMoves() {
    let plan = keyedRows([1, 2, 3]).reconcile(to: keyedRows([3, 1, 2]), forwarding: .manual).plan
    #expect(
      plan.description == """
        move-view 'rows' #3 RowViewController to 0
        """)
  }
}
