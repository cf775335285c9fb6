#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import ComposeExamples
import Foundation
import Testing
import UIKitModel

/// The full traces of the containers in `Examples/`, against UIKitModel: each example's startup in
/// a window, its first change (mid-way and after it settles, for the animated ones) and the change
/// back.
@MainActor
@Suite("Examples", .isolatedModel)
struct ExamplesTests {
  @Test("Tab container: a switch hides the shown tab alive; switching back revives the same one")
  func tabContainer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let names = EventNames()
    let tabs = TabContainerViewController()
    tabs.uikitModel.name = "tabs"
    let window = show(tabs)
    let feed = try #require(tabs.children.first as? FeedTabViewController)
    names.name(feed, "feed")

    #expect(
      names.log() == """
        tabs.loadView()
        tabs.viewDidLoad()
        feed.willMove(toParent: tabs)
        feed.loadView()
        feed.viewDidLoad()
        feed.didMove(toParent: tabs)
        tabs.viewWillAppear(false)
        feed.viewWillAppear(false)
        tabs.viewIsAppearing(false)
        feed.viewIsAppearing(false)
        tabs.viewDidAppear(false)
        feed.viewDidAppear(false)
        """)
    #expect(feed.view.superview === tabs.view)
    #expect(feed.view.frame == tabs.view.bounds)
    #expect(feed.title == "Feed")
    ModelRuntime.clearEvents()

    tabs.selectedIndex = 1
    ModelRuntime.runUntilIdle()
    let search = try #require(tabs.children.last as? SearchTabViewController)
    names.name(search, "search")

    #expect(
      names.log() == """
        feed.viewWillDisappear(false)
        feed.viewDidDisappear(false)
        search.willMove(toParent: tabs)
        search.loadView()
        search.viewDidLoad()
        search.viewWillAppear(false)
        search.viewIsAppearing(false)
        search.viewDidAppear(false)
        search.didMove(toParent: tabs)
        """)
    #expect(tabs.children == [feed, search])
    #expect(feed.viewIfLoaded?.superview == nil)
    #expect(feed.uikitModel.appearanceState == .disappeared)
    #expect(search.view.frame == tabs.view.bounds)
    ModelRuntime.clearEvents()

    tabs.selectedIndex = 0
    ModelRuntime.runUntilIdle()

    #expect(
      names.log() == """
        search.viewWillDisappear(false)
        search.viewDidDisappear(false)
        feed.viewWillAppear(false)
        feed.viewIsAppearing(false)
        feed.viewDidAppear(false)
        """)
    #expect(tabs.children == [feed, search])
    #expect(feed.view.superview === tabs.view)
    #expect(feed.view.frame == tabs.view.bounds)
    #expect(search.viewIfLoaded?.superview == nil)
    // The revived tab is pinned again, and the hidden one took its constraints away with it.
    #expect(tabs.view.constraints.count == 4)
    #expect(
      tabs.composer.trace == [
        "add-child 'tab' first.first FeedTabViewController",
        "insert-view 'tab' first.first FeedTabViewController at 0",
        "layout 'tab' first.first FeedTabViewController fill",
        "did-move 'tab' first.first FeedTabViewController",
        "detach-view 'tab' first.first FeedTabViewController",
        "add-child 'tab' first.second SearchTabViewController",
        "insert-view 'tab' first.second SearchTabViewController at 0",
        "layout 'tab' first.second SearchTabViewController fill",
        "did-move 'tab' first.second SearchTabViewController",
        "detach-view 'tab' first.second SearchTabViewController",
        "attach-view 'tab' first.first FeedTabViewController at 0",
        "layout 'tab' first.first FeedTabViewController fill",
      ])
    #expect(
      tabs.composer.hierarchyDescription == """
        slot 'tab' fill
          first.first FeedTabViewController keepAlive
          hidden first.second SearchTabViewController keepAlive
        """)
    #expect(tabs.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Flip container: each flip is one UIKit transition, with containment in its completion")
  func flipContainer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let names = EventNames()
    let card = FlipContainerViewController()
    card.uikitModel.name = "card"
    let window = show(card)
    let front = try #require(card.children.first as? CardFrontViewController)
    names.name(front, "front")

    #expect(
      names.log(animated) == """
        card.loadView()
        card.viewDidLoad()
        front.willMove(toParent: card)
        front.loadView()
        front.viewDidLoad()
        front.didMove(toParent: card)
        card.viewWillAppear(false)
        front.viewWillAppear(false)
        card.viewIsAppearing(false)
        front.viewIsAppearing(false)
        card.viewDidAppear(false)
        front.viewDidAppear(false)
        """)
    ModelRuntime.clearEvents()

    card.isFlipped = true
    ModelRuntime.advance(by: 0.25)
    let back = try #require(card.children.last as? CardBackViewController)
    names.name(back, "back")

    // Mid-way: both sides are children and in the card's view; neither has finished appearing
    // or disappearing.
    #expect(
      names.log(animated) == """
        front.willMove(toParent: nil)
        back.willMove(toParent: card)
        back.loadView()
        back.viewDidLoad()
        front.viewWillDisappear(true)
        back.viewWillAppear(true)
        animation#1.start(transition(from: front, to: back), duration: 0.5)
        back.viewIsAppearing(true)
        """)
    #expect(card.children == [front, back])
    #expect(front.view.superview === card.view)
    #expect(back.view.superview === card.view)
    #expect(front.uikitModel.appearanceState == .disappearing)
    #expect(back.uikitModel.appearanceState == .appearing)
    #expect(ModelRuntime.runningAnimations.count == 1)

    ModelRuntime.runUntilIdle()

    #expect(
      names.log(animated) == """
        front.willMove(toParent: nil)
        back.willMove(toParent: card)
        back.loadView()
        back.viewDidLoad()
        front.viewWillDisappear(true)
        back.viewWillAppear(true)
        animation#1.start(transition(from: front, to: back), duration: 0.5)
        back.viewIsAppearing(true)
        back.viewDidAppear(true)
        front.viewDidDisappear(true)
        animation#1.completion(true)
        front.didMove(toParent: nil)
        back.didMove(toParent: card)
        """)
    #expect(card.children == [back])
    #expect(front.parent == nil)
    #expect(front.viewIfLoaded?.superview == nil)
    #expect(back.view.frame == card.view.bounds)
    #expect(!back.view.translatesAutoresizingMaskIntoConstraints)
    #expect(card.view.constraints.count == 4)
    ModelRuntime.clearEvents()

    card.flip()
    ModelRuntime.runUntilIdle()
    let newFront = try #require(card.children.first as? CardFrontViewController)
    names.name(newFront, "newFront")

    // The front is made anew: the one that left was removed when the first flip ended.
    #expect(
      names.log(animated) == """
        back.willMove(toParent: nil)
        newFront.willMove(toParent: card)
        newFront.loadView()
        newFront.viewDidLoad()
        back.viewWillDisappear(true)
        newFront.viewWillAppear(true)
        animation#2.start(transition(from: back, to: newFront), duration: 0.5)
        newFront.viewIsAppearing(true)
        newFront.viewDidAppear(true)
        back.viewDidDisappear(true)
        animation#2.completion(true)
        back.didMove(toParent: nil)
        newFront.didMove(toParent: card)
        """)
    #expect(card.children == [newFront])
    #expect(newFront !== front)
    #expect(newFront.view.frame == card.view.bounds)
    #expect(
      card.composer.trace == [
        "add-child 'card' second CardFrontViewController",
        "insert-view 'card' second CardFrontViewController at 0",
        "layout 'card' second CardFrontViewController fill",
        "did-move 'card' second CardFrontViewController",
        "swap 'card' second CardFrontViewController -> 'card' first CardBackViewController "
          + "flip(leading, 0.5)",
        "swap 'card' first CardBackViewController -> 'card' second CardFrontViewController "
          + "flip(leading, 0.5)",
      ])
    #expect(card.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Cycle container: each page slides in from the trailing edge; after the last, the first")
  func cycleContainer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let names = EventNames()
    let tour = CycleContainerViewController(pages: Array(OnboardingPage.tour.prefix(2)))
    tour.uikitModel.name = "tour"
    let window = show(tour)
    let welcome = try #require(tour.children.first as? OnboardingPageViewController)
    names.name(welcome, "welcome")

    #expect(
      names.log(animated) == """
        tour.loadView()
        tour.viewDidLoad()
        welcome.willMove(toParent: tour)
        welcome.loadView()
        welcome.viewDidLoad()
        welcome.didMove(toParent: tour)
        tour.viewWillAppear(false)
        welcome.viewWillAppear(false)
        tour.viewIsAppearing(false)
        welcome.viewIsAppearing(false)
        tour.viewDidAppear(false)
        welcome.viewDidAppear(false)
        """)
    #expect(welcome.title == "Welcome")
    ModelRuntime.clearEvents()

    tour.showNext()
    ModelRuntime.advance(by: 0.15)
    let sync = try #require(tour.children.last as? OnboardingPageViewController)
    names.name(sync, "sync")

    #expect(
      names.log(animated) == """
        welcome.willMove(toParent: nil)
        sync.willMove(toParent: tour)
        sync.loadView()
        sync.viewDidLoad()
        welcome.viewWillDisappear(true)
        sync.viewWillAppear(true)
        animation#1.start(transition(from: welcome, to: sync), duration: 0.3)
        sync.viewIsAppearing(true)
        """)
    #expect(sync.page.title == "Sync")
    #expect(tour.children == [welcome, sync])
    #expect(welcome.view.superview === tour.view)
    #expect(sync.view.superview === tour.view)
    #expect(welcome.uikitModel.appearanceState == .disappearing)
    #expect(sync.uikitModel.appearanceState == .appearing)
    // Frames are the animation's end values, as in UIKit: the incoming page is already in place.
    #expect(sync.view.frame == tour.view.bounds)

    ModelRuntime.runUntilIdle()

    #expect(
      names.log(animated) == """
        welcome.willMove(toParent: nil)
        sync.willMove(toParent: tour)
        sync.loadView()
        sync.viewDidLoad()
        welcome.viewWillDisappear(true)
        sync.viewWillAppear(true)
        animation#1.start(transition(from: welcome, to: sync), duration: 0.3)
        sync.viewIsAppearing(true)
        sync.viewDidAppear(true)
        welcome.viewDidDisappear(true)
        animation#1.completion(true)
        welcome.didMove(toParent: nil)
        sync.didMove(toParent: tour)
        """)
    #expect(tour.children == [sync])
    #expect(welcome.parent == nil)
    #expect(welcome.viewIfLoaded?.superview == nil)
    #expect(sync.view.frame == tour.view.bounds)
    #expect(tour.view.constraints.count == 4)
    ModelRuntime.clearEvents()

    tour.showNext()
    ModelRuntime.runUntilIdle()
    let welcomeAgain = try #require(tour.children.first as? OnboardingPageViewController)
    names.name(welcomeAgain, "welcomeAgain")

    #expect(
      names.log(animated) == """
        sync.willMove(toParent: nil)
        welcomeAgain.willMove(toParent: tour)
        welcomeAgain.loadView()
        welcomeAgain.viewDidLoad()
        sync.viewWillDisappear(true)
        welcomeAgain.viewWillAppear(true)
        animation#2.start(transition(from: sync, to: welcomeAgain), duration: 0.3)
        welcomeAgain.viewIsAppearing(true)
        welcomeAgain.viewDidAppear(true)
        sync.viewDidDisappear(true)
        animation#2.completion(true)
        sync.didMove(toParent: nil)
        welcomeAgain.didMove(toParent: tour)
        """)
    #expect(tour.currentIndex == 0)
    #expect(welcomeAgain.page.title == "Welcome")
    #expect(tour.children == [welcomeAgain])
    #expect(welcomeAgain.view.frame == tour.view.bounds)
    #expect(
      tour.composer.trace == [
        #"add-child 'page' some OnboardingPageViewController id "Welcome""#,
        #"insert-view 'page' some OnboardingPageViewController id "Welcome" at 0"#,
        #"layout 'page' some OnboardingPageViewController id "Welcome" fill"#,
        #"did-move 'page' some OnboardingPageViewController id "Welcome""#,
        #"swap 'page' some OnboardingPageViewController id "Welcome" -> "#
          + #"'page' some OnboardingPageViewController id "Sync" slide(trailing, 0.3)"#,
        #"swap 'page' some OnboardingPageViewController id "Sync" -> "#
          + #"'page' some OnboardingPageViewController id "Welcome" slide(trailing, 0.3)"#,
      ])
    #expect(tour.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Cycle container: mid-slide, the outgoing page has slid out beyond the leading edge")
  func cycleOutgoingPageSlidesOut() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let tour = CycleContainerViewController()
    let window = show(tour)
    let welcome = try #require(tour.children.first)

    tour.showNext()
    ModelRuntime.advance(by: 0.15)

    // Frames are the animation's end values: the incoming page in place, the outgoing one a full
    // width to the leading side, where it stays until it is removed.
    let incoming = try #require(tour.children.last)
    #expect(incoming.view.frame == tour.view.bounds)
    #expect(welcome.view.frame == tour.view.bounds.offsetBy(dx: -tour.view.bounds.width, dy: 0))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}

/// The lifecycle events and the start and end of animations and transitions.
@MainActor
private let animated: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle.union([.animation])

/// Puts a container in a visible window and lets everything settle.
@MainActor
private func show(_ container: UIViewController) -> UIWindow {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  window.rootViewController = container
  window.makeKeyAndVisible()
  ModelRuntime.runUntilIdle()
  return window
}

/// Readable names for controllers that a container made itself.
///
/// A child receives its first events inside the container, before a test can set its
/// `uikitModel.name`. The event log keeps the name each event was made with (`Type#n`), so this helper
/// remembers the name a controller went by and shows the readable one in its place.
@MainActor
private final class EventNames {
  private var aliases: [String: String] = [:]

  /// Names a controller, from now on and in the events it already received.
  func name(_ controller: UIViewController, _ name: String) {
    aliases[controller.uikitModel.name] = name
    controller.uikitModel.name = name
  }

  /// The event log of the given categories, with every controller under its readable name.
  func log(_ categories: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle) -> String {
    ModelRuntime.eventLog(for: nil, categories: categories)
      .replacing(/[A-Za-z_][A-Za-z0-9_]*#[0-9]+/) { match in
        aliases[String(match.output)] ?? String(match.output)
      }
  }
}
#endif
