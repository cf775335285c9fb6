#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// An adversarial randomized generator for the composer. Where the randomized composition suite
// drives one well-behaved container and checks it at settles, this one does what production code
// and careless users do, and checks the container after every step, in the middle of transitions:
//
// - containers of both kinds (a `Composer` on a plain controller, `ComposedViewController`), with
//   automatic and manual appearance forwarding, at the window's root or nested in a composed
//   container that removes, replaces and releases them (sometimes mid-swap), closures that capture
//   the container strongly, and composers held by other code after their container is gone;
// - slots whose layout changes while their children stay (every pair of fill, fill with insets,
//   frame, vertical and horizontal stack, custom), every transition (cross-dissolve, slide, flip,
//   custom), `.cutShort`, child-level `.id` and `.transition`, primary slots, the environment,
//   `@Observable` state read by the body, and lists of more than 21 children;
// - re-entrancy: `setNeedsCompose()`/`composeIfNeeded()` from update closures, factories and
//   `viewWillAppear`;
// - misuse: shared, foreign-owned and ancestor controllers from factories, the same cached
//   instance in both branches of an animated slot, duplicate keys, ids and slot names, an anchor
//   taken out of the view tree, an update closure that always invalidates;
// - changes behind the composer's back: a child's view removed, `removeFromParent()` called.
//
// After every step (mid-transition included): no UIKit exception recorded by the model, no model
// diagnostic, the controller tree and the view tree agree, appearance callbacks are balanced, and
// a Compose diagnostic appears only while misuse is declared, with the id that misuse calls for.
// After every settle: the container shows exactly what is declared (order, layout, frames, update
// generation, environment), primary children are right, misuse got its diagnostic and harmed
// nothing, changes behind the composer's back were reported and repaired, and every controller
// (and container) that is gone is deallocated.
//
// A failure prints its seed and step. To replay one case:
//
//   COMPOSE_ADVERSARIAL_SEED=0x1234abcd [COMPOSE_ADVERSARIAL_STEPS=400] \
//     swift test --disable-default-traits --filter AdversarialComposition
//
// A long run, in cases of 500 steps each (the same variable drives the randomized composition
// soak):
//
//   COMPOSE_SOAK_STEPS=1000000 swift test --disable-default-traits --filter AdversarialComposition
//
// COMPOSE_DEBUG_EVENTS=1 prints, for the first controller the model reports, every model event
// and harness action of the case that concern it.
//
// COMPOSE_ADVERSARIAL_DISABLE=feature,feature turns features off (names: see `AdversaryFeature`),
// to look past a failure that is already known.

@MainActor
@Suite("Adversarial composition", .isolatedModel(diagnostics: .allowed))
struct AdversarialComposition {
  @Test("Adversarial sequences keep the container consistent at every step")
  func adversarialSequences() async {
    AdversarySoak.installCrashBreadcrumb()
    if let seed = AdversarySoak.replaySeed {
      _ = await AdversarySoak.run(seed: seed, steps: AdversarySoak.replaySteps ?? 400)
      return
    }
    var seeds = SplitMix64(seed: 0xAD5E_25A1_0000_0001)
    AdversaryCoverage.reset()
    for _ in 0..<AdversarySoak.ciCases {
      _ = await AdversarySoak.run(seed: seeds.next(), steps: AdversarySoak.ciSteps)
    }
    let missing = AdversaryCoverage.missing
    #expect(missing.isEmpty, "features the default run never exercised: \(missing.sorted())")
  }

  @Test(
    "Soak: the adversarial checks over COMPOSE_SOAK_STEPS steps",
    .enabled(if: AdversarySoak.soakSteps != nil, "set COMPOSE_SOAK_STEPS to run it"))
  func soak() async {
    AdversarySoak.installCrashBreadcrumb()
    let total = AdversarySoak.soakSteps ?? 0
    let firstSeed = AdversarySoak.soakSeed ?? 0x50A_AD5E_0000_0002
    var seeds = SplitMix64(seed: firstSeed)
    var remaining = total
    var cases = 0
    var failing: [String] = []
    let start = Date()
    AdversaryCoverage.reset()
    // A failing case stops early; the next cases make up its steps, so that `total` steps run.
    while remaining > 0 {
      let steps = min(remaining, 500)
      let seed = seeds.next()
      let outcome = await AdversarySoak.run(seed: seed, steps: steps, quiet: failing.count >= 20)
      if let failure = outcome.failure {
        failing.append(
          "\(adversaryHex(seed)) at step \(failure.step): \(failure.first.prefix(300))")
      }
      remaining -= max(outcome.steps, 1)
      cases += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print(
      "adversarial composition soak: \(total) steps in \(cases) cases, "
        + "\(String(format: "%.1f", seconds)) s, first seed \(adversaryHex(firstSeed)) "
        + "(case seeds from SplitMix64), \(failing.count) failing cases"
        + (failing.isEmpty ? "" : ":\n  " + failing.joined(separator: "\n  "))
        + "\nfeatures never exercised: \(AdversaryCoverage.missing.sorted())")
  }

  @Test("The adversarial checks report what they must", arguments: AdversaryTampering.allCases)
  func checksReportTampering(_ tampering: AdversaryTampering) async throws {
    try await ModelRuntime.withIsolatedRuntime { try await checkTampering(tampering) }
  }

  private func checkTampering(_ tampering: AdversaryTampering) async throws {
    AdversarySoak.prepareRuntime()
    let harness = AdversaryHarness(
      seed: 0x7A3B_AD5E_D000_0003, options: .init(nested: true, composed: false, manual: false))
    var baseline = await harness.settle()
    for _ in 0..<12 {
      baseline += await harness.step(adversarial: false)
      if harness.wantsSettle { baseline += await harness.settle() }
    }
    baseline += await harness.settle()
    #expect(baseline == [])
    let host = try #require(harness.host)
    let shown = try #require(
      host.children.first { ($0.viewIfLoaded?.window) != nil && adversaryKey(of: $0) != nil })
    var mid: [String] = []
    let declared = try #require(host.scenario.screen.slots.firstIndex { $0.isDeclared })
    switch tampering {
    case .exceptionRecorded:
      host.addChild(host)
    case .orphanView:
      let stray = AdversaryChild()
      ModelProbe.setName(stray, "main/row99.0")
      harness.registry.register(stray, host: -1)
      host.view.addSubview(stray.view)
      mid = harness.checkMidStep()
    case .unbalancedAppearance:
      shown.beginAppearanceTransition(true, animated: false)
      mid = harness.checkMidStep()
    case .appearanceLeftDisappearing:
      shown.beginAppearanceTransition(false, animated: false)
    case .unexpectedDiagnostic:
      host.scenario.screen.slots[declared].duplicatesRows = true
      host.composer.setNeedsCompose()
      ModelRuntime.advance(by: 0)
      mid = harness.checkMidStep()
    case .declarationNotShown:
      host.scenario.screen.slots[declared].generation += 1
      host.scenario.screen.slots[declared].skipsUpdates = true
      host.composer.setNeedsCompose()
    case .containerLeaked:
      harness.leakedOnPurpose = host
      harness.dropContainer()
    case .misuseNotReported:
      harness.expectMisuse(.duplicateSlotNames)
    }
    let failures = mid + (await harness.settle())
    #expect(
      failures.contains { $0.contains(tampering.reported) },
      "expected a failure containing '\(tampering.reported)', got:\n\(failures.joined(separator: "\n"))"
    )
  }
}

/// Ways to break what the adversarial checks guard, and what they report.
enum AdversaryTampering: CaseIterable, Sendable {
  case exceptionRecorded
  case orphanView
  case unbalancedAppearance
  case appearanceLeftDisappearing
  case unexpectedDiagnostic
  case declarationNotShown
  case containerLeaked
  case misuseNotReported

  var reported: String {
    switch self {
    case .exceptionRecorded: "UIKit exception"
    case .orphanView: "is not a child but its view is in the container"
    case .unbalancedAppearance: "model diagnostics: [\"Unbalanced calls to begin/end appearance"
    case .appearanceLeftDisappearing: "is disappearing, expected appeared"
    case .unexpectedDiagnostic: "diagnostic duplicateKey with no misuse declared"
    case .declarationNotShown: "has generation"
    case .containerLeaked: "was dropped but is still alive"
    case .misuseNotReported: "misuse duplicateSlotNames was declared but no diagnostic"
    }
  }
}

// MARK: - Expectations the lead may adjust

/// The diagnostics each misuse must produce.
///
/// One place, so that a new rule id is a one-line change: a misuse passes when the composer reports at least one diagnostic whose id is in its
/// set, and no diagnostic outside the sets of the misuses declared.
private enum AdversaryExpectations {
  static func ids(for misuse: AdversaryMisuse) -> Set<String> {
    switch misuse {
    case .sharedInstance: ["sameInstanceDeclaredTwice"]
    case .foreignOwner: ["controllerOwnedElsewhere"]
    case .containerItself, .ancestor: ["containerAsChild"]
    case .cachedInBothBranches: ["sameInstanceDeclaredTwice"]
    case .duplicateKeys: ["duplicateKey"]
    case .duplicateIDs: ["duplicateChildIdentity"]
    case .duplicateSlotNames: ["duplicateSlotName"]
    case .removedAnchor: ["anchorOutsideContainer"]
    case .runawayUpdate: ["compositionLoop"]
    }
  }

  /// The diagnostics a change made behind the composer's back must produce at the next
  /// reconciliation (the policy of issue 9: detect, report, repair).
  static let behindTheBack: Set<String> = ["changedBehindComposer"]

  /// The policy for changes behind the composer's back, checked at the first settle after a
  /// reconciliation that followed them: the container again matches the declaration (the usual
  /// settle checks, which include the tampered children again) and a diagnostic was reported.
  ///
  /// A child that the declaration no longer shows is let go without a report: Compose notices a
  /// change behind its back when it next needs the child, and it no longer needs one that left
  /// (or that a running swap was taking out).
  static func checkBehindTheBack(
    _ tampered: [(AdversaryTamper, String)], diagnostics: [Diagnostic], declared: Set<String>
  ) -> [String] {
    let needed = tampered.filter { declared.contains($0.1) }
    guard !needed.isEmpty else { return [] }
    if diagnostics.contains(where: { behindTheBack.contains($0.id.rawValue) }) { return [] }
    return needed.map { tamper, key in
      "\(tamper) on \(key) behind the composer's back was not reported (diagnostics: "
        + "\(diagnostics.map(\.id.rawValue)))"
    }
  }
}

// MARK: - Features, coverage and the model-only members

/// What the generator can do; each can be turned off with COMPOSE_ADVERSARIAL_DISABLE.
enum AdversaryFeature: String, CaseIterable, Sendable {
  case nested, composedViewController, manualForwarding, strongCaptures
  case containerDropped, containerReplaced, composerOutlivesContainer
  case layoutChange, cutShort, flip, custom, slide, childID, childTransition, primary
  case environment, observation, longList, reentry, misuse, behindTheBack
  case memoryWarning, windowToggle

  nonisolated static let disabled: Set<String> = Set(
    (ProcessInfo.processInfo.environment["COMPOSE_ADVERSARIAL_DISABLE"] ?? "")
      .split(separator: ",").map(String.init))

  nonisolated var isEnabled: Bool { !Self.disabled.contains(rawValue) }
}

/// Which situations the runs so far exercised; the default run must exercise all of them.
@MainActor
private enum AdversaryCoverage {
  static var hits: Set<String> = []

  static func reset() { hits = [] }

  static func hit(_ name: String) { hits.insert(name) }

  static var expected: Set<String> {
    var names: Set<String> = []
    for feature in AdversaryFeature.allCases where feature.isEnabled {
      switch feature {
      case .misuse:
        for misuse in AdversaryMisuse.allCases { names.insert("misuse \(misuse)") }
      case .behindTheBack:
        for tamper in AdversaryTamper.allCases { names.insert("tamper \(tamper)") }
      case .reentry:
        for reentry in AdversaryReentry.allCases { names.insert("reentry \(reentry)") }
      case .layoutChange:
        for from in AdversaryLayout.allCases {
          for to in AdversaryLayout.allCases where to != from {
            names.insert("layout \(from) -> \(to)")
          }
        }
      default:
        names.insert(feature.rawValue)
      }
    }
    return names
  }

  static var missing: Set<String> { expected.subtracting(hits) }
}

/// The model-only members this file uses, in one place (they may move to a namespace).
@MainActor
private enum ModelProbe {
  static func name(_ object: UIResponder) -> String { object.uikitModel.name }
  static func setName(_ object: UIResponder, _ name: String) { object.uikitModel.name = name }
  static func appearance(_ controller: UIViewController) -> ModelAppearanceState {
    controller.uikitModel.appearanceState
  }
}

// MARK: - Running cases

/// What a failing case reports to the soak summary.
private struct AdversaryFailure {
  let step: Int
  let first: String
}

/// How far a case ran.
private struct AdversaryOutcome {
  let steps: Int
  let failure: AdversaryFailure?
}

/// The current case, for the crash handler: a trap cannot be recorded, only announced.
nonisolated(unsafe) private var adversaryCurrentSeed: UInt64 = 0
nonisolated(unsafe) private var adversaryCurrentStep = -1

@MainActor
private enum AdversarySoak {
  static let ciCases = 6
  static let ciSteps = 300

  nonisolated static var replaySeed: UInt64? { number("COMPOSE_ADVERSARIAL_SEED") }
  nonisolated static var replaySteps: Int? {
    number("COMPOSE_ADVERSARIAL_STEPS").map { Int($0) }
  }
  nonisolated static var soakSteps: Int? { number("COMPOSE_SOAK_STEPS").map { Int($0) } }
  /// Starts the soak's sequence of case seeds elsewhere, so that soaks can run side by side.
  nonisolated static var soakSeed: UInt64? { number("COMPOSE_SOAK_SEED") }

  private nonisolated static func number(_ variable: String) -> UInt64? {
    guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  static func prepareRuntime() {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
  }

  private static var installed = false

  /// Prints the seed and step of the case that was running when the process traps (a crash in an
  /// app: an `unowned` reference to a released container, a failed precondition).
  static func installCrashBreadcrumb() {
    guard !installed else { return }
    installed = true
    for signalNumber in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
      signal(signalNumber, adversaryCrashHandler)
    }
  }

  /// Runs one case; returns its first failure, or `nil` when every check passed.
  static func run(seed: UInt64, steps: Int, quiet: Bool = false) async -> AdversaryOutcome {
    // A runtime of its own: other tests run while this one waits for observation hops.
    await ModelRuntime.withIsolatedRuntime {
      await runInCurrentRuntime(seed: seed, steps: steps, quiet: quiet)
    }
  }

  private static func runInCurrentRuntime(seed: UInt64, steps: Int, quiet: Bool) async
    -> AdversaryOutcome
  {
    prepareRuntime()
    adversaryCurrentSeed = seed
    adversaryCurrentStep = 0
    let harness = AdversaryHarness(seed: seed)
    var failures = await harness.settle()
    var step = 0
    while failures.isEmpty, step < steps {
      step += 1
      adversaryCurrentStep = step
      failures = await harness.step()
      if failures.isEmpty, harness.wantsSettle || step == steps {
        failures = await harness.settle()
      }
    }
    adversaryCurrentStep = -1
    defer { harness.tearDown() }
    guard let first = failures.first else { return AdversaryOutcome(steps: step, failure: nil) }
    let report = harness.report(failures, step: step)
    if !quiet { print(report) }
    Issue.record(
      Comment(rawValue: quiet ? "seed \(adversaryHex(seed)) step \(step): \(first)" : report))
    return AdversaryOutcome(steps: step, failure: AdversaryFailure(step: step, first: first))
  }
}

/// Announces the running case, then lets the signal take its course.
private func adversaryCrashHandler(_ received: Int32) {
  guard adversaryCurrentStep >= 0 else { return }
  let text =
    "\nadversarial composition: the process crashed (signal \(received)) in the case "
    + "with seed \(adversaryHex(adversaryCurrentSeed)) at step \(adversaryCurrentStep)\n"
    + "replay: COMPOSE_ADVERSARIAL_SEED=\(adversaryHex(adversaryCurrentSeed)) "
    + "COMPOSE_ADVERSARIAL_STEPS=\(adversaryCurrentStep) swift test "
    + "--disable-default-traits --filter AdversarialComposition\n"
  text.withCString { _ = write(2, $0, strlen($0)) }
  signal(received, nil)
  raise(received)
}

private func adversaryHex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

// MARK: - The random state

/// A slot's layout.
enum AdversaryLayout: CaseIterable, CustomStringConvertible, Sendable {
  case fill, fillInsets, frame, stackVertical, stackHorizontal, custom

  static let insets = UIEdgeInsets(top: 4, left: 6, bottom: 8, right: 10)
  static let frameRect = CGRect(x: 10, y: 12, width: 200, height: 150)
  static let customRect = CGRect(x: 3, y: 5, width: 120, height: 90)

  var isStack: Bool { self == .stackVertical || self == .stackHorizontal }

  var description: String {
    switch self {
    case .fill: "fill"
    case .fillInsets: "fill(insets)"
    case .frame: "frame"
    case .stackVertical: "stack(vertical)"
    case .stackHorizontal: "stack(horizontal)"
    case .custom: "custom"
    }
  }

  /// The frame a child's root view must have in `host`, or `nil` for a stack.
  @MainActor
  func expectedFrame(in host: UIView) -> CGRect? {
    switch self {
    case .fill: host.bounds
    case .fillInsets: host.bounds.inset(by: Self.insets)
    case .frame: Self.frameRect
    case .custom: Self.customRect
    case .stackVertical, .stackHorizontal: nil
    }
  }
}

/// A transition.
private enum AdversaryMotion: CaseIterable, CustomStringConvertible {
  case none, crossDissolve, slide, flip, custom

  var feature: AdversaryFeature? {
    switch self {
    case .slide: .slide
    case .flip: .flip
    case .custom: .custom
    case .none, .crossDissolve: nil
    }
  }

  var description: String {
    switch self {
    case .none: "none"
    case .crossDissolve: "crossDissolve"
    case .slide: "slide"
    case .flip: "flip"
    case .custom: "custom"
    }
  }

  static func random(_ random: inout SplitMix64) -> AdversaryMotion {
    let enabled = allCases.filter { $0.feature?.isEnabled ?? true }
    return random.pick(enabled)
  }
}

/// A child's lifetime.
private enum AdversaryKeeping: CaseIterable, CustomStringConvertible {
  case whileShown, keepAlive, keepAliveThroughWarnings

  var lifetime: Lifetime {
    switch self {
    case .whileShown: .whileShown
    case .keepAlive: .keepAlive
    case .keepAliveThroughWarnings: .keepAlive(evictOnMemoryWarning: false)
    }
  }

  var keepsHidden: Bool { self != .whileShown }
  var description: String { lifetime.description }
}

/// One regular slot: an if/else child pair (with an optional explicit id and transition), then a
/// keyed list of rows.
private struct AdversarySlot: CustomStringConvertible {
  let name: String
  var isDeclared = true
  var layout: AdversaryLayout
  var motion: AdversaryMotion
  var cutsShort = false
  var isPrimary = false
  var flag: Bool
  var branchID: Int?
  var branchMotion: AdversaryMotion?
  var rows: [Int]
  var rowMotion: AdversaryMotion?
  var generation = 0
  var theme: String?
  /// Test-only corruptions, for the test that proves the checks work.
  var duplicatesRows = false
  var skipsUpdates = false

  static let rowKeys = 0..<40

  var branchBase: String { "\(name)/\(flag ? "first" : "second")" }
  var branchKey: String { branchBase + (branchID.map { "#\($0)" } ?? "") }

  /// The keys of the declared children, in order.
  var keys: [String] {
    guard isDeclared else { return [] }
    return [branchKey] + rows.map { "\(name)/row\($0)" }
  }

  var description: String {
    var text =
      "'\(name)'\(isDeclared ? "" : " (not declared)") \(layout) \(motion)"
      + "\(cutsShort ? " cutShort" : "")\(isPrimary ? " primary" : "") \(branchKey)"
    if let branchMotion { text += " branch transition \(branchMotion)" }
    text += " rows \(rows)"
    if let rowMotion { text += " row transition \(rowMotion)" }
    text += " generation \(generation)"
    if let theme { text += " theme \(theme)" }
    return text
  }

  static func random(_ name: String, _ random: inout SplitMix64) -> AdversarySlot {
    var rows = Array(rowKeys.prefix(10)).shuffled(using: &random)
    rows.removeLast(rows.count - random.below(4))
    return AdversarySlot(
      name: name, layout: random.pick(AdversaryLayout.allCases),
      motion: AdversaryMotion.random(&random), flag: random.chance(0.5), rows: rows)
  }

  /// Changes the slot at random; half of the layout changes keep every child.
  mutating func mutate(_ random: inout SplitMix64) {
    if AdversaryFeature.layoutChange.isEnabled, random.chance(0.08) {
      layout = random.pick(AdversaryLayout.allCases.filter { $0 != layout })
      // Half of the layout changes keep every child, to test that the children follow.
      if random.chance(0.5) { return }
    }
    if random.chance(0.3) { flag.toggle() }
    if random.chance(0.3) { generation += 1 }
    if random.chance(0.08) { motion = AdversaryMotion.random(&random) }
    if AdversaryFeature.cutShort.isEnabled, random.chance(0.05) { cutsShort.toggle() }
    if AdversaryFeature.primary.isEnabled, random.chance(0.04) { isPrimary.toggle() }
    if AdversaryFeature.childID.isEnabled, random.chance(0.08) {
      branchID = random.chance(0.3) ? nil : random.below(3)
    }
    if AdversaryFeature.childTransition.isEnabled, random.chance(0.05) {
      branchMotion = random.chance(0.4) ? nil : AdversaryMotion.random(&random)
    }
    if AdversaryFeature.childTransition.isEnabled, random.chance(0.04) {
      rowMotion = random.chance(0.4) ? nil : AdversaryMotion.random(&random)
    }
    if AdversaryFeature.environment.isEnabled, random.chance(0.05) {
      theme = random.chance(0.3) ? nil : random.pick(["light", "dark", "contrast"])
    }
    if AdversaryFeature.longList.isEnabled, random.chance(0.02) {
      // More than 21 children, or back to a few.
      if rows.count > 21 {
        rows.removeLast(rows.count - random.below(5))
      } else {
        rows = Array(Self.rowKeys.shuffled(using: &random).prefix(22 + random.below(18)))
      }
      return
    }
    guard random.chance(0.5) else { return }
    for _ in 0...random.below(3) {
      switch random.below(3) {
      case 0 where rows.count < Self.rowKeys.count:
        let unused = Self.rowKeys.filter { !rows.contains($0) }
        rows.insert(random.pick(unused), at: random.below(rows.count + 1))
      case 1 where !rows.isEmpty:
        rows.remove(at: random.below(rows.count))
      case 2 where rows.count > 1:
        let row = rows.remove(at: random.below(rows.count))
        rows.insert(row, at: random.below(rows.count + 1))
      default:
        break
      }
    }
  }
}

/// Misuse the generator injects; each must produce a Compose diagnostic, never a UIKit exception.
enum AdversaryMisuse: CaseIterable, CustomStringConvertible, Sendable {
  case sharedInstance, foreignOwner, containerItself, ancestor, cachedInBothBranches
  case duplicateKeys, duplicateIDs, duplicateSlotNames, removedAnchor, runawayUpdate

  var description: String {
    switch self {
    case .sharedInstance: "sharedInstance"
    case .foreignOwner: "foreignOwner"
    case .containerItself: "containerItself"
    case .ancestor: "ancestor"
    case .cachedInBothBranches: "cachedInBothBranches"
    case .duplicateKeys: "duplicateKeys"
    case .duplicateIDs: "duplicateIDs"
    case .duplicateSlotNames: "duplicateSlotNames"
    case .removedAnchor: "removedAnchor"
    case .runawayUpdate: "runawayUpdate"
    }
  }

  /// How many legitimate children the misuse slot shows while this misuse is declared.
  var legitimateChildren: Int {
    switch self {
    case .sharedInstance, .foreignOwner, .containerItself, .ancestor: 1
    case .duplicateKeys: 3
    case .duplicateIDs, .duplicateSlotNames: 2
    case .runawayUpdate: 1
    case .cachedInBothBranches, .removedAnchor: 0
    }
  }
}

/// A change made behind the composer's back.
enum AdversaryTamper: CaseIterable, CustomStringConvertible, Sendable {
  case viewRemoved, removedFromParent, fullyRemoved

  var description: String {
    switch self {
    case .viewRemoved: "view removed"
    case .removedFromParent: "removeFromParent()"
    case .fullyRemoved: "willMove(nil), view removed, removeFromParent()"
    }
  }
}

/// A one-shot re-entrant call into the composer.
enum AdversaryReentry: CaseIterable, CustomStringConvertible, Sendable {
  case updateSetsNeedsCompose, updateComposesIfNeeded, factorySetsNeedsCompose
  case factoryComposesIfNeeded, willAppearSetsNeedsCompose, willAppearComposesIfNeeded

  var description: String {
    switch self {
    case .updateSetsNeedsCompose: "update closure calls setNeedsCompose()"
    case .updateComposesIfNeeded: "update closure calls composeIfNeeded()"
    case .factorySetsNeedsCompose: "factory calls setNeedsCompose()"
    case .factoryComposesIfNeeded: "factory calls composeIfNeeded()"
    case .willAppearSetsNeedsCompose: "viewWillAppear calls setNeedsCompose()"
    case .willAppearComposesIfNeeded: "viewWillAppear calls composeIfNeeded()"
    }
  }
}

/// The "twin" slot: one cached controller declared in both branches of an animated slot.
private enum AdversaryTwin: CustomStringConvertible {
  case absent
  case shown(flag: Bool)
  case toggled(flag: Bool)

  var flag: Bool? {
    switch self {
    case .absent: nil
    case .shown(let flag), .toggled(let flag): flag
    }
  }

  var description: String {
    switch self {
    case .absent: "absent"
    case .shown(let flag): "shown (\(flag ? "first" : "second") branch)"
    case .toggled(let flag): "toggled to the \(flag ? "first" : "second") branch"
    }
  }
}

/// What a container declares.
private struct AdversaryScreen: CustomStringConvertible {
  var slots: [AdversarySlot]
  var lifetimes: [String: AdversaryKeeping]
  var twin = AdversaryTwin.absent
  var misuse: AdversaryMisuse?

  static let slotNames = ["main", "side", "panel"]

  func lifetime(_ key: String) -> AdversaryKeeping {
    lifetimes[String(key.prefix { $0 != "#" })] ?? .whileShown
  }

  func slot(_ name: String) -> AdversarySlot? { slots.first { $0.name == name } }

  var description: String {
    // The lifetimes of the declared children only: the others are in the report's hierarchy.
    let declared = Set(slots.flatMap { $0.keys.map { String($0.prefix { $0 != "#" }) } })
    let kept = lifetimes.filter { $0.value.keepsHidden && declared.contains($0.key) }
      .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    return slots.map(\.description).joined(separator: "; ") + "; twin \(twin)"
      + (misuse.map { "; misuse \($0)" } ?? "") + "; kept alive: " + kept.joined(separator: ", ")
  }

  static func random(_ random: inout SplitMix64) -> AdversaryScreen {
    let slots = slotNames.map { AdversarySlot.random($0, &random) }
    var lifetimes: [String: AdversaryKeeping] = [:]
    for name in slotNames {
      for key in ["first", "second"] + AdversarySlot.rowKeys.map({ "row\($0)" }) {
        lifetimes["\(name)/\(key)"] =
          random.chance(0.5)
          ? .whileShown : random.chance(0.6) ? .keepAlive : .keepAliveThroughWarnings
      }
    }
    return AdversaryScreen(slots: slots, lifetimes: lifetimes)
  }
}

/// The state a container's body reads: `@Observable`, so a change recomposes with no
/// `setNeedsCompose()`.
@MainActor
@Observable
private final class AdversaryScenario {
  var screen: AdversaryScreen

  init(screen: AdversaryScreen) {
    self.screen = screen
  }
}

// MARK: - Controllers and their registry

/// A child controller that remembers what its factory and update closure gave it.
@MainActor
private class AdversaryChild: UIViewController {
  var generation = -2
  var theme = "unset"
  /// Set by factories, like a delegate; weak, as delegates are.
  weak var delegate: UIViewController?
  var onWillAppear: (() -> Void)?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    onWillAppear?()
  }
}

private final class FirstChild: AdversaryChild {}
private final class SecondChild: AdversaryChild {}
private final class RowChild: AdversaryChild {}
private final class MisuseChild: AdversaryChild {}
private final class TwinChild: AdversaryChild {}

/// The key a controller was made for (its model name without the serial number), if a factory
/// made it.
@MainActor
private func adversaryKey(of controller: UIViewController) -> String? {
  let name = ModelProbe.name(controller)
  guard name.contains("/"), let dot = name.lastIndex(of: ".") else { return nil }
  return String(name[..<dot])
}

private func adversarySlotName(of key: String) -> String {
  String(key.prefix { $0 != "/" })
}

/// Names every controller the factories make, and keeps a weak reference to it.
@MainActor
final class AdversaryRegistry {
  final class Entry {
    let name: String
    /// The serial of the container it was made for.
    let host: Int
    weak var controller: UIViewController?

    init(name: String, host: Int, controller: UIViewController) {
      self.name = name
      self.host = host
      self.controller = controller
    }
  }

  private(set) var entries: [Entry] = []
  private var serial = 0

  func nextName(_ key: String) -> String {
    serial += 1
    return "\(key).\(serial)"
  }

  func register(_ controller: UIViewController, host: Int) {
    entries.append(Entry(name: ModelProbe.name(controller), host: host, controller: controller))
  }

  /// Forgets the deallocated controllers.
  func prune() {
    entries.removeAll { $0.controller == nil }
  }
}

// MARK: - Containers

/// The anchors of a container's slots: views inside its root view.
@MainActor
private final class AdversaryAnchors {
  let side = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 200))
  let panel = UIView(frame: CGRect(x: 0, y: 620, width: 390, height: 180))
  let twin = UIView(frame: CGRect(x: 300, y: 0, width: 90, height: 90))
  let misuse = UIView(frame: CGRect(x: 300, y: 100, width: 90, height: 90))

  init() {
    ModelProbe.setName(side, "side-anchor")
    ModelProbe.setName(panel, "panel-anchor")
    ModelProbe.setName(twin, "twin-anchor")
    ModelProbe.setName(misuse, "misuse-anchor")
  }

  var all: [UIView] { [side, panel, twin, misuse] }

  func install(in view: UIView) {
    for anchor in all { view.addSubview(anchor) }
  }

  /// The anchor of a regular slot; `nil` is the container's root view.
  func view(for slot: String) -> UIView? {
    switch slot {
    case "side": side
    case "panel": panel
    default: nil
    }
  }
}

/// What the harness gives a container.
@MainActor
private struct AdversarySetup {
  let serial: Int
  let scenario: AdversaryScenario
  let registry: AdversaryRegistry
  let manual: Bool
  let capturesStrongly: Bool
  /// The controllers the misuse factories return.
  let foreignChild: UIViewController
  weak var ancestor: UIViewController?
}

/// A container the generator drives: either kind.
@MainActor
private protocol AdversaryHosting: UIViewController {
  var composer: Composer { get }
  var setup: AdversarySetup { get }
  var anchors: AdversaryAnchors { get }
  var reentry: AdversaryReentry? { get set }
  var victim: UIViewController? { get set }
  var twinCache: TwinChild? { get set }
  var baseTheme: String { get }
}

extension AdversaryHosting {
  var scenario: AdversaryScenario { setup.scenario }

  /// Runs the one-shot re-entrant call if it is armed for `moment`.
  func reenter(_ moments: AdversaryReentry...) {
    guard let reentry, moments.contains(reentry) else { return }
    self.reentry = nil
    AdversaryCoverage.hit("reentry \(reentry)")
    switch reentry {
    case .updateSetsNeedsCompose, .factorySetsNeedsCompose, .willAppearSetsNeedsCompose:
      composer.setNeedsCompose()
    case .updateComposesIfNeeded, .factoryComposesIfNeeded, .willAppearComposesIfNeeded:
      composer.composeIfNeeded()
    }
  }
}

/// A plain controller with a composer.
@MainActor
private final class PlainHost: UIViewController, AdversaryHosting {
  let setup: AdversarySetup
  let anchors = AdversaryAnchors()
  var reentry: AdversaryReentry?
  var victim: UIViewController?
  var twinCache: TwinChild?
  let baseTheme = "root"

  lazy var composer: Composer = {
    var environment = EnvironmentValues()
    environment.adversaryTheme = baseTheme
    return Composer(container: self, environment: environment) { [unowned self] in
      AdversaryDeclaration.content(self)
    }
  }()

  init(setup: AdversarySetup) {
    self.setup = setup
    super.init(nibName: nil, bundle: nil)
    ModelProbe.setName(self, "container.\(setup.serial)")
  }

  required init?(coder: NSCoder) { nil }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !setup.manual }

  override func viewDidLoad() {
    super.viewDidLoad()
    anchors.install(in: view)
    composer.setNeedsCompose()
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
  }

  override var childForStatusBarStyle: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composer.forwardBeginAppearanceTransition(true, animated: animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.forwardEndAppearanceTransition()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    composer.forwardBeginAppearanceTransition(false, animated: animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    composer.forwardEndAppearanceTransition()
  }
}

/// A ``ComposedViewController``.
@MainActor
private final class ComposedHost: ComposedViewController, AdversaryHosting {
  let setup: AdversarySetup
  let anchors = AdversaryAnchors()
  var reentry: AdversaryReentry?
  var victim: UIViewController?
  var twinCache: TwinChild?
  let baseTheme = "default"

  init(setup: AdversarySetup) {
    self.setup = setup
    super.init(nibName: nil, bundle: nil)
    ModelProbe.setName(self, "container.\(setup.serial)")
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent { AdversaryDeclaration.content(self) }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !setup.manual }

  override func viewDidLoad() {
    // The anchors must be in place before the first composition, which the superclass makes.
    anchors.install(in: view)
    super.viewDidLoad()
  }
  // ComposedViewController forwards appearance through its composer by itself.
}

/// The composed container that hosts the container under test, when it is nested.
@MainActor
private final class OuterHost: ComposedViewController {
  var hosts = true
  var serial = 0
  var motion = AdversaryMotion.none
  var makeContainer: (() -> UIViewController)?

  @CompositionBuilder override var composition: CompositionContent {
    Slot("host") {
      if hosts {
        Child { [weak self] in self?.makeContainer?() ?? UIViewController() }.id(serial)
      }
    }
    .transition(motion == .none ? .none : .crossDissolve(duration: 0.25))
  }
}

private enum AdversaryThemeKey: EnvironmentKey {
  static let defaultValue = "default"
}

extension EnvironmentValues {
  fileprivate var adversaryTheme: String {
    get { self[AdversaryThemeKey.self] }
    set { self[AdversaryThemeKey.self] = newValue }
  }
}

// MARK: - The declaration

@MainActor
private enum AdversaryDeclaration {
  @CompositionBuilder
  static func content(_ host: any AdversaryHosting) -> CompositionContent {
    let screen = host.scenario.screen
    for slot in screen.slots.filter(\.isDeclared) {
      regular(slot, screen, host)
    }
    if let flag = screen.twin.flag {
      twin(flag: flag, host)
    }
    if let misuse = screen.misuse {
      misuseContent(misuse, host)
    }
  }

  /// What closures capture: the container itself when the case captures strongly (the natural
  /// `update: { $0.user = self.user }`), so that a cycle through the composer shows as a leak.
  static func captured(_ host: any AdversaryHosting) -> AnyObject? {
    host.setup.capturesStrongly ? host : nil
  }

  static func transition(_ motion: AdversaryMotion, _ strong: AnyObject?) -> Transition {
    switch motion {
    case .none: .none
    case .crossDissolve: .crossDissolve(duration: 0.2)
    case .slide: .slide(from: .trailing, duration: 0.3)
    case .flip: .flip(from: .leading, duration: 0.35)
    case .custom:
      .custom(duration: 0.25) { from, to, _ in
        _ = strong
        from.alpha = 1
        to.alpha = 1
      }
    }
  }

  static func layout(_ layout: AdversaryLayout, _ strong: AnyObject?) -> SlotLayout {
    switch layout {
    case .fill: .fill
    case .fillInsets: .fill(insets: AdversaryLayout.insets)
    case .frame: .frame(AdversaryLayout.frameRect)
    case .stackVertical: .stack(axis: .vertical, spacing: 2)
    case .stackHorizontal: .stack(axis: .horizontal)
    case .custom:
      .custom { child, _ in
        _ = strong
        child.translatesAutoresizingMaskIntoConstraints = true
        child.frame = AdversaryLayout.customRect
      }
    }
  }

  static func regular(
    _ slot: AdversarySlot, _ screen: AdversaryScreen, _ host: any AdversaryHosting
  ) -> CompositionContent {
    let strong = captured(host)
    var declared = Slot(
      slot.name, in: host.anchors.view(for: slot.name), layout: layout(slot.layout, strong)
    ) {
      children(slot, screen, host)
    }
    .transition(transition(slot.motion, strong))
    .interruption(slot.cutsShort ? .cutShort : .finishRunning)
    if slot.isPrimary { declared = declared.primary() }
    guard let theme = slot.theme else { return declared.compositionContent }
    return declared.environment(\.adversaryTheme, theme)
  }

  /// Makes, names and registers a child; arms its `viewWillAppear` re-entry.
  static func make<Controller: AdversaryChild>(
    _ controller: Controller, _ key: String, _ generation: Int, _ theme: String,
    _ host: (any AdversaryHosting)?
  ) -> Controller {
    guard let host else { return controller }
    host.reenter(.factorySetsNeedsCompose, .factoryComposesIfNeeded)
    ModelProbe.setName(controller, host.setup.registry.nextName(key))
    host.setup.registry.register(controller, host: host.setup.serial)
    controller.generation = generation
    controller.theme = theme
    controller.delegate = host
    controller.onWillAppear = { [weak host] in
      host?.reenter(.willAppearSetsNeedsCompose, .willAppearComposesIfNeeded)
    }
    return controller
  }

  @SlotBuilder
  static func children(
    _ slot: AdversarySlot, _ screen: AdversaryScreen, _ host: any AdversaryHosting
  ) -> SlotContent {
    let strong = captured(host)
    let generation = slot.generation
    let updates = !slot.skipsUpdates
    let key = slot.branchKey
    let lifetime = screen.lifetime(key).lifetime
    let branchTransition = slot.branchMotion.map { transition($0, strong) }
    let rows = slot.duplicatesRows ? slot.rows + [98, 98] : slot.rows
    EnvironmentReader { [weak host] environment in
      let theme = environment.adversaryTheme
      if slot.flag {
        branch(
          Child { () -> FirstChild in
            _ = strong
            return make(FirstChild(), key, generation, theme, host)
          } update: { (controller: FirstChild) in
            _ = strong
            host?.reenter(.updateSetsNeedsCompose, .updateComposesIfNeeded)
            if updates { controller.generation = generation }
            controller.theme = theme
          }, slot, lifetime, branchTransition)
      } else {
        branch(
          Child { () -> SecondChild in
            _ = strong
            return make(SecondChild(), key, generation, theme, host)
          } update: { (controller: SecondChild) in
            _ = strong
            host?.reenter(.updateSetsNeedsCompose, .updateComposesIfNeeded)
            if updates { controller.generation = generation }
            controller.theme = theme
          }, slot, lifetime, branchTransition)
      }
      ForEach(rows, id: \.self) { row in
        self.row(row, slot, screen, theme: theme, strong, host)
      }
    }
  }

  /// A row: its factory gets the environment from the reader around it, its update closure
  /// reads the environment it is given.
  static func row(
    _ row: Int, _ slot: AdversarySlot, _ screen: AdversaryScreen, theme: String,
    _ strong: AnyObject?, _ host: (any AdversaryHosting)?
  ) -> SlotContent {
    let rowKey = "\(slot.name)/row\(row)"
    let generation = slot.generation
    let updates = !slot.skipsUpdates
    let child = Child { [weak host] () -> RowChild in
      _ = strong
      return make(RowChild(), rowKey, generation, theme, host)
    } update: { (controller: RowChild, environment: EnvironmentValues) in
      _ = strong
      if updates { controller.generation = generation }
      controller.theme = environment.adversaryTheme
    }
    .lifetime(screen.lifetime(rowKey).lifetime)
    guard let motion = slot.rowMotion else { return child.slotContent }
    return child.transition(transition(motion, strong)).slotContent
  }

  static func branch<Controller: AdversaryChild>(
    _ child: Child<Controller>, _ slot: AdversarySlot, _ lifetime: Lifetime,
    _ transition: Transition?
  ) -> SlotContent {
    var child = child.lifetime(lifetime)
    if let id = slot.branchID { child = child.id(id) }
    if let transition { child = child.transition(transition) }
    return child.slotContent
  }

  /// The cached instance in both branches of an animated slot.
  static func twin(flag: Bool, _ host: any AdversaryHosting) -> CompositionContent {
    Slot("twin", in: host.anchors.twin) {
      if flag {
        Child { [weak host] in cached(host) }
      } else {
        Child { [weak host] in cached(host) }
      }
    }
    .transition(.crossDissolve(duration: 0.2))
    .compositionContent
  }

  static func cached(_ host: (any AdversaryHosting)?) -> TwinChild {
    guard let host else { return TwinChild() }
    if let cache = host.twinCache { return cache }
    let cache = make(TwinChild(), "twin/cached", 0, "unset", host)
    host.twinCache = cache
    return cache
  }

  static func legitimate(_ host: any AdversaryHosting) -> Child<MisuseChild> {
    Child { [weak host] in make(MisuseChild(), "misuse/ok", 0, "unset", host) }
  }

  @CompositionBuilder
  static func misuseContent(_ misuse: AdversaryMisuse, _ host: any AdversaryHosting)
    -> CompositionContent
  {
    let anchor = host.anchors.misuse
    switch misuse {
    case .sharedInstance, .foreignOwner, .containerItself, .ancestor:
      Slot("misuse", in: anchor) {
        legitimate(host)
        Child { [weak host] () -> UIViewController in
          switch misuse {
          case .sharedInstance: host?.victim ?? UIViewController()
          case .foreignOwner: host?.setup.foreignChild ?? UIViewController()
          case .ancestor: host?.setup.ancestor ?? UIViewController()
          default: host.map { $0 as UIViewController } ?? UIViewController()
          }
        }
        .id("\(misuse)")
      }
    case .duplicateKeys:
      Slot("misuse", in: anchor) {
        ForEach([1, 1, 2], id: \.self) { _ in legitimate(host) }
      }
    case .duplicateIDs:
      Slot("misuse", in: anchor) {
        legitimate(host).id(7)
        legitimate(host).id(7)
      }
    case .duplicateSlotNames:
      Slot("misuse", in: anchor) { legitimate(host) }
      Slot("misuse", in: anchor) { legitimate(host) }
    case .runawayUpdate:
      Slot("misuse", in: anchor) {
        Child { [weak host] in
          make(MisuseChild(), "misuse/ok", 0, "unset", host)
        } update: {
          [weak host] _ in
          host?.composer.setNeedsCompose()
        }
      }
    case .cachedInBothBranches, .removedAnchor:
      CompositionContent.empty
    }
  }
}

// MARK: - The harness

/// Runs one adversarial case.
@MainActor
private final class AdversaryHarness {
  struct Options {
    var nested: Bool
    var composed: Bool
    var manual: Bool
  }

  let seed: UInt64
  let registry = AdversaryRegistry()
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  let scenario: AdversaryScenario
  private var random: SplitMix64
  private let options: Options
  private let outer: OuterHost?
  /// A foreign container and its child, for the foreign-owner misuse.
  private let foreign = UIViewController()
  private let foreignChild = UIViewController()
  private weak var weakHost: (any AdversaryHosting)?
  private var hostSerial = 0
  /// A composer kept by other code (a coordinator, a task), which may outlive its container.
  private var heldComposer: Composer?
  private var heldComposerIsOrphan = false
  /// Containers dropped since the last settle, with their serials.
  private var dropped: [(serial: Int, name: String, reference: AdversaryWeak)] = []
  /// Keeps a dropped container alive on purpose (to prove the leak check works).
  var leakedOnPurpose: UIViewController?
  private var stepsUntilSettle = 1
  private var diagnosticsSeen = 0
  private var outerDiagnosticsSeen = 0
  /// Misuse declared since the last settle, and the diagnostics reported since.
  private var misuseSinceSettle: Set<AdversaryMisuse> = []
  private var diagnosticsSinceSettle: [Diagnostic] = []
  private var tampered: [(AdversaryTamper, String)] = []
  /// The children whose views were taken out behind the composer's back, by key.
  private var viewsRemoved: [(String, Weak)] = []

  struct Weak {
    weak var controller: UIViewController?
    init(_ controller: UIViewController) { self.controller = controller }
  }
  private var tamperedControllers: Set<ObjectIdentifier> = []
  /// The anchor taken out of the view tree, if any.
  private var removedAnchor: UIView?
  private var appearance: [String: ModelAppearanceState] = [:]
  private var actions: [String] = []

  init(seed: UInt64, options: Options? = nil) {
    self.seed = seed
    var generator = SplitMix64(seed: seed)
    let chosen =
      options
      ?? Options(
        nested: AdversaryFeature.nested.isEnabled && generator.chance(0.5),
        composed: AdversaryFeature.composedViewController.isEnabled && generator.chance(0.5),
        manual: AdversaryFeature.manualForwarding.isEnabled && generator.chance(0.3))
    random = generator
    self.options = chosen
    scenario = AdversaryScenario(screen: AdversaryScreen.random(&random))
    ModelProbe.setName(foreign, "foreign")
    ModelProbe.setName(foreignChild, "foreign-child")
    foreign.addChild(foreignChild)
    foreignChild.didMove(toParent: foreign)
    outer = chosen.nested ? OuterHost() : nil
    if let outer {
      ModelProbe.setName(outer, "outer")
      outer.makeContainer = { [unowned self] in makeContainer() }
      window.rootViewController = outer
      AdversaryCoverage.hit(AdversaryFeature.nested.rawValue)
    } else {
      window.rootViewController = makeContainer()
    }
    window.makeKeyAndVisible()
    if chosen.composed { AdversaryCoverage.hit(AdversaryFeature.composedViewController.rawValue) }
    if chosen.manual { AdversaryCoverage.hit(AdversaryFeature.manualForwarding.rawValue) }
    note(
      "start: \(chosen.nested ? "nested" : "root") \(chosen.composed ? "ComposedViewController" : "Composer") "
        + "\(chosen.manual ? "manual" : "automatic") forwarding; \(scenario.screen)")
  }

  var host: (any AdversaryHosting)? { weakHost }
  var wantsSettle: Bool { stepsUntilSettle <= 0 }

  private func makeContainer() -> UIViewController {
    hostSerial += 1
    let strong = AdversaryFeature.strongCaptures.isEnabled && random.chance(0.5)
    if strong { AdversaryCoverage.hit(AdversaryFeature.strongCaptures.rawValue) }
    let setup = AdversarySetup(
      serial: hostSerial, scenario: scenario, registry: registry, manual: options.manual,
      capturesStrongly: strong, foreignChild: foreignChild, ancestor: outer)
    let host: any AdversaryHosting =
      options.composed ? ComposedHost(setup: setup) : PlainHost(setup: setup)
    weakHost = host
    diagnosticsSeen = 0
    if AdversaryFeature.composerOutlivesContainer.isEnabled, random.chance(0.4) {
      heldComposer = host.composer
      heldComposerIsOrphan = false
    }
    note("container.\(hostSerial) made (\(strong ? "strong" : "weak") captures)")
    return host
  }

  func tearDown() {
    heldComposer = nil
    leakedOnPurpose = nil
    window.isHidden = true
    window.rootViewController = nil
  }

  // MARK: Steps

  /// Changes something, lets a random time pass, and checks.
  func step(adversarial: Bool = true) async -> [String] {
    var observes = false
    // A misuse that ends is composed away before another begins (or the two would look alike).
    let ended = endEpisodes()
    let roll = random.below(100)
    if let host, roll < 60 {
      var screen = scenario.screen
      let before = screen
      for index in screen.slots.indices { screen.slots[index].mutate(&random) }
      if random.chance(0.04) {
        let index = random.below(screen.slots.count)
        screen.slots[index].isDeclared.toggle()
      }
      // Only a declared child's lifetime can change: a child that is not declared has the
      // lifetime of its last declaration.
      // A slot whose anchor is gone is not applied, so its children's lifetimes cannot change.
      let declaredKeys = Set(
        screen.slots.filter { $0.name != "panel" || removedAnchor == nil }.flatMap(\.keys))
      // Nor can a hidden child's (another id of the same key), or one this change or a running
      // swap takes out, whose view is still in its slot: it keeps the lifetime it was declared
      // with.
      let shownKeys = Set(screen.slots.flatMap(\.keys))
      let hiddenKeys = Set(
        host.children.filter { child in
          child.viewIfLoaded?.superview == nil
            || adversaryKey(of: child).map { !shownKeys.contains($0) } ?? false
        }
        .compactMap(adversaryKey).map { String($0.prefix { $0 != "#" }) })
      let changeable = screen.lifetimes.keys.filter {
        declaredKeys.contains($0) && !hiddenKeys.contains($0)
      }.sorted()
      // A slot whose swap runs keeps what it has until the swap ends, and is then reconciled
      // with the latest declaration: a lifetime declared meanwhile for a child that the latest
      // declaration leaves out was never applied. Lifetimes change while nothing animates.
      if random.chance(0.03), !changeable.isEmpty, ModelRuntime.runningAnimations.isEmpty {
        let key = random.pick(changeable)
        screen.lifetimes[key] = random.pick(AdversaryKeeping.allCases)
      }
      if case .absent = screen.twin, random.chance(0.05) {
        screen.twin = .shown(flag: random.chance(0.5))
      }
      noteCoverage(from: before, to: screen)
      observes = AdversaryFeature.observation.isEnabled && random.chance(0.5)
      scenario.screen = screen
      // A child whose view was taken out and that the declaration now hides has no view to put
      // back: it is hidden without ever being needed.
      let shown = Set(screen.slots.flatMap(\.keys))
      viewsRemoved.removeAll { key, _ in !shown.contains(key) }
      if observes {
        AdversaryCoverage.hit(AdversaryFeature.observation.rawValue)
      } else {
        host.composer.setNeedsCompose()
      }
      note("state\(observes ? " (observed)" : ""): \(screen)")
    } else if roll < 68, adversarial, !ended, AdversaryFeature.misuse.isEnabled {
      injectMisuse()
    } else if roll < 72, adversarial, AdversaryFeature.behindTheBack.isEnabled {
      tamperBehindTheBack()
    } else if roll < 80, AdversaryFeature.reentry.isEnabled, let host {
      host.reentry = random.pick(AdversaryReentry.allCases)
      host.scenario.screen.slots[0].generation += 1
      host.composer.setNeedsCompose()
      note("armed: \(host.reentry.map(String.init(describing:)) ?? "")")
    } else if roll < 84, AdversaryFeature.windowToggle.isEnabled {
      window.isHidden.toggle()
      AdversaryCoverage.hit(AdversaryFeature.windowToggle.rawValue)
      note(window.isHidden ? "window hidden" : "window shown")
    } else if roll < 88, AdversaryFeature.memoryWarning.isEnabled {
      ModelRuntime.simulateMemoryWarning()
      AdversaryCoverage.hit(AdversaryFeature.memoryWarning.rawValue)
      note("memory warning")
    } else if roll < 92, adversarial {
      containerEvent()
    } else if roll < 95, adversarial, let composer = heldComposer, heldComposerIsOrphan {
      AdversaryCoverage.hit(AdversaryFeature.composerOutlivesContainer.rawValue)
      if random.chance(0.5) {
        note("the held composer of a released container: setNeedsCompose()")
        composer.setNeedsCompose()
      } else {
        note("the held composer of a released container: composeIfNeeded()")
        composer.composeIfNeeded()
      }
    }
    if observes { await drainMainActor() }
    let delay = random.chance(0.2) ? 0 : Double(random.below(401)) / 1000
    if !ModelRuntime.runningAnimations.isEmpty, let screen = host?.scenario.screen,
      screen.slots.contains(where: { $0.cutsShort && $0.isDeclared })
    {
      AdversaryCoverage.hit(AdversaryFeature.cutShort.rawValue)
    }
    ModelRuntime.advance(by: delay)
    note("advance \(delay) s to \(ModelRuntime.currentTime)")
    stepsUntilSettle -= 1
    return checkMidStep()
  }

  /// Records which features a state change exercises.
  private func noteCoverage(from before: AdversaryScreen, to after: AdversaryScreen) {
    for (old, new) in zip(before.slots, after.slots) where old.isDeclared && new.isDeclared {
      if old.layout != new.layout, old.keys == new.keys {
        AdversaryCoverage.hit("layout \(old.layout) -> \(new.layout)")
      }
      if new.isPrimary { AdversaryCoverage.hit(AdversaryFeature.primary.rawValue) }
      if new.theme != nil { AdversaryCoverage.hit(AdversaryFeature.environment.rawValue) }
      if new.rows.count > 21 { AdversaryCoverage.hit(AdversaryFeature.longList.rawValue) }
      if new.branchID != old.branchID { AdversaryCoverage.hit(AdversaryFeature.childID.rawValue) }
      if new.branchMotion != nil || new.rowMotion != nil {
        AdversaryCoverage.hit(AdversaryFeature.childTransition.rawValue)
      }
      for motion in [new.motion, new.branchMotion, new.rowMotion].compactMap(\.self) {
        if let feature = motion.feature { AdversaryCoverage.hit(feature.rawValue) }
      }
    }
  }

  /// Ends the misuse and the anchor removal declared before the last settle; returns whether it
  /// ended any.
  private func endEpisodes() -> Bool {
    guard misuseSinceSettle.isEmpty, let host else { return false }
    var ended = false
    if let anchor = removedAnchor {
      host.view.addSubview(anchor)
      removedAnchor = nil
      host.composer.setNeedsCompose()
      note("anchor \(ModelProbe.name(anchor)) put back")
      ended = true
    }
    if host.scenario.screen.misuse != nil {
      host.scenario.screen.misuse = nil
      host.victim = nil
      host.composer.setNeedsCompose()
      note("misuse no longer declared")
      ended = true
    }
    if case .toggled = host.scenario.screen.twin {
      host.scenario.screen.twin = .absent
      host.twinCache = nil
      host.composer.setNeedsCompose()
      note("twin slot no longer declared")
      ended = true
    }
    return ended
  }

  private func injectMisuse() {
    guard let host, host.scenario.screen.misuse == nil, removedAnchor == nil else { return }
    if case .toggled = host.scenario.screen.twin { return }
    var misuse = random.pick(AdversaryMisuse.allCases)
    if misuse == .ancestor, outer == nil { misuse = .containerItself }
    switch misuse {
    case .sharedInstance:
      guard
        let victim = host.children.first(where: {
          guard $0.viewIfLoaded?.window != nil, let key = adversaryKey(of: $0) else { return false }
          return !["twin", "misuse"].contains(adversarySlotName(of: key))
        })
      else { return }
      host.victim = victim
      host.scenario.screen.misuse = misuse
    case .cachedInBothBranches:
      guard case .shown(let flag) = host.scenario.screen.twin else {
        host.scenario.screen.twin = .shown(flag: true)
        host.composer.setNeedsCompose()
        note("twin slot declared")
        return
      }
      // The shown twin is the cached instance both branches return (it may predate the cache).
      let shownTwin = host.children.first { $0 is TwinChild && $0.viewIfLoaded?.superview != nil }
      guard let twin = shownTwin as? TwinChild else { return }
      host.twinCache = twin
      host.scenario.screen.twin = .toggled(flag: !flag)
    case .removedAnchor:
      guard host.scenario.screen.slot("panel")?.isDeclared == true else { return }
      host.anchors.panel.removeFromSuperview()
      removedAnchor = host.anchors.panel
    default:
      host.scenario.screen.misuse = misuse
    }
    misuseSinceSettle.insert(misuse)
    AdversaryCoverage.hit("misuse \(misuse)")
    host.composer.setNeedsCompose()
    note("misuse: \(misuse)")
  }

  private func tamperBehindTheBack() {
    guard let host else { return }
    let candidates = host.children.filter {
      $0.viewIfLoaded?.window != nil && adversaryKey(of: $0).map(adversarySlotName) != "twin"
        && adversaryKey(of: $0).map(adversarySlotName) != "misuse"
    }
    guard !candidates.isEmpty else { return }
    let child = random.pick(candidates)
    let tamper = random.pick(AdversaryTamper.allCases)
    switch tamper {
    case .viewRemoved:
      child.view.removeFromSuperview()
    case .removedFromParent:
      child.removeFromParent()
    case .fullyRemoved:
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    }
    if tamper == .viewRemoved {
      // Checked at the settle: a leaving child's view taken out mid-swap cannot be told from
      // UIKit taking it out at the swap's end, and a child that ends up hidden has no view to put
      // back. Only a child still shown needs the report.
      // A child that is leaving (not declared) has its view taken out by its swap anyway.
      let key = adversaryKey(of: child) ?? ModelProbe.name(child)
      if host.scenario.screen.slots.contains(where: { $0.keys.contains(key) }) {
        viewsRemoved.append((key, Weak(child)))
      }
    } else {
      tampered.append((tamper, adversaryKey(of: child) ?? ModelProbe.name(child)))
    }
    tamperedControllers.insert(ObjectIdentifier(child))
    AdversaryCoverage.hit("tamper \(tamper)")
    host.scenario.screen.slots[0].generation += 1
    host.composer.setNeedsCompose()
    note("behind the composer's back: \(tamper) on \(ModelProbe.name(child))")
  }

  /// Removes, replaces or brings back the container.
  private func containerEvent() {
    if let outer {
      if outer.hosts, AdversaryFeature.containerDropped.isEnabled {
        if random.chance(0.5) {
          outer.hosts = false
          note("outer stops declaring the container")
        } else {
          outer.serial += 1
          outer.motion = random.chance(0.5) ? .crossDissolve : .none
          note("outer replaces the container (\(outer.motion))")
        }
        AdversaryCoverage.hit(AdversaryFeature.containerDropped.rawValue)
        dropContainer()
        outer.setNeedsCompose()
      } else if !outer.hosts {
        outer.hosts = true
        outer.serial += 1
        outer.setNeedsCompose()
        note("outer declares a container again")
      }
    } else if AdversaryFeature.containerReplaced.isEnabled {
      AdversaryCoverage.hit(AdversaryFeature.containerReplaced.rawValue)
      dropContainer()
      window.rootViewController = makeContainer()
      note("the window's root replaced")
    }
  }

  /// Forgets the current container: from now on it must be released.
  func dropContainer() {
    guard let host else { return }
    dropped.append(
      (host.setup.serial, ModelProbe.name(host), AdversaryWeak(host)))
    if heldComposer != nil, heldComposer === host.composer { heldComposerIsOrphan = true }
    removedAnchor = nil
    // The state is shared with the next container, which must start with no misuse.
    scenario.screen.misuse = nil
    scenario.screen.twin = .absent
    weakHost = nil
    misuseSinceSettle = []
    tampered = []
    viewsRemoved = []
    tamperedControllers = []
    if let outer, leakedOnPurpose != nil {
      outer.hosts = false
      outer.setNeedsCompose()
    }
  }

  func expectMisuse(_ misuse: AdversaryMisuse) {
    misuseSinceSettle.insert(misuse)
  }

  /// Runs everything pending, checks, and starts a new interval.
  func settle() async -> [String] {
    await drainMainActor()
    ModelRuntime.runUntilIdle()
    note("settle at \(ModelRuntime.currentTime)")
    var failures = checkMidStep()
    failures += checkSettled()
    misuseSinceSettle = []
    diagnosticsSinceSettle = []
    tampered = []
    viewsRemoved = []
    tamperedControllers = []
    dropped = []
    stepsUntilSettle = 1 + random.below(8)
    return failures
  }

  // MARK: Checks between settles

  private var debugLog: [String] = []
  private let debugEvents = ProcessInfo.processInfo.environment["COMPOSE_DEBUG_EVENTS"] != nil

  /// What must hold at every moment the model can be inspected, mid-transition included.
  func checkMidStep() -> [String] {
    var failures: [String] = []
    if !ModelRuntime.recordedExceptions.isEmpty {
      failures.append("UIKit exception recorded by the model: \(ModelRuntime.recordedExceptions)")
    }
    if !ModelRuntime.diagnostics.isEmpty {
      failures.append("model diagnostics: \(ModelRuntime.diagnostics.map(\.description))")
      if ProcessInfo.processInfo.environment["COMPOSE_DEBUG_EVENTS"] != nil {
        let text = ModelRuntime.diagnostics[0].description
        if let start = text.range(of: ": "),
          let end = text.range(of: ">", range: start.upperBound..<text.endIndex)
        {
          let name = String(text[start.upperBound..<end.lowerBound])
          print(
            "EVENTS for \(name):\n"
              + (debugLog + ModelRuntime.events.map(\.description)).filter {
                $0.hasPrefix(name + ".") || $0.hasPrefix("note:") || $0.contains("container")
              }.suffix(3000).joined(separator: "\n"))
        }
      }
    }
    failures += checkAppearanceSequences()
    guard let host else { return failures + checkOuterDiagnostics() }
    failures += checkTree(host)
    failures += checkDiagnostics(host)
    failures += checkOuterDiagnostics()
    return failures
  }

  private func checkOuterDiagnostics() -> [String] {
    guard let outer else { return [] }
    let all = outer.composer.diagnostics
    let new = all.suffix(min(all.count, outer.composer.diagnosticsReported - outerDiagnosticsSeen))
    outerDiagnosticsSeen = outer.composer.diagnosticsReported
    return new.map { "the outer container reported \($0.id): \($0.message)" }
  }

  /// New diagnostics are allowed only while misuse (or a change behind the back) is pending,
  /// and only with the ids it calls for.
  private func checkDiagnostics(_ host: any AdversaryHosting) -> [String] {
    // The composer keeps only its last diagnostics; it counts them all.
    let all = host.composer.diagnostics
    let new = all.suffix(min(all.count, host.composer.diagnosticsReported - diagnosticsSeen))
    diagnosticsSeen = host.composer.diagnosticsReported
    diagnosticsSinceSettle += new
    var allowed = Set(misuseSinceSettle.flatMap(AdversaryExpectations.ids(for:)))
    if host.scenario.screen.misuse != nil || removedAnchor != nil {
      allowed.formUnion(
        AdversaryExpectations.ids(for: host.scenario.screen.misuse ?? .removedAnchor))
    }
    // A report is allowed for any change behind the composer's back since the settle, and
    // required only for those checked at the settle (a child the declaration then hid may be
    // repaired by the reconciliation that hides it).
    if !tamperedControllers.isEmpty {
      allowed.formUnion(AdversaryExpectations.behindTheBack)
    }
    var failures: [String] = []
    for diagnostic in new where !allowed.contains(diagnostic.id.rawValue) {
      let context =
        misuseSinceSettle.isEmpty && tamperedControllers.isEmpty
        ? "with no misuse declared" : "while only \(allowed.sorted()) were expected"
      failures.append("diagnostic \(diagnostic.id) \(context): \(diagnostic.message)")
    }
    return failures
  }

  /// Replays the appearance callbacks of every child the factories made.
  private func checkAppearanceSequences() -> [String] {
    var failures: [String] = []
    for event in ModelRuntime.events where event.category == .appearance {
      guard event.subject.contains("/") else { continue }
      let callback = String(event.callback.prefix { $0 != "(" })
      let before = appearance[event.subject, default: .disappeared]
      let after = before.after(callback)
      guard let after else {
        failures.append("\(event.subject) received \(event.callback) while \(before)")
        continue
      }
      appearance[event.subject] = after
    }
    if debugEvents { debugLog += ModelRuntime.events.map(\.description) }
    ModelRuntime.clearEvents()
    return failures
  }

  /// The controller tree and the view tree agree: every child's view is in the container's view
  /// tree or out of any tree, every controller view inside the container's tree is a child's,
  /// and a child that appeared is in a shown window.
  private func checkTree(_ host: any AdversaryHosting) -> [String] {
    var failures: [String] = []
    let root: UIView = host.view
    var children: Set<ObjectIdentifier> = []
    for child in host.children {
      let id = ObjectIdentifier(child)
      if children.contains(id) { failures.append("\(ModelProbe.name(child)) is a child twice") }
      children.insert(id)
      if child.parent !== host {
        failures.append("\(ModelProbe.name(child)) is a child whose parent is not the container")
      }
      if child === host { failures.append("the container is its own child") }
    }
    for entry in registry.entries {
      guard let controller = entry.controller, let view = controller.viewIfLoaded else { continue }
      let isChild = children.contains(ObjectIdentifier(controller))
      let tamperedWith = tamperedControllers.contains(ObjectIdentifier(controller))
      if !isChild, !tamperedWith, view.superview != nil, view.isDescendant(of: root) {
        failures.append("\(entry.name) is not a child but its view is in the container")
      }
      if isChild, !tamperedWith, let superview = view.superview {
        if !superview.isDescendant(of: root), !isUnderRemovedAnchor(superview) {
          failures.append(
            "\(entry.name) is a child but its view is in \(ModelProbe.name(superview))")
        }
      }
      if isChild, !tamperedWith, ModelProbe.appearance(controller) == .appeared,
        !isShown(view), !isUnderRemovedAnchor(view)
      {
        failures.append("\(entry.name) is appeared but its view is not in a shown window")
      }
    }
    return failures
  }

  private func isUnderRemovedAnchor(_ view: UIView) -> Bool {
    guard let anchor = removedAnchor else { return false }
    return view.isDescendant(of: anchor)
  }

  private func isShown(_ view: UIView) -> Bool {
    guard let window = view.window else { return false }
    return !window.isHidden
  }

  // MARK: Checks at settles

  private func checkSettled() -> [String] {
    var failures: [String] = []
    if ModelRuntime.hasPendingWork { failures.append("work is still pending after settling") }
    failures += checkReleased()
    guard let host else {
      if let outer, outer.hosts {
        failures.append("the outer container declares a container but none is alive")
      }
      return failures
    }
    if let outer, outer.hosts, !outer.children.contains(where: { $0 === host }) {
      failures.append("the outer container declares \(ModelProbe.name(host)) but does not hold it")
    }
    let screen = host.scenario.screen
    var byKey: [String: UIViewController] = [:]
    var owners: [ObjectIdentifier: String] = [:]
    for child in host.children {
      guard let key = adversaryKey(of: child) else {
        failures.append("child '\(ModelProbe.name(child))' was not made by a factory")
        continue
      }
      if adversarySlotName(of: key) == "misuse" { continue }
      // A shared instance that its own slot let go is free: the misuse slot, whose refused child
      // is planned again at every reconciliation, may then take it.
      if child === host.victim, child.viewIfLoaded?.superview === host.anchors.misuse { continue }
      if let other = byKey[key] {
        failures.append(
          "\(key) has two controllers: \(ModelProbe.name(other)), \(ModelProbe.name(child))")
      }
      byKey[key] = child
      if let view = child.viewIfLoaded { owners[ObjectIdentifier(view)] = key }
    }
    for slot in screen.slots {
      if slot.name == "panel", removedAnchor != nil { continue }
      failures += checkSlot(slot, screen, host, byKey, owners)
    }
    // Children that are neither declared nor kept alive hidden.
    let declared = Set(screen.slots.flatMap(\.keys))
    for (key, controller) in byKey where !declared.contains(key) {
      let slotName = adversarySlotName(of: key)
      if slotName == "twin" || (slotName == "panel" && removedAnchor != nil) { continue }
      let slotDeclared = screen.slot(slotName)?.isDeclared ?? false
      if !slotDeclared || !screen.lifetime(key).keepsHidden {
        failures.append("\(key) is a child but neither declared nor kept alive")
      }
      if let superview = controller.viewIfLoaded?.superview {
        failures.append("\(key) is hidden but its view is in \(ModelProbe.name(superview))")
      }
    }
    failures += checkAppearanceStates(host)
    failures += checkPrimary(host, screen, byKey)
    failures += checkTwin(host, screen)
    failures += checkMisuse(host)
    let stillShown = viewsRemoved.filter { _, weak in
      weak.controller.map { $0.parent === host && $0.viewIfLoaded?.window != nil } ?? false
    }
    failures += AdversaryExpectations.checkBehindTheBack(
      tampered + stillShown.map { (.viewRemoved, $0.0) }, diagnostics: diagnosticsSinceSettle,
      declared: declared)
    failures += checkLeaks(host)
    return failures
  }

  /// Every declared child's view is in its slot's host, in declaration order, with the slot's
  /// layout, the latest update and the slot's environment.
  private func checkSlot(
    _ slot: AdversarySlot, _ screen: AdversaryScreen, _ host: any AdversaryHosting,
    _ byKey: [String: UIViewController], _ owners: [ObjectIdentifier: String]
  ) -> [String] {
    var failures: [String] = []
    let anchor: UIView = host.anchors.view(for: slot.name) ?? host.view
    var direct: [UIView] = []
    var stacked: [[UIView]] = []
    for view in anchor.subviews {
      if let key = owners[ObjectIdentifier(view)] {
        if adversarySlotName(of: key) == slot.name { direct.append(view) }
      } else if let stack = view as? UIStackView {
        let mine = stack.arrangedSubviews.filter {
          owners[ObjectIdentifier($0)].map(adversarySlotName) == slot.name
        }
        if !mine.isEmpty { stacked.append(mine) }
        if stack.subviews.count != stack.arrangedSubviews.count {
          failures.append(
            "a stack in '\(slot.name)' has \(stack.subviews.count) subviews, "
              + "\(stack.arrangedSubviews.count) arranged")
        }
      }
    }
    let keys: ([UIView]) -> [String] = { $0.map { owners[ObjectIdentifier($0)] ?? "?" } }
    let shown: [String]
    if slot.layout.isStack && slot.isDeclared {
      if !direct.isEmpty {
        failures.append("'\(slot.name)' is a stack but \(keys(direct)) are outside it")
      }
      if stacked.count > 1 {
        failures.append("'\(slot.name)' has its children in \(stacked.count) stack views")
      }
      shown = keys(stacked.first ?? [])
    } else {
      if !stacked.isEmpty {
        failures.append(
          "'\(slot.name)' is \(slot.layout) but \(keys(stacked.flatMap(\.self))) are in a stack")
      }
      shown = keys(direct)
    }
    if shown != slot.keys {
      failures.append("slot '\(slot.name)' shows \(shown), declared \(slot.keys)")
    }
    let theme = slot.theme ?? host.baseTheme
    for key in slot.keys {
      guard let controller = byKey[key] as? AdversaryChild else {
        failures.append("\(key) is declared but has no controller")
        continue
      }
      guard let view = controller.viewIfLoaded, view.superview != nil else {
        failures.append("\(key) is declared but its view is not shown")
        continue
      }
      if !slot.layout.isStack, let frame = slot.layout.expectedFrame(in: anchor),
        view.frame != frame
      {
        failures.append("\(key) has frame \(view.frame), expected \(frame) for \(slot.layout)")
      }
      if controller.generation != slot.generation {
        failures.append(
          "\(key) has generation \(controller.generation), expected \(slot.generation)")
      }
      if controller.theme != theme {
        failures.append("\(key) has theme '\(controller.theme)', expected '\(theme)'")
      }
    }
    return failures
  }

  /// A child has appeared exactly when its view is in a shown window.
  private func checkAppearanceStates(_ host: any AdversaryHosting) -> [String] {
    var failures: [String] = []
    for child in host.children where adversaryKey(of: child) != nil {
      guard let view = child.viewIfLoaded, !isUnderRemovedAnchor(view) else { continue }
      let expected: ModelAppearanceState = isShown(view) ? .appeared : .disappeared
      let name = ModelProbe.name(child)
      if ModelProbe.appearance(child) != expected {
        failures.append("\(name) is \(ModelProbe.appearance(child)), expected \(expected)")
      }
      let replayed = appearance[name, default: .disappeared]
      if replayed != expected {
        failures.append("\(name)'s callbacks leave it \(replayed), expected \(expected)")
      }
    }
    return failures
  }

  /// The primary slot's first child decides the status bar.
  private func checkPrimary(
    _ host: any AdversaryHosting, _ screen: AdversaryScreen, _ byKey: [String: UIViewController]
  ) -> [String] {
    let primary = screen.slots.first { $0.isDeclared && $0.isPrimary }
    // A slot whose anchor is gone is kept as it was mounted, its primary mark included.
    if removedAnchor != nil { return [] }
    let expected = primary.flatMap { byKey[$0.branchKey] }
    let actual = host.composer.primaryChild(for: .statusBar)
    var failures: [String] = []
    if actual !== expected {
      failures.append(
        "the primary child is \(actual.map(ModelProbe.name) ?? "none"), expected "
          + "\(expected.map(ModelProbe.name) ?? "none")")
    }
    if host.childForStatusBarStyle !== expected {
      failures.append("childForStatusBarStyle is not the primary child")
    }
    return failures
  }

  /// The twin slot shows its cached instance while it is declared in one branch only.
  private func checkTwin(_ host: any AdversaryHosting, _ screen: AdversaryScreen) -> [String] {
    let views = host.anchors.twin.subviews.filter { view in
      host.children.contains { $0.viewIfLoaded === view }
    }
    switch screen.twin {
    case .absent:
      return views.isEmpty ? [] : ["the twin slot is not declared but shows \(views.count) views"]
    case .shown:
      // Declared again before a composition saw it go, the twin keeps the controller it had
      // (its identity never changed), which the harness no longer caches.
      let cache =
        host.twinCache
        ?? host.children.first { $0 is TwinChild && $0.viewIfLoaded.map(views.contains) == true }
      guard let cache else { return ["the twin slot has no cached instance"] }
      if views.count != 1 || views.first !== cache.viewIfLoaded || cache.parent !== host {
        return ["the twin slot does not show its cached instance (\(views.count) views)"]
      }
      return []
    case .toggled:
      return views.count > 1 ? ["the twin slot shows \(views.count) views"] : []
    }
  }

  /// Each misuse declared since the last settle was reported with its id and harmed nothing.
  private func checkMisuse(_ host: any AdversaryHosting) -> [String] {
    var failures: [String] = []
    for misuse in misuseSinceSettle.sorted(by: { "\($0)" < "\($1)" }) {
      let ids = AdversaryExpectations.ids(for: misuse)
      if !diagnosticsSinceSettle.contains(where: { ids.contains($0.id.rawValue) }) {
        failures.append(
          "misuse \(misuse) was declared but no diagnostic \(ids.sorted()) was reported "
            + "(reported: \(diagnosticsSinceSettle.map(\.id.rawValue)))")
      }
    }
    if foreignChild.parent !== foreign {
      failures.append("the foreign container's child was taken from it")
    }
    if let outer, host.parent != nil, host.parent !== outer {
      failures.append("the container was moved under \(ModelProbe.name(host.parent ?? host))")
    }
    if let misuse = host.scenario.screen.misuse {
      let shown = host.anchors.misuse.subviews.filter { view in
        host.children.contains { $0.viewIfLoaded === view }
      }
      let adopted = shown.contains { $0 === host.victim?.viewIfLoaded } ? 1 : 0
      if shown.count != misuse.legitimateChildren + adopted {
        failures.append(
          "the misuse slot (\(misuse)) shows \(shown.count) children, expected "
            + "\(misuse.legitimateChildren)")
      }
    }
    return failures
  }

  /// Every controller that is no longer a child (of a live container) is deallocated, and so is
  /// every dropped container and all its children.
  private func checkLeaks(_ host: any AdversaryHosting) -> [String] {
    var failures: [String] = []
    let children = Set(host.children.map(ObjectIdentifier.init))
    for entry in registry.entries where entry.host == host.setup.serial {
      guard let controller = entry.controller else { continue }
      if children.contains(ObjectIdentifier(controller)) || controller === host.twinCache
        || controller === host.victim
      {
        continue
      }
      failures.append("\(entry.name) is no longer a child but is still alive")
    }
    registry.prune()
    return failures
  }

  private func checkReleased() -> [String] {
    var failures: [String] = []
    for (serial, name, reference) in dropped {
      if reference.object != nil {
        failures.append("\(name) was dropped but is still alive")
      }
      for entry in registry.entries where entry.host == serial && entry.controller != nil {
        failures.append("\(entry.name) of dropped \(name) is still alive")
      }
    }
    return failures
  }

  // MARK: Reporting

  private func note(_ action: String) {
    if debugEvents { debugLog.append("note: " + action) }
    actions.append(action)
    if actions.count > 40 { actions.removeFirst(actions.count - 40) }
  }

  func report(_ failures: [String], step: Int) -> String {
    if debugEvents, let subject = ProcessInfo.processInfo.environment["COMPOSE_DEBUG_SUBJECT"] {
      print(
        "EVENTS for \(subject):\n"
          + (debugLog + ModelRuntime.events.map(\.description)).filter {
            $0.contains(subject) || $0.hasPrefix("note:")
          }.suffix(400).joined(separator: "\n"))
      print("TRACE:\n" + (host?.composer.trace.suffix(80).joined(separator: "\n") ?? ""))
    }
    // Update steps are the most frequent and the least telling: the others are shown.
    let trace =
      host?.composer.trace.filter { !$0.hasPrefix("update ") }.suffix(60)
      .joined(separator: "\n") ?? "(no container)"
    return """
      adversarial composition: seed \(adversaryHex(seed)) failed at step \(step) \
      (\(options.nested ? "nested" : "root"), \(options.composed ? "ComposedViewController" : "Composer"), \
      \(options.manual ? "manual" : "automatic") forwarding):
      \(failures.joined(separator: "\n"))
      declared: \(scenario.screen)
      window hidden: \(window.isHidden)
      mounted:
      \(host?.composer.hierarchyDescription ?? "(no container)")
      last actions:
      \(actions.joined(separator: "\n"))
      last steps performed (updates left out):
      \(trace)
      replay: COMPOSE_ADVERSARIAL_SEED=\(adversaryHex(seed)) COMPOSE_ADVERSARIAL_STEPS=\(step) \
      swift test --disable-default-traits --filter AdversarialComposition
      """
  }
}

/// A weak reference.
@MainActor
private final class AdversaryWeak {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}

/// Lets the main actor run the invalidations that observation scheduled.
@MainActor
private func drainMainActor() async {
  for _ in 0..<5 {
    await Task.yield()
  }
}

#endif
