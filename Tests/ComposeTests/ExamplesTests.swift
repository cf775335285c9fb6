#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeExamples
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// The lifecycle events and the start and end of animations and transitions.
@MainActor
private let animated: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle.union([.animation])

/// The full traces of the containers in `Examples/`, against UIKitModel: each example's startup in
/// a window, its first change (mid-way and after it settles, for the animated ones) and the change
/// back.
@MainActor
@Suite("Examples", .isolatedModel(exceptions: .record))
struct ExamplesTests {
  @Test("Tab container: a switch hides the shown tab alive; switching back revives the same one")
  func tabContainer() async throws {
    let tabs = TabContainerViewController()
    let harness = await ContainerHarness(showing: tabs, name: "tabs")
    let feed = try #require(harness.controller(named: "tab.FeedTabViewController"))
    harness.expectEvents(
      """
      tabs.loadView()
      tabs.viewDidLoad()
      tabs.viewWillAppear(false)
      tab.FeedTabViewController.willMove(toParent: tabs)
      tab.FeedTabViewController.loadView()
      tab.FeedTabViewController.viewDidLoad()
      tab.FeedTabViewController.didMove(toParent: tabs)
      tab.FeedTabViewController.viewWillAppear(false)
      tabs.viewIsAppearing(false)
      tab.FeedTabViewController.viewIsAppearing(false)
      tabs.viewDidAppear(false)
      tab.FeedTabViewController.viewDidAppear(false)
      """)
    harness.expectTrace(
      """
      add-child 'tab' first.first FeedTabViewController
      insert-view 'tab' first.first FeedTabViewController at 0
      layout 'tab' first.first FeedTabViewController fill
      did-move 'tab' first.first FeedTabViewController
      """)
    #expect(feed.view.frame == tabs.view.bounds)
    #expect(feed.title == "Feed")

    await harness.expectEvents(
      """
      tab.FeedTabViewController.viewWillDisappear(false)
      tab.FeedTabViewController.viewDidDisappear(false)
      tab.SearchTabViewController.willMove(toParent: tabs)
      tab.SearchTabViewController.loadView()
      tab.SearchTabViewController.viewDidLoad()
      tab.SearchTabViewController.viewWillAppear(false)
      tab.SearchTabViewController.viewIsAppearing(false)
      tab.SearchTabViewController.viewDidAppear(false)
      tab.SearchTabViewController.didMove(toParent: tabs)
      """
    ) {
      tabs.selectedIndex = 1
    }
    let search = try #require(harness.controller(named: "tab.SearchTabViewController"))
    #expect(tabs.children == [feed, search])
    #expect(search.view.frame == tabs.view.bounds)
    harness.expectInvariants()

    await harness.expectEvents(
      """
      tab.SearchTabViewController.viewWillDisappear(false)
      tab.SearchTabViewController.viewDidDisappear(false)
      tab.FeedTabViewController.viewWillAppear(false)
      tab.FeedTabViewController.viewIsAppearing(false)
      tab.FeedTabViewController.viewDidAppear(false)
      """
    ) {
      tabs.selectedIndex = 0
    }
    #expect(tabs.children == [feed, search])
    #expect(feed.view.frame == tabs.view.bounds)
    // The revived tab is pinned again, and the hidden one took its constraints away with it.
    #expect(tabs.view.constraints.count == 4)
    harness.expectTrace(
      """
      detach-view 'tab' first.first FeedTabViewController
      add-child 'tab' first.second SearchTabViewController
      insert-view 'tab' first.second SearchTabViewController at 0
      layout 'tab' first.second SearchTabViewController fill
      did-move 'tab' first.second SearchTabViewController
      detach-view 'tab' first.second SearchTabViewController
      attach-view 'tab' first.first FeedTabViewController at 0
      layout 'tab' first.first FeedTabViewController fill
      """)
    #expect(
      tabs.composer.hierarchyDescription == """
        slot 'tab' fill
          first.first FeedTabViewController keepAlive
          hidden first.second SearchTabViewController keepAlive
        """)
    harness.expectInvariants()
  }

  @Test("Flip container: each flip is one UIKit transition, with containment in its completion")
  func flipContainer() async throws {
    let card = FlipContainerViewController()
    let harness = await ContainerHarness(showing: card, name: "card")
    harness.expectEvents(
      """
      card.loadView()
      card.viewDidLoad()
      card.viewWillAppear(false)
      card.CardFrontViewController.willMove(toParent: card)
      card.CardFrontViewController.loadView()
      card.CardFrontViewController.viewDidLoad()
      card.CardFrontViewController.didMove(toParent: card)
      card.CardFrontViewController.viewWillAppear(false)
      card.viewIsAppearing(false)
      card.CardFrontViewController.viewIsAppearing(false)
      card.viewDidAppear(false)
      card.CardFrontViewController.viewDidAppear(false)
      """, categories: animated)

    // Mid-way: both sides are children and in the card's view; neither has finished appearing
    // or disappearing.
    await harness.expectEvents(
      """
      card.CardFrontViewController.willMove(toParent: nil)
      card.CardBackViewController.willMove(toParent: card)
      card.CardBackViewController.loadView()
      card.CardBackViewController.viewDidLoad()
      card.CardFrontViewController.viewWillDisappear(true)
      card.CardBackViewController.viewWillAppear(true)
      animation#1.start(transition(from: card.CardFrontViewController, to: card.CardBackViewController), duration: 0.5)
      card.CardBackViewController.viewIsAppearing(true)
      """, categories: animated, settling: false
    ) {
      card.isFlipped = true
      await harness.advance(by: 0.25)
    }
    do {
      let front = try #require(harness.controller(named: "card.CardFrontViewController"))
      let back = try #require(harness.controller(named: "card.CardBackViewController"))
      #expect(card.children == [front, back])
      #expect(front.uikitModel.appearanceState == .disappearing)
      #expect(back.uikitModel.appearanceState == .appearing)
      harness.expectInvariants()

      await harness.expectEvents(
        """
        card.CardBackViewController.viewDidAppear(true)
        card.CardFrontViewController.viewDidDisappear(true)
        animation#1.completion(true)
        card.CardFrontViewController.didMove(toParent: nil)
        card.CardBackViewController.didMove(toParent: card)
        """, categories: animated
      ) {}
      #expect(card.children == [back])
      #expect(back.view.frame == card.view.bounds)
      #expect(!back.view.translatesAutoresizingMaskIntoConstraints)
      #expect(card.view.constraints.count == 4)
    }

    // The front is made anew: the one that left was removed when the first flip ended.
    await harness.expectReleased {
      await harness.expectEvents(
        """
        card.CardBackViewController.willMove(toParent: nil)
        card.CardFrontViewController#2.willMove(toParent: card)
        card.CardFrontViewController#2.loadView()
        card.CardFrontViewController#2.viewDidLoad()
        card.CardBackViewController.viewWillDisappear(true)
        card.CardFrontViewController#2.viewWillAppear(true)
        animation#2.start(transition(from: card.CardBackViewController, to: card.CardFrontViewController#2), duration: 0.5)
        card.CardFrontViewController#2.viewIsAppearing(true)
        card.CardFrontViewController#2.viewDidAppear(true)
        card.CardBackViewController.viewDidDisappear(true)
        animation#2.completion(true)
        card.CardBackViewController.didMove(toParent: nil)
        card.CardFrontViewController#2.didMove(toParent: card)
        """, categories: animated
      ) {
        card.flip()
      }
    }
    harness.expectTrace(
      """
      add-child 'card' second CardFrontViewController
      insert-view 'card' second CardFrontViewController at 0
      layout 'card' second CardFrontViewController fill
      did-move 'card' second CardFrontViewController
      swap 'card' second CardFrontViewController -> 'card' first CardBackViewController flip(leading, 0.5)
      swap 'card' first CardBackViewController -> 'card' second CardFrontViewController flip(leading, 0.5)
      """)
    harness.expectInvariants()
  }

  @Test("Cycle container: each page slides in from the trailing edge; after the last, the first")
  func cycleContainer() async throws {
    let tour = CycleContainerViewController(pages: Array(OnboardingPage.tour.prefix(2)))
    let harness = await ContainerHarness(showing: tour, name: "tour")
    harness.expectEvents(
      """
      tour.loadView()
      tour.viewDidLoad()
      tour.viewWillAppear(false)
      page.Welcome.willMove(toParent: tour)
      page.Welcome.loadView()
      page.Welcome.viewDidLoad()
      page.Welcome.didMove(toParent: tour)
      page.Welcome.viewWillAppear(false)
      tour.viewIsAppearing(false)
      page.Welcome.viewIsAppearing(false)
      tour.viewDidAppear(false)
      page.Welcome.viewDidAppear(false)
      """, categories: animated)
    #expect(tour.children.first?.title == "Welcome")

    await harness.expectEvents(
      """
      page.Welcome.willMove(toParent: nil)
      page.Sync.willMove(toParent: tour)
      page.Sync.loadView()
      page.Sync.viewDidLoad()
      page.Welcome.viewWillDisappear(true)
      page.Sync.viewWillAppear(true)
      animation#1.start(transition(from: page.Welcome, to: page.Sync), duration: 0.3)
      page.Sync.viewIsAppearing(true)
      """, categories: animated, settling: false
    ) {
      tour.showNext()
      await harness.advance(by: 0.15)
    }
    let welcome = try #require(harness.controller(named: "page.Welcome"))
    let sync = try #require(harness.controller(named: "page.Sync") as? OnboardingPageViewController)
    #expect(sync.page.title == "Sync")
    // Frames are the animation's end values, as in UIKit: the incoming page in place, the
    // outgoing one a full width to the leading side, where it stays until it is removed.
    #expect(sync.view.frame == tour.view.bounds)
    #expect(welcome.view.frame == tour.view.bounds.offsetBy(dx: -tour.view.bounds.width, dy: 0))
    harness.expectInvariants()

    await harness.settle()
    harness.expectEvents(
      """
      page.Sync.viewDidAppear(true)
      page.Welcome.viewDidDisappear(true)
      animation#1.completion(true)
      page.Welcome.didMove(toParent: nil)
      page.Sync.didMove(toParent: tour)
      """, categories: animated)
    #expect(tour.children == [sync])
    #expect(tour.view.constraints.count == 4)

    await harness.expectEvents(
      """
      page.Sync.willMove(toParent: nil)
      page.Welcome#2.willMove(toParent: tour)
      page.Welcome#2.loadView()
      page.Welcome#2.viewDidLoad()
      page.Sync.viewWillDisappear(true)
      page.Welcome#2.viewWillAppear(true)
      animation#2.start(transition(from: page.Sync, to: page.Welcome#2), duration: 0.3)
      page.Welcome#2.viewIsAppearing(true)
      page.Welcome#2.viewDidAppear(true)
      page.Sync.viewDidDisappear(true)
      animation#2.completion(true)
      page.Sync.didMove(toParent: nil)
      page.Welcome#2.didMove(toParent: tour)
      """, categories: animated
    ) {
      tour.showNext()
    }
    #expect(tour.currentIndex == 0)
    #expect(tour.children.first?.title == "Welcome")
    harness.expectTrace(
      """
      add-child 'page' some OnboardingPageViewController id "Welcome"
      insert-view 'page' some OnboardingPageViewController id "Welcome" at 0
      layout 'page' some OnboardingPageViewController id "Welcome" fill
      did-move 'page' some OnboardingPageViewController id "Welcome"
      swap 'page' some OnboardingPageViewController id "Welcome" -> 'page' some OnboardingPageViewController id "Sync" slide(trailing, 0.3)
      swap 'page' some OnboardingPageViewController id "Sync" -> 'page' some OnboardingPageViewController id "Welcome" slide(trailing, 0.3)
      """)
    harness.expectInvariants()
  }

  @Test(
    "Mail app: tabs holding navigation stacks, a detail pushed from a list, a modal editor presented from state, and UIKit's changes written back"
  )
  func mailApp() async throws {
    let model = MailModel(messages: [
      MailMessage(id: 1, mailbox: .inbox, subject: "Lunch?"),
      MailMessage(id: 2, mailbox: .inbox, subject: "Invoice"),
      MailMessage(id: 3, mailbox: .archive, subject: "Trip"),
    ])
    let mail = MailTabBarController(model: model)
    let harness = await ContainerHarness(showing: mail, composer: mail.composer, name: "mail")
    harness.expectEvents(
      """
      mail.loadView()
      mail.viewDidLoad()
      mail.viewWillAppear(false)
      tabs.inbox.willMove(toParent: mail)
      tabs.inbox.didMove(toParent: mail)
      tabs.archive.willMove(toParent: mail)
      tabs.archive.didMove(toParent: mail)
      tabs.inbox.loadView()
      tabs.inbox.viewDidLoad()
      tabs.inbox.viewWillAppear(false)
      tabs.inbox/navigation.MessageListViewController.willMove(toParent: tabs.inbox)
      tabs.inbox/navigation.MessageListViewController.loadView()
      tabs.inbox/navigation.MessageListViewController.viewDidLoad()
      tabs.inbox/navigation.MessageListViewController.viewWillAppear(false)
      mail.viewIsAppearing(false)
      tabs.inbox.viewIsAppearing(false)
      tabs.inbox/navigation.MessageListViewController.viewIsAppearing(false)
      mail.viewDidAppear(false)
      tabs.inbox.viewDidAppear(false)
      tabs.inbox/navigation.MessageListViewController.viewDidAppear(false)
      tabs.inbox/navigation.MessageListViewController.didMove(toParent: tabs.inbox)
      """)
    harness.expectTrace(
      """
      set-view-controllers 'tabs' [#inbox MailboxNavigationController, #archive MailboxNavigationController]
      """)
    let inbox = try #require(mail.viewControllers?.first as? MailboxNavigationController)
    let list = try #require(inbox.viewControllers.first as? MessageListViewController)
    #expect(list.messages.map(\.id) == [1, 2])

    // The user opens a message: the list's action appends to the path, which pushes it.
    await harness.expectEvents(
      """
      tabs.inbox/navigation.1.willMove(toParent: tabs.inbox)
      tabs.inbox/navigation.1.loadView()
      tabs.inbox/navigation.1.viewDidLoad()
      tabs.inbox/navigation.MessageListViewController.viewWillDisappear(true)
      tabs.inbox/navigation.1.viewWillAppear(true)
      tabs.inbox.delegate.navigationController(willShow: tabs.inbox/navigation.1, animated: true)
      tabs.inbox/navigation.1.viewIsAppearing(true)
      tabs.inbox/navigation.MessageListViewController.viewDidDisappear(true)
      tabs.inbox/navigation.1.viewDidAppear(true)
      tabs.inbox/navigation.1.didMove(toParent: tabs.inbox)
      tabs.inbox.delegate.navigationController(didShow: tabs.inbox/navigation.1, animated: true)
      """
    ) { list.onOpen(1) }
    let detail = try #require(inbox.topViewController as? MessageViewController)
    #expect(detail.title == "Lunch?")

    // Edit: the editor is presented over the app, from the tab bar controller.
    await harness.expectEvents(
      """
      editor.1.loadView()
      editor.1.viewDidLoad()
      editor.1.viewWillAppear(true)
      editor.1.viewIsAppearing(true)
      editor.1.viewDidAppear(true)
      """
    ) { detail.onEdit() }
    harness.expectTrace(
      """
      update 'editor' #1 MessageEditorViewController
      present 'editor' #1 MessageEditorViewController animated
      """)
    let editor = try #require(mail.presentedViewController as? MessageEditorViewController)
    #expect(editor.subject == "Lunch?")

    // Save: the editor is dismissed, the detail and the list show the new subject.
    await harness.expectEvents(
      """
      editor.1.viewWillDisappear(true)
      editor.1.viewDidDisappear(true)
      """
    ) { editor.onSave("Lunch on Friday?") }
    harness.expectTrace(
      """
      dismiss 'editor' #1 MessageEditorViewController animated
      """)
    #expect(detail.title == "Lunch on Friday?")
    #expect(mail.presentedViewController == nil)

    // Edit again, then swipe the sheet down: written back, nothing performed.
    detail.onEdit()
    await harness.settle()
    let second = try #require(mail.presentedViewController)
    await harness.expectEvents(
      """
      editor.1#2.presentationController.delegate.presentationControllerShouldDismiss()
      editor.1#2.presentationController.delegate.presentationControllerWillDismiss()
      editor.1#2.viewWillDisappear(true)
      editor.1#2.viewDidDisappear(true)
      editor.1#2.presentationController.delegate.presentationControllerDidDismiss()
      """
    ) { second.uikitModel.swipeToDismiss() }
    #expect(model.editing == nil)
    harness.expectTrace(
      """
      update 'editor' #1 MessageEditorViewController
      present 'editor' #1 MessageEditorViewController animated
      """)

    // The back button: UIKit pops, the path is written back, nothing performed.
    await harness.expectEvents(
      """
      tabs.inbox/navigation.1.willMove(toParent: nil)
      tabs.inbox/navigation.1.viewWillDisappear(true)
      tabs.inbox/navigation.MessageListViewController.viewWillAppear(true)
      tabs.inbox.delegate.navigationController(willShow: tabs.inbox/navigation.MessageListViewController, animated: true)
      tabs.inbox/navigation.MessageListViewController.viewIsAppearing(true)
      tabs.inbox/navigation.1.viewDidDisappear(true)
      tabs.inbox/navigation.MessageListViewController.viewDidAppear(true)
      tabs.inbox/navigation.1.didMove(toParent: nil)
      tabs.inbox.delegate.navigationController(didShow: tabs.inbox/navigation.MessageListViewController, animated: true)
      """
    ) { inbox.popViewController(animated: true) }
    #expect(model.paths[.inbox] == [])

    // A tap on the archive tab: written back, its stack's list loads then.
    await harness.expectEvents(
      """
      mail.delegate.tabBarController(_:shouldSelect: tabs.archive)
      tabs.archive.loadView()
      tabs.archive.viewDidLoad()
      tabs.archive.viewWillAppear(false)
      tabs.archive/navigation.MessageListViewController.willMove(toParent: tabs.archive)
      tabs.archive/navigation.MessageListViewController.loadView()
      tabs.archive/navigation.MessageListViewController.viewDidLoad()
      tabs.archive/navigation.MessageListViewController.viewWillAppear(false)
      tabs.inbox.viewWillDisappear(false)
      tabs.inbox/navigation.MessageListViewController.viewWillDisappear(false)
      tabs.archive.viewIsAppearing(false)
      tabs.archive/navigation.MessageListViewController.viewIsAppearing(false)
      tabs.inbox.viewDidDisappear(false)
      tabs.inbox/navigation.MessageListViewController.viewDidDisappear(false)
      tabs.archive.viewDidAppear(false)
      tabs.archive/navigation.MessageListViewController.viewDidAppear(false)
      mail.delegate.tabBarController(_:didSelect: tabs.archive)
      tabs.archive/navigation.MessageListViewController.didMove(toParent: tabs.archive)
      """
    ) { mail.uikitModel.tapTab(at: 1) }
    #expect(model.selectedMailbox == .archive)
    // The inbox's own composer: the first stack, the push, the updates after the save; the pop
    // the back button made needed nothing.
    #expect(
      inbox.composer.trace == [
        "update 'navigation' 0 MessageListViewController",
        "set-view-controllers 'navigation' [0 MessageListViewController]",
        "update 'navigation' 1.#1 MessageViewController",
        "push 'navigation' 1.#1 MessageViewController animated",
        "update 'navigation' 0 MessageListViewController",
        "update 'navigation' 1.#1 MessageViewController",
      ])
    #expect(ModelRuntime.diagnostics.isEmpty)
    harness.expectTrace(
      """
      """)
    harness.expectInvariants()
  }
}
#if Macros
/// The example written with `@Composed`, compiled only with the `Macros` trait.
@MainActor
@Suite("Examples with macros", .isolatedModel(exceptions: .record))
struct MacroExamplesTests {
  @Test("Account screen: composed with its app base class; signing in cross-fades to the details")
  func accountScreen() async throws {
    let account = AccountViewController()
    let harness = await ContainerHarness(showing: account, name: "account")
    harness.expectEvents(
      """
      account.loadView()
      account.viewDidLoad()
      account.viewWillAppear(false)
      greeting.GreetingViewController.willMove(toParent: account)
      greeting.GreetingViewController.loadView()
      greeting.GreetingViewController.viewDidLoad()
      greeting.GreetingViewController.didMove(toParent: account)
      content.SignInFormViewController.willMove(toParent: account)
      content.SignInFormViewController.loadView()
      content.SignInFormViewController.viewDidLoad()
      content.SignInFormViewController.didMove(toParent: account)
      greeting.GreetingViewController.viewWillAppear(false)
      content.SignInFormViewController.viewWillAppear(false)
      account.viewIsAppearing(false)
      greeting.GreetingViewController.viewIsAppearing(false)
      content.SignInFormViewController.viewIsAppearing(false)
      account.viewDidAppear(false)
      greeting.GreetingViewController.viewDidAppear(false)
      content.SignInFormViewController.viewDidAppear(false)
      """)
    #expect(account.title == "Account")
    #expect(account.appearances == 1)
    let greeting = try #require(harness.controller(named: "greeting.GreetingViewController"))
    #expect(greeting.title == "Hello")
    await harness.expectEvents(
      """
      content.SignInFormViewController.willMove(toParent: nil)
      content.AccountDetailsViewController.willMove(toParent: account)
      content.AccountDetailsViewController.loadView()
      content.AccountDetailsViewController.viewDidLoad()
      content.SignInFormViewController.viewWillDisappear(true)
      content.AccountDetailsViewController.viewWillAppear(true)
      content.AccountDetailsViewController.viewIsAppearing(true)
      content.AccountDetailsViewController.viewDidAppear(true)
      content.SignInFormViewController.viewDidDisappear(true)
      content.SignInFormViewController.didMove(toParent: nil)
      content.AccountDetailsViewController.didMove(toParent: account)
      """
    ) {
      account.name = "Ada"
    }
    #expect(greeting.title == "Hello, Ada")
    harness.expectInvariants()
  }
}
#endif
#endif
