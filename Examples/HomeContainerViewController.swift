public import Compose
import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// Nested composed containers: a home screen whose content is itself a composed container.
///
/// The `"banner"` slot shows a ``BannerViewController`` whose text follows ``greeting``; the
/// `"content"` slot shows a ``TabContainerViewController``, which composes its own `"tab"` slot.
/// Each container has its own composer and reconciles only its own children: a new greeting
/// updates the banner in place, with no containment call, and selecting another tab inside the
/// content makes no call on the home screen.
///
/// ```swift
/// let home = HomeContainerViewController()
/// home.greeting = "Good evening"  // updates the banner in place
/// home.content?.selectedIndex = 1  // the inner container switches its tab
/// ```
public final class HomeContainerViewController: ComposedViewController {
  /// The text of the banner at the top.
  public var greeting: String = "Good morning" {
    didSet { setNeedsCompose() }
  }

  /// The nested tab container, once it is made.
  public var content: TabContainerViewController? {
    children.lazy.compactMap { $0 as? TabContainerViewController }.first
  }

  /// A banner at the top, the tab container under it.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("banner", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 120))) {
      Child {
        BannerViewController()
      } update: { [greeting] in
        $0.greeting = greeting
      }
    }
    Slot("content", layout: .fill(insets: UIEdgeInsets(top: 120, left: 0, bottom: 0, right: 0))) {
      Child { TabContainerViewController() }
    }
  }
}

/// The banner of a ``HomeContainerViewController``.
public final class BannerViewController: UIViewController {
  /// The text shown; its title follows it.
  public var greeting: String = "" {
    didSet { title = greeting }
  }

  /// Sets the banner's background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}
