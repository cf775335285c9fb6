#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A layout guide that notes every change of its owning view.
@MainActor
private final class OwnerNotingGuide: UILayoutGuide {
  var owners: [String] = []

  override var owningView: UIView? {
    get { super.owningView }
    set {
      owners.append(newValue?.uikitModel.name ?? "nil")
      super.owningView = newValue
    }
  }
}

/// Cuts a layer's animations short from a nonisolated function, as UIKit allows.
nonisolated private func cutShort(_ layer: CALayer) {
  layer.removeAllAnimations()
}

extension ModelTests {
  /// The behaviour behind the spellings that follow UIKit's SDK (rules M1–M6 of
  /// Docs/Design/0001).
  @MainActor
  @Suite("UIKit spellings")
  struct SpellingRulesTests {
    @Test("M1 addLayoutGuide and removeLayoutGuide set owningView through its setter")
    func layoutGuideOwnerGoesThroughTheSetter() {
      freshModel()
      let box = view("box")
      let other = view("other")
      let guide = OwnerNotingGuide()

      box.addLayoutGuide(guide)
      other.addLayoutGuide(guide)
      other.removeLayoutGuide(guide)

      #expect(guide.owners == ["box", "nil", "other", "nil"])
      #expect(box.layoutGuides.isEmpty)
      #expect(other.layoutGuides.isEmpty)
    }

    @Test("M1 setting owningView directly changes only the guide, not the view's layoutGuides")
    func settingOwningViewDirectly() {
      freshModel()
      let box = view("box", frame: CGRect(x: 0, y: 0, width: 40, height: 30))
      let guide = UILayoutGuide()

      guide.owningView = box

      #expect(guide.owningView === box)
      #expect(box.layoutGuides.isEmpty)
      #expect(guide.layoutFrame == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test("M2 getRed(_:green:blue:alpha:) fills the non-nil pointers and returns true")
    func getRedReadsComponents() {
      let color = UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
      var red: CGFloat = -1
      var green: CGFloat = -1
      var alpha: CGFloat = -1

      let converted = color.getRed(&red, green: &green, blue: nil, alpha: &alpha)

      #expect(converted)
      #expect([red, green, alpha] == [0.25, 0.5, 0.5])
      var white: CGFloat = -1
      #expect(UIColor(white: 0.5, alpha: 1).getRed(&white, green: nil, blue: nil, alpha: nil))
      #expect(white == 0.5)
    }

    @Test("M2 colors are equal when their components are; named colors are made equal each time")
    func colorEquality() {
      #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
      #expect(UIColor.white == UIColor(white: 1, alpha: 1))
      #expect(UIColor.black != UIColor.clear)
      #expect(Set([UIColor.blue, UIColor.blue, UIColor.green]).count == 2)
    }

    @Test("M3 UIStackView(coder:) makes an empty horizontal stack view")
    func stackViewFromCoder() {
      freshModel()
      let stack = UIStackView(coder: NSKeyedArchiver(requiringSecureCoding: false))

      #expect(stack.arrangedSubviews.isEmpty)
      #expect(stack.axis == .horizontal)
      #expect(stack.frame == .zero)
    }

    @Test("M4 a nonisolated caller on the main actor cuts a layer's animations short")
    func nonisolatedLayerCall() {
      freshModel()
      let box = view("box")
      var finished: [Bool] = []
      UIView.animate(
        withDuration: 0.5, animations: { box.alpha = 0.5 }, completion: { finished.append($0) })

      cutShort(box.layer)
      ModelRuntime.advance(by: 0)

      #expect(finished == [false])
    }

    @Test("M5 animate(alongsideTransition:) without a completion runs the animation")
    func coordinatorWithoutCompletion() {
      freshModel()
      let coordinator = ModelTransitionCoordinator(duration: 0.3)
      var ran = 0

      let accepted = coordinator.animate(alongsideTransition: { _ in ran += 1 })
      coordinator.run()
      ModelRuntime.runUntilIdle()

      #expect(accepted)
      #expect(ran == 1)
    }

    @Test("M6 NSLayoutConstraint() has no items and cannot be activated")
    func emptyConstraint() {
      freshModel()
      let constraint = NSLayoutConstraint()

      constraint.isActive = true

      #expect(constraint.firstItem == nil)
      #expect(constraint.secondItem == nil)
      #expect(constraint.firstAttribute == .notAnAttribute)
      #expect(constraint.secondAttribute == .notAnAttribute)
      #expect(constraint.relation == .equal)
      #expect(constraint.multiplier == 1)
      #expect(constraint.constant == 0)
      #expect(!constraint.isActive)
    }

    @Test("M6 init(item:…) keeps its values and does not ask for layout")
    func itemConstraintKeepsValues() {
      freshModel()
      let root = controller("root")
      let window = makeVisibleWindow(root: root)
      let box = view("box")
      root.view.addSubview(box)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      let constraint = NSLayoutConstraint(
        item: box, attribute: .width, relatedBy: .lessThanOrEqual, toItem: root.view,
        attribute: .height, multiplier: 0.5, constant: 4)
      ModelRuntime.runUntilIdle()

      #expect(constraint.firstItem === box)
      #expect(constraint.secondItem === root.view)
      #expect(constraint.firstAttribute == .width)
      #expect(constraint.secondAttribute == .height)
      #expect(constraint.relation == .lessThanOrEqual)
      #expect(constraint.multiplier == 0.5)
      #expect(constraint.constant == 4)
      #expect(ModelRuntime.eventLog(categories: [.layout]) == "")
      // Changing the constant afterwards does ask for layout.
      constraint.constant = 8
      ModelRuntime.runUntilIdle()
      #expect(ModelRuntime.eventLog(categories: [.layout]).contains("root.view.layoutSubviews()"))
      #expect(window.rootViewController === root)
    }
  }
}
#endif
