public import Compose
import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// Lazy children: a product page whose reviews are made only when the reader asks for them.
///
/// The `"summary"` slot always shows the product; the `"reviews"` slot declares its child only
/// while ``showsReviews`` is `true`. A child's factory runs the first time the child is declared —
/// never while a declaration is built or planned — so a page that is never expanded never makes
/// a ``ReviewsViewController``, loads its view or adds it as a child. Collapsing removes the
/// reviews (the default ``Lifetime/whileShown``); expanding again makes new ones.
///
/// ```swift
/// let page = ProductContainerViewController()
/// page.showsReviews = true  // the reviews are made now, at the next layout pass
/// ```
public final class ProductContainerViewController: ComposedViewController {
  /// Whether the reviews are shown under the summary.
  public var showsReviews: Bool = false {
    didSet { setNeedsCompose() }
  }

  /// How many ``ReviewsViewController``s this page has made.
  public private(set) var reviewsMade = 0

  /// The summary on top; the reviews under it, only while they are shown.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("summary", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 300))) {
      Child { ProductSummaryViewController() }
    }
    Slot("reviews", layout: .frame(CGRect(x: 0, y: 300, width: 390, height: 544))) {
      if showsReviews {
        Child { [unowned self] in
          reviewsMade += 1
          return ReviewsViewController()
        }
      }
    }
  }
}

/// The summary of a ``ProductContainerViewController``.
public final class ProductSummaryViewController: UIViewController {
  /// Titles the summary and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Summary"
    view.backgroundColor = ExampleStyle.background
  }
}

/// The reviews of a ``ProductContainerViewController``, made only when first shown.
public final class ReviewsViewController: UIViewController {
  /// Titles the reviews and sets their background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Reviews"
    view.backgroundColor = ExampleStyle.background
  }
}
