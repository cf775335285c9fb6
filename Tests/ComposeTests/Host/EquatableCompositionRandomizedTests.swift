#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
@_spi(ComposeTesting) import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

// Two containers declare the same sections, one with each section declared `equatable()`, and
// go through the same random changes (values, environment, observed state, order, kept-alive and
// hidden children, explicit ids, slot names declared twice, nested composed containers, memory
// warnings), some applied while swaps run: once settled, both show the same children with the
// same values.
//
// To replay one case: EQUATABLE_RANDOM_SEED=0x1234 swift test --filter EquatableCompositionRandom

// MARK: - Fixtures

private final class RandomItemViewController: UIViewController {
  var text = ""
}

private final class RandomKeptViewController: UIViewController {
  var text = ""
}

private final class RandomOtherViewController: UIViewController {
  var text = ""
}

private struct RandomToneKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var randomTone: String {
    get { self[RandomToneKey.self] }
    set { self[RandomToneKey.self] = newValue }
  }
}

/// State that bodies and update closures read, observed.
@MainActor
@Observable
private final class RandomStore {
  var value = 0
}

/// What one section declares.
private struct SectionSpec: Equatable, CustomStringConvertible {
  var name: String
  var title = "N"
  var items = [1]
  var showsKept = false
  var isAnimated = false
  var cutsShort = false
  var inner: Int?
  /// The name of the nested composition's slot, when not the section's own name with `-inner`.
  var innerSlot: String?
  var hasExplicitID = false
  var hasNestedContainer = false
  var hasHiddenChild = false
  var itemsReadStore = false

  var description: String {
    "\(name) \(title) \(items) kept \(showsKept) animated \(isAnimated) cut \(cutsShort) "
      + "inner \(inner.map(String.init) ?? "-") in \(innerSlot ?? "-") id \(hasExplicitID) "
      + "nested \(hasNestedContainer) hidden \(hasHiddenChild) reads \(itemsReadStore)"
  }
}

/// A composition nested in a section, whose body reads the store.
private struct InnerSection: Composition, Equatable {
  let name: String
  let value: Int
  let store: RandomStore

  nonisolated static func == (lhs: InnerSection, rhs: InnerSection) -> Bool {
    lhs.name == rhs.name && lhs.value == rhs.value
  }

  var body: CompositionContent {
    let value = value * 100 + store.value
    Slot(name) {
      Child(input: value) {
        RandomOtherViewController()
      } update: { controller, value in
        controller.text = "inner \(value)"
      }
    }
  }
}

/// A section: one slot, and a nested composition.
private struct Section: Composition, Equatable {
  let spec: SectionSpec
  let store: RandomStore

  nonisolated static func == (lhs: Section, rhs: Section) -> Bool { lhs.spec == rhs.spec }

  var body: CompositionContent {
    let spec = spec
    let store = store
    Slot(spec.name) {
      if spec.showsKept {
        Child {
          RandomKeptViewController()
        } update: { controller, environment in
          controller.text = "\(environment.randomTone) kept \(spec.title)"
        }
        .lifetime(.keepAlive)
      } else {
        Child {
          RandomOtherViewController()
        } update: { controller, environment in
          controller.text = "\(environment.randomTone) other \(spec.title)"
        }
      }
      if spec.hasExplicitID {
        Child {
          RandomOtherViewController()
        } update: { controller, environment in
          controller.text = "\(environment.randomTone) explicit \(spec.title)"
        }
        .id(7)
      }
      if spec.hasNestedContainer {
        Child { RandomNestedViewController() }
      }
      if spec.hasHiddenChild {
        Child {
          RandomKeptViewController()
        } update: { controller, environment in
          controller.text = "\(environment.randomTone) hidden \(spec.title)"
        }
        .hidden()
      }
      ForEach(spec.items, id: \.self, skipsUnchangedElements: true) { item in
        if spec.itemsReadStore {
          Child {
            RandomItemViewController()
          } update: { controller, _ in
            controller.text = "\(spec.title) \(item) store \(store.value)"
          }
        } else {
          Child(input: "\(spec.title) \(item)") {
            RandomItemViewController()
          } update: { controller, text in
            controller.text = text
          }
        }
      }
    }
    .transition(spec.isAnimated ? .crossDissolve(duration: 0.3) : .none)
    .interruption(spec.cutsShort ? .cutShort : .finishRunning)
    if let inner = spec.inner {
      InnerSection(name: spec.innerSlot ?? spec.name + "-inner", value: inner, store: store)
        .equatable()
    }
  }
}

/// A composed child that shows the environment's tone.
@MainActor
private final class RandomNestedViewController: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("nested") {
      EnvironmentReader { environment in
        Child {
          RandomItemViewController()
        } update: { controller, _ in
          controller.text = "nested \(environment.randomTone)"
        }
      }
    }
  }
}

/// A container of sections, each declared `equatable()` or not.
@MainActor
private final class SectionsScreen: ComposedViewController {
  var specs: [SectionSpec] = [] {
    didSet { composer.setNeedsCompose() }
  }
  var tone = "plain" {
    didSet { composer.setNeedsCompose() }
  }
  let isEquatable: Bool
  let store = RandomStore()

  init(isEquatable: Bool) {
    self.isEquatable = isEquatable
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    for spec in specs {
      if isEquatable {
        Section(spec: spec, store: store).equatable().environment(\.randomTone, tone)
      } else {
        Section(spec: spec, store: store).environment(\.randomTone, tone)
      }
    }
  }

  /// Each mounted child and hidden child by slot, with what it shows; the tree's diagnostics;
  /// the container's children in order.
  var screen: [String] {
    let tree = composer.mountedTree
    var lines: [String] = []
    for slot in tree.slotNames {
      for identity in tree.children(in: slot) {
        let controller = composer.controller(for: identity)
        let shown = controller.map(Self.text(of:)) ?? "no controller"
        let inWindow = controller?.viewIfLoaded?.window != nil
        lines.append("\(slot): \(identity) shows '\(shown)' in window \(inWindow)")
      }
      for identity in tree.hiddenChildren(in: slot) {
        let alive = composer.controller(for: identity) != nil
        lines.append("\(slot): hidden \(identity) alive \(alive)")
      }
    }
    lines += tree.diagnostics.map { "diagnostic \($0.message)" }
    lines += children.map { "child \(type(of: $0)) '\(Self.text(of: $0))'" }
    return lines
  }

  private static func text(of controller: UIViewController) -> String {
    switch controller {
    case let item as RandomItemViewController: item.text
    case let kept as RandomKeptViewController: kept.text
    case let other as RandomOtherViewController: other.text
    case let nested as RandomNestedViewController:
      nested.children.map(text(of:)).joined(separator: ", ")
    default: "?"
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Equatable compositions, randomized", .isolatedModel(diagnostics: .allowed))
struct EquatableCompositionRandomizedTests {
  nonisolated static let seeds: [UInt64] = {
    if let replay = ProcessInfo.processInfo.environment["EQUATABLE_RANDOM_SEED"],
      let seed = UInt64(replay.replacingOccurrences(of: "0x", with: ""), radix: 16)
    {
      return [seed]
    }
    return (0..<64).map { 0xE0_0000 + UInt64($0) }
  }()

  @Test(
    "Equatable sections show what the same sections evaluated every time show",
    arguments: seeds)
  func equatableSectionsShowWhatPlainOnesShow(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let plain = SectionsScreen(isEquatable: false)
    let equatable = SectionsScreen(isEquatable: true)
    let first = [
      SectionSpec(name: "a", title: "A", items: [1, 2], showsKept: true, inner: 1),
      SectionSpec(name: "b", title: "B", items: [3], isAnimated: true),
    ]
    plain.specs = first
    equatable.specs = first
    let plainHarness = await ContainerHarness(showing: plain, composer: plain.composer)
    let harness = await ContainerHarness(showing: equatable, composer: equatable.composer)
    var history: [String] = []
    for step in 0..<40 {
      var specs = equatable.specs
      var tone = equatable.tone
      let index = specs.isEmpty ? 0 : Int.random(in: 0..<specs.count, using: &random)
      let change = step % 5 == 4 ? 9 : Int.random(in: 0..<17, using: &random)
      switch change {
      case 0 where !specs.isEmpty: specs[index].title = random.pick(["A", "B", "C"])
      case 1 where !specs.isEmpty: specs[index].showsKept.toggle()
      case 2 where !specs.isEmpty:
        var items = specs[index].items
        if items.isEmpty || Bool.random(using: &random) {
          let position = Int.random(in: 0...items.count, using: &random)
          items.insert(Int.random(in: 0..<6, using: &random), at: position)
        } else {
          items.remove(at: Int.random(in: 0..<items.count, using: &random))
        }
        var seen: Set<Int> = []
        specs[index].items = items.filter { seen.insert($0).inserted }
      case 3: specs.shuffle(using: &random)
      case 4 where specs.count < 4:
        if let name = ["a", "b", "c", "d"].first(where: { name in
          !specs.contains { $0.name == name }
        }) {
          specs.insert(
            SectionSpec(
              name: name, showsKept: Bool.random(using: &random),
              isAnimated: Bool.random(using: &random),
              inner: Bool.random(using: &random) ? 2 : nil),
            at: Int.random(in: 0...specs.count, using: &random))
        }
      case 5 where specs.count > 1: specs.remove(at: index)
      case 6: tone = random.pick(["plain", "dark"])
      case 7 where !specs.isEmpty: specs[index].inner = random.pick([nil, 1, 2])
      case 8: ModelRuntime.simulateMemoryWarning()
      case 9:
        plain.store.value += 1
        equatable.store.value += 1
      case 10 where !specs.isEmpty:
        specs[index].innerSlot = random.pick([nil, "a", "b", "c", "x"])
        if specs[index].inner == nil { specs[index].inner = 3 }
      case 11 where !specs.isEmpty: specs[index].hasExplicitID.toggle()
      case 12 where !specs.isEmpty: specs[index].hasNestedContainer.toggle()
      case 13 where !specs.isEmpty: specs[index].hasHiddenChild.toggle()
      case 14 where !specs.isEmpty: specs[index].isAnimated.toggle()
      case 15 where !specs.isEmpty: specs[index].cutsShort.toggle()
      case 16 where !specs.isEmpty: specs[index].itemsReadStore.toggle()
      default: break
      }
      plain.specs = specs
      equatable.specs = specs
      plain.tone = tone
      equatable.tone = tone
      let settles = Bool.random(using: &random)
      history.append(
        "\(step): change \(change), tone \(tone), \(settles ? "settle" : "advance 0.1 s"), "
          + specs.map(\.description).joined(separator: "; "))
      guard settles else {
        await plainHarness.advance(by: 0.1)
        await harness.advance(by: 0.1)
        continue
      }
      await plainHarness.settle()
      await harness.settle()
      let replay = "EQUATABLE_RANDOM_SEED=0x\(String(seed, radix: 16)), step \(step)"
      try #require(
        equatable.screen == plain.screen,
        "\(replay)\n\(history.joined(separator: "\n"))")
      let violations = harness.invariantViolations().filter { !$0.hasPrefix("diagnostic") }
      try #require(violations.isEmpty, "\(replay)")
    }
  }
}
#endif
