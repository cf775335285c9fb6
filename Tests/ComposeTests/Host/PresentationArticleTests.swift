#if !canImport(UIKit)
// The code of the article "Declaring a presentation", run against UIKitModel.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

@MainActor
@Observable
private final class NotesModel {
  var notes = ["Groceries", "Ideas", "Trips"]
  var editing: Int?  // the index of the note being edited
}

private final class NoteListViewController: UIViewController {
  var notes: [String] = []
}

private final class NoteEditorViewController: UIViewController {
  var text = ""
}

@MainActor
private final class NotesViewController: ComposedViewController {
  let model: NotesModel

  init(model: NotesModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("list") {
      Child(input: model.notes) {
        NoteListViewController()
      } update: {
        $0.notes = $1
      }
    }
    Presentation("editor", item: model.editing, id: \.self) { index in
      Child(input: self.model.notes[index]) {
        NoteEditorViewController()
      } update: {
        $0.text = $1
      }
    }
    .presentationStyle(.pageSheet)
    .onDismiss { self.model.editing = nil }
  }
}

@MainActor
@Suite("Article: Declaring a presentation", .isolatedModel)
struct PresentationArticleTests {
  @Test("The article's editor is presented, swiped down and written back")
  func editorSwipedDown() async throws {
    let model = NotesModel()
    let screen = NotesViewController(model: model)
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    harness.expectTrace(
      """
      update 'list' NoteListViewController
      add-child 'list' NoteListViewController
      insert-view 'list' NoteListViewController at 0
      layout 'list' NoteListViewController fill
      did-move 'list' NoteListViewController
      """)

    model.editing = 1
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #1 NoteEditorViewController
      present 'editor' #1 NoteEditorViewController animated
      """)
    let editor = try #require(harness.controller(named: "editor.1"))
    #expect((editor as? NoteEditorViewController)?.text == "Ideas")

    editor.uikitModel.swipeToDismiss()
    await harness.settle()
    #expect(model.editing == nil)
    harness.expectTrace("")  // UIKit dismissed it: nothing is left to do

    model.editing = 2
    await harness.settle()
    model.editing = nil
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #2 NoteEditorViewController
      present 'editor' #2 NoteEditorViewController animated
      dismiss 'editor' #2 NoteEditorViewController animated
      """)
    #expect(screen.presentedViewController == nil)
  }
}
#endif
