import Compose
import Foundation
import Testing

// The code of the DocC catalog's articles (Sources/Compose/Compose.docc), compiled as written;
// the suite "Documentation code" checks that each sample's lines are here. Each article's code
// lives in a namespace that declares what the article leaves out.

/// The articles' declarations, apart from the other tests' controllers of the same names.
private enum Articles {
  // MARK: - Controllers the articles use

  struct Message: Identifiable {
    let id: Int
  }

  struct Item: Identifiable {
    let id: Int
  }

  struct User {}

  protocol DetailDelegate: AnyObject {}

  final class MessageRowViewController: UIViewController {
    var message: Message?
  }

  final class MessageViewController: UIViewController {
    init(id: Message.ID) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
  }

  final class EmptyViewController: UIViewController {}
  final class FeedViewController: UIViewController {}
  final class SearchViewController: UIViewController {}
  final class PlayerViewController: UIViewController {}
  final class SpinnerViewController: UIViewController {}
  final class ListViewController: UIViewController {}

  final class DetailViewController: UIViewController {
    var item: Item?
    var user: User?
    weak var delegate: (any DetailDelegate)?

    init() { super.init(nibName: nil, bundle: nil) }

    init(_ item: Item) {
      self.item = item
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
  }

  // MARK: - Compose (the landing page) and ComposingAContainer

  enum InboxArticle {
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

    final class InboxViewController: UIViewController {
      var messages: [Message] = [] {
        didSet { composer.setNeedsCompose() }
      }

      var selection: Message.ID? {
        didSet { composer.setNeedsCompose() }
      }

      lazy var composer = Composer(container: self) { [unowned self] in
        Inbox(messages: messages, selection: selection)
      }

      override func viewDidLoad() {
        super.viewDidLoad()
        composer.setNeedsCompose()
      }

      override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        composer.composeIfNeeded()
      }

      #if !os(tvOS) && !os(visionOS)
      override var childForStatusBarStyle: UIViewController? {
        composer.primaryChild(for: .statusBar)
      }
      #endif

      override func preferredContentSizeDidChange(
        forChildContentContainer container: any UIContentContainer
      ) {
        super.preferredContentSizeDidChange(forChildContentContainer: container)
        composer.preferredContentSizeDidChange(forChild: container)
      }
    }
  }

  // MARK: - ChildLifetimes

  enum LifetimesArticle {
    enum Tab {
      case feed, search
    }

    @MainActor static func tabs(selectedTab: Tab) -> Slot {
      Slot("tab") {
        switch selectedTab {
        case .feed: Child { FeedViewController() }.lifetime(.keepAlive)
        case .search: Child { SearchViewController() }.lifetime(.keepAlive)
        }
      }
    }

    @MainActor static func eagerTabs(selectedTab: Tab) -> Slot {
      Slot("tab") {
        Child { FeedViewController() }.lifetime(.eager).hidden(selectedTab != .feed)
        Child { SearchViewController() }.lifetime(.eager).hidden(selectedTab != .search)
      }
      .transition(.cut)
    }

    @MainActor static func player() -> Slot {
      Slot("player") {
        Child { PlayerViewController() }
          .lifetime(.keepAlive(evictOnMemoryWarning: false))
      }
    }
  }

  // MARK: - PredictingIdentity

  enum IdentityArticle {
    @MainActor static func content(isLoading: Bool) -> Slot {
      Slot("content") {
        if isLoading {
          Child { SpinnerViewController() }  // 'content' first SpinnerViewController
        } else {
          Child { ListViewController() }  // 'content' second ListViewController
        }
      }
    }

    @MainActor static func detail(item: Item) -> Slot {
      Slot("detail") {
        Child {
          DetailViewController()
        } update: {
          $0.item = item
        }
      }
    }

    @MainActor static func detailWithID(item: Item) -> Slot {
      Slot("detail") {
        Child { DetailViewController(item) }.id(item.id)
      }
    }
  }

  // MARK: - TransitionsAndInterruptions

  enum TransitionsArticle {
    @MainActor static func content(selection: Item?) -> Slot {
      Slot("content") {
        if let item = selection {
          Child { DetailViewController(item) }.id(item.id)
        } else {
          Child { EmptyViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }

    @MainActor final class SelectionModel {
      var selection: Int?
    }

    final class MailScreen: ComposedViewController {
      var selection: Int? {
        didSet { setNeedsCompose() }
      }
    }

    @MainActor static func restore(
      _ restoredSelection: Int?, in model: SelectionModel, composer: Composer
    ) {
      composer.withoutAnimation {
        model.selection = restoredSelection
      }
    }

    @MainActor static func open(_ message: Message, in screen: MailScreen) async {
      screen.selection = message.id
      await screen.composer.settled()
    }

    @MainActor static func cutShort(selection: Item) -> Slot {
      Slot("content") { Child { DetailViewController(selection) }.id(selection.id) }
        .transition(.slide(from: .trailing))
        .interruption(.cutShort)
    }
  }

  // MARK: - PassingDataToChildren

  enum DataFlowArticle {
    struct Message: Identifiable, Equatable {
      let id: Int
      var subject = ""
    }

    final class MessageViewController: UIViewController {
      var message: Message?
    }

    final class MessageRowViewController: UIViewController {
      var message: Message?
    }

    final class PlayerViewController: UIViewController {
      private(set) var isPaused = false
      func pause() { isPaused = true }
    }

    final class SettingsViewController: ComposedViewController {}

    final class MailContainer: ComposedViewController {
      var selection: Int? {
        didSet { setNeedsCompose() }
      }
    }

    enum ThemeKey: EnvironmentKey {
      static let defaultValue = "light"
    }

    @MainActor static func detail(selectedMessage: Message?) -> Slot {
      Slot("detail") {
        Child {
          MessageViewController()
        } update: { detail in
          detail.message = selectedMessage
        }
      }
    }

    @MainActor static func rows(_ messages: [Message]) -> Slot {
      Slot("rows") {
        ForEach(messages) { message in
          Child(input: message) {
            MessageRowViewController()
          } update: { row, message in
            row.message = message
          }
        }
      }
    }

    @MainActor static func skippingRows(_ messages: [Message]) -> Slot {
      Slot("rows") {
        ForEach(messages, skipsUnchangedElements: true) { message in
          Child {
            MessageRowViewController()
          } update: { row in
            row.message = message
          }
        }
      }
    }

    struct Folder: Identifiable, Equatable {
      let id: Int
      var name = ""
    }

    final class FolderRowViewController: UIViewController {
      var folder: Folder?
    }

    struct MailScreen: Composition {
      var folders: [Folder]
      var messages: [Message]

      var body: CompositionContent {
        FolderList(folders: folders).equatable()
        MessageList(messages: messages).equatable()
      }
    }

    struct FolderList: Composition, Equatable {
      var folders: [Folder]

      var body: CompositionContent {
        Slot("folders") {
          ForEach(folders) { folder in
            Child {
              FolderRowViewController()
            } update: { row in
              row.folder = folder
            }
          }
        }
      }
    }

    struct MessageList: Composition, Equatable {
      var messages: [Message]

      var body: CompositionContent {
        DataFlowArticle.rows(messages)
      }
    }

    @MainActor static func handles() -> (Slot, () -> Void) {
      let player = ChildHandle<PlayerViewController>()

      // in the declaration
      let slot = Slot("player") {
        Child { PlayerViewController() }.handle(player)
      }

      // later
      func later() {
        player.controller?.pause()
      }
      return (slot, later)
    }

    @MainActor static func open(_ message: Message, in container: MailContainer) async {
      container.selection = message.id
      await container.composer.settled()
    }

    @MainActor static func nested(theme: String) -> CompositionContent {
      Slot("content") { Child { SettingsViewController() } }  // a ComposedViewController
        .environment(\.theme, theme)
    }
  }

  // MARK: - Guarantees

  enum GuaranteesArticle {
    final class ProfileViewController: ComposedViewController, DetailDelegate {
      var user = User()

      @CompositionBuilder override var composition: CompositionContent {
        Slot("detail") {
          Child { () -> DetailViewController in
            let detail = DetailViewController()
            detail.delegate = self
            return detail
          } update: {
            $0.user = self.user
          }
        }
      }
    }

    final class ManualContainer: UIViewController {
      lazy var composer = Composer(container: self) { [unowned self] in
        Slot("content") {
          Child {
            DetailViewController()
          } update: {
            $0.user = self.user
          }
        }
      }
      var user = User()

      override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

      override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        composer.forwardBeginAppearanceTransition(true, animated: animated)
      }

      override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        composer.forwardEndAppearanceTransition()
      }
    }
  }

  // MARK: - TestingReconciliation

  enum TestingArticle {
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
}

private typealias Screen = Articles.TestingArticle.Screen
private typealias TabsScreen = Articles.TestingArticle.TabsScreen

// MARK: - Tests

@MainActor
@Suite("Article examples")
struct ArticleExamplesTests {
  @MainActor
  @Test func loadingReplacesTheSpinner() {
    let plan = Plan(from: Screen(isLoading: true), to: Screen(isLoading: false))
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

  @Test("TestingReconciliation: sequences of state, alone and against the mounted tree")
  func sequencesOfState() {
    var mounted = CompositionTree { TabsScreen(selected: 0) }
    let first = mounted.reconcile(to: CompositionTree { TabsScreen(selected: 1) })
    mounted = first.tree  // hidden kept-alive tabs are part of the mounted tree
    let back = mounted.reconcile(to: CompositionTree { TabsScreen(selected: 0) })
    #expect(back.plan.summary.attachments == 1)

    let next = CompositionTree(TabsScreen(selected: 0).compositionContent, mounted: mounted)
    #expect(mounted.reconcile(to: next).plan == back.plan)
  }

  @Test("PredictingIdentity: the branches' identities are the ones in the comments")
  func branches() {
    #expect(
      CompositionTree { Articles.IdentityArticle.content(isLoading: true) }.children(in: "content")
        .map(\.description) == ["'content' first SpinnerViewController"])
    #expect(
      CompositionTree { Articles.IdentityArticle.content(isLoading: false) }.children(in: "content")
        .map(\.description) == ["'content' second ListViewController"])
  }

  @Test("PredictingIdentity: a new item updates in place, unless the child has the item's id")
  func samePlace() {
    let update = Plan(
      from: Articles.IdentityArticle.detail(item: Articles.Item(id: 1)),
      to: Articles.IdentityArticle.detail(item: Articles.Item(id: 2))
    )
    #expect(update.summary.updates == 1 && !update.changesHierarchy)
    let replace = Plan(
      from: Articles.IdentityArticle.detailWithID(item: Articles.Item(id: 1)),
      to: Articles.IdentityArticle.detailWithID(item: Articles.Item(id: 2)))
    #expect(replace.summary.additions == 1 && replace.summary.removals == 1)
  }

  @Test("ChildLifetimes: switching tabs detaches the kept-alive one")
  func lifetimes() {
    let plan = Plan(
      from: Articles.LifetimesArticle.tabs(selectedTab: .feed),
      to: Articles.LifetimesArticle.tabs(selectedTab: .search))
    #expect(plan.summary.detachments == 1)
    #expect(
      CompositionTree { Articles.LifetimesArticle.player() }.description.contains(
        "keepAlive(evictOnMemoryWarning: false)"))
  }

  @Test("PassingDataToChildren: an equal input plans no update, a kept child's update runs")
  func dataFlow() {
    typealias Article = Articles.DataFlowArticle
    let messages = [Article.Message(id: 1), Article.Message(id: 2)]
    #expect(Plan(from: Article.rows(messages), to: Article.rows(messages)).summary.updates == 0)
    let detail = Plan(
      from: Article.detail(selectedMessage: nil),
      to: Article.detail(selectedMessage: Article.Message(id: 1)))
    #expect(detail.summary.updates == 1)
    // A list that skips unchanged elements updates the changed one only.
    var edited = messages
    edited[1].subject = "Re: lunch"
    #expect(
      Plan(from: Article.skippingRows(messages), to: Article.skippingRows(edited)).summary.updates
        == 1)
    #expect(
      Plan(from: Article.skippingRows(messages), to: Article.skippingRows(messages)).summary
        .updates == 0)
    // A new message leaves the folder list standing: its rows are not compared at all.
    let folders = [Article.Folder(id: 1), Article.Folder(id: 2)]
    let before = CompositionTree(Article.MailScreen(folders: folders, messages: messages).body)
    let after = CompositionTree(
      Article.MailScreen(folders: folders, messages: messages + [Article.Message(id: 3)]).body,
      mounted: before)
    let plan = before.reconcile(to: after).plan
    #expect(plan.summary.additions == 1)
    // Evaluated, the folder list's body would plan an update for each of its rows.
    #expect(plan.steps.allSatisfy { $0.child.slot == "rows" })
    #expect(after.children(in: "folders") == before.children(in: "folders"))
  }

  @Test("TransitionsAndInterruptions: a different item is a swap with the slot's transition")
  func transitions() {
    let plan = Plan(
      from: Articles.TransitionsArticle.content(selection: nil),
      to: Articles.TransitionsArticle.content(selection: Articles.Item(id: 1)))
    #expect(plan.summary.swaps == 1)
    let cut = Plan(
      from: Articles.TransitionsArticle.cutShort(selection: Articles.Item(id: 1)),
      to: Articles.TransitionsArticle.cutShort(selection: Articles.Item(id: 2)))
    #expect(cut.summary.swaps == 1)
  }

  @Test("Compose landing page: selecting a message swaps the detail and updates the rows")
  func inbox() {
    let messages = [Articles.Message(id: 1), Articles.Message(id: 2)]
    let plan = Plan(
      from: Articles.InboxArticle.Inbox(messages: messages, selection: nil),
      to: Articles.InboxArticle.Inbox(messages: messages, selection: 2))
    #expect(plan.summary.swaps == 1 && plan.summary.updates == 2)
  }
}

extension EnvironmentValues {
  fileprivate var theme: String {
    get { self[Articles.DataFlowArticle.ThemeKey.self] }
    set { self[Articles.DataFlowArticle.ThemeKey.self] = newValue }
  }
}
