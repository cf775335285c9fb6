#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// Diagnostics reach the console once, or a handler; the trace and the diagnostics a composer
// keeps are bounded however long it lives.

/// A container whose list declares the same key twice, and whose detail shows a counter.
@MainActor
private final class DuplicatingScreen: UIViewController {
  var counter = 0

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      ForEach([1, 1], id: \.self) { _ in Child { RowViewController() } }
      Child {
        DetailViewController()
      } update: { [counter] detail in
        detail.title = "\(counter)"
      }
    }
  }
}

/// Runs `body` with the reporting switches set for a test, and restores them afterwards.
///
/// Synchronous on purpose: the switches are global, and no other test runs on the main actor
/// while `body` does.
@MainActor
private func withReporting(
  output: @escaping @MainActor (String) -> Void,
  handler: (@MainActor (Diagnostic) -> Void)? = nil, _ body: () throws -> Void
) rethrows {
  let (savedOutput, savedHandler, savedMode) =
    (DiagnosticReporting.output, DiagnosticReporting.handler, DiagnosticReporting.mode)
  DiagnosticReporting.output = output
  DiagnosticReporting.handler = handler
  DiagnosticReporting.mode = .warn
  DiagnosticReporting.resetPrintedWarnings()
  defer {
    DiagnosticReporting.output = savedOutput
    DiagnosticReporting.handler = savedHandler
    DiagnosticReporting.mode = savedMode
  }
  try body()
}

@MainActor
@Suite("Diagnostic reporting and bounded records", .isolatedModel(diagnostics: .allowed))
struct DiagnosticReportingTests {
  @Test("A diagnostic is printed once as a runtime warning in debug builds, however often found")
  func printedOnce() throws {
    ModelRuntime.reset()
    var lines: [String] = []
    try withReporting(output: { lines.append($0) }) {
      let screen = DuplicatingScreen()
      screen.loadViewIfNeeded()
      for _ in 0..<3 {
        screen.composer.setNeedsCompose()
        screen.composer.composeIfNeeded()
      }
      #expect(screen.composer.diagnosticsReported == 3)
      let diagnostic = try #require(screen.composer.diagnostics.first)
      #expect(diagnostic.id == .duplicateKey)
      #if DEBUG
      #expect(lines == ["[Compose] warning: \(diagnostic.description)"])
      #else
      #expect(lines.isEmpty)
      #endif

      // Quiet prints nothing, even a diagnostic not printed yet.
      DiagnosticReporting.mode = .quiet
      DiagnosticReporting.resetPrintedWarnings()
      let printed = lines.count
      screen.composer.setNeedsCompose()
      screen.composer.composeIfNeeded()
      #expect(lines.count == printed)
      #expect(screen.composer.diagnosticsReported == 4)
    }
  }

  @Test("A handler receives every diagnostic instead of the warning")
  func handlerReceivesEach() {
    ModelRuntime.reset()
    var lines: [String] = []
    var received: [Diagnostic.ID] = []
    withReporting(output: { lines.append($0) }, handler: { received.append($0.id) }) {
      let screen = DuplicatingScreen()
      screen.loadViewIfNeeded()
      screen.composer.setNeedsCompose()
      screen.composer.composeIfNeeded()
      screen.composer.setNeedsCompose()
      screen.composer.composeIfNeeded()
    }
    #expect(received == [.duplicateKey, .duplicateKey])
    #expect(lines.isEmpty)
  }

  @Test("A composer that applies 10,000 changes keeps its trace and diagnostics bounded")
  func tenThousandStepsStayBounded() throws {
    ModelRuntime.reset()
    try withReporting(output: { _ in }) {
      let screen = DuplicatingScreen()
      screen.loadViewIfNeeded()
      for step in 1...10_000 {
        screen.counter = step
        screen.composer.setNeedsCompose()
        screen.composer.composeIfNeeded()
      }
      #expect(screen.composer.traceCapacity == 1_000)
      #expect(screen.composer.trace.count == 1_000)
      #expect(screen.composer.diagnosticCapacity == 100)
      #expect(screen.composer.diagnostics.count == 100)
      #expect(screen.composer.diagnosticsReported == 10_000)
      // The kept steps are the last ones: each change updates the detail.
      #expect(
        screen.composer.trace.suffix(2) == [
          "update 'content' 1 DetailViewController",
          "update 'content' 1 DetailViewController",
        ])
      let detail = try #require(screen.children.last)
      #expect(detail.title == "10000")

      // A smaller capacity keeps the newest.
      let last = screen.composer.trace.suffix(10)
      screen.composer.traceCapacity = 10
      #expect(screen.composer.trace == Array(last))
      screen.composer.diagnosticCapacity = 0
      #expect(screen.composer.diagnostics.isEmpty)
    }
  }
}
#endif
