#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import Foundation
import Testing
import UIKitModel

// How data gets into children and what the container learns from them: the initial update,
// handles on live children, completion events, the environment of nested containers.

// MARK: - Fixtures

/// A child that records, in the model's event log, the title it sees when its view loads and
/// when it appears.
@MainActor
private final class CardViewController: UIViewController {
  var headline = ""

  override func viewDidLoad() {
    super.viewDidLoad()
    ModelRuntime.annotate(uikitModel.name, "viewDidLoad sees '\(headline)'")
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    ModelRuntime.annotate(uikitModel.name, "viewWillAppear sees '\(headline)'")
  }
}

/// A container whose declaration is written by each test.
@MainActor
private final class DataFlowScreen: UIViewController {
  let card = ChildHandle<CardViewController>()
  var headline = "first" {
    didSet { composer.setNeedsCompose() }
  }
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  private let declaration: @MainActor (DataFlowScreen) -> CompositionContent

  lazy var composer = Composer(container: self) { [unowned self] in
    declaration(self)
  }

  init(
    @CompositionBuilder _ declaration: @escaping @MainActor (DataFlowScreen) -> CompositionContent
  ) {
    self.declaration = declaration
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
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
private func show(_ container: UIViewController) -> UIWindow {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  window.rootViewController = container
  window.makeKeyAndVisible()
  ModelRuntime.runUntilIdle()
  return window
}

// MARK: - The initial update

@MainActor
@Suite("Data flow: make, update, then containment", .serialized)
struct InitialUpdateTests {
  @Test(
    "A new child is updated right after its factory, before addChild: it loads with current values")
  func updateBeforeContainment() throws {
    ModelRuntime.reset()
    var updates = 0
    let screen = DataFlowScreen { screen in
      Slot("content") {
        Child { () -> CardViewController in
          ModelRuntime.annotate("card", "make")
          return named(CardViewController(), "card")
        } update: { card in
          updates += 1
          ModelRuntime.annotate("card", "update '\(screen.headline)'")
          card.headline = screen.headline
        }
      }
    }
    screen.loadViewIfNeeded()
    ModelRuntime.clearEvents()
    screen.composer.composeIfNeeded()

    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.make
        card.update 'first'
        card.willMove(toParent: container)
        card.loadView()
        card.viewDidLoad()
        card.viewDidLoad sees 'first'
        card.didMove(toParent: container)
        """)
    #expect(updates == 1)
    #expect(
      screen.composer.trace == [
        "update 'content' CardViewController",
        "add-child 'content' CardViewController",
        "insert-view 'content' CardViewController at 0",
        "layout 'content' CardViewController fill",
        "did-move 'content' CardViewController",
      ])

    // A later change runs the update once more, in place; no second pass was needed before.
    ModelRuntime.clearEvents()
    screen.headline = "second"
    screen.composer.composeIfNeeded()
    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.update 'second'
        """)
    #expect(updates == 2)
    let card = try #require(screen.children.first as? CardViewController)
    #expect(card.headline == "second")
  }

  @Test("A child swapped in is updated before the transition: it appears with current values")
  func updateBeforeSwap() throws {
    ModelRuntime.reset()
    let screen = DataFlowScreen { screen in
      Slot("content") {
        if screen.flag {
          Child {
            named(CardViewController(), "card")
          } update: { card in
            card.headline = screen.headline
          }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    ModelRuntime.clearEvents()
    screen.headline = "shown"
    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.willMove(toParent: container)
        card.loadView()
        card.viewDidLoad()
        card.viewDidLoad sees 'shown'
        card.viewWillAppear(true)
        card.viewWillAppear sees 'shown'
        card.viewIsAppearing(true)
        card.viewDidAppear(true)
        card.didMove(toParent: container)
        """)
    #expect(
      screen.composer.trace.suffix(2) == [
        "update 'content' first CardViewController",
        "swap 'content' second ListViewController -> 'content' first CardViewController "
          + "crossDissolve(0.3)",
      ])
    _ = window
  }
}
// MARK: - Handles

@MainActor
@Suite("Data flow: handles on live children", .serialized)
struct ChildHandleTests {
  @Test("A handle reaches the live child, reports a removed one, and never keeps it alive")
  func handleReachesLiveChildAndReportsRemoved() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        if !screen.flag {
          Child { named(CardViewController(), "card") }.handle(screen.card)
        }
      }
    }
    #expect(screen.card.state == .notMade)
    #expect(screen.card.controller == nil)
    #expect(
      screen.card.description
        == "handle of 'CardViewController': not made yet; declare the child with "
        + "'.handle(_:)' and compose")

    let window = show(screen)
    weak let removed = screen.card.controller
    #expect(screen.card.state == .live)
    #expect(removed != nil)
    #expect(screen.card.controller === screen.children.first)
    screen.card.controller?.headline = "set through the handle"
    #expect((screen.children.first as? CardViewController)?.headline == "set through the handle")

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.card.state == .removed)
    #expect(screen.card.controller == nil)
    #expect(!screen.card.isLive)
    #expect(
      screen.card.description
        == "handle of 'CardViewController': removed from the container; its child is no longer "
        + "declared, or was replaced")
    #expect(removed == nil)

    // Declared again: a new controller is made, and the handle follows it.
    screen.flag = false
    ModelRuntime.runUntilIdle()
    let again = try #require(screen.card.controller)
    #expect(again === screen.children.first)
    _ = window
  }

  @Test("A handle of a kept-alive child stays live while the child is hidden")
  func handleOfHiddenKeptAliveChild() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("tabs") {
        if screen.flag {
          Child { named(ListViewController(), "list") }
        } else {
          Child { named(CardViewController(), "card") }.handle(screen.card).lifetime(.keepAlive)
        }
      }
    }
    let window = show(screen)
    let card = try #require(screen.card.controller)
    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(card.viewIfLoaded?.superview == nil)
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === card)
    _ = window
  }

  @Test("A handle does not bind a controller the factory returned that is already in use")
  func handleIgnoresRefusedController() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let other = UIViewController()
    let shared = CardViewController()
    other.addChild(shared)
    let screen = DataFlowScreen { screen in
      Slot("content") { Child { shared }.handle(screen.card) }
    }
    let window = show(screen)
    #expect(screen.composer.diagnostics.map(\.id) == [.controllerOwnedElsewhere])
    #expect(screen.card.state == .notMade)
    #expect(screen.card.controller == nil)
    _ = window
  }
}
#endif
