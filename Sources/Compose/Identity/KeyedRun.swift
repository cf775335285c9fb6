/// The elements of a ``ForEach``, with their keys kept in their own type.
///
/// Keys become `AnyHashable` inside identities, which is what plans print and hidden children are
/// found by. Diffing a long list through `AnyHashable` costs several times more than through the
/// keys' own type, so a slot whose children all come from one `ForEach`, one child per element,
/// also keeps a ``KeyedRun`` of typed keys, and the reconciler diffs that instead.
protocol KeyedElements {
  var source: SourceLocation { get }
  var count: Int { get }
  func key(at index: Int) -> AnyHashable
  func content(at index: Int) -> SlotContent
  /// For each element, how many earlier elements have the same key (0 for a unique key).
  func occurrences() -> [Int]?
  /// The typed keys of a list whose keys are unique and whose elements each declared exactly one
  /// child.
  func run(prefix: StructuralPath, locals: [LocalIdentity]) -> any KeyedRun
  /// What declared the elements, as diagnostics name it: `the ForEach`.
  var kind: String { get }
}

extension KeyedElements {
  var kind: String { "the ForEach" }
}

/// The operations on a list's keys that cost the most, compiled for the keys' own type.
///
/// ``ForEach``'s initializers are inlinable and make these closures where the key type is
/// concrete, so the compiler specializes them in the module that declares the list: matching
/// two lists of `Int` keys runs the same code as a `[Int: Int]` built by hand, instead of
/// generic code that goes through the `Hashable` witness for every key.
@usableFromInline
struct KeyOperations<Key: Hashable> {
  /// Whether two lists of keys are equal.
  let equal: ([Key], [Key]) -> Bool
  /// ``KeyedDifference/match(from:to:)`` on two lists of unique keys.
  let match: ([Key], [Key]) -> [Int]
  /// Whether some key appears twice.
  let hasDuplicates: ([Key]) -> Bool

  @usableFromInline
  init(
    equal: @escaping ([Key], [Key]) -> Bool, match: @escaping ([Key], [Key]) -> [Int],
    hasDuplicates: @escaping ([Key]) -> Bool
  ) {
    self.equal = equal
    self.match = match
    self.hasDuplicates = hasDuplicates
  }

  /// The operations, compiled where `Key` is known.
  @inlinable
  static var specialized: KeyOperations {
    KeyOperations(
      equal: { $0 == $1 },
      match: { KeyedDifference.match(from: $0, to: $1) },
      hasDuplicates: { keys in
        var seen = Set<Key>(minimumCapacity: keys.count)
        for key in keys where !seen.insert(key).inserted {
          return true
        }
        return false
      })
  }
}

struct TypedElements<Key: Hashable>: KeyedElements {
  let keys: [Key]
  let contents: [SlotContent]
  let source: SourceLocation
  let operations: KeyOperations<Key>

  var count: Int { keys.count }

  func key(at index: Int) -> AnyHashable { AnyHashable(keys[index]) }

  func content(at index: Int) -> SlotContent { contents[index] }

  /// `nil` when every key is unique, the common case, found with one typed lookup per key.
  func occurrences() -> [Int]? {
    guard operations.hasDuplicates(keys) else { return nil }
    var counts: [Key: Int] = [:]
    var result = [Int](repeating: 0, count: keys.count)
    for index in keys.indices {
      let earlier = counts[keys[index], default: 0]
      counts[keys[index]] = earlier + 1
      result[index] = earlier
    }
    return result
  }

  func run(prefix: StructuralPath, locals: [LocalIdentity]) -> any KeyedRun {
    TypedRun(prefix: prefix, keys: keys, locals: locals, operations: operations)
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
  /// Every part hashed once, so that two different locals usually differ at the first
  /// comparison.
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

/// The typed keys of a slot whose children all come from one `ForEach`, one child per element,
/// aligned with the slot's children.
///
/// Runs are classes: slots copy them by reference, and comparing two runs casts one to the
/// other's class, which is cheaper than casting an existential value.
protocol KeyedRun: AnyObject {
  /// The path to the `ForEach` in its slot.
  var prefix: StructuralPath { get }
  /// How many elements, and so children, the run has.
  var count: Int { get }
  /// Whether `other` has the same children in the same order; `nil` when the runs cannot be
  /// compared (another key type or another place).
  func isSame(as other: any KeyedRun) -> Bool?
  /// The difference from `old`; `nil` when the runs cannot be compared.
  func difference(from old: any KeyedRun) -> KeyedDifference?
}

/// The typed keys of a list with unique keys, and the rest of each child's identity.
final class TypedRun<Key: Hashable>: KeyedRun {
  let prefix: StructuralPath
  let keys: [Key]
  /// The rest of each child's identity, aligned with `keys`.
  let locals: [LocalIdentity]
  /// The rest of every child's identity, when it is the same for all of them (the usual list of
  /// one child type): then locals are compared once per list instead of once per child.
  let uniformLocal: LocalIdentity?
  let operations: KeyOperations<Key>

  var count: Int { keys.count }

  init(
    prefix: StructuralPath, keys: [Key], locals: [LocalIdentity], operations: KeyOperations<Key>
  ) {
    self.prefix = prefix
    self.keys = keys
    self.locals = locals
    self.operations = operations
    if let first = locals.first, !locals.contains(where: { $0 != first }) {
      uniformLocal = first
    } else {
      uniformLocal = nil
    }
  }

  func isSame(as other: any KeyedRun) -> Bool? {
    guard let other = other as? TypedRun<Key>, other.prefix == prefix else { return nil }
    guard operations.equal(other.keys, keys) else { return false }
    if let uniformLocal, let otherLocal = other.uniformLocal {
      return uniformLocal == otherLocal
    }
    return other.locals == locals
  }

  func difference(from old: any KeyedRun) -> KeyedDifference? {
    guard let old = old as? TypedRun<Key>, old.prefix == prefix else { return nil }
    var sources = operations.match(old.keys, keys)
    if let uniformLocal, let oldLocal = old.uniformLocal, uniformLocal == oldLocal {
      return KeyedDifference(sources: sources, oldCount: old.keys.count)
    }
    // A key whose child changed type, branch or explicit id is another child: the old one is
    // removed and the new one added.
    for index in sources.indices {
      let source = sources[index]
      if source >= 0, old.locals[source] != locals[index] { sources[index] = -1 }
    }
    return KeyedDifference(sources: sources, oldCount: old.keys.count)
  }
}
