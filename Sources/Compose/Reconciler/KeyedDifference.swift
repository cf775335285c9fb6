/// The fewest changes that turn one list of unique keys into another: removals, insertions, and
/// moves of the kept keys that are not on a longest increasing subsequence.
///
/// The algorithm matches the keys by comparison where the two lists are in step, maps the
/// remaining old keys to their positions, and keeps in place the longest run of kept keys that
/// already appear in increasing old order; every other kept key moves. That is the minimum: removals = |old \ new|,
/// insertions = |new \ old|, moves = |kept| − LIS.
///
/// It has two halves. ``KeyedDifference/match(from:to:)`` is the only part that hashes or
/// compares keys; it is generic and inlinable, so a list's keys are matched by code compiled for
/// their own type (see ``KeyOperations``). Everything after works on positions alone.
///
/// - Complexity: O(*n* + *m* + *k* log *k*) time and O(*n* + *m*) extra space, where *n* and *m*
///   are the lengths and *k* is the number of kept keys that are not already in order. An
///   unchanged list costs one comparison per key and no hashing.
@usableFromInline
struct KeyedDifference: Equatable {
  /// Old positions of the keys that are not in the new list, ascending.
  var removals: [Int] = []
  /// New positions of the keys that are not in the old list, ascending.
  var insertions: [Int] = []
  /// New positions of kept keys that must move, ascending.
  var moves: [Int] = []
  /// For each new position, the old position of the same key, or `-1` for an insertion.
  var sources: [Int] = []

  /// Whether nothing changed.
  var isEmpty: Bool { removals.isEmpty && insertions.isEmpty && moves.isEmpty }

  init() {}

  /// The difference between two lists of elements, compared by their keys.
  ///
  /// - Complexity: O(*n* + *m* + *k* log *k*).
  static func compute<Element: DiffKeyed>(from old: [Element], to new: [Element])
    -> KeyedDifference
  {
    let sources = match(from: old.lazy.map { $0.diffKey }, to: new.lazy.map { $0.diffKey })
    return KeyedDifference(sources: sources, oldCount: old.count)
  }

  /// For each new position, the old position of the same key, or `-1` for a key that is new.
  ///
  /// Keys must be unique on each side, so two equal keys are always a match, whatever their
  /// positions. The lists are first matched by comparison alone: the common suffix, then a walk
  /// along both lists that matches equal keys at the current positions and, where they differ,
  /// looks a few positions ahead on either side for the key that puts the two lists back in
  /// step. Only the keys the walk leaves unmatched are hashed: the old ones into a table of
  /// positions, then one lookup per unmatched new key. A list with a few edits hashes a few
  /// keys; one with no common order (a reversal, a shuffle) stops walking after a run of misses
  /// and hashes the rest, as a plain table would.
  ///
  /// - Complexity: O(*n* + *m*) expected; hashing is limited to the keys the walk cannot match.
  @inlinable
  static func match<Keys: RandomAccessCollection>(from old: Keys, to new: Keys) -> [Int]
  where Keys.Element: Hashable, Keys.Index == Int {
    let oldCount = old.count
    let newCount = new.count
    let oldStart = old.startIndex
    let newStart = new.startIndex
    var sources = [Int](repeating: -1, count: newCount)
    var oldEnd = oldCount
    var newEnd = newCount
    while oldEnd > 0, newEnd > 0, old[oldStart + oldEnd - 1] == new[newStart + newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
      sources[newEnd] = oldEnd
    }
    // The old positions the walk leaves unmatched, ascending; room for a few edits from the
    // start, so that a short list with a few edits allocates once.
    var unmatched: [Int] = []
    unmatched.reserveCapacity(min(oldEnd, 32))
    var oldIndex = 0
    var newIndex = 0
    var misses = 0
    walk: while oldIndex < oldEnd, newIndex < newEnd {
      let oldKey = old[oldStart + oldIndex]
      if oldKey == new[newStart + newIndex] {
        sources[newIndex] = oldIndex
        oldIndex += 1
        newIndex += 1
        misses = 0
        continue
      }
      // The nearest position ahead, on either side, where the lists meet again.
      for distance in 1...lookahead {
        if newIndex + distance < newEnd, oldKey == new[newStart + newIndex + distance] {
          // Keys inserted or moved here: they are matched by the table, or are new.
          newIndex += distance
          sources[newIndex] = oldIndex
          oldIndex += 1
          newIndex += 1
          misses = 0
          continue walk
        }
        if oldIndex + distance < oldEnd,
          old[oldStart + oldIndex + distance] == new[newStart + newIndex]
        {
          // Keys removed or moved from here.
          unmatched.append(contentsOf: oldIndex..<oldIndex + distance)
          oldIndex += distance
          sources[newIndex] = oldIndex
          oldIndex += 1
          newIndex += 1
          misses = 0
          continue walk
        }
      }
      unmatched.append(oldIndex)
      oldIndex += 1
      newIndex += 1
      misses += 1
      if misses == missesBeforeHashing { break walk }
    }
    unmatched.append(contentsOf: oldIndex..<oldEnd)
    guard !unmatched.isEmpty else { return sources }
    var positions = [Keys.Element: Int](minimumCapacity: unmatched.count)
    for index in unmatched {
      positions[old[oldStart + index]] = index
    }
    for index in 0..<newEnd where sources[index] < 0 {
      if let source = positions[new[newStart + index]] {
        sources[index] = source
      }
    }
    return sources
  }

  /// How far ahead ``match(from:to:)`` looks, on each side, for the key that puts two lists back
  /// in step.
  @inlinable
  static var lookahead: Int { 4 }

  /// How many positions in a row ``match(from:to:)`` may fail to match before it hashes the rest.
  @inlinable
  static var missesBeforeHashing: Int { 8 }

  /// The difference that a matching describes.
  ///
  /// - Parameters:
  ///   - sources: For each new position, the old position of the same key, or `-1`; each old
  ///     position appears at most once.
  ///   - oldCount: The length of the old list.
  /// - Complexity: O(*n* + *m* + *k* log *k*).
  init(sources: [Int], oldCount: Int) {
    self.sources = sources
    let newCount = sources.count
    // One scratch buffer: for each old position the new position of its key (or -1), the kept
    // keys' new positions in old order, and the longest increasing subsequence's bookkeeping.
    let (insertions, removals, moves) = sources.withUnsafeBufferPointer { sources in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * oldCount + newCount) { scratch in
        Self.difference(sources: sources, oldCount: oldCount, scratch: scratch)
      }
    }
    self.insertions = insertions
    self.removals = removals
    self.moves = moves
  }

  private static func difference(
    sources: UnsafeBufferPointer<Int>, oldCount: Int, scratch: UnsafeMutableBufferPointer<Int>
  ) -> (insertions: [Int], removals: [Int], moves: [Int]) {
    let newCount = sources.count
    // The buffer is empty only when both lists are.
    guard let base = scratch.baseAddress else { return ([], [], []) }
    let targets = base
    let order = base + oldCount
    targets.initialize(repeating: -1, count: oldCount)
    var insertionCount = 0
    let insertions = Array(unsafeUninitializedCapacity: newCount) { insertions, count in
      for position in 0..<newCount {
        let source = sources[position]
        if source < 0 {
          insertions[count] = position
          count += 1
        } else {
          targets[source] = position
        }
      }
      insertionCount = count
    }
    let keptCount = newCount - insertionCount
    var orderCount = 0
    let removals = Array(unsafeUninitializedCapacity: oldCount - keptCount) { removals, count in
      for index in 0..<oldCount {
        let target = targets[index]
        if target < 0 {
          removals[count] = index
          count += 1
        } else {
          order[orderCount] = target
          orderCount += 1
        }
      }
    }
    let length = longestIncreasingRun(
      order, count: orderCount, tails: base + 2 * oldCount, tailValues: base + 3 * oldCount,
      previous: base + 4 * oldCount)
    guard length < orderCount else { return (insertions, removals, []) }
    // Mark the new positions on the subsequence; the other kept keys move.
    let staying = base + 5 * oldCount
    staying.initialize(repeating: 0, count: newCount)
    var cursor = base[2 * oldCount + length - 1]
    for _ in 0..<length {
      staying[order[cursor]] = 1
      cursor = base[4 * oldCount + cursor]
    }
    let moves = Array(unsafeUninitializedCapacity: orderCount - length) { moves, count in
      for position in 0..<newCount where sources[position] >= 0 && staying[position] == 0 {
        moves[count] = position
        count += 1
      }
    }
    return (insertions, removals, moves)
  }

  /// The length of a longest strictly increasing subsequence of `values`; one such subsequence
  /// ends at position `tails[length - 1]` and runs backwards through `previous`.
  ///
  /// A value above the current longest run extends it without a search, so a list that is
  /// mostly in order costs one comparison per value.
  ///
  /// - Complexity: O(*n* + *k* log *k*), *k* being the values that do not extend the run.
  private static func longestIncreasingRun(
    _ values: UnsafeMutablePointer<Int>, count: Int, tails: UnsafeMutablePointer<Int>,
    tailValues: UnsafeMutablePointer<Int>, previous: UnsafeMutablePointer<Int>
  ) -> Int {
    // tails[l] is the position of the smallest value ending an increasing run of length l + 1,
    // and tailValues[l] that value; previous[i] is the position before i in its run.
    var length = 0
    for index in 0..<count {
      let value = values[index]
      if length == 0 || tailValues[length - 1] < value {
        previous[index] = length > 0 ? tails[length - 1] : -1
        tails[length] = index
        tailValues[length] = value
        length += 1
        continue
      }
      var low = 0
      var high = length - 1
      while low < high {
        let middle = (low + high) / 2
        if tailValues[middle] < value { low = middle + 1 } else { high = middle }
      }
      previous[index] = low > 0 ? tails[low - 1] : -1
      tails[low] = index
      tailValues[low] = value
    }
    return length
  }
}

/// An element compared by a key in ``KeyedDifference``.
protocol DiffKeyed {
  associatedtype DiffKey: Hashable
  /// The key.
  var diffKey: DiffKey { get }
}

extension ResolvedChild: DiffKeyed {
  var diffKey: ChildIdentity { identity }
}
