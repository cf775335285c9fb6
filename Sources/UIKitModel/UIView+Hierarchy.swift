extension UIView {
  func performAddSubview(_ view: UIView) {
    place(view, at: view.storedSuperview === self ? storedSubviews.count - 1 : storedSubviews.count)
  }

  func performInsertSubview(_ view: UIView, at index: Int) {
    let limit = view.storedSuperview === self ? storedSubviews.count - 1 : storedSubviews.count
    place(view, at: min(max(index, 0), limit))
  }

  func performInsertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    guard siblingSubview.storedSuperview === self, siblingSubview !== view else {
      addSubview(view)
      return
    }
    var index = storedSubviews.firstIndex { $0 === siblingSubview } ?? storedSubviews.count
    if let current = storedSubviews.firstIndex(where: { $0 === view }), current < index {
      index -= 1
    }
    place(view, at: index)
  }

  func performInsertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
    guard siblingSubview.storedSuperview === self, siblingSubview !== view else {
      addSubview(view)
      return
    }
    var index = (storedSubviews.firstIndex { $0 === siblingSubview } ?? storedSubviews.count) + 1
    if let current = storedSubviews.firstIndex(where: { $0 === view }), current < index {
      index -= 1
    }
    place(view, at: index)
  }

  func performBringSubviewToFront(_ view: UIView) {
    guard let index = storedSubviews.firstIndex(where: { $0 === view }) else { return }
    storedSubviews.append(storedSubviews.remove(at: index))
  }

  func performSendSubviewToBack(_ view: UIView) {
    guard let index = storedSubviews.firstIndex(where: { $0 === view }) else { return }
    storedSubviews.insert(storedSubviews.remove(at: index), at: 0)
  }

  func performExchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    guard storedSubviews.indices.contains(index1), storedSubviews.indices.contains(index2) else {
      return
    }
    storedSubviews.swapAt(index1, index2)
  }

  func performRemoveFromSuperview() {
    guard let superview = storedSuperview else { return }
    let oldWindow = window
    let participants = isInVisibleWindow ? Appearance.begin(in: self, appearing: false) : []
    ModelRuntime.record(.view, superview, "willRemoveSubview(\(modelName))")
    superview.willRemoveSubview(self)
    ModelRuntime.record(.view, self, "willMove(toSuperview: nil)")
    willMove(toSuperview: nil)
    if let oldWindow {
      sendWillMove(toWindow: nil)
      resignFirstResponderIfInside(oldWindow)
    }
    detachFromSuperview()
    if oldWindow != nil { sendDidMoveToWindow() }
    ModelRuntime.record(.view, self, "didMoveToSuperview()")
    didMoveToSuperview()
    Appearance.end(participants, appearing: false)
    superview.setNeedsLayout()
  }

  // MARK: - The one insertion path

  /// Puts `view` at `index` of this view's subviews (an index into the list as it will be after
  /// `view` left its current place), with UIKit's checks, hooks and appearance callbacks.
  func place(_ view: UIView, at index: Int) {
    if view === self {
      ModelRuntime.raise(ModelException.invalidArgument, "Can't add self as subview")
      return
    }
    if isDescendant(of: view) {
      ModelRuntime.raise(
        ModelException.invalidArgument,
        "Can't add \(view) as a subview of its own descendant \(self) (model message)")
      return
    }
    if view.storedSuperview === self {
      // A reorder inside the same superview: no hooks, no appearance change.
      if let current = storedSubviews.firstIndex(where: { $0 === view }) {
        storedSubviews.remove(at: current)
        storedSubviews.insert(view, at: min(index, storedSubviews.count))
      }
      return
    }
    let oldSuperview = view.storedSuperview
    let oldWindow = view.window
    let newWindow = window
    if newWindow != nil || ModelRuntime.checksHierarchyOffWindow {
      if let failure = HierarchyCheck.inconsistency(placing: view, under: self) {
        ModelRuntime.raise(ModelException.hierarchyInconsistency, failure)
        return
      }
    }
    HierarchyCheck.diagnoseParentlessControllers(placing: view, under: self)

    let wasVisible = view.isInVisibleWindow
    let willBeVisible = newWindow.map { !$0.storedIsHidden } ?? false
    let participants =
      wasVisible == willBeVisible ? [] : Appearance.begin(in: view, appearing: willBeVisible)

    if let oldSuperview {
      ModelRuntime.record(.view, oldSuperview, "willRemoveSubview(\(view.modelName))")
      oldSuperview.willRemoveSubview(view)
    }
    ModelRuntime.record(.view, view, "willMove(toSuperview: \(modelName))")
    view.willMove(toSuperview: self)
    if oldWindow !== newWindow {
      view.sendWillMove(toWindow: newWindow)
      if let oldWindow { view.resignFirstResponderIfInside(oldWindow) }
    }
    if oldSuperview != nil { view.detachFromSuperview() }
    storedSubviews.insert(view, at: min(index, storedSubviews.count))
    view.storedSuperview = self
    if oldWindow !== newWindow { view.sendDidMoveToWindow() }
    ModelRuntime.record(.view, view, "didMoveToSuperview()")
    view.didMoveToSuperview()
    ModelRuntime.record(.view, self, "didAddSubview(\(view.modelName))")
    didAddSubview(view)

    if willBeVisible { Appearance.sendViewIsAppearing(in: view) }
    Appearance.end(participants, appearing: willBeVisible)
    setNeedsLayout()
    view.setNeedsLayout()
  }

  /// Unlinks from the superview and drops the constraints that tie the subtree to the outside.
  private func detachFromSuperview() {
    guard let superview = storedSuperview else { return }
    var ancestor: UIView? = superview
    while let current = ancestor {
      current.removeConstraintsReaching(into: self)
      ancestor = current.storedSuperview
    }
    superview.storedSubviews.removeAll(identicalTo: self)
    storedSuperview = nil
  }

  private func removeConstraintsReaching(into subtree: UIView) {
    let reaching = installedConstraints.filter { $0.references(viewInside: subtree) }
    guard !reaching.isEmpty else { return }
    for constraint in reaching {
      constraint.markRemoved()
    }
    installedConstraints.removeAll { constraint in reaching.contains { $0 === constraint } }
  }

  private func sendWillMove(toWindow newWindow: UIWindow?) {
    forEachInSubtree { view in
      ModelRuntime.record(.view, view, "willMove(toWindow: \(newWindow?.modelName ?? "nil"))")
      view.willMove(toWindow: newWindow)
    }
  }

  private func sendDidMoveToWindow() {
    forEachInSubtree { view in
      ModelRuntime.record(.view, view, "didMoveToWindow()")
      view.didMoveToWindow()
    }
  }

  /// Semantics H7: a first responder inside a subtree that leaves its window stops being first
  /// responder.
  private func resignFirstResponderIfInside(_ oldWindow: UIWindow) {
    guard let responder = oldWindow.firstResponder else { return }
    let inside: Bool
    if let view = responder as? UIView {
      inside = view.isDescendant(of: self)
    } else if let controller = responder as? UIViewController, let view = controller.viewIfLoaded {
      inside = view.isDescendant(of: self)
    } else {
      inside = false
    }
    guard inside else { return }
    // The responder is asked while still in its window; leaving the window ends its status even
    // when it refuses.
    _ = responder.resignFirstResponder()
    if oldWindow.firstResponder === responder { oldWindow.firstResponder = nil }
  }
}
