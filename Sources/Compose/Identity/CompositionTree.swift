#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A resolved declaration: every slot, and every child with its identity, in order.
///
/// Resolving evaluates compositions' bodies and ``EnvironmentReader``s, gives each child its
/// ``ChildIdentity`` and reports mistakes as ``diagnostics``. It makes no controller and touches
/// no view. A tree is also what a container has mounted: after reconciling, the tree includes the
/// hidden children that a ``Lifetime/keepAlive`` policy keeps.
///
/// ```swift
/// let before = CompositionTree { Screen(isLoading: true) }
/// let after = CompositionTree { Screen(isLoading: false) }
/// print(before.reconcile(to: after).plan)
/// ```
@MainActor
public struct CompositionTree: CustomStringConvertible {
  /// The slots, in declaration order.
  let slots: ResolvedSlots
  /// Mistakes found while resolving.
  public let diagnostics: [Diagnostic]
  /// Each slot's ``ResolvedSlot/code``, contiguous, so that an unchanged tree is recognised in one
  /// pass.
  let codes: [Int]
  /// Whether a slot keeps hidden children.
  let hasHidden: Bool
  /// Whether a child has an update closure.
  let hasUpdates: Bool
  /// Whether a declared child has a handle to bind (``Child/handle(_:)``).
  let hasHandles: Bool
  /// Whether a slot is anchored to a view of its own.
  let hasAnchors: Bool
  /// Whether a child of the tree may keep the environment it is declared in.
  ///
  /// True once a child was resolved where composed containers nest, or released keeping it, in
  /// this tree or a tree it shares children with. When none may, refreshing a mounted child's
  /// environment does nothing, and a resolution against this tree does not visit the children it
  /// keeps to do it.
  private(set) var mayKeepEnvironments: Bool
  /// Whether the closures were released (``releasingClosures(keepingEnvironments:)``), and how;
  /// `nil` for a tree that holds what its declaration gave it.
  private(set) var releasedKeepingEnvironments: Bool?
  /// The equatable compositions the declaration had, for the next resolution to compare with;
  /// `nil` when it had none, or for a tree made from slots alone.
  var compositions: CompositionRecords?

  /// Resolves a declaration.
  ///
  /// - Parameters:
  ///   - environment: The environment at the top of the declaration.
  ///   - content: The declaration.
  public init(
    environment: EnvironmentValues = EnvironmentValues(),
    @CompositionBuilder _ content: () -> CompositionContent
  ) {
    self.init(content(), environment: environment)
  }

  /// Resolves a declaration.
  ///
  /// The tree takes the declaration over: each slot's declaration moves into the tree rather
  /// than being retained beside the declaration's own reference. A declaration made for the
  /// tree, as a body's is, is not copied; one that the caller still holds (kept in a property,
  /// say, and resolved again, or returned by a body from storage) has each block of statements
  /// it shares copied on write when the tree takes it apart, and is left as it was.
  ///
  /// - Parameters:
  ///   - content: The declaration.
  ///   - environment: The environment at the top of the declaration.
  public init(_ content: CompositionContent, environment: EnvironmentValues = EnvironmentValues()) {
    self.init(consume content, environment: environment, mounted: nil)
  }

  /// Resolves a declaration that is to replace a mounted tree.
  ///
  /// The result is the same tree as without `mounted`; what differs is the cost of reconciling
  /// `mounted` with it. While resolving, each child is compared with the mounted child at the
  /// same place in the same slot, and when their identities are equal the new child shares the
  /// mounted one's identity. A slot whose layout and children are all unchanged keeps the mounted
  /// slot's code, and ``reconcile(to:in:forwarding:animated:)`` recognises an unchanged declaration by
  /// comparing one code per slot. A slot that is unchanged, and declares nothing the mounted slot
  /// does not, is the mounted slot itself, and a declaration whose every slot is such a slot
  /// resolves to the mounted tree's own slots: their declarations are then the mounted ones
  /// (without their content, when `mounted` was kept by a composer), equal in everything a plan or
  /// a later resolution reads. ``Composer`` resolves every declaration this way.
  ///
  /// A composition declared ``Composition/equatable()`` that is equal to the one `mounted` has at
  /// its place, in the same environment, is not evaluated: the mounted slots it declared stand
  /// for it. The tree is still the same as long as its body reads nothing else than its value
  /// and its environment: a composer also evaluates it again when `@Observable` state its body
  /// read changed, but nothing watches that state for a tree resolved here, so resolve without
  /// `mounted` after such a change.
  ///
  /// ```swift
  /// let mounted = CompositionTree(Screen(isLoading: false).compositionContent)
  /// let next = CompositionTree(Screen(isLoading: false).compositionContent, mounted: mounted)
  /// mounted.reconcile(to: next).plan.steps  // [], found with one comparison per slot
  /// ```
  ///
  /// As with ``init(_:environment:)``, the tree takes the declaration over: pass one made for
  /// it, such as a body's; one you still hold is copied on write, block by block, first.
  ///
  /// - Parameters:
  ///   - content: The declaration.
  ///   - environment: The environment at the top of the declaration.
  ///   - mounted: The tree the declaration replaces; `nil` to resolve it on its own.
  /// - Complexity: O(*n*) for *n* children, plus the hashing of every key of a ``ForEach``.
  public init(
    _ content: CompositionContent, environment: EnvironmentValues = EnvironmentValues(),
    mounted: CompositionTree?
  ) {
    self.init(consume content, environment: environment, mounted: mounted, nests: false)
  }

  /// Resolves a declaration that is to replace a mounted tree, in a container whose children
  /// may be composed containers (`nests`): its mounted children then keep the environment they
  /// are declared in, which those containers read.
  ///
  /// The mounted children in `changedReads`, whose update closures read observed state that
  /// changed since, are not kept for an unchanged element of a list that skips them: their
  /// element's content is made again, so that their update runs with the current closure.
  ///
  /// A composer passes an `observer` that evaluates the bodies of equatable compositions,
  /// observing what each one reads.
  init(
    _ content: CompositionContent, environment: EnvironmentValues, mounted: CompositionTree?,
    nests: Bool, changedReads: Set<ChildIdentity> = [], observer: CompositionObserver? = nil
  ) {
    var resolver = Resolver(
      mounted: mounted, nests: nests, changedReads: changedReads, observer: observer)
    // The content is consumed: its slot declarations move into the tree.
    resolver.resolve(consume content, environment: environment)
    let records = resolver.finishedRecords()
    if let mounted, resolver.sharesAllMountedSlots {
      self.init(sharingSlotsOf: mounted, diagnostics: resolver.diagnostics, nests: nests)
      if let records { compositions = CompositionRecords(records: records, codes: codes) }
      return
    }
    resolver.stopSharing()
    self.init(
      slots: resolver.slots, diagnostics: resolver.diagnostics,
      mayKeepEnvironments: nests || mounted?.mayKeepEnvironments == true)
    if let records { compositions = CompositionRecords(records: records, codes: codes) }
  }

  /// A tree with the slots of `mounted`, which a declaration resolved as unchanged, slot for
  /// slot; its slots, codes and flags are shared, not computed again.
  private init(sharingSlotsOf mounted: CompositionTree, diagnostics: [Diagnostic], nests: Bool) {
    slots = mounted.slots
    mayKeepEnvironments = nests || mounted.mayKeepEnvironments
    codes = mounted.codes
    hasHidden = mounted.hasHidden
    hasUpdates = mounted.hasUpdates
    hasHandles = mounted.hasHandles
    hasAnchors = mounted.hasAnchors
    releasedKeepingEnvironments = mounted.releasedKeepingEnvironments
    self.diagnostics = diagnostics
  }

  /// A tree of `slots`, whose children may keep their environments as
  /// `mayKeepEnvironments` says (see ``mayKeepEnvironments``).
  init(slots: ResolvedSlots, diagnostics: [Diagnostic], mayKeepEnvironments: Bool) {
    self.mayKeepEnvironments = mayKeepEnvironments
    // A tree that shares slots of others keeps a bounded number alive that it does not hold.
    let slots = slots.compacted()
    self.slots = slots
    self.diagnostics = diagnostics
    var hasHidden = false
    var hasUpdates = false
    var hasHandles = false
    var hasAnchors = false
    // Through buffers, each slot read in place: an array's append and subscript check capacity
    // and bounds at every slot.
    codes = [Int](unsafeUninitializedCapacity: slots.count) { codes, count in
      let elements = slots.unsafeElements
      for index in elements.indices {
        codes.initializeElement(at: index, to: elements[index].code)
        hasHidden = hasHidden || elements[index].hasHidden
        hasUpdates = hasUpdates || elements[index].hasUpdates
        hasHandles = hasHandles || elements[index].hasHandles
        hasAnchors = hasAnchors || elements[index].isAnchored
      }
      count = elements.count
    }
    withExtendedLifetime(slots) {}
    self.hasHidden = hasHidden
    self.hasUpdates = hasUpdates
    self.hasHandles = hasHandles
    self.hasAnchors = hasAnchors
  }

  /// This tree with `slots` in place of its own, as a composer changes them to agree with what
  /// UIKit shows (a tab the user selected, a presentation UIKit dismissed) or evicts hidden
  /// children: the diagnostics, the equatable compositions and how the closures were released
  /// stay.
  ///
  /// A slot changed to agree with UIKit has a new code, so that the composition that declared it
  /// is evaluated again rather than stood for; evicting hidden children keeps the codes.
  func replacingSlots(with slots: ResolvedSlots) -> CompositionTree {
    var tree = CompositionTree(
      slots: slots, diagnostics: diagnostics, mayKeepEnvironments: mayKeepEnvironments)
    tree.compositions = compositions
    tree.releasedKeepingEnvironments = releasedKeepingEnvironments
    return tree
  }

  /// This tree as a composer keeps it once its plan is performed: every child and slot without
  /// the closures, content and environment of user code (see
  /// ``ResolvedChild/releaseClosures(keepingEnvironment:)``), and every list without the matching
  /// with the list it replaced.
  ///
  /// A closure that mentions the container then makes no reference cycle through the mounted
  /// tree; the next reconciliation brings the next declaration's closures.
  func releasingClosures(keepingEnvironments: Bool = false) -> CompositionTree {
    // A tree that shares a released tree's slots (an unchanged declaration) has nothing to drop.
    guard releasedKeepingEnvironments != keepingEnvironments else { return self }
    // The released declarations of the slots whose declaration had something to release, by
    // position; empty while none has.
    var releasedDeclarations: [SlotDeclaration?] = []
    var hasHandles = false
    for index in slots.indices {
      // Read in place: a slot released before (one a composition stood for) is not copied.
      let declaration = slots[index].declaration
      let releasedDeclaration = declaration.releasingClosures()
      if releasedDeclaration !== declaration {
        if releasedDeclarations.isEmpty {
          releasedDeclarations = Array(repeating: nil, count: slots.count)
        }
        releasedDeclarations[index] = releasedDeclaration
      }
      if slots[index].hasHandles { hasHandles = true }
      slots[index].keyedRun?.releaseMatch()
      for child in slots[index].children {
        child.releaseClosures(keepingEnvironment: keepingEnvironments)
      }
      for child in slots[index].hidden {
        child.releaseClosures(keepingEnvironment: keepingEnvironments)
      }
    }
    var released: ResolvedSlots
    if releasedDeclarations.isEmpty, !hasHandles, slots.sharesOnlyRunsMarked(keepingEnvironments) {
      // Nothing of the slots themselves changes, and the buffers they share are released the
      // same way: the released tree holds the same slots. (A buffer shared that is not released
      // may hold other slots with their closures, which holding it would keep alive.)
      released = slots
    } else {
      // A slot that another tree released the same way already is shared as it is. Every other
      // one is copied, released, into a buffer of the released tree's own: sharing a slot this
      // tree's buffer owns would keep that buffer alive, and with it the closures of the slots
      // that were released as copies.
      released = ResolvedSlots()
      released.reserveCapacity(slots.count)
      slots.forEachRun(marked: keepingEnvironments) { run, isReleased in
        for index in run {
          let releasedDeclaration = releasedDeclarations.isEmpty ? nil : releasedDeclarations[index]
          if isReleased, releasedDeclaration == nil, !slots[index].hasHandles {
            released.append(sharing: slots, index..<(index + 1))
            continue
          }
          // Only what changes is replaced: an unchanged declaration stays the same object.
          var slot = slots[index]
          if let releasedDeclaration { slot.declaration = releasedDeclaration }
          if slot.hasHandles { slot.hasHandles = false }
          released.append(slot)
        }
      }
    }
    released = released.compacted()
    // The slots it owns are released: a tree released the same way may share them as they are.
    released.mark(keepingEnvironments)
    var tree = CompositionTree(
      slots: released, diagnostics: diagnostics,
      mayKeepEnvironments: mayKeepEnvironments || keepingEnvironments)
    tree.releasedKeepingEnvironments = keepingEnvironments
    tree.compositions = compositions
    return tree
  }

  /// This tree, noting that a child may keep its environment from now on: a composer resolved
  /// its declaration where containers nest, which made mounted children start keeping theirs.
  func notingKeptEnvironments() -> CompositionTree {
    var tree = self
    tree.mayKeepEnvironments = true
    return tree
  }

  /// This tree as a composer keeps it once its plan is performed, without the closures of user
  /// code; for tests of the resolution, do not use it directly.
  @_spi(ComposeTesting)
  public var keptByComposer: CompositionTree { releasingClosures() }

  /// The slot names, in declaration order.
  public var slotNames: [String] { slots.map(\.name) }

  /// The identities of a slot's shown children, in order; empty for an unknown slot.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  public func children(in slot: String) -> [ChildIdentity] {
    slots.first { $0.name == slot }?.children.map(\.identity) ?? []
  }

  /// The identities of a slot's hidden, kept-alive children; empty for an unknown slot.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  public func hiddenChildren(in slot: String) -> [ChildIdentity] {
    slots.first { $0.name == slot }?.hidden.map(\.identity) ?? []
  }

  /// A dump of the tree: each slot with its layout, then its children and hidden children.
  public var description: String {
    var lines: [String] = []
    for slot in slots {
      var header = "slot '\(slot.name)' \(slot.layout)"
      if slot.transition.isAnimated { header += " transition \(slot.transition)" }
      if !slot.forwarding.isEmpty { header += " primary" }
      lines.append(header)
      for child in slot.children {
        lines.append("  " + child.summary)
      }
      for child in slot.hidden {
        lines.append("  hidden " + child.summary)
      }
    }
    return lines.joined(separator: "\n")
  }
}

/// One slot of a resolved tree.
///
/// What a slot holds is one immutable object, shared by every copy: a tree made from another
/// (the mounted slots an unchanged composition stands for, a composer's synchronisation, a
/// released tree) copies one reference per slot, not each of the slot's references. Setting a
/// part makes a new object. The code and the flags a tree gathers from every slot are stored in
/// the value itself, so that gathering them reads the array of slots alone.
struct ResolvedSlot {
  /// The slot's parts, never changed once made.
  private final class Parts {
    let declaration: SlotDeclaration
    let children: ResolvedChildren
    let hidden: [ResolvedChild]
    let keyedRun: (any KeyedRun)?

    init(
      declaration: SlotDeclaration, children: ResolvedChildren, hidden: [ResolvedChild],
      keyedRun: (any KeyedRun)?
    ) {
      self.declaration = declaration
      // Children shared from other slots keep a bounded number alive that the slot does not
      // hold (see ``SharedArray``).
      self.children = children.compacted()
      self.hidden = hidden
      self.keyedRun = keyedRun
    }
  }

  private var parts: Parts

  init(
    declaration: SlotDeclaration, children: ResolvedChildren, hidden: [ResolvedChild] = [],
    keyedRun: (any KeyedRun)?, hasUpdates: Bool, hasHandles: Bool, code: Int
  ) {
    parts = Parts(
      declaration: declaration, children: children, hidden: hidden, keyedRun: keyedRun)
    self.code = code
    self.hasUpdates = hasUpdates
    self.hasHandles = hasHandles
    hasHidden = !hidden.isEmpty
    isAnchored = declaration.anchor != nil
    placesViews = declaration.placesViews
  }

  /// Replaces some of the slot's parts (`nil` keeps a part), in one new object.
  mutating func replace(
    declaration: SlotDeclaration? = nil, children: ResolvedChildren? = nil,
    hidden: [ResolvedChild]? = nil, keyedRun: (any KeyedRun)?? = nil
  ) {
    parts = Parts(
      declaration: declaration ?? parts.declaration, children: children ?? parts.children,
      hidden: hidden ?? parts.hidden, keyedRun: keyedRun ?? parts.keyedRun)
    hasHidden = !parts.hidden.isEmpty
    isAnchored = parts.declaration.anchor != nil
    placesViews = parts.declaration.placesViews
  }

  /// The declaration the slot's name, anchor, layout and modifiers come from.
  ///
  /// For a name declared twice, the first declaration. Shared, not copied, because every
  /// resolution and reconciliation passes slots around.
  var declaration: SlotDeclaration {
    get { parts.declaration }
    set { replace(declaration: newValue) }
  }
  var name: String { declaration.name }
  var anchor: UIView? { declaration.anchor }
  var layout: SlotLayout { declaration.layout }
  var transition: Transition { declaration.transition }
  var forwarding: Forwarding { declaration.forwarding }
  var source: SourceLocation { declaration.source }
  var interruption: Interruption { declaration.interruption }
  var children: ResolvedChildren {
    get { parts.children }
    set { replace(children: newValue) }
  }
  /// Kept-alive children that are not declared at the moment.
  var hidden: [ResolvedChild] {
    get { parts.hidden }
    set { replace(hidden: newValue) }
  }
  /// The typed keys of the children, when they all come from one `ForEach` with one child per
  /// element.
  var keyedRun: (any KeyedRun)? {
    get { parts.keyedRun }
    set { replace(keyedRun: .some(newValue)) }
  }
  /// Whether a child has an update closure; when none has, a reconciliation visits only the
  /// children that arrive or move.
  var hasUpdates: Bool
  /// Whether a child has a handle to bind: the executor binds it to the live controller once the
  /// plan is performed.
  var hasHandles: Bool
  /// Whether the slot keeps hidden children (``hidden`` is not empty).
  private(set) var hasHidden: Bool
  /// Whether the slot is anchored to a view of its own (its declaration's ``anchor``).
  private(set) var isAnchored: Bool
  /// Whether the slot places its children's views in the container (its declaration's
  /// ``SlotDeclaration/placesViews``): not a system container's slot.
  private(set) var placesViews: Bool
  /// Equal for two slots with the same name, matching layouts and the same children (by
  /// identity) in the same order; different codes say nothing.
  ///
  /// A slot resolved against a mounted slot keeps its code when all of that holds, and gets a
  /// code never used before otherwise (see ``CompositionTree/init(_:environment:mounted:)``).
  var code: Int
}

/// One child of a resolved tree; a class, so that trees and plans share children instead of
/// copying their identities and closures.
///
/// A child holds its declaration's factory, update closure and environment only until a
/// ``Composer`` has performed the plan that needed them (see
/// ``releaseClosures(keepingEnvironment:)``): a mounted tree never keeps what user code captured,
/// so a closure that mentions the container makes no reference cycle through the composer. Only
/// the environment of a child that a nested composed container reads stays.
final class ResolvedChild {
  let identity: ChildIdentity
  /// The declaration's factory; `nil` once released.
  private(set) var make: (@MainActor () -> UIViewController)?
  /// What few children have, boxed: the update closure, handle binding and environment until
  /// released (the environment stays for a child that keeps it), a custom transition and an
  /// update's input; `nil` for a plain child in an empty environment.
  ///
  /// One box, so that a mounted child is one identity, one factory and two references: 56 bytes,
  /// the smallest block malloc gives for more than 40.
  private var extras: ChildExtras?
  /// Where the child is declared, its transition's signature, its lifetime and whether it has an
  /// update, shared with the siblings declared alike.
  let site: ChildSite
  /// Whether the declaration has an update closure.
  ///
  /// Read for every kept child of every reconciliation, so kept apart from the closures, in the
  /// site. Stays `true` once released.
  var hasUpdate: Bool { site.hasUpdate }
  /// Whether the closures are released: the factory, which every declaration has, is gone.
  var isReleased: Bool { make == nil }
  /// Whether the environment stayed when the closures were released.
  var keepsEnvironment: Bool { extras?.keepsEnvironment ?? false }
  /// Whether the child holds its box of extras; a released child holds it only while it needs it.
  var holdsExtras: Bool { extras != nil }
  /// Where the child is declared.
  var source: SourceLocation { site.source }
  /// The declaration's lifetime policy.
  var lifetime: Lifetime { site.lifetime }
  /// The ``Transition/Signature`` of `transition`, compared when a declaration is resolved
  /// again.
  var transitionSignature: Transition.Signature { site.transitionSignature }
  /// The input of the update, for a child declared with one; kept once released, since the next
  /// reconciliation compares it with the new declaration's.
  var input: ChildInput? { extras?.input }

  /// Brings a live controller up to date; `nil` when the declaration has none or once released.
  var update: (@MainActor (UIViewController, EnvironmentValues) -> Void)? { extras?.update }
  /// Binds the child's ``ChildHandle`` to its controller, when it is made and once the plan that
  /// keeps it is performed; `nil` without a handle or once released.
  var bindHandle: HandleBinding? {
    extras?.bindHandle
  }
  /// The environment in effect where the child is declared; empty once released, unless it
  /// stays.
  var environment: EnvironmentValues { extras?.environment ?? EnvironmentValues() }
  /// The child's transition, or its slot's; a custom transition's animations are dropped once
  /// released.
  var transition: Transition {
    extras?.customTransition ?? Transition(signature: transitionSignature)
  }

  /// Makes a child of `declaration`, sharing `site` when the child is declared alike.
  ///
  /// - Parameters:
  ///   - identity: The child's identity.
  ///   - declaration: Its declaration.
  ///   - environment: The environment in effect where it is declared.
  ///   - transition: Its transition: its own, or its slot's.
  ///   - site: The site of a child resolved just before, most often a sibling declared at the
  ///     same place; used when source, transition, lifetime and having an update are the same.
  init(
    identity: ChildIdentity, declaration: borrowing ChildDeclaration,
    environment: EnvironmentValues, transition: Transition, sharing site: ChildSite?
  ) {
    self.identity = identity
    make = declaration.make
    let signature = transition.signature
    if let site, site.matches(declaration, signature: signature) {
      self.site = site
    } else {
      self.site = ChildSite(
        source: declaration.source, transitionSignature: signature,
        lifetime: declaration.lifetime, hasUpdate: declaration.hasUpdate)
    }
    let isCustom = signature.kind == Transition.Signature.custom
    let bindHandle = declaration.bindHandle
    let input = declaration.input
    if declaration.update != nil || bindHandle != nil || environment.isSet || isCustom
      || input != nil
    {
      extras = ChildExtras(
        update: declaration.update, bindHandle: bindHandle, environment: environment,
        customTransition: isCustom ? transition : nil, input: input)
    }
  }

  /// Takes the environment in effect where the child is declared now, if this mounted child keeps
  /// its environment.
  ///
  /// With `nesting` (composed containers are nested), a mounted child whose environment was
  /// dropped when its closures were released, before nesting began, keeps it from now on: its
  /// controller may have become a composed container since.
  @inline(__always)
  func refreshEnvironment(_ environment: EnvironmentValues, nesting: Bool) {
    if let extras, extras.keepsEnvironment {
      extras.environment = environment
    } else if nesting, isReleased {
      startKeepingEnvironment(environment)
    }
  }

  /// Keeps `environment`, and the environments of the declarations this mounted child stands
  /// for from now on.
  @inline(never)
  private func startKeepingEnvironment(_ environment: EnvironmentValues) {
    if let extras {
      extras.environment = environment
      extras.keepsEnvironment = true
      return
    }
    let box = ChildExtras(
      update: nil, bindHandle: nil, environment: environment, customTransition: nil, input: nil)
    box.keepsEnvironment = true
    extras = box
  }

  /// Whether this child needs its update when `old` was what was mounted: always, unless it is
  /// `old` itself, or both have an input and the inputs are equal.
  func needsUpdate(after old: ResolvedChild) -> Bool {
    // The mounted child itself stands for an unchanged element of a list that skips them.
    guard hasUpdate, self !== old else { return false }
    guard let input, let oldInput = old.input else { return true }
    return !input.equals(oldInput)
  }

  /// Drops everything that came from user code and that a mounted child never uses again: the
  /// factory (a mounted child is never made again), the update closure and environment (a
  /// reconciliation updates a child with the new declaration's), and a custom transition's
  /// animations (a swap animates with the arriving child's).
  ///
  /// With `keepingEnvironment`, the environment stays: a composed container among the children
  /// reads it while it is mounted (see `InheritedEnvironment`).
  func releaseClosures(keepingEnvironment: Bool = false) {
    guard !isReleased else { return }
    make = nil
    guard let extras else {
      // A child resolved in an empty environment that keeps it: a box to take the next one.
      if keepingEnvironment {
        extras = ChildExtras(
          update: nil, bindHandle: nil, environment: EnvironmentValues(), customTransition: nil,
          input: nil)
        extras?.keepsEnvironment = true
      }
      return
    }
    extras.releaseClosures(keepingEnvironment: keepingEnvironment)
    if !extras.isNeededOnceReleased { self.extras = nil }
  }

  /// Whether this mounted child can stand for a newly declared one with the same identity.
  ///
  /// A resolution then reuses it instead of making another. It can when neither has an update
  /// closure (the only reader of the environment and of the closure itself), the declaration
  /// has no handle to bind to the live controller, and the lifetime,
  /// transition (the declaration's own, or else its slot's) and source are the same. The factory
  /// does not matter: a mounted child is never made again.
  @inline(__always)
  func canStand(
    for declaration: ChildDeclaration, identity: ChildIdentity,
    slotTransition: Transition.Signature
  ) -> Bool {
    self.identity.storage === identity.storage
      && canStand(for: declaration, slotTransition: slotTransition)
  }

  /// Whether this mounted child can stand for a newly declared one that has its identity.
  @inline(__always)
  func canStand(for declaration: ChildDeclaration, slotTransition: Transition.Signature) -> Bool {
    let site = site
    guard !hasUpdate, !declaration.hasUpdate, !declaration.hasHandle,
      site.source.line == declaration.source.line, site.lifetime == declaration.lifetime,
      site.source == declaration.source
    else { return false }
    guard declaration.hasTransition else {
      return transitionSignature.isSame(as: slotTransition)
    }
    guard let own = declaration.transition else { return false }
    return transitionSignature.isSame(as: own.signature)
  }

  /// `path Type`, then the explicit id, duplicate number and lifetime when they apply.
  var summary: String {
    let position = identity.position
    var text = position.isEmpty ? identity.typeName : "\(position) \(identity.typeName)"
    if let id = identity.explicitID { text += " id \(StructuralPath.describe(id))" }
    if identity.occurrence > 0 { text += " (duplicate \(identity.occurrence))" }
    if lifetime != .whileShown { text += " \(lifetime)" }
    return text
  }
}

/// What the children declared at one place have in common: where, how they animate and how long
/// they live.
///
/// Resolved children that agree on all three share one site, which is what consecutive siblings
/// declared at the same place do (the children of a ``ForEach``: one site for the whole list). A
/// mounted child then holds a reference where the three took 40 bytes of every one.
final class ChildSite {
  /// Where the children are declared.
  let source: SourceLocation
  /// Their transition's signature: their own transition's, or their slot's.
  let transitionSignature: Transition.Signature
  /// Their lifetime policy.
  let lifetime: Lifetime
  /// Whether their declarations have an update closure.
  let hasUpdate: Bool

  init(
    source: SourceLocation, transitionSignature: Transition.Signature, lifetime: Lifetime,
    hasUpdate: Bool
  ) {
    self.source = source
    self.transitionSignature = transitionSignature
    self.lifetime = lifetime
    self.hasUpdate = hasUpdate
  }

  /// Whether a child of `declaration` whose transition has `signature` belongs to this site.
  @inline(__always)
  func matches(_ declaration: ChildDeclaration, signature: Transition.Signature) -> Bool {
    source.line == declaration.source.line && lifetime == declaration.lifetime
      && hasUpdate == declaration.hasUpdate && transitionSignature == signature
      && source == declaration.source
  }
}

/// What few resolved children have, kept apart from them: the update closure, the handle's
/// binding and the environment where the child is declared until it is released, a custom
/// transition (an inline ``Transition`` would take 40 bytes of every child) and the input of an
/// update declared with one.
final class ChildExtras {
  /// Brings the controller up to date; `nil` without an update, or once released.
  var update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?
  /// Binds the child's ``ChildHandle``; `nil` without a handle, or once released.
  var bindHandle: HandleBinding?
  /// The environment in effect where the child is declared; empty once released, unless it
  /// stays.
  var environment: EnvironmentValues
  /// A custom transition, which a ``Transition/Signature`` cannot describe; its animations are
  /// dropped once the child's closures are released.
  var customTransition: Transition?
  /// The input of the child's update.
  let input: ChildInput?
  /// Whether the environment stayed when the closures were released.
  var keepsEnvironment = false

  init(
    update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?,
    bindHandle: HandleBinding?,
    environment: EnvironmentValues, customTransition: Transition?, input: ChildInput?
  ) {
    self.update = update
    self.bindHandle = bindHandle
    self.environment = environment
    self.customTransition = customTransition
    self.input = input
  }

  /// Drops the closures, the environment unless `keepingEnvironment`, and a custom transition's
  /// animations.
  func releaseClosures(keepingEnvironment: Bool) {
    update = nil
    bindHandle = nil
    keepsEnvironment = keepingEnvironment
    if !keepingEnvironment { environment = EnvironmentValues() }
    if let custom = customTransition { customTransition = custom.releasingClosures() }
  }

  /// Whether a released child still needs the box: for its input, its custom transition or the
  /// environment it keeps.
  var isNeededOnceReleased: Bool {
    input != nil || customTransition != nil || keepsEnvironment
  }
}

/// The children of the slot being resolved.
///
/// While they are the mounted slot's children, in order, they are only counted, and the mounted
/// children become the new ones: an unchanged slot allocates nothing.
///
/// Once the list has children of its own, they are appended in place to a buffer it owns
/// (a ``SharedBuffer``): appending to an array of a class type calls the standard library's
/// precompiled code twice per child, which is not inlined. A run of mounted children that stand
/// for unchanged elements, at consecutive mounted positions, is shared rather than copied
/// (``appendMounted(_:sharing:at:from:to:environment:nesting:)``). ``takeChildren()`` hands the buffer
/// over at the end. A list cannot be copied: two copies would share that buffer.
struct ChildList: ~Copyable {
  private let mounted: ResolvedChildren
  private var sharedCount = 0
  /// The list's own children, once it has some buffer for them (`owns`).
  private var storage: SharedBuffer<ResolvedChild>?
  private var owns = false
  /// Whether a child in the list has an update closure.
  private(set) var hasUpdates = false

  /// The fewest consecutive mounted children that ``appendMounted(_:sharing:at:from:to:environment:nesting:)``
  /// shares as a run: sharing costs a few bookkeeping steps, copying one child an atomic retain
  /// and, when the tree goes, an atomic release.
  static var shortestSharedRun: Int { 8 }

  init(mounted: ResolvedChildren) {
    self.mounted = mounted
  }

  init(own: ResolvedChildren) {
    mounted = []
    owns = true
    guard !own.isEmpty else { return }
    let storage = SharedBuffer<ResolvedChild>.make(capacity: own.count)
    storage.appendShared(from: own.buffer.unsafelyUnwrapped, 0..<own.count)
    self.storage = storage
    for index in own.indices where own[index].hasUpdate {
      hasUpdates = true
      break
    }
  }

  var count: Int { owns ? storage?.count ?? 0 : sharedCount }

  /// How many children the list's own buffer has room for; 0 while it has none.
  var capacity: Int { storage?.room ?? 0 }

  var last: ResolvedChild? {
    if owns {
      guard let storage else { return nil }
      let count = storage.count
      return count == 0 ? nil : storage.elements[count - 1]
    }
    return sharedCount > 0 ? mounted[sharedCount - 1] : nil
  }

  /// Appends a child; takes it owned, so that appending to the list's own buffer retains it
  /// once.
  @inline(__always)
  mutating func append(_ child: consuming ResolvedChild) {
    if child.hasUpdate { hasUpdates = true }
    if !owns {
      if sharedCount < mounted.count, Self.isSame(mounted[sharedCount], child) {
        sharedCount += 1
        return
      }
      startOwning()
    }
    if let storage, storage.hasRoom {
      storage.appendOwned(child)
    } else {
      grow(by: 1)
      storage.unsafelyUnwrapped.appendOwned(child)
    }
  }

  /// Appends a run of mounted children in one pass.
  ///
  /// They are `elements[sources[index]]` for each `index` in `start..<end`: the unchanged
  /// elements of a list, whose mounted children stand for them as they are, so each of those
  /// sources is a position in `elements` (never `-1`), the elements of `buffer`.
  /// When `refreshing`, each one's environment is refreshed as
  /// ``ResolvedChild/refreshEnvironment(_:nesting:)`` does; when `checkingUpdates`, each one is
  /// asked whether it has an update. A run of at least ``shortestSharedRun`` of them at
  /// consecutive positions is shared from `buffer`, not copied: with neither to do, a shared
  /// run reads none of its children.
  ///
  /// - Parameters:
  ///   - elements: The mounted children.
  ///   - buffer: The buffer of `elements`, whose runs are shared.
  ///   - sources: For each element of the list, the mounted position of its key.
  ///   - start: The first element of the run.
  ///   - end: The element after the run.
  ///   - environment: The environment the elements are declared in.
  ///   - nesting: Whether composed containers nest.
  ///   - refreshing: Whether a child may need its environment refreshed: false when none keeps
  ///     its environment and composed containers do not nest, when refreshing does nothing.
  ///   - checkingUpdates: Whether a child may have an update: false when the mounted slot has
  ///     none.
  /// - Returns: Whether each of them was mounted at its own index (`sources[index] == index`).
  @inline(__always)
  mutating func appendMounted(
    _ elements: UnsafeBufferPointer<ResolvedChild>, sharing buffer: SharedBuffer<ResolvedChild>?,
    at sources: UnsafeBufferPointer<Int>, from start: Int, to end: Int,
    environment: EnvironmentValues, nesting: Bool, refreshing: Bool = true,
    checkingUpdates: Bool = true
  ) -> Bool {
    var inPlace = true
    var updates = false
    var index = start
    if !owns {
      // While the list is the mounted children, in order, they are only counted.
      do {
        let mounted = mounted.unsafeElements
        while index < end {
          let source = sources[index]
          guard sharedCount < mounted.count, Self.isSame(mounted[sharedCount], elements[source])
          else {
            break
          }
          if source != index { inPlace = false }
          if refreshing { elements[source].refreshEnvironment(environment, nesting: nesting) }
          if checkingUpdates, elements[source].hasUpdate { updates = true }
          sharedCount += 1
          index += 1
        }
      }
      if updates { hasUpdates = true }
      if index == end { return inPlace }
      startOwning()
    }
    let room = storage.map { $0.room - $0.count } ?? 0
    if room < end - index { grow(by: end - index) }
    let storage = storage.unsafelyUnwrapped
    while index < end {
      // The run of consecutive mounted positions from here.
      let first = sources[index]
      var runEnd = index + 1
      while runEnd < end, sources[runEnd] == first + (runEnd - index) { runEnd += 1 }
      if first != index { inPlace = false }
      if refreshing || checkingUpdates {
        for position in first..<(first + runEnd - index) {
          if refreshing { elements[position].refreshEnvironment(environment, nesting: nesting) }
          if checkingUpdates, elements[position].hasUpdate { updates = true }
        }
      }
      if runEnd - index >= Self.shortestSharedRun, let buffer {
        storage.appendShared(from: buffer, first..<(first + runEnd - index))
      } else {
        storage.appendOwned(
          contentsOf: UnsafeBufferPointer(rebasing: elements[first..<(first + runEnd - index)]))
      }
      index = runEnd
    }
    if updates { hasUpdates = true }
    return inPlace
  }

  /// Whether `a` and `b` are the same object, compared by address: `===` takes optional
  /// `AnyObject`s, and where the optimizer does not inline it, converting each child to one
  /// retains and releases it.
  @inline(__always)
  private static func isSame(_ a: ResolvedChild, _ b: ResolvedChild) -> Bool {
    Unmanaged.passUnretained(a).toOpaque() == Unmanaged.passUnretained(b).toOpaque()
  }

  /// Gives the list a buffer of its own, with the mounted children it holds so far (shared when
  /// there are at least ``shortestSharedRun``, copied otherwise), when a child that is not the
  /// next mounted one is appended, or room for `capacity` children when given.
  @inline(never)
  private mutating func startOwning(capacity: Int? = nil) {
    // By default, room for the mounted children and a few more: a list that gains a few
    // children does not move them all to a larger buffer.
    let storage = SharedBuffer<ResolvedChild>.make(
      capacity: capacity ?? max(mounted.count + 16, sharedCount + 1))
    if sharedCount >= Self.shortestSharedRun, let buffer = mounted.buffer {
      storage.appendShared(from: buffer, 0..<sharedCount)
    } else if sharedCount > 0 {
      mounted.withUnsafeBufferPointer {
        storage.appendOwned(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<sharedCount]))
      }
    }
    self.storage = storage
    owns = true
  }

  /// Gives the list a buffer with room for at least `count` more children: twice the room it
  /// had (at least 4), or more if that is not enough, its children moved there.
  @inline(never)
  private mutating func grow(by count: Int) {
    let held = storage?.count ?? 0
    let capacity = Swift.max(4, 2 * (storage?.room ?? 0), held + count)
    let larger = SharedBuffer<ResolvedChild>.make(capacity: capacity)
    if let storage { larger.moveAll(from: storage) }
    storage = larger
  }

  /// Makes room for `count` children in a list that is empty and has nothing mounted to share:
  /// the first list of a new slot then takes the memory it needs, not the next power of two.
  ///
  /// Only an empty list: a list that has children grows as appends make it grow, geometrically.
  /// Reserving an exact size for each of many sibling lists would copy the buffer every time.
  mutating func reserve(_ count: Int) {
    guard self.count == 0, owns || mounted.isEmpty, count > capacity else { return }
    storage = SharedBuffer<ResolvedChild>.make(capacity: count)
    owns = true
  }

  /// Whether the list is the mounted children themselves, all of them, in order.
  var isMounted: Bool { !owns && sharedCount == mounted.count }

  /// The children, in order: the list's own buffer, handed over (the list is left empty), or
  /// the mounted children while the list shares them.
  mutating func takeChildren() -> ResolvedChildren {
    if owns {
      guard let storage = storage.take() else { return [] }
      return ResolvedChildren(adopting: storage)
    }
    if sharedCount == mounted.count { return mounted }
    if sharedCount == 0 { return [] }
    // The first of the mounted children: shared or copied as at a list's first change.
    startOwning(capacity: sharedCount)
    return takeChildren()
  }
}

/// Walks a declaration and produces resolved slots.
@MainActor
struct Resolver {
  /// The resolved slots; empty while every slot so far shares the mounted one at its position
  /// (see ``sharedSlotCount``).
  private(set) var slots = ResolvedSlots()
  /// How many slots, from the first, are unchanged mounted slots that the new tree can hold as
  /// they are, while ``sharesMountedSlots``: an unchanged declaration then resolves to the
  /// mounted tree's own slots, with no slot built, copied or destroyed.
  private var sharedSlotCount = 0
  /// Whether every slot resolved so far is shared; once one is not, the shared ones are copied
  /// into ``slots`` (``stopSharing()``) and the rest are resolved as usual.
  private var sharesMountedSlots: Bool
  var diagnostics: [Diagnostic] = []
  /// The slots of the tree the declaration replaces, whose identities and slot codes are
  /// reused when equal; empty when there is none.
  ///
  /// Read in place: binding the mounted tree would retain its arrays for every slot resolved.
  private let mountedSlots: ResolvedSlots
  /// The slots by name; built only once a slot is not the mounted slot at its position, since
  /// slots that all match a mounted slot by position have distinct names.
  private var slotIndexes: [String: Int]?
  private var mountedSlotIndexes: [String: Int]?
  private var slotOccurrences: [String: Int] = [:]
  /// The explicit ids used so far in each slot that has some, by slot index: a slot name
  /// declared twice continues with the first declaration's ids.
  private var explicitIDsBySlot: [Int: [ExplicitID: Int]] = [:]
  private var explicitIDs: [ExplicitID: Int] = [:]
  private var slotName = ""
  /// The slot's name as the new identities of its children hold it: the mounted children's, or
  /// made at the first new identity.
  private var sharedSlotName: SlotName?
  /// Whether a child made for the slot being resolved, shown or hidden, has a handle to bind: a
  /// mounted child never stands for a declaration with one, so only a child made can have one.
  private var madeChildWithHandle = false
  /// The children of the slot being resolved that are declared hidden (``Child/hidden(_:)``).
  private var declaredHidden: [ResolvedChild] = []
  /// The mounted children of the slot being resolved, compared by position with the new ones.
  private var candidates = ResolvedChildren()
  /// Whether every child of the slot so far shares its candidate's identity.
  private var reusesAll = true
  /// Whether composed containers are nested: mounted children then keep the environment they are
  /// declared in, which a composed container among them reads.
  private let nests: Bool
  /// Whether refreshing a mounted child's environment may do anything: containers nest, or a
  /// mounted child may keep its environment (``CompositionTree/mayKeepEnvironments``).
  private let refreshesMountedEnvironments: Bool
  /// Whether a child of the mounted slot being resolved against has an update.
  private var mountedHasUpdates = false
  /// The mounted children whose update closures read observed state that changed: never kept
  /// for an unchanged element of a list that skips them.
  private let changedReads: Set<ChildIdentity>
  /// Whether the content being collected is a list element whose key the mounted list lacks:
  /// every candidate is a child of that list, so none has the identity of a child made for it.
  private var collectsNewKey = false
  private var runCapture = RunCapture.disarmed
  private var capturedRun: (any KeyedRun)?
  /// The typed keys of the mounted slot being resolved against, and its code.
  private var mountedRun: (any KeyedRun)?
  private var mountedCode = 0
  /// The signature of the transition of the slot being resolved.
  private var slotSignature = Transition.none.signature
  /// The site of the last child made, shared by the next one when it is declared alike.
  private var lastSite: ChildSite?

  /// The records of the equatable compositions resolved so far, in declaration order.
  private var records: [CompositionRecord] = []
  /// The mounted tree's records, and the codes of the declaration they were made in.
  private let mountedRecords: [CompositionRecord]
  private let recordedCodes: [Int]
  private let mountedCodes: [Int]
  private let mountedDiagnostics: [Diagnostic]
  private let mountedHasHidden: Bool
  /// Whether a mounted composition's slots may stand for an equal one: not when composed
  /// containers are nested and the mounted children dropped their environment, which a nested
  /// container reads.
  private let mayStandCompositions: Bool
  /// Where the next equatable composition is looked for among the mounted records; `nil` when
  /// the one it is declared in had no mounted counterpart.
  private var recordFrame: RecordFrame?
  /// How many slots resolved so far are not plain (``countIfOther()``).
  private var otherSlots = 0
  /// Which mounted records a composition was matched with; empty until one is looked for.
  private var matchedRecords: [Bool] = []
  /// The positions of the slots whose name was declared again (``join(_:to:environment:)``):
  /// the records that hold them are not used next time.
  private var joinedSlots: [Int] = []
  /// The positions of the slots that a mounted composition's stand for; a slot among them that
  /// is joined has its explicit ids counted from its children.
  private var standingSlots: [Range<Int>] = []
  /// Evaluates equatable compositions' bodies for a composer.
  private let observer: CompositionObserver?

  /// The last slot code handed out; codes are never reused.
  private static var lastCode = 0

  /// Whether the `ForEach` of the slot being resolved still may, or did, give its typed keys.
  private enum RunCapture {
    case disarmed, armed, failed, captured
  }

  private struct ExplicitID: Hashable {
    let type: ObjectIdentifier
    let id: ChildKey
  }

  init(
    mounted: CompositionTree?, nests: Bool, changedReads: Set<ChildIdentity> = [],
    observer: CompositionObserver? = nil
  ) {
    mountedSlots = mounted?.slots ?? ResolvedSlots()
    sharesMountedSlots = !mountedSlots.isEmpty
    self.nests = nests
    refreshesMountedEnvironments = nests || mounted?.mayKeepEnvironments == true
    self.changedReads = changedReads
    self.observer = observer
    if let mounted, let compositions = mounted.compositions {
      mountedRecords = compositions.records
      recordedCodes = compositions.codes
      mountedCodes = mounted.codes
      mountedDiagnostics = mounted.diagnostics
      mountedHasHidden = mounted.hasHidden
      mayStandCompositions = !nests || mounted.releasedKeepingEnvironments != false
      recordFrame = RecordFrame(next: 0, end: compositions.records.count)
    } else {
      mountedRecords = []
      recordedCodes = []
      mountedCodes = []
      mountedDiagnostics = []
      mountedHasHidden = false
      mayStandCompositions = false
    }
  }

  /// Whether the declaration resolved to the mounted slots, every one shared.
  var sharesAllMountedSlots: Bool {
    sharesMountedSlots && sharedSlotCount == mountedSlots.count
  }

  /// Copies the shared slots into ``slots``, making room for as many as are mounted, and resolves
  /// the next ones as usual.
  mutating func stopSharing() {
    guard sharesMountedSlots else { return }
    sharesMountedSlots = false
    slots.reserveCapacity(mountedSlots.count)
    slots.append(sharing: mountedSlots, 0..<sharedSlotCount)
    sharedSlotCount = 0
  }

  static func quoted(_ value: AnyHashable) -> String {
    "'\(value.base)'"
  }

  static func freshCode() -> Int {
    lastCode += 1
    return lastCode
  }

  /// Resolves a declaration's content, which it consumes: each slot declaration is moved out of
  /// it into the resolved slot (or released), not retained beside the content's own reference.
  mutating func resolve(_ content: consuming CompositionContent, environment: EnvironmentValues) {
    // Slots, blocks and environment changes are moved out of the content, which is not switched
    // over for them: the switch would hold a copy of the node while its payload is used.
    if let slot = content.takeSlot() {
      resolve(slot, environment: environment)
      return
    }
    if var components = content.takeBlock() {
      // Each component is moved out of the block, leaving an empty one in its place. A builder
      // made the block for this declaration alone, so the first one taken copies nothing; a
      // block the caller still references is copied then, and the caller's is left as it was.
      for index in components.indices {
        if let slot = components[index].takeSlot() {
          resolve(slot, environment: environment)
        } else {
          resolve(components[index].take(), environment: environment)
        }
      }
      return
    }
    if let (change, inner) = content.takeEnvironment() {
      var changed = environment
      change(&changed)
      resolve(inner, environment: changed)
      return
    }
    switch content.node {
    case .empty:
      break
    case .slot, .block, .environment:
      assertionFailure("taken out of the content above")
    case .composition(let body):
      resolve(body(), environment: environment)
    case .equatable(let composition):
      resolve(composition, environment: environment)
    }
  }

  /// The index of an earlier slot with this name, and the index of the mounted slot with it.
  @inline(__always)
  private mutating func findSlot(named name: String) -> (existing: Int?, mounted: Int?) {
    if slotIndexes == nil {
      let position = slots.count + sharedSlotCount
      if position < mountedSlots.count, mountedSlots[position].declaration.name == name {
        return (nil, position)
      }
    }
    return findSlotByName(name)
  }

  /// ``findSlot(named:)`` for a slot that is not the mounted one at its position, or follows one;
  /// the slots shared so far are copied first, since slots are found by name from here on.
  @inline(never)
  private mutating func findSlotByName(_ name: String) -> (existing: Int?, mounted: Int?) {
    stopSharing()
    indexSlotsByName()
    let existing = slotIndexes?[name]
    guard !mountedSlots.isEmpty else { return (existing, nil) }
    if mountedSlotIndexes == nil {
      var indexes: [String: Int] = [:]
      for (index, slot) in mountedSlots.enumerated() {
        indexes[slot.name] = index
      }
      mountedSlotIndexes = indexes
    }
    return (existing, mountedSlotIndexes?[name])
  }

  /// Finds slots by name from here on: the slots so far are indexed, once.
  private mutating func indexSlotsByName() {
    guard slotIndexes == nil else { return }
    // The first slot that is not the mounted one at its position: from here on, by name.
    var indexes: [String: Int] = [:]
    for (index, slot) in slots.enumerated() {
      indexes[slot.name] = index
    }
    slotIndexes = indexes
  }

  // MARK: - Equatable compositions

  /// The records of the equatable compositions, once the declaration is resolved.
  ///
  /// A record whose slots a later declaration of the same name joined is not used next time.
  /// `nil` when the declaration has none.
  mutating func finishedRecords() -> [CompositionRecord]? {
    guard !records.isEmpty else { return nil }
    for joined in joinedSlots {
      for index in records.indices where records[index].slots.contains(joined) {
        records[index].isSkippable = false
      }
    }
    return records
  }

  /// Resolves an equatable composition: the mounted slots of the one declared at its place when
  /// they can stand for it, its body otherwise.
  private mutating func resolve(
    _ composition: any SkippableComposition, environment: EnvironmentValues
  ) {
    let type = composition.contentType
    let match = matchMountedRecord(of: composition, type: type)
    if let match, match.isEqual, stand(match.index, environment: environment) { return }
    let start = slots.count + sharedSlotCount
    let firstDiagnostic = diagnostics.count
    let index = records.count
    let joins = joinedSlots.count
    let others = otherSlots
    let reader = match.map { mountedRecords[$0.index].reader } ?? CompositionReader()
    records.append(
      CompositionRecord(
        type: type, composition: composition, environment: environment,
        slots: start..<start, diagnostics: firstDiagnostic..<firstDiagnostic, end: index + 1,
        isSkippable: false, reader: reader))
    let outer = recordFrame
    recordFrame = match.map { RecordFrame(next: $0.index + 1, end: mountedRecords[$0.index].end) }
    let content: CompositionContent
    if let observer {
      content = observer.evaluate(reader) { composition.evaluate() }
    } else {
      content = composition.evaluate()
    }
    resolve(consume content, environment: environment)
    recordFrame = outer
    let end = slots.count + sharedSlotCount
    records[index].slots = start..<end
    records[index].diagnostics = firstDiagnostic..<diagnostics.count
    records[index].end = records.count
    // A body whose slot joined an earlier one declared children outside its slots.
    records[index].isSkippable = joinedSlots.count == joins && otherSlots == others
  }

  /// The mounted record that `composition` is declared at the place of, among the next few
  /// unmatched records of the current frame: the first one equal to it, else the first one of
  /// its type; and whether it is equal.
  ///
  /// A few siblings ahead: a composition inserted, removed or moved among its siblings is
  /// passed over, and a declaration with many compositions none of which is mounted is not
  /// searched whole for each.
  private mutating func matchMountedRecord(
    of composition: any SkippableComposition, type: ObjectIdentifier
  ) -> (index: Int, isEqual: Bool)? {
    guard var frame = recordFrame else { return nil }
    if matchedRecords.isEmpty {
      matchedRecords = Array(repeating: false, count: mountedRecords.count)
    }
    var candidate = frame.next
    var looked = 0
    var match: (index: Int, isEqual: Bool)?
    while candidate < frame.end, looked < 8 {
      if !matchedRecords[candidate], mountedRecords[candidate].type == type {
        if composition.isEqual(to: mountedRecords[candidate].composition) {
          match = (candidate, true)
          break
        }
        if match == nil { match = (candidate, false) }
      }
      candidate = mountedRecords[candidate].end
      looked += 1
    }
    guard let match else { return nil }
    matchedRecords[match.index] = true
    while frame.next < frame.end, matchedRecords[frame.next] {
      frame.next = mountedRecords[frame.next].end
    }
    recordFrame = frame
    return match
  }

  /// Counts the last slot resolved among ``otherSlots`` when it is not a plain slot that places
  /// views, with no hidden child or handle to bind: a mounted composition stands only for plain
  /// slots. (A slot shared with the mounted tree, or stood for, is plain.)
  private mutating func countIfOther() {
    guard let last = slots.indices.last else { return }
    // Read in place: binding the slot would retain its references.
    if !slots[last].declaration.placesViews || slots[last].declaration.anchor != nil
      || slots[last].declaration.layout.isCustom
      || slots[last].declaration.transition.signature.kind == Transition.Signature.custom
      || slots[last].hasHidden || slots[last].hasHandles
    {
      otherSlots += 1
    }
  }

  /// Stands the mounted slots of the record at `index` for the composition equal to its value,
  /// when the environment is the same and those slots are as it declared them.
  ///
  /// - Returns: Whether it did; `false`, having done nothing, otherwise.
  private mutating func stand(_ index: Int, environment: EnvironmentValues) -> Bool {
    guard mayStandCompositions, mountedRecords[index].isSkippable,
      environment.hasSameValues(as: mountedRecords[index].environment)
    else { return false }
    // A nested composition whose body read a change is evaluated again, within this one's
    // body: this one's registration does not watch what a nested body read while it stood.
    for nested in index..<mountedRecords[index].end where mountedRecords[nested].reader.isDirty {
      return false
    }
    let range = mountedRecords[index].slots
    let diagnosticRange = mountedRecords[index].diagnostics
    guard range.upperBound <= mountedSlots.count, range.upperBound <= recordedCodes.count,
      range.upperBound <= mountedCodes.count,
      diagnosticRange.upperBound <= mountedDiagnostics.count
    else { return false }
    // A slot changed since it was declared: a swap still running kept the mounted one, other
    // code took a child out, the container keeps hidden children.
    // (Most often the same array: the mounted tree is the declared one.)
    guard mountedCodes[range] == recordedCodes[range] else { return false }
    if mountedHasHidden {
      for position in range where mountedSlots[position].hasHidden { return false }
    }
    if !changedReads.isEmpty {
      // A child whose update read observed state that changed runs its update again, which
      // needs the declaration's closure.
      for position in range {
        for child in mountedSlots[position].children where changedReads.contains(child.identity) {
          return false
        }
      }
    }
    let position = slots.count + sharedSlotCount
    if sharesMountedSlots, position == range.lowerBound {
      sharedSlotCount += range.count
    } else if slotIndexes == nil, position == range.lowerBound {
      // Still each at the position of its mounted slot, as the slots before them.
      stopSharing()
      slots.append(sharing: mountedSlots, range)
    } else {
      stopSharing()
      indexSlotsByName()
      for mounted in range where slotIndexes?[mountedSlots[mounted].name] != nil {
        // A slot of the same name was declared before: it is resolved, and joins it.
        return false
      }
      for mounted in range {
        slotIndexes?[mountedSlots[mounted].name] = slots.count
        slots.append(sharing: mountedSlots, mounted..<(mounted + 1))
      }
    }
    standingSlots.append(position..<(position + range.count))
    let firstDiagnostic = diagnostics.count
    diagnostics.append(contentsOf: mountedDiagnostics[diagnosticRange])
    let slotShift = position - range.lowerBound
    let diagnosticShift = firstDiagnostic - diagnosticRange.lowerBound
    let recordShift = records.count - index
    for nested in index..<mountedRecords[index].end {
      records.append(
        mountedRecords[nested].moved(
          slots: slotShift, diagnostics: diagnosticShift, records: recordShift))
    }
    return true
  }

  /// Resolves one slot declaration.
  ///
  /// The declaration is consumed: the resolved slot keeps it, so a caller that took it out of
  /// the content hands its reference over instead of both retaining it.
  private mutating func resolve(_ slot: consuming SlotDeclaration, environment: EnvironmentValues) {
    let (existing, mountedIndex) = findSlot(named: slot.name)
    if let existing {
      join(slot, to: existing, environment: environment)
      return
    }
    slotIndexes?[slot.name] = slots.count
    let signature = slot.transition.signature
    // The most common slot: one plain child that the mounted slot already has and that can
    // stand for the new declaration. Its content is not walked. (The mounted slot is read in
    // place: copying it would retain each of its references.)
    if let mountedIndex, mountedSlots[mountedIndex].children.count == 1,
      !mountedSlots[mountedIndex].hasHidden,
      Self.canKeep(
        mountedSlots[mountedIndex].children[0], forContentOf: slot, slotTransition: signature)
    {
      mountedSlots[mountedIndex].children[0].refreshEnvironment(environment, nesting: nests)
      let layoutMatches = Self.mountedLayoutMatches(mountedSlots, at: mountedIndex, slot)
      if layoutMatches,
        Self.canShare(mountedSlots, at: mountedIndex, for: slot, signature: signature)
      {
        // While slots are shared, every one so far was found at its position: this one is the
        // mounted slot that follows them.
        if sharesMountedSlots {
          sharedSlotCount += 1
          return
        }
        appendMountedSlot(at: mountedIndex)
        return
      }
      stopSharing()
      slots.append(
        ResolvedSlot(
          declaration: slot, children: mountedSlots[mountedIndex].children, keyedRun: nil,
          hasUpdates: false, hasHandles: false,
          code: layoutMatches ? mountedSlots[mountedIndex].code : Self.freshCode()))
      if !records.isEmpty { countIfOther() }
      return
    }
    stopSharing()
    madeChildWithHandle = false
    // A slot whose children all come from one ForEach (the usual list) also keeps its typed
    // keys: the first ForEach gives them, unless a child came before it, and they are kept when
    // its elements turn out to be all of the slot's children.
    runCapture = .armed
    if !explicitIDs.isEmpty { explicitIDs = [:] }
    slotName = slot.name
    sharedSlotName = nil
    slotSignature = signature
    var list: ChildList
    if let mountedIndex {
      candidates = mountedSlots[mountedIndex].children
      mountedHasUpdates = mountedSlots[mountedIndex].hasUpdates
      mountedRun = mountedSlots[mountedIndex].keyedRun
      mountedCode = mountedSlots[mountedIndex].code
      reusesAll = true
      list = ChildList(mounted: candidates)
    } else {
      candidates = []
      mountedHasUpdates = true
      mountedRun = nil
      reusesAll = false
      list = ChildList(own: [])
    }
    declaredHidden = []
    collect(
      slot.content, path: StructuralPath(), slotTransition: slot.transition,
      environment: environment, into: &list)
    let children = list.takeChildren()
    // A slot with hidden children is never the mounted one unchanged.
    if !declaredHidden.isEmpty { reusesAll = false }
    if !explicitIDs.isEmpty { explicitIDsBySlot[slots.count] = explicitIDs }
    var code: Int?
    if let mountedIndex, reusesAll, children.count == candidates.count,
      Self.mountedLayoutMatches(mountedSlots, at: mountedIndex, slot)
    {
      code = mountedSlots[mountedIndex].code
    }
    var keyedRun: (any KeyedRun)?
    if runCapture == .captured, let run = capturedRun.take(), run.count == children.count {
      keyedRun = run
    }
    // Children that are all the mounted ones, in a slot that declares nothing the mounted
    // declaration does not (and no list, whose run keeps its elements).
    if let mountedIndex, code != nil, list.isMounted, declaredHidden.isEmpty,
      !mountedSlots[mountedIndex].hasHidden, !madeChildWithHandle, keyedRun == nil,
      mountedSlots[mountedIndex].keyedRun == nil,
      Self.canShare(mountedSlots, at: mountedIndex, for: slot, signature: signature)
    {
      appendMountedSlot(at: mountedIndex)
      return
    }
    slots.append(
      ResolvedSlot(
        declaration: slot, children: children, hidden: declaredHidden, keyedRun: keyedRun,
        hasUpdates: list.hasUpdates, hasHandles: madeChildWithHandle,
        code: code ?? Self.freshCode()))
    if !records.isEmpty { countIfOther() }
  }

  /// Appends the mounted slot at `index` itself, one reference, which stands for a declaration
  /// that ``canShare(_:at:for:signature:)`` found declares nothing it does not, as a shared slot
  /// does.
  @inline(__always)
  private mutating func appendMountedSlot(at index: Int) {
    slots.append(sharing: mountedSlots, index..<(index + 1))
    if !records.isEmpty { countIfOther() }
  }

  /// Whether the new tree can hold the mounted slot at `index` as it is, in place of `slot`, an
  /// unchanged slot whose layout matches the mounted one: `slot` declares nothing the mounted
  /// declaration does not, even once its closures are released.
  ///
  /// Both place views in their container's view, with no anchor, and have the same source,
  /// forwarding, interruption and transition, none custom (a custom layout or transition has
  /// closures); the mounted slot has no handle to bind and says none of its children has an
  /// update (a slot repaired after losing such a child may still say so; it is then resolved
  /// again, with the flag right). The mounted declaration is read in place.
  @inline(__always)
  private static func canShare(
    _ mountedSlots: ResolvedSlots, at index: Int, for slot: SlotDeclaration,
    signature: Transition.Signature
  ) -> Bool {
    !mountedSlots[index].hasHandles && !mountedSlots[index].hasUpdates && slot.placesViews
      && slot.anchor == nil
      && !slot.layout.isCustom && mountedSlots[index].declaration.placesViews
      && mountedSlots[index].declaration.anchor == nil
      && mountedSlots[index].declaration.forwarding == slot.forwarding
      && mountedSlots[index].declaration.interruption == slot.interruption
      && signature.isSame(as: mountedSlots[index].declaration.transition.signature)
      && mountedSlots[index].declaration.source.line == slot.source.line
      && mountedSlots[index].declaration.source == slot.source
  }

  /// Whether the mounted slot at `index` of `mountedSlots` places and shows its children as
  /// `slot` does: its layout places views the same way, and it shows the same tab or page and
  /// shows its presented child as `slot` does.
  ///
  /// The mounted declaration is read in place, and a slot that places views is compared without
  /// a call: a call would need it retained around it.
  @inline(__always)
  private static func mountedLayoutMatches(
    _ mountedSlots: ResolvedSlots, at index: Int, _ slot: SlotDeclaration
  ) -> Bool {
    guard mountedSlots[index].declaration.layout.matches(slot.layout),
      mountedSlots[index].declaration.anchor === slot.anchor
    else { return false }
    if mountedSlots[index].declaration.placesViews, slot.placesViews { return true }
    return mountedShowsTheSame(mountedSlots, at: index, as: slot)
  }

  /// Whether the mounted slot at `index` shows the same tab or page as `slot`, and shows its
  /// presented child as `slot` does.
  @inline(never)
  private static func mountedShowsTheSame(
    _ mountedSlots: ResolvedSlots, at index: Int, as slot: SlotDeclaration
  ) -> Bool {
    mountedSlots[index].declaration.showsTheSame(as: slot)
  }

  /// Whether `candidate` can stand for the content of `slot` when it is one plain child; the
  /// content's declaration is read in place, so that it is not copied.
  @inline(__always)
  private static func canKeep(
    _ candidate: ResolvedChild, forContentOf slot: SlotDeclaration,
    slotTransition: Transition.Signature
  ) -> Bool {
    switch slot.content.node {
    case .child(let declaration):
      // The identity's storage is read in place: bound to a name, it would be retained.
      !declaration.isHidden && !declaration.hasExplicitID
        && candidate.identity.storage.controllerType == declaration.controllerType
        && candidate.identity.storage.isPlain && candidate.identity.storage.path.isEmpty
        && candidate.canStand(for: declaration, slotTransition: slotTransition)
    default: false
    }
  }

  /// How a mounted child of a list relates to the content of the element with its key.
  private enum Keeping {
    /// The content is one plain child of the mounted child's type, which can stand for it.
    case stands
    /// The content is one plain child of the mounted child's type, which needs a new resolved
    /// child with the same identity (it has an update, or another transition, lifetime or
    /// source).
    case sameIdentity
    /// Anything else: the content is resolved from scratch.
    case other
  }

  /// How `candidate`, the mounted child of the element's key, relates to the element's new
  /// `content`; the content is borrowed and its declaration's fields read in place, so that the
  /// declaration is not copied.
  ///
  /// When every mounted child of the list is plain, of `plainType` (the mounted run says so),
  /// the candidate's identity is known without reading it: one memory access less per child.
  @inline(__always)
  private static func keeping(
    _ candidate: ResolvedChild, for content: borrowing SlotContent, prefixCount: Int,
    plainType: ObjectIdentifier?, slotTransition: Transition.Signature
  ) -> Keeping {
    switch content.node {
    case .child(let declaration):
      guard !declaration.isHidden, !declaration.hasExplicitID else { return .other }
      if let plainType {
        guard ObjectIdentifier(declaration.controllerType) == plainType else { return .other }
      } else {
        guard candidate.identity.storage.controllerType == declaration.controllerType,
          candidate.identity.storage.isPlain,
          candidate.identity.storage.path.count == prefixCount + 1
        else { return .other }
      }
      return candidate.canStand(for: declaration, slotTransition: slotTransition)
        ? .stands : .sameIdentity
    default:
      return .other
    }
  }

  /// Appends the child of an element whose content is one child in a branch, when the mounted
  /// `candidate` (the child of the element with its key) was declared in the same branch, of the
  /// same type: `candidate` itself when it can stand for the new declaration, a new resolved
  /// child with its identity otherwise, and its local identity.
  ///
  /// Out of line, off the usual element's path; the branch's declaration is bound once.
  ///
  /// - Returns: Whether the child was appended; `false`, having done nothing, for other content.
  @inline(never)
  private mutating func keepInBranch(
    _ candidate: ResolvedChild, for content: borrowing SlotContent, prefixCount: Int,
    slotTransition: Transition, environment: EnvironmentValues, into children: inout ChildList,
    locals: inout RunLocals
  ) -> Bool {
    guard case .branch(let branch, let inner) = content.node,
      case .child(let declaration) = inner.node, !declaration.isHidden,
      !declaration.hasExplicitID,
      candidate.identity.storage.controllerType == declaration.controllerType,
      candidate.identity.storage.isPlain,
      candidate.identity.storage.path.count == prefixCount + 2,
      candidate.identity.storage.path.ends(with: .branch(branch))
    else { return false }
    if candidate.canStand(for: declaration, slotTransition: slotTransition.signature) {
      candidate.refreshEnvironment(environment, nesting: nests)
      children.append(candidate)
    } else {
      if declaration.hasHandle { madeChildWithHandle = true }
      children.append(
        ResolvedChild(
          identity: candidate.identity, declaration: declaration, environment: environment,
          transition: declaration.transition ?? slotTransition, sharing: candidate.site))
    }
    appendLocal(of: candidate, prefixCount: prefixCount, to: &locals)
    return true
  }

  /// Adds the children of a second declaration of a slot name to the first one's, under a path
  /// of their own so that they cannot collide with the first declaration's children.
  private mutating func join(
    _ slot: SlotDeclaration, to index: Int, environment: EnvironmentValues
  ) {
    let occurrence = slotOccurrences[slot.name, default: 0] + 1
    slotOccurrences[slot.name] = occurrence
    diagnostics.append(
      Diagnostic(
        id: .duplicateSlotName,
        message:
          "slot name '\(slot.name)' is declared twice (first at \(slots[index].source)); "
          + "the children of the second declaration join the first, which keeps its layout; "
          + "give each slot a unique name",
        source: slot.source))
    runCapture = .disarmed
    joinedSlots.append(index)
    explicitIDs = explicitIDsBySlot[index] ?? standingExplicitIDs(of: index)
    slotName = slot.name
    sharedSlotName = nil
    slotSignature = slot.transition.signature
    candidates = []
    mountedHasUpdates = true
    reusesAll = false
    var list = ChildList(own: slots[index].children)
    declaredHidden = []
    madeChildWithHandle = false
    collect(
      slot.content, path: StructuralPath().appending(.slotOccurrence(occurrence)),
      slotTransition: slot.transition, environment: environment, into: &list)
    if !explicitIDs.isEmpty { explicitIDsBySlot[index] = explicitIDs }
    // The first declaration's keys no longer stand for all of the slot's children.
    slots[index].replace(
      children: list.takeChildren(), hidden: slots[index].hidden + declaredHidden,
      keyedRun: .some(nil))
    slots[index].hasUpdates = list.hasUpdates
    slots[index].hasHandles = slots[index].hasHandles || madeChildWithHandle
    slots[index].code = Self.freshCode()
  }

  /// The explicit ids of the children of the slot at `index`, when a mounted composition's slots
  /// stand for its declaration: its body, which counted them, was not evaluated.
  private func standingExplicitIDs(of index: Int) -> [ExplicitID: Int] {
    guard standingSlots.contains(where: { $0.contains(index) }) else { return [:] }
    var counted: [ExplicitID: Int] = [:]
    for child in slots[index].children + slots[index].hidden {
      let storage = child.identity.storage
      guard storage.hasExplicitID, let explicitID = storage.explicitID else { continue }
      counted[
        ExplicitID(type: ObjectIdentifier(storage.controllerType), id: explicitID), default: 0] +=
        1
    }
    return counted
  }

  /// A new child, sharing the site of the last one made when it is declared alike.
  private mutating func makeChild(
    identity: ChildIdentity, declaration: borrowing ChildDeclaration,
    environment: EnvironmentValues, transition: Transition
  ) -> ResolvedChild {
    let child = ResolvedChild(
      identity: identity, declaration: declaration, environment: environment,
      transition: transition, sharing: lastSite)
    lastSite = child.site
    if declaration.hasHandle { madeChildWithHandle = true }
    return child
  }

  /// The identity of the child at `position` in the slot being resolved: the mounted child's
  /// when it is equal, a new one otherwise.
  private mutating func identity(
    at position: Int, path: StructuralPath, declaration: ChildDeclaration, occurrence: Int
  ) -> ChildIdentity {
    if position < candidates.count, !collectsNewKey {
      let candidate = candidates[position].identity.storage
      if candidate.controllerType == declaration.controllerType,
        candidate.occurrence == occurrence, candidate.path == path.parts,
        candidate.hasExplicitID == declaration.hasExplicitID,
        !candidate.hasExplicitID || candidate.explicitID == declaration.explicitID
      {
        return ChildIdentity(storage: candidate)
      }
    }
    reusesAll = false
    guard declaration.hasExplicitID || occurrence != 0 else {
      return ChildIdentity(
        slot: identitySlotName(), path: path, controllerType: declaration.controllerType)
    }
    return ChildIdentity(
      slot: identitySlotName(), path: path, controllerType: declaration.controllerType,
      explicitID: declaration.explicitID, occurrence: occurrence)
  }

  /// The slot's name for a new identity: shared with the mounted children when they have it.
  private mutating func identitySlotName() -> SlotName {
    if let sharedSlotName { return sharedSlotName }
    let name: SlotName
    if let mounted = candidates.first?.identity.storage.slotName, mounted.name == slotName {
      name = mounted
    } else {
      name = SlotName(slotName)
    }
    sharedSlotName = name
    return name
  }

  /// Appends the local identity of a child declared in a ``ForEach`` element whose path
  /// starts with `prefixCount` components before the element's key.
  private func appendLocal(of child: ResolvedChild, prefixCount: Int, to locals: inout RunLocals) {
    // Read in place on the usual path: a storage bound to a name is retained and released.
    if child.identity.storage.path.count == prefixCount + 1, child.identity.storage.isPlain {
      locals.appendPlain(controllerType: ObjectIdentifier(child.identity.storage.controllerType))
    } else {
      let storage = child.identity.storage
      // The usual list of elements declared alike (a branch in each, say): the same local
      // identity as every child so far, compared in place.
      if locals.appendIfUniform(
        controllerType: ObjectIdentifier(storage.controllerType), path: storage.path,
        prefixCount: prefixCount, explicitID: storage.explicitID, occurrence: storage.occurrence)
      {
        return
      }
      locals.append(
        LocalIdentity(
          controllerType: ObjectIdentifier(storage.controllerType),
          suffix: Array(storage.path.components.dropFirst(prefixCount + 1)),
          explicitID: storage.explicitID, occurrence: storage.occurrence))
    }
  }

  /// Collects the children of a list whose keys are matched with the mounted list of the slot,
  /// the first content of the slot.
  ///
  /// An element that declares one plain child whose key is mounted takes the mounted child's
  /// identity, and the mounted child itself when it can stand for the new one, wherever the key
  /// moved: no path is made and no key hashed for it. So does an element whose one child sits
  /// alone in the branch of an `if` where the mounted child was declared (`keepInBranch`). Other
  /// elements are collected as usual.
  private mutating func collect(
    _ elements: any KeyedElements, matched match: KeyedMatch, mounted mountedRun: any KeyedRun,
    path: StructuralPath,
    slotTransition: Transition, environment: EnvironmentValues, into children: inout ChildList
  ) {
    runCapture = .disarmed
    let sources = match.sources
    // A list that makes the content of changed elements only: the unchanged ones are marked.
    // A mounted child whose update read a change is made again, as a changed element's.
    var stale: Set<Int> = []
    if !changedReads.isEmpty {
      for position in candidates.indices
      where changedReads.contains(candidates[position].identity) {
        stale.insert(position)
      }
    }
    let skipping = elements.contents(
      matching: sources, mounted: mountedRun, stale: stale, environment: environment)
    // The contents of the elements that are not unchanged, in order: the next one is read at
    // `made`.
    let contents = skipping?.contents ?? elements.contents
    let unchanged = skipping?.unchanged ?? []
    var made = 0
    let prefixCount = path.count
    var locals = RunLocals()
    var captures = true
    var parent: StructuralPath.Parent?
    let plainType = mountedRun.plainType
    // Read through buffers: an array's subscript copies the element out, which retains it.
    // (The mounted children's buffer is read without a closure, which the compiler would not
    // inline, and which would then copy the resolver.)
    let mountedChildren = candidates
    defer { withExtendedLifetime(mountedChildren) {} }
    // The buffer runs of unchanged elements' mounted children are shared from.
    let mountedBuffer = mountedChildren.buffer
    contents.withUnsafeBufferPointer { contents in
      do {
        let candidates = mountedChildren.unsafeElements
        var index = 0
        while index < sources.count {
          if index < unchanged.count, unchanged[index] {
            // A run of unchanged elements of a list whose children are one per element: the
            // mounted child of each one's key stands for it, as it is.
            var end = index + 1
            while end < unchanged.count, unchanged[end] { end += 1 }
            let inPlace = sources.withUnsafeBufferPointer { sources in
              children.appendMounted(
                candidates, sharing: mountedBuffer, at: sources, from: index, to: end,
                environment: environment, nesting: nests,
                refreshing: refreshesMountedEnvironments, checkingUpdates: mountedHasUpdates)
            }
            if !inPlace { reusesAll = false }
            if let plainType {
              locals.appendPlain(controllerType: plainType, count: end - index)
            } else {
              for position in index..<end { locals.append(mountedRun.local(at: sources[position])) }
            }
            index = end
            continue
          }
          // Every other element is one step.
          defer { index += 1 }
          let source = sources[index]
          // The element's content: every element's, or the next one made.
          let at = made
          made += 1
          // The mounted child has the same slot, path to the list and key; it is the same child
          // when it is the element's only content, or the only content of the same branch of an
          // `if` there, of the same type. (The content is borrowed and
          // the mounted child read in place: bound to names, they would be retained and released.)
          if source >= 0 {
            let keeping = Self.keeping(
              candidates[source], for: contents[at], prefixCount: prefixCount,
              plainType: plainType, slotTransition: slotSignature)
            if keeping != .other {
              if source != index { reusesAll = false }
              if keeping == .stands {
                candidates[source].refreshEnvironment(environment, nesting: nests)
                children.append(candidates[source])
              } else if case .child(let declaration) = contents[at].node {
                if declaration.hasHandle { madeChildWithHandle = true }
                children.append(
                  ResolvedChild(
                    identity: candidates[source].identity, declaration: declaration,
                    environment: environment, transition: declaration.transition ?? slotTransition,
                    sharing: candidates[source].site))
              }
              if let plainType {
                locals.appendPlain(controllerType: plainType)
              } else {
                locals.appendPlain(
                  controllerType: ObjectIdentifier(
                    candidates[source].identity.storage.controllerType))
              }
              continue
            }
          }
          // An element whose content is one child in a branch (an `if` around it), kept the
          // same way when the mounted child was declared in the same branch.
          if source >= 0,
            keepInBranch(
              candidates[source], for: contents[at], prefixCount: prefixCount,
              slotTransition: slotTransition, environment: environment, into: &children,
              locals: &locals)
          {
            if source != index { reusesAll = false }
            continue
          }
          let before = children.count
          let shared = parent ?? path.parent
          parent = shared
          collectsNewKey = source < 0
          let elementPath = shared.appending(.key(elements.key(at: index)))
          // An element that is one child, the usual one, bound from the buffer in place.
          if case .child(let declaration) = contents[at].node {
            collect(
              child: declaration, path: elementPath, slotTransition: slotTransition,
              environment: environment, keyOccurrence: 0, into: &children)
          } else {
            collect(
              contents[at], path: elementPath, slotTransition: slotTransition,
              environment: environment, into: &children)
          }
          collectsNewKey = false
          if children.count == before + 1, let child = children.last {
            appendLocal(of: child, prefixCount: prefixCount, to: &locals)
          } else {
            captures = false
          }
        }
      }
    }
    guard captures else {
      runCapture = .failed
      return
    }
    var match = match
    match.mountedCode = mountedCode
    capturedRun = elements.run(
      prefix: path, locals: locals, keys: match.keys, match: match, environment: environment)
    runCapture = .captured
  }

  /// Collects one declared child, shown or hidden: the mounted child at its position when it can
  /// stand for the declaration, a new one otherwise.
  private mutating func collect(
    child declaration: ChildDeclaration, path: StructuralPath, slotTransition: Transition,
    environment: EnvironmentValues, keyOccurrence: Int, into children: inout ChildList
  ) {
    // One case for shown and hidden children: the declaration is bound once.
    guard !declaration.isHidden else {
      // Declared but not shown: kept apart, for the planner to make an eager one at once.
      runCapture = .disarmed
      let identity = identity(
        at: candidates.count, path: path, declaration: declaration, occurrence: keyOccurrence)
      declaredHidden.append(
        makeChild(
          identity: identity, declaration: declaration, environment: environment,
          transition: declaration.transition ?? slotTransition))
      return
    }
    // A child before any ForEach: the slot is not a list.
    if runCapture == .armed { runCapture = .disarmed }
    var occurrence = keyOccurrence
    if declaration.hasExplicitID, let explicitID = declaration.explicitID {
      // An explicit id names one child of its type in the slot, wherever it is declared.
      let pair = ExplicitID(type: ObjectIdentifier(declaration.controllerType), id: explicitID)
      let earlier = explicitIDs[pair, default: 0]
      explicitIDs[pair] = earlier + 1
      if earlier > 0 {
        occurrence = earlier
        diagnostics.append(
          Diagnostic(
            id: .duplicateChildIdentity,
            message: "child id \(Self.quoted(explicitID.anyHashable)) of type "
              + "'\(declaration.typeName)' is used twice in slot '\(slotName)'; the second is "
              + "kept as a separate child; give each child its own id",
            source: declaration.source))
      }
    }
    let position = children.count
    let identity = identity(
      at: position, path: path, declaration: declaration, occurrence: occurrence)
    if position < candidates.count,
      candidates[position].canStand(
        for: declaration, identity: identity, slotTransition: slotSignature)
    {
      // A mounted child that kept its environment (a nested composed container reads it)
      // stands for the new one with the new values.
      candidates[position].refreshEnvironment(environment, nesting: nests)
      children.append(candidates[position])
      return
    }
    children.append(
      makeChild(
        identity: identity, declaration: declaration, environment: environment,
        transition: declaration.transition ?? slotTransition))
  }

  private mutating func collect(
    _ content: SlotContent, path: StructuralPath, slotTransition: Transition,
    environment: EnvironmentValues, keyOccurrence: Int = 0,
    into children: inout ChildList
  ) {
    let slot = slotName
    switch content.node {
    case .empty:
      break
    case .child(let declaration):
      collect(
        child: declaration, path: path, slotTransition: slotTransition, environment: environment,
        keyOccurrence: keyOccurrence, into: &children)
    case .block(let statements) where statements.count == 1:
      // A block of one statement adds nothing to identity: its statement is always the first.
      collect(
        statements[0], path: path, slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    case .block(let statements):
      let parent = path.parent
      for (index, statement) in statements.enumerated() {
        collect(
          statement, path: parent.appending(.statement(index)),
          slotTransition: slotTransition, environment: environment, keyOccurrence: keyOccurrence,
          into: &children)
      }
    case .branch(let branch, let inner):
      collect(
        inner, path: path.appending(.branch(branch)), slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    case .loop(let passes):
      let parent = path.parent
      for (index, pass) in passes.enumerated() {
        collect(
          pass, path: parent.appending(.pass(index)), slotTransition: slotTransition,
          environment: environment, keyOccurrence: keyOccurrence, into: &children)
      }
    case .keyed(let elements):
      if runCapture == .armed, children.count == 0, let mountedRun,
        let match = elements.match(against: mountedRun, prefix: path)
      {
        collect(
          elements, matched: match, mounted: mountedRun, path: path, slotTransition: slotTransition,
          environment: environment, into: &children)
        return
      }
      let check = elements.checkKeys()
      var occurrences: [Int]?
      var keyIndex: KeyIndex?
      switch check {
      case .unique(let index): keyIndex = index
      case .repeated(let counts): occurrences = counts
      }
      // Only a list with unique keys can be diffed by its keys alone.
      let capturesRun = runCapture == .armed && occurrences == nil
      if runCapture == .armed { runCapture = capturesRun ? .disarmed : .failed }
      var locals = RunLocals()
      let contents = elements.contents
      let parent = path.parent
      children.reserve(contents.count)
      for index in 0..<contents.count {
        let key = elements.key(at: index)
        let occurrence = occurrences?[index] ?? 0
        if occurrence == 1 {
          diagnostics.append(
            Diagnostic(
              id: .duplicateKey,
              message: "key \(Self.quoted(key.anyHashable)) is used twice in \(elements.kind) at "
                + "\(elements.source) in slot '\(slot)'; the second element is kept as a separate "
                + "child; make the keys unique",
              source: elements.source))
        }
        let before = children.count
        collect(
          contents[index], path: parent.appending(.key(key)),
          slotTransition: slotTransition, environment: environment, keyOccurrence: occurrence,
          into: &children)
        guard capturesRun else { continue }
        if children.count == before + 1, let child = children.last {
          appendLocal(of: child, prefixCount: path.count, to: &locals)
        } else {
          runCapture = .failed
        }
      }
      if capturesRun, runCapture != .failed, let keyIndex {
        capturedRun = elements.run(
          prefix: path, locals: locals, keys: keyIndex, match: nil, environment: environment)
        runCapture = .captured
      }
    case .environment(let change, let inner):
      var changed = environment
      change(&changed)
      collect(
        inner, path: path, slotTransition: slotTransition, environment: changed,
        keyOccurrence: keyOccurrence, into: &children)
    case .reader(let build):
      collect(
        build(environment), path: path, slotTransition: slotTransition,
        environment: environment, keyOccurrence: keyOccurrence, into: &children)
    }
  }
}
