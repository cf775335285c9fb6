extension UIViewController {
  func performAddChild(_ childController: UIViewController) {
    let child = childController
    if let failure = addChildFailure(child) {
      ModelRuntime.raise(ModelException.hierarchyInconsistency, failure)
      return
    }
    if child.storedParent === self { return }
    if child.storedParent != nil { child.removeFromParent() }
    child.willMove(toParent: self)
    storedChildren.append(child)
    child.storedParent = self
  }

  /// The reason `addChild(child)` would raise `UIViewControllerHierarchyInconsistency`, or `nil`
  /// (semantics B9, B10): the one gate every child passes, checked before any state changes.
  func addChildFailure(_ child: UIViewController) -> String? {
    var ancestor: UIViewController? = self
    while let current = ancestor {
      if current === child {
        return "child view controller:\(child) cannot be added to \(self), which is the child "
          + "itself or one of its descendants (model message)"
      }
      ancestor = current.storedParent
    }
    if child.storedParent === self { return nil }
    if let childSuperview = child.storedView?.storedSuperview,
      let owner = childSuperview.enclosingViewController, owner !== self
    {
      return "child view controller:\(child) should have parent view controller:\(owner) but "
        + "requested parent is:\(self)"
    }
    return nil
  }

  func performRemoveFromParent() {
    guard let parent = storedParent else { return }
    parent.storedChildren.removeAll(identicalTo: self)
    storedParent = nil
    didMove(toParent: nil)
  }

  func recordWillMove(toParent parent: UIViewController?) {
    ModelRuntime.record(.containment, self, "willMove(toParent: \(parent?.modelName ?? "nil"))")
    if parent != nil {
      movingToParentPending = true
      missingDidMoveReported = false
    } else {
      movingFromParentPending = true
    }
  }

  func recordDidMove(toParent parent: UIViewController?) {
    ModelRuntime.record(.containment, self, "didMove(toParent: \(parent?.modelName ?? "nil"))")
    if parent != nil {
      movingToParentPending = false
    } else {
      movingFromParentPending = false
    }
  }
}
