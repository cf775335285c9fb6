#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// Randomized tests of navigation stacks, tabs and presentations against UIKitModel. Each case is
// a seeded sequence of random actions on a live `ComposedNavigationController`, on a
// `ComposedTabBarController` whose tabs are plain controllers or composed navigation
// controllers, or on a `ComposedViewController`; the navigation controller and the view
// controller declare one or two `Presentation`s next to their content: path changes of every shape (push, pop, pop several, replace, reorder, clear,
// an occasional duplicate key), with and without animation, landing at random virtual times so
// that they arrive while a transition runs (under both interruption policies); pops made by UIKit
// (`popViewController(animated:)`, an interactive pop finished or cancelled); tab lists changed,
// selections set (also to `nil`) and tabs tapped; with and without `.onPop`/`.onSelect`
// write-back; presented items set, cleared and changed, in random styles, with and without
// `.onDismiss`, sheets swiped away (finished, cancelled, met by a change), and presented
// controllers dismissed by other code. After each settle (`ModelRuntime.runUntilIdle()`), checks that must always hold:
// UIKit's stacks and tabs are the declared ones (and the state is UIKit's after a written-back
// pop or tap), UIKit presents the declared child (one of two declared waits), a swipe is refused
// without `.onDismiss`, a kept identity keeps its controller, each UIKit call Compose makes is the fewest
// (a path that gained one element is a push, not a set), the appearance callbacks are balanced and
// leave exactly the visible controllers appeared, released controllers are deallocated, and
// nothing is reported — no model warning or exception, no diagnostic but those the generated
// input calls for. Every UIKit call is also checked as it is made.
//
// Kinds of container are cases of `NavigationScenario`.
//
// A failure prints its seed and the steps before it. To replay one seed:
//
//   COMPOSE_NAVIGATION_SEED=0x1234abcd [COMPOSE_NAVIGATION_STEPS=300] \
//     swift test --disable-default-traits --filter RandomizedNavigation
//
// A long run, in cases of 500 steps each (COMPOSE_SOAK_SEED starts another sequence of cases):
//
//   COMPOSE_SOAK_STEPS=50000 swift test --disable-default-traits --filter RandomizedNavigation

@MainActor
@Suite("Randomized navigation", .isolatedModel(diagnostics: .allowed))
struct RandomizedNavigation {
  @Test("Random paths, tabs, pops and taps at random times keep UIKit and the declaration in step")
  func randomSequences() async {
    if let seed = NavigationSoak.replaySeed {
      _ = await NavigationSoak.run(
        seed: seed, steps: NavigationSoak.replaySteps ?? NavigationSoak.ciSteps)
      return
    }
    var seeds = SplitMix64(seed: 0x4E41_5649_0000_0001)
    for _ in 0..<NavigationSoak.ciCases {
      _ = await NavigationSoak.run(seed: seeds.next(), steps: NavigationSoak.ciSteps)
    }
  }

  @Test(
    "Soak: the same checks over COMPOSE_SOAK_STEPS steps",
    .enabled(if: NavigationSoak.soakSteps != nil, "set COMPOSE_SOAK_STEPS to run it"))
  func soak() async {
    let total = NavigationSoak.soakSteps ?? 0
    var seeds = SplitMix64(seed: NavigationSoak.soakSeed ?? 0x4E41_5649_0000_0002)
    var remaining = total
    var cases = 0
    var failing: [String] = []
    let start = Date()
    while remaining > 0 {
      let steps = min(remaining, 500)
      let seed = seeds.next()
      if let step = await NavigationSoak.run(seed: seed, steps: steps) {
        failing.append("\(hexadecimal(seed)) at step \(step)")
      }
      remaining -= steps
      cases += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print(
      "randomized navigation soak: \(total) steps in \(cases) cases, "
        + "\(String(format: "%.1f", seconds)) s, \(failing.count) failing cases"
        + (failing.isEmpty ? "" : ":\n  " + failing.joined(separator: "\n  ")))
  }

  @Test("The checks report a stack or tabs changed behind the composer's back")
  func checksReportTampering() async throws {
    for tampering in NavigationTampering.allCases {
      ModelRuntime.reset()
      ModelRuntime.exceptionPolicy = .record
      let harness = NavigationHarness(seed: 0x7A3B_0000_0000_0003, scenario: .stack)
      #expect(await harness.settle().isEmpty)
      #expect(await harness.prepareTampering().isEmpty)
      let failures = await harness.tamper(tampering)
      #expect(
        failures.contains { $0.contains(tampering.reported) },
        Comment(
          rawValue: "\(tampering): expected a failure containing '\(tampering.reported)', got:\n"
            + failures.joined(separator: "\n")))
    }
  }
}

/// Ways to corrupt a settled screen, and what the checks then report.
private enum NavigationTampering: CaseIterable {
  case controllerKeptAlive
  case appearanceLeftUnbalanced
  case stateNotWrittenBack
  case diagnosticReported

  var reported: String {
    switch self {
    case .controllerKeptAlive: "is no longer shown but is still alive"
    case .appearanceLeftUnbalanced: "appearing, expected disappeared"
    case .stateNotWrittenBack: "after UIKit popped"
    case .diagnosticReported: "unexpected diagnostic"
    }
  }
}

// MARK: - Running cases

@MainActor
private enum NavigationSoak {
  static let ciCases = 20
  static let ciSteps = 250

  nonisolated static var replaySeed: UInt64? { number("COMPOSE_NAVIGATION_SEED") }
  nonisolated static var replaySteps: Int? {
    number("COMPOSE_NAVIGATION_STEPS").map { Int($0) }
  }
  nonisolated static var soakSteps: Int? { number("COMPOSE_SOAK_STEPS").map { Int($0) } }
  nonisolated static var soakSeed: UInt64? { number("COMPOSE_SOAK_SEED") }

  private nonisolated static func number(_ variable: String) -> UInt64? {
    guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  /// Runs one case; returns the step of its first failure, or `nil` when every check passed.
  static func run(seed: UInt64, steps: Int) async -> Int? {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    // The checks read each composer's diagnostics; printing them all would only be noise.
    let reporting = DiagnosticReporting.mode
    DiagnosticReporting.mode = .quiet
    defer { DiagnosticReporting.mode = reporting }
    let harness = NavigationHarness(seed: seed)
    var failures = await harness.settle()
    var step = 0
    while failures.isEmpty, step < steps {
      step += 1
      await harness.step()
      failures = harness.takeImmediateFailures()
      if failures.isEmpty, harness.wantsSettle || step == steps {
        failures = await harness.settle()
      }
    }
    guard !failures.isEmpty else { return nil }
    let report = harness.report(failures, step: step)
    print(report)
    #expect(failures.isEmpty, Comment(rawValue: report))
    return step
  }
}

private func hexadecimal(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

// MARK: - The random state

/// What the case's root container is.
private enum NavigationScenario: CaseIterable {
  /// A composed navigation controller: tab 0's stack alone.
  case stack
  /// A composed tab bar controller; tabs whose key is not `2 mod 3` hold a composed navigation
  /// controller.
  case tabs
  /// A composed view controller with one child, presenting.
  case presenter
}

/// One declared presentation: what it presents, how, and whether it is told of dismissals.
private struct PresentationState {
  var item: Int?
  var style: UIModalPresentationStyle
  var writesBack: Bool

  /// The styles, sheets (which the user can swipe) more often.
  static let styles: [UIModalPresentationStyle] = [
    .pageSheet, .pageSheet, .formSheet, .formSheet, .fullScreen, .overFullScreen,
  ]
  static let itemKeys = 0..<4

  var description: String {
    "\(item.map(String.init) ?? "nil") \(styleName(style))\(writesBack ? " onDismiss" : "")"
  }
}

private func styleName(_ style: UIModalPresentationStyle) -> String {
  switch style {
  case .pageSheet: "pageSheet"
  case .formSheet: "formSheet"
  case .fullScreen: "fullScreen"
  case .overFullScreen: "overFullScreen"
  default: "\(style)"
  }
}

/// The source of truth the declarations read; write-back sets it.
@MainActor
private final class NavigationState {
  var tabs: [Int] = []
  var selection: Int?
  var paths: [Int: [Int]] = [:]
  /// What the update closures pass on; every shown controller must have the latest.
  var generation = 0
  var writesBackPops = true
  var writesBackTaps = true
  var policy = Interruption.finishRunning
  /// The presentations the root container declares, named `p0` and `p1`; none in the tabs
  /// scenario.
  var presentations: [PresentationState] = []

  static let tabKeys = 0..<6
  static let elementKeys = 0..<8

  static func holdsStack(_ tab: Int) -> Bool { tab % 3 != 2 }

  func path(_ tab: Int) -> [Int] { paths[tab] ?? [] }

  var description: String {
    let stacks = paths.keys.sorted().filter { !path($0).isEmpty }.map { "\($0): \(path($0))" }
    return
      "tabs \(tabs) selection \(selection.map(String.init) ?? "nil") paths [\(stacks.joined(separator: ", "))] "
      + "generation \(generation) onPop \(writesBackPops) onSelect \(writesBackTaps) \(policy)"
      + presentations.enumerated().map { " p\($0.offset): \($0.element.description)" }.joined()
  }

  /// The presentations, declared for the root container.
  func presentationContent(registry: NavigationRegistry) -> CompositionContent {
    var contents: [CompositionContent] = []
    let generation = generation
    for (index, declared) in presentations.enumerated() {
      var presentation = Presentation("p\(index)", item: declared.item, id: \.self) { item in
        Child {
          registry.register(PresentedPageController(), "p\(index)/i\(item)")
        } update: {
          $0.generation = generation
        }
      }
      .presentationStyle(declared.style)
      if declared.writesBack {
        presentation = presentation.onDismiss { [weak self] in
          self?.presentations[index].item = nil
        }
      }
      contents.append(presentation.compositionContent)
    }
    return CompositionBuilder.buildArray(contents)
  }
}

// MARK: - Controllers

/// A controller that remembers the last generation its factory or update closure gave it.
@MainActor
private class PageController: UIViewController {
  var generation = -2
}

private final class RootPageController: PageController {}
private final class ElementPageController: PageController {}
private final class PlainTabController: PageController {}
private final class PresentedPageController: PageController {}

/// Makes every controller, names it `key.serial` and keeps a weak reference to it.
@MainActor
private final class NavigationRegistry {
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

  func register<Controller: UIViewController>(_ controller: Controller, _ key: String)
    -> Controller
  {
    serial += 1
    controller.uikitModel.name = "\(key).\(serial)"
    entries.append(Entry(name: controller.uikitModel.name, controller: controller))
    return controller
  }

  /// The live navigation controllers, by tab.
  var navigationControllers: [Int: StackNavigationController] {
    var found: [Int: StackNavigationController] = [:]
    for entry in entries {
      if let navigation = entry.controller as? StackNavigationController {
        found[navigation.tab] = navigation
      }
    }
    return found
  }

  /// Every controller made, with the live ones.
  var all: [(name: String, controller: UIViewController?)] {
    entries.map { ($0.name, $0.controller) }
  }

  /// Forgets the deallocated controllers.
  func prune() {
    entries.removeAll { $0.controller == nil }
  }
}

/// The key a registry name stands for: the name without its serial number.
private func key(of name: String) -> String {
  guard let dot = name.lastIndex(of: ".") else { return name }
  return String(name[..<dot])
}

/// Checks each UIKit call Compose makes when it makes it: the fewest operations, never one
/// while the navigation controller runs a transition.
@MainActor
private final class CallCheck {
  /// The container the test itself is calling (a pop by "the user"), whose calls are not checked.
  var userTarget: ObjectIdentifier?
  var failures: [String] = []
  var calls: [String] = []

  func stackCall(
    _ operation: String, on navigation: UINavigationController, to after: [UIViewController]
  ) {
    let before = navigation.viewControllers
    let isUserAction = userTarget == ObjectIdentifier(navigation)
    let line =
      "\(navigation.uikitModel.name).\(operation) \(names(before)) -> \(names(after))"
      + (isUserAction ? " (user)" : "")
    calls.append(line)
    if calls.count > 30 { calls.removeFirst() }
    guard !isUserAction, operation.hasPrefix("setViewControllers"), !before.isEmpty else { return }
    if after.count == before.count + 1, zip(before, after).allSatisfy({ $0 === $1 }) {
      failures.append("not minimal: \(line) is one push")
    } else if !after.isEmpty, after.count < before.count,
      zip(before, after).allSatisfy({ $0 === $1 })
    {
      failures.append("not minimal: \(line) is one pop")
    } else if after.count == before.count, zip(before, after).allSatisfy({ $0 === $1 }) {
      failures.append("not minimal: \(line) changes nothing")
    }
  }

  func tabsCall(on tabBar: UITabBarController, to after: [UIViewController]) {
    let before = tabBar.viewControllers ?? []
    let line = "\(tabBar.uikitModel.name).setViewControllers \(names(before)) -> \(names(after))"
    calls.append(line)
    if calls.count > 30 { calls.removeFirst() }
    if after.count == before.count, !before.isEmpty, zip(before, after).allSatisfy({ $0 === $1 }) {
      failures.append("not minimal: \(line) changes nothing (a selection is one select)")
    }
  }

  private func names(_ controllers: [UIViewController]) -> String {
    "[" + controllers.map { key(of: $0.uikitModel.name) }.joined(separator: ", ") + "]"
  }
}

/// A tab's navigation controller, whose path is the state's path for its tab.
@MainActor
private final class StackNavigationController: ComposedNavigationController {
  let tab: Int
  let state: NavigationState
  let registry: NavigationRegistry
  let calls: CallCheck
  var generation = -2
  /// The plans of the composer's reconciliations, newest last.
  var plans: [Plan] = []
  /// Whether it declares the state's presentations next to its stack (as the root container).
  var presents = false

  init(tab: Int, state: NavigationState, registry: NavigationRegistry, calls: CallCheck) {
    self.tab = tab
    self.state = state
    self.registry = registry
    self.calls = calls
    super.init(nibName: nil, bundle: nil)
    composer.onReconciliationCompletion = { [weak self] completion in
      self?.plans.append(completion.plan)
      if (self?.plans.count ?? 0) > 8 { self?.plans.removeFirst() }
    }
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let state = state
    let registry = registry
    let tab = tab
    let generation = state.generation
    var stack = NavigationStack(path: state.path(tab), id: \.self) {
      Child {
        registry.register(RootPageController(), "t\(tab)/root")
      } update: {
        $0.generation = generation
      }
    } destination: { element in
      Child {
        registry.register(ElementPageController(), "t\(tab)/e\(element)")
      } update: {
        $0.generation = generation
      }
    }
    if state.writesBackPops {
      stack = stack.onPop { [weak self] path in
        state.paths[tab] = path
        self?.setNeedsCompose()
      }
    }
    let content = stack.interruption(state.policy).compositionContent
    guard presents else { return content }
    return CompositionBuilder.buildBlock(content, state.presentationContent(registry: registry))
  }

  override func pushViewController(_ viewController: UIViewController, animated: Bool) {
    calls.stackCall("push", on: self, to: viewControllers + [viewController])
    super.pushViewController(viewController, animated: animated)
  }

  override func popViewController(animated: Bool) -> UIViewController? {
    calls.stackCall("pop", on: self, to: Array(viewControllers.dropLast()))
    return super.popViewController(animated: animated)
  }

  override func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    let index = viewControllers.firstIndex { $0 === viewController } ?? viewControllers.count - 1
    calls.stackCall("popTo", on: self, to: Array(viewControllers.prefix(index + 1)))
    return super.popToViewController(viewController, animated: animated)
  }

  override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    calls.stackCall("setViewControllers", on: self, to: viewControllers)
    super.setViewControllers(viewControllers, animated: animated)
  }
}

/// The root tab bar controller, whose tabs are the state's.
@MainActor
private final class StateTabBarController: ComposedTabBarController {
  let state: NavigationState
  let registry: NavigationRegistry
  let calls: CallCheck
  /// The plans of the composer's reconciliations, newest last.
  var plans: [Plan] = []

  init(state: NavigationState, registry: NavigationRegistry, calls: CallCheck) {
    self.state = state
    self.registry = registry
    self.calls = calls
    super.init(nibName: nil, bundle: nil)
    composer.onReconciliationCompletion = { [weak self] completion in
      self?.plans.append(completion.plan)
      if (self?.plans.count ?? 0) > 8 { self?.plans.removeFirst() }
    }
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let state = state
    let registry = registry
    let calls = calls
    let generation = state.generation
    var tabs = Tabs(state.tabs, id: \.self, selection: state.selection) { tab in
      if NavigationState.holdsStack(tab) {
        Child {
          registry.register(
            StackNavigationController(tab: tab, state: state, registry: registry, calls: calls),
            "nav\(tab)")
        } update: {
          $0.generation = generation
        }
      } else {
        Child {
          registry.register(PlainTabController(), "tab\(tab)")
        } update: {
          $0.generation = generation
        }
      }
    }
    if state.writesBackTaps {
      tabs = tabs.onSelect { [weak self] key in
        state.selection = key
        self?.setNeedsCompose()
      }
    }
    return tabs.compositionContent
  }

  override func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    calls.tabsCall(on: self, to: viewControllers ?? [])
    super.setViewControllers(viewControllers, animated: animated)
  }
}

/// The root of the presenter scenario: one child, and the state's presentations.
@MainActor
private final class PresenterController: ComposedViewController {
  let state: NavigationState
  let registry: NavigationRegistry
  /// The plans of the composer's reconciliations, newest last.
  var plans: [Plan] = []

  init(state: NavigationState, registry: NavigationRegistry) {
    self.state = state
    self.registry = registry
    super.init(nibName: nil, bundle: nil)
    composer.onReconciliationCompletion = { [weak self] completion in
      self?.plans.append(completion.plan)
      if (self?.plans.count ?? 0) > 8 { self?.plans.removeFirst() }
    }
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    let registry = registry
    let generation = state.generation
    Slot("content") {
      Child {
        registry.register(PlainTabController(), "content")
      } update: {
        $0.generation = generation
      }
    }
    state.presentationContent(registry: registry)
  }
}

// MARK: - The harness

/// Runs one random case against a live screen and checks it after every settle.
@MainActor
private final class NavigationHarness {
  let seed: UInt64
  let scenario: NavigationScenario
  let state = NavigationState()
  let window: UIWindow
  let calls = CallCheck()
  private let registry = NavigationRegistry()
  private(set) var root: UIViewController?
  private var random: SplitMix64
  private var stepsUntilSettle = 1
  private var actions: [String] = []
  /// Each controller's appearance state, replayed from the event log.
  private var appearance: [String: ModelAppearanceState] = [:]
  /// Each composer's count of diagnostics at the last look, by container name.
  private var diagnosticsSeen: [String: Int] = [:]
  /// The diagnostics the inputs since the last settle call for.
  private var expectedDiagnostics: Set<Diagnostic.ID> = []
  /// Each key's controller at the last settle.
  private var previous: [String: String] = [:]
  /// The keys whose controllers must stay: declared throughout, never popped by UIKit.
  private var stable: Set<String> = []
  /// The path each tab's state must have after a pop UIKit made and `onPop` wrote back.
  private var expectedPaths: [Int: [Int]] = [:]
  /// The tabs of the tab bar's last `set-view-controllers` step, in its text form.
  private var lastTabs: String?
  /// The tabs whose off-screen stacks were not checked at the last settle, as they wait.
  private var laggingTabs: Set<Int> = []
  /// The tabs whose stacks UIKit popped off screen: no delegate call tells the composer, which
  /// learns of it when the stack appears again, or at its next composition.
  private var poppedOffScreen: Set<Int> = []
  /// The controllers UIKitModel left on screen under the top of an off-screen stack.
  private var coveredByModel: Set<String> = []
  /// When the finishing animation of the last cancelled interactive pop ends.
  private var cancelledPopEnds: TimeInterval = -1
  /// The selection the state must have after a tap `onSelect` wrote back.
  private var expectedSelection: Int??
  /// The item each presentation's state must have after a dismissal `onDismiss` wrote back, by
  /// index.
  private var expectedItems: [Int: Int?] = [:]
  /// The presentations whose controller other code dismissed since the last settle, by index:
  /// the composer learns of it at its next composition, which the settle makes.
  private var dismissedByOtherCode: Set<Int> = []

  init(seed: UInt64, scenario: NavigationScenario? = nil) {
    self.seed = seed
    random = SplitMix64(seed: seed)
    let draw = random.below(100)
    self.scenario = scenario ?? (draw < 30 ? .stack : draw < 50 ? .presenter : .tabs)
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    state.writesBackPops = random.chance(0.7)
    state.writesBackTaps = random.chance(0.7)
    state.policy = random.chance(0.5) ? .finishRunning : .cutShort
    for tab in NavigationState.tabKeys where NavigationState.holdsStack(tab) {
      state.paths[tab] = randomPath(allowingDuplicates: false)
    }
    if self.scenario == .presenter || (self.scenario == .stack && random.chance(0.7)) {
      let count = random.chance(0.5) ? 2 : 1
      state.presentations = (0..<count).map { _ in
        PresentationState(
          item: nil, style: random.pick(PresentationState.styles), writesBack: random.chance(0.7))
      }
    }
    let container: UIViewController
    switch self.scenario {
    case .stack:
      state.tabs = [0]
      state.selection = 0
      let navigation = StackNavigationController(
        tab: 0, state: state, registry: registry, calls: calls)
      navigation.presents = true
      container = registry.register(navigation, "nav0")
    case .presenter:
      container = PresenterController(state: state, registry: registry)
      container.uikitModel.name = "presenter"
    case .tabs:
      state.tabs = Array(NavigationState.tabKeys).shuffled(using: &random)
      state.tabs.removeLast(1 + random.below(4))
      state.selection = random.chance(0.2) ? nil : random.pick(state.tabs)
      container = StateTabBarController(state: state, registry: registry, calls: calls)
      container.uikitModel.name = "tabBar"
    }
    root = container
    window.rootViewController = container
    window.makeKeyAndVisible()
    note("start: \(self.scenario) \(state.description)")
    stable = Set(currentKeys())
  }

  var wantsSettle: Bool { stepsUntilSettle <= 0 }

  private var tabBar: StateTabBarController? { root as? StateTabBarController }

  /// The navigation controllers whose stack the state declares.
  private var navigations: [Int: StackNavigationController] {
    registry.navigationControllers.filter { state.tabs.contains($0.key) }
  }

  // MARK: Steps

  /// One random action, then a random time passes.
  func step() async {
    if !state.presentations.isEmpty, random.chance(scenario == .presenter ? 0.85 : 0.35) {
      await presentationStep()
    } else {
      navigationStep()
    }
    await advance()
    noteCoveredByModel()
    stepsUntilSettle -= 1
  }

  private func navigationStep() {
    switch random.below(100) {
    case 0..<38: changePath()
    case 38..<46: popByUIKit()
    case 46..<54: popInteractively()
    case 54..<64 where scenario == .tabs: changeTabs()
    case 64..<74 where scenario == .tabs: changeSelection()
    case 74..<84 where scenario == .tabs: tapTab()
    case 84..<90:
      state.generation += 1
      invalidateAll()
      note("generation \(state.generation)")
    case 90..<93:
      state.writesBackPops.toggle()
      invalidateAll()
      note("onPop \(state.writesBackPops)")
    case 93..<96 where scenario == .tabs:
      state.writesBackTaps.toggle()
      invalidateAll()
      note("onSelect \(state.writesBackTaps)")
    case 96..<100:
      state.policy = state.policy == .finishRunning ? .cutShort : .finishRunning
      invalidateAll()
      note("interruption \(state.policy)")
    default:
      changePath()
    }
  }

  private func advance() async {
    await Self.letTasksRun()
    let delay = random.chance(0.25) ? 0 : Double(random.below(501)) / 1000
    ModelRuntime.advance(by: delay)
    note("advance \(delay) s to \(ModelRuntime.currentTime)")
  }

  /// A stack tab: usually the selected one, so that its changes are animated on screen.
  private func randomStackTab() -> Int? {
    let tabs = state.tabs.filter(NavigationState.holdsStack)
    guard !tabs.isEmpty else { return nil }
    if let selected = selectedTab, NavigationState.holdsStack(selected), random.chance(0.7) {
      return selected
    }
    return random.pick(tabs)
  }

  /// The tab UIKit shows.
  private var selectedTab: Int? {
    guard let tabBar else { return 0 }
    guard let selected = tabBar.selectedViewController else { return nil }
    return tabKey(of: selected)
  }

  private func tabKey(of controller: UIViewController) -> Int? {
    let name = key(of: controller.uikitModel.name)
    return Int(name.drop { !$0.isNumber })
  }

  private func randomPath(allowingDuplicates: Bool) -> [Int] {
    var keys = Array(NavigationState.elementKeys).shuffled(using: &random)
    keys.removeLast(keys.count - random.below(5))
    if allowingDuplicates, !keys.isEmpty {
      keys.insert(random.pick(keys), at: random.below(keys.count + 1))
    }
    return keys
  }

  private func changePath() {
    guard let tab = randomStackTab() else { return }
    var path = state.path(tab)
    let unused = NavigationState.elementKeys.filter { !path.contains($0) }
    let shape: String
    switch random.below(10) {
    case 0, 1, 2:
      shape = "push"
      let duplicate = random.chance(0.05) && !path.isEmpty
      path.append(
        duplicate || unused.isEmpty ? random.pick(path.isEmpty ? [0] : path) : random.pick(unused))
    case 3, 4:
      shape = "pop"
      if !path.isEmpty { path.removeLast() }
    case 5:
      shape = "pop several"
      path.removeLast(min(path.count, 2 + random.below(3)))
    case 6:
      shape = "replace"
      path = randomPath(allowingDuplicates: random.chance(0.05))
    case 7:
      shape = "reorder"
      path.shuffle(using: &random)
    case 8:
      shape = "clear"
      path = []
    default:
      shape = "replace the top"
      if !path.isEmpty, let other = unused.first { path[path.count - 1] = other }
    }
    let animated = random.chance(0.8)
    note(
      "path of tab \(tab): \(shape) \(state.path(tab)) -> \(path)\(animated ? "" : " without animation")"
    )
    setPath(path, of: tab, animated: animated)
  }

  private func setPath(_ path: [Int], of tab: Int, animated: Bool) {
    state.paths[tab] = path
    stable.formIntersection(currentKeys())
    // The state the write-back must leave is no longer the pop's alone.
    expectedPaths[tab] = nil
    if Set(path).count != path.count { expectedDiagnostics.insert(.duplicateKey) }
    let navigation = registry.navigationControllers[tab]
    if animated {
      navigation?.setNeedsCompose()
    } else {
      navigation?.composer.withoutAnimation {}
    }
  }

  private func invalidateAll() {
    tabBar?.setNeedsCompose()
    (root as? PresenterController)?.setNeedsCompose()
    for navigation in registry.navigationControllers.values { navigation.setNeedsCompose() }
    expectedPaths = [:]
    expectedSelection = nil
  }

  /// A pop by other code or the back button, when UIKit would take it.
  private func popByUIKit() {
    guard let tab = randomStackTab(), let navigation = registry.navigationControllers[tab],
      navigation.viewControllers.count > 1, navigation.transitionCoordinator == nil
    else { return }
    // UIKitModel does not model a stack changed by other code while a presentation over the
    // navigation controller makes it appear or disappear (the controller revealed by the pop is
    // left disappeared): no such pop is made then.
    if let presented = navigation.presentedViewController,
      presented.isBeingPresented || presented.isBeingDismissed
    {
      return
    }
    let settledBefore = navigation.composer.isSettled
    if navigation.viewIfLoaded?.window == nil { poppedOffScreen.insert(tab) }
    let animated = random.chance(0.7)
    calls.userTarget = ObjectIdentifier(navigation)
    _ = navigation.popViewController(animated: animated)
    calls.userTarget = nil
    note("UIKit pops tab \(tab)\(animated ? " animated" : "")")
    popped(tab: tab, settledBefore: settledBefore)
  }

  /// The user's swipe: begun, sometimes met by a path change, then finished or cancelled.
  private func popInteractively() {
    // The user cannot reach a navigation controller covered by a presented controller.
    guard root?.presentedViewController == nil, let tab = selectedTab,
      let navigation = registry.navigationControllers[tab],
      navigation.uikitModel.beginInteractivePop()
    else { return }
    let settledBefore = navigation.composer.isSettled
    note("interactive pop begins in tab \(tab)")
    var changed = false
    if random.chance(0.3) {
      changed = true
      changePath()
    }
    ModelRuntime.advance(by: Double(random.below(201)) / 1000)
    if random.chance(0.6) {
      navigation.uikitModel.finishInteractivePop()
      note("interactive pop finishes")
      // A path changed during the interaction leaves no state to expect: the user's pop wins.
      popped(tab: tab, settledBefore: settledBefore && !changed)
    } else {
      navigation.uikitModel.cancelInteractivePop()
      note("interactive pop is cancelled")
      cancelledPopEnds = ModelRuntime.currentTime + ModelRuntime.navigationTransitionDuration
    }
  }

  /// Records what the state must be once UIKit's pop is written back.
  private func popped(tab: Int, settledBefore: Bool) {
    let path = state.path(tab)
    for element in path { stable.remove("t\(tab)/e\(element)") }
    guard settledBefore, state.writesBackPops, Set(path).count == path.count, !path.isEmpty
    else {
      expectedPaths[tab] = nil
      return
    }
    expectedPaths[tab] = Array(path.dropLast())
  }

  /// Whether the tab bar may change what it shows now.
  ///
  /// UIKitModel logs unbalanced appearance calls when a tab's navigation controller leaves the
  /// screen while a cancelled interactive pop finishes (a model finding, with UIKit alone), so
  /// the tabs wait until it has.
  private var mayChangeTabs: Bool { ModelRuntime.currentTime > cancelledPopEnds }

  private func changeTabs() {
    guard mayChangeTabs else { return changePath() }
    var tabs = state.tabs
    let unused = NavigationState.tabKeys.filter { !tabs.contains($0) }
    let shape: String
    switch random.below(4) {
    case 0 where !unused.isEmpty && tabs.count < 5:
      shape = "insert"
      tabs.insert(random.pick(unused), at: random.below(tabs.count + 1))
    case 1 where !tabs.isEmpty:
      shape = "remove"
      tabs.remove(at: random.below(tabs.count))
    case 2 where tabs.count > 1:
      shape = "move"
      let tab = tabs.remove(at: random.below(tabs.count))
      tabs.insert(tab, at: random.below(tabs.count + 1))
    default:
      shape = "replace"
      tabs = Array(NavigationState.tabKeys).shuffled(using: &random)
      tabs.removeLast(1 + random.below(5))
    }
    note("tabs: \(shape) \(state.tabs) -> \(tabs)")
    state.tabs = tabs
    stable.formIntersection(currentKeys())
    if let selection = state.selection, !tabs.contains(selection) {
      expectedDiagnostics.insert(.tabSelectionNotAmongTabs)
    }
    expectedSelection = nil
    if random.chance(0.3) {
      tabBar?.composer.withoutAnimation {}
    } else {
      tabBar?.setNeedsCompose()
    }
  }

  private func changeSelection() {
    guard mayChangeTabs else { return changePath() }
    let selection: Int? =
      random.chance(0.15)
      ? nil
      : random.chance(0.05) || state.tabs.isEmpty
        ? random.pick(Array(NavigationState.tabKeys)) : random.pick(state.tabs)
    note(
      "selection \(state.selection.map(String.init) ?? "nil") -> \(selection.map(String.init) ?? "nil")"
    )
    state.selection = selection
    if let selection, !state.tabs.contains(selection) {
      expectedDiagnostics.insert(.tabSelectionNotAmongTabs)
    }
    expectedSelection = nil
    tabBar?.setNeedsCompose()
  }

  private func tapTab() {
    guard mayChangeTabs else { return changePath() }
    guard let tabBar, let count = tabBar.viewControllers?.count, count > 0 else { return }
    let index = random.below(count)
    let settledBefore = tabBar.composer.isSettled
    calls.userTarget = ObjectIdentifier(tabBar)
    let tapped = tabBar.uikitModel.tapTab(at: index)
    calls.userTarget = nil
    note("tap tab at \(index)\(tapped ? "" : " (refused)")")
    if tapped, settledBefore, state.writesBackTaps, let selected = tabBar.selectedViewController,
      let key = tabKey(of: selected)
    {
      expectedSelection = .some(key)
    } else if tapped {
      expectedSelection = nil
    }
  }

  // MARK: Presentation steps

  /// The root container's composer, which declares the presentations.
  private var rootComposer: Composer? {
    switch root {
    case let navigation as StackNavigationController: navigation.composer
    case let presenter as PresenterController: presenter.composer
    default: nil
    }
  }

  /// Lets the tasks waiting for the main actor run (a composition a full-screen cover scheduled).
  private static func letTasksRun() async {
    for _ in 0..<3 { await Task.yield() }
  }

  private func presentationStep() async {
    switch random.below(100) {
    case 0..<34: changeItems()
    case 34..<42: changeStyle()
    case 42..<50:
      let index = random.below(state.presentations.count)
      state.presentations[index].writesBack.toggle()
      expectedItems[index] = nil
      note("p\(index) onDismiss \(state.presentations[index].writesBack)")
      rootComposer?.setNeedsCompose()
    case 50..<82: await swipe()
    case 82..<92: dismissByOtherCode()
    default:
      state.generation += 1
      invalidateAll()
      note("generation \(state.generation)")
    }
  }

  /// Sets, clears or changes the item of one presentation, sometimes of both.
  private func changeItems() {
    var indices = [random.below(state.presentations.count)]
    if state.presentations.count > 1, random.chance(0.2) { indices = [0, 1] }
    for index in indices {
      let item: Int? =
        random.chance(0.35) ? nil : random.pick(Array(PresentationState.itemKeys))
      note(
        "p\(index): \(state.presentations[index].item.map(String.init) ?? "nil") -> "
          + (item.map(String.init) ?? "nil"))
      state.presentations[index].item = item
      expectedItems[index] = nil
      // While UIKit still shows the other presentation's controller (its dismissal waits for a
      // running transition or swipe), this one waits for it, and says so.
      if item != nil, let presented = root?.presentedViewController,
        let shownIndex = presentationIndex(of: presented), shownIndex != index
      {
        expectedDiagnostics.insert(.presentationWaiting)
      }
    }
    presentationsChanged()
  }

  /// Changes the style of one presentation, which the next presentation uses.
  private func changeStyle() {
    let index = random.below(state.presentations.count)
    let style = random.pick(PresentationState.styles)
    note("p\(index) style \(styleName(style))")
    state.presentations[index].style = style
    presentationsChanged()
  }

  /// Composes the root container, sometimes without animation.
  private func presentationsChanged() {
    stable.formIntersection(currentKeys())
    if state.presentations.allSatisfy({ $0.item != nil }), state.presentations.count > 1 {
      expectedDiagnostics.insert(.presentationWaiting)
    }
    if random.chance(0.25) {
      note("without animation")
      rootComposer?.withoutAnimation {}
    } else {
      rootComposer?.setNeedsCompose()
    }
  }

  /// The index of the presentation that presented a controller.
  private func presentationIndex(of controller: UIViewController) -> Int? {
    let name = key(of: controller.uikitModel.name)
    guard name.hasPrefix("p"), let slash = name.firstIndex(of: "/") else { return nil }
    return Int(name[name.index(after: name.startIndex)..<slash])
  }

  /// The user swipes the presented sheet down: at once, or begun and let go later, sometimes
  /// after a change of the state.
  private func swipe() async {
    guard let presented = root?.presentedViewController,
      let index = presentationIndex(of: presented)
    else { return changeItems() }
    let name = presented.uikitModel.name
    let isSheet = [.pageSheet, .formSheet].contains(presented.modalPresentationStyle)
    // Without a change pending or running, the declaration UIKit's delegate reads is the state.
    let settled =
      rootComposer?.isSettled == true && !presented.isBeingPresented
      && !presented.isBeingDismissed && presented.presentedViewController == nil
    let writesBack = state.presentations[index].writesBack
    let swiped = state.presentations[index].item
    let began = presented.uikitModel.beginInteractiveDismissal()
    note("swipe \(name)\(began ? "" : " (refused)")")
    if settled, isSheet, began != writesBack {
      calls.failures.append(
        began
          ? "the user could swipe \(name) away without onDismiss"
          : "the user could not swipe \(name) away with onDismiss")
    }
    guard began else { return }
    stable.remove(key(of: name))
    switch random.below(4) {
    case 0:
      presented.uikitModel.finishInteractiveDismissal()
      note("swipe finishes at once")
    case 1:
      await advanceFraction()
      presented.uikitModel.cancelInteractiveDismissal()
      note("swipe is cancelled")
      return
    default:
      await advanceFraction()
      if random.chance(0.8) { changeItems() } else { changeStyle() }
      await advanceFraction()
      if random.chance(0.6) {
        presented.uikitModel.finishInteractiveDismissal()
        note("swipe finishes")
      } else {
        presented.uikitModel.cancelInteractiveDismissal()
        note("swipe is cancelled")
        return
      }
    }
    // The write-back clears the item only while it is still the one swiped away: an item changed
    // during the swipe stays, and is presented.
    let now = state.presentations[index].item
    expectedItems[index] = settled && writesBack ? .some(now == swiped ? nil : now) : nil
  }

  /// A random fraction of a modal transition passes.
  private func advanceFraction() async {
    await Self.letTasksRun()
    let delay = Double(random.below(301)) / 1000
    ModelRuntime.advance(by: delay)
    note("advance \(delay) s to \(ModelRuntime.currentTime)")
  }

  /// Other code dismisses the presented controller; the composer finds it at a later
  /// composition.
  private func dismissByOtherCode() {
    guard let root, let presented = root.presentedViewController,
      let index = presentationIndex(of: presented), !presented.isBeingPresented,
      !presented.isBeingDismissed
    else { return changeItems() }
    let animated = random.chance(0.7)
    presented.dismiss(animated: animated)
    note("other code dismisses \(presented.uikitModel.name)\(animated ? " animated" : "")")
    stable.remove(key(of: presented.uikitModel.name))
    dismissedByOtherCode.insert(index)
    let settled = rootComposer?.isSettled == true
    expectedItems[index] = settled && state.presentations[index].writesBack ? .some(nil) : nil
  }

  // MARK: Settling and checks

  /// Notes the controllers UIKitModel leaves on screen under the top of an off-screen stack
  /// (see `checkAppearance()`).
  private func noteCoveredByModel() {
    for navigation in registry.navigationControllers.values {
      for child in navigation.viewControllers.dropLast()
      where child.viewIfLoaded?.superview === navigation.viewIfLoaded {
        coveredByModel.insert(child.uikitModel.name)
      }
    }
  }

  /// Failures found while the steps ran (UIKit calls checked as they were made).
  func takeImmediateFailures() -> [String] {
    defer { calls.failures = [] }
    return calls.failures
  }

  /// Lets every interaction go, runs everything pending, checks, and starts a new interval.
  func settle() async -> [String] {
    ModelRuntime.runUntilIdle()
    if !dismissedByOtherCode.isEmpty {
      // The later composition that finds the controllers other code dismissed.
      note("composition after other code's dismissal")
      rootComposer?.setNeedsCompose()
      dismissedByOtherCode = []
    }
    // A full-screen cover's composition runs from a task: the tasks and the model's work run
    // until neither starts more.
    for _ in 0..<20 {
      let events = ModelRuntime.events.count
      await Self.letTasksRun()
      ModelRuntime.runUntilIdle()
      if events == ModelRuntime.events.count, !ModelRuntime.hasPendingWork { break }
    }
    note("settle at \(ModelRuntime.currentTime)")
    var failures = takeImmediateFailures()
    failures += check()
    // A state carried into the next interval still calls for its diagnostics there.
    expectedDiagnostics = diagnosticsCalledFor()
    expectedPaths = [:]
    expectedSelection = nil
    expectedItems = [:]
    // A stack that waits to be brought up to date may still change its controllers.
    stable = Set(currentKeys()).filter { key in
      !laggingTabs.contains { key.hasPrefix("t\($0)/") }
    }
    laggingTabs = []
    stepsUntilSettle = 1 + random.below(8)
    return failures
  }

  /// The keys the state declares now, for the tabs whose controllers exist.
  private func currentKeys() -> [String] {
    var keys: [String] = []
    if scenario == .presenter { keys.append("content") }
    for (index, presentation) in state.presentations.enumerated() {
      if let item = presentation.item { keys.append("p\(index)/i\(item)") }
    }
    for tab in state.tabs {
      keys.append(NavigationState.holdsStack(tab) ? "nav\(tab)" : "tab\(tab)")
      guard NavigationState.holdsStack(tab) else { continue }
      keys.append("t\(tab)/root")
      let path = state.path(tab)
      for element in path where path.filter({ $0 == element }).count == 1 {
        keys.append("t\(tab)/e\(element)")
      }
    }
    return keys
  }

  private func check() -> [String] {
    var failures: [String] = []
    failures += checkStacks()
    failures += checkTabs()
    failures += checkPresentations()
    failures += checkControllers()
    failures += checkAppearance()
    failures += checkDiagnostics()
    // The model's own unbalanced calls to a controller it left on screen under the top of a
    // stack are that model finding's, not Compose's.
    let warnings = ModelRuntime.diagnostics.map(\.message).filter { message in
      !(message.hasPrefix("Unbalanced calls")
        && coveredByModel.contains { message.contains(": \($0)>") })
    }
    if !warnings.isEmpty { failures.append("model warnings: \(warnings)") }
    if !ModelRuntime.recordedExceptions.isEmpty {
      failures.append("model exceptions: \(ModelRuntime.recordedExceptions)")
    }
    if ModelRuntime.hasPendingWork { failures.append("work is still pending after settling") }
    return failures
  }

  /// Each loaded stack shows the declared path; with `onPop`, a pop UIKit made is the state.
  private func checkStacks() -> [String] {
    var failures: [String] = []
    for (tab, navigation) in navigations.sorted(by: { $0.key < $1.key }) {
      let shown = navigation.viewControllers.map { key(of: $0.uikitModel.name) }
      let path = state.path(tab)
      let declared = ["t\(tab)/root"] + path.map { "t\(tab)/e\($0)" }
      guard navigation.isViewLoaded else {
        // A tab never selected: its view, and so its stack, waits to be loaded.
        if !shown.isEmpty { failures.append("tab \(tab)'s unloaded stack shows \(shown)") }
        continue
      }
      let onScreen = navigation.viewIfLoaded?.window != nil
      if onScreen { poppedOffScreen.remove(tab) }
      if !onScreen, !navigation.composer.isSettled || poppedOffScreen.contains(tab) {
        // Off screen, a change waits for the next layout pass, and a pop UIKit made there for
        // the stack's next appearance, when the tab is shown again.
        laggingTabs.insert(tab)
        continue
      }
      if !navigation.composer.isSettled {
        failures.append("tab \(tab)'s composer is not settled")
      }
      if shown != declared {
        failures.append("tab \(tab)'s stack shows \(shown), declared \(declared)")
      }
      if Set(navigation.viewControllers.map(ObjectIdentifier.init)).count != shown.count {
        failures.append("tab \(tab)'s stack holds a controller twice")
      }
      if let expected = expectedPaths[tab], expected != path {
        failures.append(
          "tab \(tab)'s path is \(path) after UIKit popped and onPop wrote back, expected "
            + "\(expected) (UIKit's stack)")
      }
      for controller in navigation.viewControllers {
        if let page = controller as? PageController, page.generation != state.generation {
          failures.append(
            "\(page.uikitModel.name) has generation \(page.generation), declared "
              + "\(state.generation)")
        }
      }
      if navigation === root { failures += presentationPlanFailures(navigation.plans) }
      for plan in navigation.plans {
        let operations = plan.steps.map(\.description).filter {
          !$0.hasPrefix("update ") && !$0.hasPrefix("present ") && !$0.hasPrefix("dismiss ")
        }
        if operations.count > 1 {
          failures.append("tab \(tab)'s plan has \(operations.count) stack operations: \(plan)")
        }
      }
      navigation.plans = []
    }
    return failures
  }

  /// UIKit presents the declared child (the other of two declared waits), the state is UIKit's
  /// after a dismissal written back, and each plan presents and dismisses once per presentation.
  private func checkPresentations() -> [String] {
    guard let root, !state.presentations.isEmpty else { return [] }
    var failures: [String] = []
    if rootComposer?.isSettled != true { failures.append("the root's composer is not settled") }
    let declared = state.presentations.enumerated().compactMap { index, presentation in
      presentation.item.map { "p\(index)/i\($0)" }
    }
    let presented = root.presentedViewController
    let shown = presented.map { key(of: $0.uikitModel.name) }
    switch declared.count {
    case 0:
      if let shown { failures.append("UIKit presents \(shown), declared nothing") }
    case 1:
      if shown != declared[0] {
        failures.append("UIKit presents \(shown ?? "nothing"), declared \(declared[0])")
      }
    default:
      if !declared.contains(where: { $0 == shown }) {
        failures.append(
          "UIKit presents \(shown ?? "nothing"), declared one of \(declared) (the other waits)")
      }
    }
    if let presented = presented as? PageController, presented.generation != state.generation {
      failures.append(
        "\(presented.uikitModel.name) has generation \(presented.generation), declared "
          + "\(state.generation)")
    }
    for (index, expected) in expectedItems.sorted(by: { $0.key < $1.key })
    where state.presentations[index].item != expected {
      failures.append(
        "p\(index)'s item is \(state.presentations[index].item.map(String.init) ?? "nil") after "
          + "a dismissal onDismiss wrote back, expected "
          + "\(expected.map(String.init) ?? "nil") (UIKit's)")
    }
    if let presenter = root as? PresenterController {
      failures += presentationPlanFailures(presenter.plans)
      presenter.plans = []
    }
    return failures
  }

  /// Each plan has at most one `present` and one `dismiss` per presentation.
  private func presentationPlanFailures(_ plans: [Plan]) -> [String] {
    var failures: [String] = []
    for plan in plans {
      let steps = plan.steps.map(\.description)
      for index in state.presentations.indices {
        for operation in ["present", "dismiss"] {
          let count = steps.filter { $0.hasPrefix("\(operation) 'p\(index)'") }.count
          if count > 1 {
            failures.append("a plan has \(count) \(operation) steps for 'p\(index)': \(plan)")
          }
        }
      }
    }
    return failures
  }

  /// The tab bar shows the declared tabs, in order, and selects the declared selection.
  private func checkTabs() -> [String] {
    guard let tabBar else { return [] }
    var failures: [String] = []
    let shown = (tabBar.viewControllers ?? []).map { key(of: $0.uikitModel.name) }
    let declared = state.tabs.map { NavigationState.holdsStack($0) ? "nav\($0)" : "tab\($0)" }
    if shown != declared { failures.append("the tab bar shows \(shown), declared \(declared)") }
    if !tabBar.composer.isSettled { failures.append("the tab bar's composer is not settled") }
    if let selection = state.selection, state.tabs.contains(selection),
      selectedTab != selection
    {
      failures.append(
        "the tab bar selects \(selectedTab.map(String.init) ?? "nothing"), declared \(selection)")
    }
    if let expected = expectedSelection, expected != state.selection {
      failures.append(
        "the selection is \(state.selection.map(String.init) ?? "nil") after a tap onSelect "
          + "wrote back, expected \(expected.map(String.init) ?? "nil") (UIKit's)")
    }
    if let generation = (tabBar.selectedViewController as? PageController)?.generation,
      generation != state.generation
    {
      failures.append("the selected tab has generation \(generation), declared \(state.generation)")
    }
    for plan in tabBar.plans {
      let operations = plan.steps.map(\.description).filter { !$0.hasPrefix("update ") }
      if operations.count > 1 {
        failures.append("the tab bar's plan has \(operations.count) operations: \(plan)")
      }
      // The tabs set last are the mounted ones: setting the same again is a selection's `select`.
      for operation in operations where operation.hasPrefix("set-view-controllers") {
        let tabs = operation.hasSuffix(" animated") ? String(operation.dropLast(9)) : operation
        if tabs == lastTabs { failures.append("not minimal: \(operation) sets the same tabs") }
        lastTabs = tabs
      }
    }
    tabBar.plans = []
    return failures
  }

  /// The controllers UIKit holds now: the root, its tabs, and each stack's children.
  private func liveControllers() -> [UIViewController] {
    var live: [UIViewController] = []
    if let root { live.append(root) }
    if let root = root as? PresenterController { live += root.children }
    if let presented = root?.presentedViewController { live.append(presented) }
    live += tabBar?.viewControllers ?? []
    for navigation in navigations.values { live += navigation.viewControllers }
    return live
  }

  /// A key declared throughout the interval keeps its controller; a controller UIKit no longer
  /// holds is deallocated.
  private func checkControllers() -> [String] {
    var failures: [String] = []
    var now: [String: String] = [:]
    for controller in liveControllers() {
      let name = controller.uikitModel.name
      now[key(of: name)] = name
    }
    for (key, name) in previous.sorted(by: { $0.key < $1.key }) where stable.contains(key) {
      if let current = now[key], current != name {
        failures.append("\(key) was \(name) and stayed declared, but now is \(current)")
      }
    }
    previous = now
    let alive = Set(liveControllers().map(ObjectIdentifier.init))
    for (name, controller) in registry.all {
      if let controller, !alive.contains(ObjectIdentifier(controller)) {
        failures.append("\(name) is no longer shown but is still alive")
      }
    }
    registry.prune()
    return failures
  }

  /// Replays the appearance callbacks per controller: each callback follows the one before it,
  /// and the last leaves the visible controllers appeared and every other one disappeared.
  private func checkAppearance() -> [String] {
    var failures: [String] = []
    for event in ModelRuntime.events where event.category == .appearance {
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
    var visible: Set<ObjectIdentifier> = []
    var shownController: UIViewController? = root
    if let presented = root?.presentedViewController {
      visible.insert(ObjectIdentifier(presented))
      // A full-screen cover takes the root and its children off screen; the other styles leave
      // them.
      if presented.modalPresentationStyle == .fullScreen { shownController = nil }
    }
    while let controller = shownController {
      visible.insert(ObjectIdentifier(controller))
      if let presenter = controller as? PresenterController {
        shownController = presenter.children.first
      } else if let tabBar = controller as? UITabBarController {
        shownController = tabBar.selectedViewController
      } else if let navigation = controller as? UINavigationController {
        shownController = navigation.viewControllers.last
      } else {
        shownController = nil
      }
    }
    // UIKitModel leaves a covered controller's view in its navigation controller's view when
    // the stack changes while the navigation controller is off screen, and then makes it appear
    // with the navigation controller (a model finding, with UIKit alone; UIKit shows only the
    // top's view). Compose never places those views, so the model's state is not checked there.
    noteCoveredByModel()
    for (name, controller) in registry.all {
      guard let controller else {
        if let last = appearance[name], last != .disappeared {
          failures.append("\(name) was released while \(last)")
        }
        appearance[name] = nil
        continue
      }
      if coveredByModel.contains(name) { continue }
      let expected: ModelAppearanceState =
        visible.contains(ObjectIdentifier(controller)) ? .appeared : .disappeared
      if controller.uikitModel.appearanceState != expected {
        failures.append("\(name) is \(controller.uikitModel.appearanceState), expected \(expected)")
      }
      let replayed = appearance[name, default: .disappeared]
      if replayed != expected {
        failures.append("\(name)'s callbacks leave it \(replayed), expected \(expected)")
      }
    }
    return failures
  }

  /// The diagnostics what the state declares now calls for, at every composition.
  private func diagnosticsCalledFor() -> Set<Diagnostic.ID> {
    var expected: Set<Diagnostic.ID> = []
    if let selection = state.selection, scenario == .tabs, !state.tabs.contains(selection) {
      expected.insert(.tabSelectionNotAmongTabs)
    }
    if state.paths.values.contains(where: { Set($0).count != $0.count }) {
      expected.insert(.duplicateKey)
    }
    if state.presentations.count > 1, state.presentations.allSatisfy({ $0.item != nil }) {
      expected.insert(.presentationWaiting)
    }
    return expected
  }

  /// Only the diagnostics the generated input calls for.
  private func checkDiagnostics() -> [String] {
    var failures: [String] = []
    let expected = expectedDiagnostics.union(diagnosticsCalledFor())
    var composers: [(String, Composer)] = []
    if let tabBar { composers.append(("tabBar", tabBar.composer)) }
    if let presenter = root as? PresenterController {
      composers.append(("presenter", presenter.composer))
    }
    for navigation in registry.navigationControllers.values {
      composers.append((navigation.uikitModel.name, navigation.composer))
    }
    for (name, composer) in composers {
      let seen = diagnosticsSeen[name, default: 0]
      let new = composer.diagnosticsReported - seen
      diagnosticsSeen[name] = composer.diagnosticsReported
      for diagnostic in composer.diagnostics.suffix(min(new, composer.diagnostics.count))
      where !expected.contains(diagnostic.id) {
        failures.append(
          "unexpected diagnostic from \(name): \(diagnostic.id): \(diagnostic.message)")
      }
    }
    return failures
  }

  // MARK: Tampering

  /// Declares tab 0's path `[1, 2]` with `onPop`, and settles.
  func prepareTampering() async -> [String] {
    state.writesBackPops = true
    setPath([1, 2], of: 0, animated: false)
    return await settle()
  }

  /// Corrupts a settled stack scenario prepared by `prepareTampering()`, then settles and checks.
  func tamper(_ tampering: NavigationTampering) async -> [String] {
    guard let navigation = navigations[0] else { return ["no navigation controller"] }
    switch tampering {
    case .controllerKeptAlive:
      keptAlive = navigation.viewControllers.last
      setPath([], of: 0, animated: false)
    case .appearanceLeftUnbalanced:
      navigation.viewControllers.first?.beginAppearanceTransition(true, animated: false)
    case .stateNotWrittenBack:
      calls.userTarget = ObjectIdentifier(navigation)
      _ = navigation.popViewController(animated: false)
      calls.userTarget = nil
      ModelRuntime.runUntilIdle()
      // The pop written back is undone behind the harness's back: Compose pushes again.
      state.paths[0] = [1, 2]
      navigation.setNeedsCompose()
      expectedPaths[0] = [1]
    case .diagnosticReported:
      // Other code replaces the stack: Compose reports it and sets the declared one again.
      calls.userTarget = ObjectIdentifier(navigation)
      navigation.setViewControllers([UIViewController()], animated: false)
      calls.userTarget = nil
      navigation.setNeedsCompose()
    }
    return await settle()
  }

  /// A controller the tampering keeps alive on purpose.
  private var keptAlive: UIViewController?

  // MARK: Reporting

  private func note(_ action: String) {
    actions.append(action)
    if actions.count > 60 { actions.removeFirst(actions.count - 60) }
  }

  func report(_ failures: [String], step: Int) -> String {
    var trace: [String] = []
    if let tabBar { trace += tabBar.composer.trace.suffix(20).map { "tabBar: " + $0 } }
    if let presenter = root as? PresenterController {
      trace += presenter.composer.trace.suffix(20).map { "presenter: " + $0 }
    }
    for (tab, navigation) in navigations.sorted(by: { $0.key < $1.key }) {
      trace += navigation.composer.trace.suffix(12).map { "tab \(tab): " + $0 }
    }
    return """
      randomized navigation: seed \(hexadecimal(seed)) failed at step \(step) (\(scenario)):
      \(failures.joined(separator: "\n"))
      state: \(state.description)
      last actions:
      \(actions.joined(separator: "\n"))
      last UIKit calls:
      \(calls.calls.joined(separator: "\n"))
      last steps performed:
      \(trace.joined(separator: "\n"))
      replay: COMPOSE_NAVIGATION_SEED=\(hexadecimal(seed)) COMPOSE_NAVIGATION_STEPS=\(step) \
      swift test --disable-default-traits --filter RandomizedNavigation
      """
  }
}

#endif
