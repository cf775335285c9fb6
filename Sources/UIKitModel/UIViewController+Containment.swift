extension UIViewController {
  func performAddChild(_ childController: UIViewController) {
    let child = childController
    var ancestor: UIViewController? = self
    while let current = ancestor {
      if current === child {
        ModelRuntime.raise(
          ModelException.hierarchyInconsistency,
          "child view controller:\(child) cannot be added to \(self), which is the child itself "
            + "or one of its descendants (model message)")
        return
      }
      ancestor = current.storedParent
    }
    if child.storedParent === self { return }
    if let childSuperview = child.storedView?.storedSuperview,
      let owner = childSuperview.enclosingViewController, owner !== self
    {
      ModelRuntime.raise(
        ModelException.hierarchyInconsistency,
        "child view controller:\(child) should have parent view controller:\(owner) but "
          + "requested parent is:\(self)")
      return
    }
    if child.storedParent != nil { child.removeFromParent() }
    child.willMove(toParent: self)
    storedChildren.append(child)
    child.storedParent = self
  }

  func performRemoveFromParent() {
    guard let parent = storedParent else { return }
    parent.storedChildren.removeAll { $0 === self }
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
