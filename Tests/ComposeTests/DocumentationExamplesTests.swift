import Compose
import Foundation
import Testing

// The code examples of the `///` comments of the public DSL types, compiled as written. Each
// example lives in a namespace that declares the controllers and values it uses, so that its
// code reads exactly as in the documentation; what the documentation leaves out (the types, the
// enclosing composition) is declared minimally around it.

// MARK: - Shared declarations

/// `Theme` and its environment key, from `EnvironmentKey`'s documentation.
private enum Theme: Sendable {
  case standard, dark
}

/// From `EnvironmentKey`'s documentation.
private struct ThemeKey: EnvironmentKey {
  static let defaultValue = Theme.standard
}

extension EnvironmentValues {
  fileprivate var theme: Theme {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}

private struct CompactKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  fileprivate var isCompact: Bool {
    get { self[CompactKey.self] }
    set { self[CompactKey.self] = newValue }
  }
}

/// An item with an id, for the examples that select one.
private struct Item: Identifiable, Sendable {
  let id: Int
}

/// Wraps children in a slot, for examples that show only a slot's content.
@MainActor
private func slot(_ name: String, @SlotBuilder _ content: () -> SlotContent) -> Slot {
  Slot(name, content: content)
}

// MARK: - Examples

/// `Child`.
private enum ChildExample {
  final class DetailViewController: UIViewController {
    var item: String?
  }

  @MainActor static func declaration(selectedItem: String) -> Slot {
    Slot("detail") {
      Child {
        DetailViewController()
      } update: { detail in
        detail.item = selectedItem
      }
    }
  }
}

/// `Child.init(make:update:)` with the environment, and `SlotComponent.environment(_:_:)`.
private enum ChildEnvironmentExample {
  final class ProfileViewController: UIViewController {
    var theme = Theme.standard
  }

  @MainActor static func declaration() -> Slot {
    slot("profile") {
      Child {
        ProfileViewController()
      } update: { profile, environment in
        profile.theme = environment.theme
      }
    }
  }

  @MainActor static func declarationWithTheme() -> Slot {
    slot("profile") {
      Child {
        ProfileViewController()
      } update: { profile, environment in
        profile.theme = environment.theme
      }
      .environment(\.theme, .dark)
    }
  }
}

/// `Child.id(_:)`.
private enum IDExample {
  struct Conversation {
    let id: Int
  }

  final class ConversationViewController: UIViewController {
    init(id: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
  }

  @MainActor static func declaration(conversation: Conversation) -> Slot {
    slot("conversation") {
      Child { ConversationViewController(id: conversation.id) }
        .id(conversation.id)
    }
  }
}

/// `Child.transition(_:)`.
private enum ChildTransitionExample {
  final class LoadedViewController: UIViewController {
    let items: [String]
    init(_ items: [String]) {
      self.items = items
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
  }

  @MainActor static func declaration(items: [String]?) -> Slot {
    slot("content") {
      if let items {
        Child { LoadedViewController(items) }
          .transition(.crossDissolve(duration: 0.25))
      } else {
        Child { SpinnerViewController() }
      }
    }
  }
}

/// `Child.lifetime(_:)`.
private enum LifetimeExample {
  final class SettingsViewController: UIViewController {}

  @MainActor static func declaration(showsSettings: Bool) -> Slot {
    slot("tabs") {
      if showsSettings {
        Child { SettingsViewController() }
          .lifetime(.keepAlive)
      } else {
        Child { ListViewController() }
      }
    }
  }
}

/// `Composition`.
private enum CompositionExample {
  final class ItemListViewController: UIViewController {
    var items: [Item] = []
  }

  final class ItemViewController: UIViewController {
    let item: Item
    init(_ item: Item) {
      self.item = item
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
  }

  struct MasterDetail: Composition {
    var items: [Item]
    var selection: Item?

    var body: CompositionContent {
      Slot("master", layout: .frame(CGRect(x: 0, y: 0, width: 320, height: 800))) {
        Child {
          ItemListViewController()
        } update: {
          $0.items = items
        }
      }
      Slot("detail") {
        if let selection {
          Child { ItemViewController(selection) }.id(selection.id)
        }
      }
    }
  }
}

/// `Slot`.
private enum SlotExample {
  final class DetailViewController: UIViewController {
    var item: Item
    init(_ item: Item) {
      self.item = item
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
  }

  final class EmptyStateViewController: UIViewController {}

  struct Screen: Composition {
    let headerArea: UIView
    var selection: Item?

    var body: CompositionContent {
      Slot("header", in: headerArea, layout: .fill) {
        Child { HeaderViewController() }
      }
      Slot("content") {
        if let item = selection {
          Child {
            DetailViewController(item)
          } update: {
            $0.item = item
          }
        } else {
          Child { EmptyStateViewController() }
        }
      }
      .transition(.crossDissolve())
    }
  }
}

/// `Group`.
private enum GroupExample {
  final class BodyViewController: UIViewController {}

  @MainActor static func declaration() -> Slot {
    slot("article") {
      Group {
        Child { HeaderViewController() }
        Child { BodyViewController() }
      }
      .environment(\.theme, .dark)
    }
  }
}

/// `ForEach`.
private enum ForEachExample {
  struct Card: Identifiable {
    let id: String
  }

  final class CardViewController: UIViewController {
    var card: Card
    init(_ card: Card) {
      self.card = card
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
  }

  @MainActor static func declaration(cards: [Card]) -> Slot {
    Slot("cards", layout: .stack(axis: .vertical, spacing: 8)) {
      ForEach(cards) { card in
        Child {
          CardViewController(card)
        } update: {
          $0.card = card
        }
      }
    }
  }
}

/// `EnvironmentReader`.
private enum EnvironmentReaderExample {
  final class CompactViewController: UIViewController {}
  final class RegularViewController: UIViewController {}

  @MainActor static func declaration() -> Slot {
    slot("content") {
      EnvironmentReader { environment in
        if environment.isCompact {
          Child { CompactViewController() }
        } else {
          Child { RegularViewController() }
        }
      }
    }
  }
}

/// `Plan`: `Screen` is not shown in the documentation; this is the natural reading of
/// `Screen(isLoading:)`, as in the PredictingIdentity article: the spinner in the `if` branch.
private enum PlanExample {
  struct Screen: Composition {
    var isLoading: Bool

    var body: CompositionContent {
      Slot("content") {
        if isLoading {
          Child { SpinnerViewController() }
        } else {
          Child { ListViewController() }
        }
      }
    }
  }
}

/// The overview of the `Compose` documentation catalog.
private enum InboxExample {
  struct Message: Identifiable {
    let id: Int
  }

  final class MessageRowViewController: UIViewController {
    var message: Message?
  }

  final class MessageViewController: UIViewController {
    init(id: Message.ID) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
  }

  final class EmptyViewController: UIViewController {}

  struct Inbox: Composition {
    var messages: [Message]
    var selection: Message.ID?

    var body: CompositionContent {
      Slot("list", layout: .stack(axis: .vertical, spacing: 1)) {
        ForEach(messages) { message in
          Child {
            MessageRowViewController()
          } update: {
            $0.message = message
          }
        }
      }
      Slot("detail") {
        if let selection {
          Child { MessageViewController(id: selection) }.id(selection)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve())
    }
  }
}

/// The "Sequences of state" section of the TestingReconciliation article: its `TabsScreen`.
private enum TabsExample {
  struct TabsScreen: Composition {
    var selected: Int

    var body: CompositionContent {
      Slot("tabs") {
        if selected == 0 {
          Child { ListViewController() }.lifetime(.keepAlive)
        } else {
          Child { DetailViewController() }.lifetime(.keepAlive)
        }
      }
    }
  }
}

/// The `Screen` of the `Plan`, `Plan.init(from:to:)` and `CompositionTree` examples and of the
/// TestingReconciliation article: a spinner while loading, then a list.
private enum LoadingExample {
  struct Screen: Composition {
    var isLoading: Bool

    var body: CompositionContent {
      Slot("content") {
        if isLoading {
          Child { SpinnerViewController() }
        } else {
          Child { ListViewController() }
        }
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Documentation examples")
struct DocumentationExamples {
  @Test(
    "Child: the factory makes the child once and its update runs before it is added, then at every application"
  )
  func child() {
    #expect(
      Plan(from: CompositionContent.empty, to: ChildExample.declaration(selectedItem: "a"))
        .description == """
          update 'detail' DetailViewController
          add-child 'detail' DetailViewController
          insert-view 'detail' DetailViewController at 0
          layout 'detail' DetailViewController fill
          did-move 'detail' DetailViewController
          """)
    #expect(
      Plan(
        from: ChildExample.declaration(selectedItem: "a"),
        to: ChildExample.declaration(selectedItem: "b")
      ).description == """
        update 'detail' DetailViewController
        """)
  }

  @Test("Child with environment, and environment(_:_:) on a child: updated in place")
  func childEnvironment() {
    #expect(
      Plan(
        from: ChildEnvironmentExample.declaration(),
        to: ChildEnvironmentExample.declarationWithTheme()
      ).description == """
        update 'profile' ProfileViewController
        """)
  }

  @Test("Child.id(_:): a new conversation replaces the controller")
  func childID() {
    let first = IDExample.declaration(conversation: .init(id: 1))
    let second = IDExample.declaration(conversation: .init(id: 2))
    #expect(Plan(from: first, to: first).steps.isEmpty)
    #expect(
      Plan(from: first, to: second).description == """
        will-move-to-nil 'conversation' ConversationViewController id 1
        remove-view 'conversation' ConversationViewController id 1
        remove-from-parent 'conversation' ConversationViewController id 1
        add-child 'conversation' ConversationViewController id 2
        insert-view 'conversation' ConversationViewController id 2 at 0
        layout 'conversation' ConversationViewController id 2 fill
        did-move 'conversation' ConversationViewController id 2
        """)
  }

  @Test("Child.transition(_:): the loaded child cross-dissolves in")
  func childTransition() {
    #expect(
      Plan(
        from: ChildTransitionExample.declaration(items: nil),
        to: ChildTransitionExample.declaration(items: ["a"])
      ).description == """
        swap 'content' second SpinnerViewController -> 'content' first LoadedViewController crossDissolve(0.25)
        """)
  }

  @Test("Child.lifetime(_:): settings are detached when hidden and attached when shown again")
  func childLifetime() {
    let shown = CompositionTree { LifetimeExample.declaration(showsSettings: true) }
    let leaving = CompositionTree {}.reconcile(to: shown).tree
      .reconcile(to: CompositionTree { LifetimeExample.declaration(showsSettings: false) })
    #expect(
      leaving.plan.description == """
        detach-view 'tabs' first SettingsViewController
        add-child 'tabs' second ListViewController
        insert-view 'tabs' second ListViewController at 0
        layout 'tabs' second ListViewController fill
        did-move 'tabs' second ListViewController
        """)
    let returning = leaving.tree.reconcile(to: shown).plan
    #expect(returning.summary.attachments == 1)
    #expect(returning.summary.additions == 0)
    #expect(returning.summary.removals == 1)
  }

  @Test("Composition: selecting an item updates the master and adds the detail")
  func composition() {
    let items = [Item(id: 1), Item(id: 2)]
    let plan = Plan(
      from: CompositionExample.MasterDetail(items: items, selection: nil),
      to: CompositionExample.MasterDetail(items: items, selection: items[1]))
    #expect(
      plan.description == """
        update 'master' ItemListViewController
        add-child 'detail' some ItemViewController id 2
        insert-view 'detail' some ItemViewController id 2 at 0
        layout 'detail' some ItemViewController id 2 fill
        did-move 'detail' some ItemViewController id 2
        """)
    #expect(
      CompositionTree { CompositionExample.MasterDetail(items: items, selection: items[0]) }
        .description == """
          slot 'master' frame(0 0 320 800)
            ItemListViewController
          slot 'detail' fill
            some ItemViewController id 1
          """)
  }

  @Test("Slot: a selection cross-dissolves the content; the anchored header stays")
  func slotExample() {
    let container = UIViewController()
    container.loadViewIfNeeded()
    let headerArea = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
    container.view.addSubview(headerArea)
    let empty = CompositionTree { SlotExample.Screen(headerArea: headerArea, selection: nil) }
    let selected = CompositionTree {
      SlotExample.Screen(headerArea: headerArea, selection: Item(id: 3))
    }
    let reconciliation = empty.reconcile(to: selected, in: container)
    #expect(reconciliation.plan.diagnostics.isEmpty)
    #expect(
      reconciliation.plan.description == """
        update 'content' first DetailViewController
        swap 'content' second EmptyStateViewController -> 'content' first DetailViewController crossDissolve(0.3)
        """)
  }

  @Test("SlotLayout: the fill with insets example")
  func slotLayout() {
    let plan = Plan(
      from: CompositionContent.empty,
      to: Slot("content", layout: .fill(insets: UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 0)))
      {
        Child { ListViewController() }
      })
    #expect(
      plan.description == """
        add-child 'content' ListViewController
        insert-view 'content' ListViewController at 0
        layout 'content' ListViewController fill(insets: 8 0 0 0)
        did-move 'content' ListViewController
        """)
  }

  @Test("Transition: the slot example swaps with a cross-dissolve")
  func transition() {
    func declaration(_ loaded: Bool) -> Slot {
      Slot("content") {
        if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    #expect(
      Plan(from: declaration(false), to: declaration(true)).description == """
        swap 'content' second SpinnerViewController -> 'content' first ListViewController crossDissolve(0.3)
        """)
  }

  @Test("Group: the grouped children are identified by their position in the group")
  func group() {
    let tree = CompositionTree { GroupExample.declaration() }
    #expect(
      tree.children(in: "article").map(\.description) == [
        "'article' 0 HeaderViewController", "'article' 1 BodyViewController",
      ])
  }

  @Test("ForEach: reordering cards moves one view and updates every card")
  func forEach() {
    let cards = [ForEachExample.Card(id: "a"), .init(id: "b"), .init(id: "c")]
    let plan = Plan(
      from: ForEachExample.declaration(cards: cards),
      to: ForEachExample.declaration(cards: [cards[2], cards[0], cards[1]]))
    #expect(
      plan.description == """
        move-view 'cards' #"c" CardViewController to 0
        update 'cards' #"c" CardViewController
        update 'cards' #"a" CardViewController
        update 'cards' #"b" CardViewController
        """)
  }

  @Test(
    "EnvironmentReader: compact and regular environments choose different children",
    arguments: [
      (true, "'content' first CompactViewController"),
      (false, "'content' second RegularViewController"),
    ])
  func environmentReader(isCompact: Bool, expected: String) {
    var environment = EnvironmentValues()
    environment.isCompact = isCompact
    let tree = CompositionTree(environment: environment) { EnvironmentReaderExample.declaration() }
    #expect(tree.children(in: "content").map(\.description) == [expected])
  }

  @Test("Plan: the documented plan from loading to loaded")
  func plan() {
    let plan = Plan(
      from: PlanExample.Screen(isLoading: true), to: PlanExample.Screen(isLoading: false))
    #expect(
      plan.description == """
        will-move-to-nil 'content' first SpinnerViewController
        remove-view 'content' first SpinnerViewController
        remove-from-parent 'content' first SpinnerViewController
        add-child 'content' second ListViewController
        insert-view 'content' second ListViewController at 0
        layout 'content' second ListViewController fill
        did-move 'content' second ListViewController
        """)
  }

  @Test("CompositionTree(_:environment:mounted:): unchanged plans nothing, a change the same")
  func resolvingAgainstMounted() {
    let mounted = CompositionTree(PlanExample.Screen(isLoading: false).compositionContent)
    let next = CompositionTree(
      PlanExample.Screen(isLoading: false).compositionContent, mounted: mounted)
    #expect(mounted.reconcile(to: next).plan.steps.isEmpty)
    #expect(next.description == mounted.description)

    // A change plans exactly what it plans when the declaration is resolved on its own.
    let loading = PlanExample.Screen(isLoading: true).compositionContent
    let alone = mounted.reconcile(to: CompositionTree(loading)).plan
    let shared = mounted.reconcile(to: CompositionTree(loading, mounted: mounted)).plan
    #expect(shared == alone)
    #expect(shared.summary.additions == 1 && shared.summary.removals == 1)
  }

  @Test("Compose overview: selecting a message swaps the detail and updates the rows")
  func inbox() {
    let messages = [InboxExample.Message(id: 1), .init(id: 2)]
    let plan = Plan(
      from: InboxExample.Inbox(messages: messages, selection: nil),
      to: InboxExample.Inbox(messages: messages, selection: 2))
    #expect(
      plan.description == """
        update 'list' #1 MessageRowViewController
        update 'list' #2 MessageRowViewController
        swap 'detail' second EmptyViewController -> 'detail' first MessageViewController id 2 crossDissolve(0.3)
        """)
  }

  @Test("TestingReconciliation: a sequence of states reconciles the returned tree each time")
  func sequencesOfState() {
    var mounted = CompositionTree { TabsExample.TabsScreen(selected: 0) }
    let first = mounted.reconcile(to: CompositionTree { TabsExample.TabsScreen(selected: 1) })
    mounted = first.tree  // hidden kept-alive tabs are part of the mounted tree
    let back = mounted.reconcile(to: CompositionTree { TabsExample.TabsScreen(selected: 0) })
    #expect(back.plan.summary.attachments == 1)

    // Resolved against the mounted tree, as a composer does: the same plan.
    let next = CompositionTree(
      TabsExample.TabsScreen(selected: 0).compositionContent, mounted: mounted)
    #expect(mounted.reconcile(to: next).plan == back.plan)
  }

  @Test("Plan, Plan.init(from:to:), TestingReconciliation: loading replaces the spinner")
  func planFromTo() {
    let plan = Plan(
      from: LoadingExample.Screen(isLoading: true), to: LoadingExample.Screen(isLoading: false))
    #expect(
      plan.description == """
        will-move-to-nil 'content' first SpinnerViewController
        remove-view 'content' first SpinnerViewController
        remove-from-parent 'content' first SpinnerViewController
        add-child 'content' second ListViewController
        insert-view 'content' second ListViewController at 0
        layout 'content' second ListViewController fill
        did-move 'content' second ListViewController
        """)
  }

  @Test("CompositionTree: resolving both states and reconciling them")
  func compositionTree() {
    let before = CompositionTree { LoadingExample.Screen(isLoading: true) }
    let after = CompositionTree { LoadingExample.Screen(isLoading: false) }
    #expect(
      "\(before.reconcile(to: after).plan)" == """
        will-move-to-nil 'content' first SpinnerViewController
        remove-view 'content' first SpinnerViewController
        remove-from-parent 'content' first SpinnerViewController
        add-child 'content' second ListViewController
        insert-view 'content' second ListViewController at 0
        layout 'content' second ListViewController fill
        did-move 'content' second ListViewController
        """)
  }
}
