import Foundation

extension UIViewController {
  func performTransition(
    from fromViewController: UIViewController, to toViewController: UIViewController,
    duration: TimeInterval, options: UIView.AnimationOptions,
    animations: (() -> Void)?, completion: ((Bool) -> Void)?
  ) {
    let from = fromViewController
    let to = toViewController
    guard from.storedParent === self, to.storedParent === self else {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Children view controllers \(from) and \(to) must have a common parent view controller "
          + "when calling -[UIViewController transitionFromViewController:toViewController:"
          + "duration:options:animations:completion:]")
      return
    }
    guard shouldAutomaticallyForwardAppearanceMethods else {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "transition(from:to:duration:options:animations:completion:) cannot be used by \(self), "
          + "which does not forward appearance automatically; animate the views with "
          + "UIView.transition and call beginAppearanceTransition(_:animated:) and "
          + "endAppearanceTransition() on the children (model message)")
      return
    }
    guard from !== to else {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "transition(from:to:) was given \(from) as both children; pass two different children "
          + "(model message)")
      return
    }
    guard let container = from.storedView?.storedSuperview else {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "transition(from:to:) needs the view of \(from) in a superview to put the view of \(to) "
          + "in; add it first (model message)")
      return
    }
    if from.transitionDepth > 0 || to.transitionDepth > 0 {
      ModelRuntime.diagnose(
        .overlappingTransition,
        "transition(from: \(from), to: \(to)) started while a transition involving one of them "
          + "was still running; wait for its completion before starting another")
    }

    let animated = duration > 0 && UIView.effectiveAnimationsEnabled
    let visible = container.isInVisibleWindow
    from.transitionDepth += 1
    to.transitionDepth += 1
    if visible {
      from.driveAppearanceBegin(false, animated: animated)
      to.driveAppearanceBegin(true, animated: animated)
    }
    let toView: UIView = to.view
    let record = ModelRuntime.startAnimation(
      kind: .viewControllerTransition, duration: duration, delay: 0, options: options,
      views: [container, from.view, toView],
      subject: "transition(from: \(from.modelName), "
        + "to: \(to.modelName))")
    record.willFinish = { _ in
      // The transition ends the disappearance it began, so the automatic machinery stays off
      // while it removes the view. If nothing is disappearing any more (the transition began
      // none, or the window was shown again meanwhile and the child appeared), the removal is an
      // ordinary one (semantics D6). Model choice: UIKit's behaviour when the window's
      // visibility changes during the transition is not documented.
      from.suppressesAutomaticAppearance = from.appearanceState == .disappearing
      from.storedView?.removeFromSuperview()
      from.suppressesAutomaticAppearance = false
      if to.appearanceState == .appearing { to.driveAppearanceEnd() }
      if from.appearanceState == .disappearing { from.driveAppearanceEnd() }
      from.transitionDepth -= 1
      to.transitionDepth -= 1
    }
    record.completion = completion
    to.suppressesAutomaticAppearance = visible
    container.addSubview(toView)
    to.suppressesAutomaticAppearance = false
    ModelRuntime.runAnimations(of: record, animations)
  }
}
