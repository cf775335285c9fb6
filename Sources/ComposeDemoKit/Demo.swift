#if !canImport(UIKit)
import Foundation

/// The demo's three outputs, apart from the command line that picks one.
@MainActor
public enum Demo {
  /// Plays scenarios and writes their text: each scenario's heading, then its steps.
  ///
  /// Interactive, it stops after each step and reads a line: an empty line (return) shows the next
  /// step, `q` or `quit` quits. At the end of the input it plays the rest without stopping, so that
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
        quit = ["q", "quit"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
        return !quit
      }
    }
  }

  /// A Mermaid sequence diagram per scenario, separated by blank lines.
  ///
  /// A Mermaid file (`.mmd`) holds one diagram: write one scenario to it. Several diagrams go in
  /// a Markdown document, each in a fenced `mermaid` block.
  ///
  /// - Parameter scenarios: The scenarios, in order.
  /// - Returns: The diagrams.
  public static func mermaid(_ scenarios: [Scenario]) -> String {
    scenarios.map { MermaidRenderer().diagram(title: $0.title, Player($0).records()) }
      .joined(separator: "\n\n")
  }

  /// Writes a picture per step of every scenario into a folder, made if it does not exist.
  ///
  /// The folder is checked before any scenario is played: a folder that is a file, or that
  /// cannot be made, is reported and nothing is written.
  ///
  /// - Parameters:
  ///   - scenarios: The scenarios, in order.
  ///   - folder: The folder, as given to `--output`.
  ///   - wrote: Receives the path of each file written, in order.
  /// - Throws: ``PictureOutputError``, naming the folder or file and what to do.
  public static func writePictures(
    _ scenarios: [Scenario], to folder: String, wrote: (String) -> Void
  ) throws(PictureOutputError) {
    guard !folder.isEmpty else {
      throw PictureOutputError("'--output' names no folder; add one, such as '--output pictures'")
    }
    // The nearest part of the path that exists must be a folder.
    var existing = folder
    while !FileManager.default.fileExists(atPath: existing) {
      let parent = (existing as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != existing else { break }
      existing = parent
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), !isFolder.boolValue
    {
      let file = existing == folder ? "'\(folder)'" : "'\(existing)' in '\(folder)'"
      throw PictureOutputError(
        "\(file) is a file, not a folder; give '--output' a folder for the pictures")
    }
    let url = URL(fileURLWithPath: folder, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw PictureOutputError(
        "cannot make the folder '\(folder)' (\(reason(error))); give '--output' a folder you can "
          + "write to")
    }
    for picture in pictures(scenarios) {
      let file = url.appendingPathComponent(picture.fileName)
      do {
        try picture.svg.write(to: file, atomically: true, encoding: .utf8)
      } catch {
        throw PictureOutputError(
          "cannot write '\(file.relativePath)' (\(reason(error))); give '--output' a folder you "
            + "can write to")
      }
      wrote(file.relativePath)
    }
  }

  /// Why a file operation failed, in the system's words: `No such file or directory`.
  private static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
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

/// Why ``Demo/writePictures(_:to:wrote:)`` wrote no picture, or not all of them: the folder or the
/// file, and what to do.
public struct PictureOutputError: Error, CustomStringConvertible, Sendable {
  /// The message: `'notes.txt' is a file, not a folder; give '--output' a folder for the pictures`.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
#endif
