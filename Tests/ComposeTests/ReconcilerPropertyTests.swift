@_spi(ComposeTesting) import Compose
import Foundation
import Testing

// Property-based tests of the reconciler. Every property runs many random cases, each from its
// own seed; a failing case prints its seed and its declarations, and stops the property. To replay
// one case, run the suite with its seed:
//
//   RECONCILER_PROPERTY_SEED=0x1234abcd swift test --filter ReconcilerProperties
//
// Declarations are built with the real DSL from a random model (slots, an optional child, an
// if/else, a keyed ForEach, a plain child; update closures, lifetimes, transitions, explicit ids).
// Plans are checked with an interpreter written from the documentation of `Plan.Step`
// (Support/PlanInterpreter.swift) and, for the number of steps, with brute-force oracles.

@MainActor
@Suite("Reconciler properties")
struct ReconcilerProperties {
  @Test("Performing the plan on the mounted tree gives the new tree, for random pairs")
  func planLeadsToNewTree() {
    Cases.run(base: 0xA11C_E5EE_D000_0001, count: 500) { seed in
      var random = SplitMix64(seed: seed)
      let forwarding: AppearanceForwarding = random.chance(0.3) ? .manual : .automatic
      var generator = Generator(options: .full)
      let old = generator.declaration(&random)
      let new = generator.mutation(of: old, &random)
      guard let before = Resolved(old, seed: seed), let after = Resolved(new, seed: seed) else {
        return false
      }
      let result = before.tree.reconcile(to: after.tree, forwarding: forwarding)
      let failures = Check.reconciliation(
        result, from: before.tree, known: before.attributes, to: after, forwarding: forwarding)
      #expect(
        failures.isEmpty,
        Cases.report(
          seed, "\(forwarding)", failures, old: before.tree, new: new, plan: result.plan))
      return failures.isEmpty
    }
  }

  @Test("Chains of reconciliations keep hidden children and lead to each new tree")
  func chainsLeadToEachNewTree() {
    Cases.run(base: 0xC4A1_45EE_D000_0002, count: 200) { seed in
      var random = SplitMix64(seed: seed)
      let forwarding: AppearanceForwarding = random.chance(0.3) ? .manual : .automatic
      var generator = Generator(options: .full)
      var mounted = CompositionTree(CompositionContent.empty)
      var known: [ChildIdentity: ChildSpec] = [:]
      var spec = DeclarationSpec(slots: [])
      for step in 0...5 {
        spec = step == 0 ? generator.declaration(&random) : generator.mutation(of: spec, &random)
        // Half the declarations are resolved against the mounted tree, as a composer does.
        let basis = random.chance(0.5) ? mounted : nil
        guard let next = Resolved(spec, seed: seed, mounted: basis) else { return false }
        let result = mounted.reconcile(to: next.tree, forwarding: forwarding)
        var failures = Check.reconciliation(
          result, from: mounted, known: known, to: next, forwarding: forwarding)
        known.merge(next.attributes) { $1 }

        // A memory warning removes the hidden children that allow it, and nothing else.
        let eviction = result.tree.evictingHiddenChildren(forwarding: forwarding)
        failures += Check.eviction(
          eviction, from: result.tree, known: known, forwarding: forwarding)
        #expect(
          failures.isEmpty,
          Cases.report(
            seed, "\(forwarding), step \(step)", failures, old: mounted, new: spec,
            plan: result.plan, "eviction plan:\n\(eviction.plan)"))
        guard failures.isEmpty else { return false }
        mounted = random.chance(0.2) ? eviction.tree : result.tree
      }
      return true
    }
  }

  @Test("Resolving against the mounted tree changes neither the plan nor the mounted result")
  func resolvingAgainstMountedChangesNothing() {
    Cases.run(base: 0x5A4E_D1D5_D000_0006, count: 200) { seed in
      var random = SplitMix64(seed: seed)
      let forwarding: AppearanceForwarding = random.chance(0.3) ? .manual : .automatic
      var generator = Generator(options: .full)
      var mounted = CompositionTree(CompositionContent.empty)
      var spec = DeclarationSpec(slots: [])
      for step in 0...7 {
        // Every other step declares the same again, the case that sharing makes cheap.
        if step == 0 {
          spec = generator.declaration(&random)
        } else if random.chance(0.5) {
          spec = generator.mutation(of: spec, &random)
        }
        guard let alone = Resolved(spec, seed: seed),
          let shared = Resolved(spec, seed: seed, mounted: mounted)
        else { return false }
        let expected = mounted.reconcile(to: alone.tree, forwarding: forwarding)
        let result = mounted.reconcile(to: shared.tree, forwarding: forwarding)
        var failures: [String] = []
        if result.plan != expected.plan {
          failures.append("resolved on its own, the plan is\n\(expected.plan)")
        }
        if result.tree.description != expected.tree.description {
          failures.append(
            "mounted trees differ:\n\(result.tree)\nresolved on its own:\n\(expected.tree)")
        }
        if shared.tree.description != alone.tree.description {
          failures.append("the declaration resolves differently against the mounted tree")
        }
        #expect(
          failures.isEmpty,
          Cases.report(
            seed, "\(forwarding), step \(step)", failures, old: mounted, new: spec,
            plan: result.plan))
        guard failures.isEmpty else { return false }
        mounted = random.chance(0.2) ? result.tree.evictingHiddenChildren().tree : result.tree
      }
      return true
    }
  }

  @Test("Additions, removals and moves are the fewest possible, by brute force on small slots")
  func stepCountsAreMinimal() {
    Cases.run(base: 0x3141_5EED_D000_0003, count: 500) { seed in
      var random = SplitMix64(seed: seed)
      var generator = Generator(options: .small)
      let old = generator.declaration(&random)
      let new = generator.mutation(of: old, &random)
      guard let before = Resolved(old, seed: seed), let after = Resolved(new, seed: seed) else {
        return false
      }
      let plan = before.tree.reconcile(to: after.tree).plan
      let failures = Check.minimality(of: plan, from: before.tree, to: after.tree)
      #expect(
        failures.isEmpty,
        Cases.report(seed, "", failures, old: before.tree, new: new, plan: plan))
      return failures.isEmpty
    }
  }

  @Test("An identical declaration plans only the updates of children with update closures")
  func identicalDeclarationPlansOnlyUpdates() {
    Cases.run(base: 0x1DE7_1CA1_D000_0004, count: 200) { seed in
      var random = SplitMix64(seed: seed)
      var generator = Generator(options: .full)
      let spec = generator.declaration(&random)
      guard let first = Resolved(spec, seed: seed), let second = Resolved(spec, seed: seed) else {
        return false
      }
      let plan = first.tree.reconcile(to: second.tree).plan
      let expected = Check.updateLines(of: second)
      #expect(
        plan.description == expected,
        Cases.report(
          seed, "", ["expected only\n\(expected)"], old: first.tree, new: spec, plan: plan))
      return plan.description == expected
    }
  }

  @Test("Applying the mounted declaration again after changes plans only updates, hidden kept")
  func reapplyingAfterChangesPlansOnlyUpdates() {
    Cases.run(base: 0x8EA9_91E5_D000_0005, count: 200) { seed in
      var random = SplitMix64(seed: seed)
      var generator = Generator(options: .full)
      var spec = generator.declaration(&random)
      guard var mounted = Resolved(spec, seed: seed)?.tree else { return false }
      for _ in 0..<3 {
        spec = generator.mutation(of: spec, &random)
        guard let next = Resolved(spec, seed: seed) else { return false }
        mounted = mounted.reconcile(to: next.tree).tree
      }
      guard let again = Resolved(spec, seed: seed) else { return false }
      let result = mounted.reconcile(to: again.tree)
      let expected = Check.updateLines(of: again)
      var failures: [String] = []
      if result.plan.description != expected {
        failures.append("expected only\n\(expected)")
      }
      for name in mounted.slotNames
      where Set(result.tree.hiddenChildren(in: name)) != Set(mounted.hiddenChildren(in: name)) {
        failures.append("slot '\(name)': hidden children changed")
      }
      #expect(
        failures.isEmpty,
        Cases.report(seed, "", failures, old: mounted, new: spec, plan: result.plan))
      return failures.isEmpty
    }
  }

  @Test(
    "Large keyed changes count the fewest steps",
    arguments: [
      EdgeCase("empty to full", from: [], to: Array(0..<1000), additions: 1000),
      EdgeCase("full to empty", from: Array(0..<1000), to: [], removals: 1000),
      EdgeCase("complete reversal", from: Array(0..<1000), to: (0..<1000).reversed(), moves: 999),
      EdgeCase(
        "rotation by one to the left (first to end)", from: Array(0..<1000),
        to: Array(1..<1000) + [0], moves: 1),
      EdgeCase(
        "rotation by one to the right (last to first)", from: Array(0..<1000),
        to: [999] + Array(0..<999), moves: 1),
      EdgeCase(
        "middle to first", from: Array(0..<1000), to: [500] + Array(0..<500) + Array(501..<1000),
        moves: 1),
      EdgeCase(
        "swap of the ends", from: Array(0..<1000), to: [999] + Array(1..<999) + [0], moves: 2),
      EdgeCase(
        "one in, one out, all shifted", from: Array(0..<1000), to: Array(1..<1000) + [1000],
        additions: 1, removals: 1),
      EdgeCase(
        "block of 10 out near the front, 10 in near the end", from: Array(0..<1000),
        to: Array(0..<10) + Array(20..<980) + Array(1000..<1010) + Array(980..<1000),
        additions: 10, removals: 10),
      EdgeCase(
        "block of 100 moved from the front to the middle", from: Array(0..<1000),
        to: Array(100..<500) + Array(0..<100) + Array(500..<1000), moves: 100),
      EdgeCase(
        "block of 10 moved from the back to the middle", from: Array(0..<1000),
        to: Array(0..<500) + Array(980..<990) + Array(500..<980) + Array(990..<1000), moves: 10),
      EdgeCase(
        "adjacent blocks of 10 and 30 swapped", from: Array(0..<1000),
        to: Array(0..<300) + Array(310..<340) + Array(300..<310) + Array(340..<1000), moves: 10),
      EdgeCase(
        "rotation by 3 to the left", from: Array(0..<1000), to: Array(3..<1000) + Array(0..<3),
        moves: 3),
      EdgeCase(
        "rotation by 100 to the right", from: Array(0..<1000),
        to: Array(900..<1000) + Array(0..<900), moves: 100),
      EdgeCase(
        "window of 10 reversed", from: Array(0..<1000),
        to: Array(0..<600) + (600..<610).reversed() + Array(610..<1000), moves: 9),
      EdgeCase(
        "reversal with new keys at both ends", from: Array(0..<1000),
        to: [1000, 1001] + (1..<999).reversed() + [1002, 1003], additions: 4, removals: 2,
        moves: 997),
    ])
  func largeKeyedChanges(_ edge: EdgeCase) {
    let before = CompositionTree(rowsDeclaration(edge.old))
    let after = CompositionTree(rowsDeclaration(edge.new))
    let plan = before.reconcile(to: after).plan
    var expected = Plan.Summary()
    expected.additions = edge.additions
    expected.removals = edge.removals
    expected.moves = edge.moves
    #expect(plan.summary == expected)
  }

  @Test("Keyed lists edited in every shape plan the fewest steps and lead to the new tree")
  func shapedKeyedChanges() {
    Cases.run(base: 0x5AA9_E5EE_D000_0007, count: 300) { seed in
      var editor = KeyEditor(seed: seed, firstNewKey: 1_000_000)
      let count = [0, 1, 3, 8, 20, 40, 150, 500][editor.random.below(8)]
      let old = Array(0..<count)
      let (shape, new) = editor.edit(old)
      // Half the lists are planned through their typed keys, half through their identities.
      let typed = editor.random.chance(0.5)
      let declaration = typed ? rowsDeclaration : rowsAfterHeader
      let before = CompositionTree(declaration(old))
      let after = CompositionTree(declaration(new))
      let plan = before.reconcile(to: after).plan
      var interpreter = PlanInterpreter(mounted: before)
      interpreter.perform(plan, declared: after)
      var failures = interpreter.violations
      if interpreter.shown(in: "rows") != after.children(in: "rows") {
        failures.append("performing the plan does not show the new list")
      }
      let positions = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
      let kept = old.compactMap { positions[$0] }
      var expected = Plan.Summary()
      expected.removals = old.count - kept.count
      expected.additions = new.count - kept.count
      expected.moves = kept.count - longestIncreasingRun(kept)
      if plan.summary != expected {
        failures.append("\(plan.summary); the fewest are \(expected)")
      }
      if kept.count <= 10, Oracle.minimumMoves(kept) != expected.moves {
        failures.append("brute force finds \(Oracle.minimumMoves(kept)) moves")
      }
      if count <= 150, Oracle.standardLibraryMoves(from: old, to: new) < plan.summary.moves {
        failures.append("more moves than CollectionDifference.inferringMoves()")
      }
      #expect(
        failures.isEmpty,
        Comment(
          rawValue: "seed \(hex(seed)), \(shape) of \(count) keys, "
            + "\(typed ? "typed keys" : "identities"): \(failures.prefix(5))\n"
            + "replay: \(Cases.replayVariable)=\(hex(seed)) swift test --filter ReconcilerProperties"
        ))
      return failures.isEmpty
    }
  }

  @Test(
    "A list skipping unchanged elements plans the same, less their updates, in every shape",
    arguments: [false, true])
  func skippingListsPlanTheSame(mixed: Bool) {
    Cases.run(base: mixed ? 0x5C1F_5EED_0000_0009 : 0x5C1F_5EED_0000_0008, count: 300) { seed in
      var editor = KeyEditor(seed: seed, firstNewKey: 1_000_000)
      let count = [0, 1, 3, 8, 20, 40, 150, 500][editor.random.below(8)]
      let oldKeys = Array(0..<count)
      let (shape, newKeys) = editor.edit(oldKeys)
      let old = oldKeys.map { VersionedRow(id: $0, version: 0) }
      // Some kept elements change, with the same key.
      let new = newKeys.map { VersionedRow(id: $0, version: editor.random.chance(0.1) ? 1 : 0) }
      let changed = Set(new.filter { $0.version == 1 && $0.id < 1_000_000 }.map(\.id))
      let every = CompositionTree(versionedRows(old, skips: false, mixed: mixed))
      let everyPlan = every.reconcile(
        to: CompositionTree(versionedRows(new, skips: false, mixed: mixed), mounted: every)
      ).plan
      let skipping = CompositionTree(versionedRows(old, skips: true, mixed: mixed))
      let declared = CompositionTree(
        versionedRows(new, skips: true, mixed: mixed), mounted: skipping)
      let skippingPlan = skipping.reconcile(to: declared).plan
      // The updates of kept elements that did not change are the only steps left out.
      let oldIDs = Set(oldKeys)
      let expected = everyPlan.steps.filter { step in
        guard case .update = step.action, let id = step.child.innermostKey?.base as? Int else {
          return true
        }
        return !oldIDs.contains(id) || changed.contains(id)
      }
      var failures: [String] = []
      if skippingPlan.steps.map(\.description) != expected.map(\.description) {
        failures.append(
          "planned \(skippingPlan.steps.map(\.description)); expected \(expected.map(\.description))"
        )
      }
      var interpreter = PlanInterpreter(mounted: skipping)
      interpreter.perform(skippingPlan, declared: declared)
      failures += interpreter.violations
      if interpreter.shown(in: "rows") != declared.children(in: "rows") {
        failures.append("performing the plan does not show the new list")
      }
      #expect(
        failures.isEmpty,
        Comment(
          rawValue: "seed \(hex(seed)), \(shape) of \(count) keys: \(failures.prefix(3))\n"
            + "replay: \(Cases.replayVariable)=\(hex(seed)) swift test --filter ReconcilerProperties"
        ))
      return failures.isEmpty
    }
  }

  @Test("The move oracles agree with each other on known orders", arguments: knownOrders)
  func oraclesAgree(_ order: [Int], _ moves: Int) {
    #expect(Oracle.minimumMoves(order) == moves)
    #expect(Oracle.standardLibraryMoves(from: order.sorted(), to: order.sorted()) == 0)
    #expect(Oracle.standardLibraryMoves(from: order, to: order.sorted()) >= moves)
  }

  // MARK: - Cases the properties found, kept as fixed tests

  @Test("A swap leaves the arriving child where the new order puts it")
  func swapPlacesArrivingChildInNewOrder() {
    // The header leaves from the front and row 3 arrives at the end: one out, one in, animated.
    func screen(header: Bool, keys: [Int]) -> CompositionContent {
      Slot("content") {
        if header {
          Child { HeaderViewController() }
        }
        ForEach(keys, id: \.self) { _ in
          Child { RowViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.25))
      .compositionContent
    }
    let before = CompositionTree(screen(header: true, keys: [1, 2]))
    let after = CompositionTree(screen(header: false, keys: [1, 2, 3]))
    let plan = before.reconcile(to: after).plan
    var interpreter = PlanInterpreter(mounted: before)
    interpreter.perform(plan, declared: after)
    #expect(interpreter.violations.isEmpty)
    #expect(
      interpreter.shown(in: "content").map(\.description) == [
        "'content' 1.#1 RowViewController", "'content' 1.#2 RowViewController",
        "'content' 1.#3 RowViewController",
      ],
      "plan:\n\(plan)")
  }

  @Test("A kept-alive child that comes back in a swap is updated first, as when it is attached")
  func swapRevivingKeptAliveChildUpdatesIt() {
    func tabs(first: Bool) -> CompositionContent {
      Slot("tabs") {
        if first {
          Child(make: { ListViewController() }, update: { _ in }).lifetime(.keepAlive)
        } else {
          Child(make: { DetailViewController() }, update: { _ in }).lifetime(.keepAlive)
        }
      }
      .transition(.crossDissolve(duration: 0.25))
      .compositionContent
    }
    let first = CompositionTree(tabs(first: true))
    let second = first.reconcile(to: CompositionTree(tabs(first: false))).tree
    let plan = second.reconcile(to: CompositionTree(tabs(first: true))).plan
    #expect(
      plan.description == """
        update 'tabs' first ListViewController
        swap 'tabs' second DetailViewController -> 'tabs' first ListViewController \
        crossDissolve(0.25) keeping outgoing reviving
        """)
  }

  @Test("Changing a slot's layout lays out again the children it keeps")
  func layoutChangeLaysOutKeptChildren() throws {
    func screen(_ layout: SlotLayout) -> CompositionContent {
      Slot("content", layout: layout) {
        Child { ListViewController() }
      }
      .compositionContent
    }
    let before = CompositionTree(screen(.fill))
    let after = CompositionTree(screen(.stack(axis: .vertical)))
    let plan = before.reconcile(to: after).plan
    let list = try #require(after.children(in: "content").first)
    #expect(
      plan.steps.contains { $0.child == list && $0.action == .layout("stack(vertical, 0)") },
      "plan:\n\(plan)")
  }

  /// Kept elements in old order, given by their new positions, with their fewest moves.
  nonisolated static let knownOrders: [([Int], Int)] = [
    ([], 0), ([0, 1, 2, 3], 0), ([1, 0], 1), ([3, 2, 1, 0], 3), ([1, 2, 3, 0], 1),
    ([3, 0, 1, 2], 1), ([2, 0, 3, 1], 2), ([1, 0, 3, 2, 5, 4, 7, 6], 4),
  ]

  /// A keyed change of one slot and the summary its plan must have.
  struct EdgeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let old: [Int]
    let new: [Int]
    let additions: Int
    let removals: Int
    let moves: Int

    init(
      _ name: String, from old: [Int], to new: [Int], additions: Int = 0, removals: Int = 0,
      moves: Int = 0
    ) {
      self.name = name
      self.old = old
      self.new = new
      self.additions = additions
      self.removals = removals
      self.moves = moves
    }

    var testDescription: String { name }
  }
}

@MainActor
private func rowsDeclaration(_ keys: [Int]) -> CompositionContent {
  Slot("rows", layout: .stack(axis: .vertical)) {
    ForEach(keys, id: \.self) { _ in
      Child { RowViewController() }
    }
  }
  .compositionContent
}

/// The same rows after a fixed child, so that the slot is planned through identities, not through
/// the list's typed keys.
@MainActor
private func rowsAfterHeader(_ keys: [Int]) -> CompositionContent {
  Slot("rows", layout: .stack(axis: .vertical)) {
    Child { HeaderViewController() }
    ForEach(keys, id: \.self) { _ in
      Child { RowViewController() }
    }
  }
  .compositionContent
}

/// An element of a list whose value can change while its key stays.
private struct VersionedRow: Equatable {
  let id: Int
  let version: Int
}

/// Rows with an update closure, declared with or without `skipsUnchangedElements`; `mixed`
/// makes every third row's child another type, in another branch of an `if`, so that the
/// list's children are not all alike.
@MainActor
private func versionedRows(
  _ rows: [VersionedRow], skips: Bool, mixed: Bool = false
) -> CompositionContent {
  if mixed { return mixedRows(rows, skips: skips) }
  return Slot("rows", layout: .stack(axis: .vertical)) {
    ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
      Child {
        RowViewController()
      } update: {
        $0.title = "\(row.version)"
      }
    }
  }
  .compositionContent
}

/// ``versionedRows(_:skips:mixed:)``'s rows of two types.
@MainActor
private func mixedRows(_ rows: [VersionedRow], skips: Bool) -> CompositionContent {
  Slot("rows", layout: .stack(axis: .vertical)) {
    ForEach(rows, id: \.id, skipsUnchangedElements: skips) { row in
      if row.id % 3 == 0 {
        Child {
          HeaderViewController()
        } update: {
          $0.title = "\(row.version)"
        }
      } else {
        Child {
          RowViewController()
        } update: {
          $0.title = "\(row.version)"
        }
      }
    }
  }
  .compositionContent
}

private func hex(_ seed: UInt64) -> String {
  "0x" + String(seed, radix: 16)
}

// MARK: - Running cases

private enum Cases {
  static let replayVariable = "RECONCILER_PROPERTY_SEED"

  /// The seed to replay, from the environment, as hex (`0x…`) or decimal.
  static var replaySeed: UInt64? {
    guard let text = ProcessInfo.processInfo.environment[replayVariable] else { return nil }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  /// Runs `count` cases whose seeds come from `base`, or only the replayed seed; stops at the
  /// first case that fails.
  @MainActor
  static func run(base: UInt64, count: Int, _ body: (UInt64) -> Bool) {
    if let seed = replaySeed {
      _ = body(seed)
      return
    }
    var seeds = SplitMix64(seed: base)
    for _ in 0..<count {
      guard body(seeds.next()) else { return }
    }
  }

  /// A failure message: the seed, what failed, the mounted tree, the new declaration and the
  /// plan, and how to replay the case.
  @MainActor
  static func report(
    _ seed: UInt64, _ context: String, _ failures: [String], old: CompositionTree,
    new: DeclarationSpec, plan: Plan, _ extra: String = ""
  ) -> Comment {
    let lines = [
      "seed \(hex(seed))\(context.isEmpty ? "" : ", \(context)"):",
      failures.joined(separator: "\n"),
      "mounted tree:\n\(old)",
      "new declaration:\n\(new)",
      "plan:\n\(plan)",
      extra,
      "replay: \(replayVariable)=\(hex(seed)) swift test --filter ReconcilerProperties",
    ]
    return Comment(rawValue: lines.filter { !$0.isEmpty }.joined(separator: "\n"))
  }
}

// MARK: - The random model of a declaration

private enum Kind: CaseIterable {
  case list, detail, spinner, header, row
}

private enum Motion: CaseIterable, CustomStringConvertible {
  case none, crossDissolve, slide

  var transition: Transition {
    switch self {
    case .none: .none
    case .crossDissolve: .crossDissolve(duration: 0.25)
    case .slide: .slide(from: .leading)
    }
  }

  var description: String { transition.description }
}

private enum Keeping: CaseIterable {
  case whileShown, keepAlive, keepAliveThroughWarnings

  var keepsHidden: Bool { self != .whileShown }
}

/// One child: its controller type and modifiers.
private struct ChildSpec: CustomStringConvertible {
  var kind: Kind
  var id: Int?
  var updates: Bool
  var lifetime: Keeping
  var transition: Motion?

  var description: String {
    var text =
      switch kind {
      case .list: "List"
      case .detail: "Detail"
      case .spinner: "Spinner"
      case .header: "Header"
      case .row: "Row"
      }
    if let id { text += ".id(\(id))" }
    if updates { text += ".update" }
    switch lifetime {
    case .whileShown: break
    case .keepAlive: text += ".keepAlive"
    case .keepAliveThroughWarnings: text += ".keepAlive(evict: false)"
    }
    if let transition { text += ".transition(\(transition))" }
    return text
  }
}

private struct RowSpec {
  var key: Int
  var child: ChildSpec
}

/// One slot: an optional child, an if/else, a keyed ForEach and a plain child, in this order.
private struct SlotSpec: CustomStringConvertible {
  var name: String
  var stacks: Bool
  var transition: Motion
  var header: ChildSpec?
  var showsFirst: Bool
  var first: ChildSpec
  var second: ChildSpec
  var rows: [RowSpec]
  var footer: ChildSpec

  /// The children in declaration order.
  var children: [ChildSpec] {
    (header.map { [$0] } ?? []) + [showsFirst ? first : second] + rows.map(\.child) + [footer]
  }

  var description: String {
    let rowsText = rows.map { "\($0.key): \($0.child)" }.joined(separator: ", ")
    return """
      Slot("\(name)", layout: \(stacks ? "stack" : "fill")) {
        if let: \(header.map(String.init(describing:)) ?? "nil")
        if \(showsFirst) { \(first) } else { \(second) }
        ForEach [\(rowsText)]
        \(footer)
      }.transition(\(transition))
      """
  }
}

private struct DeclarationSpec: CustomStringConvertible {
  var slots: [SlotSpec]

  var description: String {
    slots.isEmpty ? "(no slots)" : slots.map(\.description).joined(separator: "\n")
  }
}

// MARK: - Building declarations with the DSL

@MainActor
@CompositionBuilder
private func declaration(_ spec: DeclarationSpec) -> CompositionContent {
  for slot in spec.slots {
    Slot(slot.name, layout: slot.stacks ? .stack(axis: .vertical) : .fill) {
      // Each position draws its explicit ids from its own range, so that ids stay unique in the
      // slot (a repeated id is a reported mistake, not a case for these properties).
      if let header = slot.header {
        content(of: header, idBase: 0)
      }
      if slot.showsFirst {
        content(of: slot.first, idBase: 10)
      } else {
        content(of: slot.second, idBase: 20)
      }
      ForEach(slot.rows, id: \.key) { row in
        content(of: row.child, idBase: 40)
      }
      content(of: slot.footer, idBase: 30)
    }
    .transition(slot.transition.transition)
  }
}

@MainActor
private func content(of spec: ChildSpec, idBase: Int) -> SlotContent {
  switch spec.kind {
  case .list: configured({ ListViewController() }, spec, idBase: idBase)
  case .detail: configured({ DetailViewController() }, spec, idBase: idBase)
  case .spinner: configured({ SpinnerViewController() }, spec, idBase: idBase)
  case .header: configured({ HeaderViewController() }, spec, idBase: idBase)
  case .row: configured({ RowViewController() }, spec, idBase: idBase)
  }
}

@MainActor
private func configured<Controller: UIViewController>(
  _ make: @escaping @MainActor () -> Controller, _ spec: ChildSpec, idBase: Int
) -> SlotContent {
  var update: (@MainActor (Controller) -> Void)?
  if spec.updates { update = { _ in } }
  var child = Child(make: make, update: update)
  if let id = spec.id { child = child.id(idBase + id) }
  switch spec.lifetime {
  case .whileShown: break
  case .keepAlive: child = child.lifetime(.keepAlive)
  case .keepAliveThroughWarnings: child = child.lifetime(.keepAlive(evictOnMemoryWarning: false))
  }
  if let transition = spec.transition { child = child.transition(transition.transition) }
  return child.slotContent
}

/// A declaration resolved, with each child's model found by its identity.
@MainActor
private struct Resolved {
  let spec: DeclarationSpec
  let tree: CompositionTree
  let attributes: [ChildIdentity: ChildSpec]

  /// Resolves a declaration; records a failure when it has diagnostics or its children do not
  /// follow the declaration order.
  init?(_ spec: DeclarationSpec, seed: UInt64, mounted: CompositionTree? = nil) {
    self.spec = spec
    tree = CompositionTree(declaration(spec), mounted: mounted)
    var attributes: [ChildIdentity: ChildSpec] = [:]
    var consistent = tree.diagnostics.isEmpty
    for slot in spec.slots {
      let identities = tree.children(in: slot.name)
      consistent = consistent && identities.count == slot.children.count
      for (identity, child) in zip(identities, slot.children) {
        consistent = consistent && attributes.updateValue(child, forKey: identity) == nil
      }
    }
    self.attributes = attributes
    #expect(
      consistent,
      Comment(
        rawValue: "seed \(hex(seed)): the declaration resolves with diagnostics or lost "
          + "children: \(tree.diagnostics)\n\(spec)\n\(tree)"))
    guard consistent else { return nil }
  }
}

/// Makes random declarations, and random changes of them.
private struct Generator {
  struct Options {
    var lifetimes: Bool
    var transitions: Bool
    var maxRows: Int
    var keys: Int

    /// Everything, up to 12 children per slot.
    static let full = Options(lifetimes: true, transitions: true, maxRows: 8, keys: 16)
    /// No lifetimes and no transitions, at most 8 children per slot, for the brute-force oracle.
    static let small = Options(lifetimes: false, transitions: false, maxRows: 5, keys: 10)
  }

  let options: Options
  /// How much a mutation changes, from 0 to 1; drawn per declaration.
  private var rate = 0.3

  init(options: Options) {
    self.options = options
  }

  static let slotNames = ["a", "b", "c"]

  mutating func declaration(_ random: inout SplitMix64) -> DeclarationSpec {
    rate = 0.05 + Double(random.below(60)) / 100
    var slots = Self.slotNames.filter { _ in random.chance(0.75) }.map { slot($0, &random) }
    slots.shuffle(using: &random)
    return DeclarationSpec(slots: slots)
  }

  mutating func mutation(of spec: DeclarationSpec, _ random: inout SplitMix64) -> DeclarationSpec {
    if random.chance(0.05) { return declaration(&random) }
    if random.chance(0.4), !spec.slots.isEmpty { return singleChange(of: spec, &random) }
    rate = 0.05 + Double(random.below(60)) / 100
    var slots: [SlotSpec] = []
    for name in Self.slotNames {
      if let old = spec.slots.first(where: { $0.name == name }) {
        if !random.chance(rate / 3) { slots.append(mutation(of: old, &random)) }
      } else if random.chance(rate) {
        slots.append(slot(name, &random))
      }
    }
    // Keep the old order of slots most of the time: the plan lists slots in the new order.
    if random.chance(0.2) {
      slots.shuffle(using: &random)
    } else {
      let order = spec.slots.map(\.name)
      slots.sort { (order.firstIndex(of: $0.name) ?? 9) < (order.firstIndex(of: $1.name) ?? 9) }
    }
    return DeclarationSpec(slots: slots)
  }

  /// One child of one slot leaves and one arrives, which a transition turns into a swap; the
  /// tab-style switch of an if/else is the most common.
  private func singleChange(of spec: DeclarationSpec, _ random: inout SplitMix64)
    -> DeclarationSpec
  {
    var spec = spec
    let index = random.below(spec.slots.count)
    var slot = spec.slots[index]
    switch random.below(6) {
    case 0, 1, 2:
      slot.showsFirst.toggle()
    case 3:
      slot.footer.id = slot.footer.id == nil ? random.below(2) : nil
    case 4:
      slot.header = slot.header == nil ? child([.header, .list], &random) : nil
    default:
      let taken = Set(slot.rows.map(\.key))
      guard let key = (0..<options.keys).first(where: { !taken.contains($0) }) else { break }
      if !slot.rows.isEmpty { slot.rows.remove(at: random.below(slot.rows.count)) }
      slot.rows.insert(
        RowSpec(key: key, child: row(&random)), at: random.below(slot.rows.count + 1))
    }
    spec.slots[index] = slot
    return spec
  }

  private func slot(_ name: String, _ random: inout SplitMix64) -> SlotSpec {
    var rows: [RowSpec] = []
    var keys = Array(0..<options.keys)
    keys.shuffle(using: &random)
    for key in keys.prefix(random.below(options.maxRows + 1)) {
      rows.append(RowSpec(key: key, child: row(&random)))
    }
    return SlotSpec(
      name: name, stacks: random.chance(0.2), transition: slotTransition(&random),
      header: random.chance(0.5) ? child([.header, .list], &random) : nil,
      showsFirst: random.chance(0.5), first: child([.list, .detail], &random),
      second: child([.spinner, .detail], &random), rows: rows,
      footer: child([.detail, .header, .spinner], &random))
  }

  private func slotTransition(_ random: inout SplitMix64) -> Motion {
    options.transitions && random.chance(0.5) ? random.pick(Motion.allCases) : .none
  }

  private func child(_ kinds: [Kind], _ random: inout SplitMix64) -> ChildSpec {
    ChildSpec(
      kind: random.pick(kinds), id: random.chance(0.3) ? random.below(2) : nil,
      updates: random.chance(0.5), lifetime: lifetime(&random),
      transition: options.transitions && random.chance(0.3) ? random.pick(Motion.allCases) : nil)
  }

  private func row(_ random: inout SplitMix64) -> ChildSpec {
    ChildSpec(
      kind: random.chance(0.15) ? .detail : .row, id: nil, updates: random.chance(0.5),
      lifetime: lifetime(&random),
      transition: options.transitions && random.chance(0.2) ? random.pick(Motion.allCases) : nil)
  }

  private func lifetime(_ random: inout SplitMix64) -> Keeping {
    options.lifetimes && random.chance(0.5) ? random.pick(Keeping.allCases) : .whileShown
  }

  private func mutation(of spec: SlotSpec, _ random: inout SplitMix64) -> SlotSpec {
    var spec = spec
    if random.chance(rate / 3) { spec.stacks.toggle() }
    if random.chance(rate) { spec.transition = slotTransition(&random) }
    if random.chance(rate) {
      spec.header = spec.header == nil ? child([.header, .list], &random) : nil
    }
    spec.header = spec.header.map { mutation(of: $0, kinds: [.header, .list], &random) }
    if random.chance(rate) { spec.showsFirst.toggle() }
    spec.first = mutation(of: spec.first, kinds: [.list, .detail], &random)
    spec.second = mutation(of: spec.second, kinds: [.spinner, .detail], &random)
    spec.footer = mutation(of: spec.footer, kinds: [.detail, .header, .spinner], &random)
    spec.rows = mutation(of: spec.rows, &random)
    return spec
  }

  private func mutation(of spec: ChildSpec, kinds: [Kind], _ random: inout SplitMix64)
    -> ChildSpec
  {
    var spec = spec
    if random.chance(rate / 2) { spec.kind = random.pick(kinds) }
    if random.chance(rate / 2) { spec.id = random.chance(0.5) ? random.below(2) : nil }
    if random.chance(0.5) { spec.updates = random.chance(0.5) }
    if random.chance(rate) { spec.lifetime = lifetime(&random) }
    if options.transitions, random.chance(rate) {
      spec.transition = random.chance(0.5) ? random.pick(Motion.allCases) : nil
    }
    return spec
  }

  private func mutation(of rows: [RowSpec], _ random: inout SplitMix64) -> [RowSpec] {
    var rows = rows.filter { _ in !random.chance(rate / 2) }
    for index in rows.indices {
      if random.chance(rate / 4) {
        rows[index].child.kind = rows[index].child.kind == .row ? .detail : .row
      }
      if random.chance(0.5) { rows[index].child.updates = random.chance(0.5) }
      if random.chance(rate) { rows[index].child.lifetime = lifetime(&random) }
    }
    let taken = Set(rows.map(\.key))
    var fresh = (0..<options.keys).filter { !taken.contains($0) }
    fresh.shuffle(using: &random)
    for key in fresh.prefix(random.chance(rate * 2) ? 1 + random.below(3) : 0) {
      rows.insert(RowSpec(key: key, child: row(&random)), at: random.below(rows.count + 1))
    }
    if rows.count > options.maxRows {
      rows.removeLast(rows.count - options.maxRows)
    }
    switch random.below(6) {
    case 0:
      rows.shuffle(using: &random)
    case 1:
      rows.reverse()
    case 2 where rows.count > 1:
      rows.append(rows.removeFirst())
    case 3 where rows.count > 1:
      for _ in 0...random.below(3) {
        let moved = rows.remove(at: random.below(rows.count))
        rows.insert(moved, at: random.below(rows.count + 1))
      }
    default:
      break
    }
    return rows
  }
}

// MARK: - Checks

@MainActor
private enum Check {
  /// Everything a reconciliation from `mounted` to `new` must satisfy, as failure lines.
  ///
  /// - Parameters:
  ///   - result: The reconciliation.
  ///   - mounted: The tree it started from.
  ///   - known: The latest declared model of every child that `mounted` holds.
  ///   - new: The new declaration.
  ///   - forwarding: How the container forwards appearance.
  /// - Returns: One line per failure.
  static func reconciliation(
    _ result: Reconciliation, from mounted: CompositionTree, known: [ChildIdentity: ChildSpec],
    to new: Resolved, forwarding: AppearanceForwarding
  ) -> [String] {
    let plan = result.plan
    var failures = PlanInterpreter.sequencingViolations(of: plan, forwarding: forwarding)
    var interpreter = PlanInterpreter(mounted: mounted)
    interpreter.perform(plan, declared: new.tree)
    failures += interpreter.violations

    let names = Set(mounted.slotNames).union(new.tree.slotNames).union(
      interpreter.occupiedSlotNames)
    for name in names.sorted() {
      let declared = new.tree.children(in: name)
      if interpreter.shown(in: name) != declared {
        failures.append(
          "slot '\(name)': performing the plan shows \(list(interpreter.shown(in: name))), "
            + "the declaration \(list(declared))")
      }
      if result.tree.children(in: name) != declared {
        failures.append(
          "slot '\(name)': the returned tree shows \(list(result.tree.children(in: name)))")
      }
      let hidden = Set(result.tree.hiddenChildren(in: name))
      if interpreter.hidden(in: name) != hidden {
        failures.append(
          "slot '\(name)': performing the plan hides \(list(interpreter.hidden(in: name))), "
            + "the returned tree \(list(hidden))")
      }

      // Lifetimes: an undeclared child stays hidden when its lifetime keeps it; a removed slot
      // takes all its children along.
      var expectedHidden = Set<ChildIdentity>()
      if new.tree.slotNames.contains(name) {
        let shownNow = Set(declared)
        expectedHidden = Set(mounted.hiddenChildren(in: name)).subtracting(shownNow)
        for child in mounted.children(in: name) where !shownNow.contains(child) {
          if known[child]?.lifetime.keepsHidden == true { expectedHidden.insert(child) }
        }
      }
      if hidden != expectedHidden {
        failures.append(
          "slot '\(name)': the returned tree hides \(list(hidden)), its lifetimes say "
            + "\(list(expectedHidden))")
      }

      // Updates: every declared child with an update closure gets exactly one update, whether
      // it was live (shown or hidden) before or is made now (make, update, then add).
      let expectedUpdates = declared.filter { new.attributes[$0]?.updates == true }
      let updates = plan.steps.filter { $0.action == .update && $0.child.slot == name }.map(
        \.child)
      if updates.sorted(by: order) != expectedUpdates.sorted(by: order) {
        failures.append(
          "slot '\(name)': updates \(list(updates)), expected one for each of "
            + list(expectedUpdates))
      }
    }
    return failures
  }

  /// What evicting hidden children after a memory warning must satisfy, as failure lines.
  static func eviction(
    _ result: Reconciliation, from mounted: CompositionTree, known: [ChildIdentity: ChildSpec],
    forwarding: AppearanceForwarding
  ) -> [String] {
    var failures = PlanInterpreter.sequencingViolations(of: result.plan, forwarding: forwarding)
    var interpreter = PlanInterpreter(mounted: mounted)
    interpreter.perform(result.plan, declared: mounted)
    failures += interpreter.violations
    for name in mounted.slotNames {
      let kept = Set(
        mounted.hiddenChildren(in: name).filter {
          known[$0]?.lifetime == .keepAliveThroughWarnings
        })
      if interpreter.shown(in: name) != mounted.children(in: name)
        || result.tree.children(in: name) != mounted.children(in: name)
      {
        failures.append("slot '\(name)': eviction changed the shown children")
      }
      if interpreter.hidden(in: name) != kept || Set(result.tree.hiddenChildren(in: name)) != kept {
        failures.append(
          "slot '\(name)': after eviction the plan hides \(list(interpreter.hidden(in: name))), "
            + "the tree \(list(result.tree.hiddenChildren(in: name))), expected \(list(kept))")
      }
    }
    return failures
  }

  /// The counts of a plan between trees without hidden children, against the oracles, as
  /// failure lines.
  static func minimality(of plan: Plan, from old: CompositionTree, to new: CompositionTree)
    -> [String]
  {
    var failures: [String] = []
    let summary = plan.summary
    if summary.swaps + summary.detachments + summary.attachments != 0 {
      failures.append("a plan without lifetimes and transitions has \(summary)")
    }
    var total = Plan.Summary()
    for name in Set(old.slotNames).union(new.slotNames).sorted() {
      let before = old.children(in: name)
      let after = new.children(in: name)
      let beforeSet = Set(before)
      let afterSet = Set(after)
      let positions = Dictionary(uniqueKeysWithValues: after.enumerated().map { ($1, $0) })
      let kept = before.compactMap { positions[$0] }
      guard kept.count <= 10 else {
        failures.append("slot '\(name)' keeps \(kept.count) children, too many for brute force")
        continue
      }
      let minimum = Oracle.minimumMoves(kept)
      let standard = Oracle.standardLibraryMoves(from: before, to: after)
      var expected = Plan.Summary()
      expected.additions = after.filter { !beforeSet.contains($0) }.count
      expected.removals = before.filter { !afterSet.contains($0) }.count
      expected.moves = minimum
      expected.updates = plan.steps.filter { $0.action == .update && $0.child.slot == name }.count
      let actual = Plan(steps: plan.steps.filter { $0.child.slot == name }).summary
      if actual != expected {
        failures.append(
          "slot '\(name)': \(actual); the fewest are \(expected) (kept order \(kept))")
      }
      if actual.moves > standard || minimum > standard {
        failures.append(
          "slot '\(name)': \(actual.moves) moves, brute force \(minimum), more than the "
            + "\(standard) of CollectionDifference.inferringMoves()")
      }
      total.additions += expected.additions
      total.removals += expected.removals
      total.moves += expected.moves
      total.updates += expected.updates
    }
    if summary != total {
      failures.append("the plan's summary is \(summary), its slots add up to \(total)")
    }
    return failures
  }

  /// The `update` lines a plan to an identical declaration must have, in order.
  static func updateLines(of resolved: Resolved) -> String {
    var lines: [String] = []
    for slot in resolved.spec.slots {
      for child in resolved.tree.children(in: slot.name)
      where resolved.attributes[child]?.updates == true {
        lines.append("update \(child)")
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func order(_ lhs: ChildIdentity, _ rhs: ChildIdentity) -> Bool {
    lhs.description < rhs.description
  }

  private static func list(_ identities: some Collection<ChildIdentity>) -> String {
    "[" + identities.map(\.description).sorted().joined(separator: ", ") + "]"
  }

  private static func list(_ identities: [ChildIdentity]) -> String {
    "[" + identities.map(\.description).joined(separator: ", ") + "]"
  }
}

// MARK: - Oracles

private enum Oracle {
  /// The fewest kept elements to take out and put back so that the rest is in new order, found
  /// by trying every set of elements, smallest first.
  ///
  /// - Parameter kept: The new positions of the kept elements, in old order.
  /// - Returns: The number of moves.
  /// - Complexity: O(2^*n* · *n*); for small inputs only.
  static func minimumMoves(_ kept: [Int]) -> Int {
    let count = kept.count
    for size in 0...count {
      for mask in 0..<(1 << count) where mask.nonzeroBitCount == size {
        var last = Int.min
        var inOrder = true
        for index in 0..<count where mask & (1 << index) == 0 {
          if kept[index] < last {
            inOrder = false
            break
          }
          last = kept[index]
        }
        if inOrder { return size }
      }
    }
    return count
  }

  /// The moves that `CollectionDifference.inferringMoves()` finds; not always the fewest.
  static func standardLibraryMoves<Element: Hashable>(from old: [Element], to new: [Element])
    -> Int
  {
    new.difference(from: old).inferringMoves().reduce(0) { count, change in
      if case .insert(_, _, let associated) = change, associated != nil { return count + 1 }
      return count
    }
  }
}
