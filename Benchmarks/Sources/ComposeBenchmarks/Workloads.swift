import Compose

/// A piece of work to time, by name, with its number of samples.
typealias Job = (name: String, samples: Int, body: () -> Void)

/// Runs workloads and records their rows.
@MainActor
struct Runner {
  var report = Report()
  /// Workload ids (`W1` … `W7`) to run; empty for all.
  var filter: Set<String> = []
  /// When set, runs one phase of one case this many times, untimed, for a profiler.
  var profile: (id: String, phase: String, iterations: Int)?
  /// Whether the case being profiled was found.
  var profileFound = false
  /// Why the case being profiled was not run: its phase is not one of its own.
  var profileProblem: String?

  /// Checks the phase of the case being profiled, once the case is found.
  ///
  /// - Parameters:
  ///   - id: The case.
  ///   - phases: The phases it has.
  /// - Returns: Whether the phase asked for is one of them; when not, ``profileProblem`` says so.
  mutating func profiles(_ id: String, phases: [String]) -> Bool {
    profileFound = true
    guard let phase = profile?.phase, !phases.contains(phase) else { return true }
    profileProblem =
      "\(id) has no phase '\(phase)'; its phases: \(phases.joined(separator: ", "))"
    return false
  }

  /// Whether a case is run: every case, or only the one being profiled.
  ///
  /// Checked before a case's declarations are made, which for the large cases takes longer than
  /// profiling one.
  func profiles(_ id: String) -> Bool {
    profile.map { $0.id == id } ?? true
  }
  /// The sampling modes, and how cold samples are taken.
  var sampling = SamplingOptions() {
    didSet { report.modes = sampling.modes }
  }
  /// The buffer written before each cold sample, made once when `--evict` asks for it.
  var evictor: CacheEvictor?

  /// Times jobs in every mode of the run.
  ///
  /// - Parameter jobs: The jobs.
  /// - Returns: The medians, by mode and name.
  func measure(_ jobs: [Job]) -> [Sampling: [String: Timing]] {
    Harness.measure(jobs, options: sampling, evictor: evictor)
  }

  func wants(_ workload: String) -> Bool {
    if let profile { return profile.id.hasPrefix(workload + "-") }
    return filter.isEmpty || filter.contains(workload)
  }

  /// The jobs that measure the references on the keys: the floors, the LIS reference and the
  /// standard library.
  static func referenceJobs(
    keys: KeyEdit, stdlibSamples: Int = 11, strings: StringKeys? = nil
  ) -> [Job] {
    var jobs: [Job] = [("reference", 11, { blackHole(Floors.reference(keys.old, keys.new)) })]
    if let strings {
      // The floors and the standard library on the keys the list is declared with.
      jobs.append(("hash", 11, { blackHole(Floors.hash(strings.old, strings.new)) }))
      if stdlibSamples > 0 {
        jobs.append(
          ("stdlib", stdlibSamples, { blackHole(Floors.standardLibrary(strings.old, strings.new)) })
        )
      }
      return jobs
    }
    jobs += [
      ("hash", 11, { blackHole(Floors.hash(keys.old, keys.new)) }),
      ("growingHash", 11, { blackHole(Floors.growingHash(keys.old, keys.new)) }),
    ]
    if keys.old == keys.new {
      jobs.append(("scan", 11, { blackHole(Floors.scan(keys.old, keys.new)) }))
    }
    if stdlibSamples > 0 {
      jobs.append(
        ("stdlib", stdlibSamples, { blackHole(Floors.standardLibrary(keys.old, keys.new)) }))
    }
    return jobs
  }

  /// The jobs that measure the floors on Compose's own identities.
  static func identityJobs(old: CompositionTree, new: CompositionTree) -> [Job] {
    let oldIdentities = identities(old)
    let newIdentities = identities(new)
    var jobs: [Job] = [
      ("identityHash", 11, { blackHole(Floors.hash(oldIdentities, newIdentities)) })
    ]
    if oldIdentities == newIdentities {
      jobs.append(("identityScan", 11, { blackHole(Floors.scan(oldIdentities, newIdentities)) }))
    }
    return jobs
  }

  /// Gathers the references from the timings of a run.
  static func references(
    workload: String, count: Int, _ timings: [Sampling: [String: Timing]]
  ) -> References {
    let names: Set = [
      "hash", "growingHash", "scan", "reference", "stdlib", "identityHash", "identityScan",
    ]
    return References(
      workload: workload, count: count,
      timings: timings.mapValues { $0.filter { names.contains($0.key) } })
  }

  /// One job's medians in every mode.
  ///
  /// - Parameters:
  ///   - name: The job's name.
  ///   - timings: The medians of a measurement.
  /// - Returns: The job's medians, by mode.
  static func timings(_ name: String, _ timings: [Sampling: [String: Timing]]) -> [Sampling: Timing]
  {
    timings.compactMapValues { $0[name] }
  }

  /// Measures reconcile alone on resolved trees, and resolve + reconcile of the new content,
  /// side by side with the references.
  ///
  /// - Parameters:
  ///   - id: The case's stable name.
  ///   - workload: The label.
  ///   - keys: The keys that model the children, for the floors, the standard library and the
  ///     minimum.
  ///   - minimum: The minimum when it is not the keyed one (a swap).
  ///   - old: The mounted declaration.
  ///   - new: The new declaration.
  ///   - stdlibSamples: Samples for the standard library; 0 to skip it.
  ///   - againstMounted: Whether the new declaration is resolved against the mounted tree, as a
  ///     composer does; `false` resolves it on its own.
  ///   - declare: Builds the new declaration, for a third row that times building it too
  ///     (declare + resolve + reconcile); `nil` for none.
  ///   - strings: The `String` keys the lists are declared with, when they are not `keys`
  ///     themselves; the hash floor and the standard library are then measured on them.
  ///   - skipping: The mounted declaration and a builder of the new one, both with a list that
  ///     skips its unchanged elements, for a fourth row (declare + resolve + reconcile of that
  ///     list); `nil` for none.
  ///   - equatable: The mounted declaration and a builder of the new one, both of compositions
  ///     declared `equatable()`, for a row of declare + resolve + reconcile; `nil` for none.
  mutating func reconcileCase(
    id: String, workload: String, keys: KeyEdit, minimum: Int? = nil,
    old: CompositionContent, new: CompositionContent, stdlibSamples: Int = 11,
    againstMounted: Bool = true, declare: (() -> CompositionContent)? = nil,
    strings: StringKeys? = nil,
    skipping: (old: CompositionContent, declare: () -> CompositionContent)? = nil,
    equatable: (old: CompositionContent, declare: () -> CompositionContent)? = nil
  ) {
    let oldTree = CompositionTree(old)
    let basis = againstMounted ? oldTree : nil
    let newTree = CompositionTree(new, mounted: basis)
    let skippingTree = skipping.map { CompositionTree($0.old) }
    let equatableTree = equatable.map { CompositionTree($0.old) }
    if let profile {
      guard profile.id == id else { return }
      let phases =
        ["reconcile", "resolve"] + (declare == nil ? [] : ["declare"])
        + (skipping == nil ? [] : ["skipping"]) + (equatable == nil ? [] : ["equatable"])
        + ["floor", "stdlib"]
      guard profiles(id, phases: phases) else { return }
      for _ in 0..<profile.iterations {
        switch profile.phase {
        case "resolve":
          blackHole(oldTree.reconcile(to: CompositionTree(new, mounted: basis)))
        case "declare":
          if let declare {
            blackHole(oldTree.reconcile(to: CompositionTree(declare(), mounted: basis)))
          }
        case "skipping":
          if let skipping, let skippingTree {
            blackHole(
              skippingTree.reconcile(
                to: CompositionTree(skipping.declare(), mounted: skippingTree)))
          }
        case "equatable":
          if let equatable, let equatableTree {
            blackHole(
              equatableTree.reconcile(
                to: CompositionTree(equatable.declare(), mounted: equatableTree)))
          }
        // The floor and the standard library on the keys the list is declared with, as timed.
        case "floor":
          if let strings {
            blackHole(Floors.hash(strings.old, strings.new))
          } else {
            blackHole(Floors.hash(keys.old, keys.new))
          }
        case "stdlib":
          if let strings {
            blackHole(Floors.standardLibrary(strings.old, strings.new))
          } else {
            blackHole(Floors.standardLibrary(keys.old, keys.new))
          }
        default:
          blackHole(oldTree.reconcile(to: newTree))
        }
      }
      return
    }
    let expected = minimum ?? MinimumSteps(keys).total
    if Floors.reference(keys.old, keys.new) != MinimumSteps(keys).total {
      print("  warning: the LIS reference and the minimum disagree on \(id)")
    }
    let reconcile = { oldTree.reconcile(to: newTree) }
    let resolveAndReconcile = { oldTree.reconcile(to: CompositionTree(new, mounted: basis)) }
    var phases = [
      ("reconcile", "reconcile", reconcile),
      ("resolve + reconcile", "resolve", resolveAndReconcile),
    ]
    if let declare {
      phases.append(
        (
          "declare + resolve + reconcile", "declare",
          { oldTree.reconcile(to: CompositionTree(declare(), mounted: basis)) }
        ))
    }
    if let skipping, let skippingTree {
      phases.append(
        (
          Self.skippingPhase, "skipping",
          { skippingTree.reconcile(to: CompositionTree(skipping.declare(), mounted: skippingTree)) }
        ))
    }
    if let equatable, let equatableTree {
      phases.append(
        (
          Self.equatablePhase, "equatable",
          {
            equatableTree.reconcile(
              to: CompositionTree(equatable.declare(), mounted: equatableTree))
          }
        ))
    }
    let jobs: [Job] =
      Self.referenceJobs(keys: keys, stdlibSamples: stdlibSamples, strings: strings)
      + Self.identityJobs(old: oldTree, new: newTree)
      + phases.map { _, name, work in (name, 11, { blackHole(work()) }) }
    let timings = measure(jobs)
    let references = Self.references(workload: workload, count: keys.new.count, timings)
    report.references.append(references)
    for (phase, name, work) in phases {
      let measured = Self.timings(name, timings)
      guard !measured.isEmpty else { continue }
      report.rows.append(
        Row(
          id: id, workload: workload, count: keys.new.count, oldCount: keys.old.count,
          phase: phase, timings: measured,
          steps: Self.steps(work().plan), minimum: expected, references: references,
          allocations: Harness.allocations(work)))
    }
    print("  \(id): done")
  }

  /// The phase of a list declared with `skipsUnchangedElements`: declare + resolve + reconcile.
  nonisolated static let skippingPhase =
    "declare + resolve + reconcile, skipping unchanged elements"

  /// The phase of compositions declared `equatable()`: declare + resolve + reconcile.
  nonisolated static let equatablePhase = "declare + resolve + reconcile, equatable compositions"

  /// W7: the 100-slot body alone, with resolution, and a full no-op recompose.
  mutating func bodyCase() {
    let screen = Screen100(flag: true)
    let mounted = CompositionTree(screen.body)
    if let profile {
      guard profile.id == "W7-100", profiles("W7-100", phases: ["body", "recompose"]) else {
        return
      }
      for _ in 0..<profile.iterations {
        if profile.phase == "body" {
          blackHole(screen.body)
        } else {
          blackHole(mounted.reconcile(to: CompositionTree(screen.body, mounted: mounted)))
        }
      }
      return
    }
    let keys = KeyEdit.unchanged(count: 100)
    let body = { screen.body }
    let resolve = { CompositionTree(screen.body, mounted: mounted) }
    let recompose = { mounted.reconcile(to: CompositionTree(screen.body, mounted: mounted)) }
    let jobs: [Job] =
      Self.referenceJobs(keys: keys)
      + Self.identityJobs(old: mounted, new: CompositionTree(screen.body)) + [
        ("body", 11, { blackHole(body()) }),
        ("body + resolve", 11, { blackHole(resolve()) }),
        ("recompose", 11, { blackHole(recompose()) }),
      ]
    let timings = measure(jobs)
    let references = Self.references(workload: "W7 100-slot body", count: 100, timings)
    report.references.append(references)

    func row(_ phase: String, _ name: String, steps: Int? = nil, allocations: Int?) -> Row? {
      let measured = Self.timings(name, timings)
      guard !measured.isEmpty else { return nil }
      return Row(
        id: "W7-100", workload: "W7 100-slot body (if/else every 10th)", count: 100,
        phase: phase, timings: measured, steps: steps, minimum: steps == nil ? nil : 0,
        references: references, allocations: allocations)
    }
    let rows = [
      row("body", "body", allocations: Harness.allocations(body)),
      row("body + resolve", "body + resolve", allocations: Harness.allocations(resolve)),
      row(
        "no-op recompose (body + resolve + reconcile)", "recompose",
        steps: Self.steps(recompose().plan), allocations: Harness.allocations(recompose)),
    ]
    report.rows.append(contentsOf: rows.compactMap { $0 })
    print("  W7-100: done")
  }

  /// The identities of every shown child, slot by slot.
  static func identities(_ tree: CompositionTree) -> [ChildIdentity] {
    tree.slotNames.flatMap { tree.children(in: $0) }
  }

  /// Additions, removals, moves and swaps; checks that the plan's lines agree with its summary.
  static func steps(_ plan: Plan) -> Int {
    let summary = plan.summary
    let lines = 4 * summary.additions + 3 * summary.removals + summary.moves + summary.swaps
    if lines != plan.steps.count - summary.updates {
      print("  warning: plan has \(plan.steps.count) steps for \(summary)")
    }
    return summary.additions + summary.removals + summary.moves + summary.swaps
  }
}
