@_spi(Benchmarks) import Compose
import Foundation
import Observation

/// The state W8's children read in their update closures.
@MainActor
@Observable
final class RowTitles {
  var title = "row"
}

/// How W8's children are brought up to date at each composition.
enum UpdateStyle: CaseIterable {
  /// `update:` reads observed state, and the composer observes the reads (the default).
  case tracked
  /// The same closures, with the composer's observation of update reads switched off.
  case untracked
  /// `Child(input:make:update:)`: the update is skipped while its input stays equal.
  case equalInput
}

/// W8: a live container with 100 children in a stacked slot, on screen.
@MainActor
final class LiveContainer: UIViewController {
  nonisolated static let childCount = 100
  let titles = RowTitles()
  let style: UpdateStyle

  lazy var composer = Composer(container: self) { [unowned self] in declaration }

  init(style: UpdateStyle) {
    self.style = style
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  /// The children, as the composer's body declares them.
  @CompositionBuilder var declaration: CompositionContent {
    let titles = titles
    let style = style
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(0..<Self.childCount, id: \.self) { _ in
        if style == .equalInput {
          Child(input: titles.title) {
            RowController()
          } update: { row, title in
            row.title = title
          }
        } else {
          Child {
            RowController()
          } update: { row in
            row.title = titles.title
          }
        }
      }
    }
  }

  /// Puts the container on screen in a window and performs its first composition.
  ///
  /// - Returns: The window, which the caller keeps.
  func show() -> UIWindow {
    composer.tracksUpdateReads = style != .untracked
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = self
    window.makeKeyAndVisible()
    composer.setNeedsCompose()
    composer.composeIfNeeded()
    #if !canImport(UIKit)
    ModelRuntime.runUntilIdle()
    #endif
    return window
  }

  /// One composition that changes nothing: the body, its resolution, the plan and its updates.
  func recompose() {
    composer.setNeedsCompose()
    composer.composeIfNeeded()
  }
}

extension Runner {
  /// W8: what a no-op recompose of a live container costs, through the `Composer`, with each way
  /// of bringing children up to date; the body alone is the reference.
  mutating func liveContainerCase() {
    let containers = UpdateStyle.allCases.map { LiveContainer(style: $0) }
    let windows = containers.map { $0.show() }
    if let profile {
      // `--profile W8-100 <tracked|untracked|equalInput> N`: that container's no-op recompose.
      guard profile.id == "W8-100",
        profiles("W8-100", phases: containers.map { "\($0.style)" }),
        let container = containers.first(where: { "\($0.style)" == profile.phase })
      else { return }
      for _ in 0..<profile.iterations { container.recompose() }
      blackHole(windows)
      return
    }
    for container in containers where container.children.count != LiveContainer.childCount {
      print("  warning: W8 container has \(container.children.count) children")
    }
    let reference = containers[0]
    let names = ["tracked": 0, "untracked": 1, "equalInput": 2]
    let jobs: [Job] =
      [("body", 11, { blackHole(reference.declaration) })]
      + names.sorted { $0.value < $1.value }.map { name, index in
        (name, 11, { containers[index].recompose() })
      }
    let timings = Harness.measure(jobs)
    var rows: [LiveRow] = []
    func row(_ phase: String, _ name: String, _ work: () -> Void) {
      guard let timing = timings[name] else { return }
      rows.append(
        LiveRow(
          phase: phase, timing: timing, body: timings["body"],
          allocations: Harness.allocations(work)))
    }
    row("body alone", "body") { blackHole(reference.declaration) }
    row("no-op recompose, update reads observed (default)", "tracked") {
      containers[0].recompose()
    }
    row("no-op recompose, update reads not observed", "untracked") { containers[1].recompose() }
    row("no-op recompose, `Child(input:)` equal inputs (updates skipped)", "equalInput") {
      containers[2].recompose()
    }
    report.live = rows
    if let tracked = timings["tracked"], let untracked = timings["untracked"] {
      report.trackingCost = tracked.nanoseconds / untracked.nanoseconds
    }
    blackHole(windows)
    print("  W8-100: done")
  }
}

/// One measured phase of W8.
struct LiveRow {
  var phase: String
  var timing: Timing
  var body: Timing?
  var allocations: Int?
}
