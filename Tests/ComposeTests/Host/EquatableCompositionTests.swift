#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
@_spi(ComposeTesting) import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

// Compositions declared with `equatable()`: a body is evaluated only when its value, its
// environment or the observed state it read changed.

// MARK: - Fixtures

/// Counts, per composition name, how many times a body is evaluated.
@MainActor
private final class BodyCounter {
  var runs: [String: Int] = [:]
}

/// A child showing a text.
@MainActor
private final class PanelViewController: UIViewController {
  var text = ""
}

/// State a body reads, observed.
@MainActor
@Observable
private final class Badge {
  var count = 0
}

private struct AccentKey: EnvironmentKey {
  static let defaultValue = "blue"
}

extension EnvironmentValues {
  fileprivate var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

/// One slot named `name` showing `title`; equal to another with the same name and title.
private struct Panel: Composition, Equatable {
  let name: String
  let title: String
  let counter: BodyCounter
  /// Observed state the body reads, when set.
  var badge: Badge?
  /// Whether the body reads the badge in the child's update closure rather than in itself.
  var readsBadgeInUpdate = false

  nonisolated static func == (lhs: Panel, rhs: Panel) -> Bool {
    lhs.name == rhs.name && lhs.title == rhs.title
      && lhs.readsBadgeInUpdate == rhs.readsBadgeInUpdate
  }

  var body: CompositionContent {
    let title = counted()
    let badge = badge
    let readsBadgeInUpdate = readsBadgeInUpdate
    // Read here, by the body, unless the update reads it.
    let shownBadge = readsBadgeInUpdate ? nil : badge?.count
    Slot(name) {
      Child {
        PanelViewController()
      } update: { controller, environment in
        let count = readsBadgeInUpdate ? badge?.count : shownBadge
        controller.text = "\(environment.accent) \(title)" + (count.map { " \($0)" } ?? "")
      }
    }
  }

  private func counted() -> String {
    counter.runs[name, default: 0] += 1
    return title
  }
}

/// A container whose composer the tests drive, one composition at a time.
@MainActor
private protocol TracedScreen: UIViewController {
  var composer: Composer { get }
}

extension TracedScreen {
  /// Loads the view and applies the first composition.
  func start() {
    loadViewIfNeeded()
    _ = compose()
  }

  /// Composes the change, returning the steps it planned.
  func compose() -> [String] {
    let before = composer.trace.count
    composer.composeIfNeeded()
    return Array(composer.trace[before...])
  }
}

/// Lets a change to observed state reach the composer, which hears of it on the main actor.
@MainActor
private func deliverObservedChanges() async {
  for _ in 0..<10 { await Task.yield() }
}

/// A container of equatable panels, each in its own slot.
@MainActor
private final class PanelsScreen: UIViewController, TracedScreen {
  var titles: [String: String] {
    didSet { composer.setNeedsCompose() }
  }
  var accent = "blue" {
    didSet { composer.setNeedsCompose() }
  }
  var order: [String]
  let counter = BodyCounter()
  let badge = Badge()
  /// The panel whose body reads the badge, and whether its update reads it instead.
  var badged: String?
  var readsBadgeInUpdate = false
  /// Whether the panels are declared `equatable()`.
  let equatable: Bool
  /// Whether the container also declares a presentation, which presents nothing.
  var declaresPresentation = false

  lazy var composer = Composer(container: self) { [unowned self] in
    if declaresPresentation {
      Presentation("sheet", item: nil as String?, id: \.self) { _ in
        Child { PanelViewController() }
      }
    }
    for name in order {
      if equatable {
        panel(name).equatable().environment(\.accent, accent)
      } else {
        panel(name).environment(\.accent, accent)
      }
    }
  }

  init(titles: [String: String], order: [String], equatable: Bool = true) {
    self.titles = titles
    self.order = order
    self.equatable = equatable
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  private func panel(_ name: String) -> Panel {
    Panel(
      name: name, title: titles[name] ?? "", counter: counter,
      badge: badged == name ? badge : nil, readsBadgeInUpdate: readsBadgeInUpdate)
  }

  /// What each panel shows, by panel; a panel's text starts with the accent, then its title,
  /// which starts with its slot's name in upper case.
  var shown: [String: String] {
    var shown: [String: String] = [:]
    for case let panel as PanelViewController in children {
      let title = panel.text.split(separator: " ").dropFirst().first ?? "?"
      shown[String(title.prefix(1)).lowercased()] = panel.text
    }
    return shown
  }

  /// The panels' controllers, by panel.
  var panels: [String: UIViewController] {
    var panels: [String: UIViewController] = [:]
    for case let panel as PanelViewController in children {
      let title = panel.text.split(separator: " ").dropFirst().first ?? "?"
      panels[String(title.prefix(1)).lowercased()] = panel
    }
    return panels
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

// MARK: - Tests

@MainActor
@Suite("Equatable compositions", .isolatedModel)
struct EquatableCompositionTests {
  @Test("An equal composition's body is not evaluated, and its children have no update step")
  func equalCompositionIsSkipped() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.start()
    #expect(screen.counter.runs == ["a": 1, "b": 1])

    screen.composer.setNeedsCompose()
    #expect(screen.compose() == [])
    #expect(screen.counter.runs == ["a": 1, "b": 1])

    screen.titles["b"] = "B2"
    #expect(screen.compose() == ["update 'b' PanelViewController"])
    #expect(screen.counter.runs == ["a": 1, "b": 2])
    #expect(screen.shown == ["a": "blue A", "b": "blue B2"])
  }

  @Test("Without equatable(), every composition's body runs and every child updates")
  func plainCompositionsAlwaysRun() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"], equatable: false)
    screen.start()
    screen.composer.setNeedsCompose()
    #expect(
      screen.compose() == ["update 'a' PanelViewController", "update 'b' PanelViewController"])
    #expect(screen.counter.runs == ["a": 2, "b": 2])
  }

  @Test("A changed environment value at the composition evaluates its body again")
  func changedEnvironmentEvaluatesTheBody() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A"], order: ["a"])
    screen.start()
    screen.accent = "blue"
    #expect(screen.compose() == [])
    screen.accent = "red"
    #expect(screen.compose() == ["update 'a' PanelViewController"])
    #expect(screen.counter.runs == ["a": 2])
    #expect(screen.shown == ["a": "red A"])
  }

  @Test("Observed state a skipped body read still evaluates it again, every time it changes")
  func observedReadOfSkippedBodyEvaluatesIt() async throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.badged = "a"
    screen.start()
    #expect(screen.shown == ["a": "blue A 0", "b": "blue B"])
    for count in 1...3 {
      // A composition for another reason skips the body: it keeps watching what it read.
      screen.titles["b"] = "B\(count)"
      #expect(screen.compose() == ["update 'b' PanelViewController"], "count \(count)")
      screen.badge.count = count
      await deliverObservedChanges()
      #expect(!screen.composer.isSettled, "count \(count)")
      #expect(screen.compose() == ["update 'a' PanelViewController"], "count \(count)")
      #expect(screen.shown == ["a": "blue A \(count)", "b": "blue B\(count)"], "count \(count)")
    }
    #expect(screen.counter.runs == ["a": 4, "b": 4])
  }

  @Test("Observed state a child's update read in a skipped composition runs that update")
  func observedReadOfUpdateInSkippedComposition() async throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.badged = "a"
    screen.readsBadgeInUpdate = true
    screen.start()
    #expect(screen.shown == ["a": "blue A 0", "b": "blue B"])
    for count in 1...2 {
      screen.badge.count = count
      await deliverObservedChanges()
      #expect(screen.compose() == ["update 'a' PanelViewController"], "count \(count)")
      #expect(screen.shown["a"] == "blue A \(count)", "count \(count)")
    }
    // The body that declares the child is evaluated for its update closure; the other is not.
    #expect(screen.counter.runs == ["a": 3, "b": 1])
  }

  @Test("A composition no longer declared stops watching what its body read")
  func removedCompositionStopsObserving() async throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.badged = "a"
    screen.start()
    screen.order = ["b"]
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.children.count == 1)
    screen.badge.count = 1
    await deliverObservedChanges()
    #expect(screen.composer.isSettled)
    #expect(screen.counter.runs == ["a": 1, "b": 1])
  }

  @Test("An equal composition stands in a container that declares a presentation too")
  func equalCompositionBesidePresentation() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.declaresPresentation = true
    screen.start()
    for pass in 1...2 {
      screen.composer.setNeedsCompose()
      #expect(screen.compose() == [], "pass \(pass)")
      #expect(screen.counter.runs == ["a": 1, "b": 1], "pass \(pass)")
    }
    screen.titles["b"] = "B2"
    #expect(screen.compose() == ["update 'b' PanelViewController"])
    #expect(screen.counter.runs == ["a": 1, "b": 2])
  }

  @Test("A composition removed beside a presentation stops watching what its body read")
  func removedCompositionBesidePresentationStopsObserving() async throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B"], order: ["a", "b"])
    screen.declaresPresentation = true
    screen.badged = "a"
    screen.start()
    screen.order = ["b"]
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.shown == ["b": "blue B"])
    screen.badge.count = 1
    await deliverObservedChanges()
    #expect(screen.composer.isSettled)
    #expect(screen.counter.runs == ["a": 1, "b": 1])
  }

  @Test("Compositions moved, inserted and removed keep their children and skip equal bodies")
  func reorderedCompositions() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A", "b": "B", "c": "C"], order: ["a", "b", "c"])
    screen.start()
    let controllers = screen.panels
    screen.order = ["c", "a", "b", "d"]
    screen.titles["d"] = "D"
    _ = screen.compose()
    #expect(screen.shown == ["a": "blue A", "b": "blue B", "c": "blue C", "d": "blue D"])
    for (panel, controller) in controllers {
      #expect(screen.panels[panel] === controller, "panel \(panel)")
    }
    // Each is matched with the equal one mounted among its next siblings.
    #expect(screen.counter.runs == ["a": 1, "b": 1, "c": 1, "d": 1])
    screen.order = ["a", "d"]
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.shown == ["a": "blue A", "d": "blue D"])
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}

@MainActor
@Suite("Equatable compositions: changes behind the composer", .isolatedModel(diagnostics: .allowed))
struct EquatableCompositionRepairTests {
  @Test("A child other code removed from a skipped composition's slot is made again")
  func repairedSlotIsNotStood() throws {
    ModelRuntime.reset()
    let screen = PanelsScreen(titles: ["a": "A"], order: ["a"])
    screen.start()
    let first = try #require(screen.children.first)
    first.willMove(toParent: nil)
    first.view.removeFromSuperview()
    first.removeFromParent()
    screen.composer.setNeedsCompose()
    _ = screen.compose()
    #expect(screen.children.count == 1)
    #expect(screen.children.first !== first)
    #expect(screen.shown == ["a": "blue A"])
    #expect(screen.counter.runs == ["a": 2])
  }
}

// MARK: - Nested compositions

/// A panel in slot `name` showing the badge, inside ``OuterPanel``.
private struct InnerPanel: Composition, Equatable {
  let name: String
  let title: String
  let counter: BodyCounter
  let badge: Badge

  nonisolated static func == (lhs: InnerPanel, rhs: InnerPanel) -> Bool {
    lhs.name == rhs.name && lhs.title == rhs.title
  }

  var body: CompositionContent {
    let text = counted()
    Slot(name) {
      Child {
        PanelViewController()
      } update: { controller, _ in
        controller.text = text
      }
    }
  }

  private func counted() -> String {
    counter.runs[name, default: 0] += 1
    return "\(title) \(badge.count)"
  }
}

/// A panel in slot `outer` with an equatable ``InnerPanel`` below it.
private struct OuterPanel: Composition, Equatable {
  let title: String
  let inner: InnerPanel

  var body: CompositionContent {
    let title = counted()
    Slot("outer") {
      Child {
        PanelViewController()
      } update: { controller, _ in
        controller.text = title
      }
    }
    inner.equatable()
  }

  private func counted() -> String {
    inner.counter.runs["outer", default: 0] += 1
    return title
  }
}

/// A container of one equatable ``OuterPanel``.
@MainActor
private final class NestedPanelsScreen: UIViewController, TracedScreen {
  var outerTitle = "O" {
    didSet { composer.setNeedsCompose() }
  }
  var innerTitle = "I" {
    didSet { composer.setNeedsCompose() }
  }
  let counter = BodyCounter()
  let badge = Badge()

  lazy var composer = Composer(container: self) { [unowned self] in
    OuterPanel(
      title: outerTitle,
      inner: InnerPanel(name: "inner", title: innerTitle, counter: counter, badge: badge)
    )
    .equatable()
  }

  init() {
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  /// What the panels show, in order.
  var shown: [String] {
    children.compactMap { ($0 as? PanelViewController)?.text }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@MainActor
@Suite("Equatable compositions nested in equatable compositions", .isolatedModel)
struct NestedEquatableCompositionTests {
  @Test("Observed state read by a nested body evaluates it again after its parent alone changed")
  func nestedObservedReadAfterParentChanged() async throws {
    ModelRuntime.reset()
    let screen = NestedPanelsScreen()
    screen.start()
    #expect(screen.shown == ["O", "I 0"])
    // The parent's body runs; the nested composition is equal and stands.
    screen.outerTitle = "O2"
    #expect(screen.compose() == ["update 'outer' PanelViewController"])
    #expect(screen.counter.runs == ["outer": 2, "inner": 1])
    screen.badge.count = 1
    await deliverObservedChanges()
    #expect(!screen.composer.isSettled)
    // The parent, equal, is evaluated again for the nested composition it declares.
    let both = ["update 'outer' PanelViewController", "update 'inner' PanelViewController"]
    #expect(screen.compose() == both)
    #expect(screen.shown == ["O2", "I 1"])
    #expect(screen.counter.runs == ["outer": 3, "inner": 2])
    // And it keeps watching.
    screen.badge.count = 2
    await deliverObservedChanges()
    #expect(screen.compose() == both)
    #expect(screen.shown == ["O2", "I 2"])
    #expect(screen.counter.runs == ["outer": 4, "inner": 3])
  }
}

// MARK: - A composition that breaks its contract

/// Whether ``UnobservedChoice`` shows its second panel; read by its body, not observed.
@MainActor
private final class UnobservedFlag {
  var second = false
}

private final class FirstPanelViewController: UIViewController {}
private final class SecondPanelViewController: UIViewController {}

/// A composition equal to any other of its type, whose body reads state that is not observed:
/// its value does not say what it declares, which `Equatable`'s contract asks.
private struct UnobservedChoice: Composition, Equatable {
  let flag: UnobservedFlag

  nonisolated static func == (lhs: UnobservedChoice, rhs: UnobservedChoice) -> Bool { true }

  var body: CompositionContent {
    Slot("choice") {
      if flag.second {
        Child { SecondPanelViewController() }
      } else {
        Child { FirstPanelViewController() }
      }
    }
  }
}

/// A composed container of one ``UnobservedChoice``.
@MainActor
private final class UnobservedChoiceScreen: ComposedViewController {
  let flag = UnobservedFlag()

  override var composition: CompositionContent {
    UnobservedChoice(flag: flag).equatable().compositionContent
  }
}

@MainActor
@Suite("Equatable compositions in a harness", .isolatedModel)
struct EquatableCompositionHarnessTests {
  @Test("The harness's invariants evaluate an equal composition, and catch one that stood wrongly")
  func invariantsEvaluateEqualCompositions() async throws {
    let screen = UnobservedChoiceScreen()
    let harness = await ContainerHarness(showing: screen)
    harness.expectInvariants()
    screen.flag.second = true
    screen.composer.setNeedsCompose()
    await harness.settle()
    // The composition stood, equal: its body, which would declare the second panel, did not run.
    #expect(screen.children.map { "\(type(of: $0))" } == ["FirstPanelViewController"])
    #expect(
      harness.invariantViolations() == [
        "slot 'choice' declares ['choice' first SecondPanelViewController] but has "
          + "['choice' second FirstPanelViewController] mounted"
      ])
  }
}

// MARK: - Swaps

/// A composition whose slot swaps, animated, between two panels showing `title`.
private struct SwappingPanel: Composition, Equatable {
  var showsSecond: Bool
  var title: String

  var body: CompositionContent {
    let title = title
    Slot("swapping") {
      if showsSecond {
        Child {
          PanelViewController()
        } update: { controller, _ in
          controller.text = "second \(title)"
        }
      } else {
        Child {
          PanelViewController()
        } update: { controller, _ in
          controller.text = "first \(title)"
        }
      }
    }
    .transition(.crossDissolve(duration: 0.3))
  }
}

/// A composed container of one equatable ``SwappingPanel``.
@MainActor
private final class SwappingScreen: ComposedViewController {
  var panel = SwappingPanel(showsSecond: false, title: "1") {
    didSet { composer.setNeedsCompose() }
  }

  override var composition: CompositionContent {
    panel.equatable().compositionContent
  }

  /// What the panels show, in order.
  var shown: [String] {
    children.compactMap { ($0 as? PanelViewController)?.text }
  }
}

@MainActor
@Suite("Equatable compositions and running swaps", .isolatedModel)
struct EquatableCompositionSwapTests {
  @Test("A value declared while its slot swaps reaches the children once the swap ends")
  func valueDeclaredDuringSwapIsApplied() async throws {
    let screen = SwappingScreen()
    let harness = await ContainerHarness(showing: screen)
    #expect(screen.shown == ["first 1"])
    screen.panel.showsSecond = true
    await harness.advance(by: 0.1)
    #expect(screen.shown == ["first 1", "second 1"])
    // The same children with another title: the slot keeps what it has until the swap ends.
    screen.panel.title = "2"
    await harness.advance(by: 0.05)
    await harness.settle()
    #expect(screen.shown == ["second 2"])
    harness.expectInvariants()
  }
}
#endif
