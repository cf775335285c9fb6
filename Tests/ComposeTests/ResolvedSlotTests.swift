import Testing

@testable import Compose

#if !canImport(UIKit)
import UIKitModel
#endif

/// A resolved slot keeps its parts in one shared object and the flags a tree gathers in the value
/// itself: setting a part of a copy changes that copy only, and the flags follow the parts.
@Suite("Resolved slots")
@MainActor
struct ResolvedSlotTests {
  static func slot(in anchor: UIView? = nil, hiddenChild: Bool = false) -> ResolvedSlot {
    let tree = CompositionTree {
      Slot("a", in: anchor) {
        Child { RowViewController() }
        if hiddenChild { Child { DetailViewController() }.hidden(true) }
      }
    }
    return tree.slots[0]
  }

  @Test("Setting a part of a copy leaves the slot it was copied from as it was")
  func copiesAreValues() {
    let original = Self.slot()
    var copy = original
    let other = Self.slot(hiddenChild: true)
    copy.children = []
    copy.hidden = other.hidden
    copy.declaration = other.declaration
    copy.keyedRun = nil
    copy.hasUpdates = true
    #expect(original.children.count == 1)
    #expect(original.hidden.isEmpty)
    #expect(!original.hasHidden)
    #expect(!original.hasUpdates)
    #expect(original.declaration !== other.declaration)
    #expect(copy.children.isEmpty)
    #expect(copy.hidden.map(\.identity) == other.hidden.map(\.identity))
    #expect(copy.hasHidden)
    #expect(copy.declaration === other.declaration)
  }

  @Test("The flags follow the parts they describe")
  func flagsFollowParts() {
    let anchored = Self.slot(in: UIView())
    #expect(anchored.isAnchored)
    #expect(anchored.placesViews)
    var slot = Self.slot(hiddenChild: true)
    #expect(slot.hasHidden)
    #expect(!slot.isAnchored)
    slot.hidden = []
    #expect(!slot.hasHidden)
    slot.declaration = anchored.declaration
    #expect(slot.isAnchored)
    let stack = CompositionTree {
      NavigationStack(path: ["detail"], id: \.self) {
        Child { RowViewController() }
      } destination: { _ in
        Child { DetailViewController() }
      }
    }
    slot.declaration = stack.slots[0].declaration
    #expect(!slot.placesViews)
    #expect(!slot.isAnchored)
    #expect(!stack.slots[0].placesViews)
  }
}
