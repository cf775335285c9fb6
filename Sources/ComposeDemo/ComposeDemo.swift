import ArgumentParser

#if canImport(UIKit)
/// On a platform with UIKit the demo has nothing to run on: it plays its scenarios on UIKitModel.
@main
struct ComposeDemo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compose-demo",
    abstract: "Shows what Compose does, step by step, on UIKitModel.")

  func run() throws {
    print("compose-demo runs on UIKitModel: run it on macOS or Linux with `swift run compose-demo`")
  }
}
#else
import ComposeDemoKit
import Foundation

/// `swift run compose-demo`: plays the containers of `Examples/` on UIKitModel and shows, step by
/// step, what Compose did.
@main
struct ComposeDemo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compose-demo",
    abstract: "Shows what Compose does, step by step, on UIKitModel.",
    discussion: """
      Each scenario shows a container from Examples/ in a window and changes its state one step \
      at a time. For every step the demo prints the change, the plan Compose made, the loading, \
      containment, appearance and animation callbacks and memory warnings each controller \
      received, in order (not the view-hierarchy and layout callbacks), and the hierarchy \
      afterwards.
      """)

  /// An output format.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, mermaid, svg
  }

  @Flag(help: "List the scenarios and exit.")
  var list = false

  @Option(help: "The scenario to play (see --list); all of them when omitted.")
  var scenario: String?

  @Option(help: "text, mermaid (a sequence diagram) or svg (a picture per step, needs --output).")
  var format: Format = .text

  @Option(help: "The folder the svg format writes its pictures to.")
  var output: String?

  @Flag(help: "Play one step at a time: return shows the next step, q or quit quits.")
  var interactive = false

  func validate() throws {
    if let scenario, MainActor.assumeIsolated({ Scenario.named(scenario) }) == nil {
      let names = MainActor.assumeIsolated { Scenario.all.map(\.name) }
      throw ValidationError(
        "no scenario named '\(scenario)'; choose one of \(names.joined(separator: ", "))")
    }
    if format == .svg && output == nil {
      throw ValidationError("the svg format writes files; add '--output DIR'")
    }
    if format != .svg && output != nil {
      throw ValidationError("'--output' is for the svg format; add '--format svg'")
    }
    if interactive && format != .text {
      throw ValidationError("'--interactive' shows text; leave out '--format \(format)'")
    }
  }

  func run() throws {
    try MainActor.assumeIsolated { try play() }
  }

  @MainActor
  private func play() throws {
    let colours = TextRenderer.coloursOutput(
      isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    let text = TextRenderer(colours: colours)
    if list {
      print(text.list(Scenario.all))
      return
    }
    let scenarios = scenario.flatMap(Scenario.named).map { [$0] } ?? Scenario.all
    switch format {
    case .text:
      Demo.text(scenarios, renderer: text, interactive: interactive, readLine: { readLine() }) {
        print($0, terminator: "")
        fflush(nil)
      }
    case .mermaid:
      print(Demo.mermaid(scenarios))
    case .svg:
      try Demo.writePictures(scenarios, to: output ?? "") { print($0) }
    }
  }
}
#endif
