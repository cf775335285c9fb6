#if canImport(Testing)
@_spi(ComposeTesting) public import Compose
public import Testing

#if !canImport(UIKit)
public import UIKitModel
#endif

// Every expectation looks at what happened since the harness last looked at the same record (the
// trace, or the events). With a `during` block, that is the block, and the harness settles after
// it (unless `settling` is `false`); without one, it is everything since the previous expectation
// on that record, or since the harness was made: the composition and appearance that showed the
// container included.
// Every expectation also fails on the diagnostics found since the harness last looked, unless
// `expectingDiagnostics` names them.

extension ContainerHarness {
  /// Expects the steps the executor performs while `change` runs and the container settles.
  ///
  /// The trace is the composer's `trace`: the plan's steps as performed, one
  /// per line. A mismatch fails with a line-by-line diff, at the caller's line.
  ///
  /// Only the container's own composer is traced. The steps of a composed child — a navigation
  /// stack in a tab, say — are in that child's composer's `trace`, so a change that only such a
  /// child performs expects `""` here. Read the child's `composer.trace` for them or, where
  /// UIKitModel stands in for UIKit, expect the callbacks with `expectEvents`, which sees every
  /// controller.
  ///
  /// ```swift
  /// await harness.expectTrace("""
  ///   detach-view 'tab' first.first FeedTabViewController
  ///   add-child 'tab' first.second SearchTabViewController
  ///   insert-view 'tab' first.second SearchTabViewController at 0
  ///   layout 'tab' first.second SearchTabViewController fill
  ///   did-move 'tab' first.second SearchTabViewController
  ///   """) {
  ///   tabs.selectedIndex = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The steps, one per line; `""` for none.
  ///   - expectingDiagnostics: A part of each diagnostic the change is expected to cause.
  ///   - settling: Whether to ``settle()`` after `change`; `false` to look mid-transition.
  ///   - sourceLocation: Where a failure is reported.
  ///   - change: The change, which may wait (for ``advance(by:)``, say).
  public func expectTrace(
    _ expected: String, expectingDiagnostics: [String] = [], settling: Bool = true,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    during change: @MainActor () async throws -> Void
  ) async rethrows {
    markTrace()
    try await change()
    if settling { await settle() }
    expectTrace(
      expected, expectingDiagnostics: expectingDiagnostics, sourceLocation: sourceLocation)
  }

  /// Expects the steps the executor performed since the harness last looked at the trace.
  ///
  /// That is since the previous trace expectation or, for the first one, since the harness was
  /// made, the steps that showed the container included. When the composer performed more steps
  /// since than it keeps (`Composer.traceCapacity`), the trace starts with a line that says how
  /// many were dropped. To look at one change alone, pass it
  /// as the `during` block of
  /// ``expectTrace(_:expectingDiagnostics:settling:sourceLocation:during:)``.
  ///
  /// - Parameters:
  ///   - expected: The steps, one per line; `""` for none.
  ///   - expectingDiagnostics: A part of each diagnostic expected meanwhile.
  ///   - sourceLocation: Where a failure is reported.
  public func expectTrace(
    _ expected: String, expectingDiagnostics: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let actual = takeTrace()
    report(
      ExpectationRecording.failure(of: "trace", expected: expected, actual: actual),
      at: sourceLocation)
    reportDiagnostics(expecting: expectingDiagnostics, at: sourceLocation)
  }

  /// Expects nothing but the given diagnostics since the harness last looked.
  ///
  /// - Parameters:
  ///   - expected: A part of each diagnostic expected; none by default.
  ///   - sourceLocation: Where a failure is reported.
  public func expectDiagnostics(
    _ expected: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    reportDiagnostics(expecting: expected, at: sourceLocation)
  }

  /// Expects that the children `change` removes from the container, and the presented children it
  /// dismisses, are released once it settles.
  ///
  /// The harness holds every controller the composers made weakly. A child of the container — or
  /// of one of its composed children, such as a detail pushed in a tab's navigation stack, or a
  /// controller presented for a presentation — before the change that is no longer one after it,
  /// and is still alive, is reported by name.
  /// Hidden kept-alive children are still children, and so are pages a page view controller does
  /// not show while its composer keeps them. A reference the test holds itself (a local
  /// `let detail = …`) keeps a child alive too: drop it before the change.
  ///
  /// ```swift
  /// await harness.expectReleased {
  ///   model.selection = nil
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expectingDiagnostics: A part of each diagnostic the change is expected to cause.
  ///   - sourceLocation: Where a failure is reported.
  ///   - change: The change.
  public func expectReleased(
    expectingDiagnostics: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation,
    during change: @MainActor () async throws -> Void
  ) async rethrows {
    let before = currentChildren()
    try await change()
    await settle()
    let alive = unreleased(before)
    if !alive.isEmpty {
      Issue.record(
        Comment(
          rawValue: "removed children still alive after the change settled: "
            + alive.map { "'\($0)'" }.joined(separator: ", ")
            + "; look for a reference the test, a closure or a delegate keeps"),
        sourceLocation: sourceLocation)
    }
    reportDiagnostics(expecting: expectingDiagnostics, at: sourceLocation)
  }

  /// Expects the container's invariants to hold: the controller tree, the view tree and the
  /// declaration agree, appearance is balanced, and no diagnostic was found since the harness
  /// last looked (see ``invariantViolations()``).
  ///
  /// Call it after any step, mid-transition included.
  ///
  /// - Parameter sourceLocation: Where a failure is reported.
  public func expectInvariants(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let violations = invariantViolations()
    guard !violations.isEmpty else { return }
    Issue.record(
      Comment(rawValue: "invariants do not hold:\n" + violations.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  #if !canImport(UIKit)
  /// Expects the UIKit callbacks that controllers receive while `change` runs and the container
  /// settles (UIKitModel only).
  ///
  /// Children appear under the names the harness gave them (see ``ContainerHarness``); the
  /// container under its own. A mismatch fails with a line-by-line diff, at the caller's line.
  ///
  /// ```swift
  /// await harness.expectEvents(of: ["content.DetailViewController"], """
  ///   content.DetailViewController.willMove(toParent: container)
  ///   content.DetailViewController.loadView()
  ///   …
  ///   """) {
  ///   model.showsDetail = true
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - subjects: The names of the controllers whose callbacks count; `nil` for every object.
  ///   - expected: The callbacks, one per line; `""` for none.
  ///   - categories: The kinds of callbacks that count; the view controller lifecycle by default.
  ///   - expectingDiagnostics: A part of each diagnostic the change is expected to cause.
  ///   - settling: Whether to ``settle()`` after `change`; `false` to look mid-transition.
  ///   - sourceLocation: Where a failure is reported.
  ///   - change: The change, which may wait (for ``advance(by:)``, say).
  public func expectEvents(
    of subjects: Set<String>? = nil, _ expected: String,
    categories: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle,
    expectingDiagnostics: [String] = [], settling: Bool = true,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    during change: @MainActor () async throws -> Void
  ) async rethrows {
    markEvents()
    try await change()
    if settling { await settle() }
    expectEvents(
      of: subjects, expected, categories: categories, expectingDiagnostics: expectingDiagnostics,
      sourceLocation: sourceLocation)
  }

  /// Expects the UIKit callbacks controllers received since the harness last looked at the
  /// events (UIKitModel only).
  ///
  /// That is since the previous event expectation or, for the first one, since the harness was
  /// made, the events of showing the container included. To look at one change alone, pass it as
  /// the `during` block of the other `expectEvents`.
  ///
  /// - Parameters:
  ///   - subjects: The names of the controllers whose callbacks count; `nil` for every object.
  ///   - expected: The callbacks, one per line; `""` for none.
  ///   - categories: The kinds of callbacks that count; the view controller lifecycle by default.
  ///   - expectingDiagnostics: A part of each diagnostic expected meanwhile.
  ///   - sourceLocation: Where a failure is reported.
  public func expectEvents(
    of subjects: Set<String>? = nil, _ expected: String,
    categories: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle,
    expectingDiagnostics: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let actual = takeEvents(of: subjects, categories: categories)
    report(unknownNames(in: subjects, categories: categories), at: sourceLocation)
    report(
      ExpectationRecording.failure(of: "events", expected: expected, actual: actual),
      at: sourceLocation)
    reportDiagnostics(expecting: expectingDiagnostics, at: sourceLocation)
  }
  #endif

  private func reportDiagnostics(expecting expected: [String], at location: Testing.SourceLocation)
  {
    for failure in unexpectedDiagnostics(expected: expected) {
      Issue.record(Comment(rawValue: failure), sourceLocation: location)
    }
  }

  private func report(_ failure: String?, at location: Testing.SourceLocation) {
    guard let failure else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: location)
  }
}

/// Expects a plan's steps, one per line.
///
/// A mismatch fails with a line-by-line diff, at the caller's line; a diagnostic the plan found
/// fails unless `expectingDiagnostics` names it.
///
/// ```swift
/// expectPlan(Plan(from: Screen(isLoading: true), to: Screen(isLoading: false)), """
///   will-move-to-nil 'content' first SpinnerViewController
///   remove-view 'content' first SpinnerViewController
///   remove-from-parent 'content' first SpinnerViewController
///   add-child 'content' second ListViewController
///   insert-view 'content' second ListViewController at 0
///   layout 'content' second ListViewController fill
///   did-move 'content' second ListViewController
///   """)
/// ```
///
/// - Parameters:
///   - plan: The plan.
///   - expected: The steps, one per line; `""` for none.
///   - expectingDiagnostics: A part of each diagnostic the plan is expected to have.
///   - sourceLocation: Where a failure is reported.
public func expectPlan(
  _ plan: Plan, _ expected: String, expectingDiagnostics: [String] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  if let failure = ExpectationRecording.failure(
    of: "plan", expected: expected, actual: plan.description)
  {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
  var found = plan.diagnostics.map { "\($0.id): \($0.message)" }
  for fragment in expectingDiagnostics {
    if let index = found.firstIndex(where: { $0.contains(fragment) }) {
      found.remove(at: index)
    } else {
      Issue.record(
        Comment(rawValue: "expected a diagnostic containing '\(fragment)', found none"),
        sourceLocation: sourceLocation)
    }
  }
  for diagnostic in found {
    Issue.record(
      Comment(
        rawValue: "unexpected diagnostic: \(diagnostic); pass a part of it in "
          + "'expectingDiagnostics' if the test means it"),
      sourceLocation: sourceLocation)
  }
}
#endif
