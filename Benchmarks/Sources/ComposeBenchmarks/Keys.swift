/// A seeded SplitMix64 generator, so that every run edits the same keys.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator.
  ///
  /// - Parameter seed: The seed.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Two lists of unique keys: what is mounted and what is declared next.
struct KeyEdit {
  var old: [Int]
  var new: [Int]

  /// `keys` percent random edits of `0..<count`: a third deletions, a third insertions of new
  /// keys, the rest moves of random elements to random positions.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - percent: The share of keys edited.
  ///   - seed: The generator's seed.
  /// - Returns: The edit.
  static func random(count: Int, percent: Int, seed: UInt64 = 0x5EED) -> KeyEdit {
    var generator = SeededGenerator(seed: seed &+ UInt64(count) &* 31 &+ UInt64(percent))
    let old = Array(0..<count)
    var new = old
    let edits = count * percent / 100
    let deletions = edits / 3
    let insertions = edits / 3
    let moves = edits - deletions - insertions
    for _ in 0..<deletions {
      new.remove(at: Int.random(in: 0..<new.count, using: &generator))
    }
    for index in 0..<insertions {
      new.insert(count + index, at: Int.random(in: 0...new.count, using: &generator))
    }
    for _ in 0..<moves {
      let key = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      new.insert(key, at: Int.random(in: 0...new.count, using: &generator))
    }
    return KeyEdit(old: old, new: new)
  }

  /// `0..<count` with a block of `length` keys removed at `position`.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - length: The length of the block.
  ///   - position: Where the block starts in the old keys.
  /// - Returns: The edit.
  static func deletedBlock(count: Int, length: Int, at position: Int) -> KeyEdit {
    var new = Array(0..<count)
    new.removeSubrange(position..<position + length)
    return KeyEdit(old: Array(0..<count), new: new)
  }

  /// `0..<count` with a block of `length` new keys inserted at `position`.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - length: The length of the block.
  ///   - position: Where the block starts in the new keys.
  /// - Returns: The edit.
  static func insertedBlock(count: Int, length: Int, at position: Int) -> KeyEdit {
    var new = Array(0..<count)
    new.insert(contentsOf: count..<count + length, at: position)
    return KeyEdit(old: Array(0..<count), new: new)
  }

  /// `0..<count` with a block of `length` keys removed at `deletion` and a block of `length`
  /// new keys inserted at `insertion` (a position in the new keys).
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - length: The length of each block.
  ///   - deletion: Where the removed block starts in the old keys.
  ///   - insertion: Where the inserted block starts in the new keys.
  /// - Returns: The edit.
  static func replacedBlocks(
    count: Int, length: Int, deletingAt deletion: Int, insertingAt insertion: Int
  )
    -> KeyEdit
  {
    var new = Array(0..<count)
    new.removeSubrange(deletion..<deletion + length)
    new.insert(contentsOf: count..<count + length, at: insertion)
    return KeyEdit(old: Array(0..<count), new: new)
  }

  /// `0..<count` with the block of `length` keys at `source` moved so that it starts at
  /// `destination` in the new keys.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - length: The length of the block.
  ///   - source: Where the block starts in the old keys.
  ///   - destination: Where it starts in the new keys.
  /// - Returns: The edit.
  static func movedBlock(count: Int, length: Int, from source: Int, to destination: Int)
    -> KeyEdit
  {
    var new = Array(0..<count)
    let block = new[source..<source + length]
    new.removeSubrange(source..<source + length)
    new.insert(contentsOf: block, at: destination)
    return KeyEdit(old: Array(0..<count), new: new)
  }

  /// `0..<count` with the `length` keys from `position` shuffled among themselves.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - length: The length of the window.
  ///   - position: Where the window starts.
  ///   - seed: The generator's seed.
  /// - Returns: The edit.
  static func shuffledWindow(count: Int, length: Int, at position: Int, seed: UInt64 = 0x5EED)
    -> KeyEdit
  {
    var generator = SeededGenerator(seed: seed &+ UInt64(count) &* 31 &+ UInt64(length))
    var new = Array(0..<count)
    new[position..<position + length].shuffle(using: &generator)
    return KeyEdit(old: Array(0..<count), new: new)
  }

  /// `0..<count` rotated left by `distance`: the first `distance` keys move to the end.
  ///
  /// - Parameters:
  ///   - count: The number of keys.
  ///   - distance: How many keys move from the front to the end.
  /// - Returns: The edit.
  static func rotated(count: Int, by distance: Int) -> KeyEdit {
    let old = Array(0..<count)
    return KeyEdit(old: old, new: Array(old[distance...] + old[..<distance]))
  }

  /// The same keys twice, in two separate arrays.
  ///
  /// - Parameter count: The number of keys.
  /// - Returns: The edit.
  static func unchanged(count: Int) -> KeyEdit {
    KeyEdit(old: Array(0..<count), new: (0..<count).map { $0 })
  }
}

/// The same edit on `String` keys: each `Int` key spelled out, as identifiers of records often
/// are.
struct StringKeys {
  var old: [String]
  var new: [String]

  /// The keys of `edit` as text, `"item-"` and the number.
  ///
  /// - Parameter edit: The edit on `Int` keys.
  init(_ edit: KeyEdit) {
    old = edit.old.map { "item-\($0)" }
    new = edit.new.map { "item-\($0)" }
  }
}

/// The fewest steps between two lists of unique keys, computed independently of Compose.
struct MinimumSteps {
  var removals: Int
  var additions: Int
  var moves: Int

  var total: Int { removals + additions + moves }

  /// removals = |old \ new|, additions = |new \ old|, moves = |kept| − LIS of the old positions
  /// of the kept keys, read in new order.
  ///
  /// - Parameter edit: The keys.
  init(_ edit: KeyEdit) {
    var oldPositions: [Int: Int] = [:]
    for (position, key) in edit.old.enumerated() {
      oldPositions[key] = position
    }
    var keptOldPositions: [Int] = []
    for key in edit.new {
      if let position = oldPositions[key] { keptOldPositions.append(position) }
    }
    removals = edit.old.count - keptOldPositions.count
    additions = edit.new.count - keptOldPositions.count
    moves = keptOldPositions.count - Self.increasingRunLength(keptOldPositions)
  }

  /// The length of a longest strictly increasing subsequence (patience sorting on values).
  static func increasingRunLength(_ values: [Int]) -> Int {
    // smallestEnd[l] is the smallest value that ends an increasing subsequence of length l + 1.
    var smallestEnd: [Int] = []
    for value in values {
      let place = smallestEnd.partitioningIndex { $0 >= value }
      if place == smallestEnd.count {
        smallestEnd.append(value)
      } else {
        smallestEnd[place] = value
      }
    }
    return smallestEnd.count
  }
}

extension Array where Element == Int {
  /// The first index whose element satisfies a predicate that is false then true along the array.
  fileprivate func partitioningIndex(where belongsInSecondPart: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if belongsInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// What the machine cannot beat for a keyed difference, and the standard library's answer.
enum Floors {
  /// Builds a dictionary of every old key and looks up every new key.
  ///
  /// - Parameters:
  ///   - old: The old keys.
  ///   - new: The new keys.
  /// - Returns: A value derived from the lookups.
  static func hash<Key: Hashable>(_ old: [Key], _ new: [Key]) -> Int {
    var positions = [Key: Int](minimumCapacity: old.count)
    for index in old.indices {
      positions[old[index]] = index
    }
    var found = 0
    for key in new {
      if let position = positions[key] { found &+= position }
    }
    return found
  }

  /// The hash floor with a dictionary that grows as it fills, as PERFORMANCE.md measured it.
  ///
  /// - Parameters:
  ///   - old: The old keys.
  ///   - new: The new keys.
  /// - Returns: A value derived from the lookups.
  static func growingHash(_ old: [Int], _ new: [Int]) -> Int {
    var positions: [Int: Int] = [:]
    for index in old.indices {
      positions[old[index]] = index
    }
    var found = 0
    for key in new {
      if let position = positions[key] { found &+= position }
    }
    return found
  }

  /// Compares two arrays element by element.
  ///
  /// - Parameters:
  ///   - old: The old keys.
  ///   - new: The new keys.
  /// - Returns: Whether they are equal.
  static func scan<Key: Equatable>(_ old: [Key], _ new: [Key]) -> Bool {
    guard old.count == new.count else { return false }
    for index in old.indices where old[index] != new[index] {
      return false
    }
    return true
  }

  /// A minimal keyed difference on `Int` keys (prefix and suffix skip, a dictionary of the middle,
  /// a longest increasing subsequence), to show what a reconciler can reach on this machine.
  ///
  /// - Parameters:
  ///   - old: The old keys.
  ///   - new: The new keys.
  /// - Returns: The number of steps: removals + additions + moves.
  static func reference(_ old: [Int], _ new: [Int]) -> Int {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    if start == oldEnd || start == newEnd { return (oldEnd - start) + (newEnd - start) }
    var oldPositions = [Int: Int](minimumCapacity: oldEnd - start)
    for index in start..<oldEnd {
      oldPositions[old[index]] = index
    }
    var kept: [Int] = []
    kept.reserveCapacity(newEnd - start)
    for index in start..<newEnd {
      if let position = oldPositions[new[index]] { kept.append(position) }
    }
    let removals = (oldEnd - start) - kept.count
    let additions = (newEnd - start) - kept.count
    return removals + additions + kept.count - MinimumSteps.increasingRunLength(kept)
  }

  /// The standard library's difference with moves inferred.
  ///
  /// - Parameters:
  ///   - old: The old keys.
  ///   - new: The new keys.
  /// - Returns: The number of changes.
  static func standardLibrary<Key: Hashable>(_ old: [Key], _ new: [Key]) -> Int {
    new.difference(from: old).inferringMoves().count
  }
}
