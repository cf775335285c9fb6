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
  var heading = ""
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
      Child(input: model.title) {
        NoteListViewController()
      } update: {
        $0.heading = $1
      }
    }
    if writesBack {
      Presentation("editor", item: model.editing, id: \.self) { note in
        Child(input: note) {
          NoteEditorViewController()
        } update: {
          $0.note = $1
        }
      }
      .presentationStyle(style)
      .onDismiss { [unowned self] in
        model.dismissals += 1
        model.editing = nil
      }
    } else {
      Presentation("editor", item: model.editing, id: \.self) { note in
        Child(input: note) {
          NoteEditorViewController()
        } update: {
          $0.note = $1
        }
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
    if editing == nil {
      harness.expectTrace(
        """
        update 'list' NoteListViewController
        add-child 'list' NoteListViewController
        insert-view 'list' NoteListViewController at 0
        layout 'list' NoteListViewController fill
        did-move 'list' NoteListViewController
        """)
    }
    return (screen, model, harness)
  }

  @Test(
    "A sheet is presented when its item is set and dismissed when it is cleared; the screen gets no callback"
  )
  func sheetPresentAndDismiss() async throws {
    let (screen, model, harness) = await show()
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

  @Test(
    "A full-screen presentation makes the screen and its children disappear, and its dismissal brings them back"
  )
  func fullScreen() async {
    let (screen, model, harness) = await show(style: .fullScreen)
    await harness.expectEvents(
      """
      editor.a.loadView()
      editor.a.viewDidLoad()
      container.viewWillDisappear(true)
      list.NoteListViewController.viewWillDisappear(true)
      editor.a.viewWillAppear(true)
      editor.a.viewIsAppearing(true)
      editor.a.viewDidAppear(true)
      container.viewDidDisappear(true)
      list.NoteListViewController.viewDidDisappear(true)
      """
    ) { model.editing = "a" }
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    await harness.expectEvents(
      """
      editor.a.viewWillDisappear(true)
      container.viewWillAppear(true)
      list.NoteListViewController.viewWillAppear(true)
      container.viewIsAppearing(true)
      list.NoteListViewController.viewIsAppearing(true)
      editor.a.viewDidDisappear(true)
      container.viewDidAppear(true)
      list.NoteListViewController.viewDidAppear(true)
      """
    ) { model.editing = nil }
    harness.expectTrace(
      """
      dismiss 'editor' #"a" NoteEditorViewController animated
      """)
    #expect(screen.presentedViewController == nil)
    harness.expectInvariants()
  }

  @Test("A sheet swiped down is written back, and declaring what UIKit shows performs nothing")
  func swipeWritesBack() async throws {
    let (screen, model, harness) = await show()
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    weak let editor = harness.controller(named: "editor.a")
    await harness.expectEvents(
      """
      editor.a.presentationController.delegate.presentationControllerShouldDismiss()
      editor.a.presentationController.delegate.presentationControllerWillDismiss()
      editor.a.viewWillDisappear(true)
      editor.a.viewDidDisappear(true)
      editor.a.presentationController.delegate.presentationControllerDidDismiss()
      """
    ) { #expect(editor?.uikitModel.swipeToDismiss() == true) }
    harness.expectTrace("")
    #expect(model.editing == nil)
    #expect(model.dismissals == 1)
    #expect(screen.presentedViewController == nil)
    #expect(editor == nil)
    harness.expectInvariants()
  }

  @Test("Without onDismiss the user cannot swipe the sheet away")
  func swipeRefusedWithoutWriteBack() async {
    let (screen, model, harness) = await show(writesBack: false)
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    let editor = harness.controller(named: "editor.a")
    await harness.expectEvents(
      """
      editor.a.presentationController.delegate.presentationControllerShouldDismiss()
      editor.a.presentationController.delegate.presentationControllerDidAttemptToDismiss()
      """
    ) { #expect(editor?.uikitModel.swipeToDismiss() == false) }
    harness.expectTrace("")
    #expect(model.editing == "a")
    #expect(screen.presentedViewController === editor)
  }

  @Test("A new item dismisses the child shown, then presents the new one once the dismissal ends")
  func replaceItem() async {
    let (screen, model, harness) = await show()
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    await harness.expectEvents(
      """
      editor.a.viewWillDisappear(true)
      editor.a.viewDidDisappear(true)
      editor.b.loadView()
      editor.b.viewDidLoad()
      editor.b.viewWillAppear(true)
      editor.b.viewIsAppearing(true)
      editor.b.viewDidAppear(true)
      """
    ) { model.editing = "b" }
    harness.expectTrace(
      """
      dismiss 'editor' #"a" NoteEditorViewController animated
      update 'editor' #"b" NoteEditorViewController
      present 'editor' #"b" NoteEditorViewController animated
      """)
    #expect(screen.presentedViewController === harness.controller(named: "editor.b"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    harness.expectInvariants()
  }

  @Test("An item cleared while its presentation animates is dismissed once the presentation ends")
  func clearedDuringPresentation() async {
    let (screen, model, harness) = await show()
    model.editing = "a"
    await harness.advance(by: 0.1)
    model.editing = nil
    await harness.advance(by: 0.1)
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    await harness.settle()
    harness.expectTrace(
      """
      dismiss 'editor' #"a" NoteEditorViewController animated
      """)
    #expect(screen.presentedViewController == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    harness.expectInvariants()
  }

  @Test(
    "A presentation declared while another is shown waits, and is presented once that one is dismissed"
  )
  func secondPresentationWaits() async {
    let (screen, model, harness) = await show()
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    model.sharing = "x"
    await harness.settle()
    harness.expectDiagnostics(["presentationWaiting"])
    harness.expectTrace("")
    await harness.expectEvents(
      """
      editor.a.viewWillDisappear(true)
      editor.a.viewDidDisappear(true)
      share.x.loadView()
      share.x.viewDidLoad()
      share.x.viewWillAppear(true)
      share.x.viewIsAppearing(true)
      share.x.viewDidAppear(true)
      """
    ) { model.editing = nil }
    harness.expectTrace(
      """
      dismiss 'editor' #"a" NoteEditorViewController animated
      present 'share' #"x" ShareViewController animated
      """)
    #expect(screen.presentedViewController === harness.controller(named: "share.x"))
    #expect(ModelRuntime.diagnostics.isEmpty)
    harness.expectInvariants()
  }

  @Test("An item set before the screen is in a window is presented once it is")
  func beforeWindow() async {
    let (screen, _, harness) = await show(editing: "a")
    harness.expectTrace(
      """
      update 'list' NoteListViewController
      add-child 'list' NoteListViewController
      insert-view 'list' NoteListViewController at 0
      layout 'list' NoteListViewController fill
      did-move 'list' NoteListViewController
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      list.NoteListViewController.willMove(toParent: container)
      list.NoteListViewController.loadView()
      list.NoteListViewController.viewDidLoad()
      list.NoteListViewController.didMove(toParent: container)
      list.NoteListViewController.viewWillAppear(false)
      container.viewIsAppearing(false)
      list.NoteListViewController.viewIsAppearing(false)
      container.viewDidAppear(false)
      list.NoteListViewController.viewDidAppear(false)
      editor.a.loadView()
      editor.a.viewDidLoad()
      editor.a.viewWillAppear(true)
      editor.a.viewIsAppearing(true)
      editor.a.viewDidAppear(true)
      """)
    #expect(screen.presentedViewController === harness.controller(named: "editor.a"))
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A controller that dismisses itself is written back at the next composition")
  func dismissedByItself() async {
    let (screen, model, harness) = await show()
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" NoteEditorViewController
      present 'editor' #"a" NoteEditorViewController animated
      """)
    harness.controller(named: "editor.a")?.dismiss(animated: true)
    await harness.settle()
    model.title = "Renamed"
    await harness.settle()
    harness.expectTrace(
      """
      update 'list' NoteListViewController
      """)
    #expect(model.editing == nil)
    #expect(model.dismissals == 1)
    #expect(screen.presentedViewController == nil)
  }
}
#endif
