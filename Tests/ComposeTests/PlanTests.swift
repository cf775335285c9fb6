import Compose
import Foundation
import Testing

@MainActor
private struct Screen: Composition {
  var loaded: Bool

  var body: CompositionContent {
    Slot("content") {
      if loaded {
        Child { ListViewController() }
      } else {
        Child { SpinnerViewController() }
      }
    }
  }
}

@MainActor
@Suite("Plans")
struct PlanTests {
  @Test("Replacing the child of an if/else removes the old one and adds the new one")
  func replaceOnBranchChange() {
    let plan = Plan(from: Screen(loaded: false), to: Screen(loaded: true))
    #expect(
      plan.description == """
        will-move-to-nil 'content' second SpinnerViewController
        remove-view 'content' second SpinnerViewController
        remove-from-parent 'content' second SpinnerViewController
        add-child 'content' first ListViewController
        insert-view 'content' first ListViewController at 0
        layout 'content' first ListViewController fill
        did-move 'content' first ListViewController
        """)
    #expect(plan.summary.additions == 1)
    #expect(plan.summary.removals == 1)
  }

  @Test("A presentation's present step comes last, after every dismissal and other slot's steps")
  func presentComesLast() {
    func screen(sharing: String?, editing: String?, loaded: Bool) -> CompositionContent {
      CompositionContent.build {
        Presentation("share", item: sharing, id: \.self) { _ in
          Child { DetailViewController() }
        }
        Presentation("editor", item: editing, id: \.self) { _ in
          Child { HeaderViewController() }
        }
        Slot("content") {
          if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
        }
      }
    }
    let before = CompositionTree(screen(sharing: nil, editing: "a", loaded: false))
    let after = CompositionTree(
      screen(sharing: "x", editing: nil, loaded: true), mounted: before)
    // UIKit is asked to present once the plan's other steps are made and the dismissal ended.
    #expect(
      before.reconcile(to: after).plan.description == #"""
        dismiss 'editor' #"a" HeaderViewController animated
        will-move-to-nil 'content' second SpinnerViewController
        remove-view 'content' second SpinnerViewController
        remove-from-parent 'content' second SpinnerViewController
        add-child 'content' first ListViewController
        insert-view 'content' first ListViewController at 0
        layout 'content' first ListViewController fill
        did-move 'content' first ListViewController
        present 'share' #"x" DetailViewController animated
        """#)
  }

  @Test("An unchanged declaration plans nothing")
  func unchanged() {
    let plan = Plan(from: Screen(loaded: true), to: Screen(loaded: true))
    #expect(plan.steps.isEmpty)
  }

  @Test("Reordering keyed children moves the fewest views")
  func keyedReorder() {
    func rows(_ keys: [Int]) -> CompositionContent {
      CompositionContent.build {
        Slot("rows", layout: .stack(axis: .vertical)) {
          ForEach(keys, id: \.self) { _ in
            Child { RowViewController() }
          }
        }
      }
    }
    let before = CompositionTree(rows([1, 2, 3, 4, 5]))
    let after = CompositionTree(rows([5, 1, 2, 3, 4]))
    let plan = before.reconcile(to: after).plan
    #expect(
      plan.description == """
        move-view 'rows' #5 RowViewController to 0
        """)
  }
}

extension CompositionContent {
  static func build(@CompositionBuilder _ content: () -> CompositionContent) -> CompositionContent {
    content()
  }
}
