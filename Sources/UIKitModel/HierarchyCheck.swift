/// The view-controller hierarchy rules that UIKit enforces when views move (semantics F4, F5, D14,
/// J7).
@MainActor
enum HierarchyCheck {
  /// The reason text of the `UIViewControllerHierarchyInconsistency` that placing `view` under
  /// `superview` raises, or `nil` when the placement is consistent.
  ///
  /// Every root view in the moving subtree must be enclosed, in its new position, by its
  /// controller's parent's view tree: the nearest enclosing root view must belong to the parent
  /// (semantics F5). Controllers with no parent are not checked here (see semantics D14).
  static func inconsistency(placing view: UIView, under superview: UIView) -> String? {
    check(view, enclosing: superview.enclosingViewController)
  }

  private static func check(_ view: UIView, enclosing: UIViewController?) -> String? {
    var enclosingHere = enclosing
    if let controller = view.viewController {
      if let parent = controller.parent, parent !== enclosing {
        return "child view controller:\(controller) should have parent view controller:"
          + "\(enclosing.map(\.description) ?? "(null)") but actual parent is:\(parent)"
      }
      enclosingHere = controller
    }
    for subview in view.storedSubviews {
      if let failure = check(subview, enclosing: enclosingHere) { return failure }
    }
    return nil
  }

  /// Records semantics D14 for every parentless controller whose root view ends up inside another
  /// controller's view tree.
  static func diagnoseParentlessControllers(placing view: UIView, under superview: UIView) {
    guard let enclosing = superview.enclosingViewController else { return }
    guard let controller = view.viewController, controller.parent == nil else { return }
    if let window = enclosing.viewIfLoaded?.window, window.rootViewController === controller {
      return
    }
    ModelRuntime.diagnose(
      .parentlessViewControllerEmbedded,
      "the view of \(controller), which has no parent view controller, was added inside the view "
        + "of \(enclosing); call addChild(_:) on \(enclosing) before adding the view")
  }
}
