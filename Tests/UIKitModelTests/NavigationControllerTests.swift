#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A delegate that implements both of the navigation messages the model sends; the model logs
/// them, so it does nothing itself.
@MainActor
private final class ShowingDelegate: NSObject, UINavigationControllerDelegate {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

/// A delegate that implements only `didShow` (the other member keeps its default) and notes
/// what it sees.
@MainActor
private final class DidShowOnlyDelegate: NSObject, UINavigationControllerDelegate {
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {
    ModelRuntime.annotate(
      "delegate",
      "didShow \(viewController.uikitModel.name) sees top "
        + "\(navigationController.topViewController?.uikitModel.name ?? "nil") and coordinator "
        + "\(navigationController.transitionCoordinator == nil ? "nil" : "set")")
  }
}

/// A controller that notes what the transition coordinator tells it during its appearance.
@MainActor
private final class CoordinatedViewController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let name = uikitModel.name
    guard let coordinator = transitionCoordinator else {
      ModelRuntime.annotate(name, "viewWillAppear sees no coordinator")
      return
    }
    ModelRuntime.annotate(
      name,
      "viewWillAppear sees coordinator animated=\(coordinator.isAnimated) "
        + "interactive=\(coordinator.isInteractive) "
        + "same as parent's=\(coordinator === parent?.transitionCoordinator)")
    coordinator.notifyWhenInteractionChanges { context in
      ModelRuntime.annotate(
        name,
        "interaction changed: cancelled=\(context.isCancelled) "
          + "interactive=\(context.isInteractive)")
    }
    coordinator.animate(
      alongsideTransition: { _ in ModelRuntime.annotate(name, "alongside animation") },
      completion: { context in
        ModelRuntime.annotate(name, "coordinator completion cancelled=\(context.isCancelled)")
      })
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    ModelRuntime.annotate(
      uikitModel.name,
      "viewDidAppear sees coordinator \(transitionCoordinator == nil ? "nil" : "set")")
  }
}

/// A navigation controller shown in a visible window, holding `root`, with its launch finished
/// and the event log cleared.
@MainActor
private struct ShownStack {
  let window: UIWindow
  let nav: UINavigationController
  let root: ObservingViewController
  let delegate: ShowingDelegate

  init(root rootName: String = "root") {
    freshModel()
    root = ObservingViewController()
    root.uikitModel.name = rootName
    root.observesMovingFlags = true
    nav = UINavigationController(rootViewController: root)
    nav.uikitModel.name = "nav"
    delegate = ShowingDelegate()
    nav.delegate = delegate
    window = makeVisibleWindow(root: nav)
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()
  }

  /// Pushes `names` without animation and lets the pushes finish, then clears the log.
  func push(_ names: String...) -> [ObservingViewController] {
    let pushed = names.map { name in
      let controller = ObservingViewController()
      controller.uikitModel.name = name
      controller.observesMovingFlags = true
      nav.pushViewController(controller, animated: false)
      ModelRuntime.runUntilIdle()
      return controller
    }
    ModelRuntime.clearEvents()
    return pushed
  }
}

/// A container that forwards appearance to its children by hand (semantics D3).
@MainActor
private final class ManualForwardingParent: UIViewController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// A named controller that notes its moving flags.
@MainActor
private func observing(_ name: String) -> ObservingViewController {
  let controller = ObservingViewController()
  controller.uikitModel.name = name
  controller.observesMovingFlags = true
  return controller
}

@MainActor
private func names(_ controllers: [UIViewController]?) -> [String]? {
  controllers?.map(\.uikitModel.name)
}

@MainActor
private func names(_ views: [UIView]) -> [String] {
  views.map(\.uikitModel.name)
}

extension ModelTests {
  /// `UINavigationController`, rule by rule (rules N1–N21 of Docs/Design/0001).
  @MainActor
  @Suite("Navigation stacks (rules N)")
  struct NavigationStacks {
    private static let lifecycleAndAnimation = ModelEvent.Category.lifecycle.union([.animation])

    /// A misuse of `pushViewController(_:animated:)` that UIKit answers with an exception.
    enum PushMisuse: String, CaseIterable, Sendable {
      case navigationController
      case alreadyOnTheStack
      case rootAgain
    }

    // MARK: - N1 N8 N10 launch

    @Test(
      "N1 N8 N10 a root shown at launch loads and appears with its navigation controller, sees isMovingToParent, then gets didMove"
    )
    func n1RootShownAtLaunch() {
      freshModel()
      let root = observing("root")
      let nav = UINavigationController(rootViewController: root)
      nav.uikitModel.name = "nav"

      #expect(names(nav.viewControllers) == ["root"])
      #expect(names(nav.children) == ["root"])
      #expect(nav.topViewController === root)
      #expect(root.parent === nav)
      #expect(!nav.isViewLoaded)
      #expect(!root.isViewLoaded)

      let window = makeVisibleWindow(root: nav)
      ModelRuntime.annotate("test", "window shown")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          root.willMove(toParent: UINavigationController#2)
          nav.loadView()
          nav.viewDidLoad()
          nav.viewWillAppear(false)
          root.loadView()
          root.viewDidLoad()
          root.viewWillAppear(false)
          root.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.viewIsAppearing(false)
          root.viewIsAppearing(false)
          nav.viewDidAppear(false)
          root.viewDidAppear(false)
          root.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          test.window shown
          root.didMove(toParent: nav)
          """)
      #expect(names(nav.view.subviews) == ["root.view"])
      #expect(root.view.frame == nav.view.bounds)
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(window.rootViewController === nav)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N10 a push while the navigation controller is off screen takes the covered top's view out; coming back, only the new top appears"
    )
    func n10PushOffScreenLeavesOnlyTheTopView() {
      freshModel()
      let root = observing("root")
      let nav = UINavigationController(rootViewController: root)
      nav.uikitModel.name = "nav"
      let other = observing("other")
      let tabs = UITabBarController()
      tabs.uikitModel.name = "tabs"
      tabs.viewControllers = [nav, other]
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.runUntilIdle()
      tabs.selectedIndex = 1
      ModelRuntime.runUntilIdle()
      let detail = observing("detail")

      nav.pushViewController(detail, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(names(nav.view.subviews) == [])
      ModelRuntime.clearEvents()
      tabs.selectedIndex = 0
      ModelRuntime.runUntilIdle()

      #expect(names(nav.view.subviews) == ["detail.view"])
      #expect(root.uikitModel.appearanceState == .disappeared)
      #expect(detail.uikitModel.appearanceState == .appeared)
      #expect(
        ModelRuntime.eventLog(categories: [.appearance]).contains("root.") == false)
      withExtendedLifetime(window) {}
    }

    @Test(
      "N10 D6 a navigation controller added to a visible container: its top loads and appears right after it"
    )
    func n10EmbeddedInAVisibleContainer() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let root = observing("root")
      let nav = UINavigationController(rootViewController: root)
      nav.uikitModel.name = "nav"
      ModelRuntime.clearEvents()

      parent.addChild(nav)
      parent.view.addSubview(nav.view)
      nav.didMove(toParent: parent)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["nav", "root"]) == """
          nav.willMove(toParent: parent)
          nav.loadView()
          nav.viewDidLoad()
          nav.viewWillAppear(false)
          root.loadView()
          root.viewDidLoad()
          root.viewWillAppear(false)
          root.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.viewIsAppearing(false)
          root.viewIsAppearing(false)
          nav.viewDidAppear(false)
          root.viewDidAppear(false)
          root.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          nav.didMove(toParent: parent)
          root.didMove(toParent: nav)
          """)
      #expect(names(nav.view.subviews) == ["root.view"])
      #expect(window.isKeyWindow)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N10 D3 D8 under a container that forwards appearance by hand, the top's view enters when the container begins the navigation controller's appearance, and appears once through it"
    )
    func n10DrivenByHand() {
      freshModel()
      let parent = ManualForwardingParent()
      parent.uikitModel.name = "parent"
      let window = makeVisibleWindow(root: parent)
      let root = observing("root")
      let nav = UINavigationController(rootViewController: root)
      nav.uikitModel.name = "nav"
      ModelRuntime.runUntilIdle()
      parent.addChild(nav)
      parent.view.addSubview(nav.view)
      nav.didMove(toParent: parent)
      #expect(!root.isViewLoaded)
      ModelRuntime.clearEvents()

      nav.beginAppearanceTransition(true, animated: false)
      nav.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog(for: ["nav", "root"]) == """
          nav.viewWillAppear(false)
          root.loadView()
          root.viewDidLoad()
          nav.viewIsAppearing(false)
          root.viewWillAppear(false)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          root.viewIsAppearing(false)
          nav.viewDidAppear(false)
          root.viewDidAppear(false)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          """)
      #expect(names(nav.view.subviews) == ["root.view"])
      #expect(root.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("N1 init() and init(nibName:bundle:) make an empty stack")
    func n1EmptyStack() {
      freshModel()
      let plain = UINavigationController()
      let nibless = UINavigationController(nibName: nil, bundle: nil)

      #expect(plain.viewControllers.isEmpty)
      #expect(nibless.viewControllers.isEmpty)
      #expect(plain.topViewController == nil)
      #expect(plain.visibleViewController == nil)
      #expect(plain.popViewController(animated: false) == nil)
      #expect(plain.popToRootViewController(animated: false) == nil)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    // MARK: - N2 N3 N5 N8 N9 push

    @Test(
      "N2 N3 N5 N8 N9 an animated push: containment, loading, appearance and delegate in UIKit's order; both views mid-way, then only the top's"
    )
    func n3AnimatedPush() {
      let stack = ShownStack()
      let b = observing("b")

      stack.nav.pushViewController(b, animated: true)
      ModelRuntime.annotate("test", "push returned")

      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      #expect(names(stack.nav.children) == ["root", "b"])
      #expect(stack.nav.topViewController === b)
      #expect(ModelRuntime.runningAnimations.map(\.kind) == [.navigationTransition])
      #expect(ModelRuntime.runningAnimations.first?.duration == 0.35)
      ModelRuntime.advance(by: 0.2)
      #expect(names(stack.nav.view.subviews) == ["root.view", "b.view"])
      #expect(b.view.frame == stack.nav.view.bounds)
      #expect(stack.root.uikitModel.appearanceState == .disappearing)
      #expect(b.uikitModel.appearanceState == .appearing)
      ModelRuntime.advance(by: 0.15)

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          root.viewWillDisappear(true)
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewWillAppear(true)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: b, animated: true)
          b.viewIsAppearing(true)
          test.push returned
          root.viewDidDisappear(true)
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewDidAppear(true)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          b.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: b, animated: true)
          """)
      #expect(names(stack.nav.view.subviews) == ["b.view"])
      #expect(stack.root.viewIfLoaded?.superview == nil)
      #expect(stack.root.parent === stack.nav)
      #expect(stack.root.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N3 N11 a push without animation says animated false, and its second half comes at the next run of the model"
    )
    func n11PushWithoutAnimation() {
      let stack = ShownStack()
      let b = observing("b")

      stack.nav.pushViewController(b, animated: false)
      ModelRuntime.annotate("test", "push returned")
      #expect(names(stack.nav.view.subviews) == ["root.view", "b.view"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          root.viewWillDisappear(false)
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewWillAppear(false)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: b, animated: false)
          b.viewIsAppearing(false)
          animation#1.start(push(from: root, to: b), duration: 0)
          test.push returned
          root.viewDidDisappear(false)
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewDidAppear(false)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          b.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: b, animated: false)
          animation#1.completion(true)
          """)
      #expect(names(stack.nav.view.subviews) == ["b.view"])
      #expect(ModelRuntime.currentTime == 0)
    }

    @Test(
      "N3 D5 a pushed container's own children appear and disappear with it, after it, with its animated value"
    )
    func n3PushedContainerForwardsToItsChildren() {
      let stack = ShownStack()
      let container = controller("container")
      let inner = observing("inner")
      container.addChild(inner)
      container.view.addSubview(inner.view)
      inner.didMove(toParent: container)
      ModelRuntime.clearEvents()

      stack.nav.pushViewController(container, animated: true)
      ModelRuntime.runUntilIdle()
      stack.nav.popViewController(animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["container", "inner"], categories: [.appearance]) == """
          container.viewWillAppear(true)
          inner.viewWillAppear(true)
          container.viewIsAppearing(true)
          inner.viewIsAppearing(true)
          container.viewDidAppear(true)
          inner.viewDidAppear(true)
          container.viewWillDisappear(true)
          inner.viewWillDisappear(true)
          container.viewDidDisappear(true)
          inner.viewDidDisappear(true)
          """)
      #expect(inner.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N3 K3 removing the layer's animations cuts a push short: it ends at the next run of the model, completely"
    )
    func n3PushCutShort() {
      let stack = ShownStack()
      let b = observing("b")
      stack.nav.pushViewController(b, animated: true)
      ModelRuntime.advance(by: 0.1)

      stack.nav.view.layer.removeAllAnimations()
      ModelRuntime.advance(by: 0)

      #expect(
        ModelRuntime.eventLog(
          for: ["b", "nav.delegate", "animation#1"],
          categories: [
            .containment, .delegate, .animation,
          ]) == """
            b.willMove(toParent: nav)
            nav.delegate.navigationController(willShow: b, animated: true)
            animation#1.start(push(from: root, to: b), duration: 0.35)
            b.didMove(toParent: nav)
            nav.delegate.navigationController(didShow: b, animated: true)
            animation#1.completion(false)
            """)
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(names(stack.nav.view.subviews) == ["b.view"])
      #expect(stack.nav.transitionCoordinator == nil)
    }

    // MARK: - N4 N5 N8 N9 pop

    @Test(
      "N4 N5 N8 N9 an animated pop: the popped controller says isMovingFromParent and leaves its parent at the end; the revealed view goes below it"
    )
    func n4AnimatedPop() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      let b = pushed[0]

      let popped = stack.nav.popViewController(animated: true)
      ModelRuntime.annotate("test", "pop returned")

      #expect(popped === b)
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(names(stack.nav.children) == ["root", "b"])
      #expect(b.navigationController === stack.nav)
      #expect(names(stack.nav.view.subviews) == ["root.view", "b.view"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: nil)
          b.viewWillDisappear(true)
          b.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewWillAppear(true)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.delegate.navigationController(willShow: root, animated: true)
          root.viewIsAppearing(true)
          test.pop returned
          b.viewDidDisappear(true)
          b.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewDidAppear(true)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          b.didMove(toParent: nil)
          nav.delegate.navigationController(didShow: root, animated: true)
          """)
      #expect(names(stack.nav.children) == ["root"])
      #expect(b.parent == nil)
      #expect(b.navigationController == nil)
      #expect(b.viewIfLoaded?.superview == nil)
      #expect(names(stack.nav.view.subviews) == ["root.view"])
      #expect(ModelRuntime.currentTime == 0.35)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("N4 popping with only the root on the stack does nothing and returns nil")
    func n4PopAtRoot() {
      let stack = ShownStack()

      #expect(stack.nav.popViewController(animated: true) == nil)
      #expect(stack.nav.popToRootViewController(animated: true) == nil)
      #expect(stack.nav.popToViewController(stack.root, animated: true) == nil)
      ModelRuntime.runUntilIdle()

      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    // MARK: - N6 replacement

    @Test(
      "N6 N10 setViewControllers with a new top simulates a push: only the new top loads, every newcomer becomes a child, the leaving ones leave"
    )
    func n6ReplacementLikeAPush() {
      let stack = ShownStack()
      let x = observing("x")
      let y = observing("y")

      stack.nav.setViewControllers([x, y], animated: true)
      ModelRuntime.annotate("test", "set returned")

      #expect(names(stack.nav.viewControllers) == ["x", "y"])
      #expect(!x.isViewLoaded)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          x.willMove(toParent: nav)
          y.willMove(toParent: nav)
          root.willMove(toParent: nil)
          y.loadView()
          y.viewDidLoad()
          root.viewWillDisappear(true)
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          y.viewWillAppear(true)
          y.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: y, animated: true)
          y.viewIsAppearing(true)
          animation#1.start(push(from: root, to: y), duration: 0.35)
          test.set returned
          root.viewDidDisappear(true)
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          y.viewDidAppear(true)
          y.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          x.didMove(toParent: nav)
          y.didMove(toParent: nav)
          root.didMove(toParent: nil)
          nav.delegate.navigationController(didShow: y, animated: true)
          animation#1.completion(true)
          """)
      #expect(names(stack.nav.children) == ["x", "y"])
      #expect(stack.root.parent == nil)
      #expect(!x.isViewLoaded)
      #expect(names(stack.nav.view.subviews) == ["y.view"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N6 setViewControllers whose top was under the old top simulates a pop; a newcomer below it stays unloaded"
    )
    func n6ReplacementLikeAPop() {
      let stack = ShownStack()
      let pushed = stack.push("b", "c")
      let d = observing("d")

      stack.nav.setViewControllers([d, stack.root], animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          d.willMove(toParent: nav)
          c.willMove(toParent: nil)
          b.willMove(toParent: nil)
          c.viewWillDisappear(true)
          c.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewWillAppear(true)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.delegate.navigationController(willShow: root, animated: true)
          root.viewIsAppearing(true)
          animation#3.start(pop(from: c, to: root), duration: 0.35)
          c.viewDidDisappear(true)
          c.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewDidAppear(true)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          d.didMove(toParent: nav)
          c.didMove(toParent: nil)
          b.didMove(toParent: nil)
          nav.delegate.navigationController(didShow: root, animated: true)
          animation#3.completion(true)
          """)
      #expect(names(stack.nav.viewControllers) == ["d", "root"])
      #expect(names(stack.nav.children)?.sorted() == ["d", "root"])
      #expect(!d.isViewLoaded)
      #expect(pushed.allSatisfy { $0.parent == nil })
      #expect(names(stack.nav.view.subviews) == ["root.view"])
    }

    @Test(
      "N6 setViewControllers that keeps the top shows nothing: containment only, no appearance, no delegate"
    )
    func n6ReplacementKeepingTheTop() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      let under = observing("under")

      stack.nav.setViewControllers([under, pushed[0]], animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          under.willMove(toParent: nav)
          root.willMove(toParent: nil)
          under.didMove(toParent: nav)
          root.didMove(toParent: nil)
          """)
      #expect(names(stack.nav.viewControllers) == ["under", "b"])
      #expect(!under.isViewLoaded)
      #expect(names(stack.nav.view.subviews) == ["b.view"])
    }

    @Test("N6 assigning viewControllers is setViewControllers(_:animated:) without animation")
    func n6AssigningViewControllers() {
      let stack = ShownStack()
      let b = observing("b")

      stack.nav.viewControllers = [stack.root, b]
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["b", "nav.delegate"]) == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: b, animated: false)
          b.viewIsAppearing(false)
          b.viewDidAppear(false)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          b.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: b, animated: false)
          """)
    }

    // MARK: - N7 pop to

    @Test(
      "N7 N10 popToRootViewController pops the rest, bottom to top, in one pop transition; controllers never shown are never loaded"
    )
    func n7PopToRoot() {
      let stack = ShownStack()
      let b = observing("b")
      let c = observing("c")
      stack.nav.setViewControllers([stack.root, b, c], animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      let popped = stack.nav.popToRootViewController(animated: true)
      ModelRuntime.runUntilIdle()

      #expect(names(popped) == ["b", "c"])
      #expect(!b.isViewLoaded)
      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          c.willMove(toParent: nil)
          b.willMove(toParent: nil)
          c.viewWillDisappear(true)
          c.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewWillAppear(true)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.delegate.navigationController(willShow: root, animated: true)
          root.viewIsAppearing(true)
          animation#2.start(pop(from: c, to: root), duration: 0.35)
          c.viewDidDisappear(true)
          c.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          root.viewDidAppear(true)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          c.didMove(toParent: nil)
          b.didMove(toParent: nil)
          nav.delegate.navigationController(didShow: root, animated: true)
          animation#2.completion(true)
          """)
      #expect(names(stack.nav.children) == ["root"])
    }

    @Test("N7 popToViewController stops at the given controller and returns what it popped")
    func n7PopToViewController() {
      let stack = ShownStack()
      let pushed = stack.push("b", "c", "d")

      let popped = stack.nav.popToViewController(pushed[0], animated: false)
      ModelRuntime.runUntilIdle()

      #expect(names(popped) == ["c", "d"])
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      #expect(names(stack.nav.children) == ["root", "b"])
      #expect(names(stack.nav.view.subviews) == ["b.view"])
      #expect(pushed[0].uikitModel.appearanceState == .appeared)
    }

    @Test(
      "N7 popToViewController with a controller that is not on the stack raises NSInternalInconsistencyException and changes nothing"
    )
    func n7PopToAStranger() {
      let stack = ShownStack()
      _ = stack.push("b")
      let stranger = controller("stranger")

      let popped = stack.nav.popToViewController(stranger, animated: true)

      #expect(popped == nil)
      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.internalInconsistency,
            reason: "Tried to pop to a view controller that doesn't exist.")
        ])
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(!ModelRuntime.hasPendingWork)
    }

    // MARK: - N9 delegate

    @Test(
      "N9 a delegate that implements only didShow gets it after the new top's didMove, once the coordinator is gone; no delegate, no message"
    )
    func n9DelegateWithOneMember() {
      let stack = ShownStack()
      let delegate = DidShowOnlyDelegate()
      stack.nav.delegate = delegate
      let b = observing("b")

      stack.nav.pushViewController(b, animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["b", "nav.delegate", "delegate"]) == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: b, animated: true)
          b.viewIsAppearing(true)
          b.viewDidAppear(true)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          b.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: b, animated: true)
          delegate.didShow b sees top b and coordinator nil
          """)

      stack.nav.delegate = nil
      ModelRuntime.clearEvents()
      stack.nav.popViewController(animated: true)
      ModelRuntime.runUntilIdle()
      #expect(
        ModelRuntime.eventLog(
          for: ["nav.delegate", "delegate"], categories: [.delegate, .annotation])
          == "")
      #expect(stack.nav.topViewController === stack.root)
    }

    @Test("N9 the delegate is held weakly")
    func n9DelegateIsWeak() {
      let stack = ShownStack()
      do {
        let transient = ShowingDelegate()
        stack.nav.delegate = transient
        #expect(stack.nav.delegate === transient)
      }
      #expect(stack.nav.delegate == nil)
    }

    // MARK: - N10 lazy loading, off screen

    @Test(
      "N10 N11 off screen a push loads nothing and says nothing but containment; the top's view enters and appears when the navigation controller does"
    )
    func n10PushOffScreen() {
      freshModel()
      let root = observing("root")
      let b = observing("b")
      let nav = UINavigationController()
      nav.uikitModel.name = "nav"
      let delegate = ShowingDelegate()
      nav.delegate = delegate
      nav.pushViewController(root, animated: true)
      nav.pushViewController(b, animated: true)
      ModelRuntime.runUntilIdle()
      #expect(!root.isViewLoaded)
      #expect(!b.isViewLoaded)
      #expect(ModelRuntime.runningAnimations.isEmpty)

      let window = makeVisibleWindow(root: nav)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          root.willMove(toParent: nav)
          b.willMove(toParent: nav)
          root.didMove(toParent: nav)
          b.didMove(toParent: nav)
          nav.loadView()
          nav.viewDidLoad()
          nav.viewWillAppear(false)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          b.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.viewIsAppearing(false)
          b.viewIsAppearing(false)
          nav.viewDidAppear(false)
          b.viewDidAppear(false)
          b.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          """)
      #expect(!root.isViewLoaded)
      #expect(names(nav.view.subviews) == ["b.view"])
      #expect(window.isKeyWindow)
      #expect(nav.delegate === delegate)
    }

    @Test(
      "N5 N10 a pop while the window is hidden removes the view with no callback; the revealed view enters when the window is shown"
    )
    func n10PopWhileHidden() {
      let stack = ShownStack()
      _ = stack.push("b")
      stack.window.isHidden = true
      ModelRuntime.clearEvents()

      stack.nav.popViewController(animated: true)
      ModelRuntime.runUntilIdle()
      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: nil)
          b.didMove(toParent: nil)
          """)
      #expect(stack.nav.view.subviews.isEmpty)

      ModelRuntime.clearEvents()
      stack.window.isHidden = false
      #expect(names(stack.nav.view.subviews) == ["root.view"])
      #expect(
        ModelRuntime.eventLog(for: ["root"]) == """
          root.viewWillAppear(false)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          root.viewIsAppearing(false)
          root.viewDidAppear(false)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          """)
    }

    // MARK: - N12 transition coordinator

    @Test(
      "N12 during a push the navigation controller and its children answer one coordinator; alongside animations run at the start, completions before the did callbacks; nil afterwards"
    )
    func n12TransitionCoordinator() {
      let stack = ShownStack()
      let b = CoordinatedViewController()
      b.uikitModel.name = "b"
      #expect(stack.nav.transitionCoordinator == nil)
      #expect(stack.root.transitionCoordinator == nil)

      stack.nav.pushViewController(b, animated: true)
      let coordinator = stack.nav.transitionCoordinator
      #expect(coordinator != nil)
      #expect(coordinator === b.transitionCoordinator)
      #expect(coordinator === stack.root.transitionCoordinator)
      #expect(coordinator?.transitionDuration == 0.35)
      #expect(coordinator?.isCancelled == false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["b", "root"]) == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          root.viewWillDisappear(true)
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewWillAppear(true)
          b.viewWillAppear sees coordinator animated=true interactive=false same as parent's=true
          b.viewIsAppearing(true)
          b.alongside animation
          b.coordinator completion cancelled=false
          root.viewDidDisappear(true)
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewDidAppear(true)
          b.viewDidAppear sees coordinator nil
          b.didMove(toParent: nav)
          """)
      #expect(stack.nav.transitionCoordinator == nil)
      #expect(b.transitionCoordinator == nil)
      #expect(
        coordinator?.animate(alongsideTransition: nil, completion: { _ in }) == false,
        "a finished coordinator takes no more blocks")
    }

    // MARK: - N13 N14 interactive pop

    @Test(
      "N13 a cancelled interactive pop: handlers first, the revealed controller disappears, the top one appears again and stays; no didShow"
    )
    func n13CancelledInteractivePop() {
      let stack = ShownStack()
      let b = CoordinatedViewController()
      b.uikitModel.name = "b"
      stack.nav.pushViewController(b, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()
      let revealed = stack.root
      revealed.observesMovingFlags = true

      #expect(stack.nav.uikitModel.beginInteractivePop())
      ModelRuntime.annotate("test", "began")
      #expect(stack.nav.uikitModel.isInteractivePopInProgress)
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(stack.nav.transitionCoordinator?.isInteractive == true)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      ModelRuntime.advance(by: 5)
      #expect(names(stack.nav.view.subviews) == ["root.view", "b.view"])
      // A handler registered now hears the end of the interaction.
      stack.nav.transitionCoordinator?.notifyWhenInteractionChanges { context in
        ModelRuntime.annotate("test", "handler cancelled=\(context.isCancelled)")
      }

      stack.nav.uikitModel.cancelInteractivePop()
      ModelRuntime.annotate("test", "cancelled")
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: nil)
          b.viewWillDisappear(true)
          root.viewWillAppear(true)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.delegate.navigationController(willShow: root, animated: true)
          root.viewIsAppearing(true)
          test.began
          test.handler cancelled=true
          root.viewWillDisappear(true)
          root.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          root.viewDidDisappear(true)
          root.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewWillAppear(true)
          b.viewWillAppear sees coordinator animated=true interactive=false same as parent's=true
          b.alongside animation
          b.viewIsAppearing(true)
          test.cancelled
          b.coordinator completion cancelled=true
          b.viewDidAppear(true)
          b.viewDidAppear sees coordinator nil
          """)
      #expect(!stack.nav.uikitModel.isInteractivePopInProgress)
      #expect(names(stack.nav.children) == ["root", "b"])
      #expect(b.parent === stack.nav)
      #expect(names(stack.nav.view.subviews) == ["b.view"])
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(revealed.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "N13 a cancelled interactive pop leaves no moving flag behind: the next push covers the top without isMovingFromParent"
    )
    func n13CancelledPopLeavesNoFlag() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      #expect(stack.nav.uikitModel.beginInteractivePop())
      stack.nav.uikitModel.cancelInteractivePop()
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      stack.nav.pushViewController(observing("c"), animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["b"]) == """
          b.viewWillDisappear(false)
          b.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          b.viewDidDisappear(false)
          b.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          """)
      #expect(pushed[0].parent === stack.nav)
    }

    @Test(
      "N14 a finished interactive pop: the interaction handler says not cancelled, then the pop ends as an animated pop"
    )
    func n14FinishedInteractivePop() {
      let stack = ShownStack()
      let b = CoordinatedViewController()
      b.uikitModel.name = "b"
      stack.nav.pushViewController(b, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(stack.nav.uikitModel.beginInteractivePop())
      stack.nav.transitionCoordinator?.notifyWhenInteractionChanges { context in
        ModelRuntime.annotate(
          "test",
          "handler cancelled=\(context.isCancelled) interactive=\(context.isInteractive)")
      }
      stack.nav.transitionCoordinator?.animate(
        alongsideTransition: nil,
        completion: { context in
          ModelRuntime.annotate("test", "completion cancelled=\(context.isCancelled)")
        })
      stack.nav.uikitModel.finishInteractivePop()
      ModelRuntime.annotate("test", "finished")
      ModelRuntime.advance(by: 0.35)

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          b.willMove(toParent: nil)
          b.viewWillDisappear(true)
          root.viewWillAppear(true)
          root.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          nav.delegate.navigationController(willShow: root, animated: true)
          root.viewIsAppearing(true)
          test.handler cancelled=false interactive=false
          animation#2.start(pop(from: b, to: root), duration: 0.35)
          test.finished
          test.completion cancelled=false
          b.viewDidDisappear(true)
          root.viewDidAppear(true)
          root.viewDidAppear sees isMovingToParent=false isMovingFromParent=false
          b.didMove(toParent: nil)
          nav.delegate.navigationController(didShow: root, animated: true)
          animation#2.completion(true)
          """)
      #expect(b.parent == nil)
      #expect(names(stack.nav.view.subviews) == ["root.view"])
    }

    @Test(
      "N13 an interactive pop does not begin with only the root, off screen, or during a transition"
    )
    func n13InteractivePopPreconditions() {
      let stack = ShownStack()
      #expect(!stack.nav.uikitModel.beginInteractivePop())

      stack.nav.pushViewController(observing("b"), animated: true)
      #expect(!stack.nav.uikitModel.beginInteractivePop())
      ModelRuntime.runUntilIdle()

      stack.window.isHidden = true
      #expect(!stack.nav.uikitModel.beginInteractivePop())
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
    }

    // MARK: - N15 a change during a transition

    @Test(
      "N15 a push during a running push logs UIKit's nested-animation line; the model ends the first push, then starts the second"
    )
    func n15PushDuringPush() {
      let stack = ShownStack()
      let b = observing("b")
      let c = observing("c")

      stack.nav.pushViewController(b, animated: true)
      ModelRuntime.advance(by: 0.1)
      ModelRuntime.annotate("test", "second push")
      stack.nav.pushViewController(c, animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .nestedNavigationTransition,
            message: "nested push animation can result in a corrupted navigation bar")
        ])
      #expect(
        ModelRuntime.eventLog(for: ["b", "c", "test", "nav.delegate"]) == """
          b.willMove(toParent: nav)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          b.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: b, animated: true)
          b.viewIsAppearing(true)
          test.second push
          b.viewDidAppear(true)
          b.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          b.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: b, animated: true)
          c.willMove(toParent: nav)
          c.loadView()
          c.viewDidLoad()
          b.viewWillDisappear(true)
          b.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          c.viewWillAppear(true)
          c.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          nav.delegate.navigationController(willShow: c, animated: true)
          c.viewIsAppearing(true)
          b.viewDidDisappear(true)
          b.viewDidDisappear sees isMovingToParent=false isMovingFromParent=false
          c.viewDidAppear(true)
          c.viewDidAppear sees isMovingToParent=true isMovingFromParent=false
          c.didMove(toParent: nav)
          nav.delegate.navigationController(didShow: c, animated: true)
          """)
      #expect(names(stack.nav.viewControllers) == ["root", "b", "c"])
      #expect(names(stack.nav.view.subviews) == ["c.view"])
      #expect(abs(ModelRuntime.currentTime - 0.45) < 1e-9)
    }

    @Test(
      "N15 setViewControllers during a running push that reveals an old controller logs the pop line; a push during an interactive pop logs the push line and finishes the pop first"
    )
    func n15ReplacementAndPushDuringTransitions() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      stack.nav.pushViewController(observing("c"), animated: true)

      stack.nav.setViewControllers([stack.root, pushed[0]], animated: true)
      ModelRuntime.runUntilIdle()
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      #expect(names(stack.nav.view.subviews) == ["b.view"])

      #expect(stack.nav.uikitModel.beginInteractivePop())
      stack.nav.pushViewController(observing("d"), animated: false)
      #expect(!stack.nav.uikitModel.isInteractivePopInProgress)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics.map(\.message) == [
          "nested pop animation can result in a corrupted navigation bar",
          "nested push animation can result in a corrupted navigation bar",
        ])
      #expect(names(stack.nav.viewControllers) == ["root", "d"])
      #expect(pushed[0].parent == nil)
      #expect(names(stack.nav.view.subviews) == ["d.view"])
    }

    @Test(
      "N15 N11 a change right after a change without animation is not nested: the first ends at once, with no diagnostic"
    )
    func n15ChangesWithoutAnimationInARow() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      let c = observing("c")

      stack.nav.popViewController(animated: false)
      stack.nav.pushViewController(c, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(
        ModelRuntime.eventLog(for: ["b", "c"], categories: [.containment, .appearance]) == """
          b.willMove(toParent: nil)
          b.viewWillDisappear(false)
          b.viewDidDisappear(false)
          b.didMove(toParent: nil)
          c.willMove(toParent: nav)
          c.viewWillAppear(false)
          c.viewIsAppearing(false)
          c.viewDidAppear(false)
          c.didMove(toParent: nav)
          """)
      #expect(names(stack.nav.viewControllers) == ["root", "c"])
      #expect(pushed[0].parent == nil)
      #expect(names(stack.nav.view.subviews) == ["c.view"])
    }

    @Test(
      "N15 a change without animation during an animated one is still nested: UIKit logs the line by the running animation"
    )
    func n15ChangeWithoutAnimationDuringAnAnimatedOne() {
      let stack = ShownStack()
      stack.nav.pushViewController(observing("b"), animated: true)

      stack.nav.popToRootViewController(animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics.map(\.message) == [
          "nested pop animation can result in a corrupted navigation bar"
        ])
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(names(stack.nav.view.subviews) == ["root.view"])
    }

    // MARK: - N16 N17 misuse

    @Test(
      "N16 pushing a navigation controller or a controller already on the stack raises NSInvalidArgumentException and changes nothing",
      arguments: PushMisuse.allCases)
    func n16PushMisuse(_ misuse: PushMisuse) {
      let stack = ShownStack()
      let pushed = stack.push("b")
      let target: UIViewController
      let reason: String
      switch misuse {
      case .navigationController:
        let inner = UINavigationController()
        inner.uikitModel.name = "inner"
        target = inner
        reason = "Pushing a navigation controller is not supported"
      case .alreadyOnTheStack:
        target = pushed[0]
        reason = pushedTwice("<ObservingViewController: b>", on: stack.nav)
      case .rootAgain:
        target = stack.root
        reason = pushedTwice("<ObservingViewController: root>", on: stack.nav)
      }

      stack.nav.pushViewController(target, animated: true)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(name: ModelException.invalidArgument, reason: reason)
        ])
      #expect(names(stack.nav.viewControllers) == ["root", "b"])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(!ModelRuntime.hasPendingWork)
    }

    /// UIKit's reason for a push of a controller already on the stack (iOS 13 and later).
    private func pushedTwice(_ controller: String, on nav: UINavigationController) -> String {
      "\(nav) is pushing the same view controller instance (\(controller)) more than once which "
        + "is not supported and is most likely an error in the application"
        + (Bundle.main.bundleIdentifier.map { " : \($0)" } ?? "")
    }

    @Test(
      "N16 setViewControllers with a navigation controller or a controller listed twice raises and changes nothing"
    )
    func n16ReplacementMisuse() {
      let stack = ShownStack()
      let inner = UINavigationController()
      let b = observing("b")

      stack.nav.setViewControllers([stack.root, inner], animated: false)
      stack.nav.setViewControllers([b, b], animated: false)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "Pushing a navigation controller is not supported"),
          ModelException(
            name: ModelException.internalInconsistency,
            reason: "All view controllers in a navigation controller must be distinct ((\n"
              + "    \"<ObservingViewController: b>\",\n"
              + "    \"<ObservingViewController: b>\"\n))"),
        ])
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(b.parent == nil)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    // MARK: - N21 split view controllers

    @Test(
      "N21 pushing a split view controller, or listing one in setViewControllers, is logged and refused: the stack does not change"
    )
    func n21SplitViewControllerIsNotPushed() {
      let stack = ShownStack()
      let split = UISplitViewController()
      split.uikitModel.name = "split"
      let b = observing("b")

      stack.nav.pushViewController(split, animated: true)
      stack.nav.setViewControllers([stack.root, b, split], animated: false)
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(
        ModelRuntime.diagnostics.map(\.kind) == [
          .splitViewControllerPushed, .splitViewControllerPushed,
        ])
      #expect(
        ModelRuntime.diagnostics.map(\.message) == [
          "Split View Controllers cannot be pushed to a Navigation Controller",
          "Split View Controllers cannot be pushed to a Navigation Controller",
        ])
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(split.parent == nil)
      #expect(b.parent == nil)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    @Test(
      "N17 pushing a child of another container moves it the way addChild does: didMove(toParent: nil) from the old parent, then willMove to the navigation controller"
    )
    func n17PushAChildOfAnotherContainer() {
      let stack = ShownStack()
      let other = controller("other")
      let b = observing("b")
      other.addChild(b)
      b.didMove(toParent: other)
      ModelRuntime.clearEvents()

      stack.nav.pushViewController(b, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["b"], categories: [.containment]) == """
          b.didMove(toParent: nil)
          b.willMove(toParent: nav)
          b.didMove(toParent: nav)
          """)
      #expect(other.children.isEmpty)
      #expect(b.parent === stack.nav)
    }

    @Test(
      "N17 I1 pushing a controller whose view sits in another controller's view tree raises UIViewControllerHierarchyInconsistency and changes nothing"
    )
    func n17PushAControllerWhoseViewIsElsewhere() {
      let stack = ShownStack()
      let owner = controller("owner")
      let stray = controller("stray")
      owner.view.addSubview(stray.view)
      ModelRuntime.clearEvents()

      stack.nav.pushViewController(stray, animated: true)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: stray> should have parent view "
              + "controller:<UIViewController: owner> but requested parent is:"
              + "<UINavigationController: nav>")
        ])
      #expect(names(stack.nav.viewControllers) == ["root"])
      #expect(stray.parent == nil)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    // MARK: - N20 the stack leaves the window mid-transition

    @Test(
      "N20 a tab switched away and back mid-push: the covered controller, shown again, disappears when the push ends"
    )
    func n20CoveredControllerShownAgainDisappearsAtTheEnd() {
      freshModel()
      let root = controller("root")
      let nav = UINavigationController(rootViewController: root)
      nav.uikitModel.name = "nav"
      let other = controller("other")
      let tabs = UITabBarController()
      tabs.uikitModel.name = "tabs"
      tabs.viewControllers = [nav, other]
      let window = makeVisibleWindow(root: tabs)
      ModelRuntime.runUntilIdle()
      let pushed = controller("pushed")
      nav.pushViewController(pushed, animated: true)
      ModelRuntime.advance(by: 0.1)
      tabs.selectedViewController = other
      ModelRuntime.advance(by: 0.05)
      tabs.selectedViewController = nav
      ModelRuntime.clearEvents()
      ModelRuntime.annotate("test", "tab back")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          test.tab back
          root.viewWillDisappear(false)
          root.viewDidDisappear(false)
          pushed.didMove(toParent: nav)
          """)
      #expect(root.viewIfLoaded?.window == nil)
      #expect(root.uikitModel.appearanceState == .disappeared)
      #expect(pushed.view.window === window)
      #expect(pushed.uikitModel.appearanceState == .appeared)
      #expect(names(nav.view.subviews) == ["pushed.view"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - N18 N19

    @Test(
      "N18 navigationController is the nearest navigation ancestor, for pushed controllers and their children"
    )
    func n18NavigationController() {
      let stack = ShownStack()
      let pushed = stack.push("b")
      let grandchild = controller("grandchild")
      pushed[0].addChild(grandchild)
      grandchild.didMove(toParent: pushed[0])
      let outer = UINavigationController()
      let holder = controller("holder")
      outer.setViewControllers([holder], animated: false)
      let inner = UINavigationController()
      holder.addChild(inner)
      inner.didMove(toParent: holder)

      #expect(pushed[0].navigationController === stack.nav)
      #expect(grandchild.navigationController === stack.nav)
      #expect(stack.nav.navigationController == nil)
      #expect(inner.navigationController === outer)
      #expect(controller("loose").navigationController == nil)
    }

    @Test("N19 visibleViewController is the top of the stack while nothing is presented")
    func n19VisibleViewController() {
      let stack = ShownStack()
      #expect(stack.nav.visibleViewController === stack.root)
      let pushed = stack.push("b")
      #expect(stack.nav.visibleViewController === pushed[0])
    }

    @Test("N19 visibleViewController is the controller presented over the stack, then the top")
    func n19VisibleViewControllerPresented() {
      let stack = ShownStack()
      let modal = controller("modal")
      modal.modalPresentationStyle = .fullScreen
      stack.root.present(modal, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(stack.nav.presentedViewController === modal)
      #expect(stack.nav.visibleViewController === modal)
      #expect(stack.nav.topViewController === stack.root)
      modal.dismiss(animated: false)
      ModelRuntime.runUntilIdle()
      #expect(stack.nav.visibleViewController === stack.root)
    }
  }
}
#endif
