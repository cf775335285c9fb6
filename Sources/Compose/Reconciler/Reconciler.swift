#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a container forwards appearance callbacks to its children, which decides whether a plan
/// brackets view changes with `beginAppearanceTransition`/`endAppearanceTransition`.
public enum AppearanceForwarding: Hashable, Sendable {
  /// UIKit forwards (`shouldAutomaticallyForwardAppearanceMethods` is `true`, the default).
  case automatic
  /// The container forwards itself (`shouldAutomaticallyForwardAppearanceMethods` is `false`).
  case manual
}

/// The outcome of reconciling a mounted tree with a new declaration.
@MainActor
public struct Reconciliation {
  /// The steps to perform.
  public let plan: Plan
  /// What the container has mounted once the plan is performed.
  public let tree: CompositionTree
}

extension CompositionTree {
  /// Compares this mounted tree with a new declaration and plans the fewest steps between them.
  ///
  /// Per slot, children are matched by ``ChildIdentity``. A match is updated in place (an
  /// `update` step when the child has an update closure, and a `move-view` step when it must move);
  /// a child that is not declared any more is removed, or detached when its ``Lifetime`` keeps it;
  /// a new child is added, or attached when a hidden kept-alive child has its identity. When a
  /// slot's change is exactly one child leaving and one arriving and the arriving child's
  /// ``Transition`` animates, the two become one `swap` step. Moves are the fewest possible: kept
  /// children on a longest increasing subsequence stay, the others move, and a move never removes
  /// and re-adds a child.
  ///
  /// When `container` is given, a slot anchored to a view outside the container's view is
  /// reported and left as it was, before any step is planned for it.
  ///
  /// - Parameters:
  ///   - new: The new declaration, resolved.
  ///   - container: The container, for checks that need its view; `nil` for pure planning.
  ///   - forwarding: How the container forwards appearance.
  ///   - animated: Whether animated transitions make swaps; with `false`, a child that replaces
  ///     another is removed and added (see ``Composer/withoutAnimation(_:)``).
  /// - Returns: The plan and the tree mounted once it is performed.
  /// - Complexity: O(*n* + *m* + *k* log *k*) per slot for *n* mounted and *m* declared children,
  ///   *k* of them kept out of order. Children are matched by comparison where the two lists are
  ///   in step; only the others are hashed. An unchanged declaration resolved against this tree
  ///   costs one comparison per slot.
  public func reconcile(
    to new: CompositionTree, in container: UIViewController? = nil,
    forwarding: AppearanceForwarding = .automatic, animated: Bool = true
  ) -> Reconciliation {
    reconcile(to: new, in: container, forwarding: forwarding, animated: animated, unanimated: [])
  }

  /// The end of the run of slots of `new` from `start` that have the codes `old` has at their
  /// positions and place views: read through buffers, one comparison and one flag per slot.
  private static func unchangedRun(from start: Int, old: [Int], new: CompositionTree) -> Int {
    old.withUnsafeBufferPointer { old in
      new.codes.withUnsafeBufferPointer { codes in
        // `new` keeps its slots alive.
        let slots = new.slots.unsafeElements
        let count = min(old.count, codes.count)
        var end = start
        while end < count, old[end] == codes[end], slots[end].placesViews {
          end += 1
        }
        return end
      }
    }
  }

  /// ``reconcile(to:in:forwarding:animated:)``, with the slots named in `unanimated` reconciled
  /// without animation whatever `animated` says: the slots that a change made in
  /// ``Composer/withoutAnimation(_:)`` reached while they were swapping.
  func reconcile(
    to new: CompositionTree, in container: UIViewController?, forwarding: AppearanceForwarding,
    animated: Bool, unanimated: Set<String>
  ) -> Reconciliation {
    if let unchanged = unchangedReconciliation(to: new, in: container) { return unchanged }
    var planner = Planner(forwarding: forwarding)
    planner.animates = animated
    planner.diagnostics = new.diagnostics
    // What is mounted afterwards is the new tree, unless a slot keeps hidden children or is
    // left as it was: the slots are copied only then.
    var mountedSlots: ResolvedSlots?
    func mount(_ slot: ResolvedSlot?, at position: Int) {
      if mountedSlots == nil {
        mountedSlots = ResolvedSlots()
        mountedSlots?.reserveCapacity(new.slots.count)
        mountedSlots?.append(sharing: new.slots, 0..<position)
      }
      if let slot { mountedSlots?.append(slot) }
    }
    // Slots usually keep their order: pair them by position, and hash names only once a pair
    // does not match.
    var oldByName: [String: Int]?
    var matched: [Bool]?
    // The presentation that may be shown, found at the first presentation slot.
    var presentationOwner: String??
    // When neither tree has hidden children, and the new one no update and no anchor to check,
    // an unchanged slot is one with the mounted slot's code that places views.
    let plainTrees =
      !new.hasUpdates && !hasHidden && !new.hasHidden && (container == nil || !new.hasAnchors)
    // The end of the run of such slots found last.
    var unchangedEnd = 0
    for position in new.slots.indices {
      // Such slots, while nothing is paired by name or copied, are passed over as a run found
      // by the trees' codes alone.
      if position < unchangedEnd { continue }
      if plainTrees, matched == nil, mountedSlots == nil {
        unchangedEnd = Self.unchangedRun(from: position, old: codes, new: new)
        if position < unchangedEnd { continue }
      }
      // The usual slot of a large tree: unchanged, paired by position, with nothing to update or
      // keep hidden. It plans nothing and is not copied.
      // (Its flags are read from the slot itself: no object of the slot's is loaded.)
      if position < slots.count, slots[position].code == new.slots[position].code,
        !new.slots[position].hasUpdates, !slots[position].hasHidden,
        !new.slots[position].hasHidden, new.slots[position].placesViews,
        container == nil || !new.slots[position].isAnchored
      {
        matched?[position] = true
        if mountedSlots != nil { mount(new.slots[position], at: position) }
        continue
      }
      // The slots are read in place, not bound: a copy of a slot retains and releases each of
      // its references. Only the rarer paths below bind them.
      var oldIndex: Int?
      if position < slots.count, slots[position].name == new.slots[position].name {
        oldIndex = position
      } else {
        if oldByName == nil {
          var names: [String: Int] = [:]
          for (index, old) in slots.enumerated() {
            names[old.name] = index
          }
          oldByName = names
          // The slots paired so far are those before this one.
          var paired = [Bool](repeating: false, count: slots.count)
          for index in 0..<min(position, slots.count) {
            paired[index] = true
          }
          matched = paired
        }
        oldIndex = oldByName?[new.slots[position].name]
      }
      if let oldIndex { matched?[oldIndex] = true }
      if !unanimated.isEmpty {
        planner.animates = animated && !unanimated.contains(new.slots[position].name)
      }
      if !Self.isPlain(new.slots[position], checkingAnchorIn: container) {
        // A slot with an anchor to check or a system container's: bound, as these are rare.
        let slot = new.slots[position]
        var old: ResolvedSlot?
        if let oldIndex { old = slots[oldIndex] }
        if let container, let failure = Self.anchorFailure(of: slot, in: container) {
          planner.diagnostics.append(failure)
          mount(old, at: position)
          continue
        }
        if slot.declaration.stack != nil {
          // A navigation stack: one UIKit operation for the whole change.
          if let container, let failure = Self.stackFailure(of: slot, in: container) {
            planner.diagnostics.append(failure)
            mount(old, at: position)
            continue
          }
          let stack = planner.reconcileStack(old: old, new: slot)
          if stack.code != slot.code || mountedSlots != nil { mount(stack, at: position) }
          continue
        }
        if slot.declaration.presentation != nil {
          // A presentation: at most one present and one dismiss.
          if presentationOwner == nil {
            presentationOwner = .some(Self.presentationOwner(slots, new))
          }
          let presented = planner.reconcilePresentation(
            old: old, new: slot, mayShow: presentationOwner == .some(slot.name))
          if presented.code != slot.code || mountedSlots != nil { mount(presented, at: position) }
          continue
        }
        if slot.declaration.tabs != nil {
          // Tabs: one UIKit operation for the whole change.
          if let container, let failure = Self.tabsFailure(of: slot, in: container) {
            planner.diagnostics.append(failure)
            mount(old, at: position)
            continue
          }
          let tabs = planner.reconcileTabs(old: old, new: slot)
          if tabs.code != slot.code || mountedSlots != nil { mount(tabs, at: position) }
          continue
        }
        if slot.declaration.pages != nil {
          // Pages: at most one UIKit operation for the whole change.
          if let container, let failure = Self.pagesFailure(of: slot, in: container) {
            planner.diagnostics.append(failure)
            mount(old, at: position)
            continue
          }
          let pages = planner.reconcilePages(old: old, new: slot)
          if pages.code != slot.code || mountedSlots != nil { mount(pages, at: position) }
          continue
        }
      }
      var hidden: [ResolvedChild]
      if let oldIndex {
        hidden = planner.reconcile(old: slots[oldIndex], new: new.slots[position])
      } else {
        hidden = planner.reconcile(new: new.slots[position])
      }
      // A declared slot has no hidden children, but a tree that was itself the result of a
      // reconciliation may: they are replaced by the ones the planner keeps.
      if !hidden.isEmpty || !new.slots[position].hidden.isEmpty || mountedSlots != nil {
        var mounted = new.slots[position]
        swap(&mounted.hidden, &hidden)
        mount(mounted, at: position)
      }
    }
    if let matched {
      for index in slots.indices where !matched[index] {
        planner.animates = animated && !unanimated.contains(slots[index].name)
        planner.removeAll(of: slots[index])
      }
    } else {
      // Every pair was by position: the old slots past the new ones are gone.
      for index in min(new.slots.count, slots.count)..<slots.count {
        planner.animates = animated && !unanimated.contains(slots[index].name)
        planner.removeAll(of: slots[index])
      }
    }
    planner.steps.append(contentsOf: planner.presentations)
    var tree = new
    if let mountedSlots {
      tree = CompositionTree(
        slots: mountedSlots, diagnostics: new.diagnostics,
        mayKeepEnvironments: mayKeepEnvironments || new.mayKeepEnvironments)
      tree.compositions = new.compositions
    }
    return Reconciliation(
      plan: Plan(steps: planner.steps, diagnostics: planner.diagnostics), tree: tree)
  }

  /// The reconciliation of a declaration whose every slot has this tree's slot code.
  ///
  /// Nothing changes but the children's updates. `nil` when a code differs, when this tree keeps
  /// hidden children (the new tree has none to carry them) or the new one does (a reconciled tree
  /// passed as the target: its hidden children are not this tree's), or when a slot's anchor is
  /// outside the container (the full path reports it).
  private func unchangedReconciliation(to new: CompositionTree, in container: UIViewController?)
    -> Reconciliation?
  {
    guard !hasHidden, !new.hasHidden, Self.sameCodes(codes, new.codes) else { return nil }
    if let container, new.hasAnchors {
      for slot in new.slots where Self.anchorFailure(of: slot, in: container) != nil {
        return nil
      }
    }
    var planner = Planner(forwarding: .automatic)
    if new.hasUpdates {
      // Equal codes mean the same children in the same order.
      for (old, slot) in zip(slots, new.slots) {
        planner.updateChildren(of: slot, from: old)
      }
    }
    return Reconciliation(
      plan: Plan(steps: planner.steps, diagnostics: new.diagnostics), tree: new)
  }

  /// Whether two lists of slot codes are equal, compared as one block of memory.
  private nonisolated static func sameCodes(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { lhs in
      rhs.withUnsafeBytes { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }

  /// Plans the removal of the hidden kept-alive children that a memory warning evicts.
  ///
  /// - Parameter forwarding: How the container forwards appearance.
  /// - Returns: The plan and the tree without the evicted children.
  public func evictingHiddenChildren(forwarding: AppearanceForwarding = .automatic)
    -> Reconciliation
  {
    evictingHiddenChildren(forwarding: forwarding) { _ in true }
  }

  /// Plans the removal of the hidden kept-alive children that a memory warning evicts, of those
  /// `includes` accepts.
  func evictingHiddenChildren(
    forwarding: AppearanceForwarding, where includes: (ChildIdentity) -> Bool
  ) -> Reconciliation {
    var planner = Planner(forwarding: forwarding)
    var mountedSlots = slots
    for index in mountedSlots.indices where mountedSlots[index].hasHidden {
      var kept: [ResolvedChild] = []
      for child in mountedSlots[index].hidden {
        if child.lifetime.evictsOnMemoryWarning && includes(child.identity) {
          planner.removeDetached(child)
        } else {
          kept.append(child)
        }
      }
      if kept.count != mountedSlots[index].hidden.count { mountedSlots[index].hidden = kept }
    }
    return Reconciliation(
      plan: Plan(steps: planner.steps), tree: replacingSlots(with: mountedSlots))
  }

  /// Why a navigation stack cannot be performed in `container`, if it cannot.
  private static func stackFailure(of slot: ResolvedSlot, in container: UIViewController)
    -> Diagnostic?
  {
    guard !(container is UINavigationController) else { return nil }
    return Diagnostic(
      id: .navigationStackOutsideNavigationController,
      message: "navigation stack '\(slot.name)' is declared in a '\(type(of: container))', which "
        + "is not a UINavigationController; declare it in a ComposedNavigationController, or "
        + "attach the Composer to a UINavigationController",
      source: slot.source)
  }

  /// Whether `slot` is planned child by child with nothing to check first: no system
  /// container's slot, and no anchor to check (only when planning for a container).
  private static func isPlain(
    _ slot: borrowing ResolvedSlot, checkingAnchorIn container: UIViewController?
  ) -> Bool {
    let declaration = slot.declaration
    return declaration.stack == nil && declaration.presentation == nil && declaration.tabs == nil
      && declaration.pages == nil && (container == nil || declaration.anchor == nil)
  }

  private static func anchorFailure(of slot: ResolvedSlot, in container: UIViewController)
    -> Diagnostic?
  {
    guard let anchor = slot.anchor else { return nil }
    guard let root = container.viewIfLoaded, anchor.isDescendant(of: root) else {
      return Diagnostic(
        id: .anchorOutsideContainer,
        message: "slot '\(slot.name)' is anchored to a '\(type(of: anchor))', which is not inside "
          + "the view of '\(type(of: container))'; anchor it to the container's view or one of "
          + "its subviews",
        source: slot.source)
    }
    // UIKit raises 'UIViewControllerHierarchyInconsistency' when a child's root view goes under
    // the root view of a controller that is not its parent: an anchor inside a child's view (or
    // any other controller's) cannot hold the container's children.
    if let owner = anchor.enclosingController, owner !== container {
      return Diagnostic(
        id: .anchorOutsideContainer,
        message: "slot '\(slot.name)' is anchored to a '\(type(of: anchor))' inside the view of "
          + "'\(type(of: owner))', another controller, where UIKit raises an exception for the "
          + "container's children; anchor it to the view of '\(type(of: container))' or one of "
          + "its subviews outside its children's views",
        source: slot.source)
    }
    return nil
  }
}

extension Plan {
  /// Plans the change from one composition to another, as if the first were mounted.
  ///
  /// ```swift
  /// let plan = Plan(from: Screen(isLoading: true), to: Screen(isLoading: false))
  /// ```
  ///
  /// - Parameters:
  ///   - old: What is mounted.
  ///   - new: The new declaration.
  ///   - forwarding: How the container forwards appearance.
  @MainActor
  public init(
    from old: some CompositionComponent, to new: some CompositionComponent,
    forwarding: AppearanceForwarding = .automatic
  ) {
    let before = CompositionTree(old.compositionContent)
    let after = CompositionTree(new.compositionContent, mounted: before)
    self = before.reconcile(to: after, forwarding: forwarding).plan
  }
}

/// Accumulates the steps of one reconciliation.
@MainActor
struct Planner {
  let forwarding: AppearanceForwarding
  /// Whether an animated transition makes a swap.
  var animates = true
  var steps: [Plan.Step] = []
  /// The `present` steps of presentations, appended to `steps` once every slot is planned: UIKit
  /// is asked to present after the plan's other steps, its dismissals included.
  var presentations: [Plan.Step] = []
  var diagnostics: [Diagnostic] = []

  init(forwarding: AppearanceForwarding) {
    self.forwarding = forwarding
  }

  /// Plans a slot that has nothing mounted and returns its hidden children afterwards (the rest
  /// of what it has mounted is the new slot).
  mutating func reconcile(new: borrowing ResolvedSlot) -> [ResolvedChild] {
    let layoutDescription = new.layout.description
    for (index, child) in new.children.enumerated() {
      add(child, at: index, layout: layoutDescription)
    }
    return addEager(of: new, to: [])
  }

  /// Plans the change of a slot's children from `old`, the mounted slot of the same name.
  ///
  /// Returns the slot's hidden children afterwards. Both slots are borrowed, so that neither is
  /// copied (which would retain each of its references).
  mutating func reconcile(old: borrowing ResolvedSlot, new: borrowing ResolvedSlot)
    -> [ResolvedChild]
  {
    // The common case, an unchanged slot (its code says the layout and anchor are too): only
    // the update closures run.
    if old.code == new.code {
      updateChildren(of: new, from: old)
      return addEager(of: new, to: old.hidden)
    }
    // A new layout applies to the children that stay, too, and a new anchor takes their views.
    // Custom layouts cannot be compared; two custom layouts count as the same.
    let relayout = !old.layout.matches(new.layout) || old.anchor !== new.anchor
    if !relayout && Self.sameChildren(old, new) {
      updateChildren(of: new, from: old)
      return addEager(of: new, to: old.hidden)
    }
    var typedDifference: KeyedDifference?
    if let oldRun = old.keyedRun, let newRun = new.keyedRun {
      typedDifference = newRun.difference(from: oldRun, oldCode: old.code)
    }
    let difference =
      typedDifference ?? KeyedDifference.compute(from: old.children, to: new.children)
    var hidden = old.hidden
    var hiddenIndexes: [ChildIdentity: Int] = [:]
    for (index, child) in hidden.enumerated() {
      hiddenIndexes[child.identity] = index
    }
    let hasHidden = !hidden.isEmpty
    // Every arrival is laid out the same way: the layout's text is made once.
    let layoutDescription = new.layout.description

    // One child leaving and one arriving in its place, with an animated transition: one swap.
    // With a single removal, a single insertion and no move, the arriving child takes the leaving
    // child's place exactly when their positions are equal.
    var swap: (outgoing: ResolvedChild, incoming: Int)?
    if animates, difference.removals.count == 1, difference.insertions.count == 1,
      difference.moves.isEmpty, difference.removals[0] == difference.insertions[0],
      !new.layout.isStack, !old.layout.isStack
    {
      let incoming = difference.insertions[0]
      if new.children[incoming].transition.isAnimated {
        swap = (old.children[difference.removals[0]], incoming)
      }
    }

    steps.reserveCapacity(
      steps.count + 3 * difference.removals.count + 4 * difference.insertions.count
        + difference.moves.count)
    if swap == nil {
      for index in difference.removals {
        let child = old.children[index]
        if child.lifetime.keepsHiddenChildren {
          detach(child)
          hidden.append(child)
        } else {
          remove(child)
        }
      }
    }
    var attached = Set<ChildIdentity>()
    var nextMove = 0
    func visit(_ index: Int) {
      let child = new.children[index]
      let source = difference.sources[index]
      if source == -1 {
        if let swap, swap.incoming == index {
          let keepsOutgoing = swap.outgoing.lifetime.keepsHiddenChildren
          let revivesIncoming = hasHidden ? hiddenIndexes[child.identity] != nil : false
          // The arriving child is brought up to date before it enters, so that it appears with
          // current values: a new one is made, then updated, then the containment calls begin;
          // a hidden one is updated before its view comes back.
          if child.hasUpdate {
            steps.append(Plan.Step(.update, child.identity))
          }
          steps.append(
            Plan.Step(
              .swap(
                from: swap.outgoing.identity, transition: child.transition.description,
                keepsOutgoing: keepsOutgoing, revivesIncoming: revivesIncoming),
              child.identity))
          if keepsOutgoing { hidden.append(swap.outgoing) }
          if revivesIncoming { attached.insert(child.identity) }
        } else if hasHidden ? hiddenIndexes[child.identity] != nil : false {
          attach(child, at: index, layout: layoutDescription)
          attached.insert(child.identity)
        } else {
          add(child, at: index, layout: layoutDescription)
        }
      } else {
        // Moves are listed in ascending order, like the visits.
        if nextMove < difference.moves.count, difference.moves[nextMove] == index {
          nextMove += 1
          steps.append(Plan.Step(.moveView(to: index), child.identity))
        }
        if relayout {
          steps.append(Plan.Step(.layout(layoutDescription), child.identity))
        }
        if child.needsUpdate(after: old.children[source]) {
          steps.append(Plan.Step(.update, child.identity))
        }
      }
    }
    if relayout || new.hasUpdates {
      for index in new.children.indices {
        visit(index)
      }
    } else {
      // Kept children that stay in place have no step, and no child is updated: visit the
      // arrivals, in ascending order with the moves, each of which is one step.
      var nextInsertion = 0
      let insertions = difference.insertions
      let moves = difference.moves
      while nextInsertion < insertions.count || nextMove < moves.count {
        if nextMove == moves.count
          || (nextInsertion < insertions.count && insertions[nextInsertion] < moves[nextMove])
        {
          visit(insertions[nextInsertion])
          nextInsertion += 1
        } else {
          let index = moves[nextMove]
          nextMove += 1
          steps.append(Plan.Step(.moveView(to: index), new.children[index].identity))
        }
      }
    }
    if !attached.isEmpty {
      hidden.removeAll { attached.contains($0.identity) }
    }
    return addEager(of: new, to: hidden)
  }

  /// Adds the eager children a slot declares hidden that are not children yet: made (and
  /// updated) and added at once, with no view, they join the hidden ones.
  private mutating func addEager(of slot: ResolvedSlot, to hidden: [ResolvedChild])
    -> [ResolvedChild]
  {
    guard !slot.hidden.isEmpty else { return hidden }
    var hidden = hidden
    var present = Set(hidden.map(\.identity))
    for child in slot.hidden where child.lifetime.isEager && !present.contains(child.identity) {
      if child.hasUpdate { steps.append(Plan.Step(.update, child.identity)) }
      steps.append(Plan.Step(.addChild, child.identity))
      steps.append(Plan.Step(.didMove, child.identity))
      hidden.append(child)
      present.insert(child.identity)
    }
    return hidden
  }

  /// Plans the update of every child of an unchanged slot that has an update closure, except
  /// those whose input equals the mounted child's.
  ///
  /// A child whose closures are released (a slot whose swap is running keeps its mounted
  /// children in place of the declared ones) has no update to run: none is planned.
  mutating func updateChildren(of slot: ResolvedSlot, from old: ResolvedSlot) {
    guard slot.hasUpdates else { return }
    for (index, child) in slot.children.enumerated() where child.hasUpdate && !child.isReleased {
      if index < old.children.count, !child.needsUpdate(after: old.children[index]) { continue }
      steps.append(Plan.Step(.update, child.identity))
    }
  }

  /// Whether two slots have the same children, by identity, in the same order.
  private static func sameChildren(_ old: ResolvedSlot, _ new: ResolvedSlot) -> Bool {
    // Lists are compared through their typed keys when both sides have them.
    if let oldRun = old.keyedRun, let newRun = new.keyedRun,
      let same = newRun.isSame(as: oldRun)
    {
      return same
    }
    let old = old.children
    let new = new.children
    guard old.count == new.count else { return false }
    for index in old.indices where old[index].identity != new[index].identity {
      return false
    }
    return true
  }

  /// Removes every child of a slot that is no longer declared, hidden ones included.
  mutating func removeAll(of slot: ResolvedSlot) {
    if slot.declaration.stack != nil { return removeStack(slot) }
    if slot.declaration.tabs != nil { return removeTabs(slot) }
    if slot.declaration.pages != nil { return removePages(slot) }
    if slot.declaration.presentation != nil { return removePresentation(slot) }
    for child in slot.children {
      remove(child)
    }
    for child in slot.hidden {
      removeDetached(child)
    }
  }

  private mutating func add(_ child: ResolvedChild, at index: Int, layout: String) {
    let identity = child.identity
    // A new child is made and brought up to date before any containment call, so that it
    // enters with current values.
    if child.hasUpdate {
      steps.append(Plan.Step(.update, identity))
    }
    steps.append(Plan.Step(.addChild, identity))
    appearance(true, identity) {
      $0.steps.append(Plan.Step(.insertView(at: index), identity))
      $0.steps.append(Plan.Step(.layout(layout), identity))
    }
    steps.append(Plan.Step(.didMove, identity))
  }

  private mutating func remove(_ child: ResolvedChild) {
    let identity = child.identity
    steps.append(Plan.Step(.willMoveToNil, identity))
    appearance(false, identity) {
      $0.steps.append(Plan.Step(.removeView, identity))
    }
    steps.append(Plan.Step(.removeFromParent, identity))
  }

  /// Removes a kept-alive child whose view is already out of the hierarchy.
  mutating func removeDetached(_ child: ResolvedChild) {
    steps.append(Plan.Step(.willMoveToNil, child.identity))
    steps.append(Plan.Step(.removeFromParent, child.identity))
  }

  private mutating func detach(_ child: ResolvedChild) {
    appearance(false, child.identity) {
      $0.steps.append(Plan.Step(.detachView, child.identity))
    }
  }

  private mutating func attach(_ child: ResolvedChild, at index: Int, layout: String) {
    // A hidden child is brought up to date before its view comes back: attaching the view
    // starts its appearance, and it must appear with current values, as a new child does.
    if child.hasUpdate {
      steps.append(Plan.Step(.update, child.identity))
    }
    // The view's constraints left with it; the slot's layout is applied again.
    appearance(true, child.identity) {
      $0.steps.append(Plan.Step(.attachView(at: index), child.identity))
      $0.steps.append(Plan.Step(.layout(layout), child.identity))
    }
  }

  /// Brackets view changes with appearance steps when the container forwards manually.
  private mutating func appearance(
    _ appearing: Bool, _ identity: ChildIdentity, _ body: (inout Planner) -> Void
  ) {
    guard forwarding == .manual else {
      body(&self)
      return
    }
    steps.append(Plan.Step(.beginAppearance(appearing: appearing), identity))
    body(&self)
    steps.append(Plan.Step(.endAppearance, identity))
  }
}
