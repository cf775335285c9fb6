/// What a presentation tells its delegate when the user tries to dismiss it, as in UIKit.
///
/// Every requirement is optional in UIKit; the model gives each a default implementation that does
/// what UIKit does when the delegate does not implement it: `presentationControllerShouldDismiss(_:)`
/// answers `true`, the others do nothing. UIKit calls these only for a dismissal the user starts
/// (a swipe down on a sheet), never for `dismiss(animated:completion:)` (rule MP10 of
/// Docs/Design/0001); in the model a test starts one with
/// `presented.uikitModel.beginInteractiveDismissal()`.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
  /// Asks whether the user may dismiss the presentation; `true` by default.
  ///
  /// - Parameter presentationController: The presentation.
  /// - Returns: Whether the dismissal may go ahead.
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool

  /// Tells the delegate that a dismissal the user started is about to begin.
  ///
  /// - Parameter presentationController: The presentation.
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)

  /// Tells the delegate that a dismissal the user started finished.
  ///
  /// - Parameter presentationController: The presentation.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)

  /// Tells the delegate that the user tried to dismiss the presentation and was refused (by
  /// `isModalInPresentation` or `presentationControllerShouldDismiss(_:)`).
  ///
  /// - Parameter presentationController: The presentation.
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  /// Allows the dismissal (UIKit's behaviour when the delegate does not implement it).
  ///
  /// - Parameter presentationController: The presentation.
  /// - Returns: `true`.
  public func presentationControllerShouldDismiss(
    _ presentationController: UIPresentationController
  ) -> Bool {
    true
  }

  /// Does nothing.
  ///
  /// - Parameter presentationController: The presentation.
  public func presentationControllerWillDismiss(
    _ presentationController: UIPresentationController
  ) {}

  /// Does nothing.
  ///
  /// - Parameter presentationController: The presentation.
  public func presentationControllerDidDismiss(
    _ presentationController: UIPresentationController
  ) {}

  /// Does nothing.
  ///
  /// - Parameter presentationController: The presentation.
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

/// The object that manages one presentation of a view controller.
///
/// A view controller's `presentationController` makes one on first read, so that client code can
/// set its ``delegate`` before presenting (rule MP14 of Docs/Design/0001). The model's presentation
/// controller does not lay anything out; it carries the presentation's style and delegate.
@MainActor
open class UIPresentationController {
  private unowned let presented: UIViewController
  weak var presenting: UIViewController?

  /// Creates a presentation controller.
  ///
  /// - Parameters:
  ///   - presentedViewController: The view controller being presented.
  ///   - presentingViewController: The view controller that presents it, if known yet.
  public init(
    presentedViewController: UIViewController,
    presenting presentingViewController: UIViewController?
  ) {
    presented = presentedViewController
    presenting = presentingViewController
  }

  /// The view controller being presented.
  open var presentedViewController: UIViewController { presented }

  /// The style of the presentation: the presented view controller's `modalPresentationStyle`
  /// (which never reads `.automatic`, rule MP1).
  open var presentationStyle: UIModalPresentationStyle { presented.modalPresentationStyle }

  /// The delegate told about dismissals the user starts.
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  /// Whether the presentation takes the presenter's views out of the window when it ends: `true`
  /// for `.fullScreen` (rule MP3).
  open var shouldRemovePresentersView: Bool { presentationStyle.removesPresentersView }

  /// The presented view controller's view.
  open var presentedView: UIView? { presented.viewIfLoaded }

  var modelName: String { "\(presented.modelName).presentationController" }

  /// Calls the delegate, recording the call in the event log as
  /// `presented.presentationController.delegate.callback`.
  func tellDelegate(
    _ callback: String, _ body: (any UIAdaptivePresentationControllerDelegate) -> Void
  ) {
    guard let delegate else { return }
    ModelRuntime.recordDelegateCall("\(modelName).delegate", callback)
    body(delegate)
  }
}
