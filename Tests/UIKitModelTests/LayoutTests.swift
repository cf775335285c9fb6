#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

@MainActor
private func sameConstraints(_ lhs: [NSLayoutConstraint], _ rhs: [NSLayoutConstraint]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}

@MainActor
private func names(_ views: [UIView]) -> [String] {
  views.map(\.uikitModel.name)
}

/// A row of the semantics F7 table: a mask, the superview's new size and the subview's frame after.
///
/// The superview starts at 300 × 200 and the subview at (30, 20, 120, 80): its horizontal parts
/// are 30 / 120 / 150 and its vertical parts 20 / 80 / 100.
private struct AutoresizingCase: Sendable, CustomTestStringConvertible {
  let label: String
  let mask: UIView.AutoresizingMask
  let newSize: CGSize
  let expected: CGRect

  init(_ label: String, _ mask: UIView.AutoresizingMask, to newSize: CGSize, _ expected: CGRect) {
    self.label = label
    self.mask = mask
    self.newSize = newSize
    self.expected = expected
  }

  var testDescription: String { label }
}

private let grown = CGSize(width: 390, height: 380)

private let autoresizingCases: [AutoresizingCase] = [
  AutoresizingCase(
    "none keeps the frame", [], to: grown, CGRect(x: 30, y: 20, width: 120, height: 80)),
  AutoresizingCase(
    "W absorbs the whole width delta", [.flexibleWidth], to: grown,
    CGRect(x: 30, y: 20, width: 210, height: 80)),
  AutoresizingCase(
    "L absorbs the whole delta", [.flexibleLeftMargin], to: grown,
    CGRect(x: 120, y: 20, width: 120, height: 80)),
  AutoresizingCase(
    "R absorbs the whole delta", [.flexibleRightMargin], to: grown,
    CGRect(x: 30, y: 20, width: 120, height: 80)),
  AutoresizingCase(
    "L+R share 30:150", [.flexibleLeftMargin, .flexibleRightMargin], to: grown,
    CGRect(x: 45, y: 20, width: 120, height: 80)),
  AutoresizingCase(
    "L+W share 30:120", [.flexibleLeftMargin, .flexibleWidth], to: grown,
    CGRect(x: 48, y: 20, width: 192, height: 80)),
  AutoresizingCase(
    "W+R share 120:150", [.flexibleWidth, .flexibleRightMargin], to: grown,
    CGRect(x: 30, y: 20, width: 160, height: 80)),
  AutoresizingCase(
    "L+W+R share 30:120:150", [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin],
    to: grown, CGRect(x: 39, y: 20, width: 156, height: 80)),
  AutoresizingCase(
    "H absorbs the whole height delta", [.flexibleHeight], to: grown,
    CGRect(x: 30, y: 20, width: 120, height: 260)),
  AutoresizingCase(
    "T absorbs the whole delta", [.flexibleTopMargin], to: grown,
    CGRect(x: 30, y: 200, width: 120, height: 80)),
  AutoresizingCase(
    "B absorbs the whole delta", [.flexibleBottomMargin], to: grown,
    CGRect(x: 30, y: 20, width: 120, height: 80)),
  AutoresizingCase(
    "T+B share 20:100", [.flexibleTopMargin, .flexibleBottomMargin], to: grown,
    CGRect(x: 30, y: 50, width: 120, height: 80)),
  AutoresizingCase(
    "T+H share 20:80", [.flexibleTopMargin, .flexibleHeight], to: grown,
    CGRect(x: 30, y: 56, width: 120, height: 224)),
  AutoresizingCase(
    "H+B share 80:100", [.flexibleHeight, .flexibleBottomMargin], to: grown,
    CGRect(x: 30, y: 20, width: 120, height: 160)),
  AutoresizingCase(
    "T+H+B share 20:80:100", [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin],
    to: grown, CGRect(x: 30, y: 38, width: 120, height: 152)),
  AutoresizingCase(
    "W+H", [.flexibleWidth, .flexibleHeight], to: grown,
    CGRect(x: 30, y: 20, width: 210, height: 260)),
  AutoresizingCase(
    "all four margins",
    [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin],
    to: grown, CGRect(x: 45, y: 50, width: 120, height: 80)),
  AutoresizingCase(
    "all six parts, shrinking",
    [
      .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin,
      .flexibleHeight, .flexibleBottomMargin,
    ], to: CGSize(width: 210, height: 20), CGRect(x: 21, y: 2, width: 84, height: 8)),
]

extension ModelTests {
  @MainActor
  @Suite("Layout, constraints and stack views")
  struct Layout {
    // MARK: - F6

    @Test("F6 a bounds size change resizes subviews by their masks only when autoresizesSubviews")
    func boundsChangeResizesSubviews() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      let flexible = view("flexible", frame: CGRect(x: 10, y: 10, width: 100, height: 100))
      flexible.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      let fixed = view("fixed", frame: CGRect(x: 10, y: 10, width: 100, height: 100))
      container.addSubview(flexible)
      container.addSubview(fixed)

      container.frame = CGRect(x: 5, y: 5, width: 400, height: 600)

      #expect(flexible.frame == CGRect(x: 10, y: 10, width: 200, height: 300))
      #expect(fixed.frame == CGRect(x: 10, y: 10, width: 100, height: 100))

      container.autoresizesSubviews = false
      container.frame = CGRect(x: 5, y: 5, width: 300, height: 400)

      #expect(flexible.frame == CGRect(x: 10, y: 10, width: 200, height: 300))

      container.autoresizesSubviews = true
      container.frame = CGRect(x: 0, y: 0, width: 300, height: 400)

      #expect(flexible.frame == CGRect(x: 10, y: 10, width: 200, height: 300))

      container.bounds = CGRect(x: 0, y: 0, width: 350, height: 450)

      #expect(flexible.frame == CGRect(x: 10, y: 10, width: 250, height: 350))
      #expect(fixed.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("F6 a child view framed to the container's bounds follows the window's size")
    func childFramedToBoundsFollowsWindow() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      parent.addChild(child)
      child.view.frame = parent.view.bounds
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)

      #expect(parent.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
      #expect(child.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    // MARK: - F7

    @Test(
      "F7 autoresizing shares the superview's size change among the flexible parts in proportion",
      arguments: autoresizingCases)
    fileprivate func autoresizingTable(_ row: AutoresizingCase) {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 200))
      let subview = view("subview", frame: CGRect(x: 30, y: 20, width: 120, height: 80))
      subview.autoresizingMask = row.mask
      container.addSubview(subview)

      container.frame = CGRect(origin: .zero, size: row.newSize)

      #expect(subview.frame == row.expected)
    }

    @Test("F7 flexible parts that are all zero share the change equally (model choice)")
    func zeroPartsShareEqually() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let subview = view("subview", frame: CGRect(x: 0, y: 40, width: 0, height: 20))
      subview.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
      container.addSubview(subview)

      container.frame = CGRect(x: 0, y: 0, width: 300, height: 100)

      #expect(subview.frame == CGRect(x: 100, y: 40, width: 100, height: 20))
    }

    @Test("F7 bounds that pass through zero and back leave subviews with frames that differ")
    func boundsThroughZero() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
      let subview = view("subview", frame: CGRect(x: 30, y: 60, width: 120, height: 90))
      subview.autoresizingMask = [
        .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin,
        .flexibleHeight, .flexibleBottomMargin,
      ]
      container.addSubview(subview)

      container.frame = .zero
      #expect(subview.frame == .zero)

      container.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
      #expect(subview.frame == CGRect(x: 100, y: 100, width: 100, height: 100))
      #expect(subview.frame != CGRect(x: 30, y: 60, width: 120, height: 90))
    }

    // MARK: - F8

    @Test(
      "F8 a constraint that contradicts a frame fixed by autoresizing records a conflict and does not move the view"
    )
    func conflictWithAutoresizingFrame() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
      let pinned = view("pinned", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      container.addSubview(pinned)
      let leading = pinned.leadingAnchor.constraint(
        equalTo: container.leadingAnchor, constant: 20)
      leading.isActive = true

      container.layoutIfNeeded()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .conflictingConstraints,
            message: "Unable to simultaneously satisfy constraints: pinned.leading == "
              + "container.leading + 20 conflicts with the frame of pinned, which translates its "
              + "autoresizing mask into constraints; set translatesAutoresizingMaskIntoConstraints "
              + "to false on it")
        ])
      #expect(pinned.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test(
      "F8 with translatesAutoresizingMaskIntoConstraints false the constraint positions the view and nothing is reported"
    )
    func noConflictWithoutTranslation() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
      let pinned = view("pinned", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      container.addSubview(pinned)
      pinned.translatesAutoresizingMaskIntoConstraints = false
      pinned.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20).isActive =
        true

      container.layoutIfNeeded()

      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(pinned.frame == CGRect(x: 20, y: 0, width: 100, height: 100))
    }

    @Test("F8 a constraint that the autoresizing frame already satisfies is not a conflict")
    func satisfiedConstraintIsNoConflict() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
      let pinned = view("pinned", frame: CGRect(x: 20, y: 0, width: 100, height: 100))
      container.addSubview(pinned)
      pinned.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20).isActive =
        true

      container.layoutIfNeeded()

      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(pinned.frame == CGRect(x: 20, y: 0, width: 100, height: 100))
    }

    // MARK: - F9

    @Test(
      "F9 new constraints are inactive; activation installs them on the closest common ancestor")
    func activationInstallsOnClosestCommonAncestor() {
      freshModel()
      let root = view("root")
      let branch = view("branch")
      let leaf = view("leaf")
      let other = view("other")
      root.addSubview(branch)
      branch.addSubview(leaf)
      root.addSubview(other)
      let across = leaf.leadingAnchor.constraint(equalTo: other.leadingAnchor)
      let toParent = leaf.topAnchor.constraint(equalTo: branch.topAnchor)
      let constant = leaf.widthAnchor.constraint(equalToConstant: 10)
      let all = [across, toParent, constant]

      #expect(all.allSatisfy { !$0.isActive })
      #expect(root.constraints.isEmpty)
      #expect(branch.constraints.isEmpty)
      #expect(leaf.constraints.isEmpty)

      NSLayoutConstraint.activate(all)

      #expect(all.allSatisfy { $0.isActive })
      #expect(sameConstraints(root.constraints, [across]))
      #expect(sameConstraints(branch.constraints, [toParent]))
      #expect(sameConstraints(leaf.constraints, [constant]))
      #expect(other.constraints.isEmpty)
      #expect(ModelRuntime.recordedExceptions.isEmpty)

      NSLayoutConstraint.deactivate([across, constant])

      #expect(!across.isActive)
      #expect(!constant.isActive)
      #expect(toParent.isActive)
      #expect(root.constraints.isEmpty)
      #expect(leaf.constraints.isEmpty)
      #expect(sameConstraints(branch.constraints, [toParent]))
    }

    @Test("F9 a constraint between a view and its own ancestor is installed on the ancestor")
    func activationOnAncestor() {
      freshModel()
      let root = view("root")
      let branch = view("branch")
      let leaf = view("leaf")
      root.addSubview(branch)
      branch.addSubview(leaf)
      let reversed = root.bottomAnchor.constraint(equalTo: leaf.bottomAnchor)

      reversed.isActive = true

      #expect(reversed.isActive)
      #expect(sameConstraints(root.constraints, [reversed]))
      #expect(branch.constraints.isEmpty)
    }

    // MARK: - Solver

    @Test("F8 F9 the solver pins four edges with constants at the next layoutIfNeeded, not before")
    func solverPinsEdges() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      let content = view("content", frame: CGRect(x: 1, y: 2, width: 3, height: 4))
      container.addSubview(content)
      content.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        content.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
        content.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
        content.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
        content.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -40),
      ])

      #expect(content.frame == CGRect(x: 1, y: 2, width: 3, height: 4))

      container.layoutIfNeeded()

      #expect(content.frame == CGRect(x: 10, y: 30, width: 270, height: 330))
      #expect(ModelRuntime.diagnostics.isEmpty)

      container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
      container.layoutIfNeeded()

      #expect(content.frame == CGRect(x: 10, y: 30, width: 170, height: 30))
    }

    @Test("F8 the solver reads insets written with the superview as the first item")
    func solverInsetsSuperviewFirst() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      let content = view("content")
      container.addSubview(content)
      content.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        content.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
        container.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: 16),
        content.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
        container.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: 24),
      ])

      container.layoutIfNeeded()

      #expect(content.frame == CGRect(x: 16, y: 8, width: 268, height: 368))
    }

    @Test("F8 the solver centers a view with a constant size")
    func solverCenterAndSize() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      let badge = view("badge")
      container.addSubview(badge)
      badge.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        badge.centerXAnchor.constraint(equalTo: container.centerXAnchor),
        badge.centerYAnchor.constraint(equalTo: container.centerYAnchor, constant: 10),
        badge.widthAnchor.constraint(equalToConstant: 100),
        badge.heightAnchor.constraint(equalToConstant: 50),
      ])

      container.layoutIfNeeded()

      #expect(badge.frame == CGRect(x: 100, y: 185, width: 100, height: 50))
    }

    @Test("F8 the solver pins a view to the superview's layoutMarginsGuide")
    func solverLayoutMarginsGuide() {
      freshModel()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 400))
      let content = view("content")
      container.addSubview(content)
      content.translatesAutoresizingMaskIntoConstraints = false
      let margins = container.layoutMarginsGuide
      NSLayoutConstraint.activate([
        content.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        content.topAnchor.constraint(equalTo: margins.topAnchor),
        content.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
      ])

      container.layoutIfNeeded()
      #expect(container.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
      #expect(content.frame == CGRect(x: 8, y: 8, width: 284, height: 384))

      container.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
      container.layoutIfNeeded()

      #expect(content.frame == CGRect(x: 20, y: 10, width: 240, height: 360))
      #expect(ModelRuntime.recordedExceptions.isEmpty)
    }

    @Test("F8 a child root view pinned to its container is laid out by a runtime run in a window")
    func pinnedChildLaidOutByRuntime() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
      ModelRuntime.advance(by: 0)

      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.view.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate([
        child.view.leadingAnchor.constraint(equalTo: parent.view.leadingAnchor, constant: 20),
        child.view.trailingAnchor.constraint(equalTo: parent.view.trailingAnchor, constant: -20),
        child.view.topAnchor.constraint(equalTo: parent.view.topAnchor, constant: 100),
        child.view.heightAnchor.constraint(equalToConstant: 200),
      ])
      child.didMove(toParent: parent)
      #expect(child.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))

      ModelRuntime.advance(by: 0)

      #expect(child.view.frame == CGRect(x: 20, y: 100, width: 350, height: 200))
      #expect(ModelRuntime.diagnostics.isEmpty)
      #expect(child.view.window === window)
    }

    @Test("F8 changing a constraint's constant lays out again at the next runtime run")
    func constantChangeRelaysOut() {
      freshModel()
      let window = makeVisibleWindow()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
      window.addSubview(container)
      let content = view("content")
      container.addSubview(content)
      content.translatesAutoresizingMaskIntoConstraints = false
      let top = content.topAnchor.constraint(equalTo: container.topAnchor, constant: 10)
      NSLayoutConstraint.activate([
        top,
        content.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        content.widthAnchor.constraint(equalToConstant: 50),
        content.heightAnchor.constraint(equalToConstant: 50),
      ])
      ModelRuntime.advance(by: 0)
      #expect(content.frame == CGRect(x: 0, y: 10, width: 50, height: 50))

      top.constant = 70
      #expect(content.frame == CGRect(x: 0, y: 10, width: 50, height: 50))
      ModelRuntime.advance(by: 0)

      #expect(content.frame == CGRect(x: 0, y: 70, width: 50, height: 50))
      #expect(content.window === window)
    }

    // MARK: - setNeedsLayout

    @Test("setNeedsLayout lays a view in a window out once at the next advance(by: 0)")
    func setNeedsLayoutInWindow() {
      freshModel()
      let window = makeVisibleWindow()
      let container = view("container", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      window.addSubview(container)
      ModelRuntime.advance(by: 0)
      ModelRuntime.clearEvents()

      container.setNeedsLayout()
      container.setNeedsLayout()
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "")

      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "container.layoutSubviews()")

      ModelRuntime.advance(by: 0)
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "container.layoutSubviews()")
      #expect(container.window === window)
    }

    @Test("setNeedsLayout on a view outside any window waits for layoutIfNeeded()")
    func setNeedsLayoutOffWindow() {
      freshModel()
      let loose = view("loose", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      ModelRuntime.clearEvents()

      loose.setNeedsLayout()
      ModelRuntime.advance(by: 0)
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "")

      loose.layoutIfNeeded()
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "loose.layoutSubviews()")

      loose.layoutIfNeeded()
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "loose.layoutSubviews()")
    }

    // MARK: - UIStackView

    @Test("UIStackView arranged subviews are also subviews, in order")
    func stackArrangedAreSubviews() {
      freshModel()
      let a = view("a")
      let b = view("b")
      let stack = UIStackView(arrangedSubviews: [a, b])
      stack.uikitModel.name = "stack"
      let c = view("c")

      stack.addArrangedSubview(c)

      #expect(names(stack.arrangedSubviews) == ["a", "b", "c"])
      #expect(names(stack.subviews) == ["a", "b", "c"])
      #expect(c.superview === stack)
      #expect(!c.translatesAutoresizingMaskIntoConstraints)

      let d = view("d")
      stack.insertArrangedSubview(d, at: 1)
      #expect(names(stack.arrangedSubviews) == ["a", "d", "b", "c"])
      #expect(d.superview === stack)
      #expect(stack.subviews.count == 4)
    }

    @Test("UIStackView removeArrangedSubview keeps the view as a subview")
    func stackRemoveArrangedKeepsSuperview() {
      freshModel()
      let a = view("a")
      let b = view("b")
      let stack = UIStackView(arrangedSubviews: [a, b])

      stack.removeArrangedSubview(a)

      #expect(names(stack.arrangedSubviews) == ["b"])
      #expect(a.superview === stack)
      #expect(names(stack.subviews) == ["a", "b"])
    }

    @Test("UIStackView removeFromSuperview of an arranged view drops it from arrangedSubviews")
    func stackRemoveFromSuperviewDropsArranged() {
      freshModel()
      let a = view("a")
      let b = view("b")
      let c = view("c")
      let stack = UIStackView(arrangedSubviews: [a, b, c])
      let elsewhere = view("elsewhere")

      b.removeFromSuperview()
      #expect(names(stack.arrangedSubviews) == ["a", "c"])
      #expect(names(stack.subviews) == ["a", "c"])

      elsewhere.addSubview(c)
      #expect(names(stack.arrangedSubviews) == ["a"])
      #expect(names(stack.subviews) == ["a"])
    }

    @Test("UIStackView insertArrangedSubview of an arranged view moves it, forward or back")
    func stackInsertArrangedMoves() {
      freshModel()
      let views = ["a", "b", "c", "d"].map { view($0) }
      let stack = UIStackView(arrangedSubviews: views)
      let other = UIStackView()

      stack.insertArrangedSubview(views[0], at: 2)
      #expect(names(stack.arrangedSubviews) == ["b", "c", "a", "d"])
      stack.insertArrangedSubview(views[3], at: 0)
      #expect(names(stack.arrangedSubviews) == ["d", "b", "c", "a"])
      stack.insertArrangedSubview(views[1], at: 9)
      #expect(names(stack.arrangedSubviews) == ["d", "c", "a", "b"])
      #expect(names(stack.subviews) == ["a", "b", "c", "d"])

      other.addArrangedSubview(views[2])
      #expect(names(stack.arrangedSubviews) == ["d", "a", "b"])
      #expect(names(other.arrangedSubviews) == ["c"])
      stack.removeArrangedSubview(views[0])
      stack.insertArrangedSubview(views[0], at: 3)
      #expect(names(stack.arrangedSubviews) == ["d", "b", "a"])
    }

    @Test("UIStackView lays out again when an arranged view is hidden or shown, and only then")
    func stackLaysOutWhenArrangedViewHides() {
      freshModel()
      let window = makeVisibleWindow()
      let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
      stack.uikitModel.name = "stack"
      let other = UIStackView(frame: CGRect(x: 0, y: 40, width: 300, height: 40))
      other.uikitModel.name = "other"
      window.addSubview(stack)
      window.addSubview(other)
      let a = view("a")
      let b = view("b")
      let c = view("c")
      let loose = view("loose")
      for arranged in [a, b, c] { stack.addArrangedSubview(arranged) }
      stack.addSubview(loose)
      ModelRuntime.advance(by: 0)
      // The layout passes of the next run after a change.
      func layouts(after change: () -> Void) -> String {
        ModelRuntime.clearEvents()
        change()
        ModelRuntime.advance(by: 0)
        return ModelRuntime.eventLog(categories: [.layout])
      }

      #expect(layouts { b.isHidden = true } == "stack.layoutSubviews()")
      #expect(layouts { b.isHidden = true }.isEmpty)
      #expect(layouts { loose.isHidden = true }.isEmpty)
      #expect(layouts { b.isHidden = false } == "stack.layoutSubviews()")

      // A view that is a subview but no longer arranged.
      stack.removeArrangedSubview(c)
      ModelRuntime.advance(by: 0)
      #expect(layouts { c.isHidden = true }.isEmpty)
      stack.insertArrangedSubview(c, at: 0)
      ModelRuntime.advance(by: 0)
      #expect(layouts { c.isHidden = false } == "stack.layoutSubviews()")

      // A view arranged in another stack view.
      other.addArrangedSubview(a)
      ModelRuntime.advance(by: 0)
      #expect(layouts { a.isHidden = true } == "other.layoutSubviews()")
      // A view removed from its stack view, then put back in it as a plain subview.
      a.removeFromSuperview()
      other.addSubview(a)
      ModelRuntime.advance(by: 0)
      #expect(layouts { a.isHidden = false }.isEmpty)
    }

    @Test(
      "UIStackView fillEqually gives arranged views equal lengths with spacing, along either axis")
    func stackFillEquallyFrames() {
      freshModel()
      let a = view("a")
      let b = view("b")
      let c = view("c")
      let stack = UIStackView(arrangedSubviews: [a, b, c])
      stack.frame = CGRect(x: 0, y: 0, width: 320, height: 50)
      stack.distribution = .fillEqually
      stack.spacing = 10

      stack.layoutIfNeeded()

      #expect(a.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
      #expect(b.frame == CGRect(x: 110, y: 0, width: 100, height: 50))
      #expect(c.frame == CGRect(x: 220, y: 0, width: 100, height: 50))

      stack.axis = .vertical
      stack.frame = CGRect(x: 0, y: 0, width: 60, height: 320)
      stack.layoutIfNeeded()

      #expect(a.frame == CGRect(x: 0, y: 0, width: 60, height: 100))
      #expect(b.frame == CGRect(x: 0, y: 110, width: 60, height: 100))
      #expect(c.frame == CGRect(x: 0, y: 220, width: 60, height: 100))
    }

    @Test("UIStackView fillEqually in a window lays out added arranged views at the next run")
    func stackFillEquallyInWindow() {
      freshModel()
      let window = makeVisibleWindow()
      let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 310, height: 40))
      stack.distribution = .fillEqually
      stack.spacing = 10
      window.addSubview(stack)
      let a = view("a")
      stack.addArrangedSubview(a)
      ModelRuntime.advance(by: 0)
      #expect(a.frame == CGRect(x: 0, y: 0, width: 310, height: 40))

      let b = view("b")
      stack.addArrangedSubview(b)
      ModelRuntime.advance(by: 0)

      #expect(a.frame == CGRect(x: 0, y: 0, width: 150, height: 40))
      #expect(b.frame == CGRect(x: 160, y: 0, width: 150, height: 40))

      stack.removeArrangedSubview(a)
      ModelRuntime.advance(by: 0)

      #expect(b.frame == CGRect(x: 0, y: 0, width: 310, height: 40))
      #expect(a.superview === stack)
      #expect(stack.window === window)
    }
  }
}
#endif
