#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The eager lifetime: Apple's tab-style container, which adds every child up front, shows one,
// and switches with a zero-duration transition.

/// A tab container declared the way Apple's guide writes one by hand.
@MainActor
private final class EagerTabs: UIViewController {
  var tab = 0 {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("tab") {
      Child { named(ListViewController(), "feed") }.lifetime(.eager).hidden(tab != 0)
      Child { named(DetailViewController(), "profile") }.lifetime(.eager).hidden(tab != 1)
    }
    .transition(.cut)
  }

  override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    uikitModel.name = "tabs"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

@MainActor
@Suite("Eager lifetime", .isolatedModel)
struct EagerLifetimeTests {
  @Test("Eager children are added at once; only the shown one's view is loaded and attached")
  func eagerChildrenAddedUpFront() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let tabs = EagerTabs()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()

    #expect(
      tabs.composer.trace == [
        "add-child 'tab' 0 ListViewController",
        "insert-view 'tab' 0 ListViewController at 0",
        "layout 'tab' 0 ListViewController fill",
        "did-move 'tab' 0 ListViewController",
        "add-child 'tab' 1 DetailViewController",
        "did-move 'tab' 1 DetailViewController",
      ])
    #expect(
      ModelRuntime.eventLog(for: ["feed", "profile"]) == """
        feed.willMove(toParent: tabs)
        feed.loadView()
        feed.viewDidLoad()
        feed.viewWillAppear(false)
        feed.viewIsAppearing(false)
        feed.didMove(toParent: tabs)
        profile.willMove(toParent: tabs)
        profile.didMove(toParent: tabs)
        feed.viewDidAppear(false)
        """)
    let profile = try #require(tabs.children.last as? DetailViewController)
    #expect(tabs.children.count == 2)
    #expect(!profile.isViewLoaded)

    // Switching is one zero-duration transition between the two children; nothing is made.
    ModelRuntime.clearEvents()
    tabs.tab = 1
    ModelRuntime.runUntilIdle()
    #expect(
      tabs.composer.trace.last
        == "swap 'tab' 0 ListViewController -> 'tab' 1 DetailViewController cut keeping outgoing "
        + "reviving")
    #expect(
      ModelRuntime.eventLog(for: ["feed", "profile"]) == """
        profile.loadView()
        profile.viewDidLoad()
        feed.viewWillDisappear(false)
        profile.viewWillAppear(false)
        profile.viewIsAppearing(false)
        profile.viewDidAppear(false)
        feed.viewDidDisappear(false)
        """)
    #expect(tabs.children.count == 2)
    #expect(profile.view.superview === tabs.view)
    #expect(tabs.children.first?.viewIfLoaded?.superview == nil)

    // Back: the same two controllers.
    tabs.tab = 0
    ModelRuntime.runUntilIdle()
    #expect(tabs.children.count == 2)
    #expect(tabs.children.last === profile)
    #expect(profile.viewIfLoaded?.superview == nil)
    #expect(tabs.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A hidden child with the default lifetime is as if it were not declared")
  func hiddenWhileShownChildIsNotMade() {
    let plan = Plan(
      from: CompositionContent.empty,
      to: Slot("tab") {
        Child { ListViewController() }.hidden()
        Child { DetailViewController() }.lifetime(.eager).hidden()
      })
    #expect(
      plan.description == """
        add-child 'tab' 1 DetailViewController
        did-move 'tab' 1 DetailViewController
        """)
  }
}
#endif
