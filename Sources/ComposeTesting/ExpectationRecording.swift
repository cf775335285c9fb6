import Foundation

/// Whether expectations on texts record the actual text instead of comparing it.
///
/// A new test can start with an empty expected text (`""`). In record mode, an expectation whose
/// text differs fails with the actual text written as a multi-line string literal, ready to be
/// pasted in place of the expected one; a text that matches passes. Turn it on for one test or
/// suite with the `.recordingExpectations` trait, or for a whole run with the environment variable
/// `COMPOSE_TESTING_RECORD=1`:
///
/// ```sh
/// COMPOSE_TESTING_RECORD=1 swift test --filter DashboardTests
/// ```
///
/// Recording never passes a test: the recorded text has to be read and pasted, by a person, before
/// it becomes the contract.
public enum ExpectationRecording {
  /// Whether record mode is on for the current task: set by ``withRecording(_:_:)`` or by the
  /// environment variable `COMPOSE_TESTING_RECORD` (`1`, `true` or `yes`).
  public static var isOn: Bool {
    taskIsRecording ?? environmentIsRecording
  }

  /// Runs `body` with record mode on (or off), whatever the environment says.
  ///
  /// - Parameters:
  ///   - isOn: Whether expectations record.
  ///   - body: The code whose expectations record.
  /// - Returns: What `body` returns.
  public static func withRecording<Result>(
    _ isOn: Bool = true, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskIsRecording.withValue(isOn) { try await body() }
  }

  @TaskLocal private static var taskIsRecording: Bool?

  private static let environmentIsRecording: Bool = {
    let value = ProcessInfo.processInfo.environment["COMPOSE_TESTING_RECORD"]?.lowercased()
    return ["1", "true", "yes"].contains(value ?? "")
  }()

  /// The failure message for a text that differs from the expected one, or `nil` when they are
  /// the same.
  ///
  /// - Parameters:
  ///   - subject: What the text is, such as `"trace"`.
  ///   - expected: The text the test expects.
  ///   - actual: The text found.
  /// - Returns: The diff, or in record mode the actual text as a literal ready to paste.
  static func failure(of subject: String, expected: String, actual: String) -> String? {
    let difference = TextDifference(expected: expected, actual: actual)
    guard difference.hasDifferences else { return nil }
    if isOn {
      return "\(subject) recorded; paste it as the expected text:\n\(literal(actual))"
    }
    return "\(subject) differs from the expected text (- expected, + actual):\n\(difference)"
  }

  /// `text` as a multi-line string literal, indented by two spaces: a raw one, with as many `#`
  /// as it takes, when `text` has a backslash or a closing delimiter (a key such as `#"a\b"`), so
  /// that the literal reads back as `text`.
  static func literal(_ text: String) -> String {
    var hashes = ""
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) {
      hashes += "#"
    }
    let body = TextDifference.lines(of: text).map { $0.isEmpty ? "" : "  " + $0 }
    return ([hashes + "\"\"\""] + body + ["  \"\"\"" + hashes]).joined(separator: "\n")
  }
}
