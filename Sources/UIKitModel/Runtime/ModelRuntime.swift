public import Foundation

/// The control panel of the UIKit model: virtual time, the event log, diagnostics and exceptions.
///
/// UIKit runs animations, transition completions and layout passes from the run loop. The model
/// never does: nothing it schedules runs until a test moves virtual time with ``advance(by:)`` or
/// drains everything with ``runUntilIdle()``. That makes every interleaving reproducible, and lets
/// a test stop in the middle of an animated transition.
///
/// The runtime is global, like UIKit's main thread, unless a test runs in a runtime of its own
/// with ``withIsolatedRuntime(_:)`` (ComposeTesting's `.isolatedModel` trait does it for every
/// test of a suite); tests in runtimes of their own run in parallel. Tests that share the global
/// runtime run on the main actor, call ``reset()`` first, and must not run concurrently.
///
/// ```swift
/// ModelRuntime.reset()
/// let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
/// window.rootViewController = container
/// window.makeKeyAndVisible()
/// container.showDetail(animated: true)   // starts a 0.3 s transition
/// ModelRuntime.advance(by: 0.1)           // mid-way: both children are in the window
/// ModelRuntime.runUntilIdle()             // completions ran
/// #expect(ModelRuntime.diagnostics.isEmpty)
/// ```
@MainActor
public enum ModelRuntime {
  /// The global runtime, or the one of the task's ``withIsolatedRuntime(_:)``.
  static var state: RuntimeState {
    get { isolated?.state ?? global }
    set {
      if let isolated { isolated.state = newValue } else { global = newValue }
    }
  }

  private static var global = RuntimeState()

  /// The runtime of ``withIsolatedRuntime(_:)``, for the task that runs it and the tasks it
  /// creates.
  @TaskLocal private static var isolated: IsolatedRuntime?

  /// Runs `body` with a runtime of its own: virtual time, work, events, diagnostics and
  /// exceptions that no other test sees or resets, and that it does not see.
  ///
  /// For asynchronous tests: while one waits, other tests run, and a test that resets the global
  /// runtime would take away the waiting test's pending work. Tasks created inside `body` use the
  /// same runtime. Objects keep working across runtimes, but a view or animation belongs to the
  /// runtime that was current when its work was scheduled. A detached task
  /// (`Task.detached`) inherits no task-local value, so what it schedules goes to the global
  /// runtime: make changes from the test's task or from a `Task` it creates.
  ///
  /// ```swift
  /// @Test func stateChangeRecomposes() async {
  ///   await ModelRuntime.withIsolatedRuntime {
  ///     ModelRuntime.exceptionPolicy = .record
  ///     // … await observation hops, advance time, check the event log …
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter body: The test's code.
  /// - Returns: What `body` returns.
  public static func withIsolatedRuntime<Result>(
    _ body: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await $isolated.withValue(IsolatedRuntime()) {
      try await body()
    }
  }

  // MARK: - Time

  /// The current virtual time, in seconds since the last ``reset()``.
  public static var currentTime: TimeInterval { state.now }

  /// Moves virtual time forward, running every pending layout pass, animation completion and
  /// deferred callback that falls due, in order of due time.
  ///
  /// Work scheduled while advancing runs in the same call if it falls due before the target time.
  /// Pending layout passes run first (they belong to the current run-loop turn), and again after
  /// each piece of work.
  ///
  /// - Parameter seconds: How far to move the clock; negative values count as zero.
  public static func advance(by seconds: TimeInterval) {
    let target = state.now + max(0, seconds)
    performLayoutPasses()
    var steps = 0
    while let next = state.nextWork(dueBy: target) {
      steps += 1
      if steps > state.workLimit {
        reportRunaway()
        return
      }
      state.now = max(state.now, next.due)
      next.action()
      performLayoutPasses()
    }
    state.now = target
  }

  /// Runs all pending work until nothing is left: every animation and transition completes, every
  /// deferred completion runs and every pending layout pass is performed.
  ///
  /// Virtual time moves to the due time of the last piece of work. At the end, the model checks
  /// for children that were added with `addChild(_:)` but never received
  /// `didMove(toParent:)`, and records a diagnostic for each.
  public static func runUntilIdle() {
    performLayoutPasses()
    var steps = 0
    while let next = state.nextWork(dueBy: .infinity) {
      steps += 1
      if steps > state.workLimit {
        reportRunaway()
        return
      }
      state.now = max(state.now, next.due)
      next.action()
      performLayoutPasses()
    }
    checkMissingDidMove()
  }

  /// Whether any animation, transition completion or deferred callback is still scheduled.
  public static var hasPendingWork: Bool { !state.work.isEmpty }

  /// The animations and transitions that have started and not yet completed, oldest first.
  public static var runningAnimations: [ModelAnimation] {
    state.animations.filter { !$0.isFinished }.map(\.snapshot)
  }

  // MARK: - Diagnostics and exceptions

  /// Everything the model reported that UIKit only logs, in the order it happened.
  public static var diagnostics: [ModelDiagnostic] { state.diagnostics }

  /// What happens when client code does something that makes UIKit raise an exception.
  ///
  /// The default, ``ModelExceptionPolicy/trap``, stops the process with UIKit's message, as the
  /// uncaught Objective-C exception would. Tests of misuse set ``ModelExceptionPolicy/record``.
  public static var exceptionPolicy: ModelExceptionPolicy {
    get { state.exceptionPolicy }
    set { state.exceptionPolicy = newValue }
  }

  /// The exceptions recorded under ``ModelExceptionPolicy/record``, in the order they were raised.
  ///
  /// A call that raises records the exception and returns without changing any state.
  public static var recordedExceptions: [ModelException] { state.exceptions }

  // MARK: - Events

  /// Every callback the model made, in order, since the last ``reset()`` or ``clearEvents()``.
  public static var events: [ModelEvent] { state.events }

  /// How many events the model recorded since the last ``reset()``, the ones ``clearEvents()``
  /// removed included.
  ///
  /// A position in the log that stays right across ``clearEvents()``: code that reads the log
  /// from time to time remembers this count, and the events recorded since are the last
  /// `eventsRecorded - remembered` of ``events`` (all of them, when the log was cleared since).
  public static var eventsRecorded: Int { state.clearedEvents + state.events.count }

  /// The event log as text, one event per line, restricted to the given categories and subjects.
  ///
  /// ```swift
  /// #expect(ModelRuntime.eventLog(for: ["child"]) == """
  ///   child.willMove(toParent: parent)
  ///   child.loadView()
  ///   child.viewDidLoad()
  ///   """)
  /// ```
  ///
  /// - Parameters:
  ///   - subjects: The names (``ModelInspection/name``) of the objects to include, or `nil` for
  ///     all of them.
  ///   - categories: The kinds of events to include; by default the view controller lifecycle
  ///     (loading, containment and appearance).
  /// - Returns: The matching events' ``ModelEvent/description``s joined by newlines.
  public static func eventLog(
    for subjects: Set<String>? = nil,
    categories: Set<ModelEvent.Category> = ModelEvent.Category.lifecycle
  ) -> String {
    state.events
      .filter { categories.contains($0.category) && (subjects?.contains($0.subject) ?? true) }
      .map(\.description)
      .joined(separator: "\n")
  }

  /// Empties the event log, leaving everything else as it is.
  public static func clearEvents() {
    state.clearedEvents += state.events.count
    state.events.removeAll()
  }

  /// Adds a line of the test's own to the event log, in the ``ModelEvent/Category/annotation``
  /// category, so that a test can mark phases or record what an override observed.
  ///
  /// - Parameters:
  ///   - subject: The name shown before the dot.
  ///   - text: The rest of the line.
  public static func annotate(_ subject: String, _ text: String) {
    state.events.append(ModelEvent(category: .annotation, subject: subject, callback: text))
  }

  // MARK: - System events

  /// Delivers a low-memory warning: every live view controller receives
  /// `didReceiveMemoryWarning()` exactly once, in creation order (semantics H1).
  public static func simulateMemoryWarning() {
    for controller in state.liveControllers() {
      controller.invokeCallback(.memoryWarning, .system, "didReceiveMemoryWarning()") {
        controller.didReceiveMemoryWarning()
      }
    }
  }

  /// Clears diagnostics, recorded exceptions, events and pending work, sets virtual time to zero,
  /// restores ``ModelExceptionPolicy/trap`` and restarts object numbering.
  ///
  /// Objects created before the reset keep working, but their pending animations never complete.
  public static func reset() {
    state = RuntimeState()
  }

  // MARK: - Settings

  /// The frame given to a view controller's root view by the default `loadView()`.
  ///
  /// UIKit uses the screen's bounds; the model's default is an iPhone-sized 390 × 844 points.
  public static var defaultRootViewFrame: CGRect {
    get { state.defaultRootViewFrame }
    set { state.defaultRootViewFrame = newValue }
  }

  /// Whether `addSubview(_:)` checks view-controller hierarchy consistency (semantics F5) even when
  /// the view does not enter a window.
  ///
  /// UIKit is only known to check when the view enters a window, which is the default here
  /// (`false`). Set it to catch misplaced child views in tests that never create a window.
  public static var checksHierarchyOffWindow: Bool {
    get { state.checksHierarchyOffWindow }
    set { state.checksHierarchyOffWindow = newValue }
  }
}

// MARK: - Internal services

extension ModelRuntime {
  static func nextObjectNumber() -> Int {
    state.objectCounter += 1
    return state.objectCounter
  }

  static func record(_ category: ModelEvent.Category, _ subject: UIResponder, _ callback: String) {
    state.events.append(
      ModelEvent(category: category, subject: subject.modelName, callback: callback))
  }

  static func diagnose(_ kind: ModelDiagnostic.Kind, _ message: String) {
    state.diagnostics.append(ModelDiagnostic(kind: kind, message: message))
  }

  /// Raises a UIKit exception: traps under `.trap`, records it under `.record`.
  ///
  /// Callers check every precondition before changing any state, and return right after this call.
  static func raise(_ name: String, _ reason: String) {
    switch state.exceptionPolicy {
    case .trap:
      fatalError("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'")
    case .record:
      state.exceptions.append(ModelException(name: name, reason: reason))
    }
  }

  /// Schedules work to run when virtual time reaches `now + delay`; never runs it synchronously.
  @discardableResult
  static func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> Int
  {
    state.workCounter += 1
    state.work.append(
      ScheduledWork(due: state.now + max(0, delay), sequence: state.workCounter, action: action))
    return state.workCounter
  }

  static func cancelWork(_ sequence: Int) {
    state.work.removeAll { $0.sequence == sequence }
  }

  static func register(_ controller: UIViewController) {
    state.controllers.append(WeakReference(controller))
  }

  static func register(_ window: UIWindow) {
    state.windows.append(WeakReference(window))
  }

  static func needsLayout(_ view: UIView) {
    state.layoutRequests.append(WeakReference(view))
  }

  static var liveWindows: [UIWindow] {
    state.windows.removeAll { $0.value == nil }
    return state.windows.compactMap(\.value)
  }

  /// Lays out every window whose views asked for layout (views outside any window are laid out
  /// only by an explicit `layoutIfNeeded()`, as in UIKit).
  static func performLayoutPasses() {
    var rounds = 0
    while !state.layoutRequests.isEmpty {
      rounds += 1
      if rounds > 1_000 {
        reportRunaway()
        return
      }
      let requests = state.layoutRequests.compactMap(\.value)
      state.layoutRequests.removeAll()
      var windows: [UIWindow] = []
      for view in requests {
        guard let window = view.window, !windows.contains(where: { $0 === window }) else {
          continue
        }
        windows.append(window)
      }
      for window in windows {
        window.layoutIfNeeded()
      }
    }
  }

  private static func checkMissingDidMove() {
    for controller in state.liveControllers() where controller.movingToParentPending {
      guard let parent = controller.parent, !controller.missingDidMoveReported else { continue }
      controller.missingDidMoveReported = true
      diagnose(
        .missingDidMove,
        "didMove(toParent:) was never called for \(controller) after it was added to \(parent); "
          + "call didMove(toParent:) when the child's view is in place (model check)")
    }
  }

  private static func reportRunaway() {
    state.work.removeAll()
    state.layoutRequests.removeAll()
    diagnose(
      .runtimeDidNotSettle,
      "the model runtime did not settle: work kept scheduling more work; "
        + "look for a completion or layout callback that starts another animation every time")
  }
}

/// A runtime of its own for ``ModelRuntime/withIsolatedRuntime(_:)``; only ever used on the main
/// actor, by the task that made it and its child tasks.
final class IsolatedRuntime: @unchecked Sendable {
  @MainActor var state = RuntimeState()

  nonisolated init() {}
}
