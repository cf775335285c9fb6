#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A container that forwards appearance callbacks to its children itself.
@MainActor
private final class ManualForwardingContainer: UIViewController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

@MainActor
private func names(_ controllers: [UIViewController]) -> [String] {
  controllers.map(\.uikitModel.name)
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
  @Suite("Exceptions and diagnostics (semantics I)")
  struct ExceptionCatalog {
    @Test(
      "I1 B9 addChild of a controller whose view sits in another controller's view tree raises and changes nothing"
    )
    func i1AddChildWithViewInOtherTree() {
      freshModel()
      let owner = controller("owner")
      let requested = controller("requested")
      let stray = controller("stray")
      let area = UIView()
      area.uikitModel.name = "area"
      owner.view.addSubview(area)
      area.addSubview(stray.view)
      ModelRuntime.clearEvents()

      requested.addChild(stray)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: stray> should have parent view "
              + "controller:<UIViewController: owner> but requested parent is:"
              + "<UIViewController: requested>")
        ])
      #expect(stray.parent == nil)
      #expect(requested.children.isEmpty)
      #expect(stray.view.superview === area)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    @Test("I1 addChild of a controller whose view is in a tree with no view controller is allowed")
    func i1NoEnclosingControllerIsAllowed() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      let plain = UIView()
      plain.addSubview(child.view)

      parent.addChild(child)

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(child.parent === parent)
    }

    @Test(
      "L6 I1 P2.addChild(C) while C's view is still in P1's view after removeFromParent raises; C stays parentless"
    )
    func l6AddChildToSecondParentWithViewLeftBehind() {
      freshModel()
      let first = controller("first")
      let window = makeVisibleWindow(root: first)
      let second = controller("second")
      let child = controller("child")
      embed(child, in: first)
      child.removeFromParent()
      ModelRuntime.clearEvents()

      second.addChild(child)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: first> but requested parent is:"
              + "<UIViewController: second>")
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(child.parent == nil)
      #expect(first.children.isEmpty)
      #expect(second.children.isEmpty)
      #expect(child.view.superview === first.view)
      #expect(child.view.window === window)
      #expect(child.uikitModel.appearanceState == .appeared)
    }

    @Test(
      "L7 I2 F5 putting child C's view under sibling S's root view in a window raises naming S; nothing changes"
    )
    func l7ChildViewUnderSibling() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let sibling = controller("sibling")
      embed(sibling, in: parent)
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
              + "controller:<UIViewController: sibling> but actual parent is:"
              + "<UIViewController: parent>")
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(child.view.superview == nil)
      #expect(child.view.window == nil)
      #expect(sibling.view.subviews.isEmpty)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(child.parent === parent)
      #expect(names(parent.children) == ["sibling", "child"])
      #expect(sibling.view.window === window)
    }

    @Test("I2 F5 a child's view put in a window under no view controller raises naming (null)")
    func i2ChildViewInWindowWithoutController() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      parent.addChild(child)
      child.loadViewIfNeeded()
      let window = makeVisibleWindow()
      let plain = UIView()
      plain.uikitModel.name = "plain"
      window.addSubview(plain)
      ModelRuntime.clearEvents()

      plain.addSubview(child.view)
      window.addSubview(child.view)

      let expected = ModelException(
        name: ModelException.hierarchyInconsistency,
        reason: "child view controller:<UIViewController: child> should have parent view "
          + "controller:(null) but actual parent is:<UIViewController: parent>")
      #expect(ModelRuntime.recordedExceptions == [expected, expected])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(child.view.superview == nil)
      #expect(plain.subviews.isEmpty)
      #expect(window.subviews == [plain])
      #expect(child.uikitModel.appearanceState == .disappeared)
    }

    @Test(
      "I3 E2 transition(from:to:) with a controller that is not a child raises and changes nothing")
    func i3TransitionWithNonChild() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let from = controller("from")
      embed(from, in: parent)
      let to = controller("to")
      var ranAnimations = false
      var completions: [Bool] = []
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      parent.transition(
        from: from, to: to, duration: 0.3, options: [],
        animations: { ranAnimations = true },
        completion: { completions.append($0) })
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "Children view controllers <UIViewController: from> and "
              + "<UIViewController: to> must have a common parent view controller when calling "
              + "-[UIViewController transitionFromViewController:toViewController:duration:"
              + "options:animations:completion:]")
        ])
      #expect(!ranAnimations)
      #expect(completions.isEmpty)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(!to.isViewLoaded)
      #expect(from.view.superview === parent.view)
      #expect(from.uikitModel.appearanceState == .appeared)
      #expect(names(parent.children) == ["from"])
      #expect(parent.view.window === window)
    }

    @Test(
      "I4 E3 transition(from:to:) on a container that forwards appearance manually raises (model text)"
    )
    func i4TransitionInManualContainer() {
      freshModel()
      let container = ManualForwardingContainer()
      container.uikitModel.name = "container"
      let from = controller("from")
      let to = controller("to")
      container.addChild(from)
      container.view.addSubview(from.view)
      from.didMove(toParent: container)
      container.addChild(to)
      var completions: [Bool] = []
      ModelRuntime.clearEvents()

      container.transition(
        from: from, to: to, duration: 0, options: [], animations: nil,
        completion: { completions.append($0) })
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "transition(from:to:duration:options:animations:completion:) cannot be used "
              + "by <ManualForwardingContainer: container>, which does not forward appearance "
              + "automatically; animate the views with UIView.transition and call "
              + "beginAppearanceTransition(_:animated:) and endAppearanceTransition() on the "
              + "children (model message)")
        ])
      #expect(completions.isEmpty)
      #expect(!to.isViewLoaded)
      #expect(from.view.superview === container.view)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    @Test(
      "I5 A8 setting a controller's view to another controller's root view raises and changes nothing"
    )
    func i5ViewOwnedByAnotherController() {
      freshModel()
      let owner = controller("owner")
      let thief = controller("thief")
      let ownersView: UIView = owner.view
      ModelRuntime.clearEvents()

      thief.view = ownersView

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "A view can only be associated with at most one view controller at a time! "
              + "View \(ownersView) is associated with <UIViewController: owner>. Clear this "
              + "association before associating this view with <UIViewController: thief>.")
        ])
      #expect(ownersView.description.hasSuffix(": owner.view>"))
      #expect(!thief.isViewLoaded)
      #expect(owner.view === ownersView)
      #expect(ownersView.next === owner)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
    }

    @Test(
      "I6 D11 beginning an appearance transition towards the current state records Unbalanced calls and sends nothing"
    )
    func i6UnbalancedAppearanceTransition() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      embed(child, in: parent)
      #expect(child.uikitModel.appearanceState == .appeared)
      ModelRuntime.clearEvents()

      child.beginAppearanceTransition(true, animated: false)
      child.endAppearanceTransition()

      let unbalanced = ModelDiagnostic(
        kind: .unbalancedAppearanceTransition,
        message: "Unbalanced calls to begin/end appearance transitions for "
          + "<UIViewController: child>.")
      #expect(ModelRuntime.diagnostics == [unbalanced, unbalanced])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(child.view.window === window)
    }

    @Test(
      "I7 D12 calling an appearance callback directly records the UIKit console text and changes no state"
    )
    func i7DirectAppearanceCallback() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      embed(child, in: parent)
      ModelRuntime.clearEvents()

      child.viewWillDisappear(false)

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .directAppearanceCallback,
            message: "[ViewController] Calling -viewWillDisappear: directly on a view controller "
              + "is not supported, and may result in out-of-order callbacks and other "
              + "inconsistent behavior. Use the -beginAppearanceTransition:animated: and "
              + "-endAppearanceTransition APIs on UIViewController to manually drive appearance "
              + "callbacks instead. Make a symbolic breakpoint at "
              + "UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger.")
        ])
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(child.view.window === window)
    }

    @Test(
      "I8 F9 activating a constraint between views with no common ancestor raises NSGenericException and installs nothing"
    )
    func i8NoCommonAncestor() {
      freshModel()
      let left = UIView()
      left.uikitModel.name = "left"
      let right = UIView()
      right.uikitModel.name = "right"
      let constraint = left.leadingAnchor.constraint(equalTo: right.leadingAnchor)

      NSLayoutConstraint.activate([constraint])

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.generic,
            reason: "Unable to activate constraint with anchors "
              + "<NSLayoutXAxisAnchor:\"left.leading\"> and <NSLayoutXAxisAnchor:\"right.leading\"> "
              + "because they have no common ancestor.  Does the constraint or its anchors "
              + "reference items in different view hierarchies?  That's illegal.")
        ])
      #expect(!constraint.isActive)
      #expect(left.constraints.isEmpty)
      #expect(right.constraints.isEmpty)
    }

    @Test(
      "I9 B10 addChild(self) and adding an ancestor as a child raise (model text) and change nothing"
    )
    func i9SelfAndCycle() {
      freshModel()
      let root = controller("root")
      let middle = controller("middle")
      let leaf = controller("leaf")
      root.addChild(middle)
      middle.addChild(leaf)
      ModelRuntime.clearEvents()

      root.addChild(root)
      leaf.addChild(root)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: root> cannot be added to "
              + "<UIViewController: root>, which is the child itself or one of its descendants "
              + "(model message)"),
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: root> cannot be added to "
              + "<UIViewController: leaf>, which is the child itself or one of its descendants "
              + "(model message)"),
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.parent == nil)
      #expect(names(root.children) == ["middle"])
      #expect(names(middle.children) == ["leaf"])
      #expect(leaf.children.isEmpty)
    }
  }
}
#endif
