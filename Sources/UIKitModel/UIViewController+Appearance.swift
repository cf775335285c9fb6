extension UIViewController {
  // MARK: - Internals

  func driveAppearanceBegin(_ isAppearing: Bool, animated: Bool) {
    if isAppearing { loadViewIfRequired() }
    guard appearanceBegin(isAppearing, animated: animated) else { return }
    appearanceFollowsParent = false
    let reached = Appearance.cascade(from: self, appearing: isAppearing, animated: animated)
    cascadedControllers = reached.map { WeakReference($0) }
  }

  /// ``driveAppearanceBegin(_:animated:)`` for a page that its page view controller moves: a
  /// window pass that later moves the page the same way joins the move, with no second callback
  /// and no unbalanced call, as it joins a parent's forwarding (rule P10, semantics D10).
  func drivePageAppearanceBegin(_ isAppearing: Bool, animated: Bool) {
    let before = appearanceState
    driveAppearanceBegin(isAppearing, animated: animated)
    if appearanceState != before { appearanceFollowsParent = true }
  }

  func driveAppearanceEnd() {
    let expected: ModelAppearanceState = appearanceState == .appearing ? .appearing : .disappearing
    guard appearanceEnd() else { return }
    let reached = cascadedControllers.compactMap(\.value)
    cascadedControllers = []
    for descendant in reached where descendant.appearanceState == expected {
      descendant.appearanceEnd()
    }
  }

  /// One step of the state machine, without forwarding.
  ///
  /// Returns whether the state changed.
  @discardableResult
  func appearanceBegin(_ isAppearing: Bool, animated: Bool) -> Bool {
    switch (appearanceState, isAppearing) {
    case (.disappeared, true), (.disappearing, true):
      loadViewIfRequired()
      appearanceState = .appearing
      appearanceAnimated = animated
      viewIsAppearingSent = false
      invokeCallback(.viewWillAppear, .appearance, "viewWillAppear(\(animated))") {
        viewWillAppear(animated)
      }
      if storedView?.isInVisibleWindow == true, storedView?.storedSuperview != nil {
        // Already in the window (a cancelled disappearance, or manual forwarding after the view
        // was placed): the view is as laid out as it will get.
        sendViewIsAppearingIfNeeded()
      }
      return true
    case (.appeared, false), (.appearing, false):
      appearanceState = .disappearing
      appearanceAnimated = animated
      invokeCallback(.viewWillDisappear, .appearance, "viewWillDisappear(\(animated))") {
        viewWillDisappear(animated)
      }
      return true
    default:
      reportUnbalanced()
      return false
    }
  }

  /// Ends the running transition, without forwarding.
  ///
  /// Returns whether the state changed.
  @discardableResult
  func appearanceEnd() -> Bool {
    let animated = appearanceAnimated
    switch appearanceState {
    case .appearing:
      sendViewIsAppearingIfNeeded()
      appearanceState = .appeared
      invokeCallback(.viewDidAppear, .appearance, "viewDidAppear(\(animated))") {
        viewDidAppear(animated)
      }
      endDeferredChildren(.appearing)
      return true
    case .disappearing:
      appearanceState = .disappeared
      invokeCallback(.viewDidDisappear, .appearance, "viewDidDisappear(\(animated))") {
        viewDidDisappear(animated)
      }
      endDeferredChildren(.disappearing)
      return true
    case .appeared, .disappeared:
      reportUnbalanced()
      return false
    }
  }

  private func endDeferredChildren(_ moving: ModelAppearanceState) {
    let deferred = deferredAppearanceEnds.compactMap(\.value)
    deferredAppearanceEnds = []
    for child in deferred where child.appearanceState == moving {
      child.appearanceEnd()
    }
  }

  func sendViewIsAppearingIfNeeded() {
    guard appearanceState == .appearing, !viewIsAppearingSent else { return }
    viewIsAppearingSent = true
    let animated = appearanceAnimated
    invokeCallback(.viewIsAppearing, .appearance, "viewIsAppearing(\(animated))") {
      viewIsAppearing(animated)
    }
  }

  private func reportUnbalanced() {
    ModelRuntime.diagnose(
      .unbalancedAppearanceTransition,
      "Unbalanced calls to begin/end appearance transitions for \(self).")
  }
}
