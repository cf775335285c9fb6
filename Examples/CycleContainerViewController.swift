public import Compose
public import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A cycle-transition container: it shows one page of a list at a time, and slides the next one
/// in from the trailing edge.
///
/// The `"page"` slot holds one child whose ``Child/id(_:)`` is the page's id, so moving to
/// another page changes the child's identity: the shown page is replaced in one animated swap, a
/// slide from the trailing edge, and removed when the slide ends. After the last page comes the
/// first one again.
///
/// ```swift
/// let tour = CycleContainerViewController(pages: OnboardingPage.tour)
/// tour.showNext()  // slides the second page in at the next layout pass
/// ```
public final class CycleContainerViewController: ComposedViewController {
  /// The pages, in the order they are shown.
  public let pages: [OnboardingPage]
  /// The index of the shown page in ``pages``.
  public private(set) var currentIndex: Int = 0 {
    didSet { setNeedsCompose() }
  }

  /// Creates a container that starts with the first page.
  ///
  /// - Parameter pages: The pages, in the order they are shown.
  public init(pages: [OnboardingPage] = OnboardingPage.tour) {
    self.pages = pages
    super.init(nibName: nil, bundle: nil)
  }

  /// Unarchiving is not supported.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) { nil }

  /// One slot, one page; a different page slides in from the trailing edge.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("page") {
      if pages.indices.contains(currentIndex) {
        let page = pages[currentIndex]
        Child { OnboardingPageViewController(page: page) }.id(page.id)
      }
    }
    .transition(.slide(from: .trailing, duration: 0.3))
  }

  /// Slides in the next page, or the first one after the last.
  public func showNext() {
    guard !pages.isEmpty else { return }
    currentIndex = (currentIndex + 1) % pages.count
  }
}

/// One page of a ``CycleContainerViewController``.
public struct OnboardingPage: Identifiable, Hashable, Sendable {
  /// The page's title, which identifies it.
  public let title: String
  /// The text shown under the title.
  public let message: String

  /// The page's identity: its title.
  public var id: String { title }

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - title: The title, which identifies the page.
  ///   - message: The text shown under the title.
  public init(title: String, message: String) {
    self.title = title
    self.message = message
  }

  /// The three pages of the app's first-launch tour.
  public static let tour: [OnboardingPage] = [
    OnboardingPage(title: "Welcome", message: "Everything you follow, in one place."),
    OnboardingPage(title: "Sync", message: "Your reading list follows you to every device."),
    OnboardingPage(title: "Ready", message: "Pick a few topics to get started."),
  ]
}

/// Shows one ``OnboardingPage``.
public final class OnboardingPageViewController: UIViewController {
  /// The page shown.
  public let page: OnboardingPage

  /// Creates a controller for a page.
  ///
  /// - Parameter page: The page to show.
  public init(page: OnboardingPage) {
    self.page = page
    super.init(nibName: nil, bundle: nil)
  }

  /// Unarchiving is not supported.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) { nil }

  /// Titles the page and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    title = page.title
    view.backgroundColor = ExampleStyle.background
  }
}
