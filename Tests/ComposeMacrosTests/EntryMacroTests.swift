import SwiftDiagnostics
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ComposeMacros

private let macros: [String: MacroSpec] = ["Entry": MacroSpec(type: EntryMacro.self)]

/// Reports a failed expansion assertion as a test issue.
private func record(_ failure: TestFailureSpec) {
  Issue.record(
    Comment(rawValue: failure.message),
    sourceLocation: SourceLocation(
      fileID: failure.location.fileID, filePath: failure.location.filePath,
      line: failure.location.line, column: failure.location.column))
}

@Suite("@Entry expansion")
struct EntryMacroTests {
  @Test("A property gets accessors that read and write its key, and the key its default")
  func accessorsAndKey() {
    assertMacroExpansion(
      """
      extension EnvironmentValues {
        @Entry var accentName: String = "blue"
      }
      """,
      expandedSource: """
        extension EnvironmentValues {
          var accentName: String {
          get { self[__Key_accentName.self] }
          set { self[__Key_accentName.self] = newValue }
          }

          private struct __Key_accentName: Compose.EnvironmentKey {
            typealias Value = String
            static var defaultValue: Value { "blue" }
          }
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The key has the availability of its property")
  func availability() {
    assertMacroExpansion(
      """
      extension EnvironmentValues {
        @available(iOS 18, tvOS 18, *)
        @available(visionOS, unavailable)
        @Entry var glass: Glass = .regular
      }
      """,
      expandedSource: """
        extension EnvironmentValues {
          @available(iOS 18, tvOS 18, *)
          @available(visionOS, unavailable)
          var glass: Glass {
          get { self[__Key_glass.self] }
          set { self[__Key_glass.self] = newValue }
          }

          @available(iOS 18, tvOS 18, *) @available(visionOS, unavailable) private struct __Key_glass: Compose.EnvironmentKey {
            typealias Value = Glass
            static var defaultValue: Value { .regular }
          }
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The key of a main-actor property is isolated to the main actor, as its conformance is")
  func mainActor() {
    assertMacroExpansion(
      """
      extension EnvironmentValues {
        @MainActor @Entry var router: Router = Router()
      }
      """,
      expandedSource: """
        extension EnvironmentValues {
          @MainActor var router: Router {
          get { self[__Key_router.self] }
          set { self[__Key_router.self] = newValue }
          }

          @MainActor private struct __Key_router: @MainActor Compose.EnvironmentKey {
            typealias Value = Router
            static var defaultValue: Value { Router() }
          }
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("An optional value's default is nil")
  func optionalDefault() {
    assertMacroExpansion(
      """
      extension Compose.EnvironmentValues {
        @Entry public var account: Account?
      }
      """,
      expandedSource: """
        extension Compose.EnvironmentValues {
          public var account: Account? {
          get { self[__Key_account.self] }
          set { self[__Key_account.self] = newValue }
          }

          private struct __Key_account: Compose.EnvironmentKey {
            typealias Value = Account?
            static var defaultValue: Value { nil }
          }
        }
        """,
      macroSpecs: macros, failureHandler: record)
  }

  /// A property the macro reports, and the source once the fix-it, if any, is applied.
  struct Misuse: CustomTestStringConvertible, Sendable {
    let name: String
    let declaration: String
    let message: String
    let column: Int
    let fixIt: String?
    let fixed: String?
    var testDescription: String { name }
  }

  static let misuses: [Misuse] = [
    Misuse(
      name: "a let", declaration: "let accent: Int = 1",
      message: "'@Entry' needs a 'var', since environment values are set; write 'var'",
      column: 10, fixIt: "replace 'let' with 'var'", fixed: "var accent: Int = 1"),
    Misuse(
      name: "a static property", declaration: "static var accent: Int = 1",
      message: "'@Entry' declares an instance property; remove 'static'", column: 10,
      fixIt: "remove 'static'", fixed: "var accent: Int = 1"),
    Misuse(
      name: "a computed property", declaration: "var accent: Int { 1 }",
      message: "'@Entry' writes the property's accessors; declare it without them, with its "
        + "default",
      column: 14, fixIt: nil, fixed: nil),
    Misuse(
      name: "a property without type", declaration: "var accent = 1",
      message: "'@Entry' needs the value's type; write 'var name: Type = default'", column: 14,
      fixIt: nil, fixed: nil),
    Misuse(
      name: "a property without default", declaration: "var accent: Int",
      message: "'@Entry' needs a default value; write '= default' after the type, or make the "
        + "type optional",
      column: 14, fixIt: nil, fixed: nil),
    Misuse(
      name: "a function", declaration: "func accent() -> Int { 1 }",
      message: "'@Entry' applies to a property; declare 'var name: Type = default'", column: 3,
      fixIt: nil, fixed: nil),
  ]

  @Test("A declaration that cannot be an environment value is an error", arguments: misuses)
  func misuse(_ misuse: Misuse) {
    assertMacroExpansion(
      """
      extension EnvironmentValues {
        @Entry \(misuse.declaration)
      }
      """,
      expandedSource: """
        extension EnvironmentValues {
          \(misuse.declaration)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: misuse.message, line: 2, column: misuse.column,
          fixIts: misuse.fixIt.map { [FixItSpec(message: $0)] } ?? [])
      ],
      macroSpecs: macros,
      fixedSource: misuse.fixed.map {
        """
        extension EnvironmentValues {
          @Entry \($0)
        }
        """
      },
      failureHandler: record)
  }

  @Test("A property outside an extension of EnvironmentValues is an error")
  func outsideEnvironmentValues() {
    assertMacroExpansion(
      """
      extension Settings {
        @Entry var accent: Int = 1
      }
      """,
      expandedSource: """
        extension Settings {
          var accent: Int = 1
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@Entry' declares an environment value; write it in 'extension "
            + "EnvironmentValues'",
          line: 2, column: 3)
      ],
      macroSpecs: macros, failureHandler: record)
  }
}
