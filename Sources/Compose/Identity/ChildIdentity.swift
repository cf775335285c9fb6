#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// What makes a child the same child from one application of a declaration to the next.
///
/// Two children have the same identity when they are in the same slot, at the same structural
/// position (the same statement, branch, loop position or ``ForEach`` key, all the way down),
/// with the same controller type and the same explicit `id(_:)`. Same identity: the live
/// controller is kept and updated. Different identity: it is replaced.
///
/// The text form is `'slot' path Type`, for example `'content' 1.first DetailViewController`,
/// where the path lists statement indexes (a block of one statement adds none), `first`/`second`
/// for the branches of `if`/`else` and `switch`, `some` for an `if` without `else`, `[n]` for the n-th pass of a `for` loop and
/// `#key` for a ``ForEach`` element; an explicit identity follows as `id value`.
public struct ChildIdentity: Hashable, CustomStringConvertible {
  /// The parts of an identity, shared by every copy: plans and trees pass identities around by
  /// reference, and a child that is declared again with the same identity keeps the same storage
  /// (see ``CompositionTree/init(_:environment:mounted:)``), which makes comparing it one pointer
  /// comparison.
  final class Storage {
    /// The slot's name, shared by the identities of the slot's children.
    let slotName: SlotName
    var slot: String { slotName.name }
    let controllerType: UIViewController.Type
    /// The explicit id and the occurrence, boxed: nearly every child has neither, and inline
    /// they would take 32 bytes of every identity.
    private let rare: RareIdentityParts?
    /// The structural position, without its hash: `digest` includes it.
    let path: PathComponents
    /// The explicit id given with `id(_:)`, if any.
    var explicitID: ChildKey? { rare?.explicitID }
    /// Whether `explicitID` is set; read instead of it where most children have none, because
    /// copying a `ChildKey?` costs more than the rest of the comparison.
    var hasExplicitID: Bool { rare?.hasExplicitID ?? false }
    /// 0 normally; 1, 2, … for a repeated explicit id or key.
    var occurrence: Int { rare?.occurrence ?? 0 }
    /// Whether the identity has neither an explicit id nor an occurrence, as nearly every one.
    var isPlain: Bool { rare == nil }
    /// Every part of the identity, hashed once; compared first, so that different identities
    /// usually differ at the first comparison.
    ///
    /// 32 bits, which fit beside the path's end: with the fields before them, the storage is 72
    /// bytes, one malloc size class below 88.
    let digest: UInt32

    init(
      slot: SlotName, path: StructuralPath, controllerType: UIViewController.Type,
      explicitID: ChildKey?, occurrence: Int
    ) {
      slotName = slot
      self.path = path.parts
      self.controllerType = controllerType
      guard explicitID != nil || occurrence != 0 else {
        rare = nil
        digest = Self.digest(slot: slot, path: path, controllerType: controllerType)
        return
      }
      rare = RareIdentityParts(explicitID: explicitID, occurrence: occurrence)
      digest = Self.digest(
        slot: slot, path: path, controllerType: controllerType, occurrence: occurrence,
        explicitIDHash: explicitID.map { $0.hashValue &+ 1 } ?? 0)
    }

    /// A plain identity: no explicit id and occurrence 0, as nearly every child has.
    ///
    /// Equal to, and hashed as, the same parts given to the general initializer; it copies no
    /// `ChildKey?`, which costs more than the rest of making the identity.
    init(slot: SlotName, path: StructuralPath, controllerType: UIViewController.Type) {
      slotName = slot
      self.path = path.parts
      self.controllerType = controllerType
      rare = nil
      digest = Self.digest(slot: slot, path: path, controllerType: controllerType)
    }

    /// The parts mixed into 32 bits.
    ///
    /// The slot's digest and the path's hash are already hashes, seeded as every `Hasher` is;
    /// what is left is to fold them with the rest so that any part that differs changes every
    /// bit: a multiply per part and a final avalanche (MurmurHash3's), a few instructions where
    /// a `Hasher` takes a few hundred. An explicit id is hashed as `AnyHashable` hashes it.
    private static func digest(
      slot: SlotName, path: StructuralPath, controllerType: UIViewController.Type,
      occurrence: Int = 0, explicitIDHash: Int = 0
    ) -> UInt32 {
      var mixed = UInt64(UInt(bitPattern: slot.digest))
      mixed = (mixed ^ UInt64(UInt(bitPattern: path.cachedHash))) &* 0x9E37_79B9_7F4A_7C15
      mixed =
        (mixed ^ UInt64(UInt(bitPattern: ObjectIdentifier(controllerType))))
        &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ UInt64(UInt(bitPattern: occurrence))) &* 0x94D0_49BB_1331_11EB
      mixed = (mixed ^ UInt64(UInt(bitPattern: explicitIDHash))) &* 0x9E37_79B9_7F4A_7C15
      mixed ^= mixed >> 33
      mixed &*= 0xFF51_AFD7_ED55_8CCD
      mixed ^= mixed >> 33
      mixed &*= 0xC4CE_B9FE_1A85_EC53
      mixed ^= mixed >> 33
      return UInt32(truncatingIfNeeded: mixed)
    }
  }

  let storage: Storage

  /// The slot the child is declared in.
  public var slot: String { storage.slot }
  var path: PathComponents { storage.path }
  var controllerType: UIViewController.Type { storage.controllerType }
  /// The explicit identity given with `id(_:)`, if any.
  public var explicitID: AnyHashable? { storage.explicitID?.anyHashable }
  /// 0 normally; 1, 2, … for the second, third … child declared with an explicit id or
  /// ``ForEach`` key that was already taken (a mistake that is reported).
  public var occurrence: Int { storage.occurrence }

  init(
    slot: SlotName, path: StructuralPath, controllerType: UIViewController.Type,
    explicitID: ChildKey?, occurrence: Int = 0
  ) {
    storage = Storage(
      slot: slot, path: path, controllerType: controllerType, explicitID: explicitID,
      occurrence: occurrence)
  }

  /// A plain identity (see ``Storage/init(slot:path:controllerType:)``).
  init(slot: SlotName, path: StructuralPath, controllerType: UIViewController.Type) {
    storage = Storage(slot: slot, path: path, controllerType: controllerType)
  }

  init(storage: Storage) {
    self.storage = storage
  }

  /// The key of the innermost ``ForEach`` element the child is declared in, if any; for
  /// ComposeTesting, do not use it directly.
  @_spi(ComposeTesting)
  public var innermostKey: AnyHashable? {
    path.innermostKey
  }

  /// The name of the controller type.
  public var typeName: String { String(describing: controllerType) }

  /// The structural position, as text (`1.first`); empty for the only child of a slot.
  public var position: String { path.description }

  /// `'slot' path Type`, then ` id value` and ` (duplicate n)` when they apply.
  public var description: String {
    var text = path.isEmpty ? "'\(slot)' \(typeName)" : "'\(slot)' \(path) \(typeName)"
    if let explicitID { text += " id \(StructuralPath.describe(explicitID))" }
    if occurrence > 0 { text += " (duplicate \(occurrence))" }
    return text
  }

  /// The text form without the slot: `path Type`, then ` id value` and ` (duplicate n)`.
  var descriptionInSlot: String {
    let prefix = "'\(slot)' "
    let text = description
    return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
  }

  /// Compares every part of the identity, cheapest first.
  ///
  /// - Parameters:
  ///   - lhs: An identity.
  ///   - rhs: Another identity.
  /// - Returns: Whether they identify the same child.
  public static func == (lhs: ChildIdentity, rhs: ChildIdentity) -> Bool {
    let lhs = lhs.storage
    let rhs = rhs.storage
    return lhs === rhs
      || (lhs.digest == rhs.digest && lhs.controllerType == rhs.controllerType
        && lhs.occurrence == rhs.occurrence && lhs.path == rhs.path
        && lhs.explicitID == rhs.explicitID
        && (lhs.slotName === rhs.slotName || lhs.slot == rhs.slot))
  }

  /// Hashes the identity.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.digest)
  }
}

/// A slot's name as the identities of its children hold it: one reference in each instead of the
/// text, and hashed once.
final class SlotName {
  let name: String
  /// The hash of the name, folded into each child's digest.
  let digest: Int

  init(_ name: String) {
    self.name = name
    var hasher = Hasher()
    hasher.combine(name)
    digest = hasher.finalize()
  }
}

/// The parts of an identity that nearly every child lacks, kept apart from the identity that
/// has them.
final class RareIdentityParts {
  let explicitID: ChildKey?
  let hasExplicitID: Bool
  let occurrence: Int

  init(explicitID: ChildKey?, occurrence: Int) {
    self.explicitID = explicitID
    hasExplicitID = explicitID != nil
    self.occurrence = occurrence
  }
}

/// The structural position of a child within its slot's builder, with its hash: the form the
/// resolver builds paths in.
struct StructuralPath: Hashable, CustomStringConvertible {
  typealias Component = PathComponents.Component

  /// The hash of the components, extended one component at a time.
  private(set) var cachedHash = 0
  /// The components; what an identity keeps of its path (its digest stands for the hash).
  private(set) var parts = PathComponents()

  /// The components, in order; makes an array, so hot paths use ``count``, ``isEmpty`` and
  /// ``first`` instead.
  var components: [Component] { parts.components }

  /// The number of components.
  var count: Int { parts.count }

  /// Whether the path has no component: the only child of a slot.
  var isEmpty: Bool { parts.isEmpty }

  /// A path that is this one and one component more.
  func appending(_ component: Component) -> StructuralPath {
    parent.appending(component)
  }

  /// What the paths of this one's children share, computed once for all of them.
  var parent: Parent {
    Parent(components: components, hash: cachedHash)
  }

  /// The part of a path that a run of sibling paths share: appending to it allocates nothing.
  struct Parent {
    let components: [Component]
    let hash: Int

    /// The path of a child: these components, then `component`.
    func appending(_ component: Component) -> StructuralPath {
      var hasher = Hasher()
      hasher.combine(hash)
      hasher.combine(component)
      var path = StructuralPath()
      path.cachedHash = hasher.finalize()
      path.parts = PathComponents(prefix: components, last: component)
      return path
    }
  }

  static func == (lhs: StructuralPath, rhs: StructuralPath) -> Bool {
    lhs.cachedHash == rhs.cachedHash && lhs.parts == rhs.parts
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(cachedHash)
  }

  var description: String { parts.description }

  static func describe(_ value: AnyHashable) -> String {
    PathComponents.describe(value)
  }
}

/// The components of a structural path, without its hash: what a child's identity keeps.
struct PathComponents: Equatable, CustomStringConvertible {
  enum Component: Hashable {
    /// A statement of a block.
    case statement(Int)
    /// A branch of `if`/`else`, `switch` or `if` without `else`.
    case branch(SlotContent.Branch)
    /// A pass of a `for` loop.
    case pass(Int)
    /// An element of a `ForEach`.
    case key(ChildKey)
    /// Keeps the children of the second and later declarations of the same slot name apart.
    case slotOccurrence(Int)
  }

  /// Every component but the last, shared by the paths of siblings.
  private var prefix: [Component] = []
  /// The last component, `nil` only for the empty path.
  ///
  /// Kept inline: the path of a ``ForEach`` element's child is usually its list's path and one
  /// key, and an array per child would be an allocation per child.
  private var last: Component?
  /// The number of components; stored, so that asking for it does not copy `last`.
  ///
  /// Two bytes, which an identity's storage has spare after `last`: a builder cannot nest
  /// 65,535 deep.
  private var storedCount: UInt16 = 0

  init() {}

  /// `prefix`, then `last`.
  init(prefix: [Component], last: Component) {
    self.prefix = prefix
    self.last = last
    storedCount = UInt16(clamping: prefix.count + 1)
  }

  /// The components, in order; makes an array, so hot paths use ``count``, ``isEmpty`` and
  /// ``first`` instead.
  var components: [Component] {
    guard let last else { return [] }
    return prefix + [last]
  }

  /// The number of components.
  var count: Int { Int(storedCount) }

  /// Whether the last component is `component`.
  func ends(with component: Component) -> Bool {
    last == component
  }

  /// Whether the components after the first `count` are `suffix`; compared in place, without
  /// making an array.
  func hasSuffix(_ suffix: [Component], after count: Int) -> Bool {
    guard count >= 0, self.count - count == suffix.count else { return false }
    for (offset, component) in suffix.enumerated() {
      let index = count + offset
      let mine = index < prefix.count ? prefix[index] : last
      guard mine == component else { return false }
    }
    return true
  }

  /// Whether the path has no component: the only child of a slot.
  var isEmpty: Bool { storedCount == 0 }

  /// The first component.
  var first: Component? { prefix.first ?? last }

  /// The key of the outermost ``ForEach`` element on the path, if any.
  var outermostKey: AnyHashable? {
    for case .key(let key) in prefix { return key.anyHashable }
    if case .key(let key) = last { return key.anyHashable }
    return nil
  }

  /// The key of the innermost ``ForEach`` element on the path, if any.
  var innermostKey: AnyHashable? {
    if case .key(let key) = last { return key.anyHashable }
    for case .key(let key) in prefix.reversed() { return key.anyHashable }
    return nil
  }

  static func == (lhs: PathComponents, rhs: PathComponents) -> Bool {
    lhs.storedCount == rhs.storedCount && lhs.last == rhs.last && lhs.prefix == rhs.prefix
  }

  var description: String {
    guard !components.isEmpty else { return "" }
    return components.map { component in
      switch component {
      case .statement(let index): String(index)
      case .branch(.first): "first"
      case .branch(.second): "second"
      case .branch(.some): "some"
      case .pass(let index): "[\(index)]"
      case .key(let key): "#\(Self.describe(key.anyHashable))"
      case .slotOccurrence(let index): "slot\(index)"
      }
    }.joined(separator: ".")
  }

  static func describe(_ value: AnyHashable) -> String {
    if let string = value.base as? String { return "\"\(string)\"" }
    return String(describing: value.base)
  }
}
