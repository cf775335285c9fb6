/// The goals for what a recompose costs a user: the whole path (declare, resolve, reconcile), not
/// the reconcile step alone.
extension Report {
  /// Each goal met or missed, with the numbers behind the verdict.
  var pathGoals: String {
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
    func isKeyed(_ row: Row) -> Bool { row.id.hasPrefix("W2-") }

    let resolved = rows.filter { isKeyed($0) && $0.phase == "resolve + reconcile" }
    if let worst = resolved.compactMap(\.hashRatio).max() {
      var line =
        "- Resolve + reconcile of a keyed list ≤ 3× the hash floor (100 to 100k children, 1% and "
        + "10% edits, Int and String keys): " + verdict(worst <= 3)
        + " (worst \(formatRatio(worst)))"
      for row in resolved {
        line += "; \(row.id.dropFirst(3)): " + (row.hashRatio.map(formatRatio) ?? "–")
      }
      lines.append(line)
    }
    let perChild = resolved.compactMap { row in
      row.allocations.map { Double($0) / Double(max(row.count, 1)) }
    }
    if let worst = perChild.max() {
      lines.append(
        "- Heap allocations of resolve + reconcile per child of an edited list ≤ 1: "
          + verdict(worst <= 1) + " (worst \(format(worst, digits: 3)) per child)")
    }
    let unchanged = rows.filter {
      $0.id.hasPrefix("W1-keyed-") && $0.phase == "resolve + reconcile"
    }
    if !unchanged.isEmpty {
      let counts = unchanged.compactMap { row in row.allocations.map { (row.count, $0) } }
      let constant = counts.count >= 2 && Set(counts.map(\.1)).count == 1
      lines.append(
        "- Heap allocations per unchanged child = 0: " + verdict(constant)
          + " (an unchanged keyed list allocates "
          + counts.map { "\($0.1) at \($0.0) children" }.joined(separator: ", ")
          + ": the same few per list, none per child)")
    }
    let declared = rows.filter {
      ($0.id.hasPrefix("W2-") || $0.id.hasPrefix("W3-"))
        && $0.phase == "declare + resolve + reconcile"
    }
    if let slowest = declared.compactMap(\.stdlibSpeedUp).min() {
      var line =
        "- Declare + resolve + reconcile faster than the standard library's diff of the same "
        + "keys on every W2 and W3 workload: " + verdict(slowest > 1)
        + " (least \(formatRatio(slowest)) faster)"
      for row in declared {
        line += "; \(row.id.dropFirst(3)): " + (row.stdlibSpeedUp.map(formatRatio) ?? "–")
      }
      lines.append(line)
    }
    if let row = rows.first(where: { $0.id == "W4-tree-leaf" && $0.phase == "reconcile" }),
      let ratio = row.hashRatio
    {
      lines.append(
        "- 1,000 slots in nested compositions, one leaf changed: reconcile = "
          + "\(formatRatio(ratio)) the hash floor (goal ≤ 1.5×): " + verdict(ratio <= 1.5))
    }
    if let body = rows.first(where: { $0.id == "W7-100" && $0.phase == "body" }),
      let recompose = rows.first(where: { $0.id == "W7-100" && $0.phase.hasPrefix("no-op") })
    {
      let ratio = recompose.timing.nanoseconds / body.timing.nanoseconds
      lines.append(
        "- No-op recompose of the 100-slot body = \(formatRatio(ratio)) the body alone "
          + "(goal ≤ 1.3×): " + verdict(ratio <= 1.3))
    }
    return lines.joined(separator: "\n")
  }
}
