/// The elements of a ``ForEach``, with their keys kept in their own type.
///
/// Keys become `AnyHashable` inside identities, which is what plans print and hidden children are
/// found by. Diffing a long list through `AnyHashable` costs several times more than through the
/// keys' own type, so a slot whose children all come from one `ForEach`, one child per element,
/// also keeps a ``KeyedRun`` of typed keys, and the reconciler diffs that instead.
@MainActor
protocol KeyedElements {
  var source: SourceLocation { get }
  var count: Int { get }
  func key(at index: Int) -> ChildKey
  /// Each element's content, in order.
  var contents: [SlotContent] { get }
  /// Whether every key is unique, found with one typed lookup per key: the set of the keys when
  /// they are, and for each element how many earlier elements have the same key when not.
  func checkKeys() -> KeyCheck
  /// The typed keys of a list whose keys are unique and whose elements each declared exactly one
  /// child; `keys` is what ``checkKeys()`` or ``match(against:prefix:)`` returned.
  func run(
    prefix: StructuralPath, locals: RunLocals, keys: KeyIndex, match: KeyedMatch?,
    environment: EnvironmentValues
  ) -> any KeyedRun
  /// For each element matched with the mounted `run` by `sources`, whether it is unchanged since
  /// `run`, and the contents of the other elements, in order: an unchanged element's content is
  /// not made, and its child is the mounted one. An element matched with a mounted position in
  /// `stale` is never unchanged. `nil` when every element's content is made: a list not declared
  /// with ``ForEach/init(_:id:skipsUnchangedElements:fileID:line:content:)``, or one whose
  /// environment has changed since `run`.
  func contents(
    matching sources: [Int], mounted run: any KeyedRun, stale: Set<Int>,
    environment: EnvironmentValues
  ) -> (contents: [SlotContent], unchanged: [Bool])?
  /// Matches the keys with those of the list mounted at the same place: for each element, the
  /// mounted position of its key. `nil` when the lists cannot be compared (another key type or
  /// another place) or when a key is repeated (the slow path reports it).
  ///
  /// Only the keys that are not matched by comparison are hashed, and the set of the keys is
  /// the mounted one's with the removed and inserted keys applied, so a list with a few edits
  /// costs a few hashes.
  func match(against run: any KeyedRun, prefix: StructuralPath) -> KeyedMatch?
  /// What declared the elements, as diagnostics name it: `the ForEach`.
  var kind: String { get }
}

/// Whether a list's keys are unique.
enum KeyCheck {
  /// Every key is unique; the set of the keys.
  case unique(KeyIndex)
  /// For each element, how many earlier elements have the same key.
  case repeated([Int])
}

/// The set of a list's keys, in their own type; kept by the list's run so that the next
/// declaration of the list finds a repeated key by hashing only the keys that changed.
class KeyIndex {}

/// The typed set behind a ``KeyIndex``: a set shared with the lists it was carried from, and
/// the few keys taken out of it and put in since.
///
/// Carrying the set to the next declaration of a list with a few changed keys copies no set:
/// the shared one is never changed, and the changes are two short arrays. Once they would hold
/// more than ``KeyOperations/Carried/maximumChanges`` keys, the next carry makes one set of the
/// keys again, as a plain set would have been carried.
final class TypedKeyIndex<Key: Hashable>: KeyIndex {
  let keys: KeyOperations<Key>.Carried

  init(_ keys: Set<Key>) {
    self.keys = KeyOperations.Carried(base: keys, removed: [], added: [])
  }

  init(_ keys: KeyOperations<Key>.Carried) {
    self.keys = keys
  }
}

/// A list matched with the list mounted at the same place while it is resolved.
struct KeyedMatch {
  /// For each element, the mounted position of its key, or `-1` for a new key; each mounted
  /// position at most once.
  let sources: [Int]
  /// The set of the keys.
  let keys: KeyIndex
  /// The code of the mounted slot the list was matched with; a slot's code stands for its
  /// children, so a reconciliation with that slot reuses `sources` instead of matching again.
  var mountedCode = 0
}

extension KeyedElements {
  var kind: String { "the ForEach" }

  func contents(
    matching sources: [Int], mounted run: any KeyedRun, stale: Set<Int>,
    environment: EnvironmentValues
  ) -> (contents: [SlotContent], unchanged: [Bool])? { nil }
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
  /// The set of the keys, or `nil` when some key appears twice.
  let uniqueKeys: ([Key]) -> Set<Key>?
  /// The set of a list's keys made from the set of the list it was matched with: `mounted`
  /// without the keys of `removed` (positions in `old`), with the keys of `added` (positions in
  /// `new`); `nil` when an added key is already in it, a repeated key.
  let carry:
    (
      _ mounted: Carried, _ old: [Key], _ removed: [Int], _ new: [Key], _ added: [Int]
    ) -> Carried?

  /// A list's key set as ``TypedKeyIndex`` keeps it: a shared set, and the keys taken out of it
  /// and put in since.
  @usableFromInline
  struct Carried {
    /// The most keys `removed` and `added` hold together.
    @usableFromInline static var maximumChanges: Int { 16 }

    /// The keys the list was carried from, shared and never changed.
    @usableFromInline var base: Set<Key>
    /// Keys of `base` that the list does not have.
    @usableFromInline var removed: [Key]
    /// Keys of the list that `base` lacks.
    @usableFromInline var added: [Key]

    @usableFromInline
    init(base: Set<Key>, removed: [Key], added: [Key]) {
      self.base = base
      self.removed = removed
      self.added = added
    }

    /// The keys `mounted` stands for without the keys of `removed` (positions in `old`), with
    /// the keys of `added` (positions in `new`); `nil` when an added key is already there.
    @inlinable
    static func carrying(
      _ mounted: Carried, old: [Key], removed: [Int], new: [Key], added: [Int]
    ) -> Carried? {
      var carried = mounted
      let changes = carried.removed.count + carried.added.count + removed.count + added.count
      guard changes <= maximumChanges else {
        // One set of the keys again.
        var keys = carried.base
        for key in carried.removed { keys.remove(key) }
        for key in carried.added { keys.insert(key) }
        for position in removed { keys.remove(old[position]) }
        for position in added where !keys.insert(new[position]).inserted {
          return nil
        }
        return Carried(base: keys, removed: [], added: [])
      }
      // Sized once: an empty array grows at its first insertions.
      if !removed.isEmpty { carried.removed.reserveCapacity(carried.removed.count + removed.count) }
      if !added.isEmpty { carried.added.reserveCapacity(carried.added.count + added.count) }
      for position in removed {
        let key = old[position]
        if let index = carried.added.firstIndex(of: key) {
          carried.added.remove(at: index)
        } else {
          carried.removed.append(key)
        }
      }
      for position in added {
        let key = new[position]
        if carried.added.contains(key) { return nil }
        if carried.base.contains(key) {
          // In the list, unless taken out since: then it comes back.
          guard let index = carried.removed.firstIndex(of: key) else { return nil }
          carried.removed.remove(at: index)
        } else {
          carried.added.append(key)
        }
      }
      return carried
    }
  }

  @usableFromInline
  init(
    equal: @escaping ([Key], [Key]) -> Bool, match: @escaping ([Key], [Key]) -> [Int],
    uniqueKeys: @escaping ([Key]) -> Set<Key>?,
    carry: @escaping (Carried, [Key], [Int], [Key], [Int]) -> Carried?
  ) {
    self.equal = equal
    self.match = match
    self.uniqueKeys = uniqueKeys
    self.carry = carry
  }

  /// The operations, compiled where `Key` is known.
  @inlinable
  static var specialized: KeyOperations {
    KeyOperations(
      equal: { $0 == $1 },
      // Through buffers: an array's subscript checks its bounds at every key.
      match: { old, new in
        old.withUnsafeBufferPointer { old in
          new.withUnsafeBufferPointer { new in KeyedDifference.match(from: old, to: new) }
        }
      },
      uniqueKeys: { keys in
        var seen = Set<Key>(minimumCapacity: keys.count)
        for key in keys where !seen.insert(key).inserted {
          return nil
        }
        return seen
      },
      carry: { mounted, old, removed, new, added in
        Carried.carrying(mounted, old: old, removed: removed, new: new, added: added)
      })
  }
}

struct TypedElements<Key: Hashable>: KeyedElements {
  let keys: [Key]
  let contents: [SlotContent]
  let source: SourceLocation
  let operations: KeyOperations<Key>

  var count: Int { keys.count }

  func key(at index: Int) -> ChildKey { ChildKey(keys[index]) }

  func checkKeys() -> KeyCheck {
    if let unique = operations.uniqueKeys(keys) { return .unique(TypedKeyIndex(unique)) }
    var counts: [Key: Int] = [:]
    var result = [Int](repeating: 0, count: keys.count)
    for index in keys.indices {
      let earlier = counts[keys[index], default: 0]
      counts[keys[index]] = earlier + 1
      result[index] = earlier
    }
    return .repeated(result)
  }

  func run(
    prefix: StructuralPath, locals: RunLocals, keys index: KeyIndex, match: KeyedMatch?,
    environment: EnvironmentValues
  ) -> any KeyedRun {
    TypedRun(
      prefix: prefix, keys: keys, locals: locals,
      index: unsafeDowncast(index, to: TypedKeyIndex<Key>.self), operations: operations,
      match: match, values: nil)
  }

  func match(against run: any KeyedRun, prefix: StructuralPath) -> KeyedMatch? {
    // A run of the same key type is a `TypedRun<Key>`, the only kind there is: comparing the key
    // types spares the cast the metadata look-up of `TypedRun<Key>`, a hash-table search.
    guard run.keyType == ObjectIdentifier(Key.self) else { return nil }
    let old = unsafeDowncast(run, to: TypedRun<Key>.self)
    guard old.prefix == prefix else { return nil }
    let sources = operations.match(old.keys, keys)
    // Each mounted key is unique, so a key repeated here left one of its elements unmatched,
    // or (matched through the table) used a mounted position twice.
    let oldCount = old.keys.count
    var matched = 0
    var removed: [Int] = []
    // Which mounted positions are used, in scratch memory (on the stack for a short list).
    let isRepeated = withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldCount) { used in
      used.initialize(repeating: false)
      // Counted in a local: the captured count would be written to memory at every key.
      var count = 0
      let repeated = sources.withUnsafeBufferPointer { sources in
        for source in sources where source >= 0 {
          if used[source] { return true }
          used[source] = true
          count &+= 1
        }
        return false
      }
      matched = count
      if repeated { return true }
      if matched != oldCount {
        removed.reserveCapacity(oldCount - matched)
        for position in 0..<oldCount where !used[position] {
          removed.append(position)
        }
      }
      return false
    }
    if isRepeated { return nil }
    guard matched != sources.count || matched != oldCount else {
      // The same keys: the mounted set stands for these too.
      return KeyedMatch(sources: sources, keys: old.index)
    }
    // The set of the new keys: the mounted set without the removed keys, with the new ones; a
    // new key already in it is repeated.
    var added: [Int] = []
    added.reserveCapacity(sources.count - matched)
    for position in sources.indices where sources[position] < 0 {
      added.append(position)
    }
    guard let carried = operations.carry(old.index.keys, old.keys, removed, keys, added) else {
      return nil
    }
    // Made through the mounted index's class, which is this one's: no metadata look-up.
    return KeyedMatch(sources: sources, keys: type(of: old.index).init(carried))
  }
}

/// What identifies a child within its ``ForEach`` element, apart from the key: together with the
/// slot, the path to the `ForEach` and the key, it is the child's whole identity.
struct LocalIdentity: Hashable {
  let controllerType: ObjectIdentifier
  /// The structural path inside the element (empty for an element that is a single `Child`).
  let suffix: [StructuralPath.Component]
  let explicitID: ChildKey?
  let occurrence: Int
  /// Every part hashed once, so that two different locals usually differ at the first
  /// comparison.
  let digest: Int

  init(
    controllerType: ObjectIdentifier, suffix: [StructuralPath.Component],
    explicitID: ChildKey?, occurrence: Int
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

/// The rest of each child's identity in a run, apart from its key, aligned with the run's keys.
///
/// The usual list declares one child type with no explicit id in every element: then one local
/// identity stands for all of them, and appending another costs a few comparisons instead of a
/// hash.
struct RunLocals {
  /// The local identity of every child so far, while they are all the same.
  private(set) var uniform: LocalIdentity?
  /// The controller type of `uniform` when it has no suffix, no explicit id and no repeated key:
  /// compared alone for a plain child, without copying `uniform`.
  private var uniformPlainType: ObjectIdentifier?
  /// Each child's local identity, once they differ; empty while they do not.
  private var each: [LocalIdentity] = []
  /// How many children.
  private(set) var count = 0

  /// No children yet.
  init() {}

  /// Whether one local identity stands for every child.
  var isUniform: Bool { each.isEmpty }

  /// The controller type of every child when each is its element's only content, of that type,
  /// with no explicit id and no repeated key; `nil` otherwise.
  var plainType: ObjectIdentifier? { each.isEmpty ? uniformPlainType : nil }

  /// The local identity of the child at `index`.
  func local(at index: Int) -> LocalIdentity {
    each.isEmpty ? uniform.unsafelyUnwrapped : each[index]
  }

  /// Appends a child that is an element's only content (no suffix) with no explicit id and no
  /// repeated key, the common case, without making its local identity unless it differs.
  @inline(__always)
  mutating func appendPlain(controllerType: ObjectIdentifier) {
    if uniformPlainType == controllerType, each.isEmpty {
      count += 1
      return
    }
    append(
      LocalIdentity(controllerType: controllerType, suffix: [], explicitID: nil, occurrence: 0))
  }

  /// Appends `count` children as ``appendPlain(controllerType:)`` does, each of
  /// `controllerType`.
  @inline(__always)
  mutating func appendPlain(controllerType: ObjectIdentifier, count: Int) {
    var left = count
    // The first child of a run may make the uniform identity; the others then only count.
    while left > 0, uniformPlainType != controllerType || !each.isEmpty {
      appendPlain(controllerType: controllerType)
      left -= 1
    }
    self.count += left
  }

  /// Appends a child whose local identity is the one every child so far has, without making
  /// it (its suffix would be an array, and its digest a hash); `false`, having appended nothing,
  /// when it is another or the children's differ already.
  ///
  /// - Parameters:
  ///   - controllerType: The child's controller type.
  ///   - path: The child's path.
  ///   - prefixCount: The number of components of `path` before the element's key.
  ///   - explicitID: The child's explicit id.
  ///   - occurrence: The child's occurrence.
  /// - Returns: Whether the child was appended.
  mutating func appendIfUniform(
    controllerType: ObjectIdentifier, path: PathComponents, prefixCount: Int,
    explicitID: ChildKey?, occurrence: Int
  ) -> Bool {
    guard each.isEmpty, let uniform, uniform.controllerType == controllerType,
      uniform.occurrence == occurrence, uniform.explicitID == explicitID,
      path.hasSuffix(uniform.suffix, after: prefixCount + 1)
    else { return false }
    count += 1
    return true
  }

  /// Appends a child's local identity.
  mutating func append(_ local: LocalIdentity) {
    defer { count += 1 }
    guard let uniform else {
      uniform = local
      if local.suffix.isEmpty, local.explicitID == nil, local.occurrence == 0 {
        uniformPlainType = local.controllerType
      }
      return
    }
    if each.isEmpty {
      if local == uniform { return }
      each.reserveCapacity(count + 1)
      for _ in 0..<count { each.append(uniform) }
    }
    each.append(local)
  }

  /// Whether both runs give every child one local identity, the same one.
  ///
  /// Plain identities (a controller type alone, as nearly every list's) are compared by type,
  /// without copying them.
  func hasSameUniform(as other: RunLocals) -> Bool {
    guard isUniform, other.isUniform else { return false }
    if let type = uniformPlainType, let otherType = other.uniformPlainType {
      return type == otherType
    }
    return uniform == other.uniform
  }

  /// Whether two runs' children have the same local identities.
  func isEqual(to other: RunLocals) -> Bool {
    guard count == other.count else { return false }
    if isUniform, other.isUniform { return hasSameUniform(as: other) }
    for index in 0..<count where local(at: index) != other.local(at: index) {
      return false
    }
    return true
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
  /// The difference from `old`, the run of the slot whose code is `oldCode`; `nil` when the runs
  /// cannot be compared.
  func difference(from old: any KeyedRun, oldCode: Int) -> KeyedDifference?
  /// Drops the matching with the mounted list found while resolving, once the run is mounted: it
  /// is only ever compared with runs declared after it.
  func releaseMatch()
  /// The controller type of every child when each is its element's only content, of that type,
  /// with no explicit id (``RunLocals/plainType``): each child's identity is then the run's
  /// prefix, its key and that type.
  var plainType: ObjectIdentifier? { get }
  /// The type of the keys; two runs with the same key type are of the same class, `TypedRun`
  /// of that type, the only class of run.
  var keyType: ObjectIdentifier { get }
  /// The local identity of the child at `index` (see ``RunLocals/local(at:)``).
  func local(at index: Int) -> LocalIdentity
  /// The elements of a list declared with
  /// ``ForEach/init(_:id:skipsUnchangedElements:fileID:line:content:)``, and the environment in
  /// effect where it was declared; `nil` for any other list.
  var values: ElementValues? { get }
}

/// The typed keys of a list with unique keys, and the rest of each child's identity.
final class TypedRun<Key: Hashable>: KeyedRun {
  let prefix: StructuralPath
  let keys: [Key]
  /// The rest of each child's identity, aligned with `keys`.
  let locals: RunLocals
  /// The set of `keys`.
  let index: TypedKeyIndex<Key>
  let operations: KeyOperations<Key>
  /// The matching with the mounted list found while resolving, used by every reconciliation with
  /// that slot, until the run is mounted (``releaseMatch()``).
  private var match: KeyedMatch?
  let values: ElementValues?

  var count: Int { keys.count }

  init(
    prefix: StructuralPath, keys: [Key], locals: RunLocals, index: TypedKeyIndex<Key>,
    operations: KeyOperations<Key>, match: KeyedMatch?, values: ElementValues?
  ) {
    self.prefix = prefix
    self.keys = keys
    self.locals = locals
    self.index = index
    self.operations = operations
    self.match = match
    self.values = values
  }

  func local(at index: Int) -> LocalIdentity { locals.local(at: index) }

  func releaseMatch() {
    match = nil
  }

  var plainType: ObjectIdentifier? { locals.plainType }

  var keyType: ObjectIdentifier { ObjectIdentifier(Key.self) }

  /// Whether the run still holds its matching with the mounted list.
  var holdsMatch: Bool { match != nil }

  func isSame(as other: any KeyedRun) -> Bool? {
    guard let other = other as? TypedRun<Key>, other.prefix == prefix else { return nil }
    guard operations.equal(other.keys, keys) else { return false }
    return locals.isEqual(to: other.locals)
  }

  func difference(from old: any KeyedRun, oldCode: Int) -> KeyedDifference? {
    guard let old = old as? TypedRun<Key>, old.prefix == prefix else { return nil }
    var sources: [Int]
    if let match, match.mountedCode == oldCode {
      sources = match.sources
    } else {
      sources = operations.match(old.keys, keys)
    }
    if locals.hasSameUniform(as: old.locals) {
      return KeyedDifference(sources: sources, oldCount: old.keys.count)
    }
    // A key whose child changed type, branch or explicit id is another child: the old one is
    // removed and the new one added.
    for index in sources.indices {
      let source = sources[index]
      if source >= 0, old.locals.local(at: source) != locals.local(at: index) {
        sources[index] = -1
      }
    }
    return KeyedDifference(sources: sources, oldCount: old.keys.count)
  }
}

/// The elements of a list whose content is made only for the elements that changed, and the
/// environment in effect where the list was declared, kept by its run for the next declaration.
class ElementValues {
  let environment: EnvironmentValues

  init(environment: EnvironmentValues) {
    self.environment = environment
  }
}

/// ``ElementValues`` of one element type.
final class TypedElementValues<Element>: ElementValues {
  let elements: [Element]

  init(_ elements: [Element], environment: EnvironmentValues) {
    self.elements = elements
    super.init(environment: environment)
  }
}

/// The elements of a ``ForEach`` declared with
/// ``ForEach/init(_:id:skipsUnchangedElements:fileID:line:content:)``: the content of an element
/// is made when it is read, so that an element equal to the one mounted with its key, in the
/// same environment, makes none.
struct SkippingElements<Element, Key: Hashable>: KeyedElements {
  /// The keys, and everything about them, as an eagerly declared list has them.
  let keyed: TypedElements<Key>
  let elements: [Element]
  let content: @MainActor (Element) -> SlotContent
  /// For each new element, whether its key is mounted (its position there in `sources`, else
  /// `-1`) and the mounted element equals it; compiled where `Element` is known.
  let unchanged: (_ old: [Element], _ new: [Element], _ sources: [Int]) -> [Bool]

  var source: SourceLocation { keyed.source }
  var count: Int { keyed.count }
  func key(at index: Int) -> ChildKey { keyed.key(at: index) }
  func checkKeys() -> KeyCheck { keyed.checkKeys() }
  func match(against run: any KeyedRun, prefix: StructuralPath) -> KeyedMatch? {
    keyed.match(against: run, prefix: prefix)
  }

  var contents: [SlotContent] {
    var contents: [SlotContent] = []
    contents.reserveCapacity(elements.count)
    for element in elements { contents.append(content(element)) }
    return contents
  }

  func contents(
    matching sources: [Int], mounted run: any KeyedRun, stale: Set<Int>,
    environment: EnvironmentValues
  ) -> (contents: [SlotContent], unchanged: [Bool])? {
    guard let values = run.values as? TypedElementValues<Element>,
      values.environment.hasSameValues(as: environment)
    else { return nil }
    var unchanged = self.unchanged(values.elements, elements, sources)
    if !stale.isEmpty {
      for index in unchanged.indices where unchanged[index] && stale.contains(sources[index]) {
        unchanged[index] = false
      }
    }
    var contents: [SlotContent] = []
    for index in elements.indices where !unchanged[index] {
      contents.append(content(elements[index]))
    }
    return (contents, unchanged)
  }

  func run(
    prefix: StructuralPath, locals: RunLocals, keys index: KeyIndex, match: KeyedMatch?,
    environment: EnvironmentValues
  ) -> any KeyedRun {
    TypedRun(
      prefix: prefix, keys: keyed.keys, locals: locals,
      index: unsafeDowncast(index, to: TypedKeyIndex<Key>.self), operations: keyed.operations,
      match: match, values: TypedElementValues(elements, environment: environment))
  }
}
