/// Where a declaration was written, for diagnostics.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, as `#fileID` spells it (`Module/File.swift`).
  public let fileID: String
  /// The line.
  public let line: Int

  /// Creates a location.
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - line: The line.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// `File.swift:12`.
  public var description: String {
    let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
    return "\(file):\(line)"
  }
}
