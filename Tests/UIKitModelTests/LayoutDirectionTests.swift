#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// A view's layout direction (rule L1 of Docs/Design/0001).
  @MainActor
  @Suite("Layout direction")
  struct LayoutDirectionTests {
    @Test(
      "L1 the effective layout direction follows the view's own semantic content attribute",
      arguments: [
        (UISemanticContentAttribute.unspecified, UIUserInterfaceLayoutDirection.leftToRight),
        (.playback, .leftToRight),
        (.spatial, .leftToRight),
        (.forceLeftToRight, .leftToRight),
        (.forceRightToLeft, .rightToLeft),
      ])
    func effectiveDirection(
      attribute: UISemanticContentAttribute, expected: UIUserInterfaceLayoutDirection
    ) {
      freshModel()
      let view = UIView()
      #expect(view.semanticContentAttribute == .unspecified)
      view.semanticContentAttribute = attribute
      #expect(view.effectiveUserInterfaceLayoutDirection == expected)
    }

    @Test("L1 an attribute is relative to the interface's direction and does not propagate")
    func relativeAndNotPropagated() {
      freshModel()
      #expect(
        UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft)
          == .rightToLeft)
      #expect(
        UIView.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft)
          == .leftToRight)
      #expect(
        UIView.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight)
          == .rightToLeft)
      let parent = UIView()
      let child = UIView()
      parent.addSubview(child)
      parent.semanticContentAttribute = .forceRightToLeft
      #expect(parent.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }
  }
}
#endif
