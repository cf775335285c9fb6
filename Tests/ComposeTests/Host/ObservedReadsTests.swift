import Foundation
import Observation
import Testing

@_spi(Benchmarks) @testable import Compose

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
    var registration: ObservedReads.Registration?
    for _ in 0..<100 {
      _ = reads.track(&registration, { source.value }, onChange: { changes.add() })
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
    var registration: ObservedReads.Registration?
    _ = reads.track(&registration, { source.value }, onChange: { changes.add() })
    _ = reads.track(&registration, { source.other }, onChange: { changes.add() })
    source.value = 1
    #expect(changes.value == 0)
    source.other = 1
    #expect(changes.value == 1)
  }

  @Test("Ending a reader drops its registration and leaves the other readers' in place")
  func endingOneReader() throws {
    let reads = ObservedReads()
    let source = Source()
    let first = Changes()
    let second = Changes()
    var one: ObservedReads.Registration?
    var two: ObservedReads.Registration?
    _ = reads.track(&one, { source.value }, onChange: { first.add() })
    _ = reads.track(&two, { source.value }, onChange: { second.add() })
    reads.end(try #require(one))
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
    var registration: ObservedReads.Registration?
    #expect(reads.track(&registration, { source.value * 2 }, onChange: {}) == 14)
  }
}

#if !canImport(UIKit)
import ComposeTesting
import UIKitModel

/// State the rows of `ReadingListViewController` read in their update closures.
@MainActor
@Observable
private final class RowTitles {
  var title = "row"
  var count = 5
}

/// A container whose rows' update closures read observed state.
private final class ReadingListViewController: ComposedViewController {
  let titles = RowTitles()

  @CompositionBuilder override var composition: CompositionContent {
    let titles = titles
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(0..<titles.count, id: \.self) { _ in
        Child {
          UIViewController()
        } update: { row in
          row.title = titles.title
        }
      }
    }
  }
}

@MainActor
@Suite("Observed reads of a composer's children", .isolatedModel)
struct ComposerObservedReadsTests {
  @Test("Compositions that change nothing keep one registration per child; removed children's end")
  func oneRegistrationPerChild() async {
    let list = ReadingListViewController()
    let harness = await ContainerHarness(showing: list)
    #expect(list.composer.observedReaderCount == 5)
    for _ in 0..<50 {
      list.setNeedsCompose()
      await harness.settle()
    }
    #expect(list.composer.observedReaderCount == 5)

    list.titles.count = 2
    await harness.settle()
    #expect(list.children.count == 2)
    #expect(list.composer.observedReaderCount == 2)

    list.titles.title = "renamed"
    await harness.settle()
    #expect(list.children.map(\.title) == ["renamed", "renamed"])

    list.composer.tracksUpdateReads = false
    #expect(list.composer.observedReaderCount == 0)
  }
}
#endif
