#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// Randomized tests of the composer and executor against UIKitModel. Each case is a seeded
// sequence of random screen states applied to a live container at random virtual times, so that
// changes land in the middle of animated swaps; the window is hidden and shown and memory warnings
// arrive in between. After every settle (`ModelRuntime.runUntilIdle()`), the controller tree, the
// view tree, the composer's mounted tree and the declaration must agree, appearance callbacks must
// be balanced, nothing may be reported, and every removed controller must be gone.
//
// A failure prints its seed and step. To replay one seed (optionally with another step count):
//
//   COMPOSE_RANDOM_SEED=0x1234abcd [COMPOSE_RANDOM_STEPS=400] \
//     swift test --filter RandomizedComposition
//
// A long run, in cases of 500 steps each:
//
//   COMPOSE_SOAK_STEPS=50000 swift test --filter RandomizedComposition

@MainActor
@Suite("Randomized composition", .isolatedModel)
struct RandomizedComposition {
  @Test("Random declarations at random times keep controllers, views and declaration in step")
  func randomSequences() {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    if let seed = Soak.replaySeed {
      _ = Soak.run(seed: seed, steps: Soak.replaySteps ?? Soak.ciSteps)
      return
    }
    var seeds = SplitMix64(seed: 0xC0DE_5EED_0000_0001)
    for _ in 0..<Soak.ciCases {
      _ = Soak.run(seed: seeds.next(), steps: Soak.ciSteps)
    }
  }

  @Test(
    "Soak: the same checks over COMPOSE_SOAK_STEPS steps",
    .enabled(if: Soak.soakSteps != nil, "set COMPOSE_SOAK_STEPS to run it"))
  func soak() {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let total = Soak.soakSteps ?? 0
    var seeds = SplitMix64(seed: Soak.soakSeed ?? 0x50A_C0DE_0000_0002)
    var remaining = total
    var cases = 0
    var failing: [String] = []
    let start = Date()
    while remaining > 0 {
      let steps = min(remaining, 500)
      let seed = seeds.next()
      if let step = Soak.run(seed: seed, steps: steps) {
        failing.append("\(hex(seed)) at step \(step)")
      }
      remaining -= steps
      cases += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print(
      "randomized composition soak: \(total) steps in \(cases) cases, "
        + "\(String(format: "%.1f", seconds)) s, \(failing.count) failing cases"
        + (failing.isEmpty ? "" : ":\n  " + failing.joined(separator: "\n  ")))
  }

  @Test("The checks report a container that was corrupted", arguments: ComposerTampering.allCases)
  func checksReportTampering(_ tampering: ComposerTampering) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let harness = Harness(seed: 0x7A3B_E5EE_D000_0003, forwardsManually: false)
    #expect(harness.settle().isEmpty)
    for _ in 0..<20 {
      harness.step(events: false)
    }
    #expect(harness.settle() == [])
    let container = harness.container
    let fillKey = container.state.fill.keys[0]
    let shown = try #require(
      container.children.first { $0.uikitModel.name.hasPrefix(fillKey + ".") })
    switch tampering {
    case .viewRemovedBehindTheComposersBack:
      shown.view.removeFromSuperview()
    case .childAddedBehindTheComposersBack:
      let intruder = RowController()
      intruder.uikitModel.name = "intruder"
      container.addChild(intruder)
      container.view.addSubview(intruder.view)
      intruder.didMove(toParent: container)
    case .removedControllerKeptAlive:
      container.state.lifetimes[fillKey] = .whileShown
      #expect(harness.settle() == [])
      harness.retained = shown
      container.state.fill.flag.toggle()
    case .appearanceLeftUnbalanced:
      shown.beginAppearanceTransition(false, animated: false)
    case .updateSkipped:
      (shown as? ProbeController)?.generation = -1
    }
    let failures = harness.settle()
    #expect(
      failures.contains { $0.contains(tampering.reported) },
      "expected a failure containing '\(tampering.reported)', got:\n\(failures.joined(separator: "\n"))"
    )
  }
}

/// Ways to corrupt a settled container behind the composer's back, and what the checks report.
enum ComposerTampering: CaseIterable, Sendable {
  case viewRemovedBehindTheComposersBack
  case childAddedBehindTheComposersBack
  case removedControllerKeptAlive
  case appearanceLeftUnbalanced
  case updateSkipped

  var reported: String {
    switch self {
    case .viewRemovedBehindTheComposersBack: "is declared but its view is not shown"
    case .childAddedBehindTheComposersBack: "child 'intruder' was not made by a factory"
    case .removedControllerKeptAlive: "is no longer a child but is still alive"
    case .appearanceLeftUnbalanced: "is disappearing, expected appeared"
    case .updateSkipped: "has generation -1"
    }
  }
}

// MARK: - Running cases

@MainActor
private enum Soak {
  static let ciCases = 8
  static let ciSteps = 400

  nonisolated static var replaySeed: UInt64? { number("COMPOSE_RANDOM_SEED") }
  nonisolated static var replaySteps: Int? { number("COMPOSE_RANDOM_STEPS").map { Int($0) } }
  nonisolated static var soakSteps: Int? { number("COMPOSE_SOAK_STEPS").map { Int($0) } }
  /// Starts the soak's sequence of case seeds elsewhere, so that soaks can run side by side.
  nonisolated static var soakSeed: UInt64? { number("COMPOSE_SOAK_SEED") }

  private nonisolated static func number(_ variable: String) -> UInt64? {
    guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  /// Runs one case; returns the step of its first failure, or `nil` when every check passed.
  static func run(seed: UInt64, steps: Int) -> Int? {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let harness = Harness(seed: seed)
    var failures = harness.settle()
    var step = 0
    while failures.isEmpty, step < steps {
      step += 1
      harness.step()
      if harness.wantsSettle || step == steps {
        failures = harness.settle()
      }
    }
    guard !failures.isEmpty else { return nil }
    let report = harness.report(failures, step: step)
    print(report)
    #expect(failures.isEmpty, Comment(rawValue: report))
    return step
  }
}

private func hex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

// MARK: - The random screen state

/// A slot transition.
private enum Motion: CaseIterable, CustomStringConvertible {
  case none, crossDissolve, slide

  var transition: Transition {
    switch self {
    case .none: .none
    case .crossDissolve: .crossDissolve(duration: 0.2)
    case .slide: .slide(from: .trailing, duration: 0.3)
    }
  }

  var description: String { transition.description }
}

/// A child's lifetime.
private enum Keeping: CaseIterable, CustomStringConvertible {
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

/// One slot: an if/else child pair, then a keyed list of rows.
private struct SlotState: CustomStringConvertible {
  let name: String
  var flag: Bool
  var rows: [Int]
  var motion: Motion
  /// What the update closures pass to the children; every shown child must have the latest.
  var generation = 0

  static let rowKeys = 0..<8

  /// The keys of the declared children, in order: the branch's child, then the rows.
  var keys: [String] {
    [name + (flag ? "/first" : "/second")] + rows.map { "\(name)/row\($0)" }
  }

  /// Every key the slot can declare.
  var allKeys: [String] {
    ["\(name)/first", "\(name)/second"] + Self.rowKeys.map { "\(name)/row\($0)" }
  }

  var description: String {
    "'\(name)' \(flag ? "first" : "second") rows \(rows) \(motion) generation \(generation)"
  }

  mutating func mutate(_ random: inout SplitMix64) {
    if random.chance(0.35) { flag.toggle() }
    if random.chance(0.3) { generation += 1 }
    if random.chance(0.1) { motion = random.pick(Motion.allCases) }
    guard random.chance(0.5) else { return }
    for _ in 0...random.below(3) {
      switch random.below(3) {
      case 0 where rows.count < 6:
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

  static func random(_ name: String, _ random: inout SplitMix64) -> SlotState {
    var rows = Array(rowKeys).shuffled(using: &random)
    rows.removeLast(rows.count - random.below(4))
    return SlotState(
      name: name, flag: random.chance(0.5), rows: rows, motion: random.pick(Motion.allCases))
  }
}

/// What the container declares.
private struct ScreenState: CustomStringConvertible {
  var fill: SlotState
  var stack: SlotState
  var panel: SlotState
  /// Whether the slot anchored to the panel is declared.
  var showsPanel: Bool
  /// Every possible child's lifetime, by key.
  var lifetimes: [String: Keeping]

  /// The declared slots.
  var slots: [SlotState] { showsPanel ? [fill, stack, panel] : [fill, stack] }

  func lifetime(_ key: String) -> Keeping { lifetimes[key] ?? .whileShown }

  func declares(_ key: String) -> Bool {
    slots.contains { $0.keys.contains(key) }
  }

  func declaresSlot(of key: String) -> Bool {
    slots.contains { $0.name == slotName(of: key) }
  }

  var description: String {
    let kept = lifetimes.filter { $0.value.keepsHidden }.sorted { $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }
    return slots.map(\.description).joined(separator: "; ") + "\nkept alive: "
      + kept.joined(separator: ", ")
  }

  static func random(_ random: inout SplitMix64) -> ScreenState {
    let fill = SlotState.random("fill", &random)
    let stack = SlotState.random("stack", &random)
    let panel = SlotState.random("panel", &random)
    var lifetimes: [String: Keeping] = [:]
    for key in fill.allKeys + stack.allKeys + panel.allKeys {
      lifetimes[key] = randomKeeping(&random)
    }
    return ScreenState(
      fill: fill, stack: stack, panel: panel, showsPanel: random.chance(0.6), lifetimes: lifetimes)
  }

  mutating func mutate(_ random: inout SplitMix64) {
    fill.mutate(&random)
    stack.mutate(&random)
    panel.mutate(&random)
    if random.chance(0.08) { showsPanel.toggle() }
    for key in lifetimes.keys.sorted() where random.chance(0.03) {
      lifetimes[key] = Self.randomKeeping(&random)
    }
  }

  private static func randomKeeping(_ random: inout SplitMix64) -> Keeping {
    random.chance(0.5) ? .whileShown : random.chance(0.6) ? .keepAlive : .keepAliveThroughWarnings
  }
}

/// The slot a key belongs to.
private func slotName(of key: String) -> String {
  String(key.prefix { $0 != "/" })
}

/// The key of a controller made by a ``Registry``: its model name without the serial number.
private func key(of name: String) -> String? {
  guard name.contains("/"), let dot = name.lastIndex(of: ".") else { return nil }
  return String(name[..<dot])
}

// MARK: - The declaration

/// A controller that remembers the last generation its factory or update closure gave it.
@MainActor
private class ProbeController: UIViewController {
  var generation = -2
}

private final class FirstController: ProbeController {}
private final class SecondController: ProbeController {}
private final class RowController: ProbeController {}

/// Makes every controller, names it uniquely and keeps a weak reference to it.
@MainActor
private final class Registry {
  private final class Entry {
    let name: String
    weak var controller: UIViewController?

    init(name: String, controller: UIViewController) {
      self.name = name
      self.controller = controller
    }
  }

  private var entries: [Entry] = []
  private var serial = 0

  func make<Controller: ProbeController>(_ controller: Controller, _ key: String, _ generation: Int)
    -> Controller
  {
    serial += 1
    controller.uikitModel.name = "\(key).\(serial)"
    controller.generation = generation
    entries.append(Entry(name: controller.uikitModel.name, controller: controller))
    return controller
  }

  /// The names of the controllers made, alive or not.
  var names: [String] { entries.map(\.name) }

  /// The names of the controllers that were deallocated.
  var deallocated: [String] { entries.filter { $0.controller == nil }.map(\.name) }

  /// Forgets the deallocated controllers.
  func prune() {
    entries.removeAll { $0.controller == nil }
  }
}

@MainActor
private enum Declaration {
  static let panelInsets = UIEdgeInsets(top: 8, left: 12, bottom: 16, right: 20)

  @CompositionBuilder
  static func content(_ state: ScreenState, panel: UIView, registry: Registry)
    -> CompositionContent
  {
    Slot("fill") { children(state.fill, state, registry) }
      .transition(state.fill.motion.transition)
    Slot("stack", layout: .stack(axis: .vertical)) { children(state.stack, state, registry) }
      .transition(state.stack.motion.transition)
    if state.showsPanel {
      Slot("panel", in: panel, layout: .fill(insets: panelInsets)) {
        children(state.panel, state, registry)
      }
      .transition(state.panel.motion.transition)
    }
  }

  @SlotBuilder
  static func children(_ slot: SlotState, _ state: ScreenState, _ registry: Registry)
    -> SlotContent
  {
    let generation = slot.generation
    let first = "\(slot.name)/first"
    let second = "\(slot.name)/second"
    if slot.flag {
      Child {
        registry.make(FirstController(), first, generation)
      } update: {
        $0.generation = generation
      }
      .lifetime(state.lifetime(first).lifetime)
    } else {
      Child {
        registry.make(SecondController(), second, generation)
      } update: {
        $0.generation = generation
      }
      .lifetime(state.lifetime(second).lifetime)
    }
    ForEach(slot.rows, id: \.self) { row in
      let key = "\(slot.name)/row\(row)"
      Child {
        registry.make(RowController(), key, generation)
      } update: {
        $0.generation = generation
      }
      .lifetime(state.lifetime(key).lifetime)
    }
  }

  /// The key a position in a slot stands for (`0.first`, `0.second`, `1.#3`).
  nonisolated static func key(slot: String, position: String) -> String {
    switch position {
    case "0.first": "\(slot)/first"
    case "0.second": "\(slot)/second"
    default: "\(slot)/row\(position.dropFirst(3))"
    }
  }
}

/// The container: three slots, optionally forwarding appearance itself.
@MainActor
private final class RandomContainer: UIViewController {
  let forwardsManually: Bool
  let registry: Registry
  let panel = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 200))
  var state: ScreenState {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Declaration.content(state, panel: panel, registry: registry)
  }

  init(state: ScreenState, registry: Registry, forwardsManually: Bool) {
    self.state = state
    self.registry = registry
    self.forwardsManually = forwardsManually
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
    panel.uikitModel.name = "panel"
  }

  required init?(coder: NSCoder) { nil }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !forwardsManually }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(panel)
    composer.setNeedsCompose()
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
  }

  // A container that forwards appearance itself lets its composer forward to the children.
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

// MARK: - The harness

/// The composer's mounted tree, read from its `hierarchyDescription`.
private struct Mounted {
  var shown: [String: [String]] = [:]
  var hidden: [String: [String: String]] = [:]
  var slots: [String] = []

  init(_ description: String) {
    var slot = ""
    for line in description.split(separator: "\n") {
      if line.hasPrefix("slot '") {
        slot = String(line.dropFirst(6).prefix { $0 != "'" })
        slots.append(slot)
        shown[slot] = []
        hidden[slot] = [:]
        continue
      }
      var text = line.drop { $0 == " " }
      let isHidden = text.hasPrefix("hidden ")
      if isHidden { text = text.dropFirst(7) }
      let words = text.split(separator: " ", maxSplits: 2).map(String.init)
      guard words.count >= 2 else { continue }
      let key = Declaration.key(slot: slot, position: words[0])
      if isHidden {
        hidden[slot, default: [:]][key] = words.count > 2 ? words[2] : "whileShown"
      } else {
        shown[slot, default: []].append(key)
      }
    }
  }
}

/// Runs one random case against a live container and checks it after every settle.
@MainActor
private final class Harness {
  let seed: UInt64
  let container: RandomContainer
  let window: UIWindow
  /// A controller the test keeps alive on purpose (to prove the leak check works).
  var retained: UIViewController?
  private let registry = Registry()
  private var random: SplitMix64
  private var stepsUntilSettle = 1
  /// The states declared since the last settle, that one first.
  private var history: [ScreenState] = []
  private var warnedSinceSettle = false
  /// Each key's controller at the last settle.
  private var previous: [String: String] = [:]
  /// Each controller's appearance state, from the appearance callbacks in the event log.
  private var appearance: [String: ModelAppearanceState] = [:]
  private var pending: [String] = []
  /// The evictable hidden children at the last memory warning: key, slot and controller name.
  private var warnedHidden: [String: (slot: String, controller: String)] = [:]
  private var actions: [String] = []

  init(seed: UInt64, forwardsManually: Bool? = nil) {
    self.seed = seed
    random = SplitMix64(seed: seed)
    let manual = random.chance(0.3)
    let state = ScreenState.random(&random)
    container = RandomContainer(
      state: state, registry: registry, forwardsManually: forwardsManually ?? manual)
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    history = [state]
    note("start: \(container.forwardsManually ? "manual" : "automatic") forwarding; \(state)")
  }

  var wantsSettle: Bool { stepsUntilSettle <= 0 }

  /// Changes the state, sometimes hides or shows the window, lets a random time pass and
  /// sometimes delivers a memory warning.
  func step(events: Bool = true) {
    var state = container.state
    state.mutate(&random)
    container.state = state
    container.composer.setNeedsCompose()
    history.append(state)
    note("state: \(state)")
    if events, random.chance(0.05) {
      window.isHidden.toggle()
      note(window.isHidden ? "window hidden" : "window shown")
    }
    let delay = random.chance(0.2) ? 0 : Double(random.below(401)) / 1000
    ModelRuntime.advance(by: delay)
    note("advance \(delay) s to \(ModelRuntime.currentTime)")
    if events, random.chance(0.04) {
      ModelRuntime.simulateMemoryWarning()
      warnedSinceSettle = true
      note("memory warning")
      // Evicted at once, or, for a child that a running swap is taking out, when the swap ends.
      let mounted = Mounted(container.composer.hierarchyDescription)
      for (slot, hidden) in mounted.hidden {
        for (hiddenKey, lifetime) in hidden where lifetime == "keepAlive" {
          if let controller = container.children.first(where: {
            key(of: $0.uikitModel.name) == hiddenKey
          }) {
            warnedHidden[hiddenKey] = (slot, controller.uikitModel.name)
          }
        }
      }
    }
    if !warnedHidden.isEmpty {
      // A child shown again since the warning is no longer the warning's to evict.
      let mounted = Mounted(container.composer.hierarchyDescription)
      for (slot, keys) in mounted.shown {
        for shownKey in keys where warnedHidden[shownKey]?.slot == slot {
          warnedHidden[shownKey] = nil
        }
      }
    }
    stepsUntilSettle -= 1
  }

  /// Runs everything pending, checks, and starts a new interval.
  func settle() -> [String] {
    ModelRuntime.runUntilIdle()
    note("settle at \(ModelRuntime.currentTime)")
    var failures = pending
    let mounted = Mounted(container.composer.hierarchyDescription)
    for (warnedKey, warned) in warnedHidden.sorted(by: { $0.key < $1.key })
    where mounted.hidden[warned.slot]?[warnedKey] == "keepAlive"
      && container.children.contains(where: { $0.uikitModel.name == warned.controller })
    {
      failures.append("\(warnedKey) in '\(warned.slot)' is still hidden after a memory warning")
    }
    warnedHidden = [:]
    failures += check()
    pending = []
    history = [container.state]
    warnedSinceSettle = false
    stepsUntilSettle = 1 + random.below(8)
    return failures
  }

  // MARK: Checks

  private func check() -> [String] {
    var failures: [String] = []
    let state = container.state
    let children = container.children
    var byKey: [String: UIViewController] = [:]
    for child in children {
      guard let key = key(of: child.uikitModel.name) else {
        failures.append("child '\(child.uikitModel.name)' was not made by a factory")
        continue
      }
      if let other = byKey[key] {
        failures.append(
          "\(key) has two controllers: \(other.uikitModel.name), \(child.uikitModel.name)")
      }
      byKey[key] = child
    }
    failures += checkViews(state, byKey)
    failures += checkMounted(state, byKey)
    failures += checkAppearance(state, children)
    failures += checkLifetimes(state, byKey)
    if !ModelRuntime.diagnostics.isEmpty {
      failures.append("model diagnostics: \(ModelRuntime.diagnostics)")
    }
    if !ModelRuntime.recordedExceptions.isEmpty {
      failures.append("model exceptions: \(ModelRuntime.recordedExceptions)")
    }
    if !container.composer.diagnostics.isEmpty {
      failures.append("composer diagnostics: \(container.composer.diagnostics.map(\.message))")
    }
    if ModelRuntime.hasPendingWork { failures.append("work is still pending after settling") }
    previous = byKey.mapValues(\.uikitModel.name)
    return failures
  }

  /// Every declared child's view is in its slot's host, in declaration order, with the slot's
  /// layout; every other child's view is out of the hierarchy; the hosts hold nothing else.
  private func checkViews(_ state: ScreenState, _ byKey: [String: UIViewController]) -> [String] {
    var failures: [String] = []
    let root: UIView = container.view
    var owners: [ObjectIdentifier: String] = [:]
    for (key, controller) in byKey {
      if let view = controller.viewIfLoaded { owners[ObjectIdentifier(view)] = key }
    }
    func keys(_ views: [UIView]) -> [String] {
      views.map { owners[ObjectIdentifier($0)] ?? "unknown view \($0.uikitModel.name)" }
    }
    let stacks = root.subviews.compactMap { $0 as? UIStackView }
    if stacks.count > 1 { failures.append("the container view has \(stacks.count) stack views") }
    for view in root.subviews {
      // The composer's own layout trigger is a zero-size view that takes no touches.
      let isTrigger = view.frame == .zero && !view.isUserInteractionEnabled
      let isOwn = view === panel || view is UIStackView || isTrigger
      if !isOwn, let key = owners[ObjectIdentifier(view)], slotName(of: key) != "fill" {
        failures.append("\(key) is in the container view, outside its slot")
      } else if !isOwn, owners[ObjectIdentifier(view)] == nil {
        failures.append("unknown view \(view.uikitModel.name) in the container view")
      }
    }
    let fillViews = root.subviews.filter {
      owners[ObjectIdentifier($0)].map { slotName(of: $0) == "fill" } ?? false
    }
    let stackViews = stacks.first?.arrangedSubviews ?? []
    if let stack = stacks.first, stack.subviews.count != stack.arrangedSubviews.count {
      failures.append(
        "the stack has \(stack.subviews.count) subviews, \(stack.arrangedSubviews.count) arranged")
    }
    let hosts: [(SlotState, [UIView], CGRect?)] = [
      (state.fill, fillViews, root.bounds),
      (state.stack, stackViews, nil),
      (state.panel, panel.subviews, panel.bounds.inset(by: Declaration.panelInsets)),
    ]
    for (slot, views, frame) in hosts {
      let declared = slot.name == "panel" && !state.showsPanel ? [] : slot.keys
      let shown = keys(views)
      if shown != declared {
        failures.append("slot '\(slot.name)' shows \(shown), declared \(declared)")
      }
      for key in declared {
        guard let controller = byKey[key] else {
          failures.append("\(key) is declared but has no controller")
          continue
        }
        guard let view = controller.viewIfLoaded, views.contains(where: { $0 === view }) else {
          failures.append("\(key) is declared but its view is not shown in its slot")
          continue
        }
        if let frame, view.frame != frame {
          failures.append("\(key) has frame \(view.frame), expected \(frame)")
        }
        if let probe = controller as? ProbeController, probe.generation != slot.generation {
          failures.append(
            "\(key) has generation \(probe.generation), expected \(slot.generation)")
        }
      }
    }
    for (key, controller) in byKey where !state.declares(key) {
      if let superview = controller.viewIfLoaded?.superview {
        failures.append("\(key) is not declared but its view is in \(superview.uikitModel.name)")
      }
    }
    return failures
  }

  private var panel: UIView { container.panel }

  /// The composer's mounted tree lists the declared children and the hidden ones; each has the
  /// controller the container holds for it.
  private func checkMounted(_ state: ScreenState, _ byKey: [String: UIViewController]) -> [String] {
    var failures: [String] = []
    let composer = container.composer
    let mounted = Mounted(composer.hierarchyDescription)
    let declaredSlots = state.slots.map(\.name)
    if mounted.slots != declaredSlots {
      failures.append("mounted slots \(mounted.slots), declared \(declaredSlots)")
    }
    let tree = CompositionTree(Declaration.content(state, panel: panel, registry: Registry()))
    var hiddenKeys = Set<String>()
    for slot in state.slots {
      if mounted.shown[slot.name] != slot.keys {
        failures.append(
          "mounted '\(slot.name)' shows \(mounted.shown[slot.name] ?? []), declared \(slot.keys)")
      }
      for (identity, key) in zip(tree.children(in: slot.name), slot.keys) {
        if let controller = byKey[key], composer.controller(for: identity) !== controller {
          failures.append("the composer's controller for \(identity) is not \(key)'s")
        }
      }
      for (key, lifetime) in mounted.hidden[slot.name] ?? [:] {
        hiddenKeys.insert(key)
        if !lifetime.hasPrefix("keepAlive") {
          failures.append("\(key) is hidden with lifetime \(lifetime)")
        }
        if slot.keys.contains(key) { failures.append("\(key) is both declared and hidden") }
      }
    }
    for (key, _) in byKey where !state.declares(key) && !hiddenKeys.contains(key) {
      failures.append("\(key) is a child but neither declared nor hidden")
    }
    for key in hiddenKeys where byKey[key] == nil {
      failures.append("\(key) is hidden but is not a child")
    }
    return failures
  }

  /// Replays the appearance callbacks per controller, then compares with what should be.
  private func checkAppearance(_ state: ScreenState, _ children: [UIViewController]) -> [String] {
    var failures: [String] = []
    for event in ModelRuntime.events where event.category == .appearance {
      guard key(of: event.subject) != nil else { continue }
      let callback = String(event.callback.prefix { $0 != "(" })
      let before = appearance[event.subject, default: .disappeared]
      let after = before.after(callback)
      guard let after else {
        failures.append("\(event.subject) received \(event.callback) while \(before)")
        continue
      }
      appearance[event.subject] = after
    }
    ModelRuntime.clearEvents()
    let visible = !window.isHidden
    for child in children {
      let shown = child.viewIfLoaded?.superview != nil
      let expected: ModelAppearanceState = shown && visible ? .appeared : .disappeared
      if child.uikitModel.appearanceState != expected {
        failures.append(
          "\(child.uikitModel.name) is \(child.uikitModel.appearanceState), expected \(expected)")
      }
      let replayed = appearance[child.uikitModel.name, default: .disappeared]
      if replayed != expected {
        failures.append(
          "\(child.uikitModel.name)'s callbacks leave it \(replayed), expected \(expected)")
      }
    }
    let alive = Set(children.map(\.uikitModel.name))
    let deallocated = Set(registry.deallocated)
    for name in registry.names where !alive.contains(name) {
      if !deallocated.contains(name) {
        failures.append("\(name) is no longer a child but is still alive")
      } else if let last = appearance[name], last != .disappeared {
        failures.append("\(name) was removed while \(last)")
      }
    }
    for name in deallocated { appearance[name] = nil }
    registry.prune()
    return failures
  }

  /// A child that nothing could have removed since the last settle is still the same controller.
  private func checkLifetimes(_ state: ScreenState, _ byKey: [String: UIViewController]) -> [String]
  {
    var failures: [String] = []
    for (key, name) in previous {
      let slotStays = history.allSatisfy { $0.declaresSlot(of: key) }
      let alwaysDeclared = history.allSatisfy { $0.declares(key) }
      let alwaysKept = !warnedSinceSettle && history.allSatisfy { $0.lifetime(key).keepsHidden }
      guard slotStays, alwaysDeclared || alwaysKept else { continue }
      let now = byKey[key]?.uikitModel.name ?? "none"
      if now != name {
        failures.append("\(key) was \(name) and nothing removed it, but now is \(now)")
      }
    }
    return failures
  }

  // MARK: Reporting

  private func note(_ action: String) {
    actions.append(action)
    if actions.count > 40 { actions.removeFirst(actions.count - 40) }
  }

  func report(_ failures: [String], step: Int) -> String {
    let trace = container.composer.trace.suffix(60).joined(separator: "\n")
    return """
      randomized composition: seed \(hex(seed)) failed at step \(step) \
      (\(container.forwardsManually ? "manual" : "automatic") forwarding):
      \(failures.joined(separator: "\n"))
      declared: \(container.state)
      window hidden: \(window.isHidden)
      mounted:
      \(container.composer.hierarchyDescription)
      last actions:
      \(actions.joined(separator: "\n"))
      last steps performed:
      \(trace)
      replay: COMPOSE_RANDOM_SEED=\(hex(seed)) COMPOSE_RANDOM_STEPS=\(step) \
      swift test --filter RandomizedComposition
      """
  }
}

#endif
