#if !canImport(UIKit)
import Foundation

/// Draws a step's view tree as an SVG picture: every view with a size as a frame, from the
/// model's geometry, children's root views filled and labelled with their controllers' names.
///
/// Nested controllers' frames are inset 2 pixels per level, and their labels stacked, so that a
/// child that fills its container leaves the container in sight. The window is drawn at half size
/// under a caption with the step's number and change, so a series of pictures shows how the layout changes from step to step — mid-transition included,
/// where an outgoing view has slid or is still in place beside the incoming one.
public struct SVGRenderer: Sendable {
  /// The scale from points to the picture's pixels.
  public var scale: Double = 0.5

  /// Creates a renderer.
  public init() {}

  /// The file name of a step's picture: `tabs-step-2.svg`.
  ///
  /// - Parameters:
  ///   - scenario: The scenario's name.
  ///   - record: The step.
  /// - Returns: The file name.
  public static func fileName(scenario: String, _ record: StepRecord) -> String {
    "\(scenario)-step-\(record.number).svg"
  }

  /// The picture of a step.
  ///
  /// - Parameters:
  ///   - record: The step.
  ///   - title: The scenario's name, shown in the caption.
  /// - Returns: The SVG document.
  public func picture(_ record: StepRecord, title: String) -> String {
    let margin = 12.0
    let caption = 40.0
    let window = record.views.frame
    // Views outside the window (a page that slid out) are drawn too, beside the window's outline.
    let canvas = Self.frames(of: record.views).reduce(window) { $0.union($1) }
    let width = max(canvas.width * scale + 2 * margin, 240)
    let height = canvas.height * scale + 2 * margin + caption
    let origin = (x: margin - canvas.minX * scale, y: margin + caption - canvas.minY * scale)
    var appearance: [String: String] = [:]
    Self.collectAppearance(record.controllers, into: &appearance)
    var lines = [
      "<svg xmlns='http://www.w3.org/2000/svg' width='\(n(width))' height='\(n(height))' "
        + "viewBox='0 0 \(n(width)) \(n(height))' font-family='Helvetica, Arial, sans-serif'>",
      "  <rect width='100%' height='100%' fill='#ffffff'/>",
      "  <text x='\(n(margin))' y='\(n(margin + 12))' font-size='12' font-weight='bold' "
        + "fill='#222222'>\(escape("\(title) · step \(record.number)"))</text>",
      "  <text x='\(n(margin))' y='\(n(margin + 28))' font-size='9' "
        + "fill='#555555'>\(escape(clip(record.change, to: Int(width / 5))))</text>",
    ]
    var drawing: (shapes: [String], labels: [String]) = ([], [])
    draw(record.views, depth: 0, line: 0, origin: origin, appearance: appearance, into: &drawing)
    lines += drawing.shapes + drawing.labels
    let outline =
      "x='\(n(origin.x + window.minX * scale))' y='\(n(origin.y + window.minY * scale))' "
      + "width='\(n(window.width * scale))' height='\(n(window.height * scale))'"
    lines.append("  <rect \(outline) fill='none' stroke='#000000' stroke-width='2'/>")
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func frames(of node: StepRecord.ViewNode) -> [CGRect] {
    [node.frame] + node.subviews.flatMap(frames(of:))
  }

  private static func collectAppearance(
    _ node: StepRecord.ControllerNode, into states: inout [String: String]
  ) {
    states[node.name] = node.appearance
    for child in node.children { collectAppearance(child, into: &states) }
  }

  /// Adds a view's frame to `shapes` and its label to `labels`, then its subviews'; labels are
  /// drawn after every frame, so that no frame covers a label.
  ///
  /// `line` is the label's line from the top of its frame: its depth, plus one for each earlier
  /// sibling with the same frame (the two sides of a running flip).
  private func draw(
    _ node: StepRecord.ViewNode, depth: Int, line: Int, origin: (x: Double, y: Double),
    appearance: [String: String], into drawing: inout (shapes: [String], labels: [String])
  ) {
    // A controller's root view is inset 2 pixels per level, so that a child that fills its
    // container leaves the container's frame in sight.
    let inset = node.isControllerView ? Double(2 * depth) : 0
    let x = origin.x + node.frame.minX * scale + inset
    let y = origin.y + node.frame.minY * scale + inset
    let w = max(node.frame.width * scale - 2 * inset, 0)
    let h = max(node.frame.height * scale - 2 * inset, 0)
    let geometry = "x='\(n(x))' y='\(n(y))' width='\(n(w))' height='\(n(h))'"
    if node.isControllerView {
      // A controller that is not simply shown says what it is doing: appearing, disappearing.
      let state = appearance[node.label].flatMap { $0 == "appeared" ? nil : $0 }
      let label = state.map { "\(node.label) (\($0))" } ?? node.label
      let fill = Self.palette[depth % Self.palette.count]
      drawing.shapes.append(
        "  <rect \(geometry) fill='\(fill)' fill-opacity='0.75' stroke='#333333' "
          + "stroke-width='1'/>")
      // A long label in a narrow frame gets a smaller font (a character is about 0.55 em wide).
      let size = min(10, max(6, (w - 6) / (0.55 * Double(label.count))))
      drawing.labels.append(
        "  <text x='\(n(x + 4))' y='\(n(y + 13 + 12 * Double(line)))' font-size='\(n(size))' "
          + "fill='#111111'>\(escape(label))</text>")
    } else {
      drawing.shapes.append(
        "  <rect \(geometry) fill='none' stroke='#888888' stroke-width='1' "
          + "stroke-dasharray='4 3'/>")
      drawing.labels.append(
        "  <text x='\(n(x + 4))' y='\(n(y + h - 4))' font-size='8' "
          + "fill='#777777'>\(escape(node.label))</text>")
    }
    let childDepth = node.isControllerView ? depth + 1 : depth
    for (index, subview) in node.subviews.enumerated() {
      let twins = node.subviews[..<index].filter { $0.frame == subview.frame }.count
      draw(
        subview, depth: childDepth, line: max(line + 1, childDepth) + twins, origin: origin,
        appearance: appearance, into: &drawing)
    }
  }

  /// Fills for controllers' root views, by depth in the controller tree.
  static let palette = ["#dbe8f6", "#fde7c8", "#d7f0dc", "#f3d9ef", "#e6e1f7"]

  /// A number with at most one decimal and no trailing zero, the same on every machine.
  private func n(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let whole = Int(tenths) / 10
    let fraction = abs(Int(tenths)) % 10
    let sign = tenths < 0 && whole == 0 ? "-" : ""
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  private func clip(_ text: String, to length: Int) -> String {
    text.count <= length ? text : String(text.prefix(length - 1)) + "…"
  }

  private func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("'", with: "&apos;")
  }
}
#endif
