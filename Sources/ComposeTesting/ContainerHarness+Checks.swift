@_spi(ComposeTesting) import Compose
import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension ContainerHarness {
  // MARK: - Diagnostics

  /// The diagnostics found since the harness last looked, one line each, and the harness now
  /// counts them as seen: the composers' (`id: message [declared at File.swift:12]`, the container's and its
  /// composed children's) and, with UIKitModel, the model's (`kind: message`) and the exceptions
  /// it recorded (`name: reason`); and the harness's own findings: a container that did not settle,
  /// or one another harness or a window showed before this one.
  ///
  /// Taken diagnostics no longer fail the test when it ends: a test that calls this checks them
  /// itself.
  ///
  /// - Returns: The lines, oldest first.
  public func takeDiagnostics() -> [String] {
    var found: [String] = []
    if shownBefore {
      found.append(
        "the container is shown already, by another harness or in a window of its own; show "
          + "each container with one harness, and make a new container for each test")
      shownBefore = false
    }
    for index in watched.indices {
      guard let composer = watched[index].composer else { continue }
      let total = composer.diagnosticsReported
      let new = total - watched[index].taken
      watched[index].taken = total
      guard new > 0 else { continue }
      let kept = composer.diagnostics.suffix(min(new, composer.diagnostics.count))
      // Judged here: an expectation fails on it unless it expects it, so it does not also fail
      // the test at its end.
      #if canImport(Testing)
      DiagnosticCollection.current?.account(for: kept)
      #endif
      if kept.count < new {
        found.append(
          "diagnostics dropped: \(new - kept.count), as the composer keeps the last "
            + "\(composer.diagnosticCapacity); look more often, or raise 'diagnosticCapacity'")
      }
      // A mistake found again by each composition of the block is one mistake.
      for diagnostic in kept {
        let line =
          "\(diagnostic.id): \(diagnostic.message)"
          + (diagnostic.source.map { " [declared at \($0)]" } ?? "")
        if !found.contains(line) { found.append(line) }
      }
    }
    #if !canImport(UIKit)
    found += ModelRuntime.diagnostics.dropFirst(cursor.modelDiagnostics).map {
      "\($0.kind): \($0.message)"
    }
    found += ModelRuntime.recordedExceptions.dropFirst(cursor.exceptions).map {
      "\($0.name): \($0.reason)"
    }
    cursor.modelDiagnostics = ModelRuntime.diagnostics.count
    cursor.exceptions = ModelRuntime.recordedExceptions.count
    #endif
    if let didNotSettle {
      found.append(Self.message(didNotSettle))
      #if canImport(Testing)
      DiagnosticCollection.current?.account(forFindingsOf: ObjectIdentifier(self))
      #endif
    }
    didNotSettle = nil
    return found
  }

  /// What a ``settle()`` that gave up reports.
  static func message(_ reason: Unsettled) -> String {
    switch reason {
    case .keptStartingWork:
      "the container did not settle: work kept starting more work after "
        + "\(roundLimit) rounds; look for a change that causes itself again"
    case .waitsForWorkElsewhere:
      "the container did not settle: its composer waits for a change to be applied that "
        + "nothing in this test's model runs; a change made in a 'Task.detached' schedules "
        + "its work in the shared model, as a detached task does not inherit the test's: "
        + "make the change in the test's task, or in a 'Task' it creates"
    case .transitionHeld:
      "the container did not settle: a transition is still running that nothing in the "
        + "model ends, such as an interactive pop or a swipe the test holds; end it, or "
        + "look at it with 'advance(by:)' rather than 'settle()'"
    }
  }

  /// Compares the diagnostics found since the harness last looked with the expected ones.
  ///
  /// - Parameter expected: One fragment per expected diagnostic, each found in a different one.
  /// - Returns: One message per diagnostic found but not expected, or expected but not found.
  func unexpectedDiagnostics(expected: [String]) -> [String] {
    var found = takeDiagnostics()
    var failures: [String] = []
    for fragment in expected {
      if let index = found.firstIndex(where: { $0.contains(fragment) }) {
        found.remove(at: index)
      } else {
        failures.append("expected a diagnostic containing '\(fragment)', found none")
      }
    }
    failures += found.map {
      "unexpected diagnostic: \($0); pass a part of it in 'expectingDiagnostics' if the test "
        + "means it"
    }
    return failures
  }

  // MARK: - Trace and events

  /// The steps the executor performed since the harness last looked, one per line.
  ///
  /// The trace keeps the composer's last `Composer.traceCapacity` steps: when more were
  /// performed since, the first line says how many were dropped, so that no expectation passes
  /// on the steps it could not see.
  func takeTrace() -> String {
    let total = composer.stepsTraced
    let new = max(0, total - cursor.trace)
    cursor.trace = total
    let kept = composer.trace.suffix(new)
    var lines: [String] = []
    if kept.count < new {
      lines.append(
        "(\(new - kept.count) earlier steps dropped: the composer keeps the last "
          + "\(composer.traceCapacity); look more often, or raise 'traceCapacity')")
    }
    lines += kept
    return lines.joined(separator: "\n")
  }

  /// Marks the trace so far as seen.
  func markTrace() {
    cursor.trace = composer.stepsTraced
  }

  #if !canImport(UIKit)
  /// Marks the model's events so far as seen.
  func markEvents() {
    cursor.events = ModelRuntime.eventsRecorded
  }
  #endif

  #if !canImport(UIKit)
  /// What is wrong with the names an event expectation chose, if a name is nobody's.
  ///
  /// A typo, or a child named otherwise than the test thought, would otherwise pass silently on
  /// no events. A name is somebody's when the harness named a controller so, or when the log has
  /// an event of that name in one of the categories looked at (a view, say, has no lifecycle
  /// events).
  func unknownNames(in subjects: Set<String>?, categories: Set<ModelEvent.Category>) -> String? {
    guard let subjects else { return nil }
    var known = Set(made.map(\.name))
    known.insert(container.uikitModel.name)
    for event in ModelRuntime.events where categories.contains(event.category) {
      known.insert(event.subject)
    }
    let unknown = subjects.subtracting(known).sorted()
    guard !unknown.isEmpty else { return nil }
    let names = made.map(\.name)
    return "no controller is named "
      + unknown.map { "'\($0)'" }.joined(separator: ", ")
      + "; the children the harness named so far: "
      + (names.isEmpty ? "none" : names.joined(separator: ", "))
      + " (a child is named after its slot and its id, its ForEach key or its type)"
      + (composedBefore
        ? "; the composer composed before the harness was made, so the children it made then "
          + "have no names: make the harness before anything loads the container's view"
        : "")
  }

  /// The model's events since the harness last looked, one per line (UIKitModel only).
  func takeEvents(of subjects: Set<String>?, categories: Set<ModelEvent.Category>) -> String {
    let events = ModelRuntime.events
    let total = ModelRuntime.eventsRecorded
    // Positions count every event recorded, the cleared ones included: after a test cleared the
    // log, the events recorded since are all in it. A count below the harness's position means
    // the model was reset (which a harness does not outlive): it starts over.
    let cleared = total - events.count
    let start = cursor.events <= total ? min(max(0, cursor.events - cleared), events.count) : 0
    cursor.events = total
    return events[start...]
      .filter { categories.contains($0.category) && (subjects?.contains($0.subject) ?? true) }
      .map(\.description)
      .joined(separator: "\n")
  }
  #endif

  // MARK: - Leaks

  /// The controllers the composers made that are children of the container now, as the harness
  /// knows them: its own, those of its composed children (a detail pushed in a tab's navigation
  /// stack, say), and those presented.
  func currentChildren() -> [MadeController] {
    made.filter(isHeld)
  }

  /// The names of those of `children` that are no longer held, but are still alive.
  func unreleased(_ children: [MadeController]) -> [String] {
    children.compactMap { child in
      guard child.controller != nil, !isHeld(child) else { return nil }
      return child.name
    }
  }

  /// Whether a controller a composer made is still held by the screen: its parents lead up to
  /// the container, or to a controller UIKit presents, or its composer still mounts it (a page a
  /// page view controller does not show, say).
  private func isHeld(_ child: MadeController) -> Bool {
    guard let controller = child.controller else { return false }
    if let composer = child.composer, composer.controller(for: child.identity) === controller {
      return true
    }
    var top = controller
    while let parent = top.parent {
      if parent === container { return true }
      top = parent
    }
    return top.presentingViewController != nil
  }

  // MARK: - Invariants

  /// Checks that the controller tree, the view tree and the declaration agree, that appearance
  /// is balanced, and that no diagnostic was found since the harness last looked.
  ///
  /// - The declaration the body makes now is the one mounted (unless a change is waiting or a
  ///   swap is running);
  /// - each child shown in a slot has a live controller that is a child of the container, whose
  ///   root view is inside the container's view, in declared order among its siblings (or, for a
  ///   `Presentation`, a controller UIKit presents; in a tab bar controller only the selected
  ///   tab's view, in a navigation controller only the top one's, is in the hierarchy);
  /// - in a page view controller, once settled, each declared page it does not show is no child,
  ///   with its view out of the hierarchy: UIKit keeps only the pages it shows;
  /// - each hidden kept-alive child is still a child, with its view out of the hierarchy (unless
  ///   a running swap is taking it out);
  /// - no other controller the composer made is still a child (unless a swap is running);
  /// - with UIKitModel, once settled, each shown child's appearance is the container's, and each
  ///   hidden child has disappeared.
  ///
  /// They check the container's own children. A composed child's own children are checked where
  /// that child is shown in a harness of its own; its diagnostics are reported here too.
  ///
  /// - Returns: One line per violation; empty when all hold.
  public func invariantViolations() -> [String] {
    var violations: [String] = []
    let swapping = composer.swappingChildren
    let mounted = composer.mountedTree
    let settled = !composer.isBusy
    var mountedControllers: Set<ObjectIdentifier> = []
    // Names and positions are looked up once each, so that a container of thousands of
    // children is checked in time linear in their number.
    var names: [ChildIdentity: String] = [:]
    for child in made {
      names[child.identity] = child.name
    }
    func displayName(_ identity: ChildIdentity) -> String {
      names[identity].map { "'\($0)' (\(identity))" } ?? "\(identity)"
    }
    var positions: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]
    func position(of view: UIView, in superview: UIView) -> Int? {
      let key = ObjectIdentifier(superview)
      if positions[key] == nil {
        positions[key] = Self.positions(in: superview)
      }
      return positions[key]?[ObjectIdentifier(view)]
    }
    if settled {
      let declared = composer.currentDeclaration()
      for slot in Set(declared.slotNames + mounted.slotNames).sorted() {
        let wanted = declared.children(in: slot)
        let have = mounted.children(in: slot)
        if wanted != have {
          violations.append(
            "slot '\(slot)' declares \(Self.list(wanted)) but has \(Self.list(have)) mounted")
        }
      }
    }
    for slot in mounted.slotNames {
      var previous: (view: UIView, name: String)?
      for identity in mounted.children(in: slot) {
        let name = displayName(identity)
        guard let controller = composer.controller(for: identity) else {
          violations.append("child \(name) is mounted but has no controller")
          continue
        }
        mountedControllers.insert(ObjectIdentifier(controller))
        // A presented child is no child: UIKit presents it over the container.
        if controller.parent == nil, controller.presentingViewController != nil { continue }
        // A page view controller keeps only the pages it shows; the composer keeps the others.
        if let pageViewController = container as? UIPageViewController,
          !(pageViewController.viewControllers ?? []).contains(where: { $0 === controller })
        {
          if settled, controller.parent != nil {
            violations.append("page \(name) is not shown but is still a child")
          }
          if settled, let view = controller.viewIfLoaded, view.isDescendant(of: container.view) {
            violations.append("the view of page \(name) is not shown but is in the hierarchy")
          }
          continue
        }
        guard controller.parent === container else {
          violations.append("child \(name) is mounted but is not a child of the container")
          continue
        }
        // A tab bar controller shows its selected tab's view only, a navigation controller its
        // top controller's.
        if let tabBarController = container as? UITabBarController,
          tabBarController.selectedViewController !== controller
        {
          continue
        }
        if let navigationController = container as? UINavigationController,
          navigationController.topViewController !== controller
        {
          continue
        }
        guard let view = controller.viewIfLoaded, view.isDescendant(of: container.view) else {
          violations.append("the view of child \(name) is not in the container's view")
          continue
        }
        if let before = previous, let superview = view.superview,
          before.view.superview === superview,
          let earlier = position(of: before.view, in: superview),
          let later = position(of: view, in: superview), earlier > later
        {
          violations.append(
            "the view of child \(name) comes before the view of \(before.name), declared before it")
        }
        previous = (view, name)
        #if !canImport(UIKit)
        let expected = container.uikitModel.appearanceState
        let state = controller.uikitModel.appearanceState
        if settled, expected == .appeared || expected == .disappeared, state != expected {
          violations.append(
            "child \(name) is \(state) while the container is \(expected)")
        }
        #endif
      }
      for identity in mounted.hiddenChildren(in: slot) {
        let name = displayName(identity)
        guard let controller = composer.controller(for: identity) else { continue }
        mountedControllers.insert(ObjectIdentifier(controller))
        if controller.parent !== container {
          violations.append("hidden child \(name) is no longer a child of the container")
        }
        // A swap that takes a kept-alive child out animates its view out first.
        if let view = controller.viewIfLoaded, view.isDescendant(of: container.view),
          !swapping.contains(identity)
        {
          violations.append("the view of hidden child \(name) is still in the container's view")
        }
        #if !canImport(UIKit)
        let state = controller.uikitModel.appearanceState
        if settled, state != .disappeared {
          violations.append("hidden child \(name) is \(state), not disappeared")
        }
        #endif
      }
    }
    if settled {
      for child in made
      where child.controller.map({
        $0.parent === container && !mountedControllers.contains(ObjectIdentifier($0))
      }) ?? false {
        violations.append("\(child.name) is still a child of the container but no longer declared")
      }
    }
    violations += takeDiagnostics().map { "diagnostic: \($0)" }
    return violations
  }

  private static func list(_ identities: [ChildIdentity]) -> String {
    identities.isEmpty
      ? "nothing" : "[" + identities.map(\.description).joined(separator: ", ") + "]"
  }

  /// The position of each view in `superview`: among a stack view's arranged subviews, or
  /// among its subviews.
  private static func positions(in superview: UIView) -> [ObjectIdentifier: Int] {
    var positions: [ObjectIdentifier: Int] = [:]
    for (index, view) in superview.subviews.enumerated() {
      positions[ObjectIdentifier(view)] = index
    }
    // An arranged subview's place in the stack is what is declared.
    if let stack = superview as? UIStackView {
      for (index, view) in stack.arrangedSubviews.enumerated() {
        positions[ObjectIdentifier(view)] = index
      }
    }
    return positions
  }
}
