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
  /// positions, and any pair of equal keys the matching finds is part of the answer. The lists
  /// are first matched by comparison alone: the common suffix, then a walk along both lists that
  /// matches equal keys at the current positions and, where they differ, looks a few positions
  /// ahead on either side (or on both, for keys replaced by as many others) for the key that puts
  /// the two lists back in step. The keys such a short detour skips are left for the end.
  ///
  /// A longer edit (a block of keys removed, inserted or moved, a shuffled stretch) is crossed by
  /// hashing only its own keys: the walk stops, and the keys from there are hashed on both sides
  /// in step into one table, old keys by their position and new keys by theirs, each key once.
  /// The first key that finds its match in the table ahead of the walk is where the lists meet
  /// again: the walk resumes there, matching by comparison the keys it had already hashed past
  /// (they stay in the table, matched; no other key can find them, keys being unique). A key
  /// whose match is behind the walk is a key that moved: it is matched on the spot. Where the
  /// rest of the new list is the rest of the old one in reverse order (a list whose order was
  /// reversed), the walk matches it from its end, by comparison.
  ///
  /// At the end, every old key not matched yet joins the table (the keys the detours skipped and
  /// those the walk did not reach), and each new key not matched yet is looked up in it once.
  /// Hashing in step stops once it has hashed a share of the lists (``probeBudget(_:)``): lists
  /// with no common order left (a shuffle) then hash the rest in the same table, so that every
  /// key is hashed once, as in a plain table, with a few comparisons per key on top.
  ///
  /// - Complexity: O(*n* + *m*) expected. A list with a few edits hashes the keys of the edited
  ///   stretches, and about as many keys after them; an unchanged list compares each key once
  ///   and hashes none.
  @inlinable
  static func match<Keys: RandomAccessCollection>(from old: Keys, to new: Keys) -> [Int]
  where Keys.Element: Hashable, Keys.Index == Int {
    let oldStart = old.startIndex
    let newStart = new.startIndex
    var sources = [Int](repeating: -1, count: new.count)
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > 0, newEnd > 0, old[oldStart + oldEnd - 1] == new[newStart + newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
      sources[newEnd] = oldEnd
    }
    // The old positions the detours skip, ascending; room for a few edits from the start, so
    // that a short list with a few edits allocates once.
    var skipped: [Int] = []
    skipped.reserveCapacity(min(oldEnd, 32))
    // The keys hashed so far, each once, in one table: an old key by its position, a new key by
    // its position's complement (negative). Every position from the walk up to a cursor is in
    // the table, or matched.
    var table: [Keys.Element: Int] = [:]
    var oldCursor = 0
    var newCursor = 0
    var budget = probeBudget(max(oldEnd, newEnd))
    var oldIndex = 0
    var newIndex = 0
    walk: while oldIndex < oldEnd, newIndex < newEnd {
      let oldKey = old[oldStart + oldIndex]
      if oldKey == new[newStart + newIndex] {
        sources[newIndex] = oldIndex
        oldIndex += 1
        newIndex += 1
        continue
      }
      // The nearest position ahead where the lists meet again: on the new side (keys inserted
      // or moved here), on the old side (keys removed or moved from here), or on both (keys
      // replaced by as many others).
      for distance in 1...lookahead {
        let newAhead = newIndex + distance
        if newAhead < newEnd, oldKey == new[newStart + newAhead] {
          sources[newAhead] = oldIndex
          oldIndex += 1
          newIndex = newAhead + 1
          continue walk
        }
        let oldAhead = oldIndex + distance
        guard oldAhead < oldEnd else { continue }
        let aheadKey = old[oldStart + oldAhead]
        if aheadKey == new[newStart + newIndex] {
          skipped.append(contentsOf: oldIndex..<oldAhead)
          sources[newIndex] = oldAhead
          oldIndex = oldAhead + 1
          newIndex += 1
          continue walk
        }
        if newAhead < newEnd, aheadKey == new[newStart + newAhead] {
          skipped.append(contentsOf: oldIndex..<oldAhead)
          sources[newAhead] = oldAhead
          oldIndex = oldAhead + 1
          newIndex = newAhead + 1
          continue walk
        }
      }
      // The rest of the new list may be the rest of the old one in reverse order.
      if oldKey == new[newStart + newEnd - 1] {
        repeat {
          newEnd -= 1
          sources[newEnd] = oldIndex
          oldIndex += 1
        } while oldIndex < oldEnd && newIndex < newEnd
          && old[oldStart + oldIndex] == new[newStart + newEnd - 1]
        continue walk
      }
      // Hash both sides in step from here until a key meets its match ahead of the walk.
      if table.capacity == 0 { table.reserveCapacity(budget) }
      oldCursor = max(oldCursor, oldIndex)
      newCursor = max(newCursor, newIndex)
      while budget > 0 {
        if oldCursor < oldEnd {
          let other = claim(&table[old[oldStart + oldCursor], default: absent], oldCursor)
          if other < 0, other != absent {
            if ~other >= newIndex {
              oldIndex = oldCursor
              newIndex = ~other
              oldCursor += 1
              continue walk
            }
            sources[~other] = oldCursor
          }
          oldCursor += 1
          budget -= 1
        }
        if newCursor < newEnd {
          let other = claim(&table[new[newStart + newCursor], default: absent], ~newCursor)
          if other >= 0 {
            if other >= oldIndex {
              oldIndex = other
              newIndex = newCursor
              newCursor += 1
              continue walk
            }
            sources[newCursor] = other
          }
          newCursor += 1
          budget -= 1
        } else if oldCursor >= oldEnd {
          break walk
        }
      }
      break walk
    }
    // Every old key not matched yet is in the table, skipped, or not reached.
    let rest = max(oldIndex, oldCursor)..<oldEnd
    guard !table.isEmpty || !skipped.isEmpty || !rest.isEmpty else { return sources }
    table.reserveCapacity(table.count + skipped.count + rest.count)
    for index in skipped {
      let other = claim(&table[old[oldStart + index], default: absent], index)
      if other < 0, other != absent { sources[~other] = index }
    }
    for index in rest {
      let other = claim(&table[old[oldStart + index], default: absent], index)
      if other < 0, other != absent { sources[~other] = index }
    }
    for index in 0..<newEnd where sources[index] < 0 {
      if let source = table[new[newStart + index]], source >= 0 {
        sources[index] = source
      }
    }
    return sources
  }

  /// The value of an entry of ``match(from:to:)``'s table that was not there.
  @inlinable
  static var absent: Int { .min }

  /// Puts `value` in an entry that was ``absent``; returns what the entry held before.
  @inlinable
  static func claim(_ entry: inout Int, _ value: Int) -> Int {
    let previous = entry
    if previous == absent { entry = value }
    return previous
  }

  /// How far ahead ``match(from:to:)`` looks, on each side, for the key that puts two lists back
  /// in step.
  @inlinable
  static var lookahead: Int { 4 }

  /// How many keys ``match(from:to:)`` hashes in step, for lists of `count` keys, before it
  /// hashes the rest in one table: an eighth of the keys, enough for edits of a few percent in
  /// any shape, and a small share of the work of a table when no common order is left.
  @inlinable
  static func probeBudget(_ count: Int) -> Int { count / 8 + 16 }

  /// The difference that a matching describes.
  ///
  /// - Parameters:
  ///   - sources: For each new position, the old position of the same key, or `-1`; each old
  ///     position appears at most once.
  ///   - oldCount: The length of the old list.
  /// - Complexity: O(*n* + *m* + *k* log *k*).
  init(sources: [Int], oldCount: Int) {
    self.sources = sources
    // One scratch buffer: for each old position the new position of its key (or -1), the kept
    // keys' new positions in old order, and the longest increasing subsequence's bookkeeping.
    let (insertions, removals, moves) = sources.withUnsafeBufferPointer { sources in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * oldCount + 1) { scratch in
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
    // The buffer is never empty: it has one element to spare.
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
    // The kept keys off the subsequence move: walk it back from its end, through the kept keys
    // in reverse old order, and collect the others' new positions.
    let previous = base + 4 * oldCount
    var cursor = base[2 * oldCount + length - 1]
    var moves = Array(unsafeUninitializedCapacity: orderCount - length) { moves, count in
      for index in stride(from: orderCount - 1, through: 0, by: -1) {
        if index == cursor {
          cursor = previous[index]
        } else {
          moves[count] = order[index]
          count += 1
        }
      }
    }
    // In ascending new order. Moves that keep their order (a moved block) come out descending,
    // those of a reversal ascending: neither needs a sort.
    if !moves.isAscending {
      moves.reverse()
      if !moves.isAscending { moves.sort() }
    }
    return (insertions, removals, moves)
  }

  /// The length of a longest strictly increasing subsequence of `values`; one such subsequence
  /// ends at position `tails[length - 1]` and runs backwards through `previous`.
  ///
  /// A value above the current longest run extends it without a search, and a value below every
  /// run's end replaces the first without one, so a list that is mostly in order, or in reverse
  /// order, costs one or two comparisons per value.
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
      // A value below every run's end (a descending stretch) starts a run again, without a
      // search.
      var low = 0
      var high = tailValues[0] < value ? length - 1 : 0
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

extension Array where Element == Int {
  /// Whether every element is below the next.
  fileprivate var isAscending: Bool {
    for index in indices.dropFirst() where self[index - 1] >= self[index] {
      return false
    }
    return true
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
