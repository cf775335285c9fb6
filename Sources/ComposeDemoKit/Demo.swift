#if !canImport(UIKit)
import Foundation

/// The demo's three outputs, apart from the command line that picks one.
@MainActor
public enum Demo {
  /// Plays scenarios and writes their text: each scenario's heading, then its steps.
  ///
  /// Interactive, it stops after each step and reads a line: an empty line (return) shows the next
  /// step, `q` quits. At the end of the input it plays the rest without stopping, so that
  /// `compose-demo --interactive < /dev/null` prints everything.
  ///
  /// - Parameters:
  ///   - scenarios: The scenarios, in order.
  ///   - renderer: The text renderer.
  ///   - interactive: Whether to stop after each step.
  ///   - readLine: Reads a line of input; `nil` at its end.
  ///   - write: Writes text; a line break is added only where `text` has one.
  public static func text(
    _ scenarios: [Scenario], renderer: TextRenderer, interactive: Bool = false,
    readLine: () -> String? = { nil }, write: (String) -> Void
  ) {
    var prompts = interactive
    var quit = false
    for (index, scenario) in scenarios.enumerated() where !quit {
      if index > 0 { write("\n") }
      write(renderer.heading(scenario) + "\n")
      Player(scenario).play { record in
        write("\n" + renderer.step(record, of: scenario.stepCount) + "\n")
        let isLast = index == scenarios.count - 1 && record.number == scenario.stepCount
        guard prompts, !isLast else { return true }
        write("\n-- return: next step, q: quit -- ")
        guard let answer = readLine() else {
          prompts = false
          write("\n")
          return true
        }
        quit = answer.trimmingCharacters(in: .whitespaces).lowercased() == "q"
        return !quit
      }
    }
  }

  /// A Mermaid sequence diagram per scenario, separated by blank lines.
  ///
  /// - Parameter scenarios: The scenarios, in order.
  /// - Returns: The diagrams.
  public static func mermaid(_ scenarios: [Scenario]) -> String {
    scenarios.map { MermaidRenderer().diagram(title: $0.title, Player($0).records()) }
      .joined(separator: "\n\n")
  }

  /// A picture per step of every scenario, with its file name.
  ///
  /// - Parameter scenarios: The scenarios, in order.
  /// - Returns: The file names (`tabs-step-1.svg`, …) and the pictures, in order.
  public static func pictures(_ scenarios: [Scenario]) -> [(fileName: String, svg: String)] {
    scenarios.flatMap { scenario in
      Player(scenario).records().map { record in
        (
          SVGRenderer.fileName(scenario: scenario.name, record),
          SVGRenderer().picture(record, title: scenario.name)
        )
      }
    }
  }
}
#endif
