#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// `transition(from:to:duration:options:animations:completion:)`, rule by rule (semantics E1–E13),
  /// with the canonical scenarios L4 and L5.
  @MainActor
  @Suite("Container transitions (semantics E)")
  struct ContainerTransitions {
    private static let everything = ModelEvent.Category.all
    private static let lifecycleAndAnimation = ModelEvent.Category.lifecycle.union([.animation])

    /// Who is not a child of the receiver in a misuse of `transition(from:to:)`.
    enum NonSiblingCase: String, CaseIterable, Sendable {
      case fromIsNotAChild
      case toIsNotAChild
      case bothAreChildrenOfAnotherController
    }

    /// The view whose layer's animations are removed mid-transition.
    enum CutShortView: String, CaseIterable, Sendable {
      case fromView
      case toView
      case container
    }

    // MARK: - Canonical scenarios

    @Test("L4 E4 E6 E7 swap a visible child for a new one: full log, then children and views")
    func l4SwapVisibleChild() {
      freshModel()
      let stage = makeStage()

      swapAForB(in: stage, duration: 0.5)
      ModelRuntime.annotate("test", "transition returned")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: parent)
          a.willMove(toParent: nil)
          a.viewWillDisappear(true)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          b.viewIsAppearing(true)
          caller.animations
          test.transition returned
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          caller.completion(true)
          b.didMove(toParent: parent)
          a.didMove(toParent: nil)
          """)
      #expect(stage.a.viewIfLoaded?.superview == nil)
      #expect(stage.b.viewIfLoaded?.superview === stage.area)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["b"])
      #expect(stage.a.parent == nil)
      #expect(stage.b.parent === stage.parent)
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.currentTime == 0.5)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(!ModelRuntime.hasPendingWork)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "L5 E1 E2 transition to a controller that is not yet a child raises I3 and changes nothing")
    func l5TransitionToNonChild() {
      freshModel()
      let stage = makeStage()

      stage.parent.transition(
        from: stage.a, to: stage.b, duration: 0.5, options: [],
        animations: { ModelRuntime.annotate("caller", "animations") },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "Children view controllers <UIViewController: a> and <UIViewController: b> "
              + "must have a common parent view controller when calling "
              + "-[UIViewController transitionFromViewController:toViewController:duration:"
              + "options:animations:completion:]")
        ])
      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(!ModelRuntime.hasPendingWork)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      #expect(stage.parent.children.map(\.uikitModel.name) == ["a"])
      #expect(stage.b.parent == nil)
      #expect(!stage.b.isViewLoaded)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view"])
      #expect(stage.a.uikitModel.appearanceState == .appeared)
      #expect(stage.b.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E1, E2: both must be children of the receiver

    @Test(
      "E1 E2 I3 raises NSInvalidArgumentException unless both are children of the receiver",
      arguments: NonSiblingCase.allCases)
    func transitionBetweenNonSiblingsRaises(_ misuse: NonSiblingCase) {
      freshModel()
      let parent = controller("parent")
      let other = controller("other")
      let holder = view("holder")
      let x = controller("x")
      let y = controller("y")
      switch misuse {
      case .fromIsNotAChild:
        parent.addChild(y)
        y.didMove(toParent: parent)
      case .toIsNotAChild:
        parent.addChild(x)
        x.didMove(toParent: parent)
      case .bothAreChildrenOfAnotherController:
        other.addChild(x)
        x.didMove(toParent: other)
        other.addChild(y)
        y.didMove(toParent: other)
      }
      holder.addSubview(x.view)
      let parentsBefore = [x.parent, y.parent]
      ModelRuntime.clearEvents()

      parent.transition(
        from: x, to: y, duration: 0.5, options: [], animations: nil,
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "Children view controllers <UIViewController: x> and <UIViewController: y> "
              + "must have a common parent view controller when calling "
              + "-[UIViewController transitionFromViewController:toViewController:duration:"
              + "options:animations:completion:]")
        ])
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(x.parent === parentsBefore[0])
      #expect(y.parent === parentsBefore[1])
      #expect(x.viewIfLoaded?.superview === holder)
      #expect(!y.isViewLoaded)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E3: manual forwarding

    @Test("E3 I4 a container that forwards appearance manually cannot use transition(from:to:)")
    func manualForwardingContainerRaises() {
      freshModel()
      let manual = ManualForwardingContainer()
      manual.uikitModel.name = "manual"
      let window = makeVisibleWindow(root: manual)
      let a = controller("a")
      let b = controller("b")
      manual.addChild(a)
      a.beginAppearanceTransition(true, animated: false)
      manual.view.addSubview(a.view)
      a.endAppearanceTransition()
      a.didMove(toParent: manual)
      manual.addChild(b)
      b.didMove(toParent: manual)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      manual.transition(
        from: a, to: b, duration: 0.5, options: [],
        animations: { ModelRuntime.annotate("caller", "animations") },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "transition(from:to:duration:options:animations:completion:) cannot be used by "
              + "<ManualForwardingContainer: manual>, which does not forward appearance "
              + "automatically; animate the views with UIView.transition and call "
              + "beginAppearanceTransition(_:animated:) and endAppearanceTransition() on the "
              + "children (model message)")
        ])
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(a.viewIfLoaded?.superview === manual.view)
      #expect(a.viewIfLoaded?.window === window)
      #expect(!b.isViewLoaded)
      #expect(a.uikitModel.appearanceState == .appeared)
      #expect(b.uikitModel.appearanceState == .disappeared)
      #expect(manual.children.map(\.uikitModel.name) == ["a", "b"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E3 D15 a manual-forwarding container swaps with UIView.transition(from:to:) and begin/end")
    func manualForwardingContainerSwapsWithViewTransition() {
      freshModel()
      let manual = ManualForwardingContainer()
      manual.uikitModel.name = "manual"
      let window = makeVisibleWindow(root: manual)
      let a = controller("a")
      manual.addChild(a)
      a.beginAppearanceTransition(true, animated: false)
      manual.view.addSubview(a.view)
      a.endAppearanceTransition()
      a.didMove(toParent: manual)
      let b = controller("b")
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      manual.addChild(b)
      a.willMove(toParent: nil)
      b.view.frame = a.view.frame
      a.beginAppearanceTransition(false, animated: true)
      b.beginAppearanceTransition(true, animated: true)
      UIView.transition(
        from: a.view, to: b.view, duration: 0.5, options: [.transitionFlipFromLeft]
      ) { _ in
        b.endAppearanceTransition()
        a.endAppearanceTransition()
        a.removeFromParent()
        b.didMove(toParent: manual)
      }
      ModelRuntime.annotate("test", "swap started")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: manual)
          a.willMove(toParent: nil)
          b.loadView()
          b.viewDidLoad()
          a.viewWillDisappear(true)
          b.viewWillAppear(true)
          b.viewIsAppearing(true)
          test.swap started
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          a.didMove(toParent: nil)
          b.didMove(toParent: manual)
          """)
      #expect(manual.view.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(b.viewIfLoaded?.window === window)
      #expect(manual.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E4: views

    @Test("E4 to.view goes front-most into from.view's superview; from.view leaves only at the end")
    func viewsAreSwappedInFromViewsSuperview() {
      freshModel()
      let stage = makeStage()
      let badge = view("badge")
      stage.area.addSubview(badge)
      ModelRuntime.clearEvents()

      swapAForB(in: stage, duration: 0.5)

      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "badge", "b.view"])
      #expect(stage.parent.view.subviews.map(\.uikitModel.name) == ["area"])
      #expect(
        ModelRuntime.eventLog(
          for: ["a", "b", "a.view", "b.view", "area", "caller"],
          categories: ModelEvent.Category.lifecycle.union([.view])) == """
            b.willMove(toParent: parent)
            a.willMove(toParent: nil)
            a.viewWillDisappear(true)
            b.loadView()
            b.viewDidLoad()
            b.viewWillAppear(true)
            b.view.willMove(toSuperview: area)
            b.view.willMove(toWindow: window)
            b.view.didMoveToWindow()
            b.view.didMoveToSuperview()
            area.didAddSubview(b.view)
            b.viewIsAppearing(true)
            caller.animations
            """)
      ModelRuntime.clearEvents()

      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(
          for: ["a", "b", "a.view", "b.view", "area", "caller"],
          categories: ModelEvent.Category.lifecycle.union([.view])) == """
            area.willRemoveSubview(a.view)
            a.view.willMove(toSuperview: nil)
            a.view.willMove(toWindow: nil)
            a.view.didMoveToWindow()
            a.view.didMoveToSuperview()
            b.viewDidAppear(true)
            a.viewDidDisappear(true)
            caller.completion(true)
            b.didMove(toParent: parent)
            a.didMove(toParent: nil)
            """)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["badge", "b.view"])
      #expect(stage.a.viewIfLoaded?.superview == nil)
      #expect(stage.a.viewIfLoaded?.window == nil)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("E4 E7 at half the duration both views are in the container, mid-transition states")
    func midTransitionState() throws {
      freshModel()
      let stage = makeStage()

      swapAForB(in: stage, duration: 0.5)
      ModelRuntime.advance(by: 0.25)

      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])
      #expect(stage.a.viewIfLoaded?.window === stage.window)
      #expect(stage.b.viewIfLoaded?.window === stage.window)
      #expect(stage.a.uikitModel.appearanceState == .disappearing)
      #expect(stage.b.uikitModel.appearanceState == .appearing)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["a", "b"])
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.animations")
      #expect(ModelRuntime.currentTime == 0.25)
      #expect(ModelRuntime.hasPendingWork)
      let running = try #require(ModelRuntime.runningAnimations.first)
      #expect(ModelRuntime.runningAnimations.count == 1)
      #expect(running.kind == .viewControllerTransition)
      #expect(running.duration == 0.5)
      #expect(running.startTime == 0)
      #expect(running.endTime == 0.5)

      ModelRuntime.advance(by: 0.125)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.animations")
      #expect(stage.b.uikitModel.appearanceState == .appearing)

      ModelRuntime.advance(by: 0.125)
      #expect(
        ModelRuntime.eventLog(for: ["caller"]) == """
          caller.animations
          caller.completion(true)
          """)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .appeared)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E5: geometry and constraints

    @Test("E5 F2 to.view keeps its own frame and gets no constraints; from.view's pins go with it")
    func toViewKeepsFrameAndGetsNoConstraints() {
      freshModel()
      let stage = makeStage()
      let a: UIView = stage.a.view
      a.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        a.topAnchor.constraint(equalTo: stage.area.topAnchor),
        a.bottomAnchor.constraint(equalTo: stage.area.bottomAnchor),
        a.leadingAnchor.constraint(equalTo: stage.area.leadingAnchor),
        a.trailingAnchor.constraint(equalTo: stage.area.trailingAnchor),
      ])
      let offScreen = CGRect(x: 390, y: 0, width: 200, height: 300)
      stage.b.view.frame = offScreen
      ModelRuntime.runUntilIdle()
      #expect(stage.area.constraints.count == 4)
      ModelRuntime.clearEvents()

      swapAForB(in: stage, duration: 0.5)
      ModelRuntime.runUntilIdle()

      #expect(stage.b.view.frame == offScreen)
      #expect(stage.b.view.constraints.isEmpty)
      #expect(stage.b.view.translatesAutoresizingMaskIntoConstraints)
      #expect(stage.area.constraints.isEmpty)
      #expect(stage.parent.view.constraints.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("E5 constraints activated in the animations block survive and size to.view")
    func constraintsAddedInAnimationsSurvive() {
      freshModel()
      let stage = makeStage()
      var pins: [NSLayoutConstraint] = []

      swapAForB(in: stage, duration: 0.5) {
        let b: UIView = stage.b.view
        b.translatesAutoresizingMaskIntoConstraints = false
        pins = [
          b.topAnchor.constraint(equalTo: stage.area.topAnchor),
          b.bottomAnchor.constraint(equalTo: stage.area.bottomAnchor),
          b.leadingAnchor.constraint(equalTo: stage.area.leadingAnchor),
          b.trailingAnchor.constraint(equalTo: stage.area.trailingAnchor),
        ]
        NSLayoutConstraint.activate(pins)
      }
      ModelRuntime.runUntilIdle()

      #expect(pins.count == 4)
      #expect(pins.allSatisfy { $0.isActive })
      #expect(stage.area.constraints.count == 4)
      #expect(stage.area.constraints.allSatisfy { installed in pins.contains { $0 === installed } })
      #expect(stage.b.view.frame == CGRect(x: 0, y: 0, width: 390, height: 700))
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E6: no containment calls

    @Test("E6 the method itself sends no willMove/didMove and does not change children")
    func transitionMakesNoContainmentCalls() {
      freshModel()
      let stage = makeStage()
      stage.parent.addChild(stage.b)
      stage.b.didMove(toParent: stage.parent)
      ModelRuntime.clearEvents()

      stage.parent.transition(
        from: stage.a, to: stage.b, duration: 0.5, options: [], animations: nil,
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.eventLog(categories: [.containment]) == "")
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(stage.parent.children.map(\.uikitModel.name) == ["a", "b"])
      #expect(stage.a.parent === stage.parent)
      #expect(stage.b.parent === stage.parent)
      #expect(stage.a.viewIfLoaded?.superview == nil)
      #expect(stage.b.viewIfLoaded?.superview === stage.area)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E7, E8: appearance order and the animated flag

    @Test(
      "E7 observed order: will-disappear, will-appear, layout, did-appear, did-disappear, completion"
    )
    func observedOrderWithLayoutAndAnimationEvents() {
      freshModel()
      let stage = makeStage()

      swapAForB(in: stage, duration: 0.5, animations: nil)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(
          for: ["a", "b", "b.view", "caller", "animation#1"],
          categories: Self.lifecycleAndAnimation.union([.layout])) == """
            b.willMove(toParent: parent)
            a.willMove(toParent: nil)
            a.viewWillDisappear(true)
            b.loadView()
            b.viewDidLoad()
            b.viewWillAppear(true)
            animation#1.start(transition(from: a, to: b), duration: 0.5)
            b.viewIsAppearing(true)
            b.viewWillLayoutSubviews()
            b.view.layoutSubviews()
            b.viewDidLayoutSubviews()
            b.viewDidAppear(true)
            a.viewDidDisappear(true)
            animation#1.completion(true)
            caller.completion(true)
            b.didMove(toParent: parent)
            a.didMove(toParent: nil)
            """)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E8 the children's animated flag is duration > 0",
      arguments: [(0.25, true), (0, false), (-1, false)] as [(TimeInterval, Bool)])
    func animatedFlagFollowsDuration(duration: TimeInterval, animated: Bool) {
      freshModel()
      let stage = makeStage()

      swapAForB(in: stage, duration: duration, animations: nil)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b"], categories: [.appearance]) == """
          a.viewWillDisappear(\(animated))
          b.viewWillAppear(\(animated))
          b.viewIsAppearing(\(animated))
          b.viewDidAppear(\(animated))
          a.viewDidDisappear(\(animated))
          """)
      #expect(ModelRuntime.currentTime == max(0, duration))
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E9: completion timing

    @Test(
      "E9 K3 duration 0 completes with true at the next run of the model, never inside the call",
      arguments: [false, true])
    func zeroDurationCompletesAtNextRun(drainWithRunUntilIdle: Bool) throws {
      freshModel()
      let stage = makeStage()

      swapAForB(in: stage, duration: 0, animations: nil)

      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])
      #expect(stage.a.uikitModel.appearanceState == .disappearing)
      #expect(stage.b.uikitModel.appearanceState == .appearing)
      #expect(ModelRuntime.hasPendingWork)
      let running = try #require(ModelRuntime.runningAnimations.first)
      #expect(running.duration == 0)
      #expect(running.endTime == 0)

      if drainWithRunUntilIdle {
        ModelRuntime.runUntilIdle()
      } else {
        ModelRuntime.advance(by: 0)
      }

      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(ModelRuntime.currentTime == 0)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .appeared)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E9 layer.removeAllAnimations() cuts the transition short: completion(false) at the next run",
      arguments: CutShortView.allCases)
    func removeAllAnimationsCutsTransitionShort(_ cut: CutShortView) {
      freshModel()
      let stage = makeStage()
      swapAForB(in: stage, duration: 0.5, animations: nil)
      ModelRuntime.advance(by: 0.25)
      ModelRuntime.clearEvents()

      let target: UIView =
        switch cut {
        case .fromView: stage.a.view
        case .toView: stage.b.view
        case .container: stage.area
        }
      target.layer.removeAllAnimations()

      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])
      #expect(stage.b.uikitModel.appearanceState == .appearing)

      ModelRuntime.advance(by: 0)

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          animation#1.completion(false)
          caller.completion(false)
          b.didMove(toParent: parent)
          a.didMove(toParent: nil)
          """)
      #expect(ModelRuntime.currentTime == 0.25)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .appeared)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(!ModelRuntime.hasPendingWork)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(false)")
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - E10 to E13: edge cases

    @Test(
      "E10 K4 from.view without a superview raises (model message) and changes nothing",
      arguments: [true, false])
    func fromViewWithoutSuperviewRaises(fromViewLoaded: Bool) {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let a = controller("a")
      let b = controller("b")
      for child in [a, b] {
        parent.addChild(child)
        child.didMove(toParent: parent)
      }
      if fromViewLoaded { a.loadViewIfNeeded() }
      ModelRuntime.clearEvents()

      parent.transition(
        from: a, to: b, duration: 0.5, options: [],
        animations: { ModelRuntime.annotate("caller", "animations") },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "transition(from:to:) needs the view of <UIViewController: a> in a superview "
              + "to put the view of <UIViewController: b> in; add it first (model message)")
        ])
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(a.isViewLoaded == fromViewLoaded)
      #expect(!b.isViewLoaded)
      #expect(parent.children.map(\.uikitModel.name) == ["a", "b"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("E11 K4 off-screen the views are swapped with no appearance callbacks")
    func offScreenTransitionSwapsViewsSilently() {
      freshModel()
      let stage = makeStage(visible: false)

      swapAForB(in: stage, duration: 0.5)
      ModelRuntime.advance(by: 0.25)

      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .disappeared)

      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          b.willMove(toParent: parent)
          a.willMove(toParent: nil)
          b.loadView()
          b.viewDidLoad()
          caller.animations
          caller.completion(true)
          b.didMove(toParent: parent)
          a.didMove(toParent: nil)
          """)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(stage.a.viewIfLoaded?.superview == nil)
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .disappeared)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.currentTime == 0.5)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E12 D11 an overlapping transition records the overlap and unbalanced calls, no duplicates")
    func overlappingTransitionIsDiagnosed() {
      freshModel()
      let stage = makeStage()
      let parent = stage.parent
      let a = stage.a
      let b = stage.b
      parent.addChild(b)
      a.willMove(toParent: nil)
      parent.transition(from: a, to: b, duration: 0.5, options: [], animations: nil) { finished in
        ModelRuntime.annotate("caller", "first completion(\(finished))")
      }
      ModelRuntime.advance(by: 0.25)

      parent.transition(from: a, to: b, duration: 0.5, options: [], animations: nil) { finished in
        ModelRuntime.annotate("caller", "second completion(\(finished))")
        a.removeFromParent()
        b.didMove(toParent: parent)
      }

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .overlappingTransition,
            message: "transition(from: <UIViewController: a>, to: <UIViewController: b>) started "
              + "while a transition involving one of them was still running; wait for its "
              + "completion before starting another"),
          ModelDiagnostic(
            kind: .unbalancedAppearanceTransition,
            message: "Unbalanced calls to begin/end appearance transitions for "
              + "<UIViewController: a>."),
          ModelDiagnostic(
            kind: .unbalancedAppearanceTransition,
            message: "Unbalanced calls to begin/end appearance transitions for "
              + "<UIViewController: b>."),
        ])
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view", "b.view"])

      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(categories: Self.lifecycleAndAnimation) == """
          b.willMove(toParent: parent)
          a.willMove(toParent: nil)
          a.viewWillDisappear(true)
          b.loadView()
          b.viewDidLoad()
          b.viewWillAppear(true)
          animation#1.start(transition(from: a, to: b), duration: 0.5)
          b.viewIsAppearing(true)
          animation#2.start(transition(from: a, to: b), duration: 0.5)
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          animation#1.completion(true)
          caller.first completion(true)
          animation#2.completion(true)
          caller.second completion(true)
          a.didMove(toParent: nil)
          b.didMove(toParent: parent)
          """)
      #expect(ModelRuntime.currentTime == 0.75)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(parent.children.map(\.uikitModel.name) == ["b"])
      #expect(ModelRuntime.diagnostics.count == 3)
    }

    @Test("E7 D5 D8 the children of from and to follow their parents through the transition")
    func grandchildrenFollowTheirParents() {
      freshModel()
      let stage = makeStage()
      let d = controller("d")
      stage.a.addChild(d)
      stage.a.view.addSubview(d.view)
      d.didMove(toParent: stage.a)
      let c = controller("c")
      stage.b.addChild(c)
      stage.b.view.addSubview(c.view)
      c.didMove(toParent: stage.b)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      swapAForB(in: stage, duration: 0.5, animations: nil)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b", "c", "d", "caller"]) == """
          b.willMove(toParent: parent)
          a.willMove(toParent: nil)
          a.viewWillDisappear(true)
          d.viewWillDisappear(true)
          b.viewWillAppear(true)
          c.viewWillAppear(true)
          b.viewIsAppearing(true)
          c.viewIsAppearing(true)
          b.viewDidAppear(true)
          c.viewDidAppear(true)
          a.viewDidDisappear(true)
          d.viewDidDisappear(true)
          caller.completion(true)
          b.didMove(toParent: parent)
          a.didMove(toParent: nil)
          """)
      #expect(c.uikitModel.appearanceState == .appeared)
      #expect(d.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("E12 a transition started from the previous one's completion does not overlap")
    func chainedTransitionIsNotOverlapping() {
      freshModel()
      let stage = makeStage()
      let parent = stage.parent
      let a = stage.a
      let b = stage.b
      parent.addChild(b)
      b.didMove(toParent: parent)
      ModelRuntime.clearEvents()

      parent.transition(from: a, to: b, duration: 0.5, options: [], animations: nil) { _ in
        ModelRuntime.annotate("caller", "first completion")
        parent.transition(from: b, to: a, duration: 0.5, options: [], animations: nil) { _ in
          ModelRuntime.annotate("caller", "second completion")
        }
      }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b", "caller"], categories: [.appearance, .annotation])
          == """
          a.viewWillDisappear(true)
          b.viewWillAppear(true)
          b.viewIsAppearing(true)
          b.viewDidAppear(true)
          a.viewDidDisappear(true)
          caller.first completion
          b.viewWillDisappear(true)
          a.viewWillAppear(true)
          a.viewIsAppearing(true)
          a.viewDidAppear(true)
          b.viewDidDisappear(true)
          caller.second completion
          """)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view"])
      #expect(ModelRuntime.currentTime == 1)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E11 D4 a window shown before an off-screen transition completes makes the arriving child appear"
    )
    func windowShownDuringOffScreenTransition() {
      freshModel()
      let parent = controller("parent")
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.uikitModel.name = "window"
      window.rootViewController = parent
      let area = view("area", frame: CGRect(x: 0, y: 44, width: 390, height: 700))
      parent.view.addSubview(area)
      let a = controller("a")
      parent.addChild(a)
      area.addSubview(a.view)
      a.didMove(toParent: parent)
      let b = controller("b")
      parent.addChild(b)
      b.didMove(toParent: parent)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      // A container restoring its selection before it is shown: the swap completes at the next
      // run of the model, after the window became visible.
      parent.transition(from: a, to: b, duration: 0, options: [], animations: nil) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      window.makeKeyAndVisible()
      ModelRuntime.runUntilIdle()

      #expect(b.viewIfLoaded?.window === window)
      #expect(a.viewIfLoaded?.window == nil)
      #expect(parent.uikitModel.appearanceState == .appeared)
      #expect(b.uikitModel.appearanceState == .appeared)
      #expect(a.uikitModel.appearanceState == .disappeared)
      #expect(
        ModelRuntime.eventLog(for: ["b"], categories: [.appearance]) == """
          b.viewWillAppear(false)
          b.viewIsAppearing(false)
          b.viewDidAppear(false)
          """)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "E11 D4 a window hidden before a visible transition completes leaves both children disappeared"
    )
    func windowHiddenDuringTransition() {
      freshModel()
      let stage = makeStage()
      let window = stage.window
      stage.parent.addChild(stage.b)
      stage.b.didMove(toParent: stage.parent)
      ModelRuntime.clearEvents()

      stage.parent.transition(
        from: stage.a, to: stage.b, duration: 0.5, options: [], animations: nil
      ) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      ModelRuntime.advance(by: 0.25)
      window?.isHidden = true
      ModelRuntime.runUntilIdle()

      #expect(stage.parent.uikitModel.appearanceState == .disappeared)
      #expect(stage.a.uikitModel.appearanceState == .disappeared)
      #expect(stage.b.uikitModel.appearanceState == .disappeared)
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
    }

    @Test("E13 K4 from === to raises (model message) and changes nothing")
    func sameChildTwiceRaises() {
      freshModel()
      let stage = makeStage()

      stage.parent.transition(
        from: stage.a, to: stage.a, duration: 0.5, options: [],
        animations: { ModelRuntime.annotate("caller", "animations") },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "transition(from:to:) was given <UIViewController: a> as both children; "
              + "pass two different children (model message)")
        ])
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: Self.everything) == "")
      #expect(stage.area.subviews.map(\.uikitModel.name) == ["a.view"])
      #expect(stage.a.uikitModel.appearanceState == .appeared)
      #expect(stage.parent.children.map(\.uikitModel.name) == ["a"])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }
  }
}

// MARK: - Helpers

/// A container that drives its children's appearance itself.
@MainActor
private final class ManualForwardingContainer: UIViewController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// A parent with a content area that shows its child `a`, and a controller `b` that is not a child.
@MainActor
private struct TransitionStage {
  let window: UIWindow?
  let parent: UIViewController
  let area: UIView
  let a: UIViewController
  let b: UIViewController
}

/// Builds the stage (in a visible window unless `visible` is `false`), settles it and clears the
/// event log.
@MainActor
private func makeStage(visible: Bool = true) -> TransitionStage {
  let parent = controller("parent")
  let window = visible ? makeVisibleWindow(root: parent) : nil
  let area = view("area", frame: CGRect(x: 0, y: 44, width: 390, height: 700))
  parent.view.addSubview(area)
  let a = controller("a")
  parent.addChild(a)
  a.view.frame = area.bounds
  area.addSubview(a.view)
  a.didMove(toParent: parent)
  let b = controller("b")
  ModelRuntime.runUntilIdle()
  ModelRuntime.clearEvents()
  return TransitionStage(window: window, parent: parent, area: area, a: a, b: b)
}

/// The caller's side of a swap in the order of semantics E7: `addChild(b)` and
/// `a.willMove(toParent: nil)` before, `b.didMove(toParent:)` and `a.removeFromParent()` in the
/// completion, which also logs `caller.completion(finished)`.
@MainActor
private func swapAForB(
  in stage: TransitionStage, duration: TimeInterval,
  animations: (() -> Void)? = { ModelRuntime.annotate("caller", "animations") }
) {
  stage.parent.addChild(stage.b)
  stage.a.willMove(toParent: nil)
  stage.parent.transition(
    from: stage.a, to: stage.b, duration: duration, options: [], animations: animations
  ) { finished in
    ModelRuntime.annotate("caller", "completion(\(finished))")
    stage.b.didMove(toParent: stage.parent)
    stage.a.removeFromParent()
  }
}
#endif
