import Compose

/// Performs a ``Plan`` on a model of what a container has mounted, following only what
/// `Plan.Step` documents, so that a test can check that a plan really leads to its new tree.
///
/// The model holds, per slot, the ordered identities of the shown children (whose views are in
/// the slot), the hidden kept-alive ones (children of the container whose views are out of the
/// hierarchy) and the ones in between (after `add-child` and before `insert-view`, or after
/// `remove-view` and before `remove-from-parent`). Each step is checked against the state it
/// needs, and its effect is applied:
///
/// - `add-child`: the child must not be a child of the container yet;
/// - `insert-view at i`, `attach-view at i`, `move-view to i`: `i` must be the child's position in
///   the new order; its view goes right after the view of the child before it in the new order
///   (which must already be shown), or first when `i` is 0;
/// - `remove-view`, `detach-view`: the child's view leaves the slot (a detached child becomes
///   hidden); `remove-from-parent`: the child, whose view is not in the slot, leaves the container;
/// - `swap from -> to`: the arriving child takes the place of the outgoing one, which is removed, or
///   becomes hidden when the swap keeps it; an arriving child that was hidden comes back;
/// - `update`, `layout`, `did-move`, `will-move-to-nil` and the appearance steps change no order,
///   but need a child of the container (`update` a shown one, an arriving one right before its
///   `add-child` or `swap`, or a hidden one right before the step that brings its view back:
///   its `attach-view`, the `begin-appearance` before it, or the `swap` that revives it).
///
/// A step that cannot be performed is recorded in ``violations`` and skipped.
/// ``sequencingViolations(of:forwarding:)`` checks separately that each child's steps form one
/// of the documented sequences.
///
/// ```swift
/// var interpreter = PlanInterpreter(mounted: before)
/// interpreter.perform(reconciliation.plan, declared: after)
/// #expect(interpreter.violations.isEmpty)
/// #expect(interpreter.shown(in: "rows") == after.children(in: "rows"))
/// ```
@MainActor
struct PlanInterpreter {
  /// What one slot holds.
  private struct SlotState {
    var shown: [ChildIdentity] = []
    var hidden: Set<ChildIdentity> = []
    /// Children of the container whose views are neither in the slot nor hidden.
    var inFlight: Set<ChildIdentity> = []
  }

  private var slots: [String: SlotState] = [:]
  /// Steps that could not be performed as documented, one line each, with the step's index.
  private(set) var violations: [String] = []

  /// Starts from what a tree has mounted: its shown and hidden children.
  ///
  /// - Parameter mounted: The mounted tree.
  init(mounted: CompositionTree) {
    for name in mounted.slotNames {
      slots[name] = SlotState(
        shown: mounted.children(in: name), hidden: Set(mounted.hiddenChildren(in: name)))
    }
  }

  /// The slots that hold anything, shown, hidden or in flight.
  var occupiedSlotNames: Set<String> {
    Set(slots.filter { !$0.value.shown.isEmpty || !$0.value.hidden.isEmpty }.keys)
  }

  /// The shown children of a slot, in order.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  func shown(in slot: String) -> [ChildIdentity] {
    slots[slot]?.shown ?? []
  }

  /// The hidden children of a slot.
  ///
  /// - Parameter slot: The slot's name.
  /// - Returns: The identities.
  func hidden(in slot: String) -> Set<ChildIdentity> {
    slots[slot]?.hidden ?? []
  }

  /// Performs every step of a plan, in order.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - declared: The new declaration, which gives the new order that positions refer to.
  mutating func perform(_ plan: Plan, declared: CompositionTree) {
    for (index, step) in plan.steps.enumerated() {
      let next = index + 1 < plan.steps.count ? plan.steps[index + 1] : nil
      perform(step, next: next, declared: declared, index: index)
    }
    for (name, state) in slots where !state.inFlight.isEmpty {
      let names = state.inFlight.map(\.description).sorted().joined(separator: ", ")
      violations.append("slot '\(name)' ends with children neither shown nor hidden: \(names)")
    }
  }

  private mutating func perform(
    _ step: Plan.Step, next: Plan.Step?, declared: CompositionTree, index: Int
  ) {
    let child = step.child
    let name = child.slot
    var state = slots[name] ?? SlotState()
    defer { slots[name] = state }
    func fail(_ reason: String) {
      violations.append("step \(index) '\(step)': \(reason)")
    }
    let isShown = state.shown.contains(child)
    let isChild = isShown || state.hidden.contains(child) || state.inFlight.contains(child)

    switch step.action {
    case .addChild:
      guard !isChild else { return fail("the child is already a child of the container") }
      state.inFlight.insert(child)
    case .insertView(let position):
      guard state.inFlight.contains(child) else {
        return fail("the child was not just added, or its view is already in the slot")
      }
      guard Self.place(child, at: position, in: &state, declared: declared, fail: fail) else {
        return
      }
      state.inFlight.remove(child)
    case .attachView(let position):
      guard state.hidden.contains(child) else { return fail("the child is not hidden") }
      guard Self.place(child, at: position, in: &state, declared: declared, fail: fail) else {
        return
      }
      state.hidden.remove(child)
    case .moveView(let position):
      guard let old = state.shown.firstIndex(of: child) else {
        return fail("the child is not shown")
      }
      state.shown.remove(at: old)
      if !Self.place(child, at: position, in: &state, declared: declared, fail: fail) {
        state.shown.insert(child, at: old)
      }
    case .removeView:
      guard isShown else { return fail("the child is not shown") }
      state.shown.removeAll { $0 == child }
      state.inFlight.insert(child)
    case .detachView:
      guard isShown else { return fail("the child is not shown") }
      state.shown.removeAll { $0 == child }
      state.hidden.insert(child)
    case .removeFromParent:
      guard isChild else { return fail("the child is not a child of the container") }
      guard !isShown else { return fail("the child's view is still in the slot") }
      state.inFlight.remove(child)
      state.hidden.remove(child)
    case .swap(let outgoing, _, let keepsOutgoing, _):
      guard outgoing.slot == name, let position = state.shown.firstIndex(of: outgoing) else {
        return fail("the outgoing child is not shown in the slot")
      }
      guard !isShown, !state.inFlight.contains(child) else {
        return fail("the arriving child is already shown or being added")
      }
      state.hidden.remove(child)
      state.shown[position] = child
      if keepsOutgoing { state.hidden.insert(outgoing) }
    case .update:
      // A hidden child is updated only right before its view comes back.
      if state.hidden.contains(child) {
        guard let next, next.child == child, Self.bringsViewBack(next.action) else {
          return fail("the child is hidden, and its view does not come back right after")
        }
        return
      }
      // A shown child, or an arriving one (not a child yet), whose add or swap follows.
      guard isShown || !isChild else { return fail("the child is neither shown nor arriving") }
    case .layout, .didMove, .willMoveToNil, .beginAppearance, .endAppearance:
      guard isChild else { return fail("the child is not a child of the container") }
    case .push, .pop, .popTo, .setViewControllers, .select, .setPages, .showPage, .present,
      .dismiss:
      // The random declarations have no system container or presentation; their plans are
      // asserted as text.
      fail("a system container or presentation operation in a slot of views")
    }
  }

  /// Whether a step brings a hidden child's view back: its `attach-view`, the `begin-appearance`
  /// that comes right before it, or a `swap` that revives it.
  private static func bringsViewBack(_ action: Plan.Step.Action) -> Bool {
    switch action {
    case .attachView, .beginAppearance(appearing: true): true
    case .swap(_, _, _, let revivesIncoming): revivesIncoming
    default: false
    }
  }

  /// Puts a child's view right after the view of the child before it in the new order.
  private static func place(
    _ child: ChildIdentity, at position: Int, in state: inout SlotState, declared: CompositionTree,
    fail: (String) -> Void
  ) -> Bool {
    let order = declared.children(in: child.slot)
    guard order.indices.contains(position), order[position] == child else {
      fail("position \(position) is not the child's position in the new order")
      return false
    }
    guard position > 0 else {
      state.shown.insert(child, at: 0)
      return true
    }
    guard let anchor = state.shown.firstIndex(of: order[position - 1]) else {
      fail("the child before it in the new order, \(order[position - 1]), is not shown")
      return false
    }
    state.shown.insert(child, at: anchor + 1)
    return true
  }

  // MARK: - Sequencing

  /// Checks that each child's steps are one uninterrupted, documented sequence, and that no child
  /// has two.
  ///
  /// The sequences: add (`add-child`, `insert-view`, `layout`, `did-move`); remove
  /// (`will-move-to-nil`, `remove-view`, `remove-from-parent`); remove a hidden child
  /// (`will-move-to-nil`, `remove-from-parent`); `detach-view`; `move-view` and `layout` (after a
  /// layout change), alone or together, each optionally followed by `update`; `update` alone;
  /// an add, an `attach-view` and `layout`, or a `swap`, each optionally preceded by `update`
  /// (an arriving child, new or hidden, is brought up to date before the containment calls or
  /// the view's return, so that it appears with current values). With manual forwarding, every
  /// view change except a swap's is bracketed by `begin-appearance`/`end-appearance`, and never
  /// otherwise. A swap's outgoing child has no other step.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - forwarding: How the container forwards appearance.
  /// - Returns: One line per problem.
  static func sequencingViolations(of plan: Plan, forwarding: AppearanceForwarding) -> [String] {
    let manual = forwarding == .manual
    func bracket(_ appearing: Bool, _ words: [String]) -> [String] {
      manual ? ["begin-appearance \(appearing)"] + words + ["end-appearance"] : words
    }
    let add = ["add-child"] + bracket(true, ["insert-view", "layout"]) + ["did-move"]
    let sequences: [[String]] = [
      add, ["update"] + add, ["swap"], ["update", "swap"],
      ["will-move-to-nil"] + bracket(false, ["remove-view"]) + ["remove-from-parent"],
      ["will-move-to-nil", "remove-from-parent"],
      bracket(false, ["detach-view"]),
      bracket(true, ["attach-view", "layout"]),
      ["update"] + bracket(true, ["attach-view", "layout"]),
      ["move-view"], ["move-view", "update"], ["move-view", "layout"],
      ["move-view", "layout", "update"],
      ["layout"], ["layout", "update"],
      ["update"],
    ]

    var violations: [String] = []
    var runs: [(child: ChildIdentity, words: [String], start: Int)] = []
    var outgoing: [ChildIdentity: Int] = [:]
    for (index, step) in plan.steps.enumerated() {
      if case .swap(let from, _, _, _) = step.action { outgoing[from] = index }
      if let last = runs.last, last.child == step.child {
        runs[runs.count - 1].words.append(word(step.action))
      } else {
        runs.append((step.child, [word(step.action)], index))
      }
    }
    var seen: [ChildIdentity: Int] = [:]
    for run in runs {
      if let earlier = seen[run.child] {
        violations.append(
          "\(run.child) has steps at \(earlier) and again at \(run.start), interrupted or twice")
      }
      seen[run.child] = run.start
      if !sequences.contains(run.words) {
        violations.append(
          "\(run.child) at step \(run.start): '\(run.words.joined(separator: ", "))' is not a "
            + "documented sequence")
      }
    }
    for (child, index) in outgoing {
      if let other = seen[child] {
        violations.append(
          "\(child) leaves in the swap at step \(index) but also has steps at \(other)")
      }
    }
    return violations
  }

  private static func word(_ action: Plan.Step.Action) -> String {
    switch action {
    case .addChild: "add-child"
    case .insertView: "insert-view"
    case .layout: "layout"
    case .didMove: "did-move"
    case .willMoveToNil: "will-move-to-nil"
    case .removeView: "remove-view"
    case .removeFromParent: "remove-from-parent"
    case .moveView: "move-view"
    case .update: "update"
    case .swap: "swap"
    case .detachView: "detach-view"
    case .attachView: "attach-view"
    case .beginAppearance(let appearing): "begin-appearance \(appearing)"
    case .endAppearance: "end-appearance"
    case .push: "push"
    case .pop: "pop"
    case .popTo: "pop-to"
    case .setViewControllers: "set-view-controllers"
    case .select: "select"
    case .setPages: "set-pages"
    case .showPage: "show-page"
    case .present: "present"
    case .dismiss: "dismiss"
    }
  }
}
