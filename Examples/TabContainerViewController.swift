public import Compose

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A tab-style container: one tab is shown at a time, the others stay alive while hidden.
///
/// Every tab is a ``Lifetime/keepAlive`` child of the one `"tab"` slot, picked by a `switch` on
/// ``selectedIndex``. Selecting another tab takes the shown tab's view out of the hierarchy — its
/// controller stays a child, state and all — and shows the selected one, made the first time it
/// is selected. Selecting a tab again brings back the same controller with no containment call.
/// A memory warning removes the hidden tabs; they are made again when next selected.
///
/// ```swift
/// let tabs = TabContainerViewController()
/// tabs.selectedIndex = 2  // the profile tab, at the next layout pass
/// ```
public final class TabContainerViewController: ComposedViewController {
  /// The index of the shown tab: 0 for the feed, 1 for search, anything else for the profile.
  public var selectedIndex: Int = 0 {
    didSet { setNeedsCompose() }
  }

  /// One slot, one tab shown; the tabs shown before are kept alive, hidden.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("tab") {
      switch selectedIndex {
      case 0: Child { FeedTabViewController() }.lifetime(.keepAlive)
      case 1: Child { SearchTabViewController() }.lifetime(.keepAlive)
      default: Child { ProfileTabViewController() }.lifetime(.keepAlive)
      }
    }
  }
}

/// The first tab of ``TabContainerViewController``: the feed.
public final class FeedTabViewController: UIViewController {
  /// Titles the tab and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Feed"
    view.backgroundColor = ExampleStyle.background
  }
}

/// The second tab of ``TabContainerViewController``: search.
public final class SearchTabViewController: UIViewController {
  /// Titles the tab and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Search"
    view.backgroundColor = ExampleStyle.background
  }
}

/// The third tab of ``TabContainerViewController``: the user's profile.
public final class ProfileTabViewController: UIViewController {
  /// Titles the tab and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Profile"
    view.backgroundColor = ExampleStyle.background
  }
}
