import Testing

@testable import Compose

/// The key matching of ``KeyedDifference/match(from:to:)`` checked directly: each new position's
/// source is the old position of the same key, or `-1` for a key that is new; each old position
/// is used at most once; and the hashing it does is proportional to the edited stretches, not to
/// the list, whatever their shape.
@Suite("Key matching")
struct KeyMatchingTests {
  /// What is wrong with a matching of `new` against `old`, as failure lines.
  static func failures<Key: Hashable>(_ sources: [Int], from old: [Key], to new: [Key])
    -> [String]
  {
    var failures: [String] = []
    guard sources.count == new.count else {
      return ["\(sources.count) sources for \(new.count) new keys"]
    }
    var oldPositions: [Key: Int] = [:]
    for (position, key) in old.enumerated() {
      oldPositions[key] = position
    }
    var used = Set<Int>()
    for (position, source) in sources.enumerated() {
      let expected = oldPositions[new[position]] ?? -1
      if source != expected {
        failures.append("new position \(position): source \(source), expected \(expected)")
      }
      if source >= 0, !used.insert(source).inserted {
        failures.append("old position \(source) is the source of two new positions")
      }
    }
    return failures
  }

  /// A key that counts how often it is hashed.
  struct CountedKey: Hashable {
    final class Counter {
      var hashes = 0
    }

    let value: Int
    let counter: Counter

    static func == (lhs: CountedKey, rhs: CountedKey) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) {
      counter.hashes += 1
      hasher.combine(value)
    }
  }

  /// Matches two lists of `Int` keys through keys that count their hashing.
  static func hashes(from old: [Int], to new: [Int]) -> (sources: [Int], hashes: Int) {
    let counter = CountedKey.Counter()
    let oldKeys = old.map { CountedKey(value: $0, counter: counter) }
    let newKeys = new.map { CountedKey(value: $0, counter: counter) }
    let sources = KeyedDifference.match(from: oldKeys, to: newKeys)
    return (sources, counter.hashes)
  }

  @Test(
    "Lists edited in every shape are matched key for key", arguments: [1, 2, 7, 40, 300, 2_000])
  func everyShape(count: Int) {
    for seed in UInt64(1)...150 {
      var editor = KeyEditor(seed: seed &* 0x9E37 &+ UInt64(count), firstNewKey: count)
      let old = Array(0..<count)
      let (shape, new) = editor.edit(old)
      let failures = Self.failures(KeyedDifference.match(from: old, to: new), from: old, to: new)
      #expect(failures.isEmpty, "seed \(seed), \(shape) of \(count) keys: \(failures.prefix(5))")
    }
  }

  @Test("Every shape, applied again and again to the same list, is matched key for key")
  func chainsOfShapes() {
    for seed in UInt64(1)...40 {
      var editor = KeyEditor(seed: seed &* 7_727, firstNewKey: 1_000)
      var old = Array(0..<(50 + editor.random.below(600)))
      for step in 0..<8 {
        let (shape, new) = editor.edit(old)
        let failures = Self.failures(KeyedDifference.match(from: old, to: new), from: old, to: new)
        #expect(failures.isEmpty, "seed \(seed), step \(step), \(shape): \(failures.prefix(5))")
        old = new
      }
    }
  }

  @Test("Slices and other key types are matched from their own start index")
  func slicesAndStrings() {
    let old = Array(0..<500)
    var editor = KeyEditor(seed: 99, firstNewKey: 500)
    for shape in EditShape.allCases {
      let new = editor.edit(old, shape)
      let oldSlice = ([-1, -2, -3] + old)[3...]
      let newSlice = ([-4] + new)[1...]
      let sliced = KeyedDifference.match(from: oldSlice, to: newSlice)
      #expect(Self.failures(sliced, from: old, to: new).isEmpty, "\(shape), slices")
      let strings = KeyedDifference.match(from: old.map { "k\($0)" }, to: new.map { "k\($0)" })
      #expect(Self.failures(strings, from: old, to: new).isEmpty, "\(shape), String keys")
    }
  }

  /// Block edits of 10 000 keys, with a bound on the keys hashed, in proportion to the blocks
  /// (hashing every key, as a plain table does, hashes 20 000).
  static let blockEdits: [(String, [Int], Int)] = {
    let count = 10_000
    let old = Array(0..<count)
    var edits: [(String, [Int], Int)] = []
    for length in [5, 10, 100] {
      let places = [
        ("front", 0), ("near the front", 100), ("middle", 5_000 - length / 2),
        ("near the back", count - 100 - length), ("back", count - length),
      ]
      for (place, start) in places {
        var removed = old
        removed.removeSubrange(start..<start + length)
        edits.append(("\(length) removed, \(place)", removed, 2 * length))
        var inserted = old
        inserted.insert(contentsOf: count..<count + length, at: start)
        edits.append(("\(length) inserted, \(place)", inserted, 2 * length))
        var replaced = old
        replaced.replaceSubrange(start..<start + length, with: count..<count + length)
        edits.append(("\(length) replaced, \(place)", replaced, 4 * length))
        for (destination, target) in places where target != start {
          var moved = old
          let block = moved[start..<start + length]
          moved.removeSubrange(start..<start + length)
          moved.insert(contentsOf: block, at: min(target, moved.count))
          edits.append(("\(length) moved, \(place) to \(destination)", moved, 5 * length))
        }
      }
      var exchanged = old
      exchanged.removeSubrange(100..<100 + length)
      exchanged.insert(contentsOf: count..<count + length, at: count - 100 - 2 * length)
      edits.append(
        (
          "\(length) removed near the front, \(length) inserted near the end",
          exchanged, 4 * length
        ))
      var swapped = old
      swapped.replaceSubrange(
        4_000..<4_000 + 3 * length,
        with: Array(old[4_000 + length..<4_000 + 3 * length] + old[4_000..<4_000 + length]))
      edits.append(("blocks of \(length) and \(2 * length) swapped", swapped, 4 * length))
      var shuffled = old
      var random = SplitMix64(seed: UInt64(length))
      shuffled[6_000..<6_000 + length].shuffle(using: &random)
      edits.append(("window of \(length) shuffled", shuffled, 3 * length))
      edits.append(
        ("rotated left by \(length)", Array(old[length...] + old[..<length]), 4 * length))
      edits.append(
        (
          "rotated right by \(length)", Array(old[(count - length)...] + old[..<(count - length)]),
          4 * length
        ))
    }
    var alternating = old
    for block in stride(from: 2_000, to: 2_200, by: 20) {
      alternating.replaceSubrange(
        block..<block + 20, with: Array(old[block + 10..<block + 20] + old[block..<block + 10]))
    }
    edits.append(("ten blocks of 10 swapped in pairs", alternating, 300))
    edits.append(("reversed", old.reversed(), 0))
    return edits
  }()

  @Test(
    "Block edits of a long list hash in proportion to the blocks, not to the list",
    arguments: blockEdits.indices)
  func blocksHashLittle(_ index: Int) {
    let (name, new, bound) = Self.blockEdits[index]
    let old = Array(0..<10_000)
    let (sources, hashes) = Self.hashes(from: old, to: new)
    let failures = Self.failures(sources, from: old, to: new)
    #expect(failures.isEmpty, "\(name): \(failures.prefix(5))")
    #expect(hashes <= bound + 16, "\(name): \(hashes) keys hashed, at most \(bound + 16) expected")
  }

  @Test("Lists with no common order left hash each key about once, as a plain table would")
  func shufflesHashLikeATable() {
    for seed in UInt64(1)...6 {
      var random = SplitMix64(seed: seed)
      let count = [100, 1_000, 10_000][Int(seed % 3)]
      let old = Array(0..<count)
      var new = old
      new.shuffle(using: &random)
      if seed > 3 {
        // Almost a reversal: the new ends hide it.
        new = [count, count + 1] + old.dropFirst().dropLast().reversed() + [count + 2]
      }
      let (sources, hashes) = Self.hashes(from: old, to: new)
      #expect(Self.failures(sources, from: old, to: new).isEmpty, "seed \(seed)")
      // Each key once, as in a plain table, and the keys hashed in step again when the table
      // grows to take the rest.
      #expect(
        hashes <= 2 * count + count / 4 + 64, "seed \(seed), \(count) keys: \(hashes) hashed")
    }
  }

  @Test("Adversarial edits: many re-alignments, blocks that meet keys hashed long before")
  func adversarialEdits() {
    let count = 3_000
    let old = Array(0..<count)
    var cases: [(String, [Int])] = []
    // Each block of 10 trades places with the next, all along the list.
    var pairs: [Int] = []
    for block in stride(from: 0, to: count, by: 20) {
      pairs +=
        old[min(block + 10, count)..<min(block + 20, count)] + old[block..<min(block + 10, count)]
    }
    cases.append(("adjacent blocks of 10 swapped all along", pairs))
    // Blocks of growing length moved from the front to the back, in reverse order.
    var growing = old
    var moved: [Int] = []
    var start = 0
    for length in [1, 2, 5, 9, 17, 40] {
      moved = Array(old[start..<start + length]) + moved
      start += length + 7
    }
    growing.removeAll { moved.contains($0) }
    cases.append(("blocks of growing length moved to the back", growing + moved))
    // Every 5th key removed and every 7th position given a new key.
    var sparse: [Int] = []
    for (index, key) in old.enumerated() where index % 5 != 0 {
      if index % 7 == 0 { sparse.append(count + index) }
      sparse.append(key)
    }
    cases.append(("every 5th key removed, every 7th new", sparse))
    // The same keys, evens then odds.
    cases.append(("evens then odds", old.filter { $0 % 2 == 0 } + old.filter { $0 % 2 == 1 }))
    // A window reversed inside a shuffled window inside a moved block.
    var nested = old
    var random = SplitMix64(seed: 0xB10C)
    nested[1_000..<1_200].shuffle(using: &random)
    nested[1_050..<1_100].reverse()
    let block = nested[900..<1_300]
    nested.removeSubrange(900..<1_300)
    nested.insert(contentsOf: block, at: 2_000)
    cases.append(("windows nested in a moved block", nested))
    // Keys hashed in step at the front come back only at the very end.
    cases.append(
      (
        "front block moved to the end, behind new keys",
        Array(old[300...]) + (count..<count + 300) + old[..<300]
      ))
    for (name, new) in cases {
      let failures = Self.failures(KeyedDifference.match(from: old, to: new), from: old, to: new)
      #expect(failures.isEmpty, "\(name): \(failures.prefix(5))")
      let reversed = Self.failures(KeyedDifference.match(from: new, to: old), from: new, to: old)
      #expect(reversed.isEmpty, "\(name), the other way: \(reversed.prefix(5))")
    }
  }

  @Test("A few scattered moves and replacements are matched without hashing a key")
  func fewEditsHashNothing() {
    let old = Array(0..<1_000)
    var moved = old
    moved.insert(moved.remove(at: 100), at: 800)
    var twoMoved = moved
    twoMoved.insert(twoMoved.remove(at: 900), at: 20)
    var replaced = old
    for position in stride(from: 50, to: 1_000, by: 125) {
      replaced[position] = 5_000 + position
    }
    let cases: [(String, [Int])] = [
      ("one key moved far", moved), ("two keys moved far", twoMoved),
      ("eight keys replaced", replaced),
    ]
    for (name, new) in cases {
      let (sources, hashes) = Self.hashes(from: old, to: new)
      #expect(Self.failures(sources, from: old, to: new).isEmpty, "\(name)")
      #expect(hashes == 0, "\(name): \(hashes) keys hashed")
    }
    // One more key left unmatched than are compared without a table: a table is built, and
    // each key is still matched.
    var nine = old
    for position in stride(from: 50, to: 1_000, by: 110) {
      nine[position] = 5_000 + position
    }
    let (sources, hashes) = Self.hashes(from: old, to: nine)
    #expect(Self.failures(sources, from: old, to: nine).isEmpty)
    #expect(hashes > 0 && hashes <= 4 * KeyedDifference.linearLimit)
  }

  @Test("Empty and tiny lists")
  func tinyLists() {
    let lists: [[Int]] = [[], [1], [2], [1, 2], [2, 1], [1, 3], [3, 1, 2], [1, 2, 3, 4, 5, 6]]
    for old in lists {
      for new in lists {
        let failures = Self.failures(KeyedDifference.match(from: old, to: new), from: old, to: new)
        #expect(failures.isEmpty, "\(old) -> \(new): \(failures)")
      }
    }
  }
}

/// The difference a matching describes, checked against its definition.
///
/// The removals and insertions are exactly the keys on one side only, the kept keys that do not
/// move are in increasing old order, and there are as few moves as a longest increasing
/// subsequence allows. Lists with few runs of kept keys take the run-by-run search and the others the key-by-key one;
/// both are covered, with every number of moved keys from none to many.
@Suite("Keyed difference")
struct KeyedDifferenceTests {
  /// What is wrong with the difference of a matching, as failure lines.
  static func failures(_ difference: KeyedDifference, sources: [Int], oldCount: Int) -> [String] {
    var failures: [String] = []
    let insertions = sources.indices.filter { sources[$0] < 0 }
    let kept = Set(sources.filter { $0 >= 0 })
    let removals = (0..<oldCount).filter { !kept.contains($0) }
    if difference.insertions != insertions {
      failures.append("insertions \(difference.insertions)")
    }
    if difference.removals != removals { failures.append("removals \(difference.removals)") }
    if difference.moves != difference.moves.sorted()
      || Set(difference.moves).count
        != difference.moves.count
    {
      failures.append("moves not ascending and unique: \(difference.moves)")
    }
    let moved = Set(difference.moves)
    if let wrong = moved.first(where: { sources[$0] < 0 }) {
      failures.append("new position \(wrong) moves but is an insertion")
    }
    let staying = sources.indices.filter { sources[$0] >= 0 && !moved.contains($0) }.map {
      sources[$0]
    }
    if staying != staying.sorted() { failures.append("the keys that stay are not in old order") }
    let fewest = kept.count - longestIncreasingRun(sources.filter { $0 >= 0 })
    if difference.moves.count != fewest {
      failures.append("\(difference.moves.count) moves, \(fewest) needed")
    }
    return failures
  }

  @Test("Every matching of up to 7 old and 7 new positions, across the run-by-run limit")
  func everySmallMatching() {
    var failures: [String] = []
    for oldCount in 0...7 {
      for newCount in 0...7 {
        var sources: [Int] = []
        var used = [Bool](repeating: false, count: oldCount)
        // Every new position is an insertion or takes an old position not taken yet.
        func visit() {
          guard sources.count < newCount else {
            let difference = KeyedDifference(sources: sources, oldCount: oldCount)
            let found = Self.failures(difference, sources: sources, oldCount: oldCount)
            if !found.isEmpty { failures.append("\(sources) from \(oldCount): \(found)") }
            return
          }
          sources.append(-1)
          visit()
          sources.removeLast()
          for source in 0..<oldCount where !used[source] {
            used[source] = true
            sources.append(source)
            visit()
            sources.removeLast()
            used[source] = false
          }
        }
        visit()
      }
    }
    #expect(failures.isEmpty, "\(failures.count) matchings: \(failures.prefix(5))")
  }

  @Test(
    "Moves, removals and insertions are the fewest, with few runs and with many",
    arguments: [3, 10, 64, 400, 2_500])
  func fewestChanges(count: Int) {
    var random = SplitMix64(seed: 0xD1FF &+ UInt64(count))
    for edits in [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144] where edits <= count {
      for trial in 0..<6 {
        var new = Array(0..<count)
        var nextKey = count
        for _ in 0..<edits {
          let kind = random.below(4)
          if kind == 1 || new.isEmpty {
            new.insert(nextKey, at: random.below(new.count + 1))
            nextKey += 1
          } else if kind == 0 {
            new.remove(at: random.below(new.count))
          } else {
            let key = new.remove(at: random.below(new.count))
            new.insert(key, at: random.below(new.count + 1))
          }
        }
        let sources = new.map { $0 < count ? $0 : -1 }
        let difference = KeyedDifference(sources: sources, oldCount: count)
        let failures = Self.failures(difference, sources: sources, oldCount: count)
        #expect(failures.isEmpty, "\(count) keys, \(edits) edits, trial \(trial): \(failures)")
      }
    }
  }
}
