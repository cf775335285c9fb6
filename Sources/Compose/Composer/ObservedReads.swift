import Observation

/// Observes what a reader — a composer's body, or one child's update closure — reads, with one
/// registration per reader at a time.
///
/// `withObservationTracking(_:onChange:)` registers an observer that stays until a property it
/// read changes; there is no way to cancel it. A body or an update that runs again while nothing
/// it read has changed (because of `setNeedsCompose()`, or another child's change) would add one
/// more registration every time, and the first change to the state would then fire all of them.
/// So each registration also reads a property of its own here: once the reader's new
/// registration is in place, changing the previous one's property fires it — ignored, as it is
/// only being replaced — and it is gone. A reader that will not run again is ended the same way.
///
/// Each registration's property is a subscript key path (`\.[registration: 7]`), so that one
/// registrar serves every reader of a composer. The new registration is installed before the
/// previous one ends, so a change made while the reader runs, on another thread, is not missed.
///
/// Registrations left when a composer is released stay in the registrars of the objects they
/// read until one of those changes; they then fire once and do nothing.
///
/// A reader run inside another one's observation scope would pass everything it reads, and its
/// registration's property, up to that scope, which would then fire whenever those change or
/// the registration is replaced: a composer asked to compose while a reader is observed (a
/// child's update closure that lays out a composed child, say) composes at its next layout pass
/// instead (`isObserving`).
@MainActor
final class ObservedReads: Observable {
  /// One reader's current registration.
  struct Registration {
    fileprivate let id: Int
    fileprivate let keyPath: KeyPath<ObservedReads, Int>
  }

  private let registrar = ObservationRegistrar()
  /// The last registration number handed out.
  private var lastID = 0
  /// How many readers are being observed now, of every composer.
  private static var observedReaders = 0

  /// Whether a reader is being observed now: whatever runs meanwhile reads into its scope.
  static var isObserving: Bool { observedReaders > 0 }

  /// A registration's own property; only its key path is used, to register and end it.
  nonisolated subscript(registration id: Int) -> Int { id }

  /// Runs `body`, observing what it reads, in place of the reader's previous registration.
  ///
  /// - Parameters:
  ///   - registration: The reader's registration, replaced by the new one; `nil` for a reader
  ///     that has none yet.
  ///   - body: What the reader reads.
  ///   - onChange: Called, on the thread that makes it, at the first change to what `body` read.
  /// - Returns: What `body` returns.
  func track<Result>(
    _ registration: inout Registration?, _ body: () -> Result,
    onChange: @escaping @Sendable () -> Void
  ) -> Result {
    lastID &+= 1
    let id = lastID
    let keyPath = \ObservedReads.[registration: id]
    Self.observedReaders += 1
    defer { Self.observedReaders -= 1 }
    let result = withObservationTracking {
      registrar.access(self, keyPath: keyPath)
      return body()
    } onChange: {
      if EndingRegistration.id == id { return }
      onChange()
    }
    if let previous = registration { end(previous) }
    registration = Registration(id: id, keyPath: keyPath)
    return result
  }

  /// Ends a registration, if it has not fired yet, without calling its `onChange`.
  ///
  /// - Parameter registration: The registration.
  func end(_ registration: Registration) {
    EndingRegistration.$id.withValue(registration.id) {
      registrar.withMutation(of: self, keyPath: registration.keyPath) {}
    }
  }
}

/// The registration being ended, in the task that ends it: its `onChange`, which runs
/// synchronously in that task, does nothing then, while a change made elsewhere meanwhile (on
/// another thread) is reported.
private enum EndingRegistration {
  @TaskLocal static var id: Int?
}
