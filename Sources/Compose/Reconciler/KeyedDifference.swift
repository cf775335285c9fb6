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
    var insertions: [Int] = []
    var removals: [Int] = []
    // The new positions of kept keys, in old order; those on a longest increasing subsequence
    // stay, the others move.
    var order: [Int] = []
    sources.withUnsafeBufferPointer { sources in
      // For each old position, the new position of the same key, or -1 for a removal.
      var targets = [Int](repeating: -1, count: oldCount)
      targets.withUnsafeMutableBufferPointer { targets in
        for position in 0..<newCount {
          let source = sources[position]
          if source < 0 {
            insertions.append(position)
          } else {
            targets[source] = position
          }
        }
      }
      let keptCount = newCount - insertions.count
      order.reserveCapacity(keptCount)
      if keptCount < oldCount { removals.reserveCapacity(oldCount - keptCount) }
      for (index, target) in targets.enumerated() {
        if target < 0 {
          removals.append(index)
        } else {
          order.append(target)
        }
      }
    }
    self.insertions = insertions
    self.removals = removals
    let stays = Self.longestIncreasingSubsequence(order)
    guard stays.count < order.count else { return }
    var isStaying = [Bool](repeating: false, count: newCount)
    for index in stays {
      isStaying[order[index]] = true
    }
    var moves: [Int] = []
    moves.reserveCapacity(order.count - stays.count)
    for position in 0..<newCount where sources[position] >= 0 && !isStaying[position] {
      moves.append(position)
    }
    self.moves = moves
  }

  /// The positions in `values` of one longest strictly increasing subsequence, ascending.
  ///
  /// A value above the current longest run extends it without a search, so a list that is
  /// mostly in order costs one comparison per value.
  ///
  /// - Complexity: O(*n* + *k* log *k*), *k* being the values that do not extend the run.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    let count = values.count
    guard count > 0 else { return [] }
    // tails[l] is the position of the smallest value ending an increasing run of length l + 1,
    // and tailValues[l] that value.
    var tails: [Int] = []
    var tailValues: [Int] = []
    tails.reserveCapacity(count)
    tailValues.reserveCapacity(count)
    var previous = [Int](repeating: -1, count: count)
    values.withUnsafeBufferPointer { values in
      previous.withUnsafeMutableBufferPointer { previous in
        for index in 0..<count {
          let value = values[index]
          guard let last = tailValues.last else {
            tails.append(index)
            tailValues.append(value)
            continue
          }
          if last < value {
            previous[index] = tails[tails.count - 1]
            tails.append(index)
            tailValues.append(value)
            continue
          }
          var low = 0
          var high = tailValues.count - 1
          while low < high {
            let middle = (low + high) / 2
            if tailValues[middle] < value { low = middle + 1 } else { high = middle }
          }
          if low > 0 { previous[index] = tails[low - 1] }
          tails[low] = index
          tailValues[low] = value
        }
      }
    }
    if tails.count == count { return Array(0..<count) }
    var result = [Int](repeating: 0, count: tails.count)
    var cursor = tails[tails.count - 1]
    for slot in stride(from: tails.count - 1, through: 0, by: -1) {
      result[slot] = cursor
      cursor = previous[cursor]
    }
    return result
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
