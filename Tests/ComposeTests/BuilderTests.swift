import Compose
import Foundation
import Testing

// MARK: - Fixtures of this file

/// Counts how often factories, update closures, composition bodies and readers run.
@MainActor
private final class CallCounter {
  var makes = 0
  var updates = 0
  var bodies = 0
  var readers = 0
}

extension BuilderForms {
  /// A value for the environment tests of this suite.
  enum SizeClass: Sendable {
    case compact, regular
  }

  /// Tabs for the switch tests of this suite.
  enum Tab: Sendable {
    case inbox, drafts, sent, archive
  }
}

private struct SizeClassKey: EnvironmentKey {
  static let defaultValue = BuilderForms.SizeClass.regular
}

extension EnvironmentValues {
  fileprivate var sizeClass: BuilderForms.SizeClass {
    get { self[SizeClassKey.self] }
    set { self[SizeClassKey.self] = newValue }
  }
}

private struct Card: Identifiable, Sendable {
  let id: String
}

private struct Person: Sendable {
  let name: String
}

/// A reusable sidebar: one slot with a fixed frame and one child.
private struct Sidebar: Composition {
  var body: CompositionContent {
    Slot("sidebar", layout: .frame(CGRect(x: 0, y: 0, width: 320, height: 800))) {
      Child { ListViewController() }
    }
  }
}

/// A composition that nests ``Sidebar`` and adds a slot of its own.
private struct SplitScreen: Composition {
  var showsDetail: Bool

  var body: CompositionContent {
    Sidebar()
    Slot("detail") {
      if showsDetail {
        Child { DetailViewController() }
      }
    }
  }
}

/// A composition whose factories, updates, body and reader count their calls.
private struct CountingScreen: Composition {
  let calls: CallCounter
  var loaded: Bool

  var body: CompositionContent {
    calls.bodies += 1
    return CompositionContent.declared {
      Slot("content") {
        if loaded {
          Child { () -> ListViewController in
            calls.makes += 1
            return ListViewController()
          } update: { _ in
            calls.updates += 1
          }
        } else {
          Child { () -> SpinnerViewController in
            calls.makes += 1
            return SpinnerViewController()
          }
        }
        EnvironmentReader { _ in
          calls.readers += 1
          return Child { () -> HeaderViewController in
            calls.makes += 1
            return HeaderViewController()
          } update: { _ in
            calls.updates += 1
          }
          .slotContent
        }
      }
    }
  }
}

extension CompositionContent {
  /// Builds composition content in place, for tests that keep a declaration without resolving it.
  fileprivate static func declared(
    @CompositionBuilder _ content: () -> CompositionContent
  ) -> CompositionContent {
    content()
  }
}

/// The identities of a slot, as text.
@MainActor
private func identities(_ tree: CompositionTree, _ slot: String) -> [String] {
  tree.children(in: slot).map(\.description)
}

// MARK: - Tests

@MainActor
@Suite("Builder forms")
struct BuilderForms {
  @Test(
    "An if/else gives its children the branch they are in",
    arguments: [
      (true, "'content' first ListViewController"),
      (false, "'content' second SpinnerViewController"),
    ])
  func ifElse(loaded: Bool, expected: String) {
    let tree = CompositionTree {
      Slot("content") {
        if loaded {
          Child { ListViewController() }
        } else {
          Child { SpinnerViewController() }
        }
      }
    }
    #expect(identities(tree, "content") == [expected])
    #expect(tree.diagnostics.isEmpty)
  }

  @Test(
    "An if let without else gives its child the 'some' branch, and nothing when the value is nil",
    arguments: [
      ("42" as String?, ["'detail' some DetailViewController id \"42\""]),
      (nil, []),
    ])
  func ifLet(selection: String?, expected: [String]) {
    let tree = CompositionTree {
      Slot("detail") {
        if let selection {
          Child { DetailViewController() }.id(selection)
        }
      }
    }
    #expect(identities(tree, "detail") == expected)
  }

  @Test(
    "An if let with else gives each branch its own identity",
    arguments: [
      ("a" as String?, "'detail' first DetailViewController"),
      (nil, "'detail' second SpinnerViewController"),
    ])
  func ifLetElse(selection: String?, expected: String) {
    let tree = CompositionTree {
      Slot("detail") {
        if let selection {
          Child {
            DetailViewController()
          } update: { _ in
            _ = selection
          }
        } else {
          Child { SpinnerViewController() }
        }
      }
    }
    #expect(identities(tree, "detail") == [expected])
  }

  @Test(
    "A switch gives each case its own nested first/second branch path",
    arguments: [
      (Tab.inbox, "'tabs' first.first ListViewController"),
      (Tab.drafts, "'tabs' first.second DetailViewController"),
      (Tab.sent, "'tabs' second.first RowViewController"),
      (Tab.archive, "'tabs' second.second RowViewController"),
    ])
  func switchCases(tab: Tab, expected: String) {
    let tree = CompositionTree {
      Slot("tabs") {
        switch tab {
        case .inbox: Child { ListViewController() }
        case .drafts: Child { DetailViewController() }
        case .sent: Child { RowViewController() }
        case .archive: Child { RowViewController() }
        }
      }
    }
    #expect(identities(tree, "tabs") == [expected])
  }

  @Test("A three-case switch gives three distinct identities, so changing case replaces")
  func threeCaseSwitch() {
    func tree(_ tab: Tab) -> CompositionTree {
      CompositionTree {
        Slot("tabs") {
          switch tab {
          case .inbox: Child { RowViewController() }
          case .drafts: Child { RowViewController() }
          case .sent, .archive: Child { RowViewController() }
          }
        }
      }
    }
    #expect(identities(tree(.inbox), "tabs") == ["'tabs' first.first RowViewController"])
    #expect(identities(tree(.drafts), "tabs") == ["'tabs' first.second RowViewController"])
    #expect(identities(tree(.sent), "tabs") == ["'tabs' second RowViewController"])
    #expect(
      tree(.drafts).reconcile(to: tree(.sent)).plan.description == """
        will-move-to-nil 'tabs' first.second RowViewController
        remove-view 'tabs' first.second RowViewController
        remove-from-parent 'tabs' first.second RowViewController
        add-child 'tabs' second RowViewController
        insert-view 'tabs' second RowViewController at 0
        layout 'tabs' second RowViewController fill
        did-move 'tabs' second RowViewController
        """)
  }

  @Test("An else-if chain is one multi-way branch, identified like a switch of as many cases")
  func elseIfChain() {
    func tree(_ count: Int) -> CompositionTree {
      CompositionTree {
        Slot("content") {
          if count == 0 {
            Child { SpinnerViewController() }
          } else if count == 1 {
            Child { DetailViewController() }
          } else {
            Child { ListViewController() }
          }
        }
      }
    }
    #expect(identities(tree(0), "content") == ["'content' first.first SpinnerViewController"])
    #expect(identities(tree(1), "content") == ["'content' first.second DetailViewController"])
    #expect(identities(tree(5), "content") == ["'content' second ListViewController"])
  }

  @Test(
    "An optional child among other statements is identified by its statement and 'some'",
    arguments: [true, false])
  func optionalAmongStatements(showsHeader: Bool) {
    let tree = CompositionTree {
      Slot("content") {
        if showsHeader {
          Child { HeaderViewController() }
        }
        Child { ListViewController() }
      }
    }
    let expected =
      showsHeader
      ? ["'content' 0.some HeaderViewController", "'content' 1 ListViewController"]
      : ["'content' 1 ListViewController"]
    #expect(identities(tree, "content") == expected)
  }

  @Test("A for-in loop identifies each pass by its position, then by statement within the pass")
  func forInLoop() {
    let titles = ["a", "b"]
    let tree = CompositionTree {
      Slot("rows", layout: .stack(axis: .vertical)) {
        Child { HeaderViewController() }
        for title in titles {
          Child {
            RowViewController()
          } update: { _ in
            _ = title
          }
          Child { DetailViewController() }
        }
      }
    }
    #expect(
      identities(tree, "rows") == [
        "'rows' 0 HeaderViewController",
        "'rows' 1.[0].0 RowViewController",
        "'rows' 1.[0].1 DetailViewController",
        "'rows' 1.[1].0 RowViewController",
        "'rows' 1.[1].1 DetailViewController",
      ])
  }

  @Test("A for-in loop over nothing declares no child, and a one-statement pass adds no index")
  func forInLoopEmptyAndSingle() {
    func tree(_ count: Int) -> CompositionTree {
      CompositionTree {
        Slot("rows") {
          for _ in 0..<count {
            Child { RowViewController() }
          }
        }
      }
    }
    #expect(identities(tree(0), "rows").isEmpty)
    #expect(
      identities(tree(3), "rows") == [
        "'rows' [0] RowViewController",
        "'rows' [1] RowViewController",
        "'rows' [2] RowViewController",
      ])
  }

  @Test("A for-in loop of slots declares one slot per pass, in order")
  func forInLoopOfSlots() {
    let names = ["left", "middle", "right"]
    let tree = CompositionTree {
      for name in names {
        Slot(name) {
          Child { RowViewController() }
        }
      }
    }
    #expect(tree.slotNames == ["left", "middle", "right"])
    #expect(identities(tree, "middle") == ["'middle' RowViewController"])
  }

  @Test("#available with else takes the first branch where the version is available (always here)")
  func availableWithElse() {
    let tree = CompositionTree {
      Slot("content") {
        if #available(iOS 17, macOS 14, *) {
          Child { ListViewController() }
        } else {
          Child { SpinnerViewController() }
        }
      }
    }
    #expect(identities(tree, "content") == ["'content' first ListViewController"])
  }

  @Test("#available without else is an optional: its child is in the 'some' branch")
  func availableWithoutElse() {
    let tree = CompositionTree {
      Slot("content") {
        Child { HeaderViewController() }
        if #available(iOS 17, macOS 14, *) {
          Child { ListViewController() }
        }
      }
      if #available(iOS 17, macOS 14, *) {
        Slot("extra") {
          Child { DetailViewController() }
        }
      }
    }
    #expect(
      identities(tree, "content") == [
        "'content' 0 HeaderViewController", "'content' 1.some ListViewController",
      ])
    #expect(tree.slotNames == ["content", "extra"])
  }

  @Test("A slot builder takes twelve statements, each identified by its index")
  func manyStatements() {
    let tree = CompositionTree {
      Slot("many", layout: .stack(axis: .vertical)) {
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { RowViewController() }
        Child { HeaderViewController() }
      }
    }
    let expected =
      (0..<11).map { "'many' \($0) RowViewController" } + [
        "'many' 11 HeaderViewController"
      ]
    #expect(identities(tree, "many") == expected)
    #expect(tree.diagnostics.isEmpty)
  }

  @Test("A composition builder takes twelve slots, in declaration order")
  func manySlots() {
    let tree = CompositionTree {
      Slot("s0") {}
      Slot("s1") {}
      Slot("s2") {}
      Slot("s3") {}
      Slot("s4") {}
      Slot("s5") {}
      Slot("s6") {}
      Slot("s7") {}
      Slot("s8") {}
      Slot("s9") {}
      Slot("s10") {}
      Slot("s11") { Child { RowViewController() } }
    }
    #expect(tree.slotNames == (0..<12).map { "s\($0)" })
    #expect(identities(tree, "s11") == ["'s11' RowViewController"])
  }

  @Test("Nested groups are statements: their children are identified by position inside each")
  func nestedGroups() {
    let tree = CompositionTree {
      Slot("content", layout: .stack(axis: .vertical)) {
        Child { HeaderViewController() }
        Group {
          Child { ListViewController() }
          Group {
            Child { RowViewController() }
            Child { RowViewController() }
          }
        }
        Child { DetailViewController() }
      }
    }
    #expect(
      identities(tree, "content") == [
        "'content' 0 HeaderViewController",
        "'content' 1.0 ListViewController",
        "'content' 1.1.0 RowViewController",
        "'content' 1.1.1 RowViewController",
        "'content' 2 DetailViewController",
      ])
  }

  @Test("Wrapping a lone child in a group keeps its identity, so the plan is empty")
  func groupOfOneKeepsIdentity() {
    let plain = CompositionTree {
      Slot("content") { Child { ListViewController() } }
    }
    let grouped = CompositionTree {
      Slot("content") {
        Group {
          Group { Child { ListViewController() } }
        }
      }
    }
    #expect(identities(grouped, "content") == ["'content' ListViewController"])
    #expect(plain.reconcile(to: grouped).plan.steps.isEmpty)
  }

  @Test("ForEach over Identifiable elements identifies each child by the element's id")
  func forEachIdentifiable() {
    let cards = [Card(id: "x"), Card(id: "y")]
    let tree = CompositionTree {
      Slot("cards", layout: .stack(axis: .vertical, spacing: 8)) {
        Child { HeaderViewController() }
        ForEach(cards) { card in
          Child {
            RowViewController()
          } update: { _ in
            _ = card
          }
        }
      }
    }
    #expect(
      identities(tree, "cards") == [
        "'cards' 0 HeaderViewController",
        "'cards' 1.#\"x\" RowViewController",
        "'cards' 1.#\"y\" RowViewController",
      ])
  }

  @Test("ForEach over a key path identifies each child by that key, then by statement")
  func forEachKeyPath() {
    let people = [Person(name: "Ada"), Person(name: "Grace")]
    let numbers = [3, 1]
    let tree = CompositionTree {
      Slot("people", layout: .stack(axis: .vertical)) {
        ForEach(people, id: \.name) { _ in
          Child { HeaderViewController() }
          Child { RowViewController() }
        }
      }
      Slot("numbers", layout: .stack(axis: .horizontal)) {
        ForEach(numbers, id: \.self) { _ in
          Child { RowViewController() }
        }
      }
    }
    #expect(
      identities(tree, "people") == [
        "'people' #\"Ada\".0 HeaderViewController",
        "'people' #\"Ada\".1 RowViewController",
        "'people' #\"Grace\".0 HeaderViewController",
        "'people' #\"Grace\".1 RowViewController",
      ])
    #expect(
      identities(tree, "numbers") == [
        "'numbers' #3 RowViewController", "'numbers' #1 RowViewController",
      ])
  }

  @Test(
    "EnvironmentReader builds its children from the environment in effect at its position",
    arguments: [
      (SizeClass.compact, "'content' first ListViewController"),
      (SizeClass.regular, "'content' second DetailViewController"),
    ])
  func environmentReader(sizeClass: SizeClass, expected: String) {
    var environment = EnvironmentValues()
    environment.sizeClass = sizeClass
    let fromTop = CompositionTree(environment: environment) {
      Slot("content") {
        EnvironmentReader { environment in
          if environment.sizeClass == .compact {
            Child { ListViewController() }
          } else {
            Child { DetailViewController() }
          }
        }
      }
    }
    let fromModifier = CompositionTree {
      Slot("content") {
        EnvironmentReader { environment in
          if environment.sizeClass == .compact {
            Child { ListViewController() }
          } else {
            Child { DetailViewController() }
          }
        }
        .environment(\.sizeClass, sizeClass)
      }
    }
    #expect(identities(fromTop, "content") == [expected])
    #expect(identities(fromModifier, "content") == [expected])
  }

  @Test("A composition used in a container contributes its slots where it is declared")
  func compositionInContainer() {
    let tree = CompositionTree {
      Slot("header") { Child { HeaderViewController() } }
      Sidebar()
    }
    #expect(tree.slotNames == ["header", "sidebar"])
    #expect(
      tree.description == """
        slot 'header' fill
          HeaderViewController
        slot 'sidebar' frame(0 0 320 800)
          ListViewController
        """)
  }

  @Test("A composition nested in another resolves exactly like the same slots written inline")
  func nestedComposition() {
    let showsDetail = true
    let nested = CompositionTree { SplitScreen(showsDetail: showsDetail) }
    let inline = CompositionTree {
      Slot("sidebar", layout: .frame(CGRect(x: 0, y: 0, width: 320, height: 800))) {
        Child { ListViewController() }
      }
      Slot("detail") {
        if showsDetail {
          Child { DetailViewController() }
        }
      }
    }
    #expect(
      nested.description == """
        slot 'sidebar' frame(0 0 320 800)
          ListViewController
        slot 'detail' fill
          some DetailViewController
        """)
    #expect(nested.description == inline.description)
    #expect(inline.reconcile(to: nested).plan.steps.isEmpty)
  }

  @Test("A composition reused by two containers gives both the same slot and identities")
  func compositionReused() {
    let first = CompositionTree {
      Slot("header") { Child { HeaderViewController() } }
      Sidebar()
    }
    let second = CompositionTree {
      Sidebar()
      Slot("footer", layout: .stack(axis: .horizontal, spacing: 4)) {
        Child { RowViewController() }
      }
    }
    #expect(first.children(in: "sidebar") == second.children(in: "sidebar"))
    #expect(identities(second, "sidebar") == ["'sidebar' ListViewController"])
    #expect(
      second.description == """
        slot 'sidebar' frame(0 0 320 800)
          ListViewController
        slot 'footer' stack(horizontal, 4)
          RowViewController
        """)
    // The sidebar's part of each dump is the same text.
    let sidebar = "slot 'sidebar' frame(0 0 320 800)\n  ListViewController"
    #expect(first.description.hasSuffix("\n" + sidebar))
    #expect(second.description.hasPrefix(sidebar + "\n"))
  }

  @Test("The tree dump lists each slot's layout, then each child's position, type, id and lifetime")
  func treeDump() {
    let loaded = true
    let tree = CompositionTree {
      Slot("header", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 44))) {
        Child { HeaderViewController() }
      }
      Slot("content") {
        if loaded {
          Child { ListViewController() }
        } else {
          Child { SpinnerViewController() }
        }
        Child { DetailViewController() }.id(7).lifetime(.keepAlive)
        Child { RowViewController() }.lifetime(.keepAlive(evictOnMemoryWarning: false))
      }
      Slot("empty") {}
    }
    #expect(
      tree.description == """
        slot 'header' frame(0 0 390 44)
          HeaderViewController
        slot 'content' fill
          0.first ListViewController
          1 DetailViewController id 7 keepAlive
          2 RowViewController keepAlive(evictOnMemoryWarning: false)
        slot 'empty' fill
        """)
    #expect(identities(tree, "missing").isEmpty)
    #expect(tree.hiddenChildren(in: "content").isEmpty)
  }

  @Test("Building a declaration runs no factory, no update, no composition body and no reader")
  func buildingCreatesNothing() {
    let calls = CallCounter()
    let content = CompositionContent.declared {
      CountingScreen(calls: calls, loaded: true)
      Slot("extra") {
        Child { () -> DetailViewController in
          calls.makes += 1
          return DetailViewController()
        } update: { _ in
          calls.updates += 1
        }
      }
    }
    _ = content
    #expect(calls.makes == 0)
    #expect(calls.updates == 0)
    #expect(calls.bodies == 0)
    #expect(calls.readers == 0)
  }

  @Test("Resolving and planning run bodies and readers once each, and never a factory or update")
  func resolvingAndPlanningCreateNothing() {
    let calls = CallCounter()
    let empty = CompositionTree {}
    let loading = CompositionTree { CountingScreen(calls: calls, loaded: false) }
    #expect(calls.bodies == 1)
    #expect(calls.readers == 1)
    let loaded = CompositionTree { CountingScreen(calls: calls, loaded: true) }
    let loadedAgain = CompositionTree { CountingScreen(calls: calls, loaded: true) }
    #expect(calls.bodies == 3)
    #expect(calls.readers == 3)

    let first = empty.reconcile(to: loading)
    let second = first.tree.reconcile(to: loaded)
    let third = second.tree.reconcile(to: loadedAgain)
    _ = Plan(
      from: CountingScreen(calls: calls, loaded: false),
      to: CountingScreen(calls: calls, loaded: true))

    // The plans ask for additions and updates, but planning performs none of them.
    #expect(first.plan.summary.additions == 2)
    #expect(second.plan.summary.additions == 1)
    // The kept header's update, and the new list's initial one (make, update, add).
    #expect(second.plan.summary.updates == 2)
    #expect(
      third.plan.description == """
        update 'content' 0.first ListViewController
        update 'content' 1 HeaderViewController
        """)
    #expect(calls.makes == 0)
    #expect(calls.updates == 0)
  }
}
