#if !canImport(UIKit)
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

private struct NestingRoundKey: EnvironmentKey {
  static let defaultValue = 0
}

extension EnvironmentValues {
  fileprivate var nestingRound: Int {
    get { self[NestingRoundKey.self] }
    set { self[NestingRoundKey.self] = newValue }
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

/// A nested composed container that notes the round its leaf is updated with.
@MainActor
private final class RoundInner: ComposedViewController {
  var seen: [Int] = []
  var onUpdate: (Int) -> Void = { _ in }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") {
      Child {
        named(UIViewController(), "leaf")
      } update: { [unowned self] _, environment in
        seen.append(environment.nestingRound)
        onUpdate(environment.nestingRound)
      }
    }
  }
}

/// Declares the same `RoundInner` instance (kept by the container) while `showsInner`.
@MainActor
private final class RoundOuter: ComposedViewController {
  let inner = named(RoundInner(), "inner")
  var showsInner = true {
    didSet { setNeedsCompose() }
  }
  var round = 0 {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("outer") {
      if showsInner { Child { self.inner } }
    }
    .environment(\.nestingRound, round)
  }
}

/// A container whose declaration the test writes.
@MainActor
private final class BusySlotScreen: UIViewController {
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  var headline = "first" {
    didSet { composer.setNeedsCompose() }
  }
  var showsSheet = true {
    didSet { composer.setNeedsCompose() }
  }
  var sheetItem: String? {
    didSet { composer.setNeedsCompose() }
  }
  private let declaration: @MainActor (BusySlotScreen) -> CompositionContent

  lazy var composer = Composer(container: self) { [unowned self] in
    declaration(self)
  }

  init(
    @CompositionBuilder _ declaration: @escaping @MainActor (BusySlotScreen) -> CompositionContent
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

private final class CardController: UIViewController {}
private final class ListController: UIViewController {}
private final class SheetController: UIViewController {}

@MainActor
@Suite(
  "Reliability: nested containers declared again, and animation control with busy slots",
  .isolatedModel(diagnostics: .allowed))
struct NestedAgainAndBusySlotTests {
  @Test(
    "A composed container declared again (same instance) composes in the environment it is given")
  func reusedNestedContainerGetsNewEnvironment() throws {
    startRecordingModel()
    let outer = named(RoundOuter(), "outer")
    let window = show(outer)
    #expect(outer.inner.seen == [0])

    outer.showsInner = false
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.parent == nil)

    // Declared again, in another round: the factory returns the instance it made before.
    outer.round = 1
    outer.showsInner = true
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.parent === outer)
    #expect(outer.inner.seen == [0, 1])
    _ = window
  }

  @Test(
    "A presentation removed in withoutAnimation while it animates is dismissed without animation")
  func presentationRemovedWithoutAnimationWhileBusy() throws {
    startRecordingModel()
    let screen = BusySlotScreen { screen in
      Slot("content") { Child { named(ListController(), "list") } }
      if screen.showsSheet {
        Presentation("sheet", item: screen.sheetItem, id: \.self) { _ in
          Child { named(SheetController(), "sheet") }
        }
      }
    }
    let window = show(screen)
    screen.sheetItem = "a"
    ModelRuntime.advance(by: 0)
    #expect(screen.presentedViewController is SheetController)
    let traced = screen.composer.trace.count
    // The presentation is still animating: the change waits for it to end.
    screen.composer.withoutAnimation { screen.showsSheet = false }
    ModelRuntime.runUntilIdle()
    #expect(screen.presentedViewController == nil)
    #expect(
      Array(screen.composer.trace[traced...]) == [#"dismiss 'sheet' #"a" SheetController"#])
    _ = window
  }

  @Test(
    "A swapping slot that a change made without animation did not reach animates its later change")
  func untouchedBusySlotAnimatesLaterChange() throws {
    startRecordingModel()
    let screen = BusySlotScreen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(CardController(), "card") }
        } else {
          Child { named(ListController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
      Slot("aside") {
        Child { named(ListController(), "aside-\(screen.headline)") }.id(screen.headline)
      }
      .transition(.crossDissolve(duration: 0.3))
    }
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
        #"swap 'aside' ListController id "second" -> 'aside' ListController id "third" "#
          + "crossDissolve(0.3)"
      ])
    _ = window
  }
}
#endif

#if !canImport(UIKit)
/// A nested composed container with a label of its own; its leaf notes the round and the label.
@MainActor
private final class LabelInner: ComposedViewController {
  var label = "a" {
    didSet { setNeedsCompose() }
  }
  var seen: [String] = []
  var onUpdate: (Int) -> Void = { _ in }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") {
      Child {
        named(UIViewController(), "leaf")
      } update: { [unowned self] _, environment in
        seen.append("\(environment.nestingRound) \(label)")
        onUpdate(environment.nestingRound)
      }
    }
  }
}

@MainActor
private final class LabelOuter: ComposedViewController {
  let inner = named(LabelInner(), "inner")
  var round = 0 {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("outer") { Child { self.inner } }
      .environment(\.nestingRound, round)
  }
}

@MainActor
@Suite(
  "Reliability: a change from outside while composers invalidate each other",
  .isolatedModel(diagnostics: .allowed))
struct ChangeFromOutsideDuringChainTests {
  @Test(
    "A change from outside, pending when composers invalidating each other reach the limit, is applied and starts a new chain"
  )
  func outsideChangePendingAtChainLimit() throws {
    startRecordingModel()
    // Off the window: no layout pass runs, and the test composes each container in turn.
    let outer = named(LabelOuter(), "outer")
    outer.loadViewIfNeeded()
    outer.composer.composeIfNeeded()
    outer.inner.composer.composeIfNeeded()
    #expect(outer.inner.seen == ["0 a"])

    // Each update of the nested leaf starts the next round in its parent.
    outer.inner.onUpdate = { [unowned outer] round in outer.round = round + 1 }
    outer.inner.label = "start"
    func diagnostics() -> [Diagnostic.ID] {
      (outer.composer.diagnostics + outer.inner.composer.diagnostics).map(\.id)
    }
    // The nested container composes at chains 0, 2 … 30 and its parent at 1, 3 … 31: the
    // parent's 16th composition would make the chain too long for the nested container.
    for step in 0..<16 {
      outer.inner.composer.composeIfNeeded()
      if step == 15 {
        // A change from outside to the nested container, pending at that moment.
        outer.inner.label = "late"
      }
      outer.composer.composeIfNeeded()
    }
    #expect(diagnostics().isEmpty)
    outer.inner.composer.composeIfNeeded()
    #expect(outer.inner.seen.last == "16 late")

    // The new chain is stopped in turn, with nothing from outside pending.
    for _ in 0..<40 {
      outer.composer.composeIfNeeded()
      outer.inner.composer.composeIfNeeded()
    }
    #expect(diagnostics() == [.compositionLoop])
    #expect(outer.inner.seen.last == "31 late")
    #expect(outer.composer.isSettled)
    #expect(outer.inner.composer.isSettled)
  }
}
#endif
