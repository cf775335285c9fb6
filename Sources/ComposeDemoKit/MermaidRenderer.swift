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
    var participants: [String] = ["UIKit"]
    func meet(_ name: String) {
      if !participants.contains(name) { participants.append(name) }
    }
    var parents: [String: String] = [:]
    var body: [String] = []
    let root = records.first?.controllers.name ?? "container"
    for record in records {
      meet(root)
      body.append("  Note over \(id(root)): \(escape("\(record.number). \(record.change)"))")
      for event in record.events {
        switch event.kind {
        case .animation:
          body.append("  Note right of UIKit: \(escape(event.description))")
        case .containment:
          // The parent makes the call; `toParent: nil` comes from the parent it is leaving.
          let argument = Self.parentArgument(event.callback)
          let sender = argument ?? parents[event.subject] ?? "UIKit"
          if let argument { parents[event.subject] = argument }
          meet(sender)
          meet(event.subject)
          body.append("  \(id(sender))->>\(id(event.subject)): \(escape(event.callback))")
        case .loading, .appearance, .system:
          meet(event.subject)
          body.append("  UIKit->>\(id(event.subject)): \(escape(event.callback))")
        }
      }
      Self.collectParents(record.controllers, into: &parents)
    }
    let header =
      ["---", "title: \"\(title.replacing("\"", with: "'"))\"", "---", "sequenceDiagram"]
      + participants.map { name in
        id(name) == name ? "  participant \(name)" : "  participant \(id(name)) as \(name)"
      }
    return (header + body).joined(separator: "\n")
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

  /// A participant identifier: letters, digits and underscores.
  private func id(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }

  /// Message text with Mermaid's separators written as entity codes.
  private func escape(_ text: String) -> String {
    text.map { character in
      switch character {
      case "#": "#35;"
      case ";": "#59;"
      default: String(character)
      }
    }.joined()
  }
}
#endif
