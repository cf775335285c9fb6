/// A line-by-line comparison of an expected text with an actual one, for failure messages.
///
/// Lines both texts have, in the same order, are shown indented by two spaces; a line only the
/// expected text has starts with `- `, a line only the actual text has with `+ `. The common lines
/// are the longest common subsequence, so one changed line shows as one `-` and one `+`.
///
/// ```swift
/// let difference = TextDifference(expected: "a\nb\nc", actual: "a\nx\nc")
/// print(difference)
/// //   a
/// // - b
/// // + x
/// //   c
/// ```
public struct TextDifference: Hashable, Sendable, CustomStringConvertible {
  /// One line of the comparison.
  public enum Line: Hashable, Sendable {
    /// A line both texts have.
    case common(String)
    /// A line only the expected text has.
    case expected(String)
    /// A line only the actual text has.
    case actual(String)
  }

  /// The lines of the comparison, in order.
  public let lines: [Line]

  /// Compares two texts line by line.
  ///
  /// An empty text has no lines.
  ///
  /// - Parameters:
  ///   - expected: The text the test expects.
  ///   - actual: The text found.
  /// - Complexity: O(*n* × *m*) for texts of *n* and *m* lines.
  public init(expected: String, actual: String) {
    let old = Self.lines(of: expected)
    let new = Self.lines(of: actual)
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(
      repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var lines: [Line] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append(.common(old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        // On a tie the expected line goes first, so a changed run reads `-` lines, then `+`.
        lines.append(.expected(old[i]))
        i += 1
      } else {
        lines.append(.actual(new[j]))
        j += 1
      }
    }
    self.lines = lines
  }

  /// Whether the texts differ.
  public var hasDifferences: Bool {
    lines.contains { if case .common = $0 { false } else { true } }
  }

  /// The comparison, one line per line: `  ` for common lines, `- ` for expected ones, `+ ` for
  /// actual ones.
  public var description: String {
    lines.map { line in
      switch line {
      case .common(let text): "  " + text
      case .expected(let text): "- " + text
      case .actual(let text): "+ " + text
      }
    }.joined(separator: "\n")
  }

  static func lines(of text: String) -> [String] {
    text.isEmpty
      ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
