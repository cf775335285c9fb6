#if canImport(Testing)
public import Testing
@_spi(ComposeTesting) import Compose

/// What a test does with a diagnostic Compose reports while it runs, when no expectation
/// accounted for it.
public enum UnexpectedDiagnostics: Sendable {
  /// The test fails at its end with one issue per diagnostic, at the line of the declaration the
  /// diagnostic names; the default.
  case failTheTest
  /// The test does not fail; the diagnostics stay readable in `Composer.diagnostics`, for a test
  /// that checks them itself.
  case allowed
}

/// The diagnostics Compose reports during one test, so that each one no expectation accounted
/// for fails the test.
///
/// ComposeTesting installs a `DiagnosticReporting.handler` (the first time a test uses
/// ``DiagnosticsFailTestsTrait`` or `.isolatedModel`) that adds each diagnostic to the collection
/// of the test that caused it: the collection is task-local, so tests running in parallel keep
/// theirs apart, and an observation hop's task, which inherits it, reports to the right test. A
/// ``ContainerHarness`` expectation that expects or reports a diagnostic accounts for it.
@MainActor
final class DiagnosticCollection {
  /// The collection of the running test, if a trait made one.
  nonisolated static var current: DiagnosticCollection? { DiagnosticScope.current }

  /// Reported and not yet accounted for, oldest first.
  private(set) var pending: [Diagnostic] = []

  /// Adds a reported diagnostic.
  func add(_ diagnostic: Diagnostic) {
    pending.append(diagnostic)
  }

  /// Takes one occurrence of each given diagnostic out of the pending ones: an expectation has
  /// already passed judgement on it.
  func account(for diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics {
      if let index = pending.firstIndex(of: diagnostic) { pending.remove(at: index) }
    }
  }

  /// Whether ComposeTesting's handler is installed.
  private static var installed = false

  /// Installs ComposeTesting's diagnostic handler, once per process.
  ///
  /// A diagnostic reported outside any collection (a test without the trait, or code outside a
  /// test) is recorded as an issue of the current test when there is one, and written as the
  /// runtime warning Compose would have printed otherwise.
  static func installHandler() {
    guard !installed else { return }
    installed = true
    DiagnosticReporting.handler = { diagnostic in
      if let collection = DiagnosticCollection.current {
        collection.add(diagnostic)
      } else if Test.current != nil {
        Issue.record(
          Comment(rawValue: "Compose diagnostic: \(diagnostic.description)"),
          sourceLocation: diagnostic.testingSourceLocation)
      } else {
        DiagnosticReporting.output("[Compose] warning: \(diagnostic.description)")
      }
    }
  }

  /// Runs a test with a collection of its own, then records an issue for each diagnostic left.
  ///
  /// - Parameters:
  ///   - policy: Whether diagnostics left fail the test.
  ///   - body: The test.
  /// - Throws: What the test throws.
  nonisolated static func collecting(
    _ policy: UnexpectedDiagnostics, _ body: @Sendable () async throws -> Void
  ) async throws {
    let collection = await MainActor.run {
      installHandler()
      return DiagnosticCollection()
    }
    try await DiagnosticScope.$current.withValue(collection) {
      try await body()
    }
    guard policy == .failTheTest else { return }
    await MainActor.run {
      for diagnostic in collection.pending {
        Issue.record(
          Comment(
            rawValue: "Compose reported a diagnostic the test did not expect: "
              + "\(diagnostic.id): \(diagnostic.message). Fix the declaration, or expect it "
              + "with 'expectingDiagnostics:' on the harness's expectation that causes it "
              + "(or '.isolatedModel(diagnostics: .allowed)' for a test that reads "
              + "'Composer.diagnostics' itself)"),
          sourceLocation: diagnostic.testingSourceLocation)
      }
    }
  }
}

/// Where the running test's collection lives: a task-local, inherited by the tasks a test starts.
enum DiagnosticScope {
  /// The collection of the running test, if a trait made one.
  @TaskLocal static var current: DiagnosticCollection?
}

extension Diagnostic {
  /// Where a test issue about this diagnostic points: the declaration it names, when known.
  var testingSourceLocation: Testing.SourceLocation {
    guard let source else { return #_sourceLocation }
    // Compose keeps the file's ID (`Module/File.swift`) only; it stands for the path too.
    return Testing.SourceLocation(
      fileID: source.fileID, filePath: source.fileID, line: source.line, column: 1)
  }
}

/// A trait that fails a test for each diagnostic Compose reports while it runs, unless an
/// expectation accounted for it.
///
/// `.isolatedModel` does the same where UIKitModel stands in for UIKit; with UIKit — in an iOS
/// test target on a simulator — add this trait to the suite:
///
/// ```swift
/// @MainActor
/// @Suite(.composeDiagnosticsFailTests)
/// struct ProfileTests { … }
/// ```
///
/// Each failure points at the declaration the diagnostic names. A ``ContainerHarness``
/// expectation's `expectingDiagnostics:` accounts for the diagnostics a test means to cause.
public struct DiagnosticsFailTestsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs the test collecting the diagnostics Compose reports, then fails it for each one left.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case.
  ///   - function: Runs the test case.
  /// - Throws: What the test case throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable @concurrent () async throws -> Void
  ) async throws {
    try await DiagnosticCollection.collecting(.failTheTest) { try await function() }
  }
}

extension Trait where Self == DiagnosticsFailTestsTrait {
  /// Fails a test for each diagnostic Compose reports while it runs, unless an expectation
  /// accounted for it.
  public static var composeDiagnosticsFailTests: Self { Self() }
}
#endif
