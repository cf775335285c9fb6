@_spi(ComposeTesting) import Compose
import Foundation
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// Random trees of nested compositions, some declared `equatable()`, changed over chains of
// declarations: a tree resolved against the mounted one (which stands mounted slots for equal
// compositions) must be the tree the same declaration resolves to from scratch, and its plan the
// plan of the same declaration without `equatable()`, less the updates of the children of
// compositions that were not evaluated.
//
// To replay one case: EQUATABLE_PROPERTY_SEED=0x1234abcd swift test --filter EquatableComposition

// MARK: - A random model of compositions

/// What one composition declares, in order.
private indirect enum Item: Equatable, CustomStringConvertible {
  /// A slot of children keyed by `keys`, each with an update closure; a child with an explicit
  /// id `explicit` after them, when set.
  case slot(name: String, keys: [Int], explicit: Int?)
  /// A nested composition, in an environment that sets `tone` when it is not `nil`.
  case part(PartSpec, tone: String?)

  var description: String {
    switch self {
    case .slot(let name, let keys, let explicit):
      "slot \(name) \(keys)" + (explicit.map { " id \($0)" } ?? "")
    case .part(let spec, let tone):
      (tone.map { "tone \($0) " } ?? "") + spec.description
    }
  }
}

/// A composition: its items, whether it is declared `equatable()`, and a version that makes it
/// unequal to another without changing what it declares.
private struct PartSpec: Equatable, CustomStringConvertible {
  var isEquatable: Bool
  var version: Int
  var items: [Item]

  var description: String {
    "part\(isEquatable ? " equatable" : "") v\(version) ["
      + items.map(\.description)
      .joined(separator: ", ") + "]"
  }

  /// The same declaration with no composition declared `equatable()`.
  var plain: PartSpec {
    PartSpec(
      isEquatable: false, version: version,
      items: items.map { item in
        guard case .part(let spec, let tone) = item else { return item }
        return .part(spec.plain, tone: tone)
      })
  }
}

private struct ToneKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var propertyTone: String {
    get { self[ToneKey.self] }
    set { self[ToneKey.self] = newValue }
  }
}

@MainActor
private final class Leaf: UIViewController {}

@MainActor
private final class LoudLeaf: UIViewController {}

/// A composition declared from a ``PartSpec``.
private struct Part: Composition, Equatable {
  let spec: PartSpec

  var body: CompositionContent {
    for item in spec.items {
      switch item {
      case .slot(let name, let keys, let explicit):
        Slot(name) {
          ForEach(keys, id: \.self) { key in
            if key == 0 {
              // Its type follows the environment, as the explicit child's below.
              EnvironmentReader { environment in
                if environment.propertyTone == "loud" {
                  Child {
                    LoudLeaf()
                  } update: { _ in
                    _ = key
                  }
                } else {
                  Child {
                    Leaf()
                  } update: { _ in
                    _ = key
                  }
                }
              }
            } else {
              Child {
                Leaf()
              } update: { _ in
                _ = key
              }
            }
          }
          if let explicit {
            // Its type follows the environment: a resolution that ignored a changed tone would
            // keep the other type.
            EnvironmentReader { environment in
              if environment.propertyTone == "loud" {
                Child { LoudLeaf() }.id(explicit)
              } else {
                Child { Leaf() }.id(explicit)
              }
            }
          }
        }
      case .part(let spec, let tone):
        Self.nested(spec, tone: tone)
      }
    }
  }

  static func nested(_ spec: PartSpec, tone: String?) -> CompositionContent {
    let content =
      spec.isEquatable
      ? Part(spec: spec).equatable().compositionContent : Part(spec: spec).compositionContent
    guard let tone else { return content }
    return content.environment(\.propertyTone, tone)
  }
}

/// Makes and changes random specs.
private struct SpecGenerator {
  var random: SplitMix64
  /// Slot names: few enough that some are declared twice.
  let names = (0..<24).map { "s\($0)" }

  mutating func part(depth: Int) -> PartSpec {
    let count = random.below(depth == 0 ? 5 : 4)
    var items: [Item] = []
    for _ in 0..<count {
      items.append(
        depth < 3 && random.chance(0.45) ? .part(part(depth: depth + 1), tone: tone()) : slot())
    }
    return PartSpec(isEquatable: random.chance(0.7), version: 0, items: items)
  }

  mutating func tone() -> String? {
    random.chance(0.3) ? ["loud", "soft"][random.below(2)] : nil
  }

  mutating func slot() -> Item {
    let keys = (0..<random.below(4)).map { _ in random.below(6) }
    return .slot(
      name: names[random.below(names.count)], keys: Array(Set(keys)).sorted(),
      explicit: random.chance(0.2) ? random.below(3) : nil)
  }

  /// The spec with one random change, somewhere in it, or none.
  mutating func mutation(of spec: PartSpec, depth: Int = 0) -> PartSpec {
    var spec = spec
    let nested = spec.items.indices.filter {
      if case .part = spec.items[$0] { return true }
      return false
    }
    // Most changes are deep inside one nested composition.
    if !nested.isEmpty, random.chance(0.6) {
      let index = nested[random.below(nested.count)]
      guard case .part(let inner, let tone) = spec.items[index] else { return spec }
      spec.items[index] = .part(mutation(of: inner, depth: depth + 1), tone: tone)
      return spec
    }
    switch random.below(8) {
    case 0: spec.version += 1
    case 1: spec.isEquatable.toggle()
    case 2 where !spec.items.isEmpty:
      spec.items.remove(at: random.below(spec.items.count))
    case 3:
      let item: Item =
        depth < 3 && random.chance(0.5) ? .part(part(depth: depth + 1), tone: tone()) : slot()
      spec.items.insert(item, at: random.below(spec.items.count + 1))
    case 4 where spec.items.count > 1:
      spec.items.swapAt(random.below(spec.items.count), random.below(spec.items.count))
    case 5 where !spec.items.isEmpty:
      let index = random.below(spec.items.count)
      if case .part(let inner, _) = spec.items[index] {
        spec.items[index] = .part(inner, tone: tone())
      } else {
        spec.items[index] = slot()
      }
    default:
      // Nothing changes: every equatable composition stands.
      break
    }
    return spec
  }
}

// MARK: - The property

@MainActor
@Suite("Equatable composition properties")
struct EquatableCompositionProperties {
  @Test("Standing equal compositions resolves and plans as evaluating every body")
  func standingMatchesEvaluating() {
    let seeds: [UInt64]
    if let text = ProcessInfo.processInfo.environment["EQUATABLE_PROPERTY_SEED"] {
      seeds = [text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? 0 : UInt64(text) ?? 0]
    } else {
      var base = SplitMix64(seed: 0xE0A7_AB1E_0000_0001)
      seeds = (0..<300).map { _ in base.next() }
    }
    var stood = 0
    for seed in seeds {
      var generator = SpecGenerator(random: SplitMix64(seed: seed))
      var spec = generator.part(depth: 0)
      var mounted = CompositionTree(CompositionContent.empty)
      var plainMounted = CompositionTree(CompositionContent.empty)
      var failures: [String] = []
      for round in 0..<8 {
        if round > 0 { spec = generator.mutation(of: spec) }
        let content = Part.nested(spec, tone: nil)
        let plainContent = Part.nested(spec.plain, tone: nil)
        let declared = CompositionTree(content, mounted: mounted)
        let fresh = CompositionTree(plainContent)
        let plainDeclared = CompositionTree(plainContent, mounted: plainMounted)
        if declared.description != fresh.description {
          failures.append("round \(round): resolved\n\(declared)\nfrom scratch\n\(fresh)")
        }
        if declared.diagnostics.map(\.message) != fresh.diagnostics.map(\.message) {
          failures.append(
            "round \(round): diagnostics \(declared.diagnostics.map(\.message)), from scratch "
              + "\(fresh.diagnostics.map(\.message))")
        }
        let reconciliation = mounted.reconcile(to: declared)
        let plainReconciliation = plainMounted.reconcile(to: plainDeclared)
        let steps = reconciliation.plan.steps.map(\.description)
        let plainSteps = plainReconciliation.plan.steps.map(\.description)
        // Every step but the updates of the children of compositions that stood, in order.
        let isUpdate = { (step: String) in step.hasPrefix("update ") }
        if steps.filter({ !isUpdate($0) }) != plainSteps.filter({ !isUpdate($0) })
          || !Set(steps.filter(isUpdate)).isSubset(of: Set(plainSteps.filter(isUpdate)))
        {
          failures.append("round \(round): planned\n\(steps)\nwithout equatable()\n\(plainSteps)")
        }
        stood += plainSteps.filter(isUpdate).count - steps.filter(isUpdate).count
        var interpreter = PlanInterpreter(mounted: mounted)
        interpreter.perform(reconciliation.plan, declared: declared)
        failures += interpreter.violations.map { "round \(round): \($0)" }
        for name in declared.slotNames
        where interpreter.shown(in: name) != declared.children(in: name) {
          failures.append("round \(round): performing the plan does not show slot \(name)")
        }
        // Kept as a composer keeps it.
        mounted = reconciliation.tree.keptByComposer
        plainMounted = plainReconciliation.tree.keptByComposer
        if !failures.isEmpty {
          failures.append("spec: \(spec)")
          break
        }
      }
      #expect(
        failures.isEmpty,
        Comment(
          rawValue:
            "seed 0x\(String(seed, radix: 16)): \(failures.prefix(4).joined(separator: "\n"))"
            + "\nreplay: EQUATABLE_PROPERTY_SEED=0x\(String(seed, radix: 16)) swift test --filter "
            + "EquatableComposition"))
      if !failures.isEmpty { break }
    }
    // The property is about compositions that stand: many must have.
    #expect(stood > 1_000, "only \(stood) updates were left out")
  }
}
