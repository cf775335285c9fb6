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
  static func compute<Elements: RandomAccessCollection>(from old: Elements, to new: Elements)
    -> KeyedDifference
  where Elements.Element: DiffKeyed, Elements.Index == Int {
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
  /// When nothing was hashed and at most ``linearLimit`` old keys are left (a few keys moved or
  /// replaced, a block inserted), no table is built: each new key left is compared with them.
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
    // Built from a repeated element: `Array(repeating:count:)` allocates through generic code.
    var sources = Array(repeatElement(-1, count: new.count))
    sources.withUnsafeMutableBufferPointer { sources in
      match(from: old, to: new, into: sources)
    }
    return sources
  }

  /// ``match(from:to:)`` into a buffer of `new.count` positions, each `-1` at first; written
  /// through a pointer, so that no write checks that the array is uniquely referenced.
  @inlinable
  static func match<Keys: RandomAccessCollection>(
    from old: Keys, to new: Keys, into sources: UnsafeMutableBufferPointer<Int>
  ) where Keys.Element: Hashable, Keys.Index == Int {
    let oldStart = old.startIndex
    let newStart = new.startIndex
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > 0, newEnd > 0, old[oldStart + oldEnd - 1] == new[newStart + newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
      sources[newEnd] = oldEnd
    }
    // The old positions the detours skip, ascending; room for a few edits at the first, so that
    // a short list with a few edits allocates once, and an unchanged list not at all.
    var skipped: [Int] = []
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
      // Positions are below the lists' counts: they advance without overflow checks.
      let oldKey = old[oldStart &+ oldIndex]
      if oldKey == new[newStart &+ newIndex] {
        sources[newIndex] = oldIndex
        oldIndex &+= 1
        newIndex &+= 1
        continue
      }
      // The nearest position ahead where the lists meet again: on the new side (keys inserted
      // or moved here), on the old side (keys removed or moved from here), or on both (keys
      // replaced by as many others).
      // A `while` loop: iterating a closed range goes through its generic index's witnesses.
      var distance = 0
      while distance < lookahead {
        distance += 1
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
          if skipped.capacity == 0 { skipped.reserveCapacity(min(oldEnd, 32)) }
          skipped.append(contentsOf: oldIndex..<oldAhead)
          sources[newIndex] = oldAhead
          oldIndex = oldAhead + 1
          newIndex += 1
          continue walk
        }
        if newAhead < newEnd, aheadKey == new[newStart + newAhead] {
          if skipped.capacity == 0 { skipped.reserveCapacity(min(oldEnd, 32)) }
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
      // When the old keys left are few, and nothing was hashed, the end compares them with the
      // new keys left (a replacement just before the common suffix, keys added at the end).
      if table.isEmpty, oldEnd - oldIndex + skipped.count <= linearLimit { break walk }
      // Hash both sides in step from here until a key meets its match ahead of the walk.
      // `Dictionary(minimumCapacity:)` is specialized for the key type; `reserveCapacity(_:)`
      // is not, and looks up the table's type at run time.
      if table.capacity == 0 { table = Dictionary(minimumCapacity: budget) }
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
    guard !table.isEmpty || !skipped.isEmpty || !rest.isEmpty else { return }
    if table.isEmpty, skipped.count + rest.count <= linearLimit {
      // A few old keys are left and none was hashed: each new key not matched yet is compared
      // with them, which costs less than building a table.
      var left = skipped.count + rest.count
      for index in 0..<newEnd where sources[index] < 0 {
        let key = new[newStart + index]
        for candidate in skipped where old[oldStart + candidate] == key {
          sources[index] = candidate
          left -= 1
        }
        for candidate in rest where old[oldStart + candidate] == key {
          sources[index] = candidate
          left -= 1
        }
        if left == 0 { return }
      }
      return
    }
    let needed = table.count + skipped.count + rest.count
    if table.capacity < needed {
      if table.isEmpty {
        table = Dictionary(minimumCapacity: needed)
      } else {
        table.reserveCapacity(needed)
      }
    }
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

  /// How many old keys ``match(from:to:)`` may have left unmatched, and none hashed, for the new
  /// keys left to be compared with each of them instead of looked up in a table.
  @inlinable
  static var linearLimit: Int { 8 }

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
    // One scratch buffer: for each old position the new position of its key (or -1), then the
    // removals in its place; the kept keys' new positions in old order; the longest increasing
    // subsequence's bookkeeping; and the insertions.
    let newCount = sources.count
    let (insertions, removals, moves) = sources.withUnsafeBufferPointer { sources in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * oldCount + newCount + 1) {
        scratch in
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
    let tails = base + 2 * oldCount
    let tailValues = base + 3 * oldCount
    let previous = base + 4 * oldCount
    // A removal is written at or before the target the pass reads: it reuses their place.
    let removalBuffer = targets
    let insertionBuffer = base + 5 * oldCount
    targets.initialize(repeating: -1, count: oldCount)
    // The kept keys also fall into runs: stretches of new positions whose old positions follow
    // one another. While there are few, a run's start, old start and length are kept where
    // `order`, `tails` and `tailValues` go.
    let runLimit = Self.runLimit(oldCount: oldCount)
    var runCount = 0
    var runsFit = true
    var runLength = 0
    var previousSource = -2
    var insertionCount = 0
    var position = 0
    // Counts and positions stay far below `Int.max`: they are added to without overflow checks.
    while position < newCount {
      let source = sources[position]
      position &+= 1
      if source < 0 {
        insertionBuffer[insertionCount] = position &- 1
        insertionCount &+= 1
        previousSource = -2
        continue
      }
      targets[source] = position &- 1
      if source == previousSource &+ 1 {
        runLength &+= 1
      } else {
        if runCount > 0 { tailValues[runCount &- 1] = runLength }
        guard runCount < runLimit else {
          runsFit = false
          previousSource = source
          break
        }
        order[runCount] = position &- 1
        tails[runCount] = source
        runCount &+= 1
        runLength = 1
      }
      previousSource = source
    }
    // Too many runs. While every run so far is one key below the one before (a reversed list),
    // the pass also checks that the rest goes on down; then it only lists the insertions and the
    // targets.
    var descending = !runsFit
    if descending {
      for run in 0..<runCount where tailValues[run] != 1 || (run > 0 && tails[run] > tails[run - 1])
      {
        descending = false
        break
      }
      if runCount > 0, previousSource > tails[runCount - 1] { descending = false }
    }
    var lastKept = previousSource
    while descending, position < newCount {
      let source = sources[position]
      if source < 0 {
        insertionBuffer[insertionCount] = position
        insertionCount &+= 1
      } else {
        targets[source] = position
        if source > lastKept { descending = false }
        lastKept = source
      }
      position &+= 1
    }
    while position < newCount {
      let source = sources[position]
      if source < 0 {
        insertionBuffer[insertionCount] = position
        insertionCount &+= 1
      } else {
        targets[source] = position
      }
      position &+= 1
    }
    if runsFit, runCount > 0 { tailValues[runCount &- 1] = runLength }
    let keptCount = newCount - insertionCount
    if runsFit {
      return Self.difference(
        runCount: runCount, starts: order, sources: tails, lengths: tailValues,
        scratch: previous, targets: targets, oldCount: oldCount,
        insertions: Self.array(insertionBuffer, count: insertionCount), keptCount: keptCount)
    }
    if descending {
      return Self.reversedDifference(
        sources: sources, targets: targets, oldCount: oldCount, moveBuffer: order,
        insertions: Self.array(insertionBuffer, count: insertionCount), keptCount: keptCount)
    }
    // The kept keys' new positions in old order, and a longest strictly increasing subsequence
    // of them, found in the same pass. tails[l] is the position in `order` of the smallest value
    // that ends an increasing run of length l + 1, and tailValues[l] that value; previous[i] is
    // the position before i in its run. The longest run's end stays in registers: in a list
    // mostly in order, nearly every value extends it after one comparison.
    var removalCount = 0
    var orderCount = 0
    var length = 0
    var lastValue = Int.min
    var lastTail = -1
    for index in 0..<oldCount {
      let value = targets[index]
      if value < 0 {
        removalBuffer[removalCount] = index
        removalCount += 1
        continue
      }
      let position = orderCount
      order[position] = value
      orderCount += 1
      if value > lastValue {
        previous[position] = lastTail
        tails[length] = position
        tailValues[length] = value
        length += 1
        lastValue = value
        lastTail = position
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
      previous[position] = low > 0 ? tails[low - 1] : -1
      tails[low] = position
      tailValues[low] = value
      if low == length - 1 {
        lastValue = value
        lastTail = position
      }
    }
    let insertions = Self.array(insertionBuffer, count: insertionCount)
    let removals = Self.array(removalBuffer, count: removalCount)
    guard length < orderCount else { return (insertions, removals, []) }
    // The kept keys off the subsequence move: walk it back from its end, through the kept keys
    // in reverse old order, and collect the others' new positions where the subsequence's
    // values were, which the walk no longer reads.
    var cursor = lastTail
    let moveBuffer = tailValues
    var moveCount = 0
    var index = orderCount - 1
    while index >= 0 {
      if index == cursor {
        cursor = previous[index]
      } else {
        moveBuffer[moveCount] = order[index]
        moveCount += 1
      }
      index -= 1
    }
    var moves = Self.array(moveBuffer, count: moveCount)
    // In ascending new order. Moves that keep their order (a moved block) come out descending,
    // those of a reversal ascending: neither needs a sort.
    if !moves.isAscending {
      moves.reverse()
      if !moves.isAscending { moves.sort() }
    }
    return (insertions, removals, moves)
  }

  /// The removals and moves when the kept keys are in reverse old order (a reversed list, with
  /// keys added or removed): a longest increasing subsequence is one key, the first kept one in new
  /// order (the last in old order, the one the key-by-key search keeps), and every other kept key
  /// moves, in ascending new order.
  ///
  /// - Parameters:
  ///   - sources: For each new position, the old position of the same key, or -1.
  ///   - targets: For each old position the new position of its key, or -1; overwritten.
  ///   - oldCount: The length of the old list.
  ///   - moveBuffer: Room for the moves.
  ///   - insertions: The insertions.
  ///   - keptCount: How many keys are kept.
  /// - Returns: The insertions, the removals and the moves, each ascending.
  private static func reversedDifference(
    sources: UnsafeBufferPointer<Int>, targets: UnsafeMutablePointer<Int>, oldCount: Int,
    moveBuffer: UnsafeMutablePointer<Int>, insertions: [Int], keptCount: Int
  ) -> (insertions: [Int], removals: [Int], moves: [Int]) {
    let removals = Self.removals(targets: targets, oldCount: oldCount, keptCount: keptCount)
    var moveCount = 0
    var staying = true
    for position in 0..<sources.count where sources[position] >= 0 {
      if staying {
        staying = false
      } else {
        moveBuffer[moveCount] = position
        moveCount &+= 1
      }
    }
    return (insertions, removals, Self.array(moveBuffer, count: moveCount))
  }

  /// How many runs of kept keys a list of `oldCount` keys can have for its moves to be found run
  /// by run.
  ///
  /// About twice the square root of the count, at most 64: a run-by-run search compares each run
  /// with the ones before it, a few steps per pair, and one key by key costs some twenty steps
  /// per key.
  private static func runLimit(oldCount: Int) -> Int {
    var limit = 4
    while limit < 64, limit * limit < 4 * oldCount { limit += 4 }
    return min(limit, oldCount / 2)
  }

  /// The removals and moves from the runs of kept keys: stretches of new positions whose keys
  /// are in the same order, one after the other, in the old list.
  ///
  /// Two runs' old positions are two intervals apart, so a longest increasing subsequence of the
  /// kept keys takes each run whole or not at all: it is the heaviest chain of runs in increasing
  /// old order, found by comparing every run with the ones before it. The keys of the runs off the
  /// chain move.
  ///
  /// - Parameters:
  ///   - runCount: How many runs.
  ///   - starts: Each run's first new position, ascending.
  ///   - sources: Each run's first old position; overwritten.
  ///   - lengths: Each run's length.
  ///   - scratch: Room for two integers per run.
  ///   - targets: For each old position the new position of its key, or -1; overwritten.
  ///   - oldCount: The length of the old list.
  ///   - insertions: The insertions.
  ///   - keptCount: How many keys are kept.
  /// - Returns: The insertions, the removals and the moves, each ascending.
  private static func difference(
    runCount: Int, starts: UnsafeMutablePointer<Int>, sources: UnsafeMutablePointer<Int>,
    lengths: UnsafeMutablePointer<Int>, scratch: UnsafeMutablePointer<Int>,
    targets: UnsafeMutablePointer<Int>, oldCount: Int, insertions: [Int], keptCount: Int
  ) -> (insertions: [Int], removals: [Int], moves: [Int]) {
    let removals = Self.removals(targets: targets, oldCount: oldCount, keptCount: keptCount)
    // weight[i]: the most keys a chain of runs ending with run i holds; before[i]: the run before
    // i in that chain, or -1.
    let weight = scratch
    let before = scratch + runCount
    var heaviest = 0
    var last = -1
    for run in 0..<runCount {
      let source = sources[run]
      var best = 0
      var from = -1
      for earlier in 0..<run where sources[earlier] < source && weight[earlier] > best {
        best = weight[earlier]
        from = earlier
      }
      weight[run] = best + lengths[run]
      before[run] = from
      if weight[run] > heaviest {
        heaviest = weight[run]
        last = run
      }
    }
    guard heaviest < keptCount else { return (insertions, removals, []) }
    // The chain's runs stay; the others' keys move, in ascending new order since the runs are.
    var run = last
    while run >= 0 {
      sources[run] = -1
      run = before[run]
    }
    let moveBuffer = targets
    var moveCount = 0
    for run in 0..<runCount where sources[run] >= 0 {
      for position in starts[run]..<starts[run] + lengths[run] {
        moveBuffer[moveCount] = position
        moveCount += 1
      }
    }
    return (insertions, removals, Self.array(moveBuffer, count: moveCount))
  }

  /// The old positions whose target is -1, ascending: the removals.
  ///
  /// A removal is written at or before the target the pass reads, so it reuses their place. With
  /// every key kept there is none, and the targets are not read.
  ///
  /// - Parameters:
  ///   - targets: For each old position the new position of its key, or -1; overwritten.
  ///   - oldCount: The length of the old list.
  ///   - keptCount: How many keys are kept.
  /// - Returns: The removals.
  private static func removals(
    targets: UnsafeMutablePointer<Int>, oldCount: Int, keptCount: Int
  ) -> [Int] {
    var removalCount = 0
    if keptCount < oldCount {
      for index in 0..<oldCount where targets[index] < 0 {
        targets[removalCount] = index
        removalCount &+= 1
      }
    }
    return Self.array(targets, count: removalCount)
  }

  /// The `count` integers at `start`, as an array; empty, without allocating, for none.
  ///
  /// Copying from a buffer allocates the array with code specialized for `Int`; the
  /// standard library's `Array(unsafeUninitializedCapacity:initializingWith:)` and
  /// `Array(repeating:count:)` allocate through a generic function that looks the array's type up
  /// at run time, which costs more than a short list's whole difference.
  private static func array(_ start: UnsafeMutablePointer<Int>, count: Int) -> [Int] {
    count == 0 ? [] : Array(UnsafeBufferPointer(start: start, count: count))
  }
}

extension Array where Element == Int {
  /// Whether every element is below the next.
  ///
  /// Read through a buffer: iterating `indices.dropFirst()` goes through a slice's generic
  /// index, several times the cost of the comparisons.
  fileprivate var isAscending: Bool {
    withUnsafeBufferPointer { elements in
      var index = 1
      while index < elements.count {
        if elements[index - 1] >= elements[index] { return false }
        index += 1
      }
      return true
    }
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
