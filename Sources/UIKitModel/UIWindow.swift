public import Foundation

/// A window: the root of a view hierarchy, shown or hidden, with a root view controller.
///
/// A new window is hidden (model choice, as in UIKit when it has no scene); `makeKeyAndVisible()`
/// or `isHidden = false` shows it, which is what starts the appearance callbacks of its root view
/// controller and the children that controller forwards to (semantics G2, D5). Showing it lays it
/// out after those controllers' `viewWillAppear(_:)` and `viewIsAppearing(_:)` and before their
/// `viewDidAppear(_:)` (rule W1).
@MainActor
open class UIWindow: UIView {
  private var storedRootViewController: UIViewController?
  weak var firstResponder: UIResponder?
  var windowTraits = UITraitCollection()

  /// Creates a hidden window with the given frame.
  ///
  /// - Parameter frame: The window's frame in screen coordinates.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    storedIsHidden = true
    ModelRuntime.register(self)
  }

  /// Unarchiving is not supported by the model.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Whether the window is hidden.
  ///
  /// Showing it sends the appearance callbacks of the view controllers inside; hiding it sends the
  /// disappearance callbacks.
  open override var isHidden: Bool {
    get { storedIsHidden }
    set {
      guard newValue != storedIsHidden else { return }
      let participants = Appearance.begin(in: self, appearing: !newValue)
      storedIsHidden = newValue
      if !newValue {
        Appearance.sendViewIsAppearing(in: self)
        // The window's first layout pass comes between its controllers' `viewWillAppear(_:)` and
        // `viewDidAppear(_:)` (rule W1 of Docs/Design/0001): what it adds appears with them.
        setNeedsLayout()
        layoutIfNeeded()
      }
      Appearance.end(participants, appearing: !newValue)
    }
  }

  /// The window's frame.
  ///
  /// A size change first tells the root view controller with `viewWillTransition(to:with:)`
  /// (semantics H3), then resizes the root view.
  open override var frame: CGRect {
    get { super.frame }
    set {
      if newValue.size != super.frame.size, let root = storedRootViewController {
        let coordinator = ModelTransitionCoordinator(duration: 0)
        root.invokeCallback(
          .viewWillTransition, .forwarding,
          "viewWillTransition(to: \(UIViewController.format(newValue.size)))"
        ) {
          root.viewWillTransition(to: newValue.size, with: coordinator)
        }
        super.frame = newValue
        coordinator.run()
      } else {
        super.frame = newValue
      }
    }
  }

  /// The controller whose view fills the window.
  ///
  /// Setting it removes the window's current subviews (the old root view's controller disappears),
  /// sizes the new root view to the window and adds it (semantics G1, G2).
  open var rootViewController: UIViewController? {
    get { storedRootViewController }
    set {
      guard newValue !== storedRootViewController else { return }
      // Check before changing anything, so that a raise under `.record` leaves the window as is.
      if let controller = newValue {
        let rootView: UIView = controller.view
        if let failure = HierarchyCheck.inconsistency(placing: rootView, under: self) {
          ModelRuntime.raise(ModelException.hierarchyInconsistency, failure)
          return
        }
      }
      for subview in storedSubviews.reversed() {
        subview.removeFromSuperview()
      }
      storedRootViewController = newValue
      guard let controller = newValue else { return }
      let rootView: UIView = controller.view
      rootView.frame = bounds
      rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      addSubview(rootView)
    }
  }

  /// Whether this is the key window.
  open var isKeyWindow: Bool { ModelRuntime.state.keyWindow?.value === self }

  /// Makes this the key window without changing its visibility.
  open func makeKey() {
    guard !isKeyWindow else { return }
    let previous = ModelRuntime.state.keyWindow?.value
    ModelRuntime.state.keyWindow = WeakReference(self)
    previous?.resignKey()
    becomeKey()
  }

  /// Makes this the key window and shows it.
  open func makeKeyAndVisible() {
    makeKey()
    isHidden = false
  }

  /// Called when the window became key.
  open func becomeKey() {}

  /// Called when the window stopped being key.
  open func resignKey() {}

  /// Sets the window's traits, as the system would.
  ///
  /// Sends `willTransition(to:with:)` to the root view controller (semantics H2). Public as
  /// `uikitModel.traitCollection`.
  func setWindowTraits(_ traits: UITraitCollection) {
    windowTraits = traits
    guard let root = storedRootViewController else { return }
    let coordinator = ModelTransitionCoordinator(duration: 0)
    root.invokeCallback(.willTransitionTraits, .forwarding, "willTransition(to: \(traits))") {
      root.willTransition(to: traits, with: coordinator)
    }
    coordinator.run()
  }
}
