public import Foundation

extension ModelDiagnostic.Kind {
  /// Rule P5: `setViewControllers(_:direction:animated:completion:)` was called while the page
  /// view controller's previous animated transition was still running.
  public static let pageTransitionInProgress = Self(name: "pageTransitionInProgress")
}

extension ModelRuntime {
  /// How long an animated page transition takes in the model: 0.3 seconds (model choice for rule
  /// P4; UIKit's duration is not documented).
  public static let pageTransitionDuration: TimeInterval = 0.3
}

/// A container that shows one page (or two, for a book with a middle spine) and turns pages with
/// a scroll or page-curl transition.
///
/// The pages shown are its children, their views fill its view (rule P1 of Docs/Design/0001);
/// pages set with `setViewControllers(_:direction:animated:completion:)` replace the ones shown,
/// which leave (rule P2), with the appearance callbacks of rule P3. The user's swipes are driven by
/// tests with `pages.uikitModel.swipePage(_:)`, which asks the ``dataSource`` and tells the
/// ``delegate`` as UIKit does (rules P6 to P9); there is no gesture recognizer.
@MainActor
open class UIPageViewController: UIViewController {
  /// How pages turn.
  public enum TransitionStyle: Int, Hashable, Sendable {
    /// Pages curl like paper.
    case pageCurl = 0
    /// Pages scroll.
    case scroll = 1
  }

  /// The axis pages turn along.
  public enum NavigationOrientation: Int, Hashable, Sendable {
    /// Left and right.
    case horizontal = 0
    /// Up and down.
    case vertical = 1
  }

  /// Where the spine of a page-curl book is.
  public enum SpineLocation: Int, Hashable, Sendable {
    /// Not a page-curl book.
    case none = 0
    /// At the left or top edge: one page at a time.
    case min = 1
    /// In the middle: two pages at a time.
    case mid = 2
    /// At the right or bottom edge: one page at a time.
    case max = 3
  }

  /// Which way a transition turns.
  public enum NavigationDirection: Int, Hashable, Sendable {
    /// To the next page.
    case forward = 0
    /// To the previous page.
    case reverse = 1
  }

  /// A key of the options dictionary of ``init(transitionStyle:navigationOrientation:options:)``.
  public struct OptionsKey: Hashable, RawRepresentable, Sendable {
    /// The key's name.
    public let rawValue: String

    /// Creates a key.
    ///
    /// - Parameter rawValue: The key's name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The spine location of a page-curl book, a `SpineLocation` raw value as an `NSNumber` or
    /// `Int`.
    public static let spineLocation = OptionsKey(
      rawValue: "UIPageViewControllerOptionSpineLocationKey")
    /// The space between pages of a scrolling page view controller; the model ignores it.
    public static let interPageSpacing = OptionsKey(
      rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
  }

  private let style: TransitionStyle
  private let orientation: NavigationOrientation
  private let spine: SpineLocation
  private var storedPages: [UIViewController]?
  private var runningTransition: AnimationRecord?

  /// Whether a page-curl book shows content on the back of its pages; `false` by default.
  open var isDoubleSided = false

  /// Provides the pages before and after the one shown, for the user's swipes (rule P7).
  open weak var dataSource: (any UIPageViewControllerDataSource)?

  /// Told when a swipe starts and ends (rule P8).
  open weak var delegate: (any UIPageViewControllerDelegate)?

  /// Creates a page view controller.
  ///
  /// - Parameters:
  ///   - style: How pages turn.
  ///   - navigationOrientation: The axis pages turn along.
  ///   - options: `.spineLocation` sets a page-curl book's spine (`.min` by default); other keys
  ///     are ignored.
  public init(
    transitionStyle style: UIPageViewController.TransitionStyle,
    navigationOrientation: UIPageViewController.NavigationOrientation,
    options: [UIPageViewController.OptionsKey: Any]? = nil
  ) {
    self.style = style
    orientation = navigationOrientation
    if style == .scroll {
      spine = .none
    } else {
      let raw =
        (options?[.spineLocation] as? Int) ?? (options?[.spineLocation] as? NSNumber)?.intValue
      spine = raw.flatMap(SpineLocation.init(rawValue:)) ?? .min
    }
    super.init(nibName: nil, bundle: nil)
  }

  /// Unarchiving is not supported by the model.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// How pages turn.
  open var transitionStyle: UIPageViewController.TransitionStyle { style }

  /// The axis pages turn along.
  open var navigationOrientation: UIPageViewController.NavigationOrientation { orientation }

  /// The spine of a page-curl book (`.min` unless the options said otherwise); `.none` for a
  /// scrolling page view controller.
  open var spineLocation: UIPageViewController.SpineLocation { spine }

  /// The pages shown; `nil` until pages are set.
  open var viewControllers: [UIViewController]? { storedPages }

  /// Shows new pages.
  ///
  /// The number of pages must be the number the style needs — two for a page-curl book with a
  /// middle spine or double-sided pages, one otherwise — or it raises
  /// `NSInvalidArgumentException` (rule P2). ``viewControllers`` changes at once. New pages are
  /// added with `addChild(_:)`, their views fill this controller's view; the old pages get
  /// `willMove(toParent: nil)` (rule P1, P2). When the page view controller is visible, the new
  /// pages get `viewWillAppear(_:)` and the old ones `viewWillDisappear(_:)`, then at the end the
  /// scroll style sends the new pages' `viewDidAppear(_:)` before the old ones'
  /// `viewDidDisappear(_:)` and the page-curl style the other way round (rule P3). At the end of
  /// the transition — ``ModelRuntime/pageTransitionDuration`` on the model's clock, or the next
  /// run of the model when not animated (rule P4) — the old views leave, the old pages are
  /// removed with `removeFromParent()`, the new ones get `didMove(toParent:)`, and `completion`
  /// runs with `true`. Calling it while an animated transition runs records a diagnostic and
  /// finishes that transition first, its completion getting `false` (rule P5).
  ///
  /// - Parameters:
  ///   - viewControllers: The pages to show.
  ///   - direction: Which way to turn.
  ///   - animated: Whether to animate.
  ///   - completion: Runs when the transition ends, with whether it finished.
  open func setViewControllers(
    _ viewControllers: [UIViewController]?, direction: UIPageViewController.NavigationDirection,
    animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    performSetPages(
      viewControllers ?? [], direction: direction, animated: animated, completion: completion)
  }

  /// Makes the root view and puts the pages' views in it (rule P1).
  open override func loadView() {
    super.loadView()
    for page in storedPages ?? [] {
      install(page)
    }
  }

  // MARK: - Internals

  private var requiredPageCount: Int {
    style == .pageCurl && (spine == .mid || isDoubleSided) ? 2 : 1
  }

  private func performSetPages(
    _ pages: [UIViewController], direction: NavigationDirection, animated: Bool,
    completion: ((Bool) -> Void)?
  ) {
    guard pages.count == requiredPageCount else {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "The number of view controllers provided (\(pages.count)) doesn't match the number "
          + "required (\(requiredPageCount)) for the requested transition")
      return
    }
    if let running = runningTransition, !running.isFinished {
      ModelRuntime.diagnose(
        .pageTransitionInProgress,
        "setViewControllers(_:direction:animated:completion:) was called on \(self) while its "
          + "previous page transition was still running; UIKit is reported to lose track of its "
          + "pages then ('No view controller managing visible view'); wait for the completion "
          + "(model check)")
      ModelRuntime.finish(running, finished: false)
    }
    let old = storedPages ?? []
    let leaving = old.filter { page in !pages.contains { $0 === page } }
    let arriving = pages.filter { page in !old.contains { $0 === page } }
    storedPages = pages

    for page in leaving {
      page.willMove(toParent: nil)
    }
    for page in arriving {
      addChild(page)
    }
    let root = viewIfLoaded
    let visible = root?.isInVisibleWindow == true && appearanceState == .appeared
    let isAnimated = animated && UIView.effectiveAnimationsEnabled
    if visible {
      for page in arriving {
        page.drivePageAppearanceBegin(true, animated: isAnimated)
      }
      for page in leaving where page.appearanceState != .disappeared {
        page.drivePageAppearanceBegin(false, animated: isAnimated)
      }
    }
    if root != nil {
      for page in arriving {
        page.suppressesAutomaticAppearance = visible
        install(page)
        page.suppressesAutomaticAppearance = false
      }
    }
    let pageCurl = style == .pageCurl
    let record = ModelRuntime.startAnimation(
      kind: .pageTransition, duration: isAnimated ? ModelRuntime.pageTransitionDuration : 0,
      delay: 0, options: [], views: root.map { [$0] } ?? [],
      subject: "setViewControllers(\(pages.map(\.modelName).joined(separator: ", ")))")
    runningTransition = record
    record.willFinish = { [weak self] _ in
      guard let self else { return }
      for page in leaving {
        guard let pageView = page.viewIfLoaded, pageView.superview === self.viewIfLoaded else {
          continue
        }
        page.suppressesAutomaticAppearance = page.appearanceState == .disappearing
        pageView.removeFromSuperview()
        page.suppressesAutomaticAppearance = false
      }
      let ending = pageCurl ? leaving + arriving : arriving + leaving
      for page in ending where page.appearanceState.isTransitioning {
        page.driveAppearanceEnd()
      }
      for page in leaving {
        page.removeFromParent()
      }
      for page in arriving {
        page.didMove(toParent: self)
      }
      if self.runningTransition === record { self.runningTransition = nil }
    }
    record.completion = completion
  }

  func install(_ page: UIViewController) {
    guard let root = viewIfLoaded else { return }
    let pageView: UIView = page.view
    pageView.frame = root.bounds
    pageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(pageView)
  }
}
