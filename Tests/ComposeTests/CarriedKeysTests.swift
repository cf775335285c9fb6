import Testing

@testable import Compose

/// The key set a list carries from one declaration to the next: a shared set and the few keys
/// changed since, which must always stand for exactly the list's keys and find every repeated key.
@Suite("Carried key sets")
@MainActor
struct CarriedKeysTests {
  private typealias Carried = KeyOperations<Int>.Carried

  /// The keys a carried set stands for.
  private static func keys(of carried: Carried) -> Set<Int> {
    carried.base.subtracting(carried.removed).union(carried.added)
  }

  /// The next list: some keys removed, some added (new ones, or ones removed before), and now and
  /// then one added twice or one that the list still has.
  private static func edit(_ keys: [Int], _ generator: inout SplitMix64, next: inout Int) -> [Int] {
    var result = keys
    for _ in 0..<generator.below(6) where !result.isEmpty {
      result.remove(at: generator.below(result.count))
    }
    for _ in 0..<generator.below(6) {
      let key: Int
      switch generator.below(10) {
      case 0 where !keys.isEmpty: key = keys[generator.below(keys.count)]  // may repeat
      case 1, 2, 3: key = generator.below(next)  // may come back, or repeat
      default:
        key = next
        next += 1
      }
      result.insert(key, at: generator.below(result.count + 1))
    }
    return result
  }

  @Test("Carrying stands for the new keys and finds a repeated key, over many generations")
  func carryingMatchesASet() {
    for seed in UInt64(0)..<40 {
      var generator = SplitMix64(seed: seed)
      var next = 30
      var keys = Array(0..<next)
      var carried = Carried(base: Set(keys), removed: [], added: [])
      var sawShared = false
      var sawRebuilt = false
      for generation in 0..<60 {
        let candidate = Self.edit(keys, &generator, next: &next)
        let sources = KeyedDifference.match(from: keys, to: candidate)
        var used = Set<Int>()
        let removed = keys.indices.filter { position in !sources.contains(position) }
        let added = candidate.indices.filter { position in
          sources[position] < 0 || !used.insert(sources[position]).inserted
        }
        let result = Carried.carrying(
          carried, old: keys, removed: removed, new: candidate, added: added)
        let repeated = Set(candidate).count != candidate.count
        #expect(
          (result == nil) == repeated,
          "seed \(seed), generation \(generation): \(keys) -> \(candidate)")
        guard let result else { continue }
        #expect(
          Self.keys(of: result) == Set(candidate),
          "seed \(seed), generation \(generation): \(keys) -> \(candidate)")
        #expect(result.removed.count + result.added.count <= Carried.maximumChanges)
        if result.base != carried.base {
          sawRebuilt = true
        } else if !result.removed.isEmpty || !result.added.isEmpty {
          sawShared = true
        }
        keys = candidate
        carried = result
      }
      // Both ways of carrying were taken.
      #expect(sawShared && sawRebuilt, "seed \(seed)")
    }
  }

  @Test("Resolved against the last tree for generations, a list keeps matching and finds repeats")
  func resolvingAgainstTheLastTree() {
    func rows(_ keys: [Int]) -> CompositionContent {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
      }
      .compositionContent
    }
    for seed in UInt64(100)..<120 {
      var generator = SplitMix64(seed: seed)
      var next = 30
      var keys = Array(0..<next)
      var mounted = CompositionTree(rows(keys))
      for generation in 0..<40 {
        let candidate = Self.edit(keys, &generator, next: &next)
        let tree = CompositionTree(rows(candidate), mounted: mounted)
        let alone = CompositionTree(rows(candidate))
        let repeated = Set(candidate).count != candidate.count
        let context = "seed \(seed), generation \(generation): \(keys) -> \(candidate)"
        #expect(tree.diagnostics.allSatisfy { $0.id == .duplicateKey }, "\(context)")
        #expect(tree.diagnostics.isEmpty == !repeated, "\(context)")
        #expect(
          tree.children(in: "rows").map(\.description)
            == alone.children(in: "rows").map(\.description), "\(context)")
        // The matched path, which carries the key set, is taken whenever no key repeats.
        let run = tree.slots.first?.keyedRun as? TypedRun<Int>
        guard !repeated else {
          #expect(run == nil, "\(context)")
          continue
        }
        #expect(run?.holdsMatch == true, "\(context)")
        mounted = mounted.reconcile(to: tree).tree.releasingClosures()
        keys = candidate
      }
    }
  }
}
