#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// Two slots that swap their child with a cross-dissolve when its id changes; the second slot
/// goes in a view the test chooses.
@MainActor
private final class TwoSwappingSlots: ComposedViewController {
  var first = 0 {
    didSet { setNeedsCompose() }
  }
  var second = 0 {
    didSet { setNeedsCompose() }
  }
  var firstInterruption = Interruption.finishRunning
  var secondInterruption = Interruption.finishRunning
  var secondLayout = SlotLayout.fill
  let left = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
  let right = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
  /// Where the second slot's views go; the container's view when `nil`.
  var secondAnchor: UIView? {
    didSet { setNeedsCompose() }
  }
  var completions: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(left)
    view.addSubview(right)
    composer.onSwapCompletion = { [unowned self] in completions.append($0.description) }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("first") { Child { RowViewController() }.id(first) }
      .transition(.crossDissolve(duration: 0.3))
      .interruption(firstInterruption)
    Slot("second", in: secondAnchor, layout: secondLayout) {
      Child { HeaderViewController() }.id(second)
    }
    .transition(.crossDissolve(duration: 0.3))
    .interruption(secondInterruption)
  }
}

/// A slot that swaps a kept-alive list for a detail, cut short by a change that reaches it.
@MainActor
private final class KeptListOrDetail: ComposedViewController {
  var showsDetail = false {
    didSet { setNeedsCompose() }
  }
  var completions: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.onSwapCompletion = { [unowned self] in completions.append($0.description) }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") {
      if showsDetail {
        Child { HeaderViewController() }
      } else {
        Child { RowViewController() }.lifetime(.keepAlive)
      }
    }
    .transition(.crossDissolve(duration: 0.3))
    .interruption(.cutShort)
  }
}

/// A container with a composer of its own, as the documentation shows it, that tells the composer
/// of its appearance.
@MainActor
private final class ToldContainer: UIViewController {
  var id = 0 {
    didSet { composer.setNeedsCompose() }
  }
  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") { Child { RowViewController() }.id(id) }
      .transition(.crossDissolve(duration: 0.3))
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composer.forwardBeginAppearanceTransition(true, animated: animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.forwardEndAppearanceTransition()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    composer.forwardBeginAppearanceTransition(false, animated: animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    composer.forwardEndAppearanceTransition()
  }
}

@MainActor
@Suite("Slots: what a change reaches", .isolatedModel)
struct SlotSwapScopeTests {
  @Test("A composition that declares a cut-short slot as it is lets its swap run")
  func unchangedSlotKeepsSwapping() async {
    let screen = TwoSwappingSlots()
    screen.firstInterruption = .cutShort
    let harness = await ContainerHarness(showing: screen)
    screen.first = 1
    await harness.advance(by: 0.1)
    // Nothing changed, then only the other slot.
    screen.setNeedsCompose()
    await harness.advance(by: 0.01)
    screen.secondInterruption = .cutShort
    screen.second = 1
    await harness.advance(by: 0.01)
    #expect(screen.completions.isEmpty)
    await harness.settle()
    #expect(
      screen.completions == [
        "swap 'first' RowViewController id 0 -> 'first' RowViewController id 1 finished",
        "swap 'second' HeaderViewController id 0 -> 'second' HeaderViewController id 1 finished",
      ])
    harness.expectInvariants()
  }

  @Test(
    "A composition that declares a slot with a hidden kept-alive child as it is lets its swap run")
  func unchangedSlotWithHiddenChildKeepsSwapping() async {
    let screen = KeptListOrDetail()
    let harness = await ContainerHarness(showing: screen)
    screen.showsDetail = true
    await harness.advance(by: 0.1)
    screen.setNeedsCompose()
    await harness.advance(by: 0.01)
    #expect(screen.completions.isEmpty)
    await harness.settle()
    #expect(
      screen.completions == [
        "swap 'content' second RowViewController -> 'content' first HeaderViewController finished"
      ])
    harness.expectInvariants()
  }

  @Test(
    "A container told of its appearance swaps without animation while a push covers it, balanced"
  )
  func swapWhileCovered() async throws {
    let screen = ToldContainer()
    screen.uikitModel.name = "container"
    let navigation = UINavigationController(rootViewController: screen)
    let window = show(navigation)
    var animated: [Bool] = []
    screen.composer.onSwapCompletion = { animated.append($0.animated) }
    navigation.pushViewController(UIViewController(), animated: true)
    ModelRuntime.advance(by: 0.05)
    screen.id = 1
    screen.composer.composeIfNeeded()
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(screen.view.window == nil)
    let child = try #require(screen.children.first)
    #expect(screen.children.count == 1)
    #expect(child.uikitModel.appearanceState == .disappeared)
    #expect(animated == [false])
    _ = window
  }

  @Test("A change to a cut-short slot still cuts its swap short")
  func changedSlotIsCutShort() async {
    let screen = TwoSwappingSlots()
    screen.firstInterruption = .cutShort
    let harness = await ContainerHarness(showing: screen)
    screen.first = 1
    await harness.advance(by: 0.1)
    screen.first = 2
    await harness.advance(by: 0.01)
    #expect(
      screen.completions == [
        "swap 'first' RowViewController id 0 -> 'first' RowViewController id 1 cut short"
      ])
    await harness.settle()
    #expect(screen.children.count == 2)
    harness.expectInvariants()
  }

  @Test("Cutting a slot's swap short lets another slot's swap in the same view run")
  func siblingSwapInSameViewRuns() async {
    let screen = TwoSwappingSlots()
    screen.secondInterruption = .cutShort
    let harness = await ContainerHarness(showing: screen)
    screen.first = 1
    await harness.advance(by: 0.05)
    screen.second = 1
    await harness.advance(by: 0.05)
    screen.second = 2
    await harness.advance(by: 0.01)
    #expect(
      screen.completions == [
        "swap 'second' HeaderViewController id 0 -> 'second' HeaderViewController id 1 cut short"
      ])
    await harness.settle()
    #expect(
      screen.completions.filter { $0.hasPrefix("swap 'first'") } == [
        "swap 'first' RowViewController id 0 -> 'first' RowViewController id 1 finished"
      ])
    harness.expectInvariants()
  }

  @Test(
    "A slot given another anchor moves its children's views there, with no containment call",
    arguments: [false, true])
  func anchorChangeMovesViews(stacked: Bool) async throws {
    let screen = TwoSwappingSlots()
    if stacked { screen.secondLayout = .stack(axis: .vertical) }
    screen.secondAnchor = screen.left
    let harness = await ContainerHarness(showing: screen)
    let header = try #require(harness.controller(named: "second.0"))
    let host = { stacked ? header.view.superview?.superview : header.view.superview }
    #expect(host() === screen.left)
    await harness.expectEvents(of: ["second.0"], "") { screen.secondAnchor = screen.right }
    #expect(host() === screen.right)
    // The stack view the slot left goes with it.
    #expect(screen.left.subviews.isEmpty)
    // The next composition finds nothing to repair.
    await harness.expectTrace(
      "swap 'first' RowViewController id 0 -> 'first' RowViewController id 1 crossDissolve(0.3)"
    ) { screen.first = 1 }
    harness.expectInvariants()
  }
}
#endif
