#if canImport(Testing)
public import Testing
@_spi(ComposeTesting) import Compose

/// What a test does with a diagnostic Compose reports while it runs, when no expectation
/// accounted for it.
public enum UnexpectedDiagnostics: Sendable {
  /// The test fails at its end with one issue per distinct diagnostic, at the line of the
  /// declaration the diagnostic names; the default.
  case failTheTest
  /// The test does not fail: Compose reports the diagnostics as it does outside tests (a
  /// runtime warning in debug builds), and they stay readable in `Composer.diagnostics`, for a
  /// test that checks them itself.
  case allowed
}

/// The diagnostics Compose reports during one test, so that each one no expectation accounted
/// for fails the test.
///
/// ComposeTesting observes Compose's reports (the first time a test uses
/// ``DiagnosticsFailTestsTrait`` or `.isolatedModel`) and adds each diagnostic to the collection
/// of the running test. The collection is task-local, so tests running in parallel keep theirs
/// apart; a diagnostic is attributed to the test whose task reports it — where UIKitModel stands
/// in for UIKit, every composition the harness settles runs in the test's task. A diagnostic
/// reported outside any collection (a test without the trait, or after the test ended) is
/// reported as Compose reports it outside tests. A ``ContainerHarness`` expectation that expects
/// or reports a diagnostic accounts for it.
@MainActor
final class DiagnosticCollection {
  /// The collection of the running test, if a trait made one.
  nonisolated static var current: DiagnosticCollection? { DiagnosticScope.current }

  /// Reported and not yet accounted for, oldest first.
  private(set) var pending: [Diagnostic] = []
  /// Whether the test has ended; later diagnostics are reported as outside tests.
  private(set) var isClosed = false

  /// Takes one occurrence of each given diagnostic out of the pending ones: an expectation has
  /// already passed judgement on it.
  func account(for diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics {
      if let index = pending.firstIndex(of: diagnostic) { pending.remove(at: index) }
    }
  }

  /// What each harness found that no expectation took yet (a container that did not settle), by
  /// harness.
  private var harnessFindings: [(harness: ObjectIdentifier, finding: String)] = []

  /// Keeps what a harness found until an expectation takes it; the test fails for it otherwise.
  ///
  /// - Parameters:
  ///   - finding: The finding, as the harness reports it; it replaces the harness's earlier one.
  ///   - harness: The harness.
  func keep(_ finding: String, of harness: ObjectIdentifier) {
    account(forFindingsOf: harness)
    harnessFindings.append((harness, finding))
  }

  /// Drops what a harness found: an expectation has reported it.
  func account(forFindingsOf harness: ObjectIdentifier) {
    harnessFindings.removeAll { $0.harness == harness }
  }

  /// Whether ComposeTesting observes Compose's reports.
  private static var installed = false

  /// Makes Compose give each diagnostic it reports to the running test's collection, if any.
  ///
  /// Once per process. Compose's public `DiagnosticReporting.handler` is left to the app.
  static func installObserver() {
    guard !installed else { return }
    installed = true
    DiagnosticReporting.testObserver = { diagnostic in
      guard let collection = DiagnosticCollection.current, !collection.isClosed else {
        return false
      }
      collection.pending.append(diagnostic)
      return true
    }
  }

  /// Runs a test with a collection of its own, then records an issue for each distinct
  /// diagnostic left, whether the test returned or threw.
  ///
  /// - Parameters:
  ///   - policy: Whether diagnostics left fail the test.
  ///   - body: The test.
  /// - Throws: What the test throws.
  nonisolated static func collecting(
    _ policy: UnexpectedDiagnostics, _ body: @Sendable () async throws -> Void
  ) async throws {
    guard policy == .failTheTest else {
      // Reported as outside tests, even inside a suite whose trait collects.
      try await DiagnosticScope.$current.withValue(nil) { try await body() }
      return
    }
    let collection = await MainActor.run {
      installObserver()
      return DiagnosticCollection()
    }
    let outcome: Result<Void, any Error>
    do {
      try await DiagnosticScope.$current.withValue(collection) { try await body() }
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    await MainActor.run { collection.close() }
    try outcome.get()
  }

  /// Ends the collection and records an issue for each distinct diagnostic left, and for each
  /// harness finding no expectation took.
  private func close() {
    isClosed = true
    var distinct: [(diagnostic: Diagnostic, count: Int)] = []
    for diagnostic in pending {
      if let index = distinct.firstIndex(where: { $0.diagnostic == diagnostic }) {
        distinct[index].count += 1
      } else {
        distinct.append((diagnostic, 1))
      }
    }
    for (diagnostic, count) in distinct {
      let times = count > 1 ? " (reported \(count) times)" : ""
      Issue.record(
        Comment(
          rawValue: "Compose reported a diagnostic the test did not expect\(times): "
            + "\(diagnostic.id): \(diagnostic.message). Fix the declaration, or expect it "
            + "with 'expectingDiagnostics:' on the harness's expectation that causes it "
            + "(or '.isolatedModel(diagnostics: .allowed)' for a test that reads "
            + "'Composer.diagnostics' itself)"),
        sourceLocation: diagnostic.testingSourceLocation)
    }
    pending = []
    for (_, finding) in harnessFindings {
      Issue.record(
        Comment(rawValue: finding),
        sourceLocation: Test.current?.sourceLocation ?? #_sourceLocation)
    }
    harnessFindings = []
  }
}

/// Where the running test's collection lives: a task-local, inherited by the tasks a test starts.
enum DiagnosticScope {
  /// The collection of the running test, if a trait made one.
  @TaskLocal static var current: DiagnosticCollection?
}

extension Diagnostic {
  /// Where a test issue about this diagnostic points: the declaration it names, when Compose
  /// knows it (and it is a well-formed `Module/File.swift` and line), else the test.
  var testingSourceLocation: Testing.SourceLocation {
    if let source, source.line > 0, source.fileID.contains("/"),
      source.fileID.first != "/", source.fileID.last != "/"
    {
      // Compose keeps the file's ID (`Module/File.swift`) only; it stands for the path too.
      return Testing.SourceLocation(
        fileID: source.fileID, filePath: source.fileID, line: source.line, column: 1)
    }
    return Test.current?.sourceLocation ?? #_sourceLocation
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
/// With UIKit, a diagnostic reaches the test only when the composition that finds it runs in
/// the test's task (inside ``ContainerHarness/settle()`` or an expectation's block); one found by
/// a layout pass the run loop runs on its own is reported as outside tests (a runtime warning),
/// and the harness's expectations still see it in `Composer.diagnostics`.
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
