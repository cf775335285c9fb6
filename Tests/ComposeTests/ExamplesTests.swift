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
}
#endif
