import SwiftDiagnostics
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ComposeMacros

private let macros: [String: MacroSpec] = [
  "Composed": MacroSpec(type: ComposedMacro.self, conformances: ["ComposedContainer"])
]

/// Reports a failed expansion assertion as a test issue.
private func record(_ failure: TestFailureSpec) {
  Issue.record(
    Comment(rawValue: failure.message),
    sourceLocation: SourceLocation(
      fileID: failure.location.fileID, filePath: failure.location.filePath,
      line: failure.location.line, column: failure.location.column))
}

@Suite("@Composed expansion")
struct ComposedMacroTests {
  @Test("A class with a body gets a composer, every override and the conformance")
  func members() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        @CompositionBuilder var body: CompositionContent {
          Slot("content") { Child { Row() } }
        }
      }
      """,
      expandedSource: """
        """,
      macroSpecs: macros, failureHandler: record)
  }
}
