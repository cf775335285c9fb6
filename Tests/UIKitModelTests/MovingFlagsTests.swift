#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

// A container that sets up its child in viewDidLoad (scenario L2).
@MainActor
private final class SetUpInViewDidLoadContainer: UIViewController {
  let child: ObservingViewController

  init(child: ObservingViewController) {
    self.child = child
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    addChild(child)
    view.addSubview(child.view)
    child.didMove(toParent: self)
  }
}

// A container that forwards appearance to its children by hand (D3, D15).
@MainActor
private final class ManualForwardingContainer: UIViewController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

// A controller that notes all four flags in viewDidLoad and every appearance callback (C3, C4).
@MainActor
private final class FlagProbe: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    note("viewDidLoad")
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    note("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    note("viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    note("viewWillDisappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    note("viewDidDisappear")
  }

  private func note(_ callback: String) {
    ModelRuntime.annotate(
      uikitModel.name,
      "\(callback) sees toParent=\(isMovingToParent) fromParent=\(isMovingFromParent) "
        + "presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
  }
}

@MainActor
private func observing(_ name: String) -> ObservingViewController {
  let controller = ObservingViewController()
  controller.uikitModel.name = name
  controller.observesMovingFlags = true
  return controller
}

extension ModelTests {
  @MainActor
  @Suite("Moving flags (semantics C)")
  struct MovingFlags {
    @Test(
      "C1 C2 L1 a child added to a visible parent sees isMovingToParent in its appear callbacks")
    func movingToParentWhileAdded() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = observing("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(false)
          child.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          child.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          child.didMove(toParent: parent)
          """)
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)
      #expect(child.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("C1 C2 L3 a child being removed sees isMovingFromParent in its disappear callbacks")
    func movingFromParentWhileRemoved() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = observing("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.willMove(toParent: nil)
          child.viewWillDisappear(false)
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          child.viewDidDisappear(false)
          child.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          child.didMove(toParent: nil)
          """)
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)
      #expect(parent.children.isEmpty)
      #expect(child.parent == nil)
      #expect(child.view.superview == nil)
      withExtendedLifetime(window) {}
    }

    @Test("C3 the flags read false outside appearance callbacks, even between willMove and didMove")
    func falseOutsideCallbacks() {
      freshModel()
      let parent = controller("parent")
      let child = observing("child")
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)

      parent.addChild(child)
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)
      parent.view.addSubview(child.view)
      #expect(!child.isMovingToParent)
      child.didMove(toParent: parent)
      #expect(!child.isMovingToParent)

      child.willMove(toParent: nil)
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)
      child.view.removeFromSuperview()
      #expect(!child.isMovingFromParent)
      child.removeFromParent()
      #expect(!child.isMovingToParent)
      #expect(!child.isMovingFromParent)
      #expect(!child.isBeingPresented)
      #expect(!child.isBeingDismissed)
    }

    @Test(
      "C2 L2 a child set up in the parent's viewDidLoad sees isMovingToParent false when it appears"
    )
    func childAddedInViewDidLoad() {
      freshModel()
      let child = observing("child")
      let parent = SetUpInViewDidLoadContainer(child: child)
      parent.uikitModel.name = "parent"

      let window = makeVisibleWindow(root: parent)

      #expect(
        ModelRuntime.eventLog(for: ["parent", "child"]) == """
          parent.loadView()
          parent.viewDidLoad()
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: parent)
          parent.viewWillAppear(false)
          child.viewWillAppear(false)
          child.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          child.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          """)
      #expect(child.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "C2 didMove(toParent:) clears the flag: a view placed after it appears with isMovingToParent false"
    )
    func viewPlacedAfterDidMove() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = observing("child")
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      parent.view.addSubview(child.view)

      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.annotation]) == """
          child.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          child.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          """)
      withExtendedLifetime(window) {}
    }

    @Test("C1 C2 appearing or disappearing for other reasons leaves both flags false")
    func otherReasons() {
      freshModel()
      let root = observing("root")
      let child = observing("child")
      root.addChild(child)
      root.view.addSubview(child.view)
      child.didMove(toParent: root)
      let window = makeVisibleWindow(root: root)
      ModelRuntime.clearEvents()

      window.isHidden = true
      child.view.removeFromSuperview()
      root.view.addSubview(child.view)
      window.isHidden = false
      child.view.removeFromSuperview()

      #expect(
        ModelRuntime.eventLog(for: ["root", "child"], categories: [.annotation]) == """
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          child.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          child.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          child.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          child.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          """)
    }

    @Test("C2 D15 manual forwarding: begin/end between willMove and didMove see the moving flags")
    func manualForwarding() {
      freshModel()
      let parent = ManualForwardingContainer()
      parent.uikitModel.name = "parent"
      let window = makeVisibleWindow(root: parent)
      let child = observing("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      child.beginAppearanceTransition(true, animated: true)
      parent.view.addSubview(child.view)
      child.endAppearanceTransition()
      child.didMove(toParent: parent)

      child.willMove(toParent: nil)
      child.beginAppearanceTransition(false, animated: true)
      child.view.removeFromSuperview()
      child.endAppearanceTransition()
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(true)
          child.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          child.viewIsAppearing(true)
          child.viewDidAppear(true)
          child.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          child.didMove(toParent: parent)
          child.willMove(toParent: nil)
          child.viewWillDisappear(true)
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          child.viewDidDisappear(true)
          child.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          child.didMove(toParent: nil)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "C2 E7 transition(from:to:): the leaving child is moving from, the arriving child moving to")
    func transitionFlags() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let a = observing("a")
      let b = observing("b")
      parent.addChild(a)
      parent.view.addSubview(a.view)
      a.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      parent.addChild(b)
      a.willMove(toParent: nil)
      parent.transition(
        from: a, to: b, duration: 0.3, options: [], animations: {},
        completion: { _ in
          a.removeFromParent()
          b.didMove(toParent: parent)
        })
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b"]) == """
          b.willMove(toParent: parent)
          a.willMove(toParent: nil)
          a.viewWillDisappear(true)
          a.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          b.viewIsAppearing(true)
          b.viewDidAppear(true)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          a.viewDidDisappear(true)
          a.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          a.didMove(toParent: nil)
          b.didMove(toParent: parent)
          """)
      #expect(parent.children == [b])
      #expect(b.view.window === window)
      #expect(a.view.superview == nil)
      #expect(!a.isMovingFromParent)
      #expect(!b.isMovingToParent)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("C3 C4 isBeingPresented and isBeingDismissed stay false; viewDidLoad sees no moving flag")
    func presentationFlags() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = FlagProbe()
      child.uikitModel.name = "child"
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.annotation]) == """
          child.viewDidLoad sees toParent=false fromParent=false presented=false dismissed=false
          child.viewWillAppear sees toParent=true fromParent=false presented=false dismissed=false
          child.viewDidAppear sees toParent=true fromParent=false presented=false dismissed=false
          child.viewWillDisappear sees toParent=false fromParent=true presented=false dismissed=false
          child.viewDidDisappear sees toParent=false fromParent=true presented=false dismissed=false
          """)
      #expect(!child.isBeingPresented)
      #expect(!child.isBeingDismissed)
      withExtendedLifetime(window) {}
    }
  }
}
#endif
