// Compose benchmarks: W1–W5, W7 and W8 (W6 is `typecheck.sh`).
//
//   swift run -c release --package-path Benchmarks                 every workload, writes results.md
//   swift run -c release --package-path Benchmarks ComposeBenchmarks W2 W3     some workloads
//   ComposeBenchmarks --profile W2-10000-10 reconcile 50           one case, untimed, for callgrind
//   ComposeBenchmarks --sampling batched|cold|both (or --batched, --cold; both by default)
//   ComposeBenchmarks --cold --evict W2      cold samples after evicting the last-level cache
//   ComposeBenchmarks --cold-samples 101     at most 101 cold samples per job (51 by default)
//   ComposeBenchmarks memory                 the memory table alone (100 and 1000 children)
//   ComposeBenchmarks --memory-10k memory    also 10k children (about 10 s more)
import Compose
import Foundation

var runner = Runner()
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--profile", arguments.count >= 3 {
  runner.profile = (arguments[1], arguments[2], arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
  arguments = []
}
var sampling = SamplingOptions()
var workloads: [String] = []
var memoryCounts = [100, 1_000]
var argumentIndex = 0
while argumentIndex < arguments.count {
  let argument = arguments[argumentIndex]
  argumentIndex += 1
  switch argument {
  case "--batched": sampling.modes = [.batched]
  case "--cold": sampling.modes = [.cold]
  case "--evict": sampling.evicts = true
  case "--memory-10k": memoryCounts.append(10_000)
  case "--sampling", "--cold-samples":
    guard argumentIndex < arguments.count else {
      print("\(argument) needs a value")
      exit(2)
    }
    let value = arguments[argumentIndex]
    argumentIndex += 1
    if argument == "--cold-samples" {
      guard let count = Int(value), count >= Harness.minimumColdSamples else {
        print("--cold-samples needs a number ≥ \(Harness.minimumColdSamples)")
        exit(2)
      }
      sampling.coldSamples = count
    } else if value == "both" {
      sampling.modes = [.batched, .cold]
    } else if let mode = Sampling(rawValue: value) {
      sampling.modes = [mode]
    } else {
      print("--sampling takes batched, cold or both")
      exit(2)
    }
  default:
    workloads.append(argument)
  }
}
runner.sampling = sampling
if sampling.evicts, sampling.modes.contains(.cold) { runner.evictor = CacheEvictor() }
runner.filter = Set(workloads)
let started = ContinuousClock.now
if runner.profile == nil, sampling.modes.contains(.cold) {
  runner.report.clockFloor = Harness.clockFloor()
}

// W1: unchanged declarations, old and new resolved from separately built content.
if runner.wants("W1") {
  for count in [10, 100, 1_000] {
    runner.reconcileCase(
      id: "W1-slots-\(count)", workload: "W1 unchanged, \(count) slots × 1 child",
      keys: .unchanged(count: count),
      old: Declarations.slots(count), new: Declarations.slots(count))
  }
  // The same, with the new declaration resolved on its own: every identity is compared.
  runner.reconcileCase(
    id: "W1-slots-100-alone", workload: "W1 unchanged, 100 slots × 1 child, resolved alone",
    keys: .unchanged(count: 100),
    old: Declarations.slots(100), new: Declarations.slots(100), againstMounted: false)
  for count in [10, 100, 1_000] {
    let keys = KeyEdit.unchanged(count: count)
    runner.reconcileCase(
      id: "W1-keyed-\(count)", workload: "W1 unchanged, 1 slot × \(count) keyed children",
      keys: keys, old: Declarations.keyedList(keys.old), new: Declarations.keyedList(keys.new))
  }
}

// W2: keyed list with random edits.
if runner.wants("W2") {
  for count in [100, 1_000, 10_000, 100_000] {
    for percent in [1, 10] {
      guard runner.profiles("W2-\(count)-\(percent)") else { continue }
      let keys = KeyEdit.random(count: count, percent: percent)
      runner.reconcileCase(
        id: "W2-\(count)-\(percent)", workload: "W2 keyed, \(percent)% edits", keys: keys,
        old: Declarations.keyedList(keys.old), new: Declarations.keyedList(keys.new),
        stdlibSamples: count >= 100_000 ? 3 : 11,
        declare: { Declarations.keyedList(keys.new) },
        skipping: (
          Declarations.skippingList(keys.old), { Declarations.skippingList(keys.new) }
        ))
    }
  }
  // The same edits on String keys.
  for count in [100, 1_000, 10_000, 100_000] {
    for percent in [1, 10] {
      guard runner.profiles("W2-string-\(count)-\(percent)") else { continue }
      let keys = KeyEdit.random(count: count, percent: percent)
      let strings = StringKeys(keys)
      runner.reconcileCase(
        id: "W2-string-\(count)-\(percent)", workload: "W2 String keys, \(percent)% edits",
        keys: keys,
        old: Declarations.keyedList(strings.old), new: Declarations.keyedList(strings.new),
        stdlibSamples: count >= 100_000 ? 3 : 11,
        declare: { Declarations.keyedList(strings.new) }, strings: strings,
        skipping: (
          Declarations.skippingList(strings.old), { Declarations.skippingList(strings.new) }
        ))
    }
  }
}

// W3: single moves and a full reverse.
if runner.wants("W3") {
  let count = 1_000
  let old = Array(0..<count)
  let cases: [(String, String, [Int])] = [
    ("first-to-end", "W3 first → end", Array(old.dropFirst()) + [0]),
    ("last-to-first", "W3 last → first", [count - 1] + Array(old.dropLast())),
    ("reverse", "W3 reverse", Array(old.reversed())),
  ]
  for (id, workload, new) in cases {
    let keys = KeyEdit(old: old, new: new)
    runner.reconcileCase(
      id: "W3-\(id)", workload: workload, keys: keys,
      old: Declarations.keyedList(keys.old), new: Declarations.keyedList(keys.new),
      declare: { Declarations.keyedList(keys.new) },
      skipping: (Declarations.skippingList(keys.old), { Declarations.skippingList(keys.new) }))
  }
}

// W3, edit shapes at 10k keys: blocks of 10 and 100 deleted, inserted or moved at the front,
// middle and back, a block deleted near the front with one inserted near the end, a shuffled
// window of 1%, a rotation by a few keys, and a full reversal.
if runner.wants("W3") {
  let count = 10_000
  var shapes: [(id: String, workload: String, keys: KeyEdit)] = []
  func shape(_ id: String, _ workload: String, _ keys: KeyEdit) {
    shapes.append((id, workload, keys))
  }
  for length in [10, 100] {
    let front = count / 100
    let middle = count / 2 - length / 2
    let back = count - count / 100 - length
    for (place, position) in [("front", front), ("middle", middle), ("back", back)] {
      shape(
        "delete-\(place)-\(length)", "W3 block of \(length) deleted, \(place)",
        .deletedBlock(count: count, length: length, at: position))
      shape(
        "insert-\(place)-\(length)", "W3 block of \(length) inserted, \(place)",
        .insertedBlock(count: count, length: length, at: position))
    }
    shape(
      "move-front-\(length)", "W3 block of \(length) moved, front → middle",
      .movedBlock(count: count, length: length, from: front, to: count / 2))
    shape(
      "move-middle-\(length)", "W3 block of \(length) moved, middle → front",
      .movedBlock(count: count, length: length, from: middle, to: front))
    shape(
      "move-back-\(length)", "W3 block of \(length) moved, back → middle",
      .movedBlock(count: count, length: length, from: back, to: count / 2))
    shape(
      "pair-\(length)", "W3 block of \(length) deleted near the front, one inserted near the end",
      .replacedBlocks(
        count: count, length: length, deletingAt: front, insertingAt: back - length))
  }
  shape(
    "shuffle-100", "W3 window of 100 shuffled, middle",
    .shuffledWindow(count: count, length: 100, at: count / 2 - 50))
  shape("rotate-3", "W3 rotation by 3", .rotated(count: count, by: 3))
  let old = Array(0..<count)
  shape("reverse-10000", "W3 reverse", KeyEdit(old: old, new: old.reversed()))
  for (id, workload, keys) in shapes where runner.profile.map({ $0.id == "W3-\(id)" }) ?? true {
    // The standard library's difference of a reversed 10k list needs gigabytes.
    runner.reconcileCase(
      id: "W3-\(id)", workload: workload, keys: keys,
      old: Declarations.keyedList(keys.old), new: Declarations.keyedList(keys.new),
      stdlibSamples: id.hasPrefix("reverse") ? 0 : 11,
      declare: { Declarations.keyedList(keys.new) },
      skipping: (Declarations.skippingList(keys.old), { Declarations.skippingList(keys.new) }))
  }
}

// W4: deep nesting; change one leaf, or nothing.
if runner.wants("W4") {
  for depth in [10, 50] {
    let old = Array(0...depth)
    let changed = Array(0..<depth) + [depth + 1]
    runner.reconcileCase(
      id: "W4-chain-\(depth)-unchanged", workload: "W4 chain of groups, depth \(depth), unchanged",
      keys: KeyEdit(old: old, new: old.map { $0 }),
      old: Declarations.chain(depth: depth, leaf: 0), new: Declarations.chain(depth: depth, leaf: 0)
    )
    runner.reconcileCase(
      id: "W4-chain-\(depth)-leaf",
      workload: "W4 chain of groups, depth \(depth), one leaf changed",
      keys: KeyEdit(old: old, new: changed),
      old: Declarations.chain(depth: depth, leaf: 0), new: Declarations.chain(depth: depth, leaf: 1)
    )
  }
  let leaves = Array(0..<1_000)
  var changedLeaves = leaves
  changedLeaves[537] = 1_000
  runner.reconcileCase(
    id: "W4-tree-unchanged", workload: "W4 balanced tree 10×10×10 slots, unchanged",
    keys: KeyEdit(old: leaves, new: leaves.map { $0 }),
    old: Declarations.balancedTree(changedLeaf: 537, version: 0),
    new: Declarations.balancedTree(changedLeaf: 537, version: 0),
    declare: { Declarations.balancedTree(changedLeaf: 537, version: 0) },
    equatable: (
      Declarations.equatableTree(changedLeaf: 537, version: 0),
      { Declarations.equatableTree(changedLeaf: 537, version: 0) }
    ))
  runner.reconcileCase(
    id: "W4-tree-leaf", workload: "W4 balanced tree 10×10×10 slots, one leaf changed",
    keys: KeyEdit(old: leaves, new: changedLeaves),
    old: Declarations.balancedTree(changedLeaf: 537, version: 0),
    new: Declarations.balancedTree(changedLeaf: 537, version: 1),
    declare: { Declarations.balancedTree(changedLeaf: 537, version: 1) },
    equatable: (
      Declarations.equatableTree(changedLeaf: 537, version: 0),
      { Declarations.equatableTree(changedLeaf: 537, version: 1) }
    ))
}

// W5: an animated swap in one slot of ten; the minimum is the one swap step.
if runner.wants("W5") {
  let old = Array(0..<10)
  runner.reconcileCase(
    id: "W5-swap", workload: "W5 animated swap, 1 of 10 slots",
    keys: KeyEdit(old: old, new: Array(0..<9) + [10]),
    minimum: 1, old: Declarations.swap(showsRow: true), new: Declarations.swap(showsRow: false))
}

// W7: evaluating the 100-slot body, and a no-op recompose of it.
if runner.wants("W7") {
  runner.bodyCase()
}

// W8: a no-op recompose of a live container with 100 children, through the Composer.
if runner.wants("W8") {
  runner.liveContainerCase()
}

// Memory: what mounted children retain, in the tree and in a live container.
if runner.profile == nil, runner.wants("memory") {
  runner.memoryCase(counts: memoryCounts)
}

if let profile = runner.profile {
  if let problem = runner.profileProblem {
    print(problem)
    exit(2)
  }
  if !runner.profileFound {
    print("no case is named \(profile.id); see Benchmarks/README.md for the case names")
    exit(2)
  }
} else {
  let elapsed = ContinuousClock.now - started
  let report = runner.report
  var notes: [String] = []
  if sampling.modes.contains(.batched) {
    notes.append(
      "Batched: median of 11 samples (3 for the standard library at 100k keys), each sample "
        + "repeating the call until it lasts at least 3 ms (warm caches).")
  }
  if sampling.modes.contains(.cold) {
    var cold =
      "Cold: median of up to \(sampling.coldSamples) samples of one call each (at least "
      + "\(Harness.minimumColdSamples); fewer when a round of the case's jobs is long), the jobs "
      + "of a case taking turns call by call, so that each call finds the caches as another job "
      + "left them"
    if let evictor = runner.evictor {
      cold += ", after writing \(formatBytes(Double(evictor.bytes))) to evict the last-level cache"
    }
    cold += "."
    if let clockFloor = report.clockFloor {
      cold +=
        " An empty cold sample reads \(formatTime(clockFloor)) (the clock's own cost): it is "
        + "included in every cold time, not subtracted; † marks cold medians under "
        + "\(format(Report.clockMarkFactor, digits: 0))× that."
    }
    notes.append(cold)
  }
  let samplingNote =
    "Each cell shows \(report.modesLabel). " + notes.joined(separator: " ")
  let memoryNote = """
    Live heap bytes (`malloc_usable_size` of every block allocated minus every block freed, \
    malloc's 8-byte chunk headers left out) that building a mounted state and keeping it adds. \
    Children are made by closures that capture nothing. The mounted tree is the \
    `CompositionTree` a `Composer` keeps after its first composition (closures released), \
    measured as what is freed when it goes. The live containers are on screen on \
    \(uiFramework); their row subtracts a hand-written container with the same controllers \
    (made, views loaded, added with `addChild` / `addSubview` / `didMove`, a stack view like \
    the slot's), so what is left is Compose's own bookkeeping, mounted tree included. Hidden \
    rows: keep-alive children shown once, then declared `.hidden()`; their baseline keeps the \
    same controllers as children with their views out of the hierarchy.
    """
  var memoryBreakdown = ""
  if !report.memoryBreakdown.isEmpty {
    memoryBreakdown +=
      "\nWhere a mounted tree's bytes go (\(report.memoryBreakdownCount) children, one keyed "
      + "slot; each heap object reachable from the tree once, by type):\n\n"
      + Report.censusTable(report.memoryBreakdown, count: report.memoryBreakdownCount) + "\n"
  }
  if !report.liveBreakdown.isEmpty {
    memoryBreakdown +=
      "\nWhat a live container's composer holds besides the mounted tree "
      + "(\(report.liveBreakdownCount) children; controllers and views not counted):\n\n"
      + Report.censusTable(report.liveBreakdown, count: report.liveBreakdownCount) + "\n"
  }
  let output = """
    ## Runtime (W1–W5, W7, W8)

    Release build, one run of `swift run -c release --package-path Benchmarks` taking \
    \(formatTime(Harness.nanoseconds(elapsed))). \(samplingNote) Ratios are measured side by \
    side in this run, each against references sampled the same way: the samples of a case and \
    of its references are taken in interleaved rounds. \
    "× floor" = this ÷ floor (lower is better); "stdlib ÷ this" = how many times faster than \
    `difference(from:).inferringMoves()` on the same keys (higher is better). Steps = additions \
    + removals + moves + swaps in the plan; Min = removals + additions + (kept − LIS) moves, \
    computed independently (a swap counts 1). Allocs = heap allocations of one warm run.

    \(report.table)

    ### References, same keys, same run

    \(report.referenceTable)

    ### Goals

    \(report.goals)

    ## A live container (W8)

    A container on screen with 100 children in a stacked slot, each with an update closure \
    that reads `@Observable` state; a no-op recompose goes through the `Composer`: the body, \
    its resolution, the reconciliation, the update step of every child and the repair pass. \
    Measured side by side with the body alone.

    \(report.liveTable)

    ## Memory

    \(memoryNote)

    \(report.memoryTable)
    \(memoryBreakdown)
    """
  print(output)
  if runner.filter.isEmpty {
    let directory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let results = directory.appendingPathComponent("results.md")
    // Keep the W6 section that typecheck.sh wrote.
    var typecheck = ""
    if let existing = try? String(contentsOf: results, encoding: .utf8),
      let begin = existing.range(of: "<!-- W6 begin -->"),
      let end = existing.range(of: "<!-- W6 end -->")
    {
      typecheck = "\n" + String(existing[begin.lowerBound..<end.upperBound]) + "\n"
    }
    let file = "# Compose benchmark results\n\n" + output + "\n" + typecheck
    do {
      try file.write(to: results, atomically: true, encoding: .utf8)
      print("\nwritten to \(results.path)")
    } catch {
      print("\ncould not write \(results.path): \(error)")
    }
  }
}
