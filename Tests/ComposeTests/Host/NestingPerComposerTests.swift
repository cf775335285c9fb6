#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import ComposeTesting
import Testing
import UIKitModel

@testable import Compose

/// Whether a composer's children keep the environment they are declared in is the composer's
/// own matter: it depends on whether one of its children composes, not on other composers.
@MainActor
@Suite("Nesting, composer by composer", .isolatedModel)
struct NestingPerComposerTests {
  @Test("Only a composer with a composed child keeps its children's environments")
  func onlyTheParentOfAComposerKeepsEnvironments() throws {
    let root = UIViewController()
    let inner = UIViewController()
    let outer = UIViewController()
    let plain = UIViewController()
    let window = show(root)
    let rootComposer = Composer(container: root) {
      Slot("outer") { Child { outer } }
      Slot("plain") { Child { plain } }
    }
    rootComposer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(outer.parent === root && plain.parent === root)
    // Two composers side by side, neither with a composed child.
    let outerComposer = Composer(container: outer) {
      Slot("main") { Child { inner } }
    }
    let plainComposer = Composer(container: plain) {
      Slot("main") { Child { UIViewController() } }
    }
    outerComposer.setNeedsCompose()
    plainComposer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(rootComposer.hasNestedComposers)
    #expect(!outerComposer.hasNestedComposers)
    #expect(!plainComposer.hasNestedComposers)
    let plainChild = try #require(plainComposer.mounted.slots.first?.children.first)
    #expect(!plainChild.keepsEnvironment)
    #expect(!plainComposer.mounted.mayKeepEnvironments)

    // The outer container's child starts composing: the outer composer nests, the plain one
    // does not.
    let innerComposer = Composer(container: inner) {
      Slot("leaf") { Child { UIViewController() } }
    }
    innerComposer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(outerComposer.hasNestedComposers)
    #expect(!plainComposer.hasNestedComposers)
    #expect(!innerComposer.hasNestedComposers)
    outerComposer.setNeedsCompose()
    plainComposer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    let outerChild = try #require(outerComposer.mounted.slots.first?.children.first)
    #expect(outerChild.keepsEnvironment)
    let plainChildAfter = try #require(plainComposer.mounted.slots.first?.children.first)
    #expect(!plainChildAfter.keepsEnvironment)
    // A tree with a child that keeps its environment says a child may: a resolution against it
    // does not skip refreshing environments.
    #expect(outerComposer.mounted.mayKeepEnvironments)
    #expect(!plainComposer.mounted.mayKeepEnvironments)
    #expect(inner.parent === outer)
    _ = window
  }
}
#endif
