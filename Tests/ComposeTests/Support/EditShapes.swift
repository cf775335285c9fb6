/// The shapes an edit of a list of unique keys can take, for the tests of the key matching and of
/// the plans it leads to: blocks removed, inserted, replaced or moved at the front, in the middle
/// and at the back, shuffled or reversed windows, rotations, reversals and shuffles of the whole
/// list, and mixes of them.
enum EditShape: CaseIterable, CustomStringConvertible {
  case blockRemoved, blockInserted, blockReplaced, blockMoved, blocksSwapped, blocksExchanged
  case windowShuffled, windowReversed, rotated, reversed, reversedWithEndsChanged, shuffled
  case alternatingBlocks, scattered, mixed

  var description: String {
    switch self {
    case .blockRemoved: "a block removed"
    case .blockInserted: "a block inserted"
    case .blockReplaced: "a block replaced by new keys"
    case .blockMoved: "a block moved"
    case .blocksSwapped: "two adjacent blocks swapped"
    case .blocksExchanged: "a block removed near one end, one inserted near the other"
    case .windowShuffled: "a window shuffled"
    case .windowReversed: "a window reversed"
    case .rotated: "a rotation"
    case .reversed: "a reversal"
    case .reversedWithEndsChanged: "a reversal with new keys at both ends"
    case .shuffled: "a shuffle"
    case .alternatingBlocks: "every other block moved to the end"
    case .scattered: "scattered single-key edits"
    case .mixed: "several shapes in a row"
    }
  }
}

/// Makes edits of lists of unique keys, in every ``EditShape``, from a seed.
struct KeyEditor {
  var random: SplitMix64
  /// The next key that no list has used: new keys are never equal to old ones.
  var nextKey: Int

  /// - Parameters:
  ///   - seed: The seed of the generator.
  ///   - firstNewKey: A key above every key of the lists to edit.
  init(seed: UInt64, firstNewKey: Int) {
    random = SplitMix64(seed: seed)
    nextKey = firstNewKey
  }

  /// `count` keys that no list has used.
  mutating func freshKeys(_ count: Int) -> [Int] {
    defer { nextKey += count }
    return Array(nextKey..<nextKey + count)
  }

  /// A block length up to `limit`: often 1 to a few keys, around the matching's lookahead, and
  /// often longer.
  mutating func length(upTo limit: Int) -> Int {
    guard limit > 1 else { return max(limit, 0) }
    let choices = [1, 2, 3, 4, 5, 6, 8, 10, 16, 33, 100, limit]
    return min(limit, random.pick(choices) + random.below(2))
  }

  /// Where a block of `length` keys starts in a list of `count`: at the front, near the front,
  /// in the middle, near the back, at the back, or anywhere.
  mutating func place(of length: Int, in count: Int) -> Int {
    let last = max(count - length, 0)
    switch random.below(6) {
    case 0: return 0
    case 1: return min(random.below(8), last)
    case 2: return last / 2
    case 3: return max(last - random.below(8), 0)
    case 4: return last
    default: return random.below(last + 1)
    }
  }

  /// `keys` edited in the given shape.
  mutating func edit(_ keys: [Int], _ shape: EditShape) -> [Int] {
    let count = keys.count
    var edited = keys
    switch shape {
    case .blockRemoved:
      let length = length(upTo: count)
      let start = place(of: length, in: count)
      edited.removeSubrange(start..<start + length)
    case .blockInserted:
      let length = length(upTo: max(count, 4))
      edited.insert(contentsOf: freshKeys(length), at: place(of: 0, in: count))
    case .blockReplaced:
      let length = length(upTo: count)
      let start = place(of: length, in: count)
      edited.replaceSubrange(start..<start + length, with: freshKeys(self.length(upTo: count + 1)))
    case .blockMoved:
      let length = length(upTo: count)
      let start = place(of: length, in: count)
      let block = edited[start..<start + length]
      edited.removeSubrange(start..<start + length)
      edited.insert(contentsOf: block, at: place(of: 0, in: edited.count))
    case .blocksSwapped:
      let first = length(upTo: count / 2)
      let second = length(upTo: count - first)
      let start = place(of: first + second, in: count)
      let middle = start + first
      edited.replaceSubrange(
        start..<middle + second,
        with: Array(keys[middle..<middle + second] + keys[start..<middle]))
    case .blocksExchanged:
      let length = length(upTo: count / 2)
      let removal = min(random.below(8), max(count - length, 0))
      edited.removeSubrange(removal..<removal + length)
      let insertion = max(edited.count - random.below(8), 0)
      edited.insert(contentsOf: freshKeys(self.length(upTo: max(count / 2, 1))), at: insertion)
      if random.chance(0.5) { edited.reverse() }
    case .windowShuffled:
      let length = length(upTo: count)
      let start = place(of: length, in: count)
      edited[start..<start + length].shuffle(using: &random)
    case .windowReversed:
      let length = length(upTo: count)
      let start = place(of: length, in: count)
      edited[start..<start + length].reverse()
    case .rotated:
      guard count > 0 else { break }
      let distance = random.chance(0.5) ? length(upTo: count) : count - length(upTo: count)
      edited = Array(keys[distance...] + keys[..<distance])
    case .reversed:
      edited.reverse()
    case .reversedWithEndsChanged:
      edited =
        freshKeys(1 + random.below(3)) + edited.dropFirst().dropLast().reversed()
        + freshKeys(1 + random.below(3))
    case .shuffled:
      edited.shuffle(using: &random)
    case .alternatingBlocks:
      let length = max(1, length(upTo: max(count / 4, 1)))
      var kept: [Int] = []
      var moved: [Int] = []
      for (index, key) in keys.enumerated() {
        if (index / length) % 2 == 0 { kept.append(key) } else { moved.append(key) }
      }
      edited = kept + (random.chance(0.5) ? moved : moved.reversed())
    case .scattered:
      for _ in 0..<max(1, count / 100 * (1 + random.below(10))) {
        switch random.below(3) {
        case 0 where !edited.isEmpty: edited.remove(at: random.below(edited.count))
        case 1: edited.insert(contentsOf: freshKeys(1), at: random.below(edited.count + 1))
        default:
          guard !edited.isEmpty else { continue }
          let key = edited.remove(at: random.below(edited.count))
          edited.insert(key, at: random.below(edited.count + 1))
        }
      }
    case .mixed:
      let simple: [EditShape] = [
        .blockRemoved, .blockInserted, .blockReplaced, .blockMoved, .blocksSwapped,
        .windowShuffled, .windowReversed, .scattered,
      ]
      for _ in 0..<2 + random.below(4) {
        edited = edit(edited, random.pick(simple))
      }
    }
    return edited
  }

  /// A random shape, and `keys` edited in it.
  mutating func edit(_ keys: [Int]) -> (shape: EditShape, keys: [Int]) {
    let shape = random.pick(EditShape.allCases)
    return (shape, edit(keys, shape))
  }
}
