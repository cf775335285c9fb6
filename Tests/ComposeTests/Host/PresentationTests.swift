#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state presentations are declared from.
@MainActor
@Observable
private final class NotesModel {
  var editing: String?
  var sharing: String?
  var title = "Notes"
  var dismissals = 0
}

private final class NoteListViewController: UIViewController {
  var title_ = ""
}

private final class NoteEditorViewController: UIViewController {
  var note = ""
}

private final class ShareViewController: UIViewController {}

/// A screen with a list and an editor presented while `model.editing` is set.
@MainActor
private final class NotesViewController: ComposedViewController {
  let model: NotesModel
  var style: UIModalPresentationStyle = .pageSheet
  var writesBack = true

  init(model: NotesModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("list") {
      Child(input: model.title) { NoteListViewController() } update: { $0.title_ = $1 }
    }
    if writesBack {
      Presentation("editor", item: model.editing, id: \.self) { note in
        Child(input: note) { NoteEditorViewController() } update: { $0.note = $1 }
      }
      .presentationStyle(style)
      .onDismiss { [unowned self] in
        model.dismissals += 1
        model.editing = nil
      }
    } else {
      Presentation("editor", item: model.editing, id: \.self) { note in
        Child(input: note) { NoteEditorViewController() } update: { $0.note = $1 }
      }
      .presentationStyle(style)
    }
    Presentation("share", item: model.sharing, id: \.self) { _ in
      Child { ShareViewController() }
    }
    .onDismiss { [unowned self] in model.sharing = nil }
  }
}

/// A plain composed container whose composition a test sets.
@MainActor
private final class DeclaredContainer: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

@MainActor
@Suite("Presentation", .isolatedModel)
struct PresentationTests {
  private func show(
    style: UIModalPresentationStyle = .pageSheet, editing: String? = nil, writesBack: Bool = true
  ) async -> (NotesViewController, NotesModel, ContainerHarness) {
    let model = NotesModel()
    model.editing = editing
    let screen = NotesViewController(model: model)
    screen.style = style
    screen.writesBack = writesBack
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    return (screen, model, harness)
  }

  @Test("A sheet is presented when its item is set and dismissed when it is cleared; the screen gets no callback")
  func sheetPresentAndDismiss() async throws {
    let (screen, model, harness) = await show()
    harness.expectTrace(
      """
      update 'list' NoteListViewController
      add-child 'list' NoteListViewController
      insert-view 'list' NoteListViewController at 0
      layout 'list' NoteListViewController fill
      did-move 'list' NoteListViewController
      """)
    await harness.expectEvents(
      """
      editor.a.loadView()
      editor.a.viewDidLoad()
      editor.a.viewWillAppear(true)
      editor.a.viewIsAppearing(true)
      editor.a.viewDidAppear(true)
      """
    ) { model.editing = "a" }
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    weak let editor = harness.controller(named: "editor.a") as? NoteEditorViewController
    #expect(editor?.note == "a")
    #expect(screen.presentedViewController === editor)
    #expect(editor?.modalPresentationStyle == .pageSheet)
    harness.expectInvariants()

    await harness.expectEvents(
      """
      editor.a.viewWillDisappear(true)
      editor.a.viewDidDisappear(true)
      """
    ) { model.editing = nil }
    harness.expectTrace(
      """
      dismiss 'editor' #"a" NoteEditorViewController animated
      """)
    #expect(screen.presentedViewController == nil)
    #expect(editor == nil)
    harness.expectInvariants()
  }
}
#endif
