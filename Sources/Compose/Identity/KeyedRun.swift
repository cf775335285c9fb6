/// The elements of a ``ForEach``, with their keys kept in their own type.
///
/// Keys become `AnyHashable` inside identities, which is what plans print and hidden children are
/// found by. Diffing a long list through `AnyHashable` costs several times more than through the
/// keys' own type, so a slot that holds exactly one `ForEach` with one child per element also
/// keeps a ``KeyedRun`` of typed keys, and the reconciler diffs that instead.
protocol KeyedElements {
  var source: SourceLocation { get }
  var count: Int { get }
  func key(at index: Int) -> AnyHashable
  func content(at index: Int) -> SlotContent
  /// For each element, how many earlier elements have the same key (0 for a unique key).
  func occurrences() -> [Int]?
  /// The typed keys of a list whose elements each declared exactly one child, or `nil` when
  /// the list cannot take the typed path.
  func run(prefix: StructuralPath, locals: [LocalIdentity]) -> (any KeyedRun)?
}

struct TypedElements<Key: Hashable>: KeyedElements {
  let keys: [Key]
  let contents: [SlotContent]
  let source: SourceLocation

  var count: Int { keys.count }

  func key(at index: Int) -> AnyHashable { AnyHashable(keys[index]) }

  func content(at index: Int) -> SlotContent { contents[index] }

  /// `nil` when every key is unique, the common case, found with one typed lookup per key.
  func occurrences() -> [Int]? {
    var seen = Set<Key>(minimumCapacity: keys.count)
    guard keys.contains(where: { !seen.insert($0).inserted }) else { return nil }
    var counts: [Key: Int] = [:]
    var result = [Int](repeating: 0, count: keys.count)
    for index in keys.indices {
      let earlier = counts[keys[index], default: 0]
      counts[keys[index]] = earlier + 1
      result[index] = earlier
    }
    return result
  }

  func run(prefix: StructuralPath, locals: [LocalIdentity]) -> (any KeyedRun)? {
    var entries: [KeyedLocal<Key>] = []
    var digests: [Digest] = []
    var seen = Set<Int>(minimumCapacity: keys.count)
    entries.reserveCapacity(keys.count)
    digests.reserveCapacity(keys.count)
    for index in keys.indices {
      let entry = KeyedLocal(key: keys[index], local: locals[index])
      let digest = entry.hashValue
      // Two entries with the same digest (a hash collision, or a duplicate key): no typed run;
      // the slot is diffed through its identities, which is always exact.
      guard seen.insert(digest).inserted else { return nil }
      entries.append(entry)
      digests.append(Digest(value: digest))
    }
    return TypedRun(prefix: prefix, entries: entries, digests: digests)
  }
}

/// What identifies a child within its ``ForEach`` element, apart from the key: together with the
/// slot, the path to the `ForEach` and the key, it is the child's whole identity.
struct LocalIdentity: Hashable {
  let controllerType: ObjectIdentifier
  /// The structural path inside the element (empty for an element that is a single `Child`).
  let suffix: [StructuralPath.Component]
  let explicitID: AnyHashable?
  let occurrence: Int
  /// Every part hashed once, so that hashing and comparing a list's entries stays close to
  /// hashing and comparing its keys.
  let digest: Int

  init(
    controllerType: ObjectIdentifier, suffix: [StructuralPath.Component],
    explicitID: AnyHashable?, occurrence: Int
  ) {
    self.controllerType = controllerType
    self.suffix = suffix
    self.explicitID = explicitID
    self.occurrence = occurrence
    var hasher = Hasher()
    hasher.combine(controllerType)
    hasher.combine(suffix)
    hasher.combine(explicitID)
    hasher.combine(occurrence)
    digest = hasher.finalize()
  }

  static func == (lhs: LocalIdentity, rhs: LocalIdentity) -> Bool {
    lhs.digest == rhs.digest && lhs.controllerType == rhs.controllerType
      && lhs.occurrence == rhs.occurrence && lhs.suffix == rhs.suffix
      && lhs.explicitID == rhs.explicitID
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }
}

/// A key with the rest of its child's identity.
struct KeyedLocal<Key: Hashable>: Hashable, DiffKeyed {
  let key: Key
  let local: LocalIdentity

  var diffKey: KeyedLocal<Key> { self }

  static func == (lhs: KeyedLocal, rhs: KeyedLocal) -> Bool {
    lhs.key == rhs.key && lhs.local == rhs.local
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(local.digest)
  }
}

/// The typed keys of a slot that holds one `ForEach` with one child per element, aligned with
/// the slot's children.
protocol KeyedRun {
  /// The path to the `ForEach` in its slot.
  var prefix: StructuralPath { get }
  /// Whether `other` has the same children in the same order; `nil` when the runs cannot be
  /// compared (another key type or another place).
  func isSame(as other: any KeyedRun) -> Bool?
  /// The difference from `old`; `nil` when the runs cannot be compared.
  func difference(from old: any KeyedRun) -> KeyedDifference?
}

/// An entry's hash, as a key of its own: diffing digests runs fully specialized code, whatever
/// the type of the user's keys.
struct Digest: Hashable, DiffKeyed {
  let value: Int

  var diffKey: Digest { self }
}

struct TypedRun<Key: Hashable>: KeyedRun {
  let prefix: StructuralPath
  let entries: [KeyedLocal<Key>]
  /// The entries' hashes, unique within the run.
  let digests: [Digest]

  func isSame(as other: any KeyedRun) -> Bool? {
    guard let other = other as? TypedRun<Key>, other.prefix == prefix else { return nil }
    return other.digests == digests && other.entries == entries
  }

  func difference(from old: any KeyedRun) -> KeyedDifference? {
    guard let old = old as? TypedRun<Key>, old.prefix == prefix else { return nil }
    let difference = KeyedDifference.compute(from: old.digests, to: digests)
    // Equal digests are almost always equal entries; check the pairs that were matched, and
    // leave the rare collision to the exact path.
    for index in entries.indices {
      let source = difference.sources[index]
      if source >= 0, old.entries[source] != entries[index] { return nil }
    }
    return difference
  }
}
