#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// Semantics D: the appearance state machine and who receives its callbacks.
  @MainActor
  @Suite("Appearance (semantics D)")
  struct AppearanceCallbacks {
    // MARK: - D1 D2 K8 the state machine

    @Test("D1 D2 begin and end walk the four states, one callback per step")
    func fourStates() {
      freshModel()
      let c = controller("c")
      #expect(c.uikitModel.appearanceState == .disappeared)

      c.beginAppearanceTransition(true, animated: false)
      #expect(c.uikitModel.appearanceState == .appearing)
      c.endAppearanceTransition()
      #expect(c.uikitModel.appearanceState == .appeared)
      c.beginAppearanceTransition(false, animated: false)
      #expect(c.uikitModel.appearanceState == .disappearing)
      c.endAppearanceTransition()
      #expect(c.uikitModel.appearanceState == .disappeared)

      #expect(
        ModelRuntime.eventLog(for: ["c"]) == """
          c.loadView()
          c.viewDidLoad()
          c.viewWillAppear(false)
          c.viewIsAppearing(false)
          c.viewDidAppear(false)
          c.viewWillDisappear(false)
          c.viewDidDisappear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("A1 a child removed while its parent's disappearance moves it ends once, balanced")
    func childRemovedWhileDisappearing() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      let parent = controller("parent")
      root.addChild(parent)
      root.view.addSubview(parent.view)
      parent.didMove(toParent: root)
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      // The parent's container starts its disappearance; the parent forwards it to the child.
      parent.beginAppearanceTransition(false, animated: true)
      // Meanwhile the parent removes the child.
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
      parent.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog(for: ["parent", "child"], categories: [.appearance, .containment])
          == """
          parent.viewWillDisappear(true)
          child.viewWillDisappear(true)
          child.willMove(toParent: nil)
          child.didMove(toParent: nil)
          parent.viewDidDisappear(true)
          child.viewDidDisappear(true)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      _ = window
    }

    @Test(
      "D1 K8 viewWillAppear runs before the view enters the window, viewIsAppearing right after")
    func callbacksAroundTheViewMove() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = WindowProbeController()
      child.uikitModel.name = "child"
      parent.addChild(child)
      child.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog(
          for: ["child", "child.view"], categories: ModelEvent.Category.lifecycle.union([.view]))
            == """
            child.viewWillAppear(false)
            child.viewWillAppear sees window=nil
            child.view.willMove(toSuperview: parent.view)
            child.view.willMove(toWindow: window)
            child.view.didMoveToWindow()
            child.view.didMoveToSuperview()
            child.viewIsAppearing(false)
            child.viewIsAppearing sees window=window
            child.viewDidAppear(false)
            child.viewDidAppear sees window=window
            child.didMove(toParent: parent)
            child.willMove(toParent: nil)
            child.viewWillDisappear(false)
            child.viewWillDisappear sees window=window
            child.view.willMove(toSuperview: nil)
            child.view.willMove(toWindow: nil)
            child.view.didMoveToWindow()
            child.view.didMoveToSuperview()
            child.viewDidDisappear(false)
            child.viewDidDisappear sees window=nil
            child.didMove(toParent: nil)
            """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(parent.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - D3 D4 who is forwarded to

    @Test("D3 shouldAutomaticallyForwardAppearanceMethods is true by default")
    func automaticForwardingByDefault() {
      freshModel()
      let plain = controller("plain")
      #expect(plain.shouldAutomaticallyForwardAppearanceMethods)
      let parent = controller("parent")
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)

      #expect(
        ModelRuntime.eventLog() == """
          parent.viewWillAppear(false)
          child.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("D3 a container returning false for automatic forwarding sends its child nothing")
    func manualContainerThatNeverForwards() {
      freshModel()
      let parent = NonForwardingController()
      parent.uikitModel.name = "parent"
      #expect(!parent.shouldAutomaticallyForwardAppearanceMethods)
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)
      #expect(child.uikitModel.appearanceState == .disappeared)
      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          parent.viewWillAppear(false)
          parent.viewIsAppearing(false)
          parent.viewDidAppear(false)
          parent.viewWillDisappear(false)
          parent.viewDidDisappear(false)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D4 only children whose views are in the parent's view tree get appearance callbacks")
    func onlyChildrenInTheViewTree() {
      freshModel()
      let parent = controller("parent")
      let shown = controller("shown")
      let detached = controller("detached")
      let unloaded = controller("unloaded")
      parent.addChild(shown)
      parent.view.addSubview(shown.view)
      shown.didMove(toParent: parent)
      parent.addChild(detached)
      detached.loadViewIfNeeded()
      detached.didMove(toParent: parent)
      parent.addChild(unloaded)
      unloaded.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)
      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          parent.viewWillAppear(false)
          shown.viewWillAppear(false)
          parent.viewIsAppearing(false)
          shown.viewIsAppearing(false)
          parent.viewDidAppear(false)
          shown.viewDidAppear(false)
          parent.viewWillDisappear(false)
          shown.viewWillDisappear(false)
          parent.viewDidDisappear(false)
          shown.viewDidDisappear(false)
          """)
      #expect(parent.children == [shown, detached, unloaded])
      #expect(detached.uikitModel.appearanceState == .disappeared)
      #expect(unloaded.uikitModel.appearanceState == .disappeared)
      #expect(!unloaded.isViewLoaded)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D4 addChild alone, without the view, sends a visible parent's child no appearance callback")
    func addChildAloneSendsNothing() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.didMove(toParent: parent)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(!child.isViewLoaded)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - D5 order

    @Test("D5 parent before children in all four phases, grandchildren included")
    func parentBeforeChildren() {
      freshModel()
      let root = controller("root")
      let a = controller("a")
      let a1 = controller("a1")
      let b = controller("b")
      embed(a, in: root)
      embed(a1, in: a)
      embed(b, in: root)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: root)
      ModelRuntime.annotate("test", "hiding the window")
      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          root.viewWillAppear(false)
          a.viewWillAppear(false)
          a1.viewWillAppear(false)
          b.viewWillAppear(false)
          root.viewIsAppearing(false)
          a.viewIsAppearing(false)
          a1.viewIsAppearing(false)
          b.viewIsAppearing(false)
          root.viewDidAppear(false)
          a.viewDidAppear(false)
          a1.viewDidAppear(false)
          b.viewDidAppear(false)
          test.hiding the window
          root.viewWillDisappear(false)
          a.viewWillDisappear(false)
          a1.viewWillDisappear(false)
          b.viewWillDisappear(false)
          root.viewDidDisappear(false)
          a.viewDidDisappear(false)
          a1.viewDidDisappear(false)
          b.viewDidDisappear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "D5 D6 a child with a grandchild added to a visible parent appears and disappears parent first"
    )
    func subtreeAddedToVisibleParent() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      let a = controller("a")
      let a1 = controller("a1")
      embed(a1, in: a)
      ModelRuntime.clearEvents()

      embed(a, in: root)
      a.willMove(toParent: nil)
      a.view.removeFromSuperview()
      a.removeFromParent()

      #expect(
        ModelRuntime.eventLog() == """
          a.willMove(toParent: root)
          a.viewWillAppear(false)
          a1.viewWillAppear(false)
          a.viewIsAppearing(false)
          a1.viewIsAppearing(false)
          a.viewDidAppear(false)
          a1.viewDidAppear(false)
          a.didMove(toParent: root)
          a.willMove(toParent: nil)
          a.viewWillDisappear(false)
          a1.viewWillDisappear(false)
          a.viewDidDisappear(false)
          a1.viewDidDisappear(false)
          a.didMove(toParent: nil)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("D5 a child added from its parent's viewIsAppearing gets viewDidAppear after the parent")
    func childAddedWhileParentIsAppearing() {
      freshModel()
      let parent = AddsChildWhileAppearingController()
      parent.uikitModel.name = "parent"
      let child = controller("child")
      parent.pendingChild = child
      parent.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)

      #expect(
        ModelRuntime.eventLog() == """
          parent.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          child.didMove(toParent: parent)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D5 D7 a child added from its parent's viewWillAppear appears after the parent in every phase"
    )
    func childAddedFromViewWillAppear() {
      freshModel()
      let parent = AddsChildWhileAppearingController()
      parent.uikitModel.name = "parent"
      parent.addsFromViewWillAppear = true
      let child = controller("child")
      parent.pendingChild = child
      parent.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)

      #expect(
        ModelRuntime.eventLog() == """
          parent.viewWillAppear(false)
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: parent)
          child.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - D6 D7 automatic forwarding follows the view

    @Test("D6 addSubview into a visible parent sends the appearance at once with animated false")
    func addSubviewIntoVisibleParent() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let holder = view("holder")
      parent.view.addSubview(holder)
      let child = controller("child")
      parent.addChild(child)
      ModelRuntime.clearEvents()

      holder.addSubview(child.view)
      ModelRuntime.annotate("test", "addSubview returned")
      #expect(child.uikitModel.appearanceState == .appeared)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      ModelRuntime.annotate("test", "removeFromSuperview returned")
      #expect(child.uikitModel.appearanceState == .disappeared)
      child.removeFromParent()

      #expect(
        ModelRuntime.eventLog() == """
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          test.addSubview returned
          child.didMove(toParent: parent)
          child.willMove(toParent: nil)
          child.viewWillDisappear(false)
          child.viewDidDisappear(false)
          test.removeFromSuperview returned
          child.didMove(toParent: nil)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("D6 a child whose view is already loaded gets no viewDidLoad when added")
    func preloadedChildAddedToVisibleParent() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      child.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          child.viewDidAppear(false)
          child.didMove(toParent: parent)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D6 D10 moving a visible child's view to another superview in the same window sends nothing")
    func moveInsideTheSameWindow() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let first = view("first")
      let second = view("second")
      parent.view.addSubview(first)
      parent.view.addSubview(second)
      let child = controller("child")
      parent.addChild(child)
      first.addSubview(child.view)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      second.addSubview(child.view)

      #expect(ModelRuntime.eventLog() == "")
      #expect(child.view.superview === second)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("D7 a child added in the parent's viewDidLoad appears with the parent, after it")
    func childAddedBeforeParentIsVisible() {
      freshModel()
      let parent = EmbedsChildOnLoadController()
      parent.uikitModel.name = "parent"
      let child = controller("child")
      parent.childToEmbed = child

      let window = makeVisibleWindow(root: parent)
      ModelRuntime.annotate("test", "isHidden = true")
      window.isHidden = true
      ModelRuntime.annotate("test", "isHidden = false")
      window.isHidden = false

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
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          test.isHidden = true
          parent.viewWillDisappear(false)
          child.viewWillDisappear(false)
          parent.viewDidDisappear(false)
          child.viewDidDisappear(false)
          test.isHidden = false
          parent.viewWillAppear(false)
          child.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D7 a child added while the window is hidden appears when the window is shown again")
    func childAddedWhileWindowHidden() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      window.isHidden = true
      let child = controller("child")
      ModelRuntime.clearEvents()

      embed(child, in: parent)
      #expect(child.uikitModel.appearanceState == .disappeared)
      ModelRuntime.annotate("test", "makeKeyAndVisible")
      window.makeKeyAndVisible()

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: parent)
          test.makeKeyAndVisible
          parent.viewWillAppear(false)
          child.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - D8 D9 D13 D16 begin and end

    @Test(
      "D8 D16 begin and end cascade to auto-forwarding descendants with the same animated value",
      arguments: [false, true])
    func beginEndCascade(animated: Bool) {
      freshModel()
      let top = controller("top")
      let child = controller("child")
      let grandchild = controller("grandchild")
      embed(child, in: top)
      embed(grandchild, in: child)
      ModelRuntime.clearEvents()

      top.beginAppearanceTransition(true, animated: animated)
      ModelRuntime.annotate("test", "end")
      top.endAppearanceTransition()
      ModelRuntime.annotate("test", "disappear")
      top.beginAppearanceTransition(false, animated: animated)
      ModelRuntime.annotate("test", "end")
      top.endAppearanceTransition()

      let a = animated
      #expect(
        ModelRuntime.eventLog() == """
          top.viewWillAppear(\(a))
          child.viewWillAppear(\(a))
          grandchild.viewWillAppear(\(a))
          test.end
          top.viewIsAppearing(\(a))
          top.viewDidAppear(\(a))
          child.viewIsAppearing(\(a))
          child.viewDidAppear(\(a))
          grandchild.viewIsAppearing(\(a))
          grandchild.viewDidAppear(\(a))
          test.disappear
          top.viewWillDisappear(\(a))
          child.viewWillDisappear(\(a))
          grandchild.viewWillDisappear(\(a))
          test.end
          top.viewDidDisappear(\(a))
          child.viewDidDisappear(\(a))
          grandchild.viewDidDisappear(\(a))
          """)
      #expect(grandchild.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D9 begin(false) while appearing cancels: no viewDidAppear, and the children follow")
    func cancelledAppearance() {
      freshModel()
      let top = controller("top")
      let child = controller("child")
      embed(child, in: top)
      ModelRuntime.clearEvents()

      top.beginAppearanceTransition(true, animated: false)
      top.beginAppearanceTransition(false, animated: true)
      #expect(top.uikitModel.appearanceState == .disappearing)
      #expect(child.uikitModel.appearanceState == .disappearing)
      top.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog() == """
          top.viewWillAppear(false)
          child.viewWillAppear(false)
          top.viewWillDisappear(true)
          child.viewWillDisappear(true)
          top.viewDidDisappear(true)
          child.viewDidDisappear(true)
          """)
      #expect(top.uikitModel.appearanceState == .disappeared)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D9 begin(true) while disappearing reverses the disappearance: no viewDidDisappear")
    func cancelledDisappearance() {
      freshModel()
      let c = controller("c")
      c.beginAppearanceTransition(true, animated: false)
      c.endAppearanceTransition()
      ModelRuntime.clearEvents()

      c.beginAppearanceTransition(false, animated: true)
      c.beginAppearanceTransition(true, animated: true)
      #expect(c.uikitModel.appearanceState == .appearing)
      c.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog() == """
          c.viewWillDisappear(true)
          c.viewWillAppear(true)
          c.viewIsAppearing(true)
          c.viewDidAppear(true)
          """)
      #expect(c.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("D13 beginAppearanceTransition(true) loads the view before viewWillAppear")
    func beginLoadsTheView() {
      freshModel()
      let c = controller("c")
      #expect(!c.isViewLoaded)

      c.beginAppearanceTransition(true, animated: true)

      #expect(c.isViewLoaded)
      #expect(
        ModelRuntime.eventLog() == """
          c.loadView()
          c.viewDidLoad()
          c.viewWillAppear(true)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - D10 D11 D15 K7 unbalanced and double-driven transitions

    @Test("D10 a child whose disappearance was begun by hand gets no second viewWillDisappear")
    func manualDisappearanceThenWindowHides() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      embed(child, in: parent)
      let window = makeVisibleWindow(root: parent)
      ModelRuntime.clearEvents()

      child.beginAppearanceTransition(false, animated: true)
      window.isHidden = true

      #expect(
        ModelRuntime.eventLog() == """
          child.viewWillDisappear(true)
          parent.viewWillDisappear(false)
          parent.viewDidDisappear(false)
          child.viewDidDisappear(true)
          """)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.map(\.kind) == [.unbalancedAppearanceTransition])
    }

    @Test(
      "D11 K7 an unbalanced begin or end records the diagnostic and changes nothing",
      arguments: UnbalancedCase.all)
    func unbalancedCalls(_ testCase: UnbalancedCase) {
      freshModel()
      let c = controller("c")
      for step in testCase.before { step.perform(on: c) }
      let stateBefore = c.uikitModel.appearanceState
      ModelRuntime.clearEvents()

      testCase.call.perform(on: c)

      #expect(ModelRuntime.eventLog() == "")
      #expect(c.uikitModel.appearanceState == stateBefore)
      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .unbalancedAppearanceTransition,
            message:
              "Unbalanced calls to begin/end appearance transitions for <UIViewController: c>.")
        ])
    }

    @Test(
      "D11 K7 begin(true) twice then end: one viewWillAppear, one viewDidAppear, one diagnostic")
    func beginTwice() {
      freshModel()
      let c = controller("c")

      c.beginAppearanceTransition(true, animated: true)
      c.beginAppearanceTransition(true, animated: true)
      c.endAppearanceTransition()

      #expect(
        ModelRuntime.eventLog() == """
          c.loadView()
          c.viewDidLoad()
          c.viewWillAppear(true)
          c.viewIsAppearing(true)
          c.viewDidAppear(true)
          """)
      #expect(c.uikitModel.appearanceState == .appeared)
      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .unbalancedAppearanceTransition,
            message:
              "Unbalanced calls to begin/end appearance transitions for <UIViewController: c>.")
        ])
    }

    @Test(
      "D11 D15 begin and end around addSubview with automatic forwarding on double-drive the child")
    func doubleDrivenWithAutomaticForwarding() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      child.beginAppearanceTransition(true, animated: false)
      parent.view.addSubview(child.view)
      child.endAppearanceTransition()
      child.didMove(toParent: parent)

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
      #expect(child.uikitModel.appearanceState == .appeared)
      // One for the appearance addSubview starts on the child already appearing, one for the end()
      // after addSubview already ended it.
      let unbalanced = ModelDiagnostic(
        kind: .unbalancedAppearanceTransition,
        message:
          "Unbalanced calls to begin/end appearance transitions for <UIViewController: child>.")
      #expect(ModelRuntime.diagnostics == [unbalanced, unbalanced])
      withExtendedLifetime(window) {}
    }

    @Test("L9 D11 begin(true) on an already-appeared child: Unbalanced, no second viewWillAppear")
    func scenarioL9() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.clearEvents()
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      child.beginAppearanceTransition(true, animated: false)

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
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .unbalancedAppearanceTransition,
            message:
              "Unbalanced calls to begin/end appearance transitions for <UIViewController: child>.")
        ])
      withExtendedLifetime(window) {}
    }

    // MARK: - D12 direct calls

    @Test(
      "D12 calling an appearance callback directly records UIKit's warning",
      arguments: [
        "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear",
        "viewDidDisappear",
      ])
    func directCall(_ callback: String) {
      freshModel()
      let c = controller("c")
      c.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      switch callback {
      case "viewWillAppear": c.viewWillAppear(false)
      case "viewIsAppearing": c.viewIsAppearing(false)
      case "viewDidAppear": c.viewDidAppear(false)
      case "viewWillDisappear": c.viewWillDisappear(false)
      default: c.viewDidDisappear(false)
      }

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .directAppearanceCallback,
            message: "[ViewController] Calling -\(callback): directly on a view controller is not "
              + "supported, and may result in out-of-order callbacks and other inconsistent "
              + "behavior. Use the -beginAppearanceTransition:animated: and "
              + "-endAppearanceTransition APIs on UIViewController to manually drive appearance "
              + "callbacks instead. Make a symbolic breakpoint at "
              + "UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger.")
        ])
      #expect(ModelRuntime.eventLog() == "")
      #expect(c.uikitModel.appearanceState == .disappeared)
    }

    @Test(
      "D12 a parent calling its child's viewWillAppear from its own is reported; its own is not")
    func directCallFromInsideACallback() {
      freshModel()
      let parent = CallsChildDirectlyController()
      parent.uikitModel.name = "parent"
      let child = controller("child")
      parent.addChild(child)
      child.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      let window = makeVisibleWindow(root: parent)

      #expect(
        ModelRuntime.eventLog() == """
          parent.loadView()
          parent.viewDidLoad()
          parent.viewWillAppear(false)
          parent.viewIsAppearing(false)
          parent.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.map(\.kind) == [.directAppearanceCallback])
      #expect(
        ModelRuntime.diagnostics.first?.message.hasPrefix(
          "[ViewController] Calling -viewWillAppear: directly") == true)
      #expect(child.uikitModel.appearanceState == .disappeared)
      withExtendedLifetime(window) {}
    }

    // MARK: - D14 parentless controllers

    @Test(
      "D14 a parentless controller's view added inside another controller's view: callbacks and a diagnostic"
    )
    func parentlessControllerEmbedded() throws {
      freshModel()
      let host = controller("host")
      let window = makeVisibleWindow(root: host)
      let orphan = controller("orphan")
      orphan.loadViewIfNeeded()
      ModelRuntime.clearEvents()

      host.view.addSubview(orphan.view)
      orphan.view.removeFromSuperview()

      #expect(
        ModelRuntime.eventLog() == """
          orphan.viewWillAppear(false)
          orphan.viewIsAppearing(false)
          orphan.viewDidAppear(false)
          orphan.viewWillDisappear(false)
          orphan.viewDidDisappear(false)
          """)
      #expect(orphan.parent == nil)
      #expect(ModelRuntime.diagnostics.map(\.kind) == [.parentlessViewControllerEmbedded])
      let message = try #require(ModelRuntime.diagnostics.first).message
      #expect(message.contains("<UIViewController: orphan>"))
      #expect(message.contains("<UIViewController: host>"))
      withExtendedLifetime(window) {}
    }

    // MARK: - D15 manual forwarding, L8

    @Test(
      "D15 with manual forwarding, addSubview and removeFromSuperview of the child's view send nothing"
    )
    func manualForwardingViewMovesSendNothing() {
      freshModel()
      let parent = NonForwardingController()
      parent.uikitModel.name = "parent"
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      child.loadViewIfNeeded()
      parent.addChild(child)
      ModelRuntime.clearEvents()

      parent.view.addSubview(child.view)
      #expect(child.view.window != nil)
      #expect(child.uikitModel.appearanceState == .disappeared)
      child.view.removeFromSuperview()

      #expect(ModelRuntime.eventLog() == "")
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D15 begin and end around the view change give the same callbacks as automatic forwarding")
    func manualBracketMatchesAutomatic() {
      freshModel()
      let automaticParent = controller("parent")
      let window = makeVisibleWindow(root: automaticParent)
      let automaticChild = controller("child")
      ModelRuntime.clearEvents()
      automaticParent.addChild(automaticChild)
      automaticParent.view.addSubview(automaticChild.view)
      automaticChild.didMove(toParent: automaticParent)
      automaticChild.willMove(toParent: nil)
      automaticChild.view.removeFromSuperview()
      automaticChild.removeFromParent()
      let automaticLog = ModelRuntime.eventLog(for: ["child"])
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}

      freshModel()
      let manualParent = NonForwardingController()
      manualParent.uikitModel.name = "parent"
      let manualWindow = makeVisibleWindow(root: manualParent)
      let manualChild = controller("child")
      ModelRuntime.clearEvents()
      manualParent.addChild(manualChild)
      manualChild.beginAppearanceTransition(true, animated: false)
      manualParent.view.addSubview(manualChild.view)
      manualChild.endAppearanceTransition()
      manualChild.didMove(toParent: manualParent)
      manualChild.willMove(toParent: nil)
      manualChild.beginAppearanceTransition(false, animated: false)
      manualChild.view.removeFromSuperview()
      manualChild.endAppearanceTransition()
      manualChild.removeFromParent()
      let manualLog = ModelRuntime.eventLog(for: ["child"])

      let expected = """
        child.willMove(toParent: parent)
        child.loadView()
        child.viewDidLoad()
        child.viewWillAppear(false)
        child.viewIsAppearing(false)
        child.viewDidAppear(false)
        child.didMove(toParent: parent)
        child.willMove(toParent: nil)
        child.viewWillDisappear(false)
        child.viewDidDisappear(false)
        child.didMove(toParent: nil)
        """
      #expect(automaticLog == expected)
      #expect(manualLog == expected)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(manualWindow) {}
    }

    @Test(
      "L8 D15 a child view added to a visible manual container gets nothing until begin and end")
    func scenarioL8() {
      freshModel()
      let parent = NonForwardingController()
      parent.uikitModel.name = "parent"
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      parent.view.addSubview(child.view)
      ModelRuntime.annotate("test", "view added")
      #expect(child.uikitModel.appearanceState == .disappeared)
      child.beginAppearanceTransition(true, animated: false)
      ModelRuntime.annotate("test", "end")
      child.endAppearanceTransition()
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          test.view added
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          test.end
          child.viewDidAppear(false)
          child.didMove(toParent: parent)
          """)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - D17 layout

    @Test(
      "D17 viewWillLayoutSubviews and viewDidLayoutSubviews bracket the root view's layoutSubviews")
    func layoutCallbacksBracketLayoutSubviews() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      embed(child, in: parent)
      let plain = view("plain")
      parent.view.addSubview(plain)
      ModelRuntime.clearEvents()

      // Showing the window lays it out (rule W1); running the clock has nothing left to lay out.
      let window = makeVisibleWindow(root: parent)
      let expected = """
        window.layoutSubviews()
        parent.viewWillLayoutSubviews()
        parent.view.layoutSubviews()
        parent.viewDidLayoutSubviews()
        child.viewWillLayoutSubviews()
        child.view.layoutSubviews()
        child.viewDidLayoutSubviews()
        plain.layoutSubviews()
        """
      #expect(ModelRuntime.eventLog(categories: [.layout]) == expected)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: [.layout]) == expected)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - W1 the first layout pass of a window

    @Test(
      "W1 a window shown lays out between its controllers' viewWillAppear and viewDidAppear")
    func windowFirstLayoutPassBeforeViewDidAppear() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      embed(child, in: parent)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.uikitModel.name = "window"
      window.rootViewController = parent
      ModelRuntime.clearEvents()

      window.makeKeyAndVisible()

      #expect(
        ModelRuntime.eventLog(
          for: ["parent", "child"], categories: ModelEvent.Category.lifecycle.union([.layout])
        ) == """
          parent.viewWillAppear(false)
          child.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.viewIsAppearing(false)
          parent.viewWillLayoutSubviews()
          parent.viewDidLayoutSubviews()
          child.viewWillLayoutSubviews()
          child.viewDidLayoutSubviews()
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("W1 a child added by the window's first layout pass appears with its parent")
    func childAddedInFirstLayoutPassAppearsWithParent() {
      freshModel()
      final class AddsChildInLayout: UIViewController {
        var pending: UIViewController?
        override func viewWillLayoutSubviews() {
          super.viewWillLayoutSubviews()
          guard let child = pending else { return }
          pending = nil
          addChild(child)
          view.addSubview(child.view)
          child.didMove(toParent: self)
        }
      }
      let parent = AddsChildInLayout()
      parent.uikitModel.name = "parent"
      parent.pending = controller("child")
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = parent
      ModelRuntime.clearEvents()

      window.makeKeyAndVisible()

      #expect(
        ModelRuntime.eventLog(for: ["parent", "child"]) == """
          parent.viewWillAppear(false)
          parent.viewIsAppearing(false)
          child.willMove(toParent: parent)
          child.loadView()
          child.viewDidLoad()
          child.viewWillAppear(false)
          child.viewIsAppearing(false)
          child.didMove(toParent: parent)
          parent.viewDidAppear(false)
          child.viewDidAppear(false)
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "D17 layout callbacks come only from a layout pass, never from appearance or setNeedsLayout")
    func layoutCallbacksOnlyFromALayoutPass() {
      freshModel()
      let c = controller("c")
      c.view.layoutIfNeeded()
      ModelRuntime.clearEvents()

      c.beginAppearanceTransition(true, animated: false)
      c.view.setNeedsLayout()
      c.endAppearanceTransition()
      ModelRuntime.annotate("test", "layoutIfNeeded")
      c.view.layoutIfNeeded()
      c.view.layoutIfNeeded()

      #expect(
        ModelRuntime.eventLog(categories: ModelEvent.Category.lifecycle.union([.layout])) == """
          c.viewWillAppear(false)
          c.viewIsAppearing(false)
          c.viewDidAppear(false)
          test.layoutIfNeeded
          c.viewWillLayoutSubviews()
          c.view.layoutSubviews()
          c.viewDidLayoutSubviews()
          """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - Tables

    /// One call of the appearance state machine, for the table of unbalanced calls.
    enum AppearanceStep: Sendable, CustomStringConvertible {
      case beginAppearing
      case beginDisappearing
      case end

      @MainActor
      func perform(on controller: UIViewController) {
        switch self {
        case .beginAppearing: controller.beginAppearanceTransition(true, animated: false)
        case .beginDisappearing: controller.beginAppearanceTransition(false, animated: false)
        case .end: controller.endAppearanceTransition()
        }
      }

      var description: String {
        switch self {
        case .beginAppearing: "begin(true)"
        case .beginDisappearing: "begin(false)"
        case .end: "end()"
        }
      }
    }

    /// A call that D11 calls unbalanced, with the calls that put the controller in its state first.
    struct UnbalancedCase: Sendable, CustomStringConvertible {
      let before: [AppearanceStep]
      let call: AppearanceStep

      var description: String {
        "\(call) after [\(before.map(\.description).joined(separator: ", "))]"
      }

      static let all: [UnbalancedCase] = [
        UnbalancedCase(before: [.beginAppearing], call: .beginAppearing),
        UnbalancedCase(before: [.beginAppearing, .end], call: .beginAppearing),
        UnbalancedCase(
          before: [.beginAppearing, .end, .beginDisappearing], call: .beginDisappearing),
        UnbalancedCase(before: [], call: .beginDisappearing),
        UnbalancedCase(before: [.beginAppearing, .end], call: .end),
        UnbalancedCase(before: [], call: .end),
      ]
    }
  }
}

// MARK: - Helpers

/// Adds `child` to `parent` the canonical way: `addChild`, the view into the parent's root view,
/// `didMove(toParent:)`.
@MainActor
private func embed(_ child: UIViewController, in parent: UIViewController) {
  parent.addChild(child)
  parent.view.addSubview(child.view)
  child.didMove(toParent: parent)
}

/// A container that turns automatic forwarding off and forwards nothing itself.
@MainActor
private final class NonForwardingController: UIViewController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// Notes, in each appearance callback, which window the view is in.
@MainActor
private final class WindowProbeController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    note("viewWillAppear")
  }

  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    note("viewIsAppearing")
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
      uikitModel.name, "\(callback) sees window=\(viewIfLoaded?.window?.uikitModel.name ?? "nil")")
  }
}

/// Embeds `childToEmbed` from its `viewDidLoad`.
@MainActor
private final class EmbedsChildOnLoadController: UIViewController {
  var childToEmbed: UIViewController?

  override func viewDidLoad() {
    super.viewDidLoad()
    guard let child = childToEmbed else { return }
    addChild(child)
    view.addSubview(child.view)
    child.didMove(toParent: self)
  }
}

/// Embeds `pendingChild` from its `viewIsAppearing` (or its `viewWillAppear`).
@MainActor
private final class AddsChildWhileAppearingController: UIViewController {
  var pendingChild: UIViewController?
  var addsFromViewWillAppear = false

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if addsFromViewWillAppear { embedPendingChild() }
  }

  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    if !addsFromViewWillAppear { embedPendingChild() }
  }

  private func embedPendingChild() {
    guard let child = pendingChild else { return }
    pendingChild = nil
    addChild(child)
    view.addSubview(child.view)
    child.didMove(toParent: self)
  }
}

/// The iOS 4 anti-pattern: forwards its own `viewWillAppear` by calling the child's directly.
@MainActor
private final class CallsChildDirectlyController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    for child in children {
      child.viewWillAppear(animated)
    }
  }
}
#endif
