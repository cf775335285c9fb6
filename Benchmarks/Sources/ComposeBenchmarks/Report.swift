/// One measured phase of one workload.
struct Row {
  /// A short stable name: `W2-10000-10`.
  var id: String
  var workload: String
  var count: Int
  var phase: String
  var timing: Timing
  /// Steps Compose emitted: additions + removals + moves + swaps.
  var steps: Int?
  var minimum: Int?
  var references: References
  var allocations: Int?

  var hashRatio: Double? { references.hash.map { timing.nanoseconds / $0.nanoseconds } }
  var scanRatio: Double? { references.scan.map { timing.nanoseconds / $0.nanoseconds } }
  var stdlibSpeedUp: Double? { references.stdlib.map { $0.nanoseconds / timing.nanoseconds } }
}

/// The references measured on the same keys in the same run.
struct References {
  var workload = ""
  var count = 0
  /// Dictionary of every old key, lookup of every new key (`Int` keys).
  var hash: Timing?
  /// The hash floor with a dictionary that grows as it fills (PERFORMANCE.md's way).
  var growingHash: Timing?
  /// Element-wise `==` over two arrays of keys (`Int` keys); unchanged input only.
  var scan: Timing?
  /// `difference(from:).inferringMoves()` on the `Int` keys.
  var stdlib: Timing?
  /// A minimal keyed difference on the `Int` keys, written in the harness (not Compose).
  var reference: Timing?
  /// The hash floor on Compose's own identities (`ChildIdentity`), as a diagnostic.
  var identityHash: Timing?
  /// The scan floor on Compose's own identities, as a diagnostic.
  var identityScan: Timing?
}

/// Collects rows and renders them as markdown.
struct Report {
  var rows: [Row] = []
  var references: [References] = []
  /// W8's phases, through a live `Composer`.
  var live: [LiveRow] = []
  /// W8: a no-op recompose with update reads observed ÷ the same without.
  var trackingCost: Double?

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

  /// The main table.
  var table: String {
    var lines = [
      "| Workload | N | Phase | Median | Steps | Min | × hash floor | × scan floor | stdlib ÷ this | Allocs |",
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows {
      func number(_ value: Int?) -> String { value.map { String($0) } ?? "–" }
      func ratio(_ value: Double?) -> String { value.map { formatRatio($0) } ?? "–" }
      let cells: [String] = [
        row.workload, String(row.count), row.phase, formatTime(row.timing.nanoseconds),
        number(row.steps), number(row.minimum), ratio(row.hashRatio), ratio(row.scanRatio),
        ratio(row.stdlibSpeedUp), number(row.allocations),
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The references, in absolute time.
  var referenceTable: String {
    var lines = [
      "| Workload | N | hash floor | hash, growing | scan floor | stdlib + inferringMoves | "
        + "LIS reference | identity hash | identity scan |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for reference in references {
      func cell(_ timing: Timing?) -> String {
        guard let timing else { return "–" }
        let samples = timing.samples < 11 ? " (\(timing.samples) samples)" : ""
        return formatTime(timing.nanoseconds) + samples
      }
      let cells = [
        reference.workload, String(reference.count), cell(reference.hash),
        cell(reference.growingHash), cell(reference.scan),
        cell(reference.stdlib), cell(reference.reference), cell(reference.identityHash),
        cell(reference.identityScan),
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The ratio of a row to the scan of Compose's own identities, as a parenthesis.
  private func identityNote(_ row: Row) -> String {
    guard let scan = row.references.identityScan else { return "" }
    return " (\(formatRatio(row.timing.nanoseconds / scan.nanoseconds)) a scan of Compose's own "
      + "`ChildIdentity` values)"
  }

  /// The goals of the issue, each met or missed, with the numbers behind the verdict.
  var goals: String {
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }

    let counted = rows.filter { $0.steps != nil && $0.minimum != nil }
    let wrong = counted.filter { $0.steps != $0.minimum }
    var stepsLine =
      "- Steps emitted = minimum on every workload (\(counted.count) measured phases): "
      + verdict(wrong.isEmpty && !counted.isEmpty)
    for row in wrong {
      stepsLine += "; \(row.id) \(row.phase) emits \(row.steps ?? 0), minimum \(row.minimum ?? 0)"
    }
    lines.append(stepsLine)

    if let row = self["W1-slots-100"], row.phase == "reconcile", let ratio = row.scanRatio {
      lines.append(
        "- Unchanged 100-slot declaration: reconcile = \(formatRatio(ratio)) the scan floor "
          + "(goal ≤ 2×), \(row.steps ?? -1) steps (goal 0): "
          + verdict(ratio <= 2 && row.steps == 0)
          + identityNote(row))
    }
    if let row = self["W1-keyed-100"], let ratio = row.scanRatio {
      lines.append(
        "- (for comparison) unchanged keyed slot of 100 children: reconcile = "
          + "\(formatRatio(ratio)) the scan floor, \(row.steps ?? -1) steps" + identityNote(row))
    }
    if let body = rows.first(where: { $0.id == "W7-100" && $0.phase == "body" }),
      let recompose = rows.first(where: { $0.id == "W7-100" && $0.phase.hasPrefix("no-op") })
    {
      let ratio = recompose.timing.nanoseconds / body.timing.nanoseconds
      lines.append(
        "- No-op recompose of the 100-slot body (body + resolve + reconcile) = "
          + "\(formatRatio(ratio)) the body alone (goal ≤ 2×), \(recompose.steps ?? -1) steps: "
          + verdict(ratio <= 2 && recompose.steps == 0))
    }
    let keyed = rows.filter { $0.id.hasPrefix("W2-") && $0.phase == "reconcile" }
    if !keyed.isEmpty {
      let worst = keyed.compactMap(\.hashRatio).max() ?? .infinity
      var line =
        "- Keyed edits, reconcile ≤ 1.5× the hash floor at every size: "
        + verdict(worst <= 1.5) + " (worst \(formatRatio(worst)))"
      for row in keyed {
        let edits = row.workload.split(separator: ", ").last.map(String.init) ?? ""
        line += "; \(row.count) \(edits): "
        line += row.hashRatio.map(formatRatio) ?? "–"
      }
      lines.append(line)
      let growing = keyed.compactMap { row in
        row.references.growingHash.map { row.timing.nanoseconds / $0.nanoseconds }
      }
      if let worstGrowing = growing.max() {
        lines.append(
          "- (for comparison) against the growing-dictionary floor of PERFORMANCE.md: worst "
            + formatRatio(worstGrowing))
      }
      let references = keyed.compactMap { row in
        row.references.reference.map { ($0.nanoseconds / (row.references.hash?.nanoseconds ?? 0)) }
      }
      if let best = references.min(), let worst = references.max() {
        lines.append(
          "- (for calibration) the harness's own minimal Int-key reconciler lands at "
            + "\(formatRatio(best))–\(formatRatio(worst)) the hash floor on the same inputs")
      }
      let resolved = rows.filter { $0.id.hasPrefix("W2-") && $0.phase == "resolve + reconcile" }
      if let worstResolved = resolved.compactMap(\.hashRatio).max() {
        lines.append(
          "- (for comparison) keyed edits, resolve + reconcile: worst "
            + "\(formatRatio(worstResolved)) the hash floor")
      }
    }
    if let row = rows.first(where: { $0.id == "W2-10000-10" && $0.phase == "reconcile" }),
      let speedUp = row.stdlibSpeedUp
    {
      lines.append(
        "- 10k children, 10% edits: reconcile is \(formatRatio(speedUp)) faster than the "
          + "standard library (goal ≥ 20×): " + verdict(speedUp >= 20))
    }
    // No edit-shape cliff: the W3 shapes and the W2 scattered edits of 1% (from 1000 keys).
    let shapes = rows.filter { row in
      row.phase == "reconcile"
        && ((row.id.hasPrefix("W3-") && !row.id.hasPrefix("W3-reverse"))
          || (row.id.hasPrefix("W2-") && row.id.hasSuffix("-1") && row.count >= 1_000))
    }
    let reversals = rows.filter { $0.phase == "reconcile" && $0.id.hasPrefix("W3-reverse") }
    if let worstShape = shapes.max(by: { ($0.hashRatio ?? 0) < ($1.hashRatio ?? 0) }),
      let shapeRatio = worstShape.hashRatio,
      let worstReversal = reversals.max(by: { ($0.hashRatio ?? 0) < ($1.hashRatio ?? 0) }),
      let reversalRatio = worstReversal.hashRatio
    {
      lines.append(
        "- No edit-shape cliff: reconcile ≤ 0.5× the hash floor for every shape of ≤ 1% edits "
          + "(\(shapes.count) shapes; worst \(worstShape.id), \(formatRatio(shapeRatio))) and "
          + "≤ 1.5× for a full reversal (worst \(worstReversal.id), "
          + "\(formatRatio(reversalRatio))): " + verdict(shapeRatio <= 0.5 && reversalRatio <= 1.5))
    }
    lines.append(
      "- Type-checking (W6): see the W6 section, written by `typecheck.sh`.")
    return lines.joined(separator: "\n")
  }
}
