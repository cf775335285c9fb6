#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

@MainActor
@Observable
private final class ScreenState {
  var showsDetail = false
  var rows: [Int] = [1, 2]
}

@MainActor
private final class ObservingContainer: UIViewController {
  let state: ScreenState
  var evaluations = 0

  lazy var composer = Composer(container: self) { [unowned self] in
    evaluations += 1
    return CompositionContent.build {
      Slot("content") {
        if state.showsDetail {
          Child { DetailViewController() }
        } else {
          Child { ListViewController() }
        }
      }
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(state.rows, id: \.self) { _ in Child { RowViewController() } }
      }
    }
  }

  init(state: ScreenState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// Lets the main actor run the invalidations that observation scheduled.
@MainActor
private func drainMainActor() async {
  for _ in 0..<5 {
    await Task.yield()
  }
}

// Asynchronous tests (observation hops to the main actor), each in a model runtime of its own.
@MainActor
@Suite("Observation", .isolatedModel)
struct ObservationTests {
  @Test("Changing observed state composes again, with no setNeedsCompose call")
  func stateChangeRecomposes() async throws {
    let state = ScreenState()
    let container = ObservingContainer(state: state)
    container.loadViewIfNeeded()
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    #expect(container.children.first is ListViewController)
    #expect(container.evaluations == 1)

    state.showsDetail = true
    await drainMainActor()
    container.composer.composeIfNeeded()

    #expect(container.children.contains { $0 is DetailViewController })
    #expect(!container.children.contains { $0 is ListViewController })
    #expect(container.evaluations == 2)
  }

  @Test("A burst of changes leads to one reconciliation")
  func burstIsCoalesced() async throws {
    let state = ScreenState()
    let container = ObservingContainer(state: state)
    container.loadViewIfNeeded()
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()

    state.rows = [1, 2, 3]
    state.rows = [3, 2, 1]
    state.showsDetail = true
    await drainMainActor()
    container.composer.composeIfNeeded()
    container.composer.composeIfNeeded()

    #expect(container.evaluations == 2)
    #expect(container.children.count == 4)
    #expect(container.children.contains { $0 is DetailViewController })
  }

  @Test("State the body did not read does not compose again")
  func unreadStateIsIgnored() async throws {
    let state = ScreenState()
    let container = ObservingContainer(state: state)
    container.loadViewIfNeeded()
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    let other = ScreenState()

    other.showsDetail = true
    await drainMainActor()
    container.composer.composeIfNeeded()

    #expect(container.evaluations == 1)
  }
}
#endif
