#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

// Randomized tests of large keyed lists through a real composed container shown by a
// `ContainerHarness`: hundreds to thousands of keys, Int and String keys, elements that declare
// several children or an `if`, mixed lifetimes, hidden children, transitions interrupted at
// random virtual times, memory warnings, the window hidden and shown, and duplicate keys that
// come and go. After every settle the container's children, its views, the appearance callbacks,
// the diagnostics and the released controllers are checked against the declaration.
//
// A failure prints its seed. To replay one: COMPOSE_LIST_SEED=0x1234 swift test --filter LargeLists

@MainActor
@Suite("Large keyed lists through a composed container", .isolatedModel(diagnostics: .allowed))
struct LargeLists {
  @Test(
    "Random changes to large lists keep children, views, appearance and releases in step",
    arguments: [
      ListCase(seed: 0x11A7_0001, size: 200, steps: 20, manual: false, framesRows: true),
      ListCase(seed: 0x11A7_0002, size: 200, steps: 20, manual: true, framesRows: true),
      ListCase(seed: 0x11A7_0003, size: 200, steps: 20, manual: false, framesRows: false),
    ])
  func randomChanges(_ listCase: ListCase) async {
    let run = await ListRun(listCase.replayed)
    await run.run()
  }

  @Test("Permuting 1,000 keys moves the fewest views and makes no containment call")
  func permutationsMoveFewest() async throws {
    var random = SplitMix64(seed: 0x2000_0001)
    let model = ListModel()
    model.ints = Array(0..<1000)
    model.strings = []
    model.framesRows = true
    let screen = ListScreen(model: model, manual: false)
    let harness = await ContainerHarness(showing: screen)
    screen.composer.traceCapacity = 10_000
    _ = harness.takeDiagnostics()
    for round in 0..<4 {
      let before = model.ints
      var after = before
      switch round {
      case 0: after.reverse()
      case 1: after.shuffle(using: &random)
      default:
        for _ in 0..<20 {
          let element = after.remove(at: random.below(after.count))
          after.insert(element, at: random.below(after.count + 1))
        }
      }
      let position = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
      let minimal = after.count - longestIncreasingRun(after.compactMap { position[$0] })
      let traced = screen.composer.stepsTraced
      model.ints = after
      await harness.settle()
      let steps = screen.composer.trace.suffix(screen.composer.stepsTraced - traced)
      let moves = steps.filter { $0.hasPrefix("move-view ") }.count
      #expect(moves == minimal, "round \(round)")
      #expect(steps.allSatisfy { $0.hasPrefix("move-view ") || $0.hasPrefix("update ") })
      let shown = screen.view.subviews.compactMap { ($0.next as? IntRow)?.key }
      #expect(shown == after, "round \(round)")
      #expect(harness.invariantViolations() == [])
    }
  }
}

/// One randomized case.
struct ListCase: Sendable, CustomTestStringConvertible {
  let seed: UInt64
  let size: Int
  let steps: Int
  let manual: Bool
  let framesRows: Bool

  var testDescription: String {
    "seed 0x\(String(seed, radix: 16)), \(size) keys, \(steps) steps"
      + (manual ? ", manual forwarding" : "")
  }

  /// This case, or the one COMPOSE_LIST_SEED names.
  var replayed: ListCase {
    guard let text = ProcessInfo.processInfo.environment["COMPOSE_LIST_SEED"] else { return self }
    let seed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    return ListCase(
      seed: seed ?? self.seed, size: size, steps: steps, manual: manual, framesRows: framesRows)
  }
}

// MARK: - The screen

/// A row of the Int list.
private final class IntRow: UIViewController {
  let key: Int
  var generation = -1

  init(key: Int) {
    self.key = key
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// The first child of a String element.
private final class TitleRow: UIViewController {
  let key: String
  var generation = -1

  init(key: String) {
    self.key = key
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// The second child of a String element, declared by an `if`.
private final class DetailRow: UIViewController {
  let key: String
  var generation = -1

  init(key: String) {
    self.key = key
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// Every controller the factories made, held weakly.
@MainActor
private final class Made {
  final class Entry {
    let label: String
    weak var controller: UIViewController?

    init(label: String, controller: UIViewController) {
      self.label = label
      self.controller = controller
    }
  }

  var entries: [Entry] = []

  func record<Controller: UIViewController>(_ controller: Controller, _ label: String)
    -> Controller
  {
    entries.append(Entry(label: label, controller: controller))
    return controller
  }
}

/// What the screen declares.
@MainActor
@Observable
private final class ListModel {
  var ints: [Int] = []
  var strings: [String] = []
  var hiddenInts: Set<Int> = []
  var detailed: Set<String> = []
  var generation = 0
  var transition: Transition = .none
  /// Whether the Int rows are placed by frame rather than by constraints.
  var framesRows = false
  let made = Made()

  /// The lifetime of an Int key, fixed by the key.
  nonisolated static func lifetime(of key: Int) -> Lifetime {
    switch key % 7 {
    case 0: .keepAlive
    case 1: .keepAlive(evictOnMemoryWarning: false)
    case 2: .eager
    default: .whileShown
    }
  }
}

private final class ListScreen: ComposedViewController {
  let model: ListModel
  let manual: Bool

  init(model: ListModel, manual: Bool) {
    self.model = model
    self.manual = manual
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !manual }

  @CompositionBuilder override var composition: CompositionContent {
    let generation = model.generation
    let made = model.made
    Slot(
      "ints", layout: model.framesRows ? .frame(CGRect(x: 0, y: 0, width: 390, height: 44)) : .fill
    ) {
      ForEach(model.ints, id: \.self) { key in
        Child {
          made.record(IntRow(key: key), "ints.\(key)")
        } update: {
          $0.generation = generation
        }
        .lifetime(ListModel.lifetime(of: key))
        .hidden(model.hiddenInts.contains(key))
      }
    }
    .transition(model.transition)
    Slot("strings", layout: .stack(axis: .vertical)) {
      ForEach(model.strings, id: \.self) { key in
        Child {
          made.record(TitleRow(key: key), "strings.\(key)")
        } update: {
          $0.generation = generation
        }
        if model.detailed.contains(key) {
          Child {
            made.record(DetailRow(key: key), "strings.\(key) detail")
          } update: {
            $0.generation = generation
          }
          .id(key)
          .lifetime(key.count % 2 == 0 ? .keepAlive : .whileShown)
        }
      }
    }
  }
}

// MARK: - Running a case

@MainActor
private final class ListRun {
  let listCase: ListCase
  var random: SplitMix64
  let model: ListModel
  let screen: ListScreen
  let harness: ContainerHarness
  var log: [String] = []
  /// Each subject's appearance, replayed from the event log.
  var appearance: [String: ModelAppearanceState] = [:]
  var nextInt: Int
  var nextString = 0
  let placeholder = UIViewController()

  init(_ listCase: ListCase) async {
    self.listCase = listCase
    var random = SplitMix64(seed: listCase.seed)
    let model = ListModel()
    model.ints = Array(0..<listCase.size).shuffled(using: &random)
    model.strings = (0..<(listCase.size / 4)).map { "s\($0)" }
    model.detailed = Set(model.strings.filter { _ in random.chance(0.3) })
    model.hiddenInts = Set(model.ints.filter { _ in random.chance(0.1) })
    model.framesRows = listCase.framesRows
    self.random = random
    self.model = model
    nextInt = listCase.size
    nextString = model.strings.count
    screen = ListScreen(model: model, manual: listCase.manual)
    harness = await ContainerHarness(showing: screen)
  }

  func run() async {
    var failures = check(expectingDuplicates: [])
    var step = 0
    while failures.isEmpty, step < listCase.steps {
      step += 1
      let duplicates = mutate()
      if random.chance(0.4) {
        // Changes arriving while transitions run.
        for _ in 0..<random.below(3) {
          await harness.advance(by: Double(random.below(300)) / 1000)
          _ = mutateLight()
        }
      }
      if random.chance(0.08) {
        harness.window.isHidden.toggle()
        note(harness.window.isHidden ? "window hidden" : "window shown")
      }
      if random.chance(0.06) {
        // The container leaves the window and comes back, maybe while a swap runs.
        harness.window.rootViewController = placeholder
        note("container out of the window")
        await harness.advance(by: Double(random.below(300)) / 1000)
        if random.chance(0.5) { _ = mutateLight() }
        harness.window.rootViewController = screen
        note("container back in the window")
      }
      await harness.settle()
      failures = check(expectingDuplicates: duplicates)
      if failures.isEmpty, random.chance(0.15) {
        let evictable = evictableHidden()
        ModelRuntime.simulateMemoryWarning()
        note("memory warning")
        await harness.settle()
        let alive = evictable.filter { $0.controller?.parent === screen }.map(\.label)
        if !alive.isEmpty {
          failures.append("still children after a memory warning: \(alive.prefix(10))")
        }
        // The warning composes nothing: the duplicates were reported by the step.
        failures += check(expectingDuplicates: duplicates, composed: false)
      }
    }
    if harness.window.isHidden {
      harness.window.isHidden = false
      await harness.settle()
      // Showing the window again composes nothing new: the step reported its duplicates.
      failures += check(expectingDuplicates: [], composed: false)
    }
    #expect(
      failures.isEmpty,
      """
      \(listCase.testDescription) failed at step \(step):
      \(failures.prefix(20).joined(separator: "\n"))
      last actions:
      \(log.suffix(15).joined(separator: "\n"))
      replay: COMPOSE_LIST_SEED=0x\(String(listCase.seed, radix: 16))
      """)
  }

  func note(_ action: String) {
    log.append(action)
  }

  /// A change to values that may animate (a replaced key) or move, made while time passes.
  func mutateLight() -> [Int] {
    if !model.ints.isEmpty {
      let index = random.below(model.ints.count)
      model.ints[index] = nextInt
      note("replace ints[\(index)] by \(nextInt)")
      nextInt += 1
    }
    if random.chance(0.5) {
      model.generation += 1
      note("generation \(model.generation)")
    }
    return []
  }

  /// A random change; returns the Int keys it declared twice.
  func mutate() -> [Int] {
    var ints = model.ints
    var description: [String] = []
    if random.chance(0.2) {
      model.transition = random.pick([
        .none, .crossDissolve(duration: 0.2), .slide(from: .trailing, duration: 0.3), .cut,
      ])
      description.append("transition \(model.transition)")
    }
    for _ in 0..<random.below(12) {
      switch random.below(6) {
      case 0 where !ints.isEmpty:
        ints.remove(at: random.below(ints.count))
      case 1:
        ints.insert(nextInt, at: random.below(ints.count + 1))
        nextInt += 1
      case 2 where ints.count > 1:
        let element = ints.remove(at: random.below(ints.count))
        ints.insert(element, at: random.below(ints.count + 1))
      case 3 where !ints.isEmpty:
        let key = ints[random.below(ints.count)]
        if model.hiddenInts.contains(key) {
          model.hiddenInts.remove(key)
        } else {
          model.hiddenInts.insert(key)
        }
      case 4 where !model.strings.isEmpty:
        let key = model.strings[random.below(model.strings.count)]
        if model.detailed.contains(key) {
          model.detailed.remove(key)
        } else {
          model.detailed.insert(key)
        }
      case 5:
        var strings = model.strings
        if random.chance(0.5), !strings.isEmpty {
          strings.remove(at: random.below(strings.count))
        } else {
          strings.insert("s\(nextString)", at: random.below(strings.count + 1))
          nextString += 1
        }
        if random.chance(0.3), strings.count > 1 {
          let element = strings.remove(at: random.below(strings.count))
          strings.insert(element, at: random.below(strings.count + 1))
        }
        model.strings = strings
      default:
        break
      }
    }
    // Back to unique keys, then sometimes a duplicate.
    var seen: Set<Int> = []
    ints = ints.filter { seen.insert($0).inserted }
    var duplicates: [Int] = []
    if random.chance(0.1), !ints.isEmpty {
      let key = ints[random.below(ints.count)]
      ints.insert(key, at: random.below(ints.count + 1))
      duplicates.append(key)
      description.append("duplicate \(key)")
    }
    if random.chance(0.3) { model.generation += 1 }
    model.ints = ints
    note(
      "ints \(ints.count), strings \(model.strings.count), hidden \(model.hiddenInts.count) "
        + description.joined(separator: ", "))
    return duplicates
  }

  /// The hidden children a memory warning should evict.
  func evictableHidden() -> [Made.Entry] {
    let shown = Set(
      screen.children.filter { $0.viewIfLoaded?.superview != nil }.map(ObjectIdentifier.init))
    return model.made.entries.filter { entry in
      guard let controller = entry.controller, controller.parent === screen,
        !shown.contains(ObjectIdentifier(controller))
      else { return false }
      if let row = controller as? IntRow {
        return ListModel.lifetime(of: row.key) == .keepAlive
      }
      if let detail = controller as? DetailRow { return detail.key.count % 2 == 0 }
      return false
    }
  }

  // MARK: Checks

  func check(expectingDuplicates duplicates: [Int], composed: Bool = true) -> [String] {
    var failures: [String] = []
    let generation = model.generation
    let visible = !harness.window.isHidden

    // The views of each slot, in declared order, and nothing else.
    let expectedInts = model.ints.filter { !model.hiddenInts.contains($0) }
    let intViews = screen.view.subviews.filter { $0.next is IntRow }
    let shownInts = intViews.map { ($0.next as? IntRow).map { "\($0.key)" } ?? "?" }
    for view in screen.view.subviews where !(view.next is IntRow) && !(view is UIStackView) {
      // The composer's own layout trigger is a zero-size view that takes no touches.
      if view.frame != .zero || view.isUserInteractionEnabled {
        failures.append(
          "unknown view \(view.uikitModel.name) owned by \(String(describing: view.next))")
      }
    }
    if shownInts != expectedInts.map(String.init) {
      failures.append(
        "'ints' shows \(shownInts.count) views, declared \(expectedInts.count): "
          + firstDifference(shownInts, expectedInts.map(String.init)))
    }
    let stacks = screen.view.subviews.compactMap { $0 as? UIStackView }
    let stackViews = stacks.first?.arrangedSubviews ?? []
    let shownStrings = stackViews.map { view -> String in
      switch view.next {
      case let row as TitleRow: row.key
      case let row as DetailRow: row.key + " detail"
      default: "?"
      }
    }
    let expectedStrings = model.strings.flatMap { key in
      model.detailed.contains(key) ? [key, key + " detail"] : [key]
    }
    if stacks.count > 1 { failures.append("\(stacks.count) stack views") }
    if shownStrings != expectedStrings {
      failures.append(
        "'strings' shows \(shownStrings.count) views, declared \(expectedStrings.count): "
          + firstDifference(shownStrings, expectedStrings))
    }

    // Every child once; each shown view is its child's; values up to date.
    let children = screen.children
    if Set(children.map(ObjectIdentifier.init)).count != children.count {
      failures.append("a controller is a child twice")
    }
    for view in intViews + stackViews {
      guard let controller = view.next as? UIViewController else { continue }
      if controller.parent !== screen {
        failures.append("a shown view's controller is not a child")
      }
      let current =
        (controller as? IntRow)?.generation ?? (controller as? TitleRow)?.generation
        ?? (controller as? DetailRow)?.generation
      if current != generation {
        failures.append(
          "\(harness.name(of: controller) ?? "?") has generation \(current ?? -9), "
            + "expected \(generation)")
      }
    }
    // Eager children are children, shown or not.
    for key in Set(model.ints) where ListModel.lifetime(of: key) == .eager {
      if !children.contains(where: { ($0 as? IntRow)?.key == key }) {
        failures.append("eager ints.\(key) is not a child")
      }
    }

    // Appearance: replay every callback per controller.
    let events = ModelRuntime.events
    for event in events where event.category == .appearance {
      guard event.subject != "container" else { continue }
      let callback = String(event.callback.prefix { $0 != "(" })
      let before = appearance[event.subject, default: .disappeared]
      let after = before.after(callback)
      guard let after else {
        failures.append("\(event.subject) received \(event.callback) while \(before)")
        continue
      }
      appearance[event.subject] = after
    }
    ModelRuntime.clearEvents()
    for child in children {
      let shown = child.viewIfLoaded?.superview != nil
      let expected: ModelAppearanceState = shown && visible ? .appeared : .disappeared
      let name = child.uikitModel.name
      if child.uikitModel.appearanceState != expected {
        failures.append("\(name) is \(child.uikitModel.appearanceState), expected \(expected)")
      }
      if appearance[name, default: .disappeared] != expected {
        failures.append(
          "\(name)'s callbacks leave it \(appearance[name, default: .disappeared]), "
            + "expected \(expected)")
      }
    }

    // Released: every controller made that is no longer a child is gone.
    for entry in model.made.entries {
      if let controller = entry.controller, controller.parent !== screen {
        failures.append("\(entry.label) is no longer a child but is still alive")
      }
    }
    model.made.entries.removeAll { $0.controller == nil }

    // The harness's own invariants, and the diagnostics: only the duplicates', naming the key.
    var diagnostics: [String] = []
    for violation in harness.invariantViolations() {
      if violation.hasPrefix("diagnostic: ") {
        diagnostics.append(violation)
      } else {
        failures.append(violation)
      }
    }
    // A duplicate that a later change of the same step removed may have been composed or not.
    var counts: [Int: Int] = [:]
    for key in model.ints { counts[key, default: 0] += 1 }
    let declaredTwice = counts.filter { $0.value > 1 }.keys.sorted()
    for line in diagnostics {
      let named = (duplicates + declaredTwice).contains {
        line.contains("duplicateKey") && line.contains("'\($0)'")
      }
      if !named { failures.append("unexpected \(line)") }
    }
    for key in declaredTwice
    where composed && !diagnostics.contains(where: { $0.contains("'\(key)'") }) {
      failures.append("no diagnostic for duplicate key \(key)")
    }
    return failures
  }

  func firstDifference(_ actual: [String], _ expected: [String]) -> String {
    let index =
      zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(actual.count, expected.count)
    return "first difference at \(index): \(actual.dropFirst(index).prefix(5)) "
      + "vs declared \(expected.dropFirst(index).prefix(5))"
  }
}
#endif
