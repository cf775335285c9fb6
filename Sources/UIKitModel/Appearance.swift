/// The appearance state of a view controller (semantics D2): UIKit's private `_appearState`
/// values 0 to 3.
public enum ModelAppearanceState: Int, Hashable, Sendable, CustomStringConvertible {
  /// Not visible, and not becoming visible. The initial state.
  case disappeared = 0
  /// Between `viewWillAppear(_:)` and `viewDidAppear(_:)`.
  case appearing = 1
  /// Visible.
  case appeared = 2
  /// Between `viewWillDisappear(_:)` and `viewDidDisappear(_:)`.
  case disappearing = 3

  /// Whether a transition is under way (appearing or disappearing).
  public var isTransitioning: Bool { self == .appearing || self == .disappearing }

  /// The state's name.
  public var description: String {
    switch self {
    case .disappeared: "disappeared"
    case .appearing: "appearing"
    case .appeared: "appeared"
    case .disappearing: "disappearing"
    }
  }
}

/// Who receives appearance callbacks when views move or containers forward them.
@MainActor
enum Appearance {
  /// Starts the appearance transition (`viewWillAppear` or `viewWillDisappear`) of every view
  /// controller in the subtree rooted at `root` whose appearance follows the subtree moving into
  /// (`appearing`) or out of a visible window, parents before children, and returns them.
  ///
  /// A controller takes part when it has no parent (a window's root view controller, or a
  /// controller embedded without `addChild`, semantics D14), or when its parent forwards appearance
  /// automatically (semantics D3) and the parent takes part too, or — for the child whose view is
  /// being added or removed — the parent is itself visible (semantics D6, D7). Controllers whose
  /// appearance is being driven by a running `transition(from:to:…)` are left to it (semantics
  /// E7). The walk reads each view's subviews after its controller's callback ran, so a child
  /// added from a `viewWillAppear(_:)` override takes part too.
  static func begin(in root: UIView, appearing: Bool) -> [UIViewController] {
    walk(in: root, seed: nil, appearing: appearing) { controller, parent in
      appearing
        ? (parent.appearanceState == .appearing || parent.appearanceState == .appeared)
        : controller.appearanceState != .disappeared
    } start: { controller in
      // A controller that its parent's transition is already moving that way joins it: no
      // second callback and no unbalanced call (semantics D10, rule A1 of Docs/Design/0001); it
      // ends with the others. One whose own begin moves it is double-driven (D11, D15).
      if controller.appearanceFollowsParent,
        controller.appearanceState == (appearing ? .appearing : .disappearing)
      {
        return
      }
      if controller.appearanceBegin(appearing, animated: false) {
        controller.appearanceFollowsParent = false
      }
    }
  }

  /// Starts the appearance transition of the descendants that a container's own
  /// `beginAppearanceTransition(_:animated:)` reaches (semantics D8): the children in its view tree
  /// that it forwards to automatically, recursively.
  ///
  /// Returns them, parents first.
  static func cascade(
    from controller: UIViewController, appearing: Bool, animated: Bool
  ) -> [UIViewController] {
    guard let view = controller.viewIfLoaded else { return [] }
    return walk(in: view, seed: controller, appearing: appearing) { _, _ in
      false
    } start: { descendant in
      if descendant.appearanceBegin(appearing, animated: animated) {
        descendant.appearanceFollowsParent = true
      }
    }
  }

  private static func walk(
    in root: UIView, seed: UIViewController?, appearing: Bool,
    parentOutside: @MainActor (UIViewController, UIViewController) -> Bool,
    start: @MainActor (UIViewController) -> Void
  ) -> [UIViewController] {
    var included = Set<ObjectIdentifier>()
    if let seed { included.insert(ObjectIdentifier(seed)) }
    var result: [UIViewController] = []
    func qualifies(_ controller: UIViewController) -> Bool {
      // A running `transition(from:to:…)` drives its children itself while it moves their views,
      // and ends the transitions it began; anything else (the window shown or hidden meanwhile)
      // still reaches them.
      if controller.suppressesAutomaticAppearance { return false }
      if controller.transitionDepth > 0,
        controller.appearanceState == (appearing ? .appearing : .disappearing)
      {
        return false
      }
      guard let parent = controller.parent else { return true }
      guard parent.shouldAutomaticallyForwardAppearanceMethods else { return false }
      if included.contains(ObjectIdentifier(parent)) { return true }
      if let parentView = parent.viewIfLoaded, parentView.isDescendant(of: root) { return false }
      return seed == nil && parentOutside(controller, parent)
    }
    func visit(_ view: UIView) {
      if let controller = view.viewController, controller !== seed, qualifies(controller) {
        included.insert(ObjectIdentifier(controller))
        result.append(controller)
        start(controller)
      }
      for subview in view.storedSubviews {
        visit(subview)
      }
    }
    visit(root)
    return result
  }

  /// Ends the transitions that ``begin(in:appearing:)`` started, parents first.
  ///
  /// A participant whose parent did not take part and is itself still in the same transition (a
  /// child added from its parent's `viewIsAppearing(_:)`, say) ends right after its parent does,
  /// so that the parent's callback still comes first (semantics D5).
  static func end(_ participants: [UIViewController], appearing: Bool) {
    let moving: ModelAppearanceState = appearing ? .appearing : .disappearing
    let started = Set(participants.map(ObjectIdentifier.init))
    for controller in participants where controller.appearanceState == moving {
      if let parent = controller.parent, !started.contains(ObjectIdentifier(parent)),
        parent.appearanceState == moving
      {
        parent.deferredAppearanceEnds.append(WeakReference(controller))
        continue
      }
      controller.appearanceEnd()
    }
  }

  /// Sends `viewIsAppearing(_:)` to the appearing controllers of a subtree that just entered a
  /// visible window and have not had it in this appearance (model choice for K8).
  static func sendViewIsAppearing(in root: UIView) {
    root.forEachInSubtree { view in
      view.viewController?.sendViewIsAppearingIfNeeded()
    }
  }
}
