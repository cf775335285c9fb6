import SwiftDiagnostics
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ComposeMacros

private let macros: [String: MacroSpec] = [
  "CompositionBody": MacroSpec(type: CompositionBodyMacro.self)
]

/// Reports a failed expansion assertion as a test issue.
private func record(_ failure: TestFailureSpec) {
  Issue.record(
    Comment(rawValue: failure.message),
    sourceLocation: SourceLocation(
      fileID: failure.location.fileID, filePath: failure.location.filePath,
      line: failure.location.line, column: failure.location.column))
}

@Suite("@CompositionBody expansion")
struct CompositionBodyMacroTests {
  @Test("Statements are grouped in tens, declarations come first, and calls get their lines")
  func expansion() {
    var statements = ""
    for index in 0..<11 {
      statements += "  Slot(\"s\(index)\") { Child { Row() } }\n"
    }
    assertMacroExpansion(
      """
      @CompositionBody
      func content() -> CompositionContent {
        let name = "late"
      \(statements)  Slot(name, layout: .fill, content: { ForEach(rows, id: \\.self) { _ in Child(make: { Row() }) } })
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          let name = "late"
        #sourceLocation()
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 4)
          Slot("s0", fileID: "TestModule/test.swift", line: 4) { Child(fileID: "TestModule/test.swift", line: 4) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 5)
          Slot("s1", fileID: "TestModule/test.swift", line: 5) { Child(fileID: "TestModule/test.swift", line: 5) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 6)
          Slot("s2", fileID: "TestModule/test.swift", line: 6) { Child(fileID: "TestModule/test.swift", line: 6) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 7)
          Slot("s3", fileID: "TestModule/test.swift", line: 7) { Child(fileID: "TestModule/test.swift", line: 7) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 8)
          Slot("s4", fileID: "TestModule/test.swift", line: 8) { Child(fileID: "TestModule/test.swift", line: 8) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 9)
          Slot("s5", fileID: "TestModule/test.swift", line: 9) { Child(fileID: "TestModule/test.swift", line: 9) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 10)
          Slot("s6", fileID: "TestModule/test.swift", line: 10) { Child(fileID: "TestModule/test.swift", line: 10) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 11)
          Slot("s7", fileID: "TestModule/test.swift", line: 11) { Child(fileID: "TestModule/test.swift", line: 11) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 12)
          Slot("s8", fileID: "TestModule/test.swift", line: 12) { Child(fileID: "TestModule/test.swift", line: 12) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 13)
          Slot("s9", fileID: "TestModule/test.swift", line: 13) { Child(fileID: "TestModule/test.swift", line: 13) { Row() } }
        #sourceLocation()
        }
        @Compose.CompositionBuilder func __macro_local_4partfMu0_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 14)
          Slot("s10", fileID: "TestModule/test.swift", line: 14) { Child(fileID: "TestModule/test.swift", line: 14) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 15)
          Slot(name, layout: .fill, fileID: "TestModule/test.swift", line: 15, content: { ForEach(rows, id: \\.self, fileID: "TestModule/test.swift", line: 15) { _ in Child(fileID: "TestModule/test.swift", line: 15, make: { Row() }) } })
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_(), __macro_local_4partfMu0_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The groups of an async throwing function are async and throwing, and called so")
  func effects() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content() async throws -> CompositionContent {
        Slot(try await name()) { Child { Row() } }
      }
      """,
      expandedSource: """
        func content() async throws -> CompositionContent {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() async throws -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          Slot(try await name(), fileID: "TestModule/test.swift", line: 3) { Child(fileID: "TestModule/test.swift", line: 3) { Row() } }
        #sourceLocation()
        }
        return try await Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test(
    "A child with an input gets its file and line before 'input:', where its initializer takes them"
  )
  func childWithInput() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content() -> CompositionContent {
        Slot("rows") {
          Child(input: count) { Row() } update: { row, count in row.count = count }
          Child<Row>(input: count, make: { Row() }, update: { $0.count = $1 })
        }
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          Slot("rows", fileID: "TestModule/test.swift", line: 3) {
            Child(fileID: "TestModule/test.swift", line: 4, input: count) { Row() } update: { row, count in row.count = count }
            Child<Row>(fileID: "TestModule/test.swift", line: 5, input: count, make: { Row() }, update: { $0.count = $1 })
          }
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("Presentations, tabs, pages and navigation stacks get their file and line too")
  func systemSlots() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content() -> CompositionContent {
        Presentation("share", isPresented: sharing) { Child { Share() } }
        Tabs(tabs, selection: tab) { tab in Child { Row() } }
        Pages(pages, id: \\.self, selection: page, content: { page in Child { Row() } })
        NavigationStack(path: path) { Child { Root() } } destination: { item in Child { Row() } }
        NavigationStack(path: path, root: { Child { Root() } }, destination: { _ in Child { Row() } })
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          Presentation("share", isPresented: sharing, fileID: "TestModule/test.swift", line: 3) { Child(fileID: "TestModule/test.swift", line: 3) { Share() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 4)
          Tabs(tabs, selection: tab, fileID: "TestModule/test.swift", line: 4) { tab in Child(fileID: "TestModule/test.swift", line: 4) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 5)
          Pages(pages, id: \\.self, selection: page, fileID: "TestModule/test.swift", line: 5, content: { page in Child(fileID: "TestModule/test.swift", line: 5) { Row() } })
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 6)
          NavigationStack(path: path, fileID: "TestModule/test.swift", line: 6) { Child(fileID: "TestModule/test.swift", line: 6) { Root() } } destination: { item in Child(fileID: "TestModule/test.swift", line: 6) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 7)
          NavigationStack(path: path, fileID: "TestModule/test.swift", line: 7, root: { Child(fileID: "TestModule/test.swift", line: 7) { Root() } }, destination: { _ in Child(fileID: "TestModule/test.swift", line: 7) { Row() } })
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A body that declares names inside a top-level #if stays in one group, in its order")
  func declarationsInConditionalCompilation() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content() -> CompositionContent {
        #if DEBUG
        let title = "debug"
        #else
        let title = "release"
        #endif
        let subtitle = title
        Slot(subtitle) { Child { Row() } }
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          #if DEBUG
          let title = "debug"
          #else
          let title = "release"
          #endif
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 8)
          let subtitle = title
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 9)
          Slot(subtitle, fileID: "TestModule/test.swift", line: 9) { Child(fileID: "TestModule/test.swift", line: 9) { Row() } }
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A rethrowing function is an error: its groups could not rethrow")
  func rethrowingFunction() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content(_ name: () throws -> String) rethrows -> CompositionContent {
        Slot(try name()) { Child { Row() } }
      }
      """,
      expandedSource: """
        func content(_ name: () throws -> String) rethrows -> CompositionContent {
        fatalError()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@CompositionBody' splits the body into local functions, which cannot "
            + "rethrow; declare the function 'throws', or write '@CompositionBuilder' instead of "
            + "'@CompositionBody'",
          line: 2, column: 43)
      ],
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The groups of a generic function use its generic parameters")
  func genericFunction() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content<Item: Identifiable>(_ items: [Item]) -> CompositionContent where Item.ID: Sendable {
        ForEach(items) { item in Child { Row(item) } }
      }
      """,
      expandedSource: """
        func content<Item: Identifiable>(_ items: [Item]) -> CompositionContent where Item.ID: Sendable {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          ForEach(items, fileID: "TestModule/test.swift", line: 3) { item in Child(fileID: "TestModule/test.swift", line: 3) { Row(item) } }
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A slot name written twice as a literal is an error; a function without body too")
  func diagnostics() {
    assertMacroExpansion(
      """
      @CompositionBody
      func content() -> CompositionContent {
        Slot("a") { Child { Row() } }
        if flag { Slot("b") { Child { Row() } } } else { Slot("b") { Child { Row() } } }
        Slot("a") { Child { Row() } }.transition(.crossDissolve())
      }
      """,
      expandedSource: """
        func content() -> CompositionContent {
        @Compose.CompositionBuilder func __macro_local_4partfMu_() -> Compose.CompositionContent {
        #sourceLocation(file: "test.swift", line: 3)
          Slot("a", fileID: "TestModule/test.swift", line: 3) { Child(fileID: "TestModule/test.swift", line: 3) { Row() } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 4)
          if flag { Slot("b", fileID: "TestModule/test.swift", line: 4) { Child(fileID: "TestModule/test.swift", line: 4) { Row() } } } else { Slot("b", fileID: "TestModule/test.swift", line: 4) { Child(fileID: "TestModule/test.swift", line: 4) { Row() } } }
        #sourceLocation()
        #sourceLocation(file: "test.swift", line: 5)
          Slot("a", fileID: "TestModule/test.swift", line: 5) { Child(fileID: "TestModule/test.swift", line: 5) { Row() } }.transition(.crossDissolve())
        #sourceLocation()
        }
        return Compose.CompositionBuilder.buildBlock(__macro_local_4partfMu_())
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "slot name 'a' is declared twice; the children of the second declaration "
            + "join the first, which keeps its layout; give each slot a unique name",
          line: 5, column: 8, severity: .error,
          notes: [NoteSpec(message: "slot 'a' is first used here", line: 3, column: 8)])
      ],
      macroSpecs: macros, failureHandler: record)
    assertMacroExpansion(
      """
      protocol Screen {
        @CompositionBody
        func content() -> CompositionContent
      }
      """,
      expandedSource: """
        protocol Screen {
          func content() -> CompositionContent
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@CompositionBody' needs a function with a body; write the composition's "
            + "statements in it",
          line: 2, column: 3)
      ],
      macroSpecs: macros, failureHandler: record)
  }
}
