#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// The canonical scenarios of semantics.md section L, with their full expected event logs.
  @MainActor
  @Suite("Canonical scenarios (semantics L1–L9)")
  struct Scenarios {
    @Test("L1 add a child to a visible parent with automatic forwarding")
    func addChildToVisibleParent() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
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
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          child.didMove(toParent: parent)
          """)
      #expect(parent.children == [child])
      #expect(child.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("L2 children added in viewDidLoad appear after their parent, not as moving to parent")
    func childAddedInViewDidLoad() {
      freshModel()
      let child = ObservingViewController()
      child.uikitModel.name = "child"
      child.observesMovingFlags = true
      let parent = EmbeddingViewController(embedding: child)
      parent.uikitModel.name = "parent"
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))

      window.rootViewController = parent
      window.makeKeyAndVisible()

      #expect(
        ModelRuntime.eventLog() == """
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
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("L3 removing a visible child: willMove(nil), disappearance, didMove(nil)")
    func removeVisibleChild() throws {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = ObservingViewController()
      child.uikitModel.name = "child"
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      child.observesMovingFlags = true
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: nil)
          child.viewWillDisappear(false)
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=true
          child.viewDidDisappear(false)
          child.viewDidDisappear sees isMovingToParent=false isMovingFromParent=true
          child.didMove(toParent: nil)
          """)
      #expect(parent.children.isEmpty)
      #expect(child.parent == nil)
      #expect(child.view.superview == nil)
      #expect(child.view.window == nil)
      #expect(parent.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("B16 Apple's add and remove listings, with a frame, keep both trees consistent")
    func addAndRemoveListings() throws {
      freshModel()
      let container = ListingContainer()
      container.uikitModel.name = "container"
      let window = makeVisibleWindow(root: container)
      let content = controller("content")
      ModelRuntime.clearEvents()

      container.display(content)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          content.willMove(toParent: container)
          content.loadView()
          content.viewDidLoad()
          content.viewWillAppear(false)
          content.viewIsAppearing(false)
          content.viewDidAppear(false)
          content.didMove(toParent: container)
          """)
      #expect(content.view.frame == CGRect(x: 0, y: 100, width: 390, height: 744))
      #expect(content.view.superview === container.view)
      #expect(window.subviews == [container.view])

      ModelRuntime.clearEvents()
      container.hide(content)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          content.willMove(toParent: nil)
          content.viewWillDisappear(false)
          content.viewDidDisappear(false)
          content.didMove(toParent: nil)
          """)
      #expect(container.children.isEmpty)
      #expect(container.view.subviews.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("B16 a removed child and its view are released")
    func removedChildIsReleased() {
      freshModel()
      let container = ListingContainer()
      let window = makeVisibleWindow(root: container)
      weak var weakChild: UIViewController?
      weak var weakView: UIView?
      do {
        let child = UIViewController()
        weakChild = child
        weakView = child.view
        container.display(child)
        container.hide(child)
      }
      ModelRuntime.runUntilIdle()

      #expect(weakChild == nil)
      #expect(weakView == nil)
      #expect(window.rootViewController === container)
    }
  }
}

/// A container that adds its child in `viewDidLoad`, before it is visible.
@MainActor
private final class EmbeddingViewController: UIViewController {
  let embedded: UIViewController

  init(embedding child: UIViewController) {
    embedded = child
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    addChild(embedded)
    view.addSubview(embedded.view)
    embedded.didMove(toParent: self)
  }
}

/// A container following the add and remove steps of Apple's container guide: associate, size,
/// add the view, notify; and notify, remove the view, dissociate.
@MainActor
private final class ListingContainer: UIViewController {
  func display(_ content: UIViewController) {
    addChild(content)
    content.view.frame = frameForContent()
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }

  func hide(_ content: UIViewController) {
    content.willMove(toParent: nil)
    content.view.removeFromSuperview()
    content.removeFromParent()
  }

  private func frameForContent() -> CGRect {
    CGRect(x: 0, y: 100, width: view.bounds.width, height: view.bounds.height - 100)
  }
}
#endif
