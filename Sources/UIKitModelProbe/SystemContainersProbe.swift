import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// MARK: - Modal presentation

/// A view controller subclass that overrides every presentation member the model declares.
final class ProbePresentingViewController: UIViewController {
  override func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    super.present(viewControllerToPresent, animated: flag, completion: completion)
  }
  override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    super.dismiss(animated: flag, completion: completion)
  }
  override var presentedViewController: UIViewController? { super.presentedViewController }
  override var presentingViewController: UIViewController? { super.presentingViewController }
  override var modalPresentationStyle: UIModalPresentationStyle {
    get { super.modalPresentationStyle }
    set { super.modalPresentationStyle = newValue }
  }
  override var isModalInPresentation: Bool {
    get { super.isModalInPresentation }
    set { super.isModalInPresentation = newValue }
  }
  override var presentationController: UIPresentationController? {
    super.presentationController
  }
}

/// A presentation controller subclass that overrides what the model declares overridable.
final class ProbePresentationController: UIPresentationController {
  override var presentedViewController: UIViewController { super.presentedViewController }
  override var presentationStyle: UIModalPresentationStyle { super.presentationStyle }
  override var shouldRemovePresentersView: Bool { super.shouldRemovePresentersView }
  override var presentedView: UIView? { super.presentedView }
}

/// A delegate that implements only one of the optional requirements.
@MainActor
final class ProbeSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    use(presentationController.presentedViewController)
  }
}

/// A delegate that implements every requirement the model declares.
@MainActor
final class ProbeFullSheetDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    true
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

/// Modal presentation used from client code.
@MainActor
func probePresentation(presenter: UIViewController, delegate: ProbeSheetDelegate) {
  let presented = UIViewController()
  presented.modalPresentationStyle = .fullScreen
  presented.modalPresentationStyle = .overFullScreen
  presented.modalPresentationStyle = .automatic
  #if !os(tvOS)
  presented.modalPresentationStyle = .pageSheet
  presented.modalPresentationStyle = .formSheet
  #endif
  presented.isModalInPresentation = !presented.isModalInPresentation
  presented.presentationController?.delegate = delegate
  use(presented.presentationController?.presentationStyle)
  use(presented.presentationController?.presentedViewController)
  use(presented.presentationController?.shouldRemovePresentersView)
  use(presented.presentationController?.presentedView)
  presenter.present(presented, animated: true)
  presenter.present(presented, animated: false) { use(presented.isBeingPresented) }
  use(presenter.presentedViewController)
  use(presented.presentingViewController)
  use(presented.isBeingDismissed)
  presented.dismiss(animated: true)
  presenter.dismiss(animated: false) { use(presenter.presentedViewController) }
  let custom = ProbePresentationController(
    presentedViewController: presented, presenting: presenter)
  use(custom.delegate)
  let anyDelegate: any UIAdaptivePresentationControllerDelegate = ProbeFullSheetDelegate()
  use(anyDelegate)
}

/// The presentation styles, with UIKit's platform availability.
func probePresentationStyles() {
  let styles: [UIModalPresentationStyle] = [
    .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext, .none,
    .automatic,
  ]
  use(styles.map(\.rawValue))
  #if !os(tvOS)
  let iOSStyles: [UIModalPresentationStyle] = [.pageSheet, .formSheet, .popover]
  use(iOSStyles)
  #endif
  #if os(tvOS)
  use(UIModalPresentationStyle.blurOverFullScreen)
  #endif
  use(UIModalPresentationStyle(rawValue: 0))
  requireHashable(UIModalPresentationStyle.self)
  requireSendable(UIModalPresentationStyle.self)
  requireRawValue(UIModalPresentationStyle.self, Int.self)
}
