#if !canImport(UIKit)
import Compose
import ComposeDemoKit
import ComposeTesting
import Testing

/// What the player records for each step: what happened during that step, and nothing from
/// earlier ones.
@MainActor
@Suite("Player")
struct PlayerTests {
  @Test(
    "A composer's diagnostic is a problem of the step that caused it only",
    .isolatedModel(exceptions: .record, diagnostics: .allowed))
  func diagnosticsOfTheirStepOnly() {
    let scenario = Scenario(
      name: "doubling", title: "Doubling", summary: "A child declared twice.",
      rootName: "doubling", root: { DoublingContainer() },
      steps: [
        ScenarioStep("doubling.isDoubled = true", "Twice.") { doubling, _ in
          doubling.isDoubled = true
        },
        ScenarioStep("doubling.isDoubled = false", "Once.") { doubling, _ in
          doubling.isDoubled = false
        },
      ])
    let records = Player(scenario).records()
    #expect(records.map { $0.problems.count } == [0, 1, 0])
    #expect(
      records[1].problems == [
        "doubling: PlayerTests.swift:\(DoublingContainer.doubledLine): child id 'row' of type "
          + "'UIViewController' is used twice in slot 'content'; the second is kept as a "
          + "separate child; give each child its own id"
      ])
  }

  @Test(
    "A step's plan is the steps traced during it, also once the composer's trace is full",
    .isolatedModel)
  func planOnceTheTraceIsFull() {
    let scenario = Scenario(
      name: "doubling", title: "Doubling", summary: "A short trace.", rootName: "doubling",
      root: { () -> DoublingContainer in
        let container = DoublingContainer()
        // Four steps: step 1's fill the trace.
        container.composer.traceCapacity = 4
        return container
      },
      steps: [
        ScenarioStep("doubling.rows = 2", "A second row.") { doubling, _ in doubling.rows = 2 }
      ])
    let records = Player(scenario).records()
    #expect(
      records[1].plan.map { $0.step } == [
        #"add-child 'content' 1.some UIViewController id "row2""#,
        #"insert-view 'content' 1.some UIViewController id "row2" at 1"#,
        #"layout 'content' 1.some UIViewController id "row2" stack(vertical, 0)"#,
        #"did-move 'content' 1.some UIViewController id "row2""#,
      ])
  }
}

/// A container with rows of plain children, keyed by number, and a second row declared under
/// the first one's identity while `isDoubled` is set.
@MainActor
final class DoublingContainer: ComposedViewController {
  /// The line of the child declared a second time as 'row'.
  static let doubledLine = #line + 15
  var isDoubled = false {
    didSet { setNeedsCompose() }
  }
  var rows = 1 {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content", layout: .stack(axis: .vertical)) {
      Child { UIViewController() }.id("row")
      if rows > 1 {
        Child { UIViewController() }.id("row2")
      }
      if isDoubled {
        Child { UIViewController() }.id("row")
      }
    }
  }
}
#endif
