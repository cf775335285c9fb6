/// The fewest changes that turn one list of unique keys into another: removals, insertions, and
/// moves of the kept keys that are not on a longest increasing subsequence.
///
/// The algorithm skips the common prefix and suffix, maps the remaining old keys to their
/// positions, and keeps in place the longest run of kept keys that already appear in increasing
/// old order; every other kept key moves. That is the minimum: removals = |old \ new|,
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
  /// Keys must be unique on each side. The common prefix and suffix are matched by comparison;
  /// only the middle is hashed: the old keys into a table of positions, then one lookup per new
  /// key.
  ///
  /// - Complexity: O(*n* + *m*) expected.
  @inlinable
  static func match<Keys: RandomAccessCollection>(from old: Keys, to new: Keys) -> [Int]
  where Keys.Element: Hashable, Keys.Index == Int {
    let oldCount = old.count
    let newCount = new.count
    var sources = [Int](repeating: -1, count: newCount)
    var start = 0
    while start < oldCount, start < newCount,
      old[old.startIndex + start] == new[new.startIndex + start]
    {
      sources[start] = start
      start += 1
    }
    var oldEnd = oldCount
    var newEnd = newCount
    while oldEnd > start, newEnd > start,
      old[old.startIndex + oldEnd - 1] == new[new.startIndex + newEnd - 1]
    {
      oldEnd -= 1
      newEnd -= 1
      sources[newEnd] = oldEnd
    }
    guard start < oldEnd, start < newEnd else { return sources }
    var positions = [Keys.Element: Int](minimumCapacity: oldEnd - start)
    for index in start..<oldEnd {
      positions[old[old.startIndex + index]] = index
    }
    for index in start..<newEnd {
      if let source = positions[new[new.startIndex + index]] {
        sources[index] = source
      }
    }
    return sources
  }

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
