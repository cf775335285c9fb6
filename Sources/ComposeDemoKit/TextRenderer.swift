#if !canImport(UIKit)
import Foundation

/// Renders scenarios and their steps as plain text, at most 100 columns wide, with ANSI colours
/// when asked.
///
/// ```
/// Step 2 of 5  t=0.00s
///   change  tabs.selectedIndex = 1
///   plan    tabs: detach-view 'tab' first.first FeedTabViewController
///   calls   feedTab.viewWillDisappear(false)
///   after   tabs           appeared      0,0 390x844
/// ```
public struct TextRenderer: Sendable {
  /// The widest line the renderer writes.
  public static let width = 100
  /// Whether to colour the output with ANSI escape codes.
  public var colours: Bool

  /// Creates a renderer.
  ///
  /// - Parameter colours: Whether to colour the output with ANSI escape codes.
  public init(colours: Bool) {
    self.colours = colours
  }

  /// Whether the standard output should be coloured: it is a terminal and `NO_COLOR` is unset or
  /// empty (see no-color.org).
  ///
  /// - Parameters:
  ///   - isTerminal: Whether the standard output is a terminal.
  ///   - environment: The process's environment.
  /// - Returns: Whether to colour.
  public static func coloursOutput(isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// The lines of `--list`: each scenario's name, padded, and its title.
  ///
  /// - Parameter scenarios: The scenarios.
  /// - Returns: The text, one scenario per line.
  @MainActor
  public func list(_ scenarios: [Scenario]) -> String {
    let width = scenarios.map(\.name.count).max() ?? 0
    return scenarios.map { scenario in
      paint(pad(scenario.name, to: width), .bold) + "  "
        + scenario.title
    }.joined(separator: "\n")
  }

  /// The heading printed before a scenario's steps: its name and title, and its summary wrapped.
  ///
  /// - Parameter scenario: The scenario.
  /// - Returns: The heading's lines, joined by newlines.
  @MainActor
  public func heading(_ scenario: Scenario) -> String {
    let rule = String(repeating: "=", count: Self.width)
    var lines = [paint(rule, .bold), paint("\(scenario.name): \(scenario.title)", .bold)]
    lines += wrap(scenario.summary, width: Self.width)
    lines.append(paint(rule, .bold))
    return lines.joined(separator: "\n")
  }

  /// One step: its change, the plan, the callbacks, the hierarchy after it, and its notes.
  ///
  /// - Parameters:
  ///   - record: The step's record.
  ///   - count: The number of steps in the scenario.
  /// - Returns: The step's lines, joined by newlines.
  public func step(_ record: StepRecord, of count: Int) -> String {
    var lines = [
      paint("Step \(record.number) of \(count)", .bold) + "  "
        + paint("t=\(String(format: "%.2f", record.time))s", .dim)
    ]
    lines += section("change", [(record.change, .bold)])
    lines += section("", [(record.explanation, .dim)])
    let plan = record.plan.map { ("\($0.container): \($0.step)", Style.cyan) }
    lines += section("plan", plan.isEmpty ? [("nothing to do", .dim)] : plan)
    let events = record.events.map { ($0.description, Self.style(of: $0.kind)) }
    lines += section("calls", events.isEmpty ? [("none", .dim)] : events)
    let nameWidth = max(Self.nameWidth(record.controllers, depth: 0), 20)
    lines += section("after", hierarchy(record.controllers, depth: 0, nameWidth: nameWidth))
    lines += section("note", record.notes.map { ($0, .plain) })
    lines += section("PROBLEM", record.problems.map { ($0, .red) })
    return lines.joined(separator: "\n")
  }

  // MARK: - Layout

  /// A labelled block: the label in a 10-column gutter on the first line, each entry wrapped to
  /// the remaining width with a 2-space hanging indent.
  private func section(_ label: String, _ entries: [(String, Style)]) -> [String] {
    let gutter = 10
    var lines: [String] = []
    for (index, entry) in entries.enumerated() {
      let wrapped = wrap(entry.0, width: Self.width - gutter, hangingIndent: 2)
      for (lineIndex, line) in wrapped.enumerated() {
        let title = index == 0 && lineIndex == 0 ? label : ""
        let prefix = "  " + pad(title, to: gutter - 2)
        lines.append(prefix + paint(line, entry.1))
      }
    }
    return lines
  }

  /// The width of the hierarchy's first column: its longest name, indented.
  private static func nameWidth(_ node: StepRecord.ControllerNode, depth: Int) -> Int {
    node.children.reduce(2 * depth + node.name.count) {
      max($0, nameWidth($1, depth: depth + 1))
    }
  }

  private func hierarchy(_ node: StepRecord.ControllerNode, depth: Int, nameWidth: Int)
    -> [(String, Style)]
  {
    let name = String(repeating: "  ", count: depth) + node.name
    let place =
      node.frame.map {
        "\(Int($0.minX)),\(Int($0.minY)) \(Int($0.width))x\(Int($0.height))"
      } ?? "view not in the window"
    let line = pad(name, to: nameWidth) + " " + pad(node.appearance, to: 13) + place
    return [(line, .plain)]
      + node.children.flatMap { hierarchy($0, depth: depth + 1, nameWidth: nameWidth) }
  }

  /// The text followed by spaces up to `width` characters (`String.padding(toLength:…)` counts
  /// UTF-16 code units, so a name with a combining accent would come out short).
  private func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.count, 0))
  }

  /// Breaks text at spaces into lines of at most `width` characters; a word longer than a line
  /// is cut.
  func wrap(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
    // Leading spaces (the hierarchy's indentation) are kept; spaces inside are kept as written.
    let leading = String(text.prefix { $0 == " " })
    var lines: [String] = []
    var line = leading
    for word in text.dropFirst(leading.count).split(
      separator: " ", omittingEmptySubsequences: false)
    {
      if line == leading && lines.isEmpty {
        line += word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(repeating: " ", count: hangingIndent) + word
      }
      while line.count > width {
        lines.append(String(line.prefix(width)))
        line = String(repeating: " ", count: hangingIndent) + line.dropFirst(width)
      }
    }
    lines.append(line)
    return lines
  }

  // MARK: - Colour

  enum Style {
    case plain, bold, dim, cyan, yellow, green, blue, magenta, red

    var code: String? {
      switch self {
      case .plain: nil
      case .bold: "1"
      case .dim: "2"
      case .cyan: "36"
      case .yellow: "33"
      case .green: "32"
      case .blue: "34"
      case .magenta: "35"
      case .red: "31"
      }
    }
  }

  static func style(of kind: StepRecord.Event.Kind) -> Style {
    switch kind {
    case .loading: .blue
    case .containment: .yellow
    case .appearance: .green
    case .animation: .magenta
    case .system: .red
    }
  }

  private func paint(_ text: String, _ style: Style) -> String {
    guard colours, let code = style.code, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
#endif
