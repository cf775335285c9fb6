/// The fewest changes that turn one list of unique keys into another: removals, insertions, and
/// moves of the kept keys that are not on a longest increasing subsequence.
///
/// The algorithm skips the common prefix and suffix, maps the remaining new keys to their
/// positions, and keeps in place the longest run of old keys that already appear in increasing
/// new order; every other kept key moves. That is the minimum: removals = |old \ new|,
/// insertions = |new \ old|, moves = |kept| − LIS.
///
/// - Complexity: O(*n* + *m* + *k* log *k*) time and O(*k*) extra space, where *n* and *m* are
///   the lengths and *k* is the number of kept keys between the common prefix and suffix. An
///   unchanged list costs one comparison per key.
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
    var result = KeyedDifference()
    let oldCount = old.count
    let newCount = new.count
    result.sources = Array(repeating: -1, count: newCount)

    // Common prefix and suffix: the usual edits touch the middle of a list, and an unchanged
    // list ends here after one comparison per key.
    var start = 0
    while start < oldCount, start < newCount, old[start].diffKey == new[start].diffKey {
      result.sources[start] = start
      start += 1
    }
    var oldEnd = oldCount
    var newEnd = newCount
    while oldEnd > start, newEnd > start, old[oldEnd - 1].diffKey == new[newEnd - 1].diffKey {
      oldEnd -= 1
      newEnd -= 1
      result.sources[newEnd] = oldEnd
    }
    if start == oldEnd {
      result.insertions = Array(start..<newEnd)
      return result
    }
    if start == newEnd {
      result.removals = Array(start..<oldEnd)
      return result
    }

    // Map the middle of the new list, then find where each old key went.
    var newPositions = [Element.DiffKey: Int](minimumCapacity: newEnd - start)
    for index in start..<newEnd {
      newPositions[new[index].diffKey] = index
    }
    var keptNewPositions: [Int] = []
    keptNewPositions.reserveCapacity(min(oldEnd - start, newEnd - start))
    for index in start..<oldEnd {
      if let target = newPositions[old[index].diffKey] {
        result.sources[target] = index
        keptNewPositions.append(target)
      } else {
        result.removals.append(index)
      }
    }

    // Kept keys in increasing new order stay; the others move.
    let stays = longestIncreasingSubsequence(keptNewPositions)
    var stayIndex = 0
    var isStaying = [Bool](repeating: false, count: newEnd - start)
    while stayIndex < stays.count {
      isStaying[keptNewPositions[stays[stayIndex]] - start] = true
      stayIndex += 1
    }
    for index in start..<newEnd {
      if result.sources[index] == -1 {
        result.insertions.append(index)
      } else if !isStaying[index - start] {
        result.moves.append(index)
      }
    }
    return result
  }

  /// The positions in `values` of one longest strictly increasing subsequence.
  ///
  /// - Complexity: O(*k* log *k*).
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    // tails[l] is the position of the smallest value ending an increasing run of length l + 1.
    var tails: [Int] = []
    tails.reserveCapacity(values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for index in values.indices {
      let value = values[index]
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
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
