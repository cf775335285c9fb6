/// One measured phase of one workload.
struct Row {
  /// A short stable name: `W2-10000-10`.
  var id: String
  var workload: String
  /// The number of keys (children) declared after the edit.
  var count: Int
  /// The number of keys mounted before the edit, when the row has keys.
  var oldCount: Int?
  var phase: String
  /// The median of each sampling mode measured.
  var timings: [Sampling: Timing]
  /// Steps Compose emitted: additions + removals + moves + swaps.
  var steps: Int?
  var minimum: Int?
  var references: References
  var allocations: Int?

  /// The median of the first mode measured: batched, unless only cold samples were taken.
  var timing: Timing {
    timings[.batched] ?? timings[.cold] ?? Timing(nanoseconds: .nan, samples: 0, repetitions: 0)
  }

  /// This ÷ a reference measured in the same mode.
  ///
  /// - Parameters:
  ///   - name: The reference: `hash`, `scan`, `stdlib`, ….
  ///   - mode: The sampling mode of both.
  /// - Returns: The ratio, or `nil` when either is missing.
  func ratio(to name: String, _ mode: Sampling) -> Double? {
    guard let timing = timings[mode], let reference = references.timing(name, mode) else {
      return nil
    }
    return timing.nanoseconds / reference.nanoseconds
  }

  /// This ÷ the hash floor, in one mode.
  func hashRatio(_ mode: Sampling) -> Double? { ratio(to: "hash", mode) }
  /// This ÷ the scan floor, in one mode.
  func scanRatio(_ mode: Sampling) -> Double? { ratio(to: "scan", mode) }
  /// The standard library's time ÷ this, in one mode.
  func stdlibSpeedUp(_ mode: Sampling) -> Double? { ratio(to: "stdlib", mode).map { 1 / $0 } }

  /// Whether at most 1% of the keys change: (removals + additions + moves) ÷ N ≤ 1%, N the
  /// longer of the lists before and after the edit, so that a block of 100 keys deleted from
  /// 10,000 counts as 1%, as one inserted does.
  var changesAtMostOnePercent: Bool {
    let keys = max(count, oldCount ?? count)
    guard let minimum, keys > 0 else { return false }
    return minimum * 100 <= keys
  }
}

/// The references measured on the same keys in the same run, in each sampling mode.
///
/// By name: `hash` (dictionary of every old key, lookup of every new key, `Int` keys),
/// `growingHash` (the same with a dictionary that grows as it fills, PERFORMANCE.md's way), `scan`
/// (element-wise `==`, unchanged input only), `stdlib` (`difference(from:).inferringMoves()`),
/// `reference` (a minimal keyed difference written in the harness), `identityHash` and
/// `identityScan` (the floors on Compose's own `ChildIdentity` values, as a diagnostic).
struct References {
  var workload = ""
  var count = 0
  /// The medians, by mode and reference name.
  var timings: [Sampling: [String: Timing]] = [:]

  /// One reference in one mode.
  ///
  /// - Parameters:
  ///   - name: The reference's name.
  ///   - mode: The sampling mode.
  /// - Returns: Its median, if measured.
  func timing(_ name: String, _ mode: Sampling) -> Timing? { timings[mode]?[name] }
}

/// What a mounted state retains, per child, with Compose's part separated.
struct MemoryRow {
  /// What is measured: `mounted tree`, `live container, mounted`, ….
  var what: String
  var count: Int
  /// The change of the live heap (usable bytes) that building and keeping the state makes.
  var bytes: Int
  /// The change in the number of live heap blocks.
  var blocks: Int
  /// What is subtracted (the bare controllers, made and contained by hand), if anything.
  var baselineBytes: Int?
  /// The blocks of the baseline.
  var baselineBlocks: Int?

  /// Bytes per child from the previous row's N to this one, baselines subtracted: what every
  /// further child adds, with what is made once per container left out.
  var marginalBytesPerChild: Double?

  /// Bytes per child once the baseline is subtracted.
  var bytesPerChild: Double { Double(bytes - (baselineBytes ?? 0)) / Double(count) }
  /// Blocks per child once the baseline is subtracted.
  var blocksPerChild: Double { Double(blocks - (baselineBlocks ?? 0)) / Double(count) }
}

/// Collects rows and renders them as markdown.
struct Report {
  var rows: [Row] = []
  var references: [References] = []
  /// The sampling modes of the run, in order; a cell shows one value per mode, `batched / cold`.
  var modes: [Sampling] = [.batched, .cold]
  /// The median cold sample of a job that does nothing (the clock's own cost, not subtracted).
  var clockFloor: Double?
  /// W8's phases, through a live `Composer`.
  var live: [LiveRow] = []
  /// W8: a no-op recompose with update reads observed ÷ the same without.
  var trackingCost: Double?
  /// What mounted children retain.
  var memory: [MemoryRow] = []
  /// Where the bytes of a mounted tree go, by type, for the largest measured tree.
  var memoryBreakdown: [CensusLine] = []
  /// The number of children of the tree the breakdown is taken from.
  var memoryBreakdownCount = 0
  /// Where the bytes of a live container's composer go, by type, beyond the mounted tree.
  var liveBreakdown: [CensusLine] = []
  /// The number of children of the container that breakdown is taken from.
  var liveBreakdownCount = 0

  /// The modes, as the header of a cell: `batched / cold`.
  var modesLabel: String { modes.map(\.rawValue).joined(separator: " / ") }

  /// One value per mode, `a / b`; `–` for a missing one.
  ///
  /// - Parameter value: The value in a mode, formatted.
  /// - Returns: The cell.
  func cell(_ value: (Sampling) -> String?) -> String {
    modes.map { value($0) ?? "–" }.joined(separator: " / ")
  }

  /// W8's table: each phase's median, per child, and its ratio to the body alone.
  var liveTable: String {
    var lines = [
      "| Phase | Median | Per child | × body alone | Allocs |",
      "|---|---:|---:|---:|---:|",
    ]
    for row in live {
      let ratio = row.body.map { formatRatio(row.timing.nanoseconds / $0.nanoseconds) } ?? "–"
      let cells = [
        row.phase, formatTime(row.timing.nanoseconds),
        formatTime(row.timing.nanoseconds / Double(LiveContainer.childCount)), ratio,
        row.allocations.map { String($0) } ?? "–",
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    if let trackingCost {
      lines.append("")
      lines.append(
        "Observing the update closures' reads costs \(formatRatio(trackingCost)) the same "
          + "recompose without it (\(format((trackingCost - 1) * 100, digits: 1))%).")
    }
    return lines.joined(separator: "\n")
  }

  subscript(id: String) -> Row? { rows.first { $0.id == id } }

  /// A cold median shorter than this many clock floors is marked: the clock's cost is a sizeable
  /// part of it.
  static let clockMarkFactor = 20.0

  /// A median, marked with `†` when it is cold and within ``clockMarkFactor`` clock floors.
  private func time(_ timing: Timing?, _ mode: Sampling) -> String? {
    guard let timing else { return nil }
    var text = formatTime(timing.nanoseconds)
    if mode == .cold, let clockFloor, timing.nanoseconds < Self.clockMarkFactor * clockFloor {
      text += "†"
    }
    return text
  }

  /// The main table.
  var table: String {
    var lines = [
      "| Workload | N | Phase | Median (\(modesLabel)) | Steps | Min | × hash floor | "
        + "× scan floor | stdlib ÷ this | Allocs |",
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows {
      func number(_ value: Int?) -> String { value.map { String($0) } ?? "–" }
      let cells: [String] = [
        row.workload, String(row.count), row.phase, cell { time(row.timings[$0], $0) },
        number(row.steps), number(row.minimum), cell { row.hashRatio($0).map(formatRatio) },
        cell { row.scanRatio($0).map(formatRatio) },
        cell { row.stdlibSpeedUp($0).map(formatRatio) }, number(row.allocations),
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The references, in absolute time, one table per mode.
  var referenceTable: String {
    var tables: [String] = []
    for mode in modes {
      var lines = [
        "\(mode == .batched ? "Batched" : "Cold"):",
        "",
        "| Workload | N | hash floor | hash, growing | scan floor | stdlib + inferringMoves | "
          + "LIS reference | identity hash | identity scan |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ]
      for reference in references {
        func cell(_ name: String) -> String {
          guard let timing = reference.timing(name, mode) else { return "–" }
          let samples =
            timing.samples < Harness.minimumColdSamples ? " (\(timing.samples) samples)" : ""
          return (time(timing, mode) ?? "–") + samples
        }
        let cells = [
          reference.workload, String(reference.count), cell("hash"), cell("growingHash"),
          cell("scan"), cell("stdlib"), cell("reference"), cell("identityHash"),
          cell("identityScan"),
        ]
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
      tables.append(lines.joined(separator: "\n"))
    }
    return tables.joined(separator: "\n\n")
  }

  /// The memory table: what a mounted state retains, per child.
  var memoryTable: String {
    guard !memory.isEmpty else { return "Not measured on this platform: –." }
    var lines = [
      "| State | N | Live heap | Blocks | Subtracted | Per child | Blocks per child | "
        + "Per further child |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in memory {
      let cells = [
        row.what, String(row.count), formatBytes(Double(row.bytes)), String(row.blocks),
        row.baselineBytes.map { formatBytes(Double($0)) } ?? "–",
        formatBytes(row.bytesPerChild), format(row.blocksPerChild, digits: 2),
        row.marginalBytesPerChild.map(formatBytes) ?? "–",
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// A census by type, per child.
  ///
  /// - Parameters:
  ///   - lines: The census.
  ///   - count: The number of children it covers.
  /// - Returns: The table.
  static func censusTable(_ lines: [CensusLine], count: Int) -> String {
    var table = [
      "| Type | Objects | Bytes (usable) | Per child | Objects per child |",
      "|---|---:|---:|---:|---:|",
    ]
    var total = 0
    for line in lines {
      total += line.bytes
      let cells = [
        "`\(line.type)`", String(line.objects), formatBytes(Double(line.bytes)),
        formatBytes(Double(line.bytes) / Double(count)),
        format(Double(line.objects) / Double(count), digits: 2),
      ]
      table.append("| " + cells.joined(separator: " | ") + " |")
    }
    table.append(
      "| total | | \(formatBytes(Double(total))) | "
        + "\(formatBytes(Double(total) / Double(count))) | |")
    return table.joined(separator: "\n")
  }

  /// The ratio of a row to the scan of Compose's own identities, as a parenthesis.
  private func identityNote(_ row: Row) -> String {
    guard let mode = modes.first, let ratio = row.ratio(to: "identityScan", mode) else {
      return ""
    }
    return " (\(formatRatio(ratio)) a scan of Compose's own `ChildIdentity` values, \(mode))"
  }

  /// A goal checked in every mode: each mode's verdict and worst value, then each case's values.
  ///
  /// - Parameters:
  ///   - title: What the goal says.
  ///   - rows: The rows it covers.
  ///   - limit: The largest value that meets it.
  ///   - label: A row's label in the details.
  ///   - value: A row's value in a mode (a ratio where lower is better).
  ///   - misses: Whether the goal is missed in some mode, updated.
  /// - Returns: The line, or `nil` when no row applies.
  private func goalLine(
    _ title: String, rows: [Row], limit: Double, label: (Row) -> String,
    value: (Row, Sampling) -> Double?, misses: inout [Sampling: Int]
  ) -> String? {
    guard !rows.isEmpty else { return nil }
    var verdicts: [String] = []
    for mode in modes {
      let values = rows.map { value($0, mode) }
      guard values.allSatisfy({ $0 != nil }) else {
        verdicts.append("\(mode) –")
        continue
      }
      let worst = values.compactMap { $0 }.max() ?? .infinity
      let met = worst <= limit
      if !met { misses[mode, default: 0] += 1 }
      verdicts.append("\(mode) \(met ? "met" : "MISSED") (worst \(formatRatio(worst)))")
    }
    var line = "- " + title + ": " + verdicts.joined(separator: ", ")
    // Two rows with one label (the reversals of 1,000 and 10,000 keys) are told apart by N.
    let labels = rows.map(label)
    for (row, text) in zip(rows, labels) {
      let shared = labels.count { $0 == text } > 1
      line +=
        "; \(text)\(shared ? " (\(row.count))" : "") " + cell { value(row, $0).map(formatRatio) }
    }
    return line
  }

  /// A keyed case's label: `10000 1% edits`, or the workload's own name.
  private static func keyedLabel(_ row: Row) -> String {
    guard row.id.hasPrefix("W2-") else { return row.workload }
    let edits = row.workload.split(separator: ", ").last.map(String.init) ?? ""
    return row.id.hasPrefix("W2-string-")
      ? "\(row.count) String keys \(edits)" : "\(row.count) \(edits)"
  }

  /// The goals of issue 15, each met or missed in each sampling mode (`batched / cold` values),
  /// then the earlier goals that still hold.
  var goals: String {
    var lines: [String] = []
    var misses: [Sampling: Int] = [:]

    let counted = rows.filter { $0.steps != nil && $0.minimum != nil }
    let wrong = counted.filter { $0.steps != $0.minimum }
    var stepsLine =
      "- Steps emitted = minimum on every workload (\(counted.count) measured phases): "
      + (wrong.isEmpty && !counted.isEmpty ? "met" : "MISSED")
    for row in wrong {
      stepsLine += "; \(row.id) \(row.phase) emits \(row.steps ?? 0), minimum \(row.minimum ?? 0)"
    }
    lines.append(stepsLine)
    lines.append("")
    lines.append("Issue 15, values \(modesLabel):")
    lines.append("")

    // The goals with a line in this run: goal 6 is met only when goals 1–5 all are measured.
    var measured = Set<Int>()
    // 1. Resolve + reconcile of a keyed list ≤ 3× the hash floor; allocations per child.
    let resolved = rows.filter { $0.id.hasPrefix("W2-") && $0.phase == "resolve + reconcile" }
    if let line = goalLine(
      "Goal 1, keyed list: resolve + reconcile ≤ 3× the hash floor", rows: resolved, limit: 3,
      label: Self.keyedLabel, value: { $0.hashRatio($1) }, misses: &misses)
    {
      lines.append(line)
      measured.insert(1)
    }
    let perChild = resolved.compactMap { row in
      row.allocations.map { (row, Double($0) / Double(max(row.count, 1))) }
    }
    if let worst = perChild.map(\.1).max() {
      var line =
        "- Goal 1, keyed list: resolve + reconcile ≤ 1 heap allocation per child: "
        + (worst <= 1 ? "met" : "MISSED") + " (worst \(format(worst, digits: 2)))"
      // Allocations do not depend on the sampling mode: a miss is one in each.
      if worst > 1 { for mode in modes { misses[mode, default: 0] += 1 } }
      for (row, value) in perChild {
        line += "; \(Self.keyedLabel(row)) \(format(value, digits: 2))"
      }
      lines.append(line)
    }
    let unchanged = rows.filter {
      $0.id.hasPrefix("W1-keyed-") && $0.phase == "resolve + reconcile"
    }
    if let largest = unchanged.max(by: { $0.count < $1.count }),
      let allocations = largest.allocations
    {
      // 0 per unchanged child: what is allocated does not grow with the number of children.
      let value = Double(allocations) / Double(largest.count)
      if value >= 0.01 { for mode in modes { misses[mode, default: 0] += 1 } }
      lines.append(
        "- Goal 1, unchanged keyed list of \(largest.count): resolve + reconcile, 0 allocations per "
          + "child: \(value < 0.01 ? "met" : "MISSED") (\(allocations) allocations, "
          + "\(format(value, digits: 2)) per child)")
    }

    // 2. Declare + resolve + reconcile faster than the standard library on W2 and W3.
    // The reversal of 10k keys has no standard-library time: its difference needs gigabytes.
    // Measured for both forms of the list: every element's content made, and a list declared
    // with `skipsUnchangedElements`, which makes only the new elements' content.
    for (phase, form) in [
      ("declare + resolve + reconcile", "every element's content made"),
      (Runner.skippingPhase, "a ForEach skipping unchanged elements"),
    ] {
      let declared = rows.filter { row in
        (row.id.hasPrefix("W2-") || row.id.hasPrefix("W3-")) && row.phase == phase
          && modes.allSatisfy { row.ratio(to: "stdlib", $0) != nil }
      }
      // A missed form counts once: the goal holds when the list that skips meets it.
      var formMisses: [Sampling: Int] = [:]
      if let line = goalLine(
        "Goal 2, \(form): declare + resolve + reconcile faster than the standard library's diff "
          + "(this ÷ stdlib < 1×)", rows: declared, limit: 0.999_999, label: Self.keyedLabel,
        value: { $0.ratio(to: "stdlib", $1) }, misses: &formMisses)
      {
        lines.append(line)
        measured.insert(2)
        if phase == Runner.skippingPhase {
          for (mode, count) in formMisses { misses[mode, default: 0] += count }
        }
      }
    }

    // 3. No edit-shape cliff.
    let keyedReconcile = rows.filter {
      ($0.id.hasPrefix("W2-") || $0.id.hasPrefix("W3-")) && $0.phase == "reconcile"
    }
    let reversals = keyedReconcile.filter { $0.id.contains("reverse") }
    let reversed = Set(reversals.map(\.id))
    let small = keyedReconcile.filter { $0.changesAtMostOnePercent && !reversed.contains($0.id) }
    if let line = goalLine(
      "Goal 3: ≤ 1% of the keys changed, any shape, reconcile ≤ 0.5× the hash floor", rows: small,
      limit: 0.5, label: Self.keyedLabel, value: { $0.hashRatio($1) }, misses: &misses)
    {
      lines.append(line)
      measured.insert(3)
    }
    if let line = goalLine(
      "Goal 3: full reversal, reconcile ≤ 1.5× the hash floor", rows: reversals, limit: 1.5,
      label: Self.keyedLabel, value: { $0.hashRatio($1) }, misses: &misses)
    {
      lines.append(line)
    }

    // 4. Many slots.
    let tree = rows.filter { $0.id == "W4-tree-leaf" && $0.phase == "reconcile" }
    if let line = goalLine(
      "Goal 4: 1,000 slots in nested compositions, one leaf changed, reconcile ≤ 1.5× the hash floor",
      rows: tree, limit: 1.5, label: { _ in "W4 tree" }, value: { $0.hashRatio($1) },
      misses: &misses)
    {
      lines.append(line)
      measured.insert(4)
    }
    let equatableTree = rows.filter {
      $0.id == "W4-tree-leaf" && $0.phase == Runner.equatablePhase
    }
    if let line = goalLine(
      "Goal 4: the same tree of equatable compositions, one leaf changed, declare + resolve + "
        + "reconcile ≤ 1.5× the hash floor",
      rows: equatableTree, limit: 1.5, label: { _ in "W4 equatable tree" },
      value: { $0.hashRatio($1) }, misses: &misses)
    {
      lines.append(line)
    }
    for phase in ["resolve + reconcile", "declare + resolve + reconcile"] {
      if let row = rows.first(where: { $0.id == "W4-tree-leaf" && $0.phase == phase }) {
        lines.append(
          "- (for comparison) W4 tree of plain compositions, one leaf changed, \(phase): "
            + cell { row.hashRatio($0).map(formatRatio) } + " the hash floor")
      }
    }

    // 5. No-op recompose of the 100-slot body.
    if let body = rows.first(where: { $0.id == "W7-100" && $0.phase == "body" }),
      let recompose = rows.first(where: { $0.id == "W7-100" && $0.phase.hasPrefix("no-op") }),
      let line = goalLine(
        "Goal 5: no-op recompose of the 100-slot body ≤ 1.3× the body alone", rows: [recompose],
        limit: 1.3, label: { _ in "W7" },
        value: { row, mode in
          guard let time = row.timings[mode], let reference = body.timings[mode] else { return nil }
          return time.nanoseconds / reference.nanoseconds
        }, misses: &misses)
    {
      lines.append(line + ", \(recompose.steps ?? -1) steps")
      measured.insert(5)
    }

    // 6. Both modes.
    let unmeasured = (1...5).filter { !measured.contains($0) }
    if !unmeasured.isEmpty {
      lines.append(
        "- Goal 6, goals 1–5 in both sampling modes: – (this run did not measure goal "
          + unmeasured.map(String.init).joined(separator: ", ") + ")")
    } else if modes.count > 1 {
      let missed = modes.filter { misses[$0, default: 0] > 0 }
      lines.append(
        "- Goal 6: goals 1–5 met in both sampling modes: "
          + (missed.isEmpty
            ? "met"
            : "MISSED ("
              + missed.map { "\(misses[$0] ?? 0) missed \($0)" }.joined(separator: ", ")
              + ")"))
    } else {
      lines.append("- Goal 6, both sampling modes: – (this run measured \(modesLabel) only)")
    }

    // 7. Memory.
    let trees = memory.filter { $0.what == MemoryRow.mountedTree }
    if let worst = trees.map(\.bytesPerChild).max() {
      var line =
        "- Goal 7, memory: mounted tree ≤ 200 bytes per child (closures capture nothing): "
        + (worst <= 200 ? "met" : "MISSED") + " (worst \(formatBytes(worst)))"
      for row in trees {
        line += "; \(row.count) children \(formatBytes(row.bytesPerChild))"
      }
      for row in memory
      where row.what.hasPrefix(MemoryRow.mountedTree) && row.what != MemoryRow.mountedTree {
        line += "; kept-alive hidden, \(row.count) children \(formatBytes(row.bytesPerChild))"
      }
      if let live = memory.last(where: { $0.what == MemoryRow.liveMounted }) {
        line +=
          "; (for comparison) a live container's own bookkeeping, tree included, "
          + "\(formatBytes(live.bytesPerChild)) per child at \(live.count)"
      }
      lines.append(line)
    } else {
      lines.append(
        "- Goal 7, memory: – ("
          + (LiveHeap.isAvailable
            ? "this run did not measure the memory table" : "live bytes are counted on glibc only")
          + ")")
    }

    lines.append("")
    lines.append("Earlier goals, values \(modesLabel):")
    lines.append("")
    if let row = self["W1-slots-100"], row.phase == "reconcile" {
      lines.append(
        "- Unchanged 100-slot declaration: reconcile ≤ 2× the scan floor: "
          + cell { row.scanRatio($0).map(formatRatio) } + ", \(row.steps ?? -1) steps (goal 0)"
          + identityNote(row))
    }
    let keyed = rows.filter { $0.id.hasPrefix("W2-") && $0.phase == "reconcile" }
    if let line = goalLine(
      "Keyed edits, reconcile ≤ 1.5× the hash floor at every size", rows: keyed, limit: 1.5,
      label: Self.keyedLabel, value: { $0.hashRatio($1) }, misses: &misses)
    {
      lines.append(line)
    }
    if let row = rows.first(where: { $0.id == "W2-10000-10" && $0.phase == "reconcile" }) {
      lines.append(
        "- 10k children, 10% edits: reconcile ≥ 20× faster than the standard library: "
          + cell { row.stdlibSpeedUp($0).map(formatRatio) })
    }
    let references = keyed.compactMap { row in row.ratio(to: "reference", modes[0]) }
    let calibration = keyed.compactMap { row -> Double? in
      guard let reference = row.references.timing("reference", modes[0]),
        let hash = row.references.timing("hash", modes[0])
      else { return nil }
      return reference.nanoseconds / hash.nanoseconds
    }
    if !references.isEmpty, let best = calibration.min(), let worst = calibration.max() {
      lines.append(
        "- (for calibration) the harness's own minimal Int-key reconciler lands at "
          + "\(formatRatio(best))–\(formatRatio(worst)) the hash floor on the same inputs "
          + "(\(modes[0]))")
    }
    lines.append("- Type-checking (W6): see the W6 section, written by `typecheck.sh`.")
    return lines.joined(separator: "\n")
  }
}

/// Formats a number of bytes: `184 B`, `18.4 KiB`, `1.84 MiB`.
///
/// - Parameter bytes: The bytes.
/// - Returns: The text.
func formatBytes(_ bytes: Double) -> String {
  switch abs(bytes) {
  case ..<1_024: return "\(format(bytes, digits: 0)) B"
  case ..<(1_024 * 1_024): return "\(format(bytes / 1_024, digits: 1)) KiB"
  default: return "\(format(bytes / 1_048_576, digits: 2)) MiB"
  }
}
