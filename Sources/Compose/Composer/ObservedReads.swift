import Observation

/// Observes what a reader — a composer's body, or one child's update closure — reads, one
/// registration per reader at a time.
///
/// `withObservationTracking(_:onChange:)` registers an observer that stays until a property it
/// read changes; there is no way to cancel it. A body or an update that runs again while nothing
/// it read has changed (because of `setNeedsCompose()`, or another child's change) would add one
/// more registration every time, and the first change to the state would then fire all of them.
/// So each reader also reads a property of its own here, and running the reader again first
/// changes that property: the previous registration fires — ignored, as it is only being
/// renewed — and is gone. A reader that will not run again is ended the same way.
///
/// Each reader's property is a subscript key path (`\.[reader: 7]`), so that one registrar serves
/// every reader of a composer.
@MainActor
final class ObservedReads: Observable {
  private let registrar = ObservationRegistrar()
  /// The last reader number handed out.
  private var lastReader = 0
  /// The reader whose registration is being ended; its `onChange` does nothing then.
  ///
  /// Read from the thread that changes observed state, which is the main thread when it is this
  /// one.
  nonisolated(unsafe) private var ending: Int?

  /// A reader's own property; only its key path is used, to register and end observations.
  nonisolated subscript(reader reader: Int) -> Int { reader }

  /// A new reader.
  func makeReader() -> Int {
    lastReader &+= 1
    return lastReader
  }

  /// Runs `body`, observing what it reads in place of the reader's previous registration.
  ///
  /// - Parameters:
  ///   - reader: The reader.
  ///   - body: What the reader reads.
  ///   - onChange: Called, on the thread that makes it, at the first change to what `body` read.
  /// - Returns: What `body` returns.
  func track<Result>(
    _ reader: Int, _ body: () -> Result, onChange: @escaping @Sendable () -> Void
  ) -> Result {
    end(reader)
    return withObservationTracking {
      registrar.access(self, keyPath: \.[reader: reader])
      return body()
    } onChange: { [weak self] in
      if self?.ending == reader { return }
      onChange()
    }
  }

  /// Ends the reader's registration, if it has one, without calling its `onChange`.
  ///
  /// - Parameter reader: The reader.
  func end(_ reader: Int) {
    ending = reader
    registrar.withMutation(of: self, keyPath: \.[reader: reader]) {}
    ending = nil
  }
}
