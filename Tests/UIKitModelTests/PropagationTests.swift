#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A controller that counts the memory warnings its override receives.
@MainActor
private final class MemoryCountingController: UIViewController {
  var warnings = 0
  var callsSuper = true

  override func didReceiveMemoryWarning() {
    if callsSuper { super.didReceiveMemoryWarning() }
    warnings += 1
  }
}

/// A container whose trait and size transition overrides can skip `super`.
@MainActor
private final class TransitionContainer: UIViewController {
  var forwardsTraits = true
  var fixedChildSizes: [ObjectIdentifier: CGSize] = [:]

  override func willTransition(
    to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    if forwardsTraits { super.willTransition(to: newCollection, with: coordinator) }
  }

  override func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    ModelRuntime.annotate(
      uikitModel.name,
      "sees own size \(Int(view.bounds.width))×\(Int(view.bounds.height)) before the change")
    super.viewWillTransition(to: size, with: coordinator)
  }

  override func size(
    forChildContentContainer container: any UIContentContainer,
    withParentContainerSize parentSize: CGSize
  ) -> CGSize {
    if let child = container as? UIViewController,
      let fixed = fixedChildSizes[ObjectIdentifier(child)]
    {
      return fixed
    }
    return super.size(forChildContentContainer: container, withParentContainerSize: parentSize)
  }
}

/// A container that notes which child its preferred-content-size hook was called with.
@MainActor
private final class SizeObservingContainer: UIViewController {
  override func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    let name = (container as? UIViewController)?.uikitModel.name ?? "?"
    ModelRuntime.annotate(
      uikitModel.name,
      "sees \(name) preferring \(Int(container.preferredContentSize.width))×"
        + "\(Int(container.preferredContentSize.height))")
  }
}

/// A controller whose status bar, home indicator and screen edge answers are settable.
@MainActor
private final class StatusBarController: UIViewController {
  var styleChild: UIViewController?
  var hiddenChild: UIViewController?
  var homeChild: UIViewController?
  var edgesChild: UIViewController?
  var style: UIStatusBarStyle = .default
  var hidden = false
  var homeHidden = false
  var edges: UIRectEdge = []

  override var childForStatusBarStyle: UIViewController? { styleChild }
  override var childForStatusBarHidden: UIViewController? { hiddenChild }
  override var childForHomeIndicatorAutoHidden: UIViewController? { homeChild }
  override var childForScreenEdgesDeferringSystemGestures: UIViewController? { edgesChild }
  override var preferredStatusBarStyle: UIStatusBarStyle { style }
  override var prefersStatusBarHidden: Bool { hidden }
  override var prefersHomeIndicatorAutoHidden: Bool { homeHidden }
  override var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { edges }
}

/// A view that can become first responder and notes when it resigns.
@MainActor
private final class FieldView: UIView {
  override var canBecomeFirstResponder: Bool { true }

  @discardableResult
  override func resignFirstResponder() -> Bool {
    ModelRuntime.annotate(uikitModel.name, "resignFirstResponder()")
    return super.resignFirstResponder()
  }
}

@MainActor
private func field(_ name: String) -> FieldView {
  let view = FieldView(frame: .zero)
  view.uikitModel.name = name
  return view
}

@MainActor
private func statusBarController(_ name: String) -> StatusBarController {
  let controller = StatusBarController()
  controller.uikitModel.name = name
  return controller
}

/// Adds `child` to `parent` with the canonical sequence, its view in `parent.view`.
@MainActor
private func embed(_ child: UIViewController, in parent: UIViewController) {
  parent.addChild(child)
  parent.view.addSubview(child.view)
  child.didMove(toParent: parent)
}

extension ModelTests {
  @MainActor
  @Suite("Propagation to children (semantics H)")
  struct Propagation {
    // MARK: - H1

    @Test("H1 simulateMemoryWarning calls didReceiveMemoryWarning once on every live controller")
    func memoryWarningReachesEveryController() throws {
      freshModel()
      let root = MemoryCountingController()
      root.uikitModel.name = "root"
      root.callsSuper = false
      let child = MemoryCountingController()
      child.uikitModel.name = "child"
      let grandchild = MemoryCountingController()
      grandchild.uikitModel.name = "grandchild"
      let loose = MemoryCountingController()
      loose.uikitModel.name = "loose"
      do {
        let gone = controller("gone")
        #expect(gone.uikitModel.name == "gone")
      }
      let window = makeVisibleWindow(root: root)
      embed(child, in: root)
      embed(grandchild, in: child)
      ModelRuntime.clearEvents()

      ModelRuntime.simulateMemoryWarning()

      #expect(
        ModelRuntime.eventLog(categories: [.system]) == """
          root.didReceiveMemoryWarning()
          child.didReceiveMemoryWarning()
          grandchild.didReceiveMemoryWarning()
          loose.didReceiveMemoryWarning()
          """)
      #expect([root, child, grandchild, loose].map(\.warnings) == [1, 1, 1, 1])
      #expect(root.isViewLoaded)
      #expect(child.view.superview === root.view)
      #expect(ModelRuntime.eventLog() == "")
      #expect(root.view.window === window)
    }

    // MARK: - H2

    @Test(
      "H2 setOverrideTraitCollection(_:forChild:) is read back and merged into the child's traits")
    func overrideTraitCollectionForChild() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let first = controller("first")
      let second = controller("second")
      embed(first, in: parent)
      embed(second, in: parent)
      window.uikitModel.traitCollection = UITraitCollection(userInterfaceStyle: .dark)
      let compact = UITraitCollection(horizontalSizeClass: .compact)

      parent.setOverrideTraitCollection(compact, forChild: first)

      #expect(parent.overrideTraitCollection(forChild: first) == compact)
      #expect(parent.overrideTraitCollection(forChild: second) == nil)
      #expect(first.traitCollection.horizontalSizeClass == .compact)
      #expect(first.traitCollection.userInterfaceStyle == .dark)
      #expect(second.traitCollection == UITraitCollection(userInterfaceStyle: .dark))
      #expect(parent.traitCollection == UITraitCollection(userInterfaceStyle: .dark))

      parent.setOverrideTraitCollection(nil, forChild: first)

      #expect(parent.overrideTraitCollection(forChild: first) == nil)
      #expect(first.traitCollection == UITraitCollection(userInterfaceStyle: .dark))
      #expect(parent.view.window === window)
    }

    @Test(
      "H2 a window trait change reaches the root's willTransition(to:with:) and, through the base implementation, every descendant"
    )
    func traitTransitionForwarded() {
      freshModel()
      let root = TransitionContainer()
      root.uikitModel.name = "root"
      let window = makeVisibleWindow(root: root)
      let first = controller("first")
      let grandchild = controller("grandchild")
      let second = controller("second")
      embed(first, in: root)
      embed(grandchild, in: first)
      embed(second, in: root)
      root.setOverrideTraitCollection(
        UITraitCollection(verticalSizeClass: .compact), forChild: first)
      ModelRuntime.clearEvents()

      window.uikitModel.traitCollection = UITraitCollection(userInterfaceStyle: .dark)

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding]) == """
          root.willTransition(to: traits(h: unspecified, v: unspecified, style: dark))
          first.willTransition(to: traits(h: unspecified, v: compact, style: dark))
          grandchild.willTransition(to: traits(h: unspecified, v: compact, style: dark))
          second.willTransition(to: traits(h: unspecified, v: unspecified, style: dark))
          """)
    }

    @Test(
      "H2 an override of willTransition(to:with:) that does not call super stops the propagation")
    func traitTransitionStopsWithoutSuper() {
      freshModel()
      let root = TransitionContainer()
      root.uikitModel.name = "root"
      root.forwardsTraits = false
      let window = makeVisibleWindow(root: root)
      let child = controller("child")
      embed(child, in: root)
      ModelRuntime.clearEvents()

      window.uikitModel.traitCollection = UITraitCollection(horizontalSizeClass: .regular)

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding])
          == "root.willTransition(to: traits(h: regular, v: unspecified, style: unspecified))")
    }

    // MARK: - H3

    @Test(
      "H3 a window size change calls the root's viewWillTransition(to:with:) before resizing, then each child's"
    )
    func sizeTransitionForwarded() {
      freshModel()
      let root = TransitionContainer()
      root.uikitModel.name = "root"
      let window = makeVisibleWindow(root: root)
      let filling = controller("filling")
      embed(filling, in: root)
      filling.view.frame = root.view.bounds
      let small = controller("small")
      embed(small, in: root)
      small.view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
      small.view.autoresizingMask = []
      let unloaded = controller("unloaded")
      root.addChild(unloaded)
      unloaded.didMove(toParent: root)
      ModelRuntime.clearEvents()

      window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding, .annotation]) == """
          root.viewWillTransition(to: 844×390)
          root.sees own size 390×844 before the change
          filling.viewWillTransition(to: 844×390)
          small.viewWillTransition(to: 844×390)
          unloaded.viewWillTransition(to: 844×390)
          """)
      #expect(root.view.bounds.size == CGSize(width: 844, height: 390))
      #expect(!unloaded.isViewLoaded)
    }

    @Test("H3 a child whose view already has the size its parent gives it is skipped")
    func sizeTransitionSkipsUnchangedChild() {
      freshModel()
      let root = TransitionContainer()
      root.uikitModel.name = "root"
      let window = makeVisibleWindow(root: root)
      let sidebar = controller("sidebar")
      embed(sidebar, in: root)
      sidebar.view.frame = CGRect(x: 0, y: 0, width: 200, height: 390)
      sidebar.view.autoresizingMask = []
      let content = controller("content")
      embed(content, in: root)
      root.fixedChildSizes[ObjectIdentifier(sidebar)] = CGSize(width: 200, height: 390)
      root.fixedChildSizes[ObjectIdentifier(content)] = CGSize(width: 644, height: 390)
      ModelRuntime.clearEvents()

      window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding]) == """
          root.viewWillTransition(to: 844×390)
          content.viewWillTransition(to: 644×390)
          """)
    }

    @Test("H3 a window frame change that keeps the size sends no size transition")
    func sameSizeNoTransition() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      embed(controller("child"), in: root)
      ModelRuntime.clearEvents()

      window.frame = CGRect(x: 30, y: 40, width: 390, height: 844)

      #expect(ModelRuntime.eventLog(categories: [.forwarding]) == "")
      #expect(window.frame.origin == CGPoint(x: 30, y: 40))
    }

    @Test(
      "H3 the model's default size(forChildContentContainer:withParentContainerSize:) is parentSize"
    )
    func defaultChildSizeIsParentSize() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      embed(child, in: parent)
      child.view.frame = CGRect(x: 0, y: 0, width: 10, height: 20)

      let size = parent.size(
        forChildContentContainer: child, withParentContainerSize: CGSize(width: 300, height: 500))

      #expect(size == CGSize(width: 300, height: 500))
    }

    // MARK: - H4

    @Test("H4 a child's preferredContentSize change tells its parent, only when the value changes")
    func preferredContentSizeForwarded() {
      freshModel()
      let parent = SizeObservingContainer()
      parent.uikitModel.name = "parent"
      let child = controller("child")
      parent.addChild(child)
      child.didMove(toParent: parent)
      #expect(child.preferredContentSize == .zero)
      ModelRuntime.clearEvents()

      child.preferredContentSize = CGSize(width: 100, height: 200)
      child.preferredContentSize = CGSize(width: 100, height: 200)
      child.preferredContentSize = CGSize(width: 120, height: 200)

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding, .annotation]) == """
          parent.preferredContentSizeDidChange(forChildContentContainer: child)
          parent.sees child preferring 100×200
          parent.preferredContentSizeDidChange(forChildContentContainer: child)
          parent.sees child preferring 120×200
          """)
    }

    @Test("H4 a preferredContentSize change on a controller without a parent tells no one")
    func preferredContentSizeWithoutParent() {
      freshModel()
      let loose = controller("loose")
      ModelRuntime.clearEvents()

      loose.preferredContentSize = CGSize(width: 50, height: 50)

      #expect(loose.preferredContentSize == CGSize(width: 50, height: 50))
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    // MARK: - H6

    @Test("H6 defaults: the default style, status bar and home indicator shown, no child consulted")
    func statusBarDefaults() {
      freshModel()
      let plain = controller("plain")

      #expect(plain.preferredStatusBarStyle == .default)
      #expect(!plain.prefersStatusBarHidden)
      #expect(!plain.prefersHomeIndicatorAutoHidden)
      #expect(plain.preferredScreenEdgesDeferringSystemGestures == [])
      #expect(plain.childForStatusBarStyle == nil)
      #expect(plain.childForStatusBarHidden == nil)
      #expect(plain.childForHomeIndicatorAutoHidden == nil)
      #expect(plain.childForScreenEdgesDeferringSystemGestures == nil)
      #expect(ModelRuntime.statusBarStyleViewController(from: plain) === plain)
      #expect(ModelRuntime.statusBarHiddenViewController(from: plain) === plain)
      #expect(ModelRuntime.homeIndicatorViewController(from: plain) === plain)
      #expect(ModelRuntime.screenEdgesViewController(from: plain) === plain)
      #expect(!plain.isViewLoaded)
    }

    @Test("H6 the childFor… chains are followed to the controller whose preference decides")
    func statusBarChains() {
      freshModel()
      let root = statusBarController("root")
      let middle = statusBarController("middle")
      let leaf = statusBarController("leaf")
      embed(middle, in: root)
      embed(leaf, in: middle)
      leaf.style = .lightContent
      middle.hidden = true
      leaf.homeHidden = true
      root.edges = [.bottom]
      root.styleChild = middle
      middle.styleChild = leaf
      root.hiddenChild = middle
      root.homeChild = leaf

      let styleDecider = ModelRuntime.statusBarStyleViewController(from: root)
      let hiddenDecider = ModelRuntime.statusBarHiddenViewController(from: root)
      let homeDecider = ModelRuntime.homeIndicatorViewController(from: root)
      let edgesDecider = ModelRuntime.screenEdgesViewController(from: root)

      #expect(styleDecider === leaf)
      #expect(styleDecider.preferredStatusBarStyle == .lightContent)
      #expect(hiddenDecider === middle)
      #expect(hiddenDecider.prefersStatusBarHidden)
      #expect(homeDecider === leaf)
      #expect(homeDecider.prefersHomeIndicatorAutoHidden)
      #expect(edgesDecider === root)
      #expect(edgesDecider.preferredScreenEdgesDeferringSystemGestures == [.bottom])
      #expect(ModelRuntime.statusBarStyleViewController(from: middle) === leaf)
    }

    @Test("H6 setNeedsStatusBarAppearanceUpdate and its siblings are recorded")
    func statusBarUpdatesRecorded() {
      freshModel()
      let root = controller("root")
      ModelRuntime.clearEvents()

      root.setNeedsStatusBarAppearanceUpdate()
      root.setNeedsUpdateOfHomeIndicatorAutoHidden()
      root.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()

      #expect(
        ModelRuntime.eventLog(categories: [.forwarding]) == """
          root.setNeedsStatusBarAppearanceUpdate()
          root.setNeedsUpdateOfHomeIndicatorAutoHidden()
          root.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
          """)
    }

    // MARK: - H7

    @Test("H7 a first responder inside a removed child view resigns and stays resigned")
    func firstResponderInRemovedSubtreeResigns() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      embed(child, in: parent)
      let box = view("box")
      child.view.addSubview(box)
      let input = field("input")
      box.addSubview(input)
      #expect(input.becomeFirstResponder())
      #expect(input.isFirstResponder)
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(ModelRuntime.eventLog(for: ["input"]) == "input.resignFirstResponder()")
      #expect(!input.isFirstResponder)

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      #expect(input.window === window)
      #expect(!input.isFirstResponder)
    }

    @Test("H7 removing a subtree that does not contain the first responder leaves it alone")
    func firstResponderOutsideRemovedSubtreeStays() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let input = field("input")
      parent.view.addSubview(input)
      let child = controller("child")
      embed(child, in: parent)
      #expect(input.becomeFirstResponder())
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(input.isFirstResponder)
      #expect(input.window === window)
      #expect(ModelRuntime.eventLog(for: ["input"]) == "")
    }
  }
}
#endif
