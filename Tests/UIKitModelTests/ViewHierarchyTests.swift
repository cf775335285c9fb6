#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A view that notes, from inside each hierarchy hook, what its superview and window are then.
@MainActor
private final class ProbeView: UIView {
  override func willMove(toSuperview newSuperview: UIView?) {
    super.willMove(toSuperview: newSuperview)
    note("willMove(toSuperview:)")
  }

  override func didMoveToSuperview() {
    super.didMoveToSuperview()
    note("didMoveToSuperview()")
  }

  override func willMove(toWindow newWindow: UIWindow?) {
    super.willMove(toWindow: newWindow)
    note("willMove(toWindow:)")
  }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    note("didMoveToWindow()")
  }

  override func didAddSubview(_ subview: UIView) {
    super.didAddSubview(subview)
    ModelRuntime.annotate(
      uikitModel.name,
      "didAddSubview(_:) sees subviews=\(subview.superview === self ? "yes" : "no")")
  }

  override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    ModelRuntime.annotate(
      uikitModel.name,
      "willRemoveSubview(_:) sees subview=\(subview.superview === self ? "yes" : "no")")
  }

  private func note(_ hook: String) {
    ModelRuntime.annotate(
      uikitModel.name,
      "\(hook) sees superview=\(superview?.uikitModel.name ?? "nil") window=\(window?.uikitModel.name ?? "nil")"
    )
  }
}

@MainActor
private func probe(_ name: String) -> ProbeView {
  let view = ProbeView(frame: .zero)
  view.uikitModel.name = name
  return view
}

@MainActor
private func names(_ views: [UIView]) -> [String] {
  views.map(\.uikitModel.name)
}

@MainActor
private func sameConstraints(_ lhs: [NSLayoutConstraint], _ rhs: [NSLayoutConstraint]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}

/// An `insertSubview(_:at:)` case of semantics F11: the index asked for and the order expected.
private struct InsertionCase: Sendable, CustomTestStringConvertible {
  let index: Int
  let expected: [String]

  var testDescription: String { "at: \(index) → \(expected.joined(separator: ", "))" }
}

extension ModelTests {
  @MainActor
  @Suite("Views (semantics F)")
  struct ViewHierarchy {
    // MARK: - F1

    @Test("F1 addSubview appends the view front-most and makes the receiver its next responder")
    func addSubviewAppendsFrontMost() {
      freshModel()
      let container = view("container")
      let first = view("first")
      let second = view("second")

      container.addSubview(first)
      container.addSubview(second)

      #expect(names(container.subviews) == ["first", "second"])
      #expect(first.superview === container)
      #expect(second.superview === container)
      #expect(second.next === container)
      #expect(first.next === container)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("F1 F3 addSubview of a view that has another superview removes it from that one first")
    func addSubviewReparents() {
      freshModel()
      let old = view("old")
      let new = view("new")
      let moving = view("moving")
      let stays = view("stays")
      old.addSubview(moving)
      old.addSubview(stays)
      ModelRuntime.clearEvents()

      new.addSubview(moving)

      #expect(names(old.subviews) == ["stays"])
      #expect(names(new.subviews) == ["moving"])
      #expect(moving.superview === new)
      #expect(moving.next === new)
      #expect(
        ModelRuntime.eventLog(categories: [.view]) == """
          old.willRemoveSubview(moving)
          moving.willMove(toSuperview: new)
          moving.didMoveToSuperview()
          new.didAddSubview(moving)
          """)
    }

    @Test("F1 adding a view to its current superview moves it to the front without hook calls")
    func addSubviewToCurrentSuperviewBringsToFront() {
      freshModel()
      let container = view("container")
      let a = view("a")
      let b = view("b")
      let c = view("c")
      container.addSubview(a)
      container.addSubview(b)
      container.addSubview(c)
      ModelRuntime.clearEvents()

      container.addSubview(a)

      #expect(names(container.subviews) == ["b", "c", "a"])
      #expect(a.superview === container)
      #expect(ModelRuntime.eventLog(categories: [.view]) == "")
    }

    // MARK: - F2

    @Test("F2 removeFromSuperview unlinks the view from its superview, window and responder chain")
    func removeFromSuperviewUnlinks() {
      freshModel()
      let window = makeVisibleWindow()
      let container = view("container")
      let leaving = view("leaving")
      let inner = view("inner")
      window.addSubview(container)
      container.addSubview(leaving)
      leaving.addSubview(inner)
      #expect(inner.window === window)

      leaving.removeFromSuperview()

      #expect(leaving.superview == nil)
      #expect(leaving.window == nil)
      #expect(inner.window == nil)
      #expect(inner.superview === leaving)
      #expect(leaving.next == nil)
      #expect(container.subviews.isEmpty)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test(
      "F2 removeFromSuperview removes the constraints that tie the subtree to the outside and keeps those inside it"
    )
    func removeFromSuperviewRemovesReachingConstraints() {
      freshModel()
      let outer = view("outer")
      let container = view("container")
      let leaving = view("leaving")
      let inner = view("inner")
      let sibling = view("sibling")
      outer.addSubview(container)
      container.addSubview(leaving)
      container.addSubview(sibling)
      leaving.addSubview(inner)
      let toContainer = leaving.leadingAnchor.constraint(equalTo: container.leadingAnchor)
      let innerToContainer = inner.widthAnchor.constraint(equalTo: container.widthAnchor)
      let innerToOuter = inner.topAnchor.constraint(equalTo: outer.topAnchor)
      let inside = inner.topAnchor.constraint(equalTo: leaving.topAnchor, constant: 4)
      let constant = leaving.heightAnchor.constraint(equalToConstant: 40)
      let unrelated = sibling.leadingAnchor.constraint(equalTo: container.leadingAnchor)
      NSLayoutConstraint.activate([
        toContainer, innerToContainer, innerToOuter, inside, constant, unrelated,
      ])
      #expect(sameConstraints(container.constraints, [toContainer, innerToContainer, unrelated]))
      #expect(sameConstraints(outer.constraints, [innerToOuter]))

      leaving.removeFromSuperview()

      #expect(!toContainer.isActive)
      #expect(!innerToContainer.isActive)
      #expect(!innerToOuter.isActive)
      #expect(inside.isActive)
      #expect(constant.isActive)
      #expect(unrelated.isActive)
      #expect(sameConstraints(container.constraints, [unrelated]))
      #expect(outer.constraints.isEmpty)
      #expect(sameConstraints(leaving.constraints, [inside, constant]))
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("F2 removeFromSuperview on a view without a superview does nothing")
    func removeFromSuperviewWithoutSuperview() {
      freshModel()
      let lonely = view("lonely")
      let inner = view("inner")
      lonely.addSubview(inner)
      ModelRuntime.clearEvents()

      lonely.removeFromSuperview()

      #expect(ModelRuntime.events.isEmpty)
      #expect(lonely.superview == nil)
      #expect(names(lonely.subviews) == ["inner"])
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - F3

    @Test(
      "F3 addSubview into a window: willMove(toSuperview:), willMove(toWindow:) for the subtree, link, didMoveToWindow, didMoveToSuperview, didAddSubview"
    )
    func addSubviewHookOrder() {
      freshModel()
      let window = makeVisibleWindow()
      let container = probe("container")
      window.addSubview(container)
      let moving = probe("moving")
      let inner = probe("inner")
      moving.addSubview(inner)
      ModelRuntime.clearEvents()

      container.addSubview(moving)

      #expect(
        ModelRuntime.eventLog(categories: [.view, .annotation]) == """
          moving.willMove(toSuperview: container)
          moving.willMove(toSuperview:) sees superview=nil window=nil
          moving.willMove(toWindow: window)
          moving.willMove(toWindow:) sees superview=nil window=nil
          inner.willMove(toWindow: window)
          inner.willMove(toWindow:) sees superview=moving window=nil
          moving.didMoveToWindow()
          moving.didMoveToWindow() sees superview=container window=window
          inner.didMoveToWindow()
          inner.didMoveToWindow() sees superview=moving window=window
          moving.didMoveToSuperview()
          moving.didMoveToSuperview() sees superview=container window=window
          container.didAddSubview(moving)
          container.didAddSubview(_:) sees subviews=yes
          """)
      #expect(moving.window === window)
      #expect(inner.window === window)
    }

    @Test(
      "F3 removeFromSuperview: willRemoveSubview, willMove(toSuperview: nil), willMove(toWindow: nil) for the subtree, unlink, didMoveToWindow, didMoveToSuperview"
    )
    func removeFromSuperviewHookOrder() {
      freshModel()
      let window = makeVisibleWindow()
      let container = probe("container")
      window.addSubview(container)
      let moving = probe("moving")
      let inner = probe("inner")
      moving.addSubview(inner)
      container.addSubview(moving)
      ModelRuntime.clearEvents()

      moving.removeFromSuperview()

      #expect(
        ModelRuntime.eventLog(categories: [.view, .annotation]) == """
          container.willRemoveSubview(moving)
          container.willRemoveSubview(_:) sees subview=yes
          moving.willMove(toSuperview: nil)
          moving.willMove(toSuperview:) sees superview=container window=window
          moving.willMove(toWindow: nil)
          moving.willMove(toWindow:) sees superview=container window=window
          inner.willMove(toWindow: nil)
          inner.willMove(toWindow:) sees superview=moving window=window
          moving.didMoveToWindow()
          moving.didMoveToWindow() sees superview=nil window=nil
          inner.didMoveToWindow()
          inner.didMoveToWindow() sees superview=moving window=nil
          moving.didMoveToSuperview()
          moving.didMoveToSuperview() sees superview=nil window=nil
          """)
      #expect(inner.window == nil)
      #expect(container.window === window)
    }

    @Test("F3 moving a subtree from a window to a superview outside any window")
    func moveOutOfWindowHookOrder() {
      freshModel()
      let window = makeVisibleWindow()
      let old = view("old")
      window.addSubview(old)
      let new = view("new")
      let moving = view("moving")
      let inner = view("inner")
      moving.addSubview(inner)
      old.addSubview(moving)
      ModelRuntime.clearEvents()

      new.addSubview(moving)

      #expect(
        ModelRuntime.eventLog(categories: [.view]) == """
          old.willRemoveSubview(moving)
          moving.willMove(toSuperview: new)
          moving.willMove(toWindow: nil)
          inner.willMove(toWindow: nil)
          moving.didMoveToWindow()
          inner.didMoveToWindow()
          moving.didMoveToSuperview()
          new.didAddSubview(moving)
          """)
      #expect(moving.window == nil)
      #expect(inner.window == nil)
      #expect(old.subviews.isEmpty)
      #expect(old.window === window)
    }

    @Test("F3 moving a subtree between two windows tells every view of the new window")
    func moveBetweenWindowsHookOrder() {
      freshModel()
      let first = makeVisibleWindow()
      first.uikitModel.name = "first"
      let second = makeVisibleWindow()
      second.uikitModel.name = "second"
      let moving = view("moving")
      let inner = view("inner")
      moving.addSubview(inner)
      first.addSubview(moving)
      ModelRuntime.clearEvents()

      second.addSubview(moving)

      #expect(
        ModelRuntime.eventLog(categories: [.view]) == """
          first.willRemoveSubview(moving)
          moving.willMove(toSuperview: second)
          moving.willMove(toWindow: second)
          inner.willMove(toWindow: second)
          moving.didMoveToWindow()
          inner.didMoveToWindow()
          moving.didMoveToSuperview()
          second.didAddSubview(moving)
          """)
      #expect(inner.window === second)
      #expect(first.subviews.isEmpty)
    }

    @Test("F3 a move inside the same window, or outside any window, makes no window hook calls")
    func moveWithoutWindowChange() {
      freshModel()
      let window = makeVisibleWindow()
      let left = view("left")
      let right = view("right")
      window.addSubview(left)
      window.addSubview(right)
      let moving = view("moving")
      left.addSubview(moving)
      let loose = view("loose")
      let looseChild = view("looseChild")
      ModelRuntime.clearEvents()

      right.addSubview(moving)
      loose.addSubview(looseChild)

      #expect(
        ModelRuntime.eventLog(categories: [.view]) == """
          left.willRemoveSubview(moving)
          moving.willMove(toSuperview: right)
          moving.didMoveToSuperview()
          right.didAddSubview(moving)
          looseChild.willMove(toSuperview: loose)
          looseChild.didMoveToSuperview()
          loose.didAddSubview(looseChild)
          """)
      #expect(moving.window === window)
      #expect(looseChild.window == nil)
    }

    // MARK: - F4, F5

    @Test("F4 a child's view may go into the container's view or any of its subviews")
    func childViewInAnySubviewOfContainer() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let area = view("area")
      let nested = view("nested")
      parent.view.addSubview(area)
      area.addSubview(nested)
      let first = controller("first")
      let second = controller("second")
      ModelRuntime.clearEvents()

      parent.addChild(first)
      area.addSubview(first.view)
      first.didMove(toParent: parent)
      parent.addChild(second)
      nested.addSubview(second.view)
      second.didMove(toParent: parent)

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(first.view.superview === area)
      #expect(second.view.superview === nested)
      #expect(second.view.window === window)
      #expect(first.uikitModel.appearanceState == .appeared)
      #expect(second.uikitModel.appearanceState == .appeared)
    }

    @Test(
      "F5 I2 off-window addSubview is not checked; the misplaced child raises when its subtree enters a window, naming the sibling, and nothing moves"
    )
    func checkRunsWhenSubtreeEntersWindow() {
      freshModel()
      let parent = controller("parent")
      let sibling = controller("sibling")
      let child = controller("child")
      parent.addChild(sibling)
      parent.view.addSubview(sibling.view)
      sibling.didMove(toParent: parent)
      parent.addChild(child)
      sibling.view.addSubview(child.view)
      child.didMove(toParent: parent)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(child.view.superview === sibling.view)
      let window = makeVisibleWindow()
      let host = view("host")
      ModelRuntime.clearEvents()

      window.addSubview(host)
      host.addSubview(parent.view)

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "child view controller:<UIViewController: child> should have parent view "
              + "controller:<UIViewController: sibling> but actual parent is:"
              + "<UIViewController: parent>")
        ])
      #expect(parent.view.superview == nil)
      #expect(parent.view.window == nil)
      #expect(host.subviews.isEmpty)
      #expect(parent.uikitModel.appearanceState == .disappeared)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(
        ModelRuntime.eventLog(
          for: ["parent", "parent.view", "sibling", "child"], categories: ModelEvent.Category.all)
          == "")
      #expect(host.window === window)
    }

    @Test("F5 checksHierarchyOffWindow makes an off-window addSubview check too")
    func checksHierarchyOffWindowFlag() {
      freshModel()
      ModelRuntime.checksHierarchyOffWindow = true
      let parent = controller("parent")
      let sibling = controller("sibling")
      let child = controller("child")
      parent.addChild(sibling)
      parent.view.addSubview(sibling.view)
      sibling.didMove(toParent: parent)
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
      #expect(child.view.superview == nil)
      #expect(sibling.view.subviews.isEmpty)
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")

      // A consistent placement is still accepted with the flag on.
      parent.view.addSubview(child.view)
      #expect(child.view.superview === parent.view)
      #expect(ModelRuntime.recordedExceptions.count == 1)
    }

    @Test("F5 without checksHierarchyOffWindow an off-window misplacement is accepted")
    func offWindowMisplacementAccepted() {
      freshModel()
      #expect(!ModelRuntime.checksHierarchyOffWindow)
      let parent = controller("parent")
      let sibling = controller("sibling")
      let child = controller("child")
      parent.addChild(sibling)
      parent.view.addSubview(sibling.view)
      parent.addChild(child)

      sibling.view.addSubview(child.view)

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(child.view.superview === sibling.view)
    }

    // MARK: - F10

    @Test("F10 a new view has UIKit's defaults")
    func viewDefaults() {
      freshModel()
      let plain = UIView()

      #expect(plain.frame == .zero)
      #expect(!plain.clipsToBounds)
      #expect(plain.alpha == 1)
      #expect(!plain.isHidden)
      #expect(plain.isOpaque)
      #expect(plain.backgroundColor == nil)
      #expect(plain.isUserInteractionEnabled)
      #expect(plain.tag == 0)
      #expect(plain.translatesAutoresizingMaskIntoConstraints)
      #expect(plain.autoresizingMask == [])
      #expect(plain.autoresizesSubviews)
      #expect(plain.superview == nil)
      #expect(plain.window == nil)
      #expect(plain.subviews.isEmpty)
      #expect(plain.constraints.isEmpty)
      #expect(plain.next == nil)
    }

    @Test("F10 isHidden does not check superviews")
    func isHiddenDoesNotCheckSuperviews() {
      freshModel()
      let container = view("container")
      let inner = view("inner")
      container.addSubview(inner)

      container.isHidden = true

      #expect(container.isHidden)
      #expect(!inner.isHidden)
    }

    // MARK: - F11

    @Test(
      "F11 insertSubview(_:at:) puts the view at the index, clamping indexes outside 0…count",
      arguments: [
        InsertionCase(index: -5, expected: ["new", "a", "b", "c"]),
        InsertionCase(index: 0, expected: ["new", "a", "b", "c"]),
        InsertionCase(index: 1, expected: ["a", "new", "b", "c"]),
        InsertionCase(index: 3, expected: ["a", "b", "c", "new"]),
        InsertionCase(index: 99, expected: ["a", "b", "c", "new"]),
      ])
    fileprivate func insertAtIndex(_ insertion: InsertionCase) {
      freshModel()
      let container = view("container")
      for name in ["a", "b", "c"] {
        container.addSubview(view(name))
      }
      let new = view("new")

      container.insertSubview(new, at: insertion.index)

      #expect(names(container.subviews) == insertion.expected)
      #expect(new.superview === container)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("F11 insertSubview(_:at:) of a current subview moves it to that index")
    func insertExistingSubviewAtIndex() {
      freshModel()
      let container = view("container")
      let a = view("a")
      for subview in [a, view("b"), view("c")] {
        container.addSubview(subview)
      }

      container.insertSubview(a, at: 2)
      #expect(names(container.subviews) == ["b", "c", "a"])

      container.insertSubview(a, at: 1)
      #expect(names(container.subviews) == ["b", "a", "c"])
    }

    @Test(
      "F11 insertSubview(_:belowSubview:) and insertSubview(_:aboveSubview:) place next to the sibling"
    )
    func insertBelowAndAbove() {
      freshModel()
      let container = view("container")
      let a = view("a")
      let b = view("b")
      let c = view("c")
      for subview in [a, b, c] {
        container.addSubview(subview)
      }
      let below = view("below")
      let above = view("above")

      container.insertSubview(below, belowSubview: b)
      #expect(names(container.subviews) == ["a", "below", "b", "c"])

      container.insertSubview(above, aboveSubview: b)
      #expect(names(container.subviews) == ["a", "below", "b", "above", "c"])

      container.insertSubview(c, belowSubview: a)
      #expect(names(container.subviews) == ["c", "a", "below", "b", "above"])

      container.insertSubview(c, aboveSubview: above)
      #expect(names(container.subviews) == ["a", "below", "b", "above", "c"])
    }

    @Test(
      "F11 bringSubviewToFront, sendSubviewToBack and exchangeSubview(at:withSubviewAt:) reorder")
    func reorderingAPIs() {
      freshModel()
      let container = view("container")
      let a = view("a")
      let b = view("b")
      let c = view("c")
      for subview in [a, b, c] {
        container.addSubview(subview)
      }
      ModelRuntime.clearEvents()

      container.bringSubviewToFront(a)
      #expect(names(container.subviews) == ["b", "c", "a"])

      container.sendSubviewToBack(c)
      #expect(names(container.subviews) == ["c", "b", "a"])

      container.exchangeSubview(at: 0, withSubviewAt: 2)
      #expect(names(container.subviews) == ["a", "b", "c"])

      container.exchangeSubview(at: 1, withSubviewAt: 7)
      #expect(names(container.subviews) == ["a", "b", "c"])

      container.bringSubviewToFront(view("stranger"))
      container.sendSubviewToBack(view("stranger"))
      #expect(names(container.subviews) == ["a", "b", "c"])
      #expect(ModelRuntime.eventLog(categories: [.view]) == "")
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("F1 F11 insertSubview of a view from another superview re-parents it")
    func insertReparents() {
      freshModel()
      let old = view("old")
      let container = view("container")
      let moving = view("moving")
      old.addSubview(moving)
      container.addSubview(view("a"))
      container.addSubview(view("b"))

      container.insertSubview(moving, at: 1)

      #expect(old.subviews.isEmpty)
      #expect(names(container.subviews) == ["a", "moving", "b"])
      #expect(moving.superview === container)
    }
  }
}
#endif
