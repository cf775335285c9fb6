#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

// A child that notes, from inside its containment callbacks, what `parent` and the watched
// controllers' `children` are at that moment, and that can be told to skip `super` (B15).
@MainActor
private final class ProbeController: UIViewController {
  var watchedParents: [UIViewController] = []
  var notesMovingFlags = false
  var callsSuperInWillMove = true
  var callsSuperInDidMove = true
  var callsSuperInRemoveFromParent = true

  override func willMove(toParent parent: UIViewController?) {
    if callsSuperInWillMove { super.willMove(toParent: parent) }
    noteContainment("willMove(toParent: \(parent?.uikitModel.name ?? "nil"))")
  }

  override func didMove(toParent parent: UIViewController?) {
    if callsSuperInDidMove { super.didMove(toParent: parent) }
    noteContainment("didMove(toParent: \(parent?.uikitModel.name ?? "nil"))")
  }

  override func removeFromParent() {
    if callsSuperInRemoveFromParent { super.removeFromParent() }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    noteFlags("viewWillAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    noteFlags("viewWillDisappear")
  }

  private func noteContainment(_ callback: String) {
    guard !watchedParents.isEmpty else { return }
    let lists = watchedParents.map { watched in
      "\(watched.uikitModel.name).children=[\(watched.children.map(\.uikitModel.name).joined(separator: ","))]"
    }
    ModelRuntime.annotate(
      uikitModel.name,
      "in \(callback): parent=\(self.parent?.uikitModel.name ?? "nil") \(lists.joined(separator: " "))"
    )
  }

  private func noteFlags(_ callback: String) {
    guard notesMovingFlags else { return }
    ModelRuntime.annotate(
      uikitModel.name,
      "\(callback) sees isMovingToParent=\(isMovingToParent) isMovingFromParent=\(isMovingFromParent)"
    )
  }
}

// A container whose addChild(_:) override forgets to call super (B15).
@MainActor
private final class ForgetfulContainer: UIViewController {
  override func addChild(_ childController: UIViewController) {
    ModelRuntime.annotate(uikitModel.name, "addChild override without super")
  }
}

@MainActor
private func probe(_ name: String, watching parents: [UIViewController] = []) -> ProbeController {
  let probe = ProbeController()
  probe.uikitModel.name = name
  probe.watchedParents = parents
  return probe
}

extension ModelTests {
  @MainActor
  @Suite("Containment (semantics B)")
  struct Containment {
    // Where a child's loaded view sits when addChild(_:) runs its hierarchy check (B9).
    enum ForeignPlacement: String, CaseIterable, CustomTestStringConvertible, Sendable {
      case inOtherRootView
      case inSubviewOfOtherRootView
      case inSiblingRootViewInsideRequestedParent

      var testDescription: String { rawValue }
    }

    // Placements where addChild(_:) must not raise (B9 [G], B16 other orders).
    enum ConsistentPlacement: String, CaseIterable, CustomTestStringConvertible, Sendable {
      case inPlainViewTree
      case inRequestedParentRootView
      case inSubviewOfRequestedParentRootView
      case directlyInWindow

      var testDescription: String { rawValue }
    }

    // MARK: - addChild

    @Test(
      "B1 B5 B6 addChild sends willMove(toParent:) while parent is still nil, then adds the child")
    func addChildOrder() {
      freshModel()
      let parent = controller("parent")
      let child = probe("child")
      child.watchedParents = [parent]

      parent.addChild(child)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.in willMove(toParent: parent): parent=nil parent.children=[]
          """)
      #expect(parent.children == [child])
      #expect(child.parent === parent)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("B2 B3 addChild neither sends didMove(toParent:) nor places or loads the child's view")
    func addChildDoesNotPlaceView() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let loadedChild = controller("loaded")
      loadedChild.loadViewIfNeeded()
      let lazyChild = controller("lazy")
      ModelRuntime.clearEvents()

      parent.addChild(loadedChild)
      parent.addChild(lazyChild)

      #expect(
        ModelRuntime.eventLog() == """
          loaded.willMove(toParent: parent)
          lazy.willMove(toParent: parent)
          """)
      #expect(loadedChild.view.superview == nil)
      #expect(parent.view.subviews.isEmpty)
      #expect(!lazyChild.isViewLoaded)
    }

    @Test("B4 children keep addChild order; removing one keeps the others' relative order")
    func childrenOrder() {
      freshModel()
      let parent = controller("parent")
      let a = controller("a")
      let b = controller("b")
      let c = controller("c")
      let d = controller("d")

      for child in [a, b, c, d] {
        parent.addChild(child)
        child.didMove(toParent: parent)
      }
      #expect(parent.children == [a, b, c, d])

      b.willMove(toParent: nil)
      b.removeFromParent()
      #expect(parent.children == [a, c, d])

      parent.addChild(b)
      #expect(parent.children == [a, c, d, b])
    }

    @Test("B5 the parent holds its children strongly and is held weakly by them")
    func ownership() {
      freshModel()
      weak var weakChild: UIViewController?
      weak var weakParent: UIViewController?
      let keptChild = controller("kept")
      do {
        let parent = controller("parent")
        weakParent = parent
        let child = controller("child")
        weakChild = child
        parent.addChild(child)
        parent.addChild(keptChild)
        child.didMove(toParent: parent)
        keptChild.didMove(toParent: parent)
      }
      // The parent is gone (nothing strong holds it), so its children went with it, and the
      // surviving child's weak parent reference is nil.
      #expect(weakParent == nil)
      #expect(weakChild == nil)
      #expect(keptChild.parent == nil)

      let parent = controller("parent2")
      do {
        let child = controller("child2")
        weakChild = child
        parent.addChild(child)
        child.didMove(toParent: parent)
      }
      #expect(weakChild != nil)
      #expect(parent.children.count == 1)
      weakChild?.removeFromParent()
      #expect(weakChild == nil)
      #expect(parent.children.isEmpty)
    }

    @Test("B6 parent and children as seen from inside each containment callback of a full cycle")
    func parentTimingThroughCycle() {
      freshModel()
      let parent = controller("parent")
      let child = probe("child")
      child.watchedParents = [parent]

      parent.addChild(child)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.in willMove(toParent: parent): parent=nil parent.children=[]
          child.didMove(toParent: parent)
          child.in didMove(toParent: parent): parent=parent parent.children=[child]
          child.willMove(toParent: nil)
          child.in willMove(toParent: nil): parent=parent parent.children=[child]
          child.didMove(toParent: nil)
          child.in didMove(toParent: nil): parent=nil parent.children=[]
          """)
      #expect(child.parent == nil)
      #expect(parent.children.isEmpty)
    }

    // MARK: - Re-parenting and duplicates

    @Test(
      "B6 B7 addChild to a second parent first removes it from the first: didMove(nil), then willMove"
    )
    func reparenting() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let child = probe("child")
      child.loadViewIfNeeded()
      child.watchedParents = [first, second]
      first.addChild(child)
      child.didMove(toParent: first)
      ModelRuntime.clearEvents()

      second.addChild(child)

      #expect(
        ModelRuntime.eventLog() == """
          child.didMove(toParent: nil)
          child.in didMove(toParent: nil): parent=nil first.children=[] second.children=[]
          child.willMove(toParent: second)
          child.in willMove(toParent: second): parent=nil first.children=[] second.children=[]
          """)
      #expect(first.children.isEmpty)
      #expect(second.children == [child])
      #expect(child.parent === second)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test(
      "B7 B9 I1 re-parenting while the view is still in the old parent's view raises before any callback"
    )
    func reparentingWithViewLeftBehind() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let child = controller("child")
      first.addChild(child)
      first.view.addSubview(child.view)
      child.didMove(toParent: first)
      ModelRuntime.clearEvents()

      second.addChild(child)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: first> but requested parent is:<UIViewController: second>"
          )
        ])
      #expect(ModelRuntime.eventLog() == "")
      #expect(first.children == [child])
      #expect(second.children.isEmpty)
      #expect(child.parent === first)
      #expect(child.view.superview === first.view)
    }

    @Test(
      "B9 I1 L6 removeFromParent() alone leaves the view behind, so adding to another parent raises"
    )
    func removedButViewLeftBehind() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let child = controller("child")
      first.addChild(child)
      first.view.addSubview(child.view)
      child.didMove(toParent: first)
      child.willMove(toParent: nil)
      child.removeFromParent()
      ModelRuntime.clearEvents()

      second.addChild(child)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: first> but requested parent is:<UIViewController: second>"
          )
        ])
      #expect(ModelRuntime.eventLog() == "")
      #expect(second.children.isEmpty)
      #expect(child.parent == nil)
    }

    @Test("B8 K1 addChild of a controller that is already a child does nothing")
    func duplicateAddChild() {
      freshModel()
      let parent = controller("parent")
      let a = controller("a")
      let b = controller("b")
      parent.addChild(a)
      a.didMove(toParent: parent)
      parent.addChild(b)
      b.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      parent.addChild(a)

      #expect(ModelRuntime.eventLog() == "")
      #expect(parent.children == [a, b])
      #expect(a.parent === parent)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - Hierarchy check

    @Test(
      "B9 I1 J7 addChild raises when the child's view is inside another controller's view tree",
      arguments: ForeignPlacement.allCases)
    func hierarchyCheck(placement: ForeignPlacement) {
      freshModel()
      let requested = controller("requested")
      let child = controller("child")
      let other = controller("other")
      let sibling = controller("sibling")
      let box = view("box")
      let owner: String
      switch placement {
      case .inOtherRootView:
        other.view.addSubview(child.view)
        owner = "other"
      case .inSubviewOfOtherRootView:
        other.view.addSubview(box)
        box.addSubview(child.view)
        owner = "other"
      case .inSiblingRootViewInsideRequestedParent:
        // The nearest enclosing root view wins, even though the requested parent's view
        // encloses it further up.
        requested.addChild(sibling)
        requested.view.addSubview(sibling.view)
        sibling.didMove(toParent: requested)
        sibling.view.addSubview(child.view)
        owner = "sibling"
      }
      let childrenBefore = requested.children
      let superviewBefore = child.view.superview
      ModelRuntime.clearEvents()

      requested.addChild(child)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: \(owner)> but requested parent is:"
              + "<UIViewController: requested>")
        ])
      #expect(ModelRuntime.eventLog() == "")
      #expect(requested.children == childrenBefore)
      #expect(child.parent == nil)
      #expect(child.view.superview === superviewBefore)
      withExtendedLifetime((other, sibling, box)) {}
    }

    @Test(
      "B9 B16 addChild does not raise when no other controller's root view encloses the child's view",
      arguments: ConsistentPlacement.allCases)
    func hierarchyCheckPasses(placement: ConsistentPlacement) {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      var window: UIWindow?
      let plain = view("plain")
      let box = view("box")
      switch placement {
      case .inPlainViewTree:
        plain.addSubview(box)
        box.addSubview(child.view)
      case .inRequestedParentRootView:
        parent.view.addSubview(child.view)
      case .inSubviewOfRequestedParentRootView:
        parent.view.addSubview(box)
        box.addSubview(child.view)
      case .directlyInWindow:
        let shown = makeVisibleWindow()
        shown.addSubview(child.view)
        window = shown
      }
      let superviewBefore = child.view.superview
      ModelRuntime.clearEvents()

      parent.addChild(child)
      child.didMove(toParent: parent)

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.containment]) == """
          child.willMove(toParent: parent)
          child.didMove(toParent: parent)
          """)
      #expect(parent.children == [child])
      #expect(child.parent === parent)
      #expect(child.view.superview === superviewBefore)
      withExtendedLifetime((window, plain)) {}
    }

    @Test("B10 K2 addChild of the receiver itself raises the model's message and changes nothing")
    func addSelf() {
      freshModel()
      let vc = controller("vc")

      vc.addChild(vc)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: vc> cannot be added to "
              + "<UIViewController: vc>, which is the child itself or one of its descendants "
              + "(model message)")
        ])
      #expect(vc.children.isEmpty)
      #expect(vc.parent == nil)
      #expect(ModelRuntime.eventLog() == "")
    }

    @Test("B10 K2 addChild of an ancestor raises the model's message and changes nothing")
    func addAncestor() {
      freshModel()
      let grandparent = controller("grandparent")
      let parent = controller("parent")
      let child = controller("child")
      grandparent.addChild(parent)
      parent.didMove(toParent: grandparent)
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.addChild(grandparent)
      child.addChild(parent)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: grandparent> cannot be added to "
              + "<UIViewController: child>, which is the child itself or one of its descendants "
              + "(model message)"),
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: parent> cannot be added to "
              + "<UIViewController: child>, which is the child itself or one of its descendants "
              + "(model message)"),
        ])
      #expect(ModelRuntime.eventLog() == "")
      #expect(child.children.isEmpty)
      #expect(grandparent.parent == nil)
      #expect(grandparent.children == [parent])
      #expect(parent.parent === grandparent)
      #expect(parent.children == [child])
    }

    // MARK: - removeFromParent

    @Test(
      "B11 B12 removeFromParent removes the child, clears parent, then sends only didMove(toParent: nil)"
    )
    func removeFromParentOrder() {
      freshModel()
      let parent = controller("parent")
      let other = controller("other")
      let child = probe("child")
      parent.addChild(other)
      parent.addChild(child)
      other.didMove(toParent: parent)
      child.didMove(toParent: parent)
      child.watchedParents = [parent]
      ModelRuntime.clearEvents()

      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog() == """
          child.didMove(toParent: nil)
          child.in didMove(toParent: nil): parent=nil parent.children=[other]
          """)
      #expect(parent.children == [other])
      #expect(child.parent == nil)
    }

    @Test("B13 removeFromParent without a parent does nothing")
    func removeFromParentWithoutParent() {
      freshModel()
      let vc = controller("vc")

      vc.removeFromParent()

      #expect(ModelRuntime.eventLog() == "")
      #expect(vc.parent == nil)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("B14 removeFromParent leaves the child's view where it is, with no appearance callbacks")
    func removeFromParentKeepsView() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.willMove(toParent: nil)
          child.didMove(toParent: nil)
          """)
      #expect(child.view.superview === parent.view)
      #expect(child.view.window === window)
      #expect(child.uikitModel.appearanceState == .appeared)
    }

    // MARK: - Overrides that skip super

    @Test("B15 an addChild override that skips super adds nothing; the model does not repair it")
    func addChildWithoutSuper() {
      freshModel()
      let parent = ForgetfulContainer()
      parent.uikitModel.name = "parent"
      let child = controller("child")

      parent.addChild(child)

      #expect(
        ModelRuntime.eventLog() == """
          parent.addChild override without super
          """)
      #expect(parent.children.isEmpty)
      #expect(child.parent == nil)
    }

    @Test("B15 a removeFromParent override that skips super leaves the child in place")
    func removeFromParentWithoutSuper() {
      freshModel()
      let parent = controller("parent")
      let child = probe("child")
      child.callsSuperInRemoveFromParent = false
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.removeFromParent()

      #expect(ModelRuntime.eventLog(categories: [.containment]) == "")
      #expect(parent.children == [child])
      #expect(child.parent === parent)
    }

    @Test(
      "B15 C2 a willMove override that skips super leaves isMovingToParent false during the add")
    func willMoveWithoutSuper() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = probe("child")
      child.callsSuperInWillMove = false
      child.notesMovingFlags = true
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.annotation]) == """
          child.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          """)
      // addChild itself still did its own bookkeeping.
      #expect(parent.children == [child])
      #expect(child.parent === parent)
      #expect(child.view.window === window)
    }

    @Test(
      "B15 B16 C2 a didMove override that skips super leaves the child 'moving to parent' for good")
    func didMoveWithoutSuper() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = probe("child")
      child.callsSuperInDidMove = false
      child.notesMovingFlags = true
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      window.isHidden = true
      window.isHidden = false
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.annotation]) == """
          child.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          child.viewWillDisappear sees isMovingToParent=true isMovingFromParent=false
          child.viewWillAppear sees isMovingToParent=true isMovingFromParent=false
          """)
      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .missingDidMove,
            message: "didMove(toParent:) was never called for <ProbeController: child> after it "
              + "was added to <UIViewController: parent>; call didMove(toParent:) when the child's "
              + "view is in place (model check)")
        ])
    }

    // MARK: - Canonical sequences

    @Test("B16 L1 the canonical add sequence into a visible parent")
    func canonicalAddVisible() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      child.view.frame = parent.view.bounds
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          child.didMove(toParent: parent)
          """)
      #expect(parent.children == [child])
      #expect(child.view.superview === parent.view)
      #expect(child.view.window === window)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("B16 L3 the canonical remove sequence from a visible parent")
    func canonicalRemoveVisible() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      defer { withExtendedLifetime(window) {} }
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: nil)
          child.viewWillDisappear(false)
          child.viewDidDisappear(false)
          child.didMove(toParent: nil)
          """)
      #expect(parent.children.isEmpty)
      #expect(child.parent == nil)
      #expect(child.view.superview == nil)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("B16 the canonical add sequence off-window sends only containment and loading callbacks")
    func canonicalAddOffWindow() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: parent)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("B16 a child never told didMove(toParent:) is reported once, at runUntilIdle")
    func missingDidMoveDiagnostic() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      let finished = controller("finished")
      parent.addChild(child)
      parent.addChild(finished)
      finished.didMove(toParent: parent)
      parent.view.addSubview(child.view)
      #expect(ModelRuntime.diagnostics.isEmpty)

      ModelRuntime.runUntilIdle()
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .missingDidMove,
            message: "didMove(toParent:) was never called for <UIViewController: child> after it "
              + "was added to <UIViewController: parent>; call didMove(toParent:) when the child's "
              + "view is in place (model check)")
        ])
      // The child still is a child: the diagnostic does not repair anything.
      #expect(parent.children == [child, finished])
    }

    @Test("B16 a child told didMove(toParent:) later, before runUntilIdle, is not reported")
    func lateDidMoveIsFine() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      parent.addChild(child)
      ModelRuntime.advance(by: 1)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "B16 D14 adding the view before addChild is accepted (with the parentless-embedding diagnostic)"
    )
    func viewBeforeAddChild() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      defer { withExtendedLifetime(window) {} }
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.view.addSubview(child.view)
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(parent.children == [child])
      #expect(child.parent === parent)
      #expect(
        ModelRuntime.eventLog(for: ["child"], categories: [.containment]) == """
          child.willMove(toParent: parent)
          child.didMove(toParent: parent)
          """)
      #expect(ModelRuntime.diagnostics.map(\.kind) == [.parentlessViewControllerEmbedded])
    }

    // MARK: - Children without views

    @Test(
      "B17 D4 J9 children whose views are not shown stay children, unloaded and without callbacks")
    func childrenWithoutViews() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let shown = controller("shown")
      let hidden = controller("hidden")
      parent.addChild(shown)
      parent.addChild(hidden)
      parent.view.addSubview(shown.view)
      shown.didMove(toParent: parent)
      hidden.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["shown", "hidden"]) == """
          shown.viewWillAppear(false)
          shown.viewIsAppearing(false)
          shown.viewDidAppear(false)
          """)
      #expect(parent.children == [shown, hidden])
      #expect(hidden.parent === parent)
      #expect(!hidden.isViewLoaded)
      #expect(hidden.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("B17 a child whose view leaves the hierarchy stays a child until it is removed")
    func childWithViewTakenOut() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      defer { withExtendedLifetime(window) {} }
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.view.removeFromSuperview()

      #expect(
        ModelRuntime.eventLog() == """
          child.viewWillDisappear(false)
          child.viewDidDisappear(false)
          """)
      #expect(parent.children == [child])
      #expect(child.parent === parent)
    }

    @Test(
      "B17 removing a child severs the relationship; removing an unloaded child does not load it")
    func removalSevers() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.willMove(toParent: nil)
      child.removeFromParent()
      parent.loadViewIfNeeded()
      let window = makeVisibleWindow(root: parent)
      defer { withExtendedLifetime(window) {} }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.willMove(toParent: nil)
          child.didMove(toParent: nil)
          """)
      #expect(!child.isViewLoaded)
      #expect(parent.children.isEmpty)
      #expect(child.parent == nil)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - Seed-derived statements

    @Test("J1 containment calls never touch the child's root view geometry or its content")
    func containmentLeavesContentAlone() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let child = controller("child")
      let content = view("content", frame: CGRect(x: 5, y: 6, width: 7, height: 8))
      child.view.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
      child.view.addSubview(content)

      parent.addChild(child)
      child.didMove(toParent: parent)
      #expect(child.view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
      #expect(child.view.superview == nil)
      child.willMove(toParent: nil)
      child.removeFromParent()

      #expect(child.view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
      #expect(child.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
      #expect(child.view.translatesAutoresizingMaskIntoConstraints)
      #expect(child.view.subviews == [content])
      #expect(content.frame == CGRect(x: 5, y: 6, width: 7, height: 8))
      #expect(child.view.superview == nil)
      #expect(parent.view.subviews.isEmpty)
    }

    @Test("J5 B5 parent and children change only through addChild and removeFromParent")
    func parentHasNoSetter() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")

      // Calling the notifications directly is not containment.
      child.willMove(toParent: parent)
      child.didMove(toParent: parent)
      #expect(child.parent == nil)
      #expect(parent.children.isEmpty)

      parent.addChild(child)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.didMove(toParent: nil)
      #expect(child.parent === parent)
      #expect(parent.children == [child])

      // Neither property offers a setter, not even through a key path.
      let parentPath: KeyPath<UIViewController, UIViewController?> = \.parent
      let childrenPath: KeyPath<UIViewController, [UIViewController]> = \.children
      #expect(!(parentPath is ReferenceWritableKeyPath<UIViewController, UIViewController?>))
      #expect(!(childrenPath is ReferenceWritableKeyPath<UIViewController, [UIViewController]>))
      #expect(child[keyPath: parentPath] === parent)
    }

    @Test("J7 F5 I2 a child's view placed under a sibling's root view in a window raises")
    func childViewUnderSiblingInWindow() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      defer { withExtendedLifetime(window) {} }
      let sibling = controller("sibling")
      parent.addChild(sibling)
      parent.view.addSubview(sibling.view)
      sibling.didMove(toParent: parent)
      let child = controller("child")
      parent.addChild(child)
      child.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      sibling.view.addSubview(child.view)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: sibling> but actual parent is:<UIViewController: parent>"
          )
        ])
      #expect(child.view.superview == nil)
      #expect(sibling.view.subviews.isEmpty)
      #expect(ModelRuntime.eventLog(for: ["child"]) == "")
    }

    @Test("J8 calling didMove(toParent:) again is harmless")
    func repeatedDidMove() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = probe("child")
      child.notesMovingFlags = true
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      child.didMove(toParent: parent)
      child.didMove(toParent: parent)
      window.isHidden = true
      window.isHidden = false
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["child"]) == """
          child.didMove(toParent: parent)
          child.didMove(toParent: parent)
          child.viewWillDisappear(false)
          child.viewWillDisappear sees isMovingToParent=false isMovingFromParent=false
          child.viewDidDisappear(false)
          child.viewWillAppear(false)
          child.viewWillAppear sees isMovingToParent=false isMovingFromParent=false
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          """)
      #expect(parent.children == [child])
      #expect(child.parent === parent)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "J8 J9 E7 SEED pattern: two children up front, one shown, swapped by a zero-duration transition"
    )
    func seedSwapPattern() throws {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let showArea = view("showArea", frame: CGRect(x: 0, y: 100, width: 390, height: 400))
      parent.view.addSubview(showArea)
      let a = controller("a")
      let b = controller("b")
      parent.addChild(a)
      parent.addChild(b)
      a.view.frame = showArea.bounds
      showArea.addSubview(a.view)
      a.didMove(toParent: parent)
      b.didMove(toParent: parent)
      #expect(!b.isViewLoaded)
      ModelRuntime.clearEvents()

      parent.transition(
        from: a, to: b, duration: 0, options: [], animations: {},
        completion: { finished in
          ModelRuntime.annotate("completion", "finished=\(finished)")
          // SEED-1: the completion tells the arriving child again; harmless (J8).
          b.didMove(toParent: parent)
        })

      #expect(
        ModelRuntime.eventLog(for: ["a", "b", "completion"]) == """
          a.viewWillDisappear(false)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          b.viewIsAppearing(false)
          """)
      #expect(b.view.superview === showArea)
      #expect(a.view.superview === showArea)

      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b", "completion"]) == """
          a.viewWillDisappear(false)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(false)
          b.viewIsAppearing(false)
          b.viewDidAppear(false)
          a.viewDidDisappear(false)
          completion.finished=true
          b.didMove(toParent: parent)
          """)
      #expect(showArea.subviews == [b.view])
      #expect(a.view.superview == nil)
      #expect(b.view.window === window)
      #expect(parent.children == [a, b])
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }
  }
}
#endif
