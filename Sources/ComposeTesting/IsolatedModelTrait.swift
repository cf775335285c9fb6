#if canImport(Testing)
public import Testing

#if !canImport(UIKit)
public import UIKitModel

/// A trait that runs each test in a UIKit model of its own, so that model tests run in parallel.
///
/// UIKitModel keeps its windows, clock, event log, diagnostics, recorded exceptions and pending
/// layout passes in a runtime. Without this trait every test shares one, and tests that use it
/// must not run at the same time. With it, each test — each case of a parameterized test — runs
/// in `ModelRuntime.withIsolatedRuntime(_:)`: it starts at time zero with an empty log, and
/// nothing another test does reaches it, whether it is synchronous or waits. A suite's `init()`
/// runs inside the test's runtime, so fixtures built there belong to the test. Tasks the test
/// creates use its runtime too; a detached task (`Task.detached`) does not, and the layout
/// passes it asks for go to the shared runtime, where the test never runs them
/// (``ContainerHarness/settle()`` then reports that the container did not settle, and why).
///
/// Apply it to a test, or to a suite to give every test in it (nested suites included) its own:
///
/// ```swift
/// @MainActor
/// @Suite(.isolatedModel)
/// struct DashboardTests {
///   @Test func showsTheFeed() async { … }
/// }
/// ```
///
/// Like ``DiagnosticsFailTestsTrait``, it also fails a test for each diagnostic Compose reports
/// during it that no expectation accounted for (`.isolatedModel(diagnostics: .allowed)` for a test
/// that reads `Composer.diagnostics` itself).
///
/// UIKitModel only: with UIKit there is one UIKit, and this trait does not exist.
public struct IsolatedModelTrait: TestTrait, SuiteTrait, TestScoping {
  /// What a call that makes UIKit raise an exception does in the test's runtime.
  public let exceptionPolicy: ModelExceptionPolicy
  /// What a diagnostic Compose reports during the test does when no expectation accounted for it.
  public let unexpectedDiagnostics: UnexpectedDiagnostics

  /// Applies to every test of a suite, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs the test in a runtime of its own.
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
    let policy = exceptionPolicy
    try await DiagnosticCollection.collecting(unexpectedDiagnostics) {
      try await ModelRuntime.withIsolatedRuntime {
        ModelRuntime.exceptionPolicy = policy
        try await function()
      }
    }
  }
}

extension Trait where Self == IsolatedModelTrait {
  /// Runs each test in a UIKit model of its own, where calls that make UIKit raise an exception
  /// trap with UIKit's message, as in an app, and where each diagnostic Compose reports that no
  /// expectation accounted for fails the test.
  public static var isolatedModel: Self {
    Self(exceptionPolicy: .trap, unexpectedDiagnostics: .failTheTest)
  }

  /// Runs each test in a UIKit model of its own, with the given policies for calls that make
  /// UIKit raise an exception and for diagnostics Compose reports.
  ///
  /// ```swift
  /// @Test(.isolatedModel(exceptions: .record)) func misuseIsRecorded() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - exceptions: `.record` to record them in `ModelRuntime.recordedExceptions`; `.trap` by
  ///     default.
  ///   - diagnostics: `.allowed` for a test that reads `Composer.diagnostics` itself;
  ///     `.failTheTest` by default (see ``DiagnosticsFailTestsTrait``).
  /// - Returns: The trait.
  public static func isolatedModel(
    exceptions: ModelExceptionPolicy = .trap,
    diagnostics: UnexpectedDiagnostics = .failTheTest
  ) -> Self {
    Self(exceptionPolicy: exceptions, unexpectedDiagnostics: diagnostics)
  }
}
#endif

/// A trait that turns record mode on for a test or a suite (see ``ExpectationRecording``).
///
/// ```swift
/// @Test(.isolatedModel, .recordingExpectations) func newScreen() async { … }
/// ```
public struct RecordingExpectationsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs the test with record mode on.
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
    try await ExpectationRecording.withRecording { try await function() }
  }
}

extension Trait where Self == RecordingExpectationsTrait {
  /// Turns record mode on: each text expectation that differs fails with the actual text, ready
  /// to paste as the expected one.
  public static var recordingExpectations: Self { Self() }
}
#endif
