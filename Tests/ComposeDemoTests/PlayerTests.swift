#if !canImport(UIKit)
import Compose
import ComposeDemoKit
import ComposeExamples
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

  @Test(
    "A presented controller, and what it contains, go by their names; its composer's plan is shown")
  func presentedControllers() {
    let scenario = Scenario(
      name: "sheet", title: "Sheet", summary: "A tab container presented.", rootName: "sheet",
      root: { SheetContainer() },
      steps: [
        ScenarioStep("sheet.isPresenting = true", "Present.") { sheet, _ in
          sheet.isPresenting = true
        }
      ])
    let records = Player(scenario).records()
    #expect(
      records[1].plan.map { "\($0.container): \($0.step)" } == [
        "sheet: present 'sheet' #1 TabContainerViewController animated",
        "tabContainer: add-child 'tab' first.first FeedTabViewController",
        "tabContainer: insert-view 'tab' first.first FeedTabViewController at 0",
        "tabContainer: layout 'tab' first.first FeedTabViewController fill",
        "tabContainer: did-move 'tab' first.first FeedTabViewController",
      ])
    #expect(
      records[1].events.map { $0.description } == [
        "tabContainer.loadView()", "tabContainer.viewDidLoad()",
        "tabContainer.viewWillAppear(true)", "feedTab.willMove(toParent: tabContainer)",
        "feedTab.loadView()", "feedTab.viewDidLoad()", "feedTab.didMove(toParent: tabContainer)",
        "feedTab.viewWillAppear(true)", "tabContainer.viewIsAppearing(true)",
        "feedTab.viewIsAppearing(true)",
        "animation#1.start(present(tabContainer, on: sheet), duration: 0.3)",
        "tabContainer.viewDidAppear(true)", "feedTab.viewDidAppear(true)",
        "animation#1.completion(true)",
      ])
  }

  @Test("A controller of a generic type goes by its name in the callbacks too")
  func genericControllers() {
    let scenario = Scenario(
      name: "wrapping", title: "Wrapping", summary: "A generic child.", rootName: "wrapping",
      root: { WrappingContainer() }, steps: [])
    let records = Player(scenario).records()
    #expect(records[0].controllers.children.map(\.name) == ["wrapper<Int>", "wrapper<Int>2"])
    #expect(
      records[0].events.map { $0.description }.filter { $0.hasPrefix("wrapper") } == [
        "wrapper<Int>.willMove(toParent: wrapping)", "wrapper<Int>.loadView()",
        "wrapper<Int>.viewDidLoad()", "wrapper<Int>.didMove(toParent: wrapping)",
        "wrapper<Int>2.willMove(toParent: wrapping)", "wrapper<Int>2.loadView()",
        "wrapper<Int>2.viewDidLoad()", "wrapper<Int>2.didMove(toParent: wrapping)",
        "wrapper<Int>.viewWillAppear(false)", "wrapper<Int>2.viewWillAppear(false)",
        "wrapper<Int>.viewIsAppearing(false)", "wrapper<Int>2.viewIsAppearing(false)",
        "wrapper<Int>.viewDidAppear(false)", "wrapper<Int>2.viewDidAppear(false)",
      ])
  }
}

/// A controller of a generic type.
final class Wrapper<Value>: UIViewController {}

/// A container of two children of a generic type.
@MainActor
final class WrappingContainer: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("content", layout: .stack(axis: .vertical)) {
      Child { Wrapper<Int>() }.id("first")
      Child { Wrapper<Int>() }.id("second")
    }
  }
}

/// A container that presents a tab container while `isPresenting` is set.
@MainActor
final class SheetContainer: ComposedViewController {
  var isPresenting = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Presentation("sheet", item: isPresenting ? 1 : nil, id: \.self) { _ in
      Child { TabContainerViewController() }
    }
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
