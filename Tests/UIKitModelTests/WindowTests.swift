#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A window that notes when it becomes or stops being key.
@MainActor
private final class KeyNotingWindow: UIWindow {
  override func becomeKey() {
    super.becomeKey()
    ModelRuntime.annotate(uikitModel.name, "becomeKey()")
  }

  override func resignKey() {
    super.resignKey()
    ModelRuntime.annotate(uikitModel.name, "resignKey()")
  }
}

/// A controller whose root view has a frame and mask of its own.
@MainActor
private final class SmallRootController: UIViewController {
  override func loadView() {
    let root = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
    root.autoresizingMask = []
    view = root
  }
}

@MainActor
private func names(_ views: [UIView]) -> [String] {
  views.map(\.uikitModel.name)
}

/// A root controller with one child whose view is in place, built before any window exists.
@MainActor
private func rootWithChild() -> (root: UIViewController, child: UIViewController) {
  let root = controller("root")
  let child = controller("child")
  root.addChild(child)
  root.view.addSubview(child.view)
  child.didMove(toParent: root)
  return (root, child)
}

extension ModelTests {
  @MainActor
  @Suite("Windows (semantics G)")
  struct Windows {
    // MARK: - G1

    @Test(
      "G1 rootViewController is nil by default; setting it adds the root view sized to the window with a W+H mask"
    )
    func rootViewControllerInstallsRootView() {
      freshModel()
      let window = UIWindow(frame: CGRect(x: 10, y: 20, width: 320, height: 480))
      window.uikitModel.name = "window"
      #expect(window.rootViewController == nil)
      let root = SmallRootController()
      root.uikitModel.name = "root"

      window.rootViewController = root

      #expect(window.rootViewController === root)
      #expect(names(window.subviews) == ["root.view"])
      #expect(root.view.superview === window)
      #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
      #expect(root.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])

      window.frame = CGRect(x: 10, y: 20, width: 480, height: 320)

      #expect(root.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "G1 a new root view controller replaces every view of the window; the old root disappears first"
    )
    func rootViewControllerReplacesViews() {
      freshModel()
      let first = controller("first")
      let window = makeVisibleWindow(root: first)
      let stray = view("stray")
      window.addSubview(stray)
      let second = controller("second")
      second.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      window.rootViewController = second

      #expect(
        ModelRuntime.eventLog() == """
          first.viewWillDisappear(false)
          first.viewDidDisappear(false)
          second.viewWillAppear(false)
          second.viewIsAppearing(false)
          second.viewDidAppear(false)
          """)
      #expect(names(window.subviews) == ["second.view"])
      #expect(first.view.superview == nil)
      #expect(stray.superview == nil)
      #expect(second.view.frame == window.bounds)
      #expect(first.uikitModel.appearanceState == .disappeared)
      #expect(second.uikitModel.appearanceState == .appeared)
    }

    @Test("G1 setting the same root again does nothing; setting nil removes the root view")
    func rootViewControllerSameAndNil() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      ModelRuntime.clearEvents()

      window.rootViewController = root
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.view.superview === window)

      window.rootViewController = nil

      #expect(window.rootViewController == nil)
      #expect(window.subviews.isEmpty)
      #expect(root.view.superview == nil)
      #expect(
        ModelRuntime.eventLog() == """
          root.viewWillDisappear(false)
          root.viewDidDisappear(false)
          """)
    }

    @Test(
      "G1 F5 a root view controller whose view tree is inconsistent raises and is not installed")
    func inconsistentRootIsNotInstalled() {
      freshModel()
      let root = controller("root")
      let sibling = controller("sibling")
      let child = controller("child")
      root.addChild(sibling)
      root.view.addSubview(sibling.view)
      sibling.didMove(toParent: root)
      root.addChild(child)
      sibling.view.addSubview(child.view)
      child.didMove(toParent: root)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.uikitModel.name = "window"
      ModelRuntime.clearEvents()

      window.rootViewController = root

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: sibling> but actual parent is:"
              + "<UIViewController: root>")
        ])
      #expect(window.rootViewController == nil)
      #expect(window.subviews.isEmpty)
      #expect(root.view.superview == nil)
    }

    // MARK: - G2

    @Test("G2 a new window is hidden; the root and its children appear only at makeKeyAndVisible")
    func windowHiddenUntilShown() {
      freshModel()
      let (root, child) = rootWithChild()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.uikitModel.name = "window"
      #expect(window.isHidden)
      #expect(!window.isKeyWindow)
      ModelRuntime.clearEvents()

      window.rootViewController = root
      #expect(ModelRuntime.eventLog() == "")
      #expect(root.uikitModel.appearanceState == .disappeared)

      window.makeKeyAndVisible()

      #expect(
        ModelRuntime.eventLog() == """
          root.viewWillAppear(false)
          child.viewWillAppear(false)
          root.viewIsAppearing(false)
          child.viewIsAppearing(false)
          root.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(!window.isHidden)
      #expect(window.isKeyWindow)
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "G2 isHidden = false shows the window without making it key; isHidden = true makes the root and its children disappear"
    )
    func isHiddenShowsAndHides() {
      freshModel()
      let (root, child) = rootWithChild()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = root
      ModelRuntime.clearEvents()

      window.isHidden = false

      #expect(!window.isKeyWindow)
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(child.uikitModel.appearanceState == .appeared)
      ModelRuntime.clearEvents()

      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          root.viewWillDisappear(false)
          child.viewWillDisappear(false)
          root.viewDidDisappear(false)
          child.viewDidDisappear(false)
          """)
      #expect(root.uikitModel.appearanceState == .disappeared)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(root.view.window === window)
    }

    @Test("G2 makeKey makes a window key without showing it, and only one window is key")
    func makeKeyMovesKeyStatus() {
      freshModel()
      let first = KeyNotingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      first.uikitModel.name = "first"
      let second = KeyNotingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      second.uikitModel.name = "second"
      first.makeKeyAndVisible()
      #expect(first.isKeyWindow)
      #expect(ModelRuntime.eventLog(for: ["first"]) == "first.becomeKey()")
      ModelRuntime.clearEvents()

      second.makeKey()

      #expect(second.isKeyWindow)
      #expect(!first.isKeyWindow)
      #expect(second.isHidden)
      #expect(!first.isHidden)
      #expect(ModelRuntime.eventLog(for: ["first"]) == "first.resignKey()")
      #expect(ModelRuntime.eventLog(for: ["second"]) == "second.becomeKey()")
      ModelRuntime.clearEvents()

      second.makeKey()

      #expect(second.isKeyWindow)
      #expect(ModelRuntime.eventLog() == "")
    }

    // MARK: - G4

    @Test(
      "G4 a root view's next responder is its controller; the controller's next is the superview, or the window for the root"
    )
    func responderChain() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      let area = view("area")
      root.view.addSubview(area)
      let child = controller("child")
      root.addChild(child)
      area.addSubview(child.view)
      child.didMove(toParent: root)
      let unloaded = controller("unloaded")

      #expect(root.view.next === root)
      #expect(root.next === window)
      #expect(area.next === root.view)
      #expect(child.view.next === child)
      #expect(child.next === area)
      #expect(unloaded.next == nil)
      #expect(!unloaded.isViewLoaded)

      child.view.removeFromSuperview()

      #expect(child.view.next === child)
      #expect(child.next == nil)
    }
  }
}
#endif
