#if !canImport(UIKit)
import Compose
public import Foundation
import UIKitModel

/// Plays a ``Scenario`` on UIKitModel and records each step.
///
/// Playing resets the model (``ModelRuntime/reset()``), records exceptions instead of trapping, and
/// shows the scenario's container in a 390 × 844 window. Every name in the output is given by
/// the scenario, never an address, and time is the model's virtual time, so two runs print the
/// same thing.
@MainActor
public struct Player {
  /// The frame of the window every scenario is shown in.
  public static let windowFrame = CGRect(x: 0, y: 0, width: 390, height: 844)

  /// The scenario played.
  public let scenario: Scenario

  /// Creates a player.
  ///
  /// - Parameter scenario: The scenario to play.
  public init(_ scenario: Scenario) {
    self.scenario = scenario
  }

  /// Plays the scenario from the start, handing each step's record to `body` as soon as the step
  /// is made.
  ///
  /// - Parameter body: Receives each step; returns `false` to stop before the next one.
  public func play(_ body: (StepRecord) -> Bool) {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let recorder = Recorder(scenario: scenario)
    let root = scenario.makeRoot()
    root.uikitModel.name = scenario.rootName
    let window = UIWindow(frame: Self.windowFrame)
    window.uikitModel.name = "window"
    window.rootViewController = root
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    let stage = Stage()
    let first = recorder.record(
      number: 1, change: "window.rootViewController = \(scenario.rootName)",
      explanation: "The container is shown in a window; its composer applies the declaration.",
      root: root, window: window, stage: stage)
    guard body(first) else { return }
    for (index, step) in scenario.steps.enumerated() {
      stage.notes = []
      step.perform(root, stage)
      let record = recorder.record(
        number: index + 2, change: step.change, explanation: step.explanation, root: root,
        window: window, stage: stage)
      guard body(record) else { return }
    }
  }

  /// Plays the whole scenario and returns every step's record.
  ///
  /// - Returns: The records, in order.
  public func records() -> [StepRecord] {
    var records: [StepRecord] = []
    play {
      records.append($0)
      return true
    }
    return records
  }
}

/// Turns the model's state into step records, naming the controllers it meets.
@MainActor
private final class Recorder {
  let scenario: Scenario
  /// The readable name of every object named so far, by the number of the model name it had
  /// before (`#7` of `Wrapper<Int>#7`), with that name's type part (`Wrapper<Int>`).
  private var aliases: [String: (type: String, name: String)] = [:]
  private var usedNames: Set<String> = []
  /// Every composer met so far, with how many of its trace's steps and of its diagnostics were
  /// already recorded (counted since the composer was made: both logs keep only their last
  /// entries).
  private var composers:
    [(name: String, composer: Composer, tracedSteps: Int, reportedDiagnostics: Int)] = []
  private var recordedDiagnostics = 0
  private var recordedExceptions = 0

  init(scenario: Scenario) {
    self.scenario = scenario
    usedNames = [scenario.rootName, "window"]
  }

  func record(
    number: Int, change: String, explanation: String, root: UIViewController, window: UIWindow,
    stage: Stage
  ) -> StepRecord {
    name(root)
    var plan: [StepRecord.PlanLine] = []
    var problems: [String] = []
    for index in composers.indices {
      let (name, composer, tracedSteps, reportedDiagnostics) = composers[index]
      // Only what is new since the previous step; the trace and the diagnostics are bounded
      // logs, so what is new is counted with their totals, not their lengths.
      plan += composer.trace.suffix(composer.stepsTraced - tracedSteps).map {
        StepRecord.PlanLine(container: name, step: $0)
      }
      problems += composer.diagnostics.suffix(composer.diagnosticsReported - reportedDiagnostics)
        .map { "\(name): \($0)" }
      composers[index].tracedSteps = composer.stepsTraced
      composers[index].reportedDiagnostics = composer.diagnosticsReported
    }
    problems += ModelRuntime.diagnostics.dropFirst(recordedDiagnostics).map { "\($0)" }
    problems += ModelRuntime.recordedExceptions.dropFirst(recordedExceptions).map { "\($0)" }
    recordedDiagnostics = ModelRuntime.diagnostics.count
    recordedExceptions = ModelRuntime.recordedExceptions.count
    let record = StepRecord(
      number: number, change: change, explanation: explanation, time: ModelRuntime.currentTime,
      plan: plan, events: events(), controllers: controllerNode(root, in: window),
      views: viewNode(window.rootViewController?.view ?? window, in: window), notes: stage.notes,
      problems: problems)
    ModelRuntime.clearEvents()
    return record
  }

  // MARK: - Names

  /// Names the controller and every controller below it (its children, and the controller it
  /// presents) that has no name yet, and remembers the composers of the composed ones.
  private func name(_ controller: UIViewController) {
    let current = controller.uikitModel.name
    if !usedNames.contains(current) {
      let base = scenario.naming(controller) ?? defaultName(controller)
      let name = usedNames.insertUnique(base)
      if let number = current.firstMatch(of: /#[0-9]+$/) {
        aliases[String(number.output)] = (String(current[..<number.range.lowerBound]), name)
      }
      controller.uikitModel.name = name
    }
    if let composed = controller as? ComposedViewController,
      !composers.contains(where: { $0.composer === composed.composer })
    {
      composers.append((controller.uikitModel.name, composed.composer, 0, 0))
    }
    for child in controller.children { name(child) }
    // A presented controller is no child, but its callbacks and its own children are shown too.
    if let presented = controller.presentedViewController { name(presented) }
  }

  /// The type's name without `ViewController`, in lower camel case: `feedTab`.
  private func defaultName(_ controller: UIViewController) -> String {
    var type = String(describing: Swift.type(of: controller))
    if type.hasSuffix("ViewController") { type.removeLast("ViewController".count) }
    guard let first = type.first else { return "controller" }
    return first.lowercased() + type.dropFirst()
  }

  /// A model name with the readable names in place of the ones objects had when it was recorded.
  ///
  /// A model name is a type's name, generic arguments included, then `#` and a number; the name
  /// is replaced where it stands whole, not where it ends a longer word.
  private func readable(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let match = rest.firstMatch(of: /#[0-9]+/) {
      let before = rest[..<match.range.lowerBound]
      if let alias = aliases[String(match.output)], before.hasSuffix(alias.type),
        !(before.dropLast(alias.type.count).last.map(Self.isNamePart) ?? false)
      {
        result += before.dropLast(alias.type.count) + alias.name
      } else {
        result += rest[..<match.range.upperBound]
      }
      rest = rest[match.range.upperBound...]
    }
    return result + rest
  }

  /// Whether a character can be part of a type's name.
  private static func isNamePart(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  // MARK: - Events

  private func events() -> [StepRecord.Event] {
    ModelRuntime.events.compactMap { event in
      let kind: StepRecord.Event.Kind
      switch event.category {
      case .loading: kind = .loading
      case .containment: kind = .containment
      case .appearance: kind = .appearance
      case .animation: kind = .animation
      case .system: kind = .system
      default: return nil
      }
      return StepRecord.Event(
        kind: kind, subject: readable(event.subject), callback: readable(event.callback))
    }
  }

  // MARK: - Hierarchy

  private func controllerNode(_ controller: UIViewController, in window: UIWindow)
    -> StepRecord.ControllerNode
  {
    let view = controller.viewIfLoaded
    let frame = view.flatMap { $0.window === window ? windowFrame(of: $0) : nil }
    return StepRecord.ControllerNode(
      name: controller.uikitModel.name,
      appearance: controller.uikitModel.appearanceState.description, frame: frame,
      children: controller.children.map { controllerNode($0, in: window) })
  }

  private func viewNode(_ view: UIView, in window: UIWindow) -> StepRecord.ViewNode {
    let controller = view.next as? UIViewController
    let label: String
    if let controller, controller.viewIfLoaded === view {
      label = controller.uikitModel.name
    } else {
      label = String(describing: type(of: view))
    }
    let subviews = view.subviews.filter {
      !$0.isHidden && $0.frame.width > 0 && $0.frame.height > 0
    }
    return StepRecord.ViewNode(
      label: label, isControllerView: controller?.viewIfLoaded === view,
      frame: windowFrame(of: view), subviews: subviews.map { viewNode($0, in: window) })
  }

  /// The view's frame in the window's coordinates.
  private func windowFrame(of view: UIView) -> CGRect {
    var frame = view.frame
    var superview = view.superview
    while let current = superview, !(current is UIWindow) {
      frame = frame.offsetBy(
        dx: current.frame.minX - current.bounds.minX, dy: current.frame.minY - current.bounds.minY)
      superview = current.superview
    }
    return frame
  }
}

extension Set<String> {
  /// Inserts `base`, or, when it is taken, the first of `base` followed by `separator` and 2, 3,
  /// … that is not, and returns what it inserted.
  mutating func insertUnique(_ base: String, separator: String = "") -> String {
    var name = base
    var number = 2
    while contains(name) {
      name = "\(base)\(separator)\(number)"
      number += 1
    }
    insert(name)
    return name
  }
}
#endif
