#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// Block animations, view transitions, animation options and the model's virtual clock (api.md
  /// §2.1–2.2, semantics E4, E9 and model choice K3).
  @MainActor
  @Suite("Animations")
  struct Animations {
    private static let animationLog = Set<ModelEvent.Category>([.animation, .annotation])

    /// The `UIView.animate` overloads of api.md §2.1.
    enum AnimateCall: String, CaseIterable, Sendable {
      case withDelayAndOptions
      case withCompletion
      case withoutCompletion
      case spring

      /// When the animation ends if started at time 0 with duration 0.5 (delay 0.25 where there is
      /// one).
      var endTime: TimeInterval {
        switch self {
        case .withDelayAndOptions, .spring: 0.75
        case .withCompletion, .withoutCompletion: 0.5
        }
      }

      var hasCompletion: Bool { self != .withoutCompletion }

      @MainActor
      func run(_ animations: @escaping () -> Void) {
        let completion: (Bool) -> Void = { finished in
          ModelRuntime.annotate("caller", "completion(\(finished))")
        }
        switch self {
        case .withDelayAndOptions:
          UIView.animate(
            withDuration: 0.5, delay: 0.25, options: [.curveEaseOut], animations: animations,
            completion: completion)
        case .withCompletion:
          UIView.animate(withDuration: 0.5, animations: animations, completion: completion)
        case .withoutCompletion:
          UIView.animate(withDuration: 0.5, animations: animations)
        case .spring:
          UIView.animate(
            withDuration: 0.5, delay: 0.25, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
            options: [.curveEaseOut], animations: animations, completion: completion)
        }
      }
    }

    // MARK: - UIView.animate

    @Test(
      "API2.1 K3 UIView.animate applies the changes at once and completes at delay + duration with true",
      arguments: AnimateCall.allCases)
    func animateAppliesAtOnceAndCompletesOnTime(_ call: AnimateCall) throws {
      freshModel()
      let box = view("box", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let target = CGRect(x: 100, y: 50, width: 20, height: 30)

      call.run {
        box.frame = target
        box.alpha = 0.5
      }

      #expect(box.frame == target)
      #expect(box.alpha == 0.5)
      let running = try #require(ModelRuntime.runningAnimations.first)
      #expect(running.kind == .animate)
      #expect(running.duration == 0.5)
      #expect(running.startTime == 0)
      #expect(running.endTime == call.endTime)

      ModelRuntime.advance(by: call.endTime - 0.125)
      #expect(
        ModelRuntime.eventLog(categories: Self.animationLog)
          == "animation#1.start(animate, duration: 0.5)")

      ModelRuntime.advance(by: 0.125)
      let finish = call.hasCompletion ? "\ncaller.completion(true)" : ""
      #expect(
        ModelRuntime.eventLog(categories: Self.animationLog) == """
          animation#1.start(animate, duration: 0.5)
          animation#1.completion(true)
          """ + finish)
      #expect(ModelRuntime.currentTime == call.endTime)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(!ModelRuntime.hasPendingWork)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "K3 a zero or negative duration completes with true at the next run, never inside the call",
      arguments: [0, -0.5] as [TimeInterval], [false, true])
    func zeroDurationCompletesAtNextRun(duration: TimeInterval, drainWithRunUntilIdle: Bool) {
      freshModel()
      let box = view("box")

      UIView.animate(
        withDuration: duration, animations: { box.alpha = 0 },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(box.alpha == 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      #expect(ModelRuntime.hasPendingWork)
      #expect(ModelRuntime.runningAnimations.map(\.endTime) == [0])

      if drainWithRunUntilIdle {
        ModelRuntime.runUntilIdle()
      } else {
        ModelRuntime.advance(by: 0)
      }

      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(ModelRuntime.currentTime == 0)
      #expect(ModelRuntime.runningAnimations.isEmpty)
    }

    @Test("K3 with UIView.setAnimationsEnabled(false) an animation completes at the next run")
    func disabledAnimationsCompleteAtNextRun() {
      freshModel()
      let box = view("box")
      #expect(UIView.areAnimationsEnabled)

      UIView.setAnimationsEnabled(false)
      #expect(!UIView.areAnimationsEnabled)
      UIView.animate(
        withDuration: 0.5, animations: { box.alpha = 0 },
        completion: { finished in
          ModelRuntime.annotate("caller", "disabled completion(\(finished))")
        })
      #expect(box.alpha == 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.disabled completion(true)")

      UIView.setAnimationsEnabled(true)
      #expect(UIView.areAnimationsEnabled)
      UIView.animate(
        withDuration: 0.5, animations: { box.alpha = 1 },
        completion: { finished in
          ModelRuntime.annotate("caller", "enabled completion(\(finished))")
        })
      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.disabled completion(true)")
      ModelRuntime.advance(by: 0.5)
      #expect(
        ModelRuntime.eventLog(for: ["caller"]) == """
          caller.disabled completion(true)
          caller.enabled completion(true)
          """)
    }

    @Test("K3 an animation inside UIView.performWithoutAnimation completes at the next run")
    func performWithoutAnimationCompletesAtNextRun() {
      freshModel()
      let box = view("box")

      UIView.performWithoutAnimation {
        box.alpha = 0.25
        UIView.animate(
          withDuration: 0.5, animations: { box.tag = 7 },
          completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })
      }

      #expect(box.alpha == 0.25)
      #expect(box.tag == 7)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(ModelRuntime.currentTime == 0)
      #expect(UIView.areAnimationsEnabled)
    }

    @Test(
      "API2.1 inheritedAnimationDuration is the enclosing block's duration, 0 outside or unanimated"
    )
    func inheritedAnimationDuration() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let a = controller("a")
      let b = controller("b")
      for child in [a, b] {
        parent.addChild(child)
        child.didMove(toParent: parent)
      }
      parent.view.addSubview(a.view)
      let box = view("box")
      var seen: [TimeInterval] = [UIView.inheritedAnimationDuration]

      UIView.animate(withDuration: 0.5) {
        seen.append(UIView.inheritedAnimationDuration)
        UIView.performWithoutAnimation { seen.append(UIView.inheritedAnimationDuration) }
        seen.append(UIView.inheritedAnimationDuration)
      }
      seen.append(UIView.inheritedAnimationDuration)
      UIView.transition(with: box, duration: 0.25, options: [.transitionCrossDissolve]) {
        seen.append(UIView.inheritedAnimationDuration)
      }
      parent.transition(from: a, to: b, duration: 0.75, options: []) {
        seen.append(UIView.inheritedAnimationDuration)
      }
      seen.append(UIView.inheritedAnimationDuration)

      #expect(seen == [0, 0.5, 0, 0.5, 0, 0.25, 0.75, 0])
    }

    @Test("K3 layer.removeAllAnimations() on an animated view completes with false at the next run")
    func removeAllAnimationsCutsAnimationShort() {
      freshModel()
      let box = view("box")
      let bystander = view("bystander")
      let quiet = view("quiet")

      UIView.animate(
        withDuration: 0.5,
        animations: {
          box.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
          UIView.performWithoutAnimation { quiet.alpha = 0.5 }
        },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })
      ModelRuntime.advance(by: 0.25)

      bystander.layer.removeAllAnimations()
      quiet.layer.removeAllAnimations()
      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      #expect(ModelRuntime.runningAnimations.count == 1)

      box.layer.removeAllAnimations()
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      ModelRuntime.advance(by: 0)

      #expect(
        ModelRuntime.eventLog(categories: Self.animationLog) == """
          animation#1.start(animate, duration: 0.5)
          animation#1.completion(false)
          caller.completion(false)
          """)
      #expect(ModelRuntime.currentTime == 0.25)
      #expect(box.frame == CGRect(x: 0, y: 0, width: 50, height: 50))
      #expect(ModelRuntime.runningAnimations.isEmpty)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(false)")
    }

    // MARK: - View transitions

    @Test(
      "API2.1 UIView.transition(with:) runs the changes at once and completes after the duration")
    func transitionWithView() throws {
      freshModel()
      let card = view("card")
      let face = view("face")
      card.addSubview(face)

      UIView.transition(
        with: card, duration: 0.5, options: [.transitionFlipFromLeft, .curveEaseIn],
        animations: { face.isHidden = true },
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })

      #expect(face.isHidden)
      let running = try #require(ModelRuntime.runningAnimations.first)
      #expect(running.kind == .viewTransition)
      #expect(running.duration == 0.5)
      #expect(running.delay == 0)
      #expect(running.options == [.transitionFlipFromLeft, .curveEaseIn])
      #expect(running.options.transitionStyle == 1)
      #expect(running.options.curve == 1)
      ModelRuntime.advance(by: 0.375)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      ModelRuntime.advance(by: 0.125)

      #expect(
        ModelRuntime.eventLog(categories: Self.animationLog) == """
          animation#1.start(transition(with: card), duration: 0.5)
          animation#1.completion(true)
          caller.completion(true)
          """)
      #expect(ModelRuntime.runningAnimations.isEmpty)
    }

    @Test(
      "API2.1 UIView.transition(with:) accepts nil animations and is cut short by its view's layer")
    func transitionWithViewNilAnimationsCutShort() {
      freshModel()
      let card = view("card")

      UIView.transition(
        with: card, duration: 0.5, options: [.transitionCrossDissolve], animations: nil,
        completion: { finished in ModelRuntime.annotate("caller", "completion(\(finished))") })
      ModelRuntime.advance(by: 0.25)
      card.layer.removeAllAnimations()
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      ModelRuntime.advance(by: 0)

      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(false)")
      #expect(ModelRuntime.currentTime == 0.25)
    }

    @Test("E4 UIView.transition(from:to:) puts toView in fromView's place and removes fromView")
    func transitionFromViewToView() throws {
      freshModel()
      let stack = view("stack")
      let back = view("back")
      let old = view("old")
      let front = view("front")
      for subview in [back, old, front] {
        stack.addSubview(subview)
      }
      let new = view("new")

      UIView.transition(from: old, to: new, duration: 0.5, options: [.transitionCrossDissolve]) {
        finished in
        ModelRuntime.annotate(
          "caller",
          "completion(\(finished)) \(stack.subviews.map(\.uikitModel.name).joined(separator: ","))")
      }

      // Model choice: the swap happens at once.
      #expect(stack.subviews.map(\.uikitModel.name) == ["back", "new", "front"])
      #expect(old.superview == nil)
      #expect(new.superview === stack)
      let running = try #require(ModelRuntime.runningAnimations.first)
      #expect(running.kind == .viewSwap)
      #expect(running.options.transitionStyle == 5)

      ModelRuntime.advance(by: 0.5)

      #expect(
        ModelRuntime.eventLog(categories: Self.animationLog) == """
          animation#1.start(transition(from: old, to: new), duration: 0.5)
          animation#1.completion(true)
          caller.completion(true) back,new,front
          """)
      #expect(stack.subviews.map(\.uikitModel.name) == ["back", "new", "front"])
      #expect(old.superview == nil)
    }

    @Test("E4 UIView.transition(from:to:) with .showHideTransitionViews hides and shows instead")
    func transitionFromViewToViewShowHide() {
      freshModel()
      let stack = view("stack")
      let old = view("old")
      let new = view("new")
      stack.addSubview(old)
      stack.addSubview(new)
      new.isHidden = true

      UIView.transition(
        from: old, to: new, duration: 0.5,
        options: [.transitionFlipFromRight, .showHideTransitionViews]
      ) { finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }

      #expect(old.isHidden)
      #expect(!new.isHidden)
      #expect(stack.subviews.map(\.uikitModel.name) == ["old", "new"])
      #expect(old.superview === stack)
      ModelRuntime.advance(by: 0.5)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "caller.completion(true)")
      #expect(old.isHidden)
      #expect(!new.isHidden)
      #expect(stack.subviews.map(\.uikitModel.name) == ["old", "new"])
    }

    @Test("E4 D6 UIView.transition(from:to:) of child root views sends the automatic callbacks")
    func transitionFromViewToViewForwardsAppearance() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let a = controller("a")
      let b = controller("b")
      parent.addChild(a)
      parent.view.addSubview(a.view)
      a.didMove(toParent: parent)
      parent.addChild(b)
      b.didMove(toParent: parent)
      b.loadViewIfNeeded()
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      UIView.transition(from: a.view, to: b.view, duration: 0.5, options: [.transitionCurlUp]) {
        finished in
        ModelRuntime.annotate("caller", "completion(\(finished))")
      }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["a", "b", "caller"]) == """
          b.viewWillAppear(false)
          b.viewIsAppearing(false)
          b.viewDidAppear(false)
          a.viewWillDisappear(false)
          a.viewDidDisappear(false)
          caller.completion(true)
          """)
      #expect(parent.view.subviews.map(\.uikitModel.name) == ["b.view"])
      #expect(b.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - Running animations

    @Test("K3 ModelRuntime.runningAnimations lists started, unfinished animations oldest first")
    func runningAnimationsList() {
      freshModel()
      let box = view("box")
      #expect(ModelRuntime.runningAnimations.isEmpty)

      UIView.animate(withDuration: 0.5) { box.alpha = 0 }
      ModelRuntime.advance(by: 0.25)
      UIView.transition(with: box, duration: 0.5, options: [.transitionCurlDown], animations: nil)
      UIView.animate(withDuration: 0) { box.alpha = 1 }

      let running = ModelRuntime.runningAnimations
      #expect(running.map(\.number) == [1, 2, 3])
      #expect(running.map(\.kind) == [.animate, .viewTransition, .animate])
      #expect(running.map(\.startTime) == [0, 0.25, 0.25])
      #expect(running.map(\.endTime) == [0.5, 0.75, 0.25])
      #expect(
        running.map(\.description) == [
          "animation#1 animate", "animation#2 viewTransition", "animation#3 animate",
        ])

      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.runningAnimations.map(\.number) == [1, 2])
      ModelRuntime.advance(by: 0.25)
      #expect(ModelRuntime.runningAnimations.map(\.number) == [2])
      ModelRuntime.advance(by: 0.25)
      #expect(ModelRuntime.runningAnimations.isEmpty)
      #expect(!ModelRuntime.hasPendingWork)
    }

    // MARK: - Options

    @Test(
      "API2.2 UIView.AnimationOptions members have UIKit's raw values",
      arguments: [
        ("layoutSubviews", .layoutSubviews, 1 << 0),
        ("allowUserInteraction", .allowUserInteraction, 1 << 1),
        ("beginFromCurrentState", .beginFromCurrentState, 1 << 2),
        ("repeat", .repeat, 1 << 3),
        ("autoreverse", .autoreverse, 1 << 4),
        ("overrideInheritedDuration", .overrideInheritedDuration, 1 << 5),
        ("overrideInheritedCurve", .overrideInheritedCurve, 1 << 6),
        ("allowAnimatedContent", .allowAnimatedContent, 1 << 7),
        ("showHideTransitionViews", .showHideTransitionViews, 1 << 8),
        ("overrideInheritedOptions", .overrideInheritedOptions, 1 << 9),
        ("curveEaseInOut", .curveEaseInOut, 0 << 16),
        ("curveEaseIn", .curveEaseIn, 1 << 16),
        ("curveEaseOut", .curveEaseOut, 2 << 16),
        ("curveLinear", .curveLinear, 3 << 16),
        ("transitionFlipFromLeft", .transitionFlipFromLeft, 1 << 20),
        ("transitionFlipFromRight", .transitionFlipFromRight, 2 << 20),
        ("transitionCurlUp", .transitionCurlUp, 3 << 20),
        ("transitionCurlDown", .transitionCurlDown, 4 << 20),
        ("transitionCrossDissolve", .transitionCrossDissolve, 5 << 20),
        ("transitionFlipFromTop", .transitionFlipFromTop, 6 << 20),
        ("transitionFlipFromBottom", .transitionFlipFromBottom, 7 << 20),
        ("preferredFramesPerSecond60", .preferredFramesPerSecond60, 3 << 24),
        ("preferredFramesPerSecond30", .preferredFramesPerSecond30, 7 << 24),
      ] as [(String, UIView.AnimationOptions, UInt)])
    func animationOptionRawValues(name: String, option: UIView.AnimationOptions, rawValue: UInt) {
      #expect(option.rawValue == rawValue, "\(name)")
      #expect(UIView.AnimationOptions(rawValue: rawValue) == option, "\(name)")
    }

    @Test(
      "API2.2 transitionStyle and curve decode the enumerated fields of the options",
      arguments: [
        ([], 0, 0),
        (.transitionFlipFromLeft, 1, 0),
        (.transitionFlipFromRight, 2, 0),
        (.transitionCurlUp, 3, 0),
        (.transitionCurlDown, 4, 0),
        (.transitionCrossDissolve, 5, 0),
        (.transitionFlipFromTop, 6, 0),
        (.transitionFlipFromBottom, 7, 0),
        (.curveEaseIn, 0, 1),
        (.curveEaseOut, 0, 2),
        (.curveLinear, 0, 3),
        (
          [
            .transitionCrossDissolve, .curveEaseOut, .allowUserInteraction,
            .preferredFramesPerSecond30,
          ], 5, 2
        ),
        ([.transitionFlipFromBottom, .curveLinear, .showHideTransitionViews, .repeat], 7, 3),
        ([.transitionCurlUp, .curveEaseIn, .layoutSubviews, .overrideInheritedOptions], 3, 1),
      ] as [(UIView.AnimationOptions, UInt, UInt)])
    func animationOptionFields(options: UIView.AnimationOptions, style: UInt, curve: UInt) {
      #expect(options.transitionStyle == style)
      #expect(options.curve == curve)
    }

    @Test(
      "API2.2 the style field is not a set of flags: contains is misleading, transitionStyle is not"
    )
    func transitionStyleIsAFieldNotFlags() {
      let dissolve = UIView.AnimationOptions.transitionCrossDissolve
      #expect(dissolve.contains(.transitionFlipFromLeft))
      #expect(
        dissolve.transitionStyle != UIView.AnimationOptions.transitionFlipFromLeft.transitionStyle)
      #expect(UIView.AnimationOptions.curveLinear.contains(.curveEaseIn))
      #expect(UIView.AnimationOptions.curveLinear.curve == 3)
    }
  }
}
#endif
