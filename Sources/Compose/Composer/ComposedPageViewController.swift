#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A page view controller whose pages are declared by its ``composition``, with ``Pages``.
///
/// It owns a ``Composer``, shows the declared page before its view first appears, and applies
/// every change of the selection as one `setViewControllers(_:direction:animated:completion:)`
/// (see ``Pages``). It is the page view controller's data source, so the user can swipe between
/// the declared pages, and its delegate, so a swipe is written back. It is an ordinary
/// `UIPageViewController`: put it in a window, a composed container's slot, a tab, or present
/// it. Its pages can be composed containers.
///
/// ```swift
/// final class OnboardingViewController: ComposedPageViewController {
///   let model = OnboardingModel()  // @Observable, `var steps: [Step]`, `var current: Step.ID`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Pages(model.steps, selection: model.current) { step in
///       Child { StepViewController() } update: { $0.step = step }
///     }
///     .onSelect { self.model.current = $0 }
///   }
/// }
/// ```
///
/// It scrolls horizontally unless it is made with
/// `init(transitionStyle:navigationOrientation:options:)`. Closures in the composition may
/// capture `self`: the composer keeps a child's closures only while it applies them, so they make
/// no reference cycle. A data source you set is kept (swipes then follow it), and a delegate you
/// set receives every message, from the next composition on.
@MainActor
open class ComposedPageViewController: UIPageViewController {
  /// The composer that manages this page view controller's pages.
  public private(set) lazy var composer = Composer(container: self) { [unowned self] in
    composition
  }

  /// The declaration of this page view controller's pages; override it with
  /// `@CompositionBuilder`, and declare one ``Pages`` in it.
  open var composition: CompositionContent { .empty }

  /// Creates a page view controller that scrolls horizontally.
  public init() {
    super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
  }

  /// Creates a page view controller with a transition style and an orientation.
  ///
  /// - Parameters:
  ///   - style: How pages turn; a page curl must show one page at a time (not a middle spine,
  ///     not double-sided), since ``Pages`` show one.
  ///   - navigationOrientation: The axis pages turn along.
  ///   - options: UIKit's options, such as the spine location or the space between pages.
  public override init(
    transitionStyle style: UIPageViewController.TransitionStyle,
    navigationOrientation: UIPageViewController.NavigationOrientation,
    options: [UIPageViewController.OptionsKey: Any]? = nil
  ) {
    super.init(
      transitionStyle: style, navigationOrientation: navigationOrientation, options: options)
  }

  /// Unarchiving is not supported.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    nil
  }

  /// Sets the pages UIKit shows; an animated turn that your code starts makes the composer wait
  /// for it.
  ///
  /// UIKit loses track of its pages when it is given new ones during a page turn. While an
  /// animated turn that other code started runs, the composer changes no page: a change of the
  /// declaration waits for the turn to end, and the latest one is applied then, as after a
  /// swipe. Declare the page shown with the selection of ``Pages`` rather than calling this.
  ///
  /// - Parameters:
  ///   - viewControllers: The pages to show.
  ///   - direction: Which way the pages turn.
  ///   - animated: Whether the turn is animated.
  ///   - completion: Runs when the turn ends, with whether it finished.
  open override func setViewControllers(
    _ viewControllers: [UIViewController]?, direction: UIPageViewController.NavigationDirection,
    animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    guard let turn = composer.otherCodeWillTurnPage(animated: animated) else {
      super.setViewControllers(
        viewControllers, direction: direction, animated: animated, completion: completion)
      return
    }
    super.setViewControllers(viewControllers, direction: direction, animated: animated) {
      [weak self] finished in
      completion?(finished)
      self?.composer.otherCodeDidTurnPage(turn, finished: finished)
    }
  }

  /// Dismisses what the composition presents when the controller leaves its parent, and tells
  /// each presentation's `onDismiss`: nothing would dismiss it afterwards.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  open override func willMove(toParent parent: UIViewController?) {
    if parent == nil { composer.containerWillLeaveParent() }
    super.willMove(toParent: parent)
  }

  /// Loads the view, and marks the composition as changed.
  open override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// Applies a pending composition, then lets the page view controller appear.
  ///
  /// The page is set before `super.viewWillAppear(_:)`, so that it appears with the page view
  /// controller.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open override func viewWillAppear(_ animated: Bool) {
    composer.containerWillAppear()
    composer.composeIfNeeded()
    super.viewWillAppear(animated)
  }

  /// Lets the page view controller appear, then presents what waited for it to be on screen.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.containerDidAppear()
  }

  /// Marks the composition as changed; it is applied at the next layout pass.
  public func setNeedsCompose() {
    composer.setNeedsCompose()
  }
}
