import Foundation
import Observation
import Testing

@testable import Compose

/// State a reader reads.
@Observable
private final class Source {
  var value = 0
  var other = 0
}

/// Counts the changes an observation reported.
private final class Changes: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func add() { lock.withLock { count += 1 } }
}

// Swift's observation cannot cancel a registration: each reader keeps one at a time, so that a
// body or an update run many times with nothing changed does not pile up observers.
@MainActor
@Suite("Observed reads: one registration per reader")
struct ObservedReadsTests {
  @Test("A reader run again many times keeps one registration: the next change is reported once")
  func oneRegistrationPerReader() {
    let reads = ObservedReads()
    let source = Source()
    let changes = Changes()
    let reader = reads.makeReader()
    for _ in 0..<100 {
      _ = reads.track(reader, { source.value }, onChange: { changes.add() })
    }
    #expect(changes.value == 0)
    source.value = 1
    #expect(changes.value == 1)
    // Fired, the registration is gone: a later change is not reported until the reader runs.
    source.value = 2
    #expect(changes.value == 1)
  }

  @Test("A reader that runs again observes what it reads now, not what it read before")
  func renewedReadsReplaceOldOnes() {
    let reads = ObservedReads()
    let source = Source()
    let changes = Changes()
    let reader = reads.makeReader()
    _ = reads.track(reader, { source.value }, onChange: { changes.add() })
    _ = reads.track(reader, { source.other }, onChange: { changes.add() })
    source.value = 1
    #expect(changes.value == 0)
    source.other = 1
    #expect(changes.value == 1)
  }

  @Test("Ending a reader drops its registration and leaves the other readers' in place")
  func endingOneReader() {
    let reads = ObservedReads()
    let source = Source()
    let first = Changes()
    let second = Changes()
    let one = reads.makeReader()
    let two = reads.makeReader()
    _ = reads.track(one, { source.value }, onChange: { first.add() })
    _ = reads.track(two, { source.value }, onChange: { second.add() })
    reads.end(one)
    #expect(first.value == 0)
    source.value = 1
    #expect(first.value == 0)
    #expect(second.value == 1)
  }

  @Test("The value the reader returns is passed through")
  func passesTheResultThrough() {
    let reads = ObservedReads()
    let source = Source()
    source.value = 7
    #expect(reads.track(reads.makeReader(), { source.value * 2 }, onChange: {}) == 14)
  }
}
