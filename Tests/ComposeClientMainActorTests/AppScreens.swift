// An app's screens, written as app code is: model types without any isolation attribute, view
// controllers, compositions, a hand-made composer, the macros and a harness test. The same file is
// compiled by two test targets, with the settings of the two kinds of app module in use: Swift 6
// with default main-actor isolation and the approachable-concurrency features (Xcode 26's new
// app), and Swift 5 with complete concurrency checking. Both treat warnings as errors, so an API
// that needs a workaround under either fails their build.
import Compose
import ComposeTesting
import Observation
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// MARK: - Model

// No isolation written: a main-actor type under default isolation, nonisolated otherwise. Its
// `Hashable` and `Identifiable` conformances are isolated under default isolation.
struct Message: Identifiable, Hashable {
  let id: Int
  var subject: String
}

enum Mailbox: Hashable, CaseIterable {
  case inbox
  case archive
}

struct Theme: Equatable {
  var tint: String
}

struct OnboardingStep: Identifiable, Equatable {
  let id: Int
  let title: String
}

// MARK: - Constants

// An app's own transitions and layouts, named once, as a design system names them.
extension Transition {
  static let quickFade = Transition.crossDissolve(duration: 0.15)
  static let cardFlip = Transition.custom(duration: 0.4) { from, to, _ in
    from.alpha = 0
    to.alpha = 1
  }
}

extension SlotLayout {
  static let header = SlotLayout.frame(CGRect(x: 0, y: 0, width: 390, height: 120))
  static let pinned = SlotLayout.custom { child, anchor in child.frame = anchor.bounds }
}

// MARK: - Environment

private struct ThemeKey: EnvironmentKey {
  static let defaultValue = Theme(tint: "blue")
}

extension EnvironmentValues {
  var theme: Theme {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}

// An object of the app's, made on the main actor.
@MainActor
final class Router {
  var opened: [Message.ID]

  init() {
    opened = []
  }
}

#if Macros
extension EnvironmentValues {
  @Entry var accentName: String = "blue"
  @Entry var signedInUser: String?
  // A default made on the main actor: outside default main-actor isolation the property says so.
  @MainActor @Entry var router: Router = Router()
}
#endif

// MARK: - Children

final class MessageViewController: UIViewController {
  var message: Message?
  var tint = ""
  var onArchive: () -> Void = {}
}

final class MessageListViewController: UIViewController {
  var messages: [Message] = []
  var onOpen: (Message.ID) -> Void = { _ in }
}

final class BannerViewController: UIViewController {
  var text = ""
}

// MARK: - A composition

struct MessagesComposition: Composition {
  var messages: [Message]
  var selection: Message.ID?
  var mailbox: Mailbox
  var theme: Theme
  let detail: ChildHandle<MessageViewController>

  var body: CompositionContent {
    Slot("list") {
      ForEach(messages) { message in
        Child(input: message) {
          MessageViewController()
        } update: { controller, message in
          controller.message = message
        }
        .lifetime(.whileShown)
      }
    }
    Slot("detail") {
      if let selection, let message = messages.first(where: { $0.id == selection }) {
        Child {
          MessageViewController()
        } update: { controller, environment in
          controller.message = message
          controller.tint = environment.theme.tint
        }
        .id(selection)
        .handle(detail)
        .transition(.quickFade)
      }
    }
    .transition(.cardFlip)
    Slot("banner", layout: .header) {
      switch mailbox {
      case .inbox:
        Child {
          BannerViewController()
        } update: {
          $0.text = "inbox"
        }.lifetime(.keepAlive)
      case .archive:
        EnvironmentReader { environment in
          Child {
            BannerViewController()
          } update: {
            $0.text = environment.theme.tint
          }
        }
      }
    }
    .environment(\.theme, theme)
  }
}

// MARK: - Containers

final class InboxViewController: ComposedViewController {
  var messages: [Message] = [] {
    didSet { setNeedsCompose() }
  }
  var selection: Message.ID? {
    didSet { setNeedsCompose() }
  }
  var mailbox = Mailbox.inbox {
    didSet { setNeedsCompose() }
  }
  var theme = Theme(tint: "green")
  let detail = ChildHandle<MessageViewController>()

  @CompositionBuilder override var composition: CompositionContent {
    MessagesComposition(
      messages: messages, selection: selection, mailbox: mailbox, theme: theme, detail: detail
    )
    .environment(\.theme, theme)
  }
}

final class HandComposedViewController: UIViewController {
  var title2: String? {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("banner", layout: .pinned) {
      if let title2 {
        Child {
          BannerViewController()
        } update: {
          $0.text = title2
        }
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

final class MailTabBarController: ComposedTabBarController {
  var selected = Mailbox.inbox
  var paths: [Mailbox: [Message]] = [:]

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(Mailbox.allCases, id: \.self, selection: selected) { mailbox in
      Child { MailboxNavigationController(mailbox: mailbox, path: self.paths[mailbox] ?? []) }
    }
    .onSelect { self.selected = $0 }
  }
}

final class MailboxNavigationController: ComposedNavigationController {
  let mailbox: Mailbox
  var path: [Message]
  var editing: Message?

  init(mailbox: Mailbox, path: [Message]) {
    self.mailbox = mailbox
    self.path = path
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: path) {
      Child {
        MessageListViewController()
      } update: { list in
        list.onOpen = { id in self.path.append(Message(id: id, subject: "")) }
      }
    } destination: { message in
      Child(input: message) {
        MessageViewController()
      } update: {
        $0.message = $1
      }
    }
    .onPop { self.path = $0 }
    Presentation("editor", item: editing) { message in
      Child {
        MessageViewController()
      } update: {
        $0.message = message
      }
    }
    .onDismiss { self.editing = nil }
  }
}

final class OnboardingViewController: ComposedPageViewController {
  var steps = [OnboardingStep(id: 0, title: "Hello"), OnboardingStep(id: 1, title: "Done")]
  var current = 0

  @CompositionBuilder override var composition: CompositionContent {
    Pages(steps, selection: current) { step in
      Child(input: step.title) {
        BannerViewController()
      } update: {
        $0.text = $1
      }
    }
    .onSelect { self.current = $0 }
  }
}

#if Macros
@Composed
final class ProfileViewController: UIViewController {
  var name: String? {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder var body: CompositionContent {
    Slot("header") {
      EnvironmentReader { environment in
        Child {
          BannerViewController()
        } update: {
          $0.text = environment.accentName
        }
      }
    }
    .environment(\.accentName, "green")
    .environment(\.signedInUser, name)
    Slot("content") {
      if let name {
        Child {
          BannerViewController()
        } update: {
          $0.text = name
        }.id(name)
      }
    }
  }
}

@Composed
final class ReaderViewController: UIViewController {
  var opened = 0

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composeViewWillAppear(animated)
    opened += 1
  }

  @CompositionBuilder var body: CompositionContent {
    content()
  }

  @CompositionBody
  func content() -> CompositionContent {
    Slot("page") { Child { BannerViewController() } }
    Slot("footer") {
      ForEach([1, 2, 3], id: \.self) { number in
        Child {
          BannerViewController()
        } update: {
          $0.text = "\(number)"
        }
      }
    }
  }
}
#endif

// MARK: - Tests

#if !canImport(UIKit)
@MainActor
@Suite(.isolatedModel)
struct AppScreenTests {
  @Test func anInboxShowsItsMessagesAndTheSelectedOne() async {
    let inbox = InboxViewController()
    inbox.messages = [Message(id: 1, subject: "Hi"), Message(id: 2, subject: "Bye")]
    inbox.selection = 2
    let harness = await ContainerHarness(showing: inbox, name: "inbox")

    let shown = inbox.children.compactMap { ($0 as? MessageViewController)?.message?.id }
    #expect(shown == [1, 2, 2])
    #expect(inbox.detail.controller?.tint == "green")
    #expect(harness.name(of: inbox.children[3]) == "banner.BannerViewController")
    harness.expectInvariants()
  }

  @Test func aHandMadeComposerShowsItsChild() async {
    let screen = HandComposedViewController()
    screen.title2 = "Title"
    let harness = await ContainerHarness(showing: screen, composer: screen.composer, name: "screen")

    #expect(screen.children.map { ($0 as? BannerViewController)?.text } == ["Title"])
    harness.expectInvariants()
  }

  #if Macros
  @Test func aComposedClassReadsAnEntrySetAboveIt() async {
    let profile = ProfileViewController()
    profile.name = "Ada"
    let harness = await ContainerHarness(showing: profile, name: "profile")

    #expect(profile.children.map { ($0 as? BannerViewController)?.text } == ["green", "Ada"])
    harness.expectInvariants()
  }
  #endif
}
#endif

#if !canImport(UIKit)
final class ThemedViewController: ComposedViewController {
  private(set) var compositions = 0

  @CompositionBuilder override var composition: CompositionContent {
    let _ = counted()
    Slot("banner") { Child { BannerViewController() } }
  }

  private func counted() -> Int {
    compositions += 1
    return compositions
  }
}

// A value that is not `Equatable`, which a nested container cannot know to be unchanged.
struct Palette {
  var tint: String
}

private struct PaletteKey: EnvironmentKey {
  static let defaultValue = Palette(tint: "blue")
}

extension EnvironmentValues {
  var palette: Palette {
    get { self[PaletteKey.self] }
    set { self[PaletteKey.self] = newValue }
  }
}

final class ThemingViewController: ComposedViewController {
  var count = 0 {
    didSet { setNeedsCompose() }
  }
  var setsPalette = false
  let nested = ThemedViewController()

  @CompositionBuilder override var composition: CompositionContent {
    if setsPalette {
      Slot("themed") {
        Child {
          self.nested
        } update: { _ in
          _ = self.count
        }
      }
      .environment(\.palette, Palette(tint: "red"))
    } else {
      Slot("themed") {
        Child {
          self.nested
        } update: { _ in
          _ = self.count
        }
      }
      .environment(\.theme, Theme(tint: "red"))
    }
  }
}

@MainActor
@Suite(.isolatedModel)
struct AppEnvironmentTests {
  // Under default isolation, `Theme`'s `Equatable` conformance is isolated to the main actor;
  // the composer still finds it, so an equal value spares the nested container, and only a value
  // that is not `Equatable` composes it again.
  @Test(arguments: [false, true])
  func aNestedContainerComposesAgainOnlyForValuesNotKnownEqual(setsPalette: Bool) async {
    let theming = ThemingViewController()
    theming.setsPalette = setsPalette
    let harness = await ContainerHarness(showing: theming, name: "theming")
    #expect(theming.nested.compositions == 1)
    theming.count += 1
    await harness.settle()
    #expect(theming.nested.compositions == (setsPalette ? 2 : 1))
  }
}
#endif

#if !canImport(UIKit)
// An observable model of the app's, read by an update closure.
@MainActor
@Observable
final class Counter {
  var count = 0
}

final class CountingViewController: ComposedViewController {
  let counter = Counter()

  @CompositionBuilder override var composition: CompositionContent {
    Slot("banner") {
      Child {
        BannerViewController()
      } update: {
        $0.text = "\(self.counter.count)"
      }
    }
  }
}

@MainActor
@Suite(.isolatedModel)
struct AppObservationTests {
  @Test func aChangeOfAnObservedModelUpdatesTheChildThatReadsIt() async {
    let counting = CountingViewController()
    let harness = await ContainerHarness(showing: counting, name: "counting")
    counting.counter.count = 3
    await harness.settle()
    #expect(counting.children.map { ($0 as? BannerViewController)?.text } == ["3"])
  }
}
#endif

// MARK: - Equatable compositions

/// An equatable composition whose conformance is synthesized.
struct TitleComposition: Composition, Equatable {
  var title: String

  var body: CompositionContent {
    Slot("title") {
      Child {
        BannerViewController()
      } update: {
        $0.text = title
      }
    }
  }
}

/// An equatable composition whose comparison is written by hand, leaving out an object.
struct FooterComposition: Composition, Equatable {
  var text: String
  let counter: Counter

  nonisolated static func == (lhs: FooterComposition, rhs: FooterComposition) -> Bool {
    lhs.text == rhs.text
  }

  var body: CompositionContent {
    Slot("footer") {
      Child {
        BannerViewController()
      } update: {
        $0.text = text
      }
    }
  }
}

@MainActor
struct AppEquatableCompositionTests {
  @Test func anEqualCompositionPlansNoUpdate() {
    let counter = Counter()
    @CompositionBuilder func screen(title: String, footer: String) -> CompositionContent {
      TitleComposition(title: title).equatable()
      FooterComposition(text: footer, counter: counter).equatable()
    }
    let mounted = CompositionTree(screen(title: "Inbox", footer: "Synced"))
    let same = CompositionTree(screen(title: "Inbox", footer: "Synced"), mounted: mounted)
    #expect(mounted.reconcile(to: same).plan.steps.isEmpty)
    let other = CompositionTree(screen(title: "Inbox", footer: "Offline"), mounted: mounted)
    #expect(
      mounted.reconcile(to: other).plan.steps.map(\.description) == [
        "update 'footer' BannerViewController"
      ])
  }
}
