import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ComposeMacros

/// Runs the identity checks on a function's body and leaves the body as it is, so that a test
/// shows the checks alone; `@Composed` and `@CompositionBody` run the same checks.
private struct CheckedMacro: BodyMacro {
  static var formatMode: FormatMode { .disabled }

  static func expansion(
    of node: AttributeSyntax,
    providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
    in context: some MacroExpansionContext
  ) throws -> [CodeBlockItemSyntax] {
    guard let body = declaration.body else { return [] }
    IdentityChecks(context: context).check(body: body.statements)
    return Array(body.statements)
  }
}

private let macros: [String: MacroSpec] = ["Checked": MacroSpec(type: CheckedMacro.self)]

/// Reports a failed expansion assertion as a test issue.
private func record(_ failure: TestFailureSpec) {
  Issue.record(
    Comment(rawValue: failure.message),
    sourceLocation: SourceLocation(
      fileID: failure.location.fileID, filePath: failure.location.filePath,
      line: failure.location.line, column: failure.location.column))
}

/// A diagnostic expected at a line and column of the body (the body's first line is line 3).
struct Finding: Sendable {
  let message: String
  let line: Int
  let column: Int
  let isError: Bool
  /// The line and column of the first use, for a repeat.
  let firstUse: (note: String, line: Int, column: Int)?
}

/// A body and what the checks report about it.
struct IdentityCase: CustomTestStringConvertible, Sendable {
  let rule: String
  let body: String
  let findings: [Finding]
  var testDescription: String { rule }
}

private func slotTwice(_ name: String, line: Int, column: Int, first: (Int, Int)) -> Finding {
  Finding(
    message: "slot name '\(name)' is declared twice; the children of the second declaration join "
      + "the first, which keeps its layout; give each slot a unique name",
    line: line, column: column, isError: true,
    firstUse: ("slot '\(name)' is first used here", first.0, first.1))
}

private func idTwice(
  _ id: String, type: String?, slot: String, line: Int, column: Int, first: (Int, Int)
) -> Finding {
  let of = type.map { " of type '\($0)'" } ?? ""
  return Finding(
    message: "child id '\(id)'\(of) is used twice in slot '\(slot)'; the second is kept as a "
      + "separate child; give each child its own id",
    line: line, column: column, isError: true,
    firstUse: ("child id '\(id)' is first used here", first.0, first.1))
}

@Suite("Identity checks")
struct IdentityChecksTests {
  static let cases: [IdentityCase] = [
    IdentityCase(
      rule: "a slot name repeated where both can be declared is an error",
      body: """
        Slot("a") { Child { Row() } }
        if flag {
          Slot("a") { Child { Row() } }
        }
        """,
      findings: [slotTwice("a", line: 5, column: 10, first: (3, 8))]),
    IdentityCase(
      rule: "a slot name in two branches of one if or switch is not repeated",
      body: """
        if flag {
          Slot("a") { Child { Row() } }
        } else if other {
          Slot("a") { Child { Row() } }
        } else {
          Slot("b") { Child { Row() } }
        }
        switch mode {
        case .one: Slot("c") { Child { Row() } }
        default: Slot("c") { Child { Row() } }
        }
        """,
      findings: []),
    IdentityCase(
      rule: "a slot name repeated inside one branch is an error",
      body: """
        #if DEBUG
        Slot("a") { Child { Row() } }
        Slot("a") { Child { Row() } }.transition(.crossDissolve())
        #endif
        """,
      findings: [slotTwice("a", line: 5, column: 8, first: (4, 8))]),
    IdentityCase(
      rule: "a literal id repeated on children of one type in one slot is an error",
      body: """
        Slot("rows") {
          Child { Row() }.id("top")
          Group {
            Child<Row> { makeRow() }.id("top").transition(.crossDissolve())
          }
          Child { Header() }.id("top")
          if flag { Child { Row() }.id(1) } else { Child { Row() }.id(1) }
        }
        """,
      findings: [
        idTwice("\"top\"", type: "Row", slot: "rows", line: 6, column: 35, first: (4, 24))
      ]),
    IdentityCase(
      rule: "a slot without any child, in any branch, is a warning",
      body: """
        Slot("empty") {}
        Slot("branches") {
          if flag {} else {}
        }
        Slot("some") {
          if flag { Child { Row() } }
        }
        """,
      findings: [
        Finding(
          message: "slot 'empty' declares no child in any branch; declare a child in it, or "
            + "remove it",
          line: 3, column: 8, isError: false, firstUse: nil),
        Finding(
          message: "slot 'branches' declares no child in any branch; declare a child in it, or "
            + "remove it",
          line: 4, column: 8, isError: false, firstUse: nil),
      ]),
    IdentityCase(
      rule: "a ForEach keyed by \\.self over a literal array with a repeated value is an error",
      body: """
        Slot("list") {
          ForEach(["a", "b", "a"], id: \\.self) { name in Child { Row() } }
        }
        """,
      findings: [
        Finding(
          message: "key 'a' is used twice in 'ForEach' over a literal array keyed by '\\.self'; "
            + "the second element is kept as a separate child; make the keys unique",
          line: 4, column: 24, isError: true,
          firstUse: ("key 'a' is first used here", 4, 14))
      ]),
    IdentityCase(
      rule: "an id inside a ForEach that does not depend on the element is a warning",
      body: """
        Slot("list") {
          ForEach(items) { item in Child { Row() }.id("row") }
          ForEach(items) { item in Child { Row() }.id(item.id) }
          ForEach(items) { Child { Row() }.id($0.id) }
          ForEach(items, id: \\.self) { _ in Child { Row() }.id(1) }
        }
        """,
      findings: [
        Finding(
          message: "'id(_:)' inside 'ForEach' does not depend on the element 'item'; every "
            + "element's child gets the same id; derive the id from the element, or remove it",
          line: 4, column: 49, isError: false, firstUse: nil),
        Finding(
          message: "'id(_:)' inside 'ForEach' ignores the element; every element's child gets "
            + "the same id; derive the id from the element, or remove it",
          line: 7, column: 58, isError: false, firstUse: nil),
      ]),
    IdentityCase(
      rule: "an id from a name bound from the element (let, if let, for, switch) is not reported",
      body: """
        Slot("list") {
          ForEach(items) { item in
            let key = "\\(item.section)-\\(item.id)"
            Child { Row() }.id(key)
          }
          ForEach(items) { item in
            if let badge = item.badge { Child { Badge() }.id(badge) }
          }
          ForEach(sections) { section in
            for row in section.rows { Child { Row() }.id(row.id) }
          }
          ForEach(items) { item in
            switch item.kind {
            case .photo(let photo): Child { Photo() }.id(photo.id)
            default: Child { Row() }.id(item.id)
            }
          }
          ForEach(items) { item in
            let title = "row"
            Child { Row() }.id(title)
          }
        }
        """,
      findings: [
        Finding(
          message: "'id(_:)' inside 'ForEach' does not depend on the element 'item'; every "
            + "element's child gets the same id; derive the id from the element, or remove it",
          line: 22, column: 26, isError: false, firstUse: nil)
      ]),
  ]

  @Test("Identity mistakes written as literals are reported at their place", arguments: cases)
  func check(_ identityCase: IdentityCase) {
    let body = identityCase.body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    assertMacroExpansion(
      """
      @Checked
      func content() -> CompositionContent {
      \(body)
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {

        \(body)
        }
        """,
      diagnostics: identityCase.findings.map { finding in
        DiagnosticSpec(
          message: finding.message, line: finding.line, column: finding.column,
          severity: finding.isError ? .error : .warning,
          notes: finding.firstUse.map {
            [NoteSpec(message: $0.note, line: $0.line, column: $0.column)]
          } ?? [])
      },
      macroSpecs: macros, indentationWidth: .spaces(2), failureHandler: record)
  }
}
