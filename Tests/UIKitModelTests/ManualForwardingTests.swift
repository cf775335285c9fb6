#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// The founding example "a container with manual appearance forwarding" (semantics D3, D15).
  @MainActor
  @Suite("Manual appearance forwarding")
  struct ManualForwarding {
    @Test(
      "D3 D5 D15 shown in a window, the container forwards to its child after its own callbacks")
    func shownInAWindow() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      container.loadViewIfNeeded()
      let child = controller("child")
      ModelRuntime.clearEvents()

      container.show(child)
      ModelRuntime.annotate("test", "makeKeyAndVisible")
      let window = makeVisibleWindow(root: container)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: container)
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: container)
          test.makeKeyAndVisible
          container.viewWillAppear(false)
          child.viewWillAppear(false)
          container.viewIsAppearing(false)
          child.viewIsAppearing(false)
          container.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(container.children == [child])
      #expect(child.view.superview === container.view)
      #expect(child.view.window === window)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D15 D6 swapping children while visible: begin(false) old, begin(true) new, swap views, end both"
    )
    func swapWhileVisible() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let first = controller("first")
      container.show(first)
      let window = makeVisibleWindow(root: container)
      let second = controller("second")
      ModelRuntime.clearEvents()

      container.show(second)

      #expect(
        ModelRuntime.eventLog(
          for: ["first", "second", "first.view", "second.view"],
          categories: ModelEvent.Category.lifecycle.union([.view])) == """
            first.willMove(toParent: nil)
            second.willMove(toParent: container)
            first.viewWillDisappear(false)
            second.loadView()
            second.viewDidLoad()
            second.viewWillAppear(false)
            first.view.willMove(toSuperview: nil)
            first.view.willMove(toWindow: nil)
            first.view.didMoveToWindow()
            first.view.didMoveToSuperview()
            second.view.willMove(toSuperview: container.view)
            second.view.willMove(toWindow: window)
            second.view.didMoveToWindow()
            second.view.didMoveToSuperview()
            second.viewIsAppearing(false)
            first.viewDidDisappear(false)
            second.viewDidAppear(false)
            first.didMove(toParent: nil)
            second.didMove(toParent: container)
            """)
      #expect(container.children == [second])
      #expect(first.parent == nil)
      #expect(first.view.superview == nil)
      #expect(second.view.superview === container.view)
      #expect(first.uikitModel.appearanceState == .disappeared)
      #expect(second.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D5 D15 hiding the window: the child disappears after the container, and reappears with it")
    func windowHiddenAndShown() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      container.show(child)
      let window = makeVisibleWindow(root: container)
      ModelRuntime.clearEvents()

      window.isHidden = true
      #expect(child.uikitModel.appearanceState == .disappeared)
      ModelRuntime.annotate("test", "isHidden = false")
      window.isHidden = false

      #expect(
        ModelRuntime.eventLog() == """
          container.viewWillDisappear(false)
          child.viewWillDisappear(false)
          container.viewDidDisappear(false)
          child.viewDidDisappear(false)
          test.isHidden = false
          container.viewWillAppear(false)
          child.viewWillAppear(false)
          container.viewIsAppearing(false)
          child.viewIsAppearing(false)
          container.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D7 D15 a swap while the window is hidden sends nothing; the new child appears with the container"
    )
    func swapWhileHidden() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let first = controller("first")
      container.show(first)
      let window = makeVisibleWindow(root: container)
      window.isHidden = true
      let second = controller("second")
      ModelRuntime.clearEvents()

      container.show(second)
      ModelRuntime.annotate("test", "isHidden = false")
      window.isHidden = false

      #expect(
        ModelRuntime.eventLog() == """
          first.willMove(toParent: nil)
          second.willMove(toParent: container)
          second.loadView()
          second.viewDidLoad()
          first.didMove(toParent: nil)
          second.didMove(toParent: container)
          test.isHidden = false
          container.viewWillAppear(false)
          second.viewWillAppear(false)
          container.viewIsAppearing(false)
          second.viewIsAppearing(false)
          container.viewDidAppear(false)
          second.viewDidAppear(false)
          """)
      #expect(first.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D15 removing the current child while visible brackets the view removal with begin and end")
    func removeWhileVisible() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      container.show(child)
      let window = makeVisibleWindow(root: container)
      ModelRuntime.clearEvents()

      container.removeCurrent()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: nil)
          child.viewWillDisappear(false)
          child.viewDidDisappear(false)
          child.didMove(toParent: nil)
          """)
      #expect(container.children.isEmpty)
      #expect(child.view.superview == nil)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D5 D15 replacing the window's root view controller: the container, then its child, disappear"
    )
    func rootReplaced() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      container.show(child)
      let window = makeVisibleWindow(root: container)
      let other = controller("other")
      // When the new root's view loads relative to the old root's removal is not a rule here.
      other.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      window.rootViewController = other

      #expect(
        ModelRuntime.eventLog() == """
          container.viewWillDisappear(false)
          child.viewWillDisappear(false)
          container.viewDidDisappear(false)
          child.viewDidDisappear(false)
          other.viewWillAppear(false)
          other.viewIsAppearing(false)
          other.viewDidAppear(false)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D5 D8 in a window, the grandchild under the container's child follows its parent in every phase"
    )
    func grandchildInAWindow() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      let grandchild = controller("grandchild")
      child.addChild(grandchild)
      child.view.addSubview(grandchild.view)
      grandchild.didMove(toParent: child)
      container.show(child)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: container)
      ModelRuntime.annotate("test", "isHidden = true")
      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          container.viewWillAppear(false)
          child.viewWillAppear(false)
          grandchild.viewWillAppear(false)
          container.viewIsAppearing(false)
          child.viewIsAppearing(false)
          grandchild.viewIsAppearing(false)
          container.viewDidAppear(false)
          child.viewDidAppear(false)
          grandchild.viewDidAppear(false)
          test.isHidden = true
          container.viewWillDisappear(false)
          child.viewWillDisappear(false)
          grandchild.viewWillDisappear(false)
          container.viewDidDisappear(false)
          child.viewDidDisappear(false)
          grandchild.viewDidDisappear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D8 D16 the container forwards the animated value it is given, down to the grandchild")
    func forwardsAnimated() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      let grandchild = controller("grandchild")
      child.addChild(grandchild)
      child.view.addSubview(grandchild.view)
      grandchild.didMove(toParent: child)
      container.show(child)
      ModelRuntime.clearEvents()

      container.beginAppearanceTransition(true, animated: true)
      ModelRuntime.annotate("test", "end")
      container.endAppearanceTransition()
      ModelRuntime.annotate("test", "disappear")
      container.beginAppearanceTransition(false, animated: true)
      ModelRuntime.annotate("test", "end")
      container.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog() == """
          container.viewWillAppear(true)
          child.viewWillAppear(true)
          grandchild.viewWillAppear(true)
          test.end
          container.viewIsAppearing(true)
          container.viewDidAppear(true)
          child.viewIsAppearing(true)
          child.viewDidAppear(true)
          grandchild.viewIsAppearing(true)
          grandchild.viewDidAppear(true)
          test.disappear
          container.viewWillDisappear(true)
          child.viewWillDisappear(true)
          grandchild.viewWillDisappear(true)
          test.end
          container.viewDidDisappear(true)
          child.viewDidDisappear(true)
          grandchild.viewDidDisappear(true)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D9 a cancelled appearance of the container is cancelled for its child too")
    func cancelledAppearance() {
      freshModel()
      let container = ManualContainer()
      container.uikitModel.name = "container"
      let child = controller("child")
      container.show(child)
      ModelRuntime.clearEvents()

      container.beginAppearanceTransition(true, animated: false)
      container.beginAppearanceTransition(false, animated: false)
      container.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog() == """
          container.viewWillAppear(false)
          child.viewWillAppear(false)
          container.viewWillDisappear(false)
          child.viewWillDisappear(false)
          container.viewDidDisappear(false)
          child.viewDidDisappear(false)
          """)
      #expect(container.uikitModel.appearanceState == .disappeared)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }
  }
}

/// A container that shows one child at a time and forwards appearance to it by hand, in the
/// manner of Listing 5-5 of Apple's View Controller Programming Guide.
@MainActor
private final class ManualContainer: UIViewController {
  private(set) var current: UIViewController?
  private var isOnScreen = false

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    isOnScreen = true
    forwardingTarget?.beginAppearanceTransition(true, animated: animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    forwardingTarget?.endAppearanceTransition()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    forwardingTarget?.beginAppearanceTransition(false, animated: animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    isOnScreen = false
    forwardingTarget?.endAppearanceTransition()
  }

  /// Replaces the current child with `newChild`, forwarding appearance to both while on screen.
  func show(_ newChild: UIViewController) {
    let oldChild = current
    guard newChild !== oldChild else { return }
    let forwards = isOnScreen
    oldChild?.willMove(toParent: nil)
    addChild(newChild)
    if forwards {
      oldChild?.beginAppearanceTransition(false, animated: false)
      newChild.beginAppearanceTransition(true, animated: false)
    }
    oldChild?.viewIfLoaded?.removeFromSuperview()
    let newView: UIView = newChild.view
    newView.frame = view.bounds
    view.addSubview(newView)
    current = newChild
    if forwards {
      oldChild?.endAppearanceTransition()
      newChild.endAppearanceTransition()
    }
    oldChild?.removeFromParent()
    newChild.didMove(toParent: self)
  }

  /// Removes the current child, forwarding its disappearance while on screen.
  func removeCurrent() {
    guard let oldChild = current else { return }
    let forwards = isOnScreen
    oldChild.willMove(toParent: nil)
    if forwards { oldChild.beginAppearanceTransition(false, animated: false) }
    oldChild.viewIfLoaded?.removeFromSuperview()
    current = nil
    if forwards { oldChild.endAppearanceTransition() }
    oldChild.removeFromParent()
  }

  // Only a child whose view is inside ours shares our appearance (semantics D4).
  private var forwardingTarget: UIViewController? {
    guard let child = current, child.viewIfLoaded?.superview != nil else { return nil }
    return child
  }
}
#endif
