#if !canImport(UIKit)
// Runs against UIKitModel (its exceptions and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// A child with a view of its own inside its root view.
@MainActor
private final class CardViewController: UIViewController {
  let footer = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(footer)
  }
}

@MainActor
private final class BadgeViewController: UIViewController {}

/// A container with a card, and a badge slot anchored to `anchor` once it is set.
@MainActor
private final class CardContainer: UIViewController {
  var anchor: UIView? {
    didSet { composer.setNeedsCompose() }
  }
  let card = ChildHandle<CardViewController>()

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("card") {
      Child { CardViewController() }.handle(card)
    }
    if let anchor {
      Slot("badge", in: anchor) {
        Child { BadgeViewController() }
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@Suite("A slot anchored inside a child's view", .isolatedModel(diagnostics: .allowed))
@MainActor
struct AnchorInsideChildTests {
  @Test("A slot anchored inside a child's view adds nothing, raises nothing, and is reported")
  func anchorInsideChildView() throws {
    startRecordingModel()
    let container = CardContainer()
    let window = show(container)
    let card = try #require(container.card.controller)

    container.anchor = card.footer
    ModelRuntime.runUntilIdle()

    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(container.children == [card])
    #expect(card.footer.subviews.isEmpty)
    #expect(
      container.composer.diagnostics.map(\.message) == [
        "slot 'badge' is anchored to a 'UIView' inside the view of 'CardViewController', "
          + "another controller, where UIKit raises an exception for the container's children; "
          + "anchor it to the view of 'CardContainer' or one of its subviews outside its "
          + "children's views"
      ])
    #expect(container.composer.diagnostics.map(\.id) == [.anchorOutsideContainer])

    // Anchored to the container's own view, the slot is added.
    container.anchor = container.view
    ModelRuntime.runUntilIdle()
    #expect(container.children.count == 2)
    #expect(container.children.last is BadgeViewController)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
