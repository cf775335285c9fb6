#if !canImport(UIKit)
// Runs against UIKitModel (its names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

@MainActor
private final class PanelViewController: UIViewController {}

/// A container with two eager children declared hidden whose factories return one controller.
@MainActor
private final class PanelBox: UIViewController {
  var revision = 0 {
    didSet { composer.setNeedsCompose() }
  }
  let shared = PanelViewController()
  let first = ChildHandle<PanelViewController>()
  let second = ChildHandle<PanelViewController>()

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("panels") {
      Child { self.shared }.id("first").lifetime(.eager).hidden(true).handle(first)
      Child { self.shared }.id("second").lifetime(.eager).hidden(true).handle(second)
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@Suite(
  "Eager children declared hidden whose factories return one controller",
  .isolatedModel(diagnostics: .allowed))
@MainActor
struct EagerSharedControllerTests {
  @Test("The second is refused and reported; the first keeps the controller at every composition")
  func secondRefused() throws {
    startRecordingModel()
    let box = PanelBox()
    let window = show(box)
    let message =
      "the factory of child 'panels' 1 PanelViewController id \"second\" returned the "
      + "'PanelViewController' that is already child 'panels' 0 PanelViewController id \"first\"; "
      + "make a new controller in the factory"

    #expect(box.children == [box.shared])
    #expect(box.first.controller === box.shared)
    #expect(box.second.state == .notMade)
    #expect(box.composer.diagnostics.map(\.message) == [message])
    #expect(box.composer.diagnostics.map(\.id) == [.sameInstanceDeclaredTwice])

    // Composed again, the second is tried again and refused again; the first keeps its controller.
    box.revision += 1
    ModelRuntime.runUntilIdle()
    #expect(box.children == [box.shared])
    #expect(box.first.controller === box.shared)
    #expect(box.second.state == .notMade)
    #expect(box.composer.diagnostics.map(\.message) == [message, message])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
