import Foundation
import Testing

/// Every Swift code block of the README and of the articles is code that a test compiles: its lines
/// are lines of the test file that holds it, in the same order, so the two cannot drift apart.
///
/// Lines are compared without their indentation and without `private`/`fileprivate`, which the
/// tests add to keep their declarations apart. Manifest excerpts (blocks with a `.package(` or
/// `.target(` line) and `import` lines (`@testable import` included) are left out: a test cannot
/// compile a manifest, and imports are the test file's own.
@Suite("Documentation code")
struct DocumentationCodeTests {
  /// A document, and the test files that compile its code.
  struct Document: CustomTestStringConvertible, Sendable {
    let path: String
    let tests: [String]
    var testDescription: String { path }
  }

  static let documents: [Document] = [
    Document(path: "README.md", tests: ["Tests/ComposeTests/GettingStartedTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/GettingStarted.md",
      tests: ["Tests/ComposeTests/GettingStartedTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/MigratingAHandWrittenContainer.md",
      tests: ["Tests/ComposeTests/MigrationTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/Compose.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/ComposingAContainer.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/ChildLifetimes.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/PredictingIdentity.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/TransitionsAndInterruptions.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/DeclaringANavigationStack.md",
      tests: ["Tests/ComposeTests/Host/NavigationStackArticleTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/DeclaringTabsAndPages.md",
      tests: [
        "Tests/ComposeTests/Host/TabsArticleTests.swift",
        "Tests/ComposeTests/Host/PagesArticleTests.swift",
      ]),
    Document(
      path: "Sources/Compose/Compose.docc/DeclaringAPresentation.md",
      tests: ["Tests/ComposeTests/Host/PresentationArticleTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/PassingDataToChildren.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/Guarantees.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/TestingReconciliation.md",
      tests: ["Tests/ComposeTests/ArticleExamplesTests.swift"]),
    Document(
      path: "Sources/Compose/Compose.docc/UsingTheMacros.md",
      tests: ["Tests/ComposeTests/UsingTheMacrosTests.swift"]),
    Document(
      path: "Sources/ComposeTesting/ComposeTesting.docc/ComposeTesting.md",
      tests: ["Tests/ComposeTestingTests/TestingAComposedScreenTests.swift"]),
    Document(
      path: "Sources/ComposeTesting/ComposeTesting.docc/TestingAComposedScreen.md",
      tests: ["Tests/ComposeTestingTests/TestingAComposedScreenTests.swift"]),
    Document(
      path: "Sources/UIKitModel/UIKitModel.docc/UIKitModel.md",
      tests: ["Tests/UIKitModelTests/DocumentationExamplesTests.swift"]),
  ]

  @Test(
    "Each line of a document's Swift code is a line of the test that compiles it",
    arguments: documents)
  func codeIsCompiled(_ document: Document) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(document.path), encoding: .utf8)
    var sources: [[String]] = []
    for test in document.tests {
      let source = try String(contentsOf: root.appendingPathComponent(test), encoding: .utf8)
      sources.append(source.split(separator: "\n").map { Self.normalized($0) })
    }
    let compiled = Set(sources.joined())
    let blocks = Self.swiftBlocks(in: text)
    #expect(!blocks.isEmpty)
    for block in blocks where !Self.isManifest(block) {
      let lines = block.map(Self.normalized).filter { !$0.isEmpty && !Self.isImport($0) }
      let missing = lines.filter { !compiled.contains($0) }
      #expect(missing.isEmpty, "\(document.path): not in \(document.tests): \(missing)")
      guard missing.isEmpty else { continue }
      // In the order the sample gives them, in one test file: the test compiles the sample, not
      // the same lines in another arrangement.
      #expect(
        sources.contains { Self.firstLineOutOfOrder(lines, in: $0) == nil },
        """
        \(document.path): a sample's lines are not in this order in any of \(document.tests); \
        first out of order: \(sources.compactMap { Self.firstLineOutOfOrder(lines, in: $0) })
        """)
    }
  }

  @Test("A sample whose lines are all in the test, but in another order, is found")
  func detectsReordering() {
    let source = ["let a = 1", "let b = 2", "}", "let c = 3"]
    #expect(Self.firstLineOutOfOrder(["let a = 1", "}", "let c = 3"], in: source) == nil)
    #expect(Self.firstLineOutOfOrder(["let b = 2", "let a = 1"], in: source) == "let a = 1")
  }

  /// The first of `lines` that does not follow the ones before it in `source`, if any: `nil`
  /// when `lines` is a subsequence of `source`.
  static func firstLineOutOfOrder(_ lines: [String], in source: [String]) -> String? {
    var position = source.startIndex
    for line in lines {
      guard let found = source[position...].firstIndex(of: line) else { return line }
      position = source.index(after: found)
    }
    return nil
  }

  @Test("A line missing from the test is found")
  func detectsDrift() {
    let blocks = Self.swiftBlocks(
      in: "Text\n```swift\nlet a = 1\n  private let b = 2\n```\nMore\n```sh\nswift test\n```\n")
    #expect(blocks == [["let a = 1", "  private let b = 2"]])
    #expect(Self.normalized("  private let b = 2") == "let b = 2")
    #expect(Self.isManifest(["dependencies: [", "  .package(url: \"x\", from: \"0.1.0\"),", "]"]))
    #expect(!Self.isManifest(["let a = 1"]))
    #expect(Self.isImport("@testable import Profile") && Self.isImport("import Compose"))
    #expect(!Self.isImport("let imported = 1"))
  }

  /// The lines of each fenced `swift` block.
  static func swiftBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current ?? [])
        current = nil
      } else if current != nil {
        current?.append(String(line))
      }
    }
    return blocks
  }

  static func normalized(_ line: some StringProtocol) -> String {
    var line = line.trimmingCharacters(in: .whitespaces)
    for prefix in ["private ", "fileprivate "] where line.hasPrefix(prefix) {
      line.removeFirst(prefix.count)
    }
    return line
  }

  /// Whether a line imports a module, which the test file does its own way.
  static func isImport(_ line: String) -> Bool {
    line.hasPrefix("import ") || line.hasPrefix("@testable import ")
  }

  /// Whether a block is an excerpt of a package manifest.
  static func isManifest(_ block: [String]) -> Bool {
    block.contains { line in
      let line = normalized(line)
      return line.hasPrefix(".package(") || line.hasPrefix(".target(")
    }
  }

}
