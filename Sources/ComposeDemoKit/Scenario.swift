#if !canImport(UIKit)
import Compose
import Foundation
public import UIKitModel

/// A story the demo tells: a container from `Examples/`, shown in a window, then changed one step
/// at a time.
///
/// A scenario makes its container afresh every time it is played, so that every run starts from
/// the same state of the model and prints the same output.
///
/// ```swift
/// let tabs = Scenario(
///   name: "tabs", title: "Tab switcher", summary: "…",
///   root: { TabContainerViewController() },
///   steps: [ScenarioStep("tabs.selectedIndex = 1", "Show search.") { tabs, _ in
///     tabs.selectedIndex = 1
///   }])
/// ```
@MainActor
public struct Scenario {
  /// The name given to `--scenario`, lower case with hyphens.
  public let name: String
  /// The title printed above the scenario.
  public let title: String
  /// What the scenario shows, in a sentence or two.
  public let summary: String
  /// Makes the container shown in the window.
  let makeRoot: @MainActor () -> UIViewController
  /// The name the root goes by in the output.
  let rootName: String
  /// Gives the controllers made along the way their names in the output, or `nil` for the
  /// default (the type's name without `ViewController`, in lower camel case).
  let naming: @MainActor (UIViewController) -> String?
  /// The changes, in order.
  let steps: [AnyStep]

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - name: The name given to `--scenario`.
  ///   - title: The title printed above the scenario.
  ///   - summary: What the scenario shows.
  ///   - rootName: The name the root container goes by in the output.
  ///   - root: Makes the container shown in the window.
  ///   - naming: Names the controllers made along the way, or returns `nil` for the default name.
  ///   - steps: The changes, in order.
  public init<Root: UIViewController>(
    name: String, title: String, summary: String, rootName: String,
    root: @escaping @MainActor () -> Root,
    naming: @escaping @MainActor (UIViewController) -> String? = { _ in nil },
    steps: [ScenarioStep<Root>]
  ) {
    self.name = name
    self.title = title
    self.summary = summary
    self.rootName = rootName
    self.makeRoot = root
    self.naming = naming
    self.steps = steps.map { step in
      AnyStep(change: step.change, explanation: step.explanation) { controller, stage in
        guard let root = controller as? Root else { return }
        step.perform(root, stage)
      }
    }
  }

  /// The number of steps printed, the window's first appearance included.
  public var stepCount: Int { steps.count + 1 }
}

/// One change of a ``Scenario``: what changes, why it is interesting, and the code that makes it.
@MainActor
public struct ScenarioStep<Root: UIViewController> {
  /// The change as code, for example `tabs.selectedIndex = 1`.
  public let change: String
  /// What to look for in the step's output.
  public let explanation: String
  /// Makes the change, and lets virtual time pass if the step is about time.
  let perform: @MainActor (Root, Stage) -> Void

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - change: The change as code.
  ///   - explanation: What to look for in the step's output.
  ///   - settles: Whether the model runs until idle after the change; pass `false` for a step
  ///     that stops mid-transition, and let time pass in `perform`.
  ///   - perform: Makes the change.
  public init(
    _ change: String, _ explanation: String, settles: Bool = true,
    perform: @escaping @MainActor (Root, Stage) -> Void
  ) {
    self.change = change
    self.explanation = explanation
    self.perform = { root, stage in
      perform(root, stage)
      if settles { ModelRuntime.runUntilIdle() }
    }
  }
}

/// A step with its root's type erased.
@MainActor
struct AnyStep {
  let change: String
  let explanation: String
  let perform: @MainActor (UIViewController, Stage) -> Void
}

/// What a scenario's steps can reach besides their container: notes added to the step's output.
@MainActor
public final class Stage {
  /// The lines the current step adds under its output, such as a comparison.
  var notes: [String] = []

  init() {}

  /// Adds a line under the current step's output.
  ///
  /// - Parameter text: The line.
  public func note(_ text: String) {
    notes.append(text)
  }
}
#endif
