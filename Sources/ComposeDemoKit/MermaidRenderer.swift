#if !canImport(UIKit)
import Foundation

/// Renders a scenario as a Mermaid sequence diagram of its containment calls and callbacks.
///
/// Each step opens with a note over the root container; a containment callback is an arrow from
/// the parent to the child, a loading or appearance callback an arrow from `UIKit`, and an
/// animation's start and completion a note beside `UIKit`. The result goes in a fenced
/// `mermaid` block of a Markdown document as it is.
public struct MermaidRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The diagram of a scenario's steps.
  ///
  /// - Parameters:
  ///   - title: The diagram's title.
  ///   - records: The scenario's steps, in order.
  /// - Returns: The diagram's source, starting with `sequenceDiagram`.
  public func diagram(title: String, _ records: [StepRecord]) -> String {
    var participants = Participants()
    var parents: [String: String] = [:]
    var body: [String] = []
    let root = records.first?.controllers.name ?? "container"
    for record in records {
      let rootID = participants.id(root)
      body.append("  Note over \(rootID): \(escape("\(record.number). \(record.change)"))")
      for event in record.events {
        switch event.kind {
        case .animation:
          body.append("  Note right of UIKit: \(escape(event.description))")
        case .containment:
          // The parent makes the call; `toParent: nil` comes from the parent it is leaving.
          let argument = Self.parentArgument(event.callback)
          let sender = (argument ?? parents[event.subject]).map { participants.id($0) } ?? "UIKit"
          if let argument { parents[event.subject] = argument }
          let receiver = participants.id(event.subject)
          body.append("  \(sender)->>\(receiver): \(escape(event.callback))")
        case .loading, .appearance, .system:
          let receiver = participants.id(event.subject)
          body.append("  UIKit->>\(receiver): \(escape(event.callback))")
        }
      }
      Self.collectParents(record.controllers, into: &parents)
    }
    let quotedTitle = title.replacing("\\", with: "\\\\").replacing("\"", with: "'")
    let header =
      ["---", "title: \"\(quotedTitle)\"", "---", "sequenceDiagram", "  participant UIKit"]
      + participants.names.map { name in
        let id = participants.id(name)
        return id == name ? "  participant \(name)" : "  participant \(id) as \(escape(name))"
      }
    return (header + body).joined(separator: "\n")
  }

  /// The controllers of a diagram, each with an identifier of its own that Mermaid reads as a
  /// participant's name.
  private struct Participants {
    /// The names, in the order they were met.
    private(set) var names: [String] = []
    private var ids: [String: String] = [:]
    /// `UIKit` is the participant that makes the callbacks.
    private var usedIDs: Set<String> = ["UIKit"]

    /// The identifier of a controller's name, made the first time the name is met: its ASCII
    /// letters, digits and underscores, the rest replaced with `_`, followed by `_` if Mermaid
    /// would read it as a keyword, and by a number if another name has it already.
    mutating func id(_ name: String) -> String {
      if let id = ids[name] { return id }
      var base = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      if base.isEmpty || Self.keywords.contains(base.lowercased()) { base += "_" }
      let id = usedIDs.insertUnique(base, separator: "_")
      ids[name] = id
      names.append(name)
      return id
    }

    /// The words of a sequence diagram, which Mermaid reads as such wherever a participant's
    /// name could stand, whatever their case.
    static let keywords: Set<String> = [
      "accdescr", "acctitle", "activate", "actor", "alt", "and", "autonumber", "box", "break",
      "create", "critical", "deactivate", "destroy", "details", "else", "end", "link", "links",
      "loop", "note", "off", "opt", "option", "over", "par", "par_over", "participant",
      "properties", "rect", "sequencediagram", "title",
    ]
  }

  /// The parent named in `willMove(toParent: name)` or `didMove(toParent: name)`; `nil` for
  /// `nil`.
  static func parentArgument(_ callback: String) -> String? {
    guard let start = callback.range(of: "toParent: "), callback.hasSuffix(")") else { return nil }
    let name = String(callback[start.upperBound...].dropLast())
    return name == "nil" ? nil : name
  }

  private static func collectParents(
    _ node: StepRecord.ControllerNode, into parents: inout [String: String]
  ) {
    for child in node.children {
      parents[child.name] = node.name
      collectParents(child, into: &parents)
    }
  }

  /// Text with Mermaid's separators (`#`, `;`) and the angle brackets it would read as HTML
  /// written as entity codes.
  private func escape(_ text: String) -> String {
    text.map { character in
      switch character {
      case "#": "#35;"
      case ";": "#59;"
      case "<": "#lt;"
      case ">": "#gt;"
      default: String(character)
      }
    }.joined()
  }
}
#endif
