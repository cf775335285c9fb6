#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
@_spi(ComposeTesting) import Compose
import ComposeTesting
import Foundation
import Observation
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
  /// Whether it writes what it sees to the event log.
  var annotates = true

  override func viewDidLoad() {
    super.viewDidLoad()
    if annotates { ModelRuntime.annotate(uikitModel.name, "viewDidLoad sees '\(headline)'") }
  }

  /// The view's frame when the controller was about to appear.
  var frameWhenAppearing: CGRect?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    frameWhenAppearing = view.frame
    if annotates { ModelRuntime.annotate(uikitModel.name, "viewWillAppear sees '\(headline)'") }
  }
}

/// A child that calls `onLoad` when its view loads.
@MainActor
private final class LoadReportingViewController: UIViewController {
  var onLoad: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    onLoad?()
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
  var showsSheet = true {
    didSet { composer.setNeedsCompose() }
  }
  var sheetItem: String? {
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

// MARK: - The initial update

@MainActor
@Suite("Data flow: make, update, then containment", .isolatedModel)
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

  /// A screen whose slot shows a kept-alive card that records its updates, or a list.
  private func keptAliveCardScreen(_ transition: Transition) -> DataFlowScreen {
    DataFlowScreen { screen in
      Slot("content") {
        if !screen.flag {
          Child {
            named(CardViewController(), "card")
          } update: { card in
            ModelRuntime.annotate("card", "update '\(screen.headline)'")
            card.headline = screen.headline
          }
          .lifetime(.keepAlive)
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(transition)
    }
  }

  @Test(
    "composeIfNeeded() from a child's viewDidLoad during a plan composes after it, at the next pass"
  )
  func composeIfNeededDuringPlan() throws {
    ModelRuntime.reset()
    let screen = DataFlowScreen { screen in
      Slot("content") {
        if !screen.flag {
          Child { () -> LoadReportingViewController in
            let card = named(LoadReportingViewController(), "card")
            // The child asks its container to drop it as soon as its view loads.
            card.onLoad = { [unowned screen] in
              screen.flag = true
              screen.composer.composeIfNeeded()
            }
            return card
          }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
    }
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    // The plan runs to its end; the change waits for the container view's next layout pass.
    #expect(
      screen.composer.trace == [
        "add-child 'content' first LoadReportingViewController",
        "insert-view 'content' first LoadReportingViewController at 0",
        "layout 'content' first LoadReportingViewController fill",
        "did-move 'content' first LoadReportingViewController",
      ])
    #expect(screen.children.first?.uikitModel.name == "card")
    #expect(!screen.composer.isSettled)

    screen.view.layoutIfNeeded()
    #expect(
      Array(screen.composer.trace.dropFirst(4)) == [
        "will-move-to-nil 'content' first LoadReportingViewController",
        "remove-view 'content' first LoadReportingViewController",
        "remove-from-parent 'content' first LoadReportingViewController",
        "add-child 'content' second ListViewController",
        "insert-view 'content' second ListViewController at 0",
        "layout 'content' second ListViewController fill",
        "did-move 'content' second ListViewController",
      ])
    #expect(screen.children.map(\.uikitModel.name) == ["list"])
    #expect(screen.composer.isSettled)
    #expect(screen.composer.diagnostics.isEmpty)
  }

  @Test(
    "A slot mid-swap plans no update while another slot changes; its update runs when the swap ends"
  )
  func swappingSlotPlansNoUpdate() throws {
    ModelRuntime.reset()
    var runs: [String] = []
    let screen = DataFlowScreen { screen in
      Slot("content") {
        Child {
          CardViewController()
        } update: { card in
          runs.append(screen.headline)
          card.headline = screen.headline
        }
        .id(screen.flag ? "second" : "first")
        .transition(.crossDissolve(duration: 0.3))
      }
      Slot("footer") {
        if screen.showsSheet { Child { named(ListViewController(), "footer") } }
      }
    }
    let window = show(screen)
    screen.flag = true
    screen.composer.composeIfNeeded()
    #expect(screen.composer.isTransitioning)
    #expect(runs == ["first", "first"])

    // The swapping slot is left alone: no step of the plan names it.
    let traced = screen.composer.stepsTraced
    screen.headline = "latest"
    screen.showsSheet = false
    screen.composer.composeIfNeeded()
    #expect(
      Array(screen.composer.trace.suffix(screen.composer.stepsTraced - traced)) == [
        "will-move-to-nil 'footer' some ListViewController",
        "remove-view 'footer' some ListViewController",
        "remove-from-parent 'footer' some ListViewController",
      ])
    #expect(runs == ["first", "first"])

    // When the swap ends, the slot is reconciled with the latest declaration.
    ModelRuntime.runUntilIdle()
    #expect(runs == ["first", "first", "latest"])
    #expect((screen.children.first as? CardViewController)?.headline == "latest")
    _ = window
  }

  @Test("A kept-alive child shown again is updated before its view is attached, then appears")
  func updateBeforeAttach() throws {
    ModelRuntime.reset()
    let screen = keptAliveCardScreen(.none)
    let window = show(screen)
    screen.flag = true
    ModelRuntime.runUntilIdle()
    screen.headline = "changed while hidden"
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    screen.flag = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.update 'changed while hidden'
        card.viewWillAppear(false)
        card.viewWillAppear sees 'changed while hidden'
        card.viewIsAppearing(false)
        card.viewDidAppear(false)
        """)
    #expect(
      screen.composer.trace.suffix(3) == [
        "update 'content' first CardViewController",
        "attach-view 'content' first CardViewController at 0",
        "layout 'content' first CardViewController fill",
      ])
    _ = window
  }

  @Test("A kept-alive child swapped back in is updated before the transition that shows it")
  func updateBeforeRevivingSwap() throws {
    ModelRuntime.reset()
    let screen = keptAliveCardScreen(.crossDissolve(duration: 0.3))
    let window = show(screen)
    screen.flag = true
    ModelRuntime.runUntilIdle()
    screen.headline = "changed while hidden"
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    screen.flag = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.update 'changed while hidden'
        card.viewWillAppear(true)
        card.viewWillAppear sees 'changed while hidden'
        card.viewIsAppearing(true)
        card.viewDidAppear(true)
        """)
    #expect(
      screen.composer.trace.suffix(2) == [
        "update 'content' first CardViewController",
        "swap 'content' second ListViewController -> 'content' first CardViewController "
          + "crossDissolve(0.3) reviving",
      ])
    _ = window
  }

  @Test("An eager child declared hidden is updated before the switch that loads and shows it")
  func updateBeforeEagerSwitch() throws {
    ModelRuntime.reset()
    let screen = DataFlowScreen { screen in
      Slot("content") {
        Child { named(ListViewController(), "list") }.lifetime(.eager).hidden(screen.flag)
        Child {
          named(CardViewController(), "card")
        } update: { card in
          ModelRuntime.annotate("card", "update '\(screen.headline)'")
          card.headline = screen.headline
        }
        .lifetime(.eager).hidden(!screen.flag)
      }
      .transition(.cut)
    }
    let window = show(screen)
    screen.headline = "changed while hidden"
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["card"]) == """
        card.update 'changed while hidden'
        card.loadView()
        card.viewDidLoad()
        card.viewDidLoad sees 'changed while hidden'
        card.viewWillAppear(false)
        card.viewWillAppear sees 'changed while hidden'
        card.viewIsAppearing(false)
        card.viewDidAppear(false)
        """)
    #expect(
      screen.composer.trace.suffix(2) == [
        "update 'content' 1 CardViewController",
        "swap 'content' 0 ListViewController -> 'content' 1 CardViewController cut keeping "
          + "outgoing reviving",
      ])
    _ = window
  }
}
// MARK: - Handles

@MainActor
@Suite("Data flow: handles on live children", .isolatedModel(diagnostics: .allowed))
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
        == "handle of 'CardViewController': removed; its child is no longer declared, was "
        + "replaced, or was dismissed")
    #expect(removed == nil)

    // Declared again: a new controller is made, and the handle follows it.
    screen.flag = false
    ModelRuntime.runUntilIdle()
    let again = try #require(screen.card.controller)
    #expect(again === screen.children.first)
    _ = window
  }

  @Test("A handle is live in its child's update closure, which runs before the child is added")
  func handleLiveInUpdateOfArrivingChild() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    var seen: [String] = []
    let screen = DataFlowScreen { screen in
      Slot("content") {
        Child {
          CardViewController()
        } update: { card in
          seen.append(
            "\(screen.card.state), parent \(card.parent?.uikitModel.name ?? "nil"), reaches it: "
              + "\(screen.card.controller === card)")
          card.headline = screen.headline
        }
        .handle(screen.card)
        .id(screen.headline)
        .transition(.crossDissolve(duration: 0.3))
      }
    }
    let window = show(screen)
    #expect(seen == ["live, parent nil, reaches it: true"])

    // A new identity: the arriving controller is updated before the swap brings it in.
    screen.headline = "second"
    ModelRuntime.runUntilIdle()
    #expect(
      seen == ["live, parent nil, reaches it: true", "live, parent nil, reaches it: true"])
    #expect(screen.card.controller === screen.children.first)
    #expect(screen.card.controller?.headline == "second")
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

  @Test("A handle attached to a child that is already live binds to it, with no containment call")
  func handleAttachedToLiveChild() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        let card = Child { named(CardViewController(), "card") }
        screen.flag ? card.handle(screen.card) : card
      }
    }
    let window = show(screen)
    let live = try #require(screen.children.first as? CardViewController)
    #expect(screen.card.state == .notMade)
    let traced = screen.composer.trace.count
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === live)
    #expect(screen.children.count == 1)
    #expect(screen.composer.trace.count == traced)
    #expect(ModelRuntime.eventLog(for: ["card"]) == "")

    // Recomposing with the handle still attached keeps it bound to the same controller.
    screen.headline = "second"
    ModelRuntime.runUntilIdle()
    #expect(screen.card.controller === live)
    _ = window
  }

  @Test("A handle moved from one live child to another follows the one it is attached to now")
  func handleMovedBetweenLiveChildren() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("first") {
        let card = Child { named(CardViewController(), "first") }
        screen.flag ? card.handle(screen.card) : card
      }
      Slot("second") {
        let card = Child { named(CardViewController(), "second") }
        screen.flag ? card : card.handle(screen.card)
      }
    }
    let window = show(screen)
    let first = try #require(screen.children.first { $0.uikitModel.name == "first" })
    let second = try #require(screen.children.first { $0.uikitModel.name == "second" })
    #expect(screen.card.controller === second)

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.card.controller === first)
    #expect(first.parent === screen)
    #expect(second.parent === screen)

    screen.flag = false
    ModelRuntime.runUntilIdle()
    #expect(screen.card.controller === second)
    _ = window
  }

  @Test("A handle attached to a kept-alive child while it is declared hidden binds to it")
  func handleAttachedToHiddenChild() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        let card = Child { named(CardViewController(), "card") }.lifetime(.keepAlive)
          .hidden(screen.headline == "hidden")
        screen.flag ? card.handle(screen.card) : card
      }
    }
    let window = show(screen)
    let live = try #require(screen.children.first as? CardViewController)
    screen.headline = "hidden"
    ModelRuntime.runUntilIdle()
    #expect(live.viewIfLoaded?.superview == nil)
    #expect(screen.card.state == .notMade)

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === live)
    _ = window
  }

  @Test("A handle moved to a child not made yet reaches no controller until that child is made")
  func handleMovedToChildNotMadeYet() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("first") {
        let card = Child { named(CardViewController(), "first") }
        screen.flag ? card : card.handle(screen.card)
      }
      Slot("second") {
        let card = Child { named(CardViewController(), "second") }
          .hidden(screen.headline != "shown")
        screen.flag ? card.handle(screen.card) : card
      }
    }
    let window = show(screen)
    let first = try #require(screen.children.first)
    #expect(screen.children.count == 1)
    #expect(screen.card.controller === first)

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(first.parent === screen)
    #expect(screen.card.state == .notMade)
    #expect(screen.card.controller == nil)

    screen.headline = "shown"
    ModelRuntime.runUntilIdle()
    let second = try #require(screen.children.first { $0.uikitModel.name == "second" })
    #expect(screen.card.controller === second)
    _ = window
  }

  @Test("A handle attached to a live child and to one not made yet follows the live one")
  func handleAttachedToLiveAndNotMadeChildren() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("first") { Child { named(CardViewController(), "first") }.handle(screen.card) }
      Slot("second") {
        Child { named(CardViewController(), "second") }.handle(screen.card).hidden(true)
      }
    }
    let window = show(screen)
    let first = try #require(screen.children.first)
    #expect(screen.children.count == 1)
    #expect(screen.card.controller === first)

    screen.headline = "recomposed"
    ModelRuntime.runUntilIdle()
    #expect(screen.card.controller === first)
    _ = window
  }

  @Test("A handle whose child is hidden, and so removed, reports it removed at every composition")
  func handleOfChildRemovedByHiding() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        Child { named(CardViewController(), "card") }.handle(screen.card).hidden(screen.flag)
      }
    }
    let window = show(screen)
    weak let card = screen.card.controller
    #expect(card != nil)

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.children.isEmpty)
    #expect(screen.card.state == .removed)

    screen.headline = "recomposed"
    ModelRuntime.runUntilIdle()
    #expect(screen.card.state == .removed)
    #expect(card == nil)

    screen.flag = false
    ModelRuntime.runUntilIdle()
    #expect(screen.card.controller === screen.children.first)
    _ = window
  }

  @Test("A handle attached to a child whose slot is mid-swap binds when the swap ends")
  func handleAttachedMidSwap() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        if screen.flag {
          let card = Child { named(CardViewController(), "card") }
          screen.headline == "bound" ? card.handle(screen.card) : card
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    let card = try #require(screen.children.first { $0.uikitModel.name == "card" })

    screen.headline = "bound"
    ModelRuntime.advance(by: 0.05)
    #expect(screen.children.count == 2)
    #expect(screen.card.state == .notMade)

    ModelRuntime.runUntilIdle()
    #expect(screen.children == [card])
    #expect(screen.card.controller === card)
    _ = window
  }

  @Test(
    "A handle of the child an animated swap takes out stays live until the swap ends, then is removed"
  )
  func handleOfLeavingChildDuringSwap() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(ListViewController(), "list") }
        } else {
          Child { named(CardViewController(), "card") }.handle(screen.card)
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    let card = try #require(screen.children.first as? CardViewController)
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === card)

    // Mid-swap, the leaving card is still the container's child, its view still on screen.
    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    #expect(ModelRuntime.runningAnimations.count == 1)
    #expect(screen.children.count == 2)
    #expect(card.parent === screen)
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === card)
    #expect(screen.card.description == "handle of 'CardViewController': live")

    ModelRuntime.runUntilIdle()
    #expect(screen.children.map(\.uikitModel.name) == ["list"])
    #expect(card.parent == nil)
    #expect(screen.card.state == .removed)
    #expect(screen.card.controller == nil)
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
    #expect(
      screen.card.description
        == "handle of 'CardViewController': not made yet; child 'content' CardViewController is "
        + "declared but has no controller: it is hidden and not shown yet, or its factory's "
        + "controller was refused (a diagnostic says why)")
    _ = window
  }

  @Test("A handle of a presented child is live while UIKit presents it, and removed once dismissed")
  func handleOfPresentedChild() async throws {
    let screen = DataFlowScreen { screen in
      Slot("content") { Child { named(ListViewController(), "list") } }
      Presentation("sheet", item: screen.sheetItem, id: \.self) { _ in
        Child { CardViewController() }.handle(screen.card)
      }
    }
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    #expect(screen.card.state == .notMade)

    screen.sheetItem = "a"
    await harness.settle()
    let card = try #require(screen.presentedViewController as? CardViewController)
    #expect(card.parent == nil)
    #expect(screen.card.state == .live)
    #expect(screen.card.controller === card)
    #expect(screen.card.description == "handle of 'CardViewController': live")

    // Live until the dismissal ends: UIKit presents it until then.
    screen.sheetItem = nil
    await harness.advance(by: 0.1)
    #expect(card.isBeingDismissed)
    #expect(screen.card.controller === card)
    await harness.settle()
    #expect(screen.presentedViewController == nil)
    #expect(screen.card.state == .removed)
    #expect(screen.card.controller == nil)
    #expect(
      screen.card.description
        == "handle of 'CardViewController': removed; its child is no longer declared, was "
        + "replaced, or was dismissed")
    harness.expectInvariants()
  }

  @Test("A handle of a child waiting to be presented is live before UIKit presents it")
  func handleOfChildWaitingToBePresented() async throws {
    let screen = DataFlowScreen { screen in
      Presentation("sheet", item: screen.sheetItem, id: \.self) { _ in
        Child { CardViewController() }.handle(screen.card)
      }
    }
    screen.sheetItem = "a"
    // Composed before the screen is in a window: UIKit cannot present yet.
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    let waiting = try #require(screen.card.controller)
    #expect(waiting.presentingViewController == nil)
    #expect(screen.card.state == .live)

    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    #expect(screen.presentedViewController === waiting)
    #expect(screen.card.controller === waiting)
    harness.expectInvariants()
  }

  @Test("A handle of a pushed child is live while it is on the stack, and removed once popped")
  func handleOfPushedChild() async throws {
    let navigation = HandleNavigationController()
    navigation.declaration = { [unowned navigation] in
      NavigationStack(path: navigation.path, id: \.self) {
        Child { ListViewController() }
      } destination: { _ in
        Child { CardViewController() }.handle(navigation.card)
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    navigation.path = [1]
    await harness.settle()
    let card = try #require(navigation.topViewController as? CardViewController)
    #expect(navigation.card.state == .live)
    #expect(navigation.card.controller === card)

    navigation.path = []
    await harness.settle()
    #expect(navigation.viewControllers.count == 1)
    #expect(navigation.card.state == .removed)
    #expect(navigation.card.controller == nil)
  }

  @Test("A handle of a page is live while the page view controller keeps it, shown or not")
  func handleOfPage() async throws {
    let pages = HandlePageViewController()
    pages.declaration = { [unowned pages] in
      Pages(["first", "second"], id: \.self, selection: pages.selected) { page in
        if page == "second" {
          Child { CardViewController() }.handle(pages.card)
        } else {
          Child { ListViewController() }
        }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: pages, composer: pages.composer)
    // Made with the pages, and kept while another page is shown.
    let card = try #require(pages.card.controller)
    #expect(card.parent == nil)
    #expect(pages.card.state == .live)

    pages.selected = "second"
    await harness.settle()
    #expect(pages.viewControllers?.first === card)
    #expect(pages.card.controller === card)

    pages.selected = "first"
    await harness.settle()
    #expect(card.parent == nil)
    #expect(pages.card.controller === card)
  }
}

/// A navigation controller whose declaration a test writes, with a handle for its children.
@MainActor
private final class HandleNavigationController: ComposedNavigationController {
  let card = ChildHandle<CardViewController>()
  var declaration: () -> CompositionContent = { .empty }
  var path: [Int] = [] {
    didSet { setNeedsCompose() }
  }

  override var composition: CompositionContent { declaration() }
}

/// A page view controller whose declaration a test writes, with a handle for its pages.
@MainActor
private final class HandlePageViewController: ComposedPageViewController {
  let card = ChildHandle<CardViewController>()
  var declaration: () -> CompositionContent = { .empty }
  var selected = "first" {
    didSet { setNeedsCompose() }
  }

  override var composition: CompositionContent { declaration() }
}
// MARK: - Events out

/// A screen whose content slot swaps a list for a card, with a transition and an interruption
/// policy of the test's choosing; completions are written to the event log.
@MainActor
private func swappingScreen(
  _ transition: Transition, interruption: Interruption = .finishRunning
) -> DataFlowScreen {
  let screen = DataFlowScreen { screen in
    Slot("content") {
      if screen.flag {
        Child { () -> CardViewController in
          let card = named(CardViewController(), "card")
          card.annotates = false
          return card
        }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .transition(transition)
    .interruption(interruption)
  }
  screen.composer.onSwapCompletion = { completion in
    ModelRuntime.annotate("composer", completion.description)
  }
  screen.composer.onReconciliationCompletion = { completion in
    ModelRuntime.annotate("composer", completion.description)
  }
  return screen
}

/// A screen of two slots that cross-dissolve: `content` between a card and a list (`flag`), and
/// `aside`, whose child's identity is the headline.
@MainActor
private func twoSwappingSlotsScreen() -> DataFlowScreen {
  DataFlowScreen { screen in
    Slot("content") {
      if screen.flag {
        Child { named(CardViewController(), "card") }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .transition(.crossDissolve(duration: 0.3))
    Slot("aside") {
      Child { named(ListViewController(), "aside-\(screen.headline)") }.id(screen.headline)
    }
    .transition(.crossDissolve(duration: 0.3))
  }
}

@MainActor
@Suite("Data flow: completion events and animation control", .isolatedModel)
struct CompletionEventTests {
  @Test("A swap completes once, after the arriving child's didMove; then its reconciliation")
  func swapCompletesAfterDidMove() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.crossDissolve(duration: 0.3))
    let window = show(screen)
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    #expect(!screen.composer.isSettled)
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(
        for: ["list", "card", "composer"], categories: [.containment, .annotation])
          == """
          list.willMove(toParent: nil)
          card.willMove(toParent: container)
          list.didMove(toParent: nil)
          card.didMove(toParent: container)
          composer.swap 'content' second ListViewController -> 'content' first CardViewController finished
          composer.reconciliation of 1 steps finished
          """)
    #expect(screen.composer.isSettled)
    _ = window
  }

  @Test("A swap cut short completes once, not finished; the next change follows")
  func swapCutShortCompletesOnce() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.crossDissolve(duration: 0.3), interruption: .cutShort)
    let window = show(screen)
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    screen.flag = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["composer"], categories: [.annotation]) == """
        composer.reconciliation of 0 steps finished
        composer.swap 'content' second ListViewController -> 'content' first CardViewController cut short
        composer.reconciliation of 1 steps cut short
        composer.swap 'content' first CardViewController -> 'content' second ListViewController finished
        composer.reconciliation of 1 steps finished
        """)
    _ = window
  }

  @Test("An interrupted swap completes once, finished, before the latest change is swapped in")
  func interruptedSwapCompletesOnce() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.crossDissolve(duration: 0.3))
    let window = show(screen)
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    screen.flag = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(for: ["composer"], categories: [.annotation]) == """
        composer.reconciliation of 0 steps finished
        composer.swap 'content' second ListViewController -> 'content' first CardViewController finished
        composer.reconciliation of 1 steps finished
        composer.swap 'content' first CardViewController -> 'content' second ListViewController finished
        composer.reconciliation of 1 steps finished
        """)
    _ = window
  }

  @Test("A change made without animation performs no animated transition")
  func withoutAnimationMakesNoTransition() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.crossDissolve(duration: 0.3))
    let window = show(screen)
    ModelRuntime.clearEvents()
    let traced = screen.composer.trace.count

    screen.composer.withoutAnimation { screen.flag = true }
    ModelRuntime.advance(by: 0)

    #expect(ModelRuntime.runningAnimations.isEmpty)
    #expect(
      ModelRuntime.eventLog(for: ["list", "card", "composer"]) == """
        list.willMove(toParent: nil)
        list.viewWillDisappear(false)
        list.viewDidDisappear(false)
        list.didMove(toParent: nil)
        card.willMove(toParent: container)
        card.loadView()
        card.viewDidLoad()
        card.viewWillAppear(false)
        card.viewIsAppearing(false)
        card.viewDidAppear(false)
        card.didMove(toParent: container)
        composer.reconciliation of 7 steps finished
        """)
    #expect(!screen.composer.trace[traced...].contains { $0.hasPrefix("swap") })

    // The next change animates again.
    ModelRuntime.clearEvents()
    screen.flag = false
    ModelRuntime.advance(by: 0)
    #expect(ModelRuntime.runningAnimations.count > 0)
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog(for: ["composer"], categories: [.annotation]) == """
        composer.swap 'content' first CardViewController -> 'content' second ListViewController finished
        composer.reconciliation of 1 steps finished
        """)
    _ = window
  }

  @Test(
    "A change made without animation to a swapping slot waits for the swap; other slots' later changes animate"
  )
  func withoutAnimationStaysWithTheBusySlot() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = twoSwappingSlotsScreen()
    screen.composer.onSwapCompletion = { completion in
      ModelRuntime.annotate("composer", completion.description)
    }
    let window = show(screen)
    let traced = screen.composer.trace.count

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    screen.composer.withoutAnimation { screen.flag = false }
    ModelRuntime.advance(by: 0)
    // A separate change, to another slot, after the one made without animation.
    screen.headline = "second"
    ModelRuntime.advance(by: 0)
    #expect(ModelRuntime.runningAnimations.count == 2)
    ModelRuntime.runUntilIdle()

    // The card arrives with the swap that was running, then leaves without one; the aside's
    // change is a swap.
    #expect(
      screen.composer.trace[traced...].filter { $0.hasPrefix("swap") || $0.contains("'content'") }
        == [
          "swap 'content' second ListViewController -> 'content' first CardViewController "
            + "crossDissolve(0.3)",
          #"swap 'aside' ListViewController id "first" -> 'aside' ListViewController id "second" "#
            + "crossDissolve(0.3)",
          "will-move-to-nil 'content' first CardViewController",
          "remove-view 'content' first CardViewController",
          "remove-from-parent 'content' first CardViewController",
          "add-child 'content' second ListViewController",
          "insert-view 'content' second ListViewController at 0",
          "layout 'content' second ListViewController fill",
          "did-move 'content' second ListViewController",
        ])
    #expect(
      ModelRuntime.eventLog(for: ["composer"], categories: [.annotation]) == """
        composer.swap 'content' second ListViewController -> 'content' first CardViewController finished
        composer.swap 'aside' ListViewController id "first" -> 'aside' ListViewController id "second" finished
        """)
    #expect(screen.composer.isSettled)
    _ = window
  }

  @Test(
    "A swapping slot that a change made without animation did not reach animates its later change"
  )
  func untouchedBusySlotAnimatesLaterChange() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = twoSwappingSlotsScreen()
    let window = show(screen)
    // Both slots swap.
    screen.flag = true
    screen.headline = "second"
    ModelRuntime.advance(by: 0.1)
    #expect(ModelRuntime.runningAnimations.count == 2)
    // A change made without animation reaches the content slot only.
    screen.composer.withoutAnimation { screen.flag = false }
    ModelRuntime.advance(by: 0)
    // A later, animated change to the aside.
    screen.headline = "third"
    ModelRuntime.advance(by: 0)
    let traced = screen.composer.trace.count
    ModelRuntime.runUntilIdle()
    let swaps = screen.composer.trace[traced...].filter { $0.hasPrefix("swap") }
    #expect(
      swaps == [
        #"swap 'aside' ListViewController id "second" -> 'aside' ListViewController id "third" "#
          + "crossDissolve(0.3)"
      ])
    _ = window
  }

  @Test(
    "A presentation removed without animation while it is presented is dismissed without animation"
  )
  func presentationRemovedWithoutAnimationWhileBusy() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = DataFlowScreen { screen in
      Slot("content") { Child { named(ListViewController(), "list") } }
      if screen.showsSheet {
        Presentation("sheet", item: screen.sheetItem, id: \.self) { _ in
          Child { named(CardViewController(), "sheet") }
        }
      }
    }
    let window = show(screen)
    screen.sheetItem = "a"
    ModelRuntime.advance(by: 0)
    #expect(screen.presentedViewController is CardViewController)
    let traced = screen.composer.trace.count
    // The presentation is still animating: the change waits for it to end.
    screen.composer.withoutAnimation { screen.showsSheet = false }
    ModelRuntime.runUntilIdle()
    #expect(screen.presentedViewController == nil)
    #expect(
      Array(screen.composer.trace[traced...]) == [#"dismiss 'sheet' #"a" CardViewController"#])
    _ = window
  }

  @Test(
    "Slides and flips from the leading edge follow a right-to-left layout",
    arguments: [false, true])
  func leadingFollowsLayoutDirection(rightToLeft: Bool) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.slide(from: .leading, duration: 0.3))
    let window = show(screen)
    if rightToLeft { screen.view.semanticContentAttribute = .forceRightToLeft }
    screen.flag = true
    ModelRuntime.runUntilIdle()
    // The card comes in from beyond the leading edge: the left in a left-to-right layout, the
    // right in a right-to-left one.
    let card = try #require(screen.children.first as? CardViewController)
    let width = screen.view.bounds.width
    #expect(card.frameWhenAppearing?.minX == (rightToLeft ? width : -width))
    #expect(card.view.frame.minX == 0)

    let flipping = swappingScreen(.flip(from: .leading, duration: 0.3))
    let flipWindow = show(flipping)
    if rightToLeft { flipping.view.semanticContentAttribute = .forceRightToLeft }
    flipping.flag = true
    ModelRuntime.advance(by: 0)
    let flip = try #require(ModelRuntime.runningAnimations.first)
    #expect(flip.options.contains(rightToLeft ? .transitionFlipFromRight : .transitionFlipFromLeft))
    #expect(
      !flip.options.contains(rightToLeft ? .transitionFlipFromLeft : .transitionFlipFromRight))
    ModelRuntime.runUntilIdle()
    _ = (window, flipWindow)
  }

  @Test("A cut swaps in one zero-duration transition, with no animation")
  func cutIsAZeroDurationSwap() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = swappingScreen(.cut)
    let window = show(screen)
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(
      screen.composer.trace.last
        == "swap 'content' second ListViewController -> 'content' first CardViewController cut")
    #expect(
      ModelRuntime.eventLog(for: ["list", "card", "composer"]) == """
        list.willMove(toParent: nil)
        card.willMove(toParent: container)
        card.loadView()
        card.viewDidLoad()
        list.viewWillDisappear(false)
        card.viewWillAppear(false)
        card.viewIsAppearing(false)
        card.viewDidAppear(false)
        list.viewDidDisappear(false)
        list.didMove(toParent: nil)
        card.didMove(toParent: container)
        composer.swap 'content' second ListViewController -> 'content' first CardViewController finished
        composer.reconciliation of 1 steps finished
        """)
    _ = window
  }

  @Test("settled() returns once every change is applied and every swap is complete")
  func settledWaitsForSwaps() async {
    await ModelRuntime.withIsolatedRuntime {
      ModelRuntime.exceptionPolicy = .record
      let screen = swappingScreen(.crossDissolve(duration: 0.3))
      let window = show(screen)
      await screen.composer.settled()
      screen.flag = true
      var settled = false
      let waiter = Task { @MainActor in
        await screen.composer.settled()
        settled = true
      }
      for _ in 0..<5 { await Task.yield() }
      #expect(!settled)
      ModelRuntime.advance(by: 0.1)
      for _ in 0..<5 { await Task.yield() }
      #expect(!settled)
      ModelRuntime.runUntilIdle()
      await waiter.value
      #expect(settled)
      #expect(screen.children.first is CardViewController)
      #expect(screen.children.count == 1)
      _ = window
    }
  }

  @Test("settled() waits for a change to @Observable state the body reads, made just before")
  func settledWaitsForObservedChange() async {
    await ModelRuntime.withIsolatedRuntime {
      ModelRuntime.exceptionPolicy = .record
      let titles = Titles()
      let screen = DataFlowScreen { _ in
        Slot("content") {
          if titles.first == "one" {
            Child { named(ListViewController(), "list") }
          } else {
            Child { named(CardViewController(), "card") }
          }
        }
      }
      let window = show(screen)
      await screen.composer.settled()
      #expect(screen.children.first is ListViewController)

      titles.first = "changed"
      // The change reaches the composer from the main queue; until it is applied, nothing is
      // settled.
      #expect(!screen.composer.isSettled)
      var settled = false
      let waiter = Task { @MainActor in
        await screen.composer.settled()
        settled = true
      }
      for _ in 0..<5 { await Task.yield() }
      #expect(!settled)
      ModelRuntime.runUntilIdle()
      await waiter.value
      #expect(settled)
      #expect(screen.children.first is CardViewController)
      #expect(screen.children.count == 1)
      _ = window
    }
  }
}
// MARK: - Environment into nested containers

private struct ThemeKey: EnvironmentKey {
  static let defaultValue = "plain"
}

private struct AccentKey: EnvironmentKey {
  static let defaultValue = "none"
}

extension EnvironmentValues {
  fileprivate var theme: String {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }

  fileprivate var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

/// The third level: a leaf that shows the theme and accent in effect where it is declared.
@MainActor
private final class ThirdLevel: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child {
        named(CardViewController(), "leaf")
      } update: { leaf, environment in
        leaf.annotates = false
        leaf.headline = "\(environment.theme) \(environment.accent)"
      }
    }
  }
}

/// The second level: sets an accent of its own, and composes the third level.
@MainActor
private final class SecondLevel: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("middle") { Child { named(ThirdLevel(), "third") } }
      .environment(\.accent, "red")
  }
}

/// The first level: sets the theme, and composes the second level.
@MainActor
private final class FirstLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") { Child { named(SecondLevel(), "second") } }
      .environment(\.theme, theme)
  }
}

/// A first level that sets the theme only while it has one.
@MainActor
private final class OptionalThemeLevel: ComposedViewController {
  var theme: String? = "dark" {
    didSet { setNeedsCompose() }
  }

  override var composition: CompositionContent {
    let content = Slot("top") { Child { named(SecondLevel(), "second") } }.compositionContent
    guard let theme else { return content }
    return content.environment(\.theme, theme)
  }
}

/// A second level whose child depends on the theme it inherits.
@MainActor
private final class ThemedChoiceLevel: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("choice") {
      EnvironmentReader { environment in
        if environment.theme == "dark" {
          Child { named(CardViewController(), "card") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
    }
  }
}

/// A first level that sets the dark theme over a ``ThemedChoiceLevel``.
@MainActor
private final class DarkChoiceLevel: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") { Child { named(ThemedChoiceLevel(), "choice") } }
      .environment(\.theme, "dark")
  }
}

/// A controller that makes a composer only when asked to, after it was composed.
@MainActor
private final class LateComposingChild: UIViewController {
  private var composer: Composer?

  func startComposing() {
    let composer = Composer(container: self) {
      Slot("leaf") {
        Child {
          named(CardViewController(), "leaf")
        } update: { leaf, environment in
          leaf.annotates = false
          leaf.headline = "\(environment.theme) \(environment.accent)"
        }
      }
    }
    self.composer = composer
    composer.setNeedsCompose()
  }
}

/// A first level whose child starts composing later.
@MainActor
private final class LateComposingLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") { Child { named(LateComposingChild(), "late") } }
      .environment(\.theme, theme)
  }
}

/// A first level whose child starts composing in its factory, before it is a child: no composer
/// had it as a child when its composer started.
@MainActor
private final class EarlyComposingLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") {
      Child { () -> LateComposingChild in
        let child = named(LateComposingChild(), "early")
        // Loaded first: a composer composes at its container view's layout passes.
        child.loadViewIfNeeded()
        child.startComposing()
        return child
      }
    }
    .environment(\.theme, theme)
  }
}

/// A composed container configured by a property whose `didSet` calls `setNeedsCompose()`, the
/// documented pattern: its (lazy) composer is made the first time the property is set.
@MainActor
private final class ConfiguredChildLevel: ComposedViewController {
  var note = "" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child {
        named(CardViewController(), "leaf")
      } update: { leaf, environment in
        leaf.annotates = false
        leaf.headline = "\(environment.theme) \(environment.accent)"
      }
    }
  }
}

/// A first level that configures its composed child from an update closure: the child's
/// composer starts while the plan adds it.
@MainActor
private final class ConfiguringLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  /// Whether the child is configured through `Child(input:)` rather than a plain update.
  var throughInput = false

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") {
      if throughInput {
        Child(input: "configured") {
          named(ConfiguredChildLevel(), "configured")
        } update: { child, note in
          child.note = note
        }
      } else {
        Child {
          named(ConfiguredChildLevel(), "configured")
        } update: {
          $0.note = "configured"
        }
      }
    }
    .environment(\.theme, theme)
  }
}

/// A tab bar whose selected tab is a composed container configured by an update closure.
@MainActor
private final class ConfiguringTabs: ComposedTabBarController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(["composed", "other"], id: \.self, selection: "composed") { tab in
      if tab == "composed" {
        Child {
          named(ConfiguredChildLevel(), "configured")
        } update: {
          $0.note = "configured"
        }
      } else {
        Child { named(CardViewController(), "other") }
      }
    }
    .environment(\.theme, theme)
  }
}

/// A first level whose declaration invalidates itself while `loops`, so that its composer
/// stops, and whose child starts composing when asked.
@MainActor
private final class LoopingLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  var loops = false
  let late = named(LateComposingChild(), "late")

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") { Child { self.late } }
      .environment(\.theme, theme)
    Slot("looper") {
      Child {
        named(CardViewController(), "looper")
      } update: { _ in
        if self.loops { self.setNeedsCompose() }
      }
    }
  }
}

/// A tab bar controller whose second tab is a composed container, not loaded until selected.
@MainActor
private final class ThemedTabBarController: ComposedTabBarController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  var selected = "plain" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(["plain", "composed"], id: \.self, selection: selected) { tab in
      if tab == "plain" {
        Child { named(CardViewController(), "plain") }
      } else {
        Child { named(ThirdLevel(), "third") }
      }
    }
    .environment(\.theme, theme)
  }
}

/// A first level whose composed child is made at once and shown later: the child's composer is
/// made when its view loads, after the first level composed.
@MainActor
private final class LateNestingLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  var shows = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") {
      Child { named(ThirdLevel(), "third") }.lifetime(.eager).hidden(!shows)
    }
    .environment(\.theme, theme)
  }
}

/// Sets the theme to "light", lets `start` make the nested composer, and checks that the leaf it
/// composes shows the light theme, then the blue one once the theme is set to it.
@MainActor
private func checkLeafFollowsTheme(
  _ setTheme: (String) -> Void, afterStarting start: () -> Void,
  leaf: () -> CardViewController?, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  setTheme("light")
  ModelRuntime.runUntilIdle()
  start()
  ModelRuntime.runUntilIdle()
  let shown = try #require(leaf(), sourceLocation: sourceLocation)
  #expect(shown.headline == "light none", sourceLocation: sourceLocation)
  setTheme("blue")
  ModelRuntime.runUntilIdle()
  #expect(shown.headline == "blue none", sourceLocation: sourceLocation)
}

/// A second level whose leaf shows the theme it inherits, and says when its update runs.
@MainActor
private final class ThemedLeafLevel: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child {
        named(CardViewController(), "leaf")
      } update: { leaf, environment in
        ModelRuntime.annotate("leaf", "update '\(environment.theme)'")
        leaf.headline = environment.theme
      }
    }
  }
}

/// A first level whose tab shows a ``ThemedLeafLevel`` or a list, under its theme: the themed
/// level kept alive while the list is shown, or both eager, the one not shown declared hidden.
@MainActor
private final class ThemedTabLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  var showsThemed = true {
    didSet { setNeedsCompose() }
  }
  var eager = false
  var transition = Transition.none

  @CompositionBuilder override var composition: CompositionContent {
    Slot("tab") {
      if eager {
        Child { named(ThemedLeafLevel(), "themed") }.lifetime(.eager).hidden(!showsThemed)
        Child { named(ListViewController(), "list") }.lifetime(.eager).hidden(showsThemed)
      } else if showsThemed {
        Child { named(ThemedLeafLevel(), "themed") }.lifetime(.keepAlive)
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .transition(transition)
    .environment(\.theme, theme)
  }
}

@MainActor
@Suite("Data flow: environment into nested containers", .isolatedModel)
struct NestedEnvironmentTests {
  @Test("A composed child shown later, its composer made then, follows the environment")
  func lateNestedComposerFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = LateNestingLevel()
    let window = show(first)
    let third = try #require(first.children.first as? ThirdLevel)
    #expect(third.viewIfLoaded == nil)
    try checkLeafFollowsTheme(
      { first.theme = $0 }, afterStarting: { first.shows = true },
      leaf: { third.children.first as? CardViewController })
    #expect(first.children.first === third)
    _ = window
  }

  @Test("A child that starts composing after it was composed follows the environment")
  func childStartingToComposeFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = LateComposingLevel()
    let window = show(first)
    let child = try #require(first.children.first as? LateComposingChild)
    // Its composer is made after the first level composed its children without nesting.
    try checkLeafFollowsTheme(
      { first.theme = $0 }, afterStarting: { child.startComposing() },
      leaf: { child.children.first as? CardViewController })
    #expect(first.children.first === child)
    _ = window
  }

  @Test("A child that composes before its factory returns it follows the environment")
  func childComposingBeforeItIsAChildFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = EarlyComposingLevel()
    let window = show(first)
    let child = try #require(first.children.first as? LateComposingChild)
    let leaf = try #require(child.children.first as? CardViewController)
    #expect(leaf.headline == "dark none")
    try checkLeafFollowsTheme(
      { first.theme = $0 }, afterStarting: {},
      leaf: { child.children.first as? CardViewController })
    #expect(first.children.first === child)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A composed child configured by its update closure follows the environment")
  func childConfiguredByUpdateFollowsEnvironment() throws {
    try checkConfiguredChildFollowsTheme(throughInput: false)
  }

  @Test("A composed child configured through Child(input:) follows the environment")
  func childConfiguredThroughInputFollowsEnvironment() throws {
    try checkConfiguredChildFollowsTheme(throughInput: true)
  }

  private func checkConfiguredChildFollowsTheme(
    throughInput: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = ConfiguringLevel()
    first.throughInput = throughInput
    let window = show(first)
    let child = try #require(
      first.children.first as? ConfiguredChildLevel, sourceLocation: sourceLocation)
    try checkLeafFollowsTheme(
      { first.theme = $0 }, afterStarting: {},
      leaf: { child.children.first as? CardViewController }, sourceLocation: sourceLocation)
    #expect(first.children.first === child, sourceLocation: sourceLocation)
    _ = window
  }

  @Test("A composed tab configured by its update closure follows the environment")
  func tabConfiguredByUpdateFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let tabs = ConfiguringTabs()
    let window = show(tabs)
    let child = try #require(tabs.viewControllers?.first as? ConfiguredChildLevel)
    try checkLeafFollowsTheme(
      { tabs.theme = $0 }, afterStarting: {},
      leaf: { child.children.first as? CardViewController })
    _ = window
  }

  @Test("A nested container's current declaration, as ComposeTesting reads it, inherits values")
  func currentDeclarationOfNestedContainerInheritsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = DarkChoiceLevel()
    let window = show(first)
    let second = try #require(first.children.first as? ThemedChoiceLevel)
    #expect(second.children.first is CardViewController)
    let declared = second.composer.currentDeclaration()
    #expect(declared.children(in: "choice") == second.composer.mountedTree.children(in: "choice"))
    #expect(declared.children(in: "choice").map(\.typeName) == ["CardViewController"])
    _ = window
  }

  @Test("A tab that is a composed container, first selected after a change, follows it")
  func tabSelectedLaterFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let tabs = ThemedTabBarController()
    let window = show(tabs)
    let third = try #require(tabs.viewControllers?.last as? ThirdLevel)
    #expect(third.viewIfLoaded == nil)
    try checkLeafFollowsTheme(
      { tabs.theme = $0 }, afterStarting: { tabs.selected = "composed" },
      leaf: { third.children.first as? CardViewController })
    _ = window
  }

  @Test("A child that starts composing while its parent composes follows the environment")
  func childStartingToComposeDuringParentCompositionFollowsEnvironment() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = LateComposingLevel()
    let window = show(first)
    let child = try #require(first.children.first as? LateComposingChild)
    var started = false
    first.composer.onReconciliationCompletion = { _ in
      guard !started else { return }
      started = true
      child.startComposing()
    }
    try checkLeafFollowsTheme(
      { first.theme = $0 }, afterStarting: { first.setNeedsCompose() },
      leaf: { child.children.first as? CardViewController })
    _ = window
  }

  @Test("A value no longer set reaches a nested container as its default")
  func valueNoLongerSetReachesNestedContainer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = OptionalThemeLevel()
    let window = show(first)
    let second = try #require(first.children.first as? SecondLevel)
    let third = try #require(second.children.first as? ThirdLevel)
    let leaf = try #require(third.children.first as? CardViewController)
    #expect(leaf.headline == "dark red")

    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(leaf.headline == "light red")

    first.theme = nil
    ModelRuntime.runUntilIdle()
    #expect(first.children.first === second)
    #expect(leaf.headline == "plain red")

    first.theme = "dark"
    ModelRuntime.runUntilIdle()
    #expect(leaf.headline == "dark red")
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("Environment values reach a child three levels down, and their changes follow")
  func environmentReachesThirdLevel() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let first = FirstLevel()
    let window = show(first)
    let second = try #require(first.children.first as? SecondLevel)
    let third = try #require(second.children.first as? ThirdLevel)
    let leaf = try #require(third.children.first as? CardViewController)
    #expect(leaf.headline == "dark red")

    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(third.children.first === leaf)
    #expect(leaf.headline == "light red")
    #expect(first.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A hidden composed child composes in the new environment only as it is shown again")
  func keptAliveNestedContainerAppearsWithCurrentEnvironment() throws {
    ModelRuntime.reset()
    let first = ThemedTabLevel()
    let window = show(first)
    first.showsThemed = false
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    // Hidden: the nested container does not compose for a change no one sees.
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.eventLog(for: ["leaf"]) == "")

    first.showsThemed = true
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog(for: ["leaf"]) == """
        leaf.update 'light'
        leaf.viewWillAppear(false)
        leaf.viewWillAppear sees 'light'
        leaf.viewIsAppearing(false)
        leaf.viewDidAppear(false)
        """)
    #expect(first.composer.trace.last == "layout 'tab' first.second ThemedLeafLevel fill")
    _ = window
  }

  @Test("A composed child swapped back in composes in the new environment before it appears")
  func keptAliveNestedContainerSwappedInAppearsWithCurrentEnvironment() throws {
    ModelRuntime.reset()
    let first = ThemedTabLevel()
    first.transition = .crossDissolve(duration: 0.3)
    let window = show(first)
    first.showsThemed = false
    ModelRuntime.runUntilIdle()
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    first.showsThemed = true
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog(for: ["leaf"]) == """
        leaf.update 'light'
        leaf.viewWillAppear(true)
        leaf.viewWillAppear sees 'light'
        leaf.viewIsAppearing(true)
        leaf.viewDidAppear(true)
        """)
    #expect(
      first.composer.trace.last
        == "swap 'tab' second ListViewController -> 'tab' first.second ThemedLeafLevel "
        + "crossDissolve(0.3) reviving")
    _ = window
  }

  @Test("An eager composed child shown at last composes in the environment in effect then")
  func eagerNestedContainerAppearsWithCurrentEnvironment() throws {
    ModelRuntime.reset()
    let first = ThemedTabLevel()
    first.eager = true
    first.transition = .cut
    first.showsThemed = false
    let window = show(first)
    let themed = try #require(first.children.compactMap { $0 as? ThemedLeafLevel }.first)
    #expect(themed.viewIfLoaded == nil)
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    first.showsThemed = true
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog(for: ["leaf"]) == """
        leaf.update 'light'
        leaf.willMove(toParent: themed)
        leaf.loadView()
        leaf.viewDidLoad()
        leaf.viewDidLoad sees 'light'
        leaf.didMove(toParent: themed)
        leaf.viewWillAppear(false)
        leaf.viewWillAppear sees 'light'
        leaf.viewIsAppearing(false)
        leaf.viewDidAppear(false)
        """)
    #expect(
      first.composer.trace.last
        == "swap 'tab' first.first.1 ListViewController -> 'tab' first.first.0 ThemedLeafLevel cut "
        + "keeping outgoing reviving")
    _ = window
  }

  @Test("An eager composed child switched back to composes in the new environment first")
  func eagerNestedContainerShownAgainAppearsWithCurrentEnvironment() throws {
    ModelRuntime.reset()
    let first = ThemedTabLevel()
    first.eager = true
    first.transition = .cut
    let window = show(first)
    first.showsThemed = false
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()

    // Hidden: the nested container does not compose for a change no one sees.
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.eventLog(for: ["leaf"]) == "")

    first.showsThemed = true
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.eventLog(for: ["leaf"]) == """
        leaf.update 'light'
        leaf.viewWillAppear(false)
        leaf.viewWillAppear sees 'light'
        leaf.viewIsAppearing(false)
        leaf.viewDidAppear(false)
        """)
    #expect(
      first.composer.trace.last
        == "swap 'tab' first.first.1 ListViewController -> 'tab' first.first.0 ThemedLeafLevel cut "
        + "keeping outgoing reviving")
    _ = window
  }
}
@MainActor
@Suite(
  "Data flow: a child that starts composing under a stopped parent",
  .isolatedModel(diagnostics: .allowed))
struct StoppedParentNestingTests {
  @Test("A child that starts composing while its parent is stopped gets the parent's values")
  func childStartingUnderStoppedParent() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    // Another composer in the app, unrelated: it changes nothing for the first level.
    let other = UIViewController()
    let otherComposer = Composer(container: other) {
      Slot("other") { Child { named(CardViewController(), "unrelated") } }
    }
    let first = LoopingLevel()
    let window = show(first)
    #expect(first.late.parent === first)
    first.loops = true
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(first.composer.diagnostics.contains { $0.id == .compositionLoop })
    first.late.startComposing()
    ModelRuntime.runUntilIdle()
    let leaf = try #require(first.late.children.first as? CardViewController)
    #expect(leaf.headline == "light none")
    _ = window
    _ = otherComposer
  }
}

// MARK: - Skipping equal inputs

@MainActor
@Suite("Data flow: updates skipped for equal inputs", .isolatedModel)
struct EquatableInputTests {
  @Test("An equal input plans and runs no update; a changed one updates that child only")
  func equalInputSkipsUpdate() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    var runs: [String: Int] = [:]
    let screen = DataFlowScreen { screen in
      Slot("cards", layout: .stack(axis: .vertical)) {
        ForEach(["a", "b"], id: \.self) { key in
          Child(input: key == "a" ? screen.headline : "fixed") {
            CardViewController()
          } update: { card, text in
            runs[key, default: 0] += 1
            card.headline = text
          }
        }
      }
    }
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    // Each new child is updated once, right after its factory.
    #expect(runs == ["a": 1, "b": 1])

    // Nothing changed: no update step, no run.
    let traced = screen.composer.trace.count
    screen.composer.setNeedsCompose()
    screen.composer.composeIfNeeded()
    #expect(screen.composer.trace.count == traced)
    #expect(runs == ["a": 1, "b": 1])

    // Only the first card's input changed.
    screen.headline = "second"
    screen.composer.composeIfNeeded()
    #expect(Array(screen.composer.trace[traced...]) == ["update 'cards' #\"a\" CardViewController"])
    #expect(runs == ["a": 2, "b": 1])
    let first = try #require(screen.children.first as? CardViewController)
    #expect(first.headline == "second")
  }
}
/// A message kept in an object, equal to another with the same text.
private final class MessageBox: Equatable {
  var text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (lhs: MessageBox, rhs: MessageBox) -> Bool { lhs.text == rhs.text }
}

@MainActor
@Suite("Data flow: an object as input", .isolatedModel)
struct ObjectInputTests {
  @Test("An object input changed in place equals itself, so no update runs; a new object updates")
  func objectChangedInPlaceIsNoChange() throws {
    ModelRuntime.reset()
    var message = MessageBox("first")
    var runs: [String] = []
    let screen = DataFlowScreen { _ in
      Slot("content") {
        Child(input: message) {
          CardViewController()
        } update: { card, message in
          runs.append(message.text)
          card.headline = message.text
        }
      }
    }
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    #expect(runs == ["first"])

    // The composer keeps the input it applied: that object, now changed, compares equal to it.
    message.text = "changed in place"
    screen.composer.setNeedsCompose()
    screen.composer.composeIfNeeded()
    #expect(runs == ["first"])
    #expect((screen.children.first as? CardViewController)?.headline == "first")

    message = MessageBox("second")
    screen.composer.setNeedsCompose()
    screen.composer.composeIfNeeded()
    #expect(runs == ["first", "second"])
    #expect((screen.children.first as? CardViewController)?.headline == "second")
  }
}

// MARK: - Observed reads in update closures

@Observable
@MainActor
private final class Titles {
  var first = "one"
  var second = "two"
}

@MainActor
@Suite("Data flow: reads in update closures are observed per child", .isolatedModel)
struct UpdateObservationTests {
  @Test("A change read only by one child's update re-runs that update alone")
  func changeRerunsOnlyThatUpdate() async throws {
    try await ModelRuntime.withIsolatedRuntime {
      ModelRuntime.exceptionPolicy = .record
      let titles = Titles()
      var runs: [String: Int] = [:]
      let screen = DataFlowScreen { _ in
        Slot("cards", layout: .stack(axis: .vertical)) {
          Child {
            named(CardViewController(), "first")
          } update: { card in
            runs["first", default: 0] += 1
            card.headline = titles.first
          }
          Child {
            named(CardViewController(), "second")
          } update: { card in
            runs["second", default: 0] += 1
            card.headline = titles.second
          }
        }
      }
      let window = show(screen)
      #expect(runs == ["first": 1, "second": 1])
      let traced = screen.composer.trace.count

      titles.first = "uno"
      for _ in 0..<5 { await Task.yield() }
      ModelRuntime.runUntilIdle()

      #expect(runs == ["first": 2, "second": 1])
      #expect(Array(screen.composer.trace[traced...]) == ["update 'cards' 0 CardViewController"])
      let first = try #require(screen.children.first as? CardViewController)
      #expect(first.headline == "uno")

      // And again: the update keeps being observed.
      titles.second = "dos"
      for _ in 0..<5 { await Task.yield() }
      ModelRuntime.runUntilIdle()
      #expect(runs == ["first": 2, "second": 2])
      let second = try #require(screen.children.last as? CardViewController)
      #expect(second.headline == "dos")
      _ = window
    }
  }

  @Test(
    "A change read by a full-screen presented child's update reaches it while the cover hides the container"
  )
  func changeReachesChildPresentedFullScreen() async throws {
    let titles = Titles()
    let screen = DataFlowScreen { screen in
      Slot("content") { Child { named(ListViewController(), "list") } }
      Presentation("cover", item: screen.sheetItem, id: \.self) { _ in
        Child {
          CardViewController()
        } update: { card in
          card.headline = titles.first
        }
      }
      .presentationStyle(.fullScreen)
    }
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    await harness.expectTrace(
      """
      update 'cover' #"a" CardViewController
      present 'cover' #"a" CardViewController animated
      """
    ) { screen.sheetItem = "a" }
    let card = try #require(screen.presentedViewController as? CardViewController)
    #expect(card.headline == "one")
    // The cover takes the container's view out of the window, where no layout pass runs.
    #expect(screen.view.window == nil)

    await harness.expectTrace(
      """
      update 'cover' #"a" CardViewController
      """
    ) { titles.first = "uno" }
    #expect(card.headline == "uno")
    #expect(screen.composer.isSettled)
    harness.expectInvariants()
  }
}
#endif
