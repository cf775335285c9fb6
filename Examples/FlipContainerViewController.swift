public import Compose

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A navigation-flip container: a card that flips over between its front and its back.
///
/// The `"card"` slot shows the front or the back, by ``isFlipped``. They are two branches of one
/// `if`, so they have different identities: a change replaces one with the other in a single
/// animated swap, a flip from the leading edge that UIKit performs with
/// `transition(from:to:duration:options:animations:completion:)`. The side that leaves is removed
/// when the flip ends; the side that arrives is made anew.
///
/// ```swift
/// let card = FlipContainerViewController()
/// card.isFlipped = true  // flips to the back at the next layout pass
/// ```
public final class FlipContainerViewController: ComposedViewController {
  /// Whether the back of the card is shown.
  public var isFlipped: Bool = false {
    didSet { setNeedsCompose() }
  }

  /// What a flip requested while the card is still turning does: by default the running flip
  /// finishes, then the card turns to the latest side; ``Interruption/cutShort`` ends the running
  /// flip at once instead.
  public var interruption: Interruption = .finishRunning {
    didSet { setNeedsCompose() }
  }

  /// One slot showing one side of the card, flipped over when the side changes.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("card") {
      if isFlipped {
        Child { CardBackViewController() }
      } else {
        Child { CardFrontViewController() }
      }
    }
    .transition(.flip(from: .leading, duration: 0.5))
    .interruption(interruption)
  }

  /// Turns the card over.
  public func flip() {
    isFlipped.toggle()
  }
}

/// The front of the card of ``FlipContainerViewController``.
public final class CardFrontViewController: UIViewController {
  /// Titles the side and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Front"
    view.backgroundColor = .white
  }
}

/// The back of the card of ``FlipContainerViewController``.
public final class CardBackViewController: UIViewController {
  /// Titles the side and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Back"
    view.backgroundColor = .blue
  }
}
