#if !canImport(UIKit)
// Runs against UIKitModel (its clock and layout passes), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

@MainActor
private final class StatusChild: UIViewController {}

/// A container whose reconciliation handler changes its state every time.
@MainActor
private final class StatusBox: UIViewController {
  var completions = 0 {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) {
    Slot("content") {
      Child { StatusChild() }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.onReconciliationCompletion = { [weak self] _ in
      self?.completions += 1
    }
    composer.setNeedsCompose()
  }
}

@Suite(
  "A completion closure that invalidates the declaration every time",
  .isolatedModel(diagnostics: .allowed))
@MainActor
struct CompletionLoopTests {
  @Test("It is stopped, and the diagnostic names the closure, not the body or a factory")
  func reconciliationCompletionNamed() throws {
    startRecordingModel()
    let box = StatusBox()
    let window = show(box)

    #expect(box.completions == 10)
    #expect(
      box.composer.diagnostics.map(\.message) == [
        "applying the declaration invalidated it again 10 times in a row (the "
          + "onReconciliationCompletion closure); the composer stopped until the next change "
          + "from outside; do not call setNeedsCompose() or change state the body reads from "
          + "update closures or factories, or change it only when the value differs"
      ])
    #expect(box.composer.diagnostics.map(\.id) == [.compositionLoop])
    _ = window
  }
}
#endif
