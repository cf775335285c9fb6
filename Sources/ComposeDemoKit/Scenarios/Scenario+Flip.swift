#if !canImport(UIKit)
import Compose
import ComposeExamples
import Foundation
import UIKitModel

extension Scenario {
  /// Two `FlipContainerViewController`s side by side, flipped twice with the second flip
  /// requested mid-transition: one finishes the running flip first, the other cuts it short.
  public static var flip: Scenario {
    Scenario(
      name: "flip",
      title: "Navigation flip, flipped again mid-transition: both interruption policies",
      summary: "Two cards side by side. Each flip is one transition(from:to:) with containment in "
        + "its completion. The left card finishes a running flip before it turns back "
        + "(.finishRunning, the default); the right one cuts it short (.cutShort).",
      rootName: "cards", root: { SideBySideCards() },
      naming: { controller in
        guard let card = controller.parent as? FlipContainerViewController else {
          guard let card = controller as? FlipContainerViewController else { return nil }
          return card.interruption == .cutShort ? "cutShort" : "finishing"
        }
        let side = controller is CardBackViewController ? "Back" : "Front"
        return (card.interruption == .cutShort ? "cut" : "fin") + side
      },
      steps: [
        ScenarioStep(
          "cards.flipBoth(); ModelRuntime.advance(by: 0.25)",
          "Both cards are half-way through a 0.5 s flip: both sides are children, the front is "
            + "disappearing and the back appearing.", settles: false
        ) { cards, _ in
          cards.flipBoth()
          ModelRuntime.advance(by: 0.25)
        },
        ScenarioStep(
          "cards.flipBoth(); ModelRuntime.advance(by: 0.1)",
          "A second flip arrives mid-transition. The left card lets its flip run; the right one "
            + "ends it now, completing the back, and starts flipping to a new front at once.",
          settles: false
        ) { cards, _ in
          cards.flipBoth()
          ModelRuntime.advance(by: 0.1)
        },
        ScenarioStep(
          "ModelRuntime.runUntilIdle()",
          "The left card's first flip ends, then it reconciles once to the latest declaration "
            + "and flips to a new front. Both end on the front, with no unbalanced callback."
        ) { _, _ in },
      ])
  }
}

/// Two flip cards side by side, one per interruption policy.
@MainActor
final class SideBySideCards: ComposedViewController {
  private var isFlipped = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("finishRunning", layout: .frame(CGRect(x: 0, y: 0, width: 195, height: 844))) {
      Child {
        FlipContainerViewController()
      } update: { [isFlipped] in
        $0.isFlipped = isFlipped
      }
    }
    Slot("cutShort", layout: .frame(CGRect(x: 195, y: 0, width: 195, height: 844))) {
      Child { () -> FlipContainerViewController in
        let card = FlipContainerViewController()
        card.interruption = .cutShort
        return card
      } update: { [isFlipped] in
        $0.isFlipped = isFlipped
      }
    }
  }

  /// Turns both cards over.
  func flipBoth() {
    isFlipped.toggle()
  }
}
#endif
