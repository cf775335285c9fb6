import Foundation

#if canImport(os)
import os
#endif

/// Where Compose reports the mistakes it finds, besides each composer's
/// ``Composer/diagnostics``.
///
/// In debug builds, every ``Diagnostic`` is printed once as a runtime warning, where an iOS
/// engineer looks for it: on the console (standard error), and, on Apple platforms, as a runtime
/// issue that Xcode shows (a fault in the `com.apple.runtime-issues` log subsystem):
///
/// ```
/// [Compose] warning: ProfileScreen.swift:12: child identity 'header' is used twice in slot 'content'; add '.id(_:)' to tell them apart
/// ```
///
/// The same diagnostic is printed once, however often it is found. Set ``mode`` to
/// ``Mode/fatal`` to stop at the first mistake instead, or to ``Mode/quiet`` to print nothing.
/// Release builds are always quiet and never stop: the composer keeps its deterministic outcome
/// (see <doc:Guarantees>), and the diagnostics stay readable in ``Composer/diagnostics``.
///
/// A test library installs a ``handler`` that turns each diagnostic into a test failure:
///
/// ```swift
/// DiagnosticReporting.handler = { diagnostic in
///   Issue.record(Comment(rawValue: diagnostic.description))
/// }
/// ```
@MainActor
public enum DiagnosticReporting {
  /// What debug builds do with a diagnostic.
  public enum Mode: Hashable, Sendable {
    /// Print it once as a runtime warning; the default.
    case warn
    /// Stop the program with the diagnostic's message (`fatalError`); debug builds only.
    case fatal
    /// Print nothing.
    case quiet
  }

  /// What debug builds do with each diagnostic; ignored in release builds, which are quiet.
  public static var mode: Mode = .warn

  /// Receives every diagnostic, in every build, instead of the warning or the stop of ``mode``.
  ///
  /// For test libraries (ComposeTesting installs one that records a test issue) and for apps that
  /// send diagnostics to their own logging. `nil` by default.
  public static var handler: (@MainActor (Diagnostic) -> Void)?

  /// Writes a runtime warning's line; standard error by default.
  ///
  /// Replace it to send the warnings elsewhere (a logger, or a test that reads them).
  public static var output: @MainActor (String) -> Void = { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The diagnostics already printed, so that each is printed once.
  private static var printed: Set<Diagnostic> = []
  /// How many distinct diagnostics are remembered as printed; beyond it, the set starts again.
  private static let printedLimit = 1_000

  /// Forgets which diagnostics were printed, so that each is printed again once.
  public static func resetPrintedWarnings() {
    printed = []
  }

  /// Sees each diagnostic first; for ComposeTesting, do not use it directly.
  ///
  /// When it returns `true` it took the diagnostic (ComposeTesting gives it to the test that
  /// caused it), and neither the handler nor the warning sees it.
  @_spi(ComposeTesting)
  public static var testObserver: (@MainActor (Diagnostic) -> Bool)?

  /// Reports a diagnostic the composer found.
  static func report(_ diagnostic: Diagnostic) {
    if let testObserver, testObserver(diagnostic) { return }
    if let handler {
      handler(diagnostic)
      return
    }
    #if DEBUG
    switch mode {
    case .quiet:
      return
    case .fatal:
      fatalError("[Compose] \(diagnostic.description)")
    case .warn:
      guard !printed.contains(diagnostic) else { return }
      if printed.count >= printedLimit { printed = [] }
      printed.insert(diagnostic)
      let line = "[Compose] warning: \(diagnostic.description)"
      output(line)
      #if canImport(os)
      os_log(
        .fault, log: OSLog(subsystem: "com.apple.runtime-issues", category: "Compose"),
        "%{public}@",
        line)
      #endif
    }
    #endif
  }
}
