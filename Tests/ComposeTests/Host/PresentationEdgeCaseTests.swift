#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state the presentations of these tests are declared from.
@MainActor
@Observable
private final class SheetModel {
  var editing: String?
  var sharing: String?
  var inner: String?
  var style: UIModalPresentationStyle = .pageSheet
  var editorDismissals = 0
  var innerDismissals = 0
}

private final class EditorViewController: UIViewController {
  var note = ""
  /// The presentation style the controller had when its update closure last ran.
  var styleAtUpdate: UIModalPresentationStyle?
}

private final class ShareSheetViewController: UIViewController {}

/// A presentation controller delegate that app code sets, recording what it hears.
@MainActor
private final class RecordingPresentationDelegate: UIAdaptivePresentationControllerDelegate {
  var allows = true
  var heard: [String] = []

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    heard.append("shouldDismiss")
    return allows
  }

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    heard.append("willDismiss")
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    heard.append("didDismiss")
  }

  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {
    heard.append("didAttemptToDismiss")
  }
}

/// A plain composed container whose composition a test sets.
@MainActor
private final class SheetContainer: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

@MainActor
@Suite("Presentation edge cases", .isolatedModel)
struct PresentationEdgeCaseTests {
  /// A container that declares an editor and a share sheet, in that order or the other.
  private func show(
    _ model: SheetModel, shareFirst: Bool = false, clearsOnDismiss: Bool = true
  ) async -> (SheetContainer, ContainerHarness) {
    let container = SheetContainer()
    container.declaration = {
      let editor = Presentation("editor", item: model.editing, id: \.self) { note in
        Child(input: note) {
          EditorViewController()
        } update: {
          $0.styleAtUpdate = $0.modalPresentationStyle
          $0.note = $1
        }
      }
      .presentationStyle(model.style)
      .onDismiss {
        model.editorDismissals += 1
        if clearsOnDismiss { model.editing = nil }
      }
      .compositionContent
      let share = Presentation("share", item: model.sharing, id: \.self) { _ in
        Child { ShareSheetViewController() }
      }
      .onDismiss { model.sharing = nil }
      .compositionContent
      return shareFirst
        ? CompositionBuilder.buildBlock(share, editor)
        : CompositionBuilder.buildBlock(editor, share)
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    return (container, harness)
  }

  @Test(
    "An item cleared and another presentation's item set in one composition dismisses, then presents, with no report",
    arguments: [false, true])
  func replacedByAnotherPresentation(shareFirst: Bool) async throws {
    let model = SheetModel()
    let (container, harness) = await show(model, shareFirst: shareFirst)
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" EditorViewController
      present 'editor' #"a" EditorViewController animated
      """)
    model.editing = nil
    model.sharing = "x"
    await harness.settle()
    // Whichever is declared first, the plan lists the steps as UIKit receives them: the
    // dismissal, then the presentation, asked for once the dismissal has ended.
    harness.expectTrace(
      """
      dismiss 'editor' #"a" EditorViewController animated
      present 'share' #"x" ShareSheetViewController animated
      """)
    #expect(container.presentedViewController === harness.controller(named: "share.x"))
    harness.expectDiagnostics()
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test(
    "An item cleared and another set while the presented child presents its own controller dismisses the chain, then presents, with no report"
  )
  func replacedWhileTheChainPresents() async throws {
    let model = SheetModel()
    let (container, harness) = await show(model)
    model.editing = "a"
    await harness.settle()
    let editor = try #require(container.presentedViewController)
    editor.present(UIViewController(), animated: true)
    model.editing = nil
    model.sharing = "x"
    await harness.settle()
    #expect(
      Array(container.composer.trace.suffix(2)) == [
        #"dismiss 'editor' #"a" EditorViewController animated"#,
        #"present 'share' #"x" ShareSheetViewController animated"#,
      ])
    #expect(container.presentedViewController === harness.controller(named: "share.x"))
    harness.expectDiagnostics()
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A swipe whose onDismiss keeps the item presents the child again, as a new controller")
  func swipeKeptItemPresentsAgain() async throws {
    let model = SheetModel()
    let (container, harness) = await show(model, clearsOnDismiss: false)
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" EditorViewController
      present 'editor' #"a" EditorViewController animated
      """)
    weak let first = harness.controller(named: "editor.a")
    #expect(first?.uikitModel.swipeToDismiss() == true)
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" EditorViewController
      present 'editor' #"a" EditorViewController animated
      """)
    #expect(model.editorDismissals == 1)
    #expect(first == nil)
    #expect(container.presentedViewController is EditorViewController)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A swipe of a sheet another presentation waits for presents the waiting one")
  func swipePresentsTheWaitingOne() async throws {
    let model = SheetModel()
    let (container, harness) = await show(model)
    model.editing = "a"
    await harness.settle()
    model.sharing = "x"
    await harness.settle()
    harness.expectDiagnostics(["presentationWaiting"])
    let editor = try #require(harness.controller(named: "editor.a"))
    #expect(editor.uikitModel.swipeToDismiss())
    await harness.settle()
    #expect(model.editing == nil)
    #expect(container.presentedViewController === harness.controller(named: "share.x"))
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test(
    "The declared presentation style is set before the child's update closure runs, so that it can configure the presentation controller"
  )
  func styleSetBeforeUpdate() async throws {
    let model = SheetModel()
    model.style = .overFullScreen
    let (container, harness) = await show(model)
    model.editing = "a"
    await harness.settle()
    let editor = try #require(container.presentedViewController as? EditorViewController)
    #expect(editor.styleAtUpdate == .overFullScreen)
    #expect(editor.modalPresentationStyle == .overFullScreen)
  }

  @Test("A style changed while the presentation waits for a window is the one presented")
  func styleChangedWhileQueued() async throws {
    let model = SheetModel()
    model.editing = "a"
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { EditorViewController() }
      }
      .presentationStyle(model.style)
      .onDismiss { model.editing = nil }
      .compositionContent
    }
    container.loadViewIfNeeded()
    container.composer.composeIfNeeded()
    model.style = .fullScreen
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    await harness.settle()
    let editor = try #require(container.presentedViewController)
    #expect(editor.modalPresentationStyle == .fullScreen)
  }

  @Test("onDismiss declared while the sheet is shown lets the user swipe it away")
  func onDismissAddedWhilePresented() async throws {
    let model = SheetModel()
    var writesBack = false
    let container = SheetContainer()
    container.declaration = {
      let presentation = Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { EditorViewController() }
      }
      return writesBack
        ? presentation.onDismiss { model.editing = nil }.compositionContent
        : presentation.compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    await harness.settle()
    let editor = try #require(container.presentedViewController)
    #expect(!editor.uikitModel.swipeToDismiss())
    writesBack = true
    container.setNeedsCompose()
    await harness.settle()
    #expect(editor.uikitModel.swipeToDismiss())
    await harness.settle()
    #expect(model.editing == nil)
    #expect(container.presentedViewController == nil)
  }

  @Test("An item cleared before the screen reaches a window presents nothing and keeps nothing")
  func clearedWhileQueued() async throws {
    let model = SheetModel()
    model.editing = "a"
    weak var made: EditorViewController?
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { () -> EditorViewController in
          let editor = EditorViewController()
          made = editor
          return editor
        }
      }
      .onDismiss { model.editing = nil }
      .compositionContent
    }
    container.loadViewIfNeeded()
    container.composer.composeIfNeeded()
    #expect(made != nil)
    model.editing = nil
    container.composer.setNeedsCompose()
    container.composer.composeIfNeeded()
    #expect(made == nil)
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    await harness.settle()
    #expect(container.presentedViewController == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
  @Test("An item changed while its presentation animates presents the new child once it ends")
  func keyChangedDuringPresentation() async throws {
    let model = SheetModel()
    let (container, harness) = await show(model)
    model.editing = "a"
    await harness.advance(by: 0.1)
    weak let first = harness.controller(named: "editor.a")
    model.editing = "b"
    await harness.settle()
    harness.expectTrace(
      """
      update 'editor' #"a" EditorViewController
      present 'editor' #"a" EditorViewController animated
      dismiss 'editor' #"a" EditorViewController animated
      update 'editor' #"b" EditorViewController
      present 'editor' #"b" EditorViewController animated
      """)
    #expect(first == nil)
    let editor = try #require(container.presentedViewController as? EditorViewController)
    #expect(editor.note == "b")
    #expect(container.composer.isSettled)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A sheet the user swiped away is released, with its presentation delegate's hold")
  func swipedSheetReleased() async throws {
    let model = SheetModel()
    let (_, harness) = await show(model)
    model.editing = "a"
    await harness.settle()
    weak let editor = harness.controller(named: "editor.a")
    await harness.expectReleased { #expect(editor?.uikitModel.swipeToDismiss() == true) }
    #expect(editor == nil)
    #expect(model.editing == nil)
  }
  @Test("A presentation whose item is set but which declares no child presents nothing, reported")
  func noChildReported() async throws {
    let model = SheetModel()
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in }
        .onDismiss { model.editing = nil }
        .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    await harness.settle()
    harness.expectDiagnostics([
      "presentationShape: presentation 'editor' has an item but declares no child, so nothing is "
        + "presented; declare one child for the item"
    ])
    harness.expectTrace("")
    #expect(container.presentedViewController == nil)
    // Reported when the item arrives, not at every composition.
    container.setNeedsCompose()
    await harness.settle()
    harness.expectDiagnostics()
  }

  @Test("A presentation's hidden child is not presented, reported")
  func hiddenChildReported() async throws {
    let model = SheetModel()
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { EditorViewController() }.hidden()
      }
      .onDismiss { model.editing = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    await harness.settle()
    harness.expectDiagnostics([
      "presentationShape: presentation 'editor' has an item but declares its child hidden "
        + "('.hidden()'), so nothing is presented; declare one shown child for the item"
    ])
    #expect(container.presentedViewController == nil)
  }

  @Test(
    "A presentation declared with its item set and no child is reported at the first composition"
  )
  func noChildAtFirstComposition() async throws {
    let model = SheetModel()
    model.editing = "a"
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in }
        .onDismiss { model.editing = nil }
        .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    await harness.settle()
    harness.expectDiagnostics([
      "presentationShape: presentation 'editor' has an item but declares no child"
    ])
  }

  @Test("A presentation's second child is left out, reported, and the first is presented")
  func secondChildReported() async throws {
    let model = SheetModel()
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { EditorViewController() }
        Child { ShareSheetViewController() }
      }
      .onDismiss { model.editing = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    await harness.settle()
    harness.expectDiagnostics([
      "presentationShape: child 'editor' #\"a\".1 ShareSheetViewController is a second child of "
        + "presentation 'editor'; a presentation shows one controller, so it is left out; "
        + "declare one child, or compose several in a container"
    ])
    harness.expectTrace(
      """
      present 'editor' #"a".0 EditorViewController animated
      """)
    #expect(container.presentedViewController is EditorViewController)
  }

  @Test(
    "A presentation delegate the factory sets hears every message, and its refusal keeps the sheet"
  )
  func delegateSetByFactoryIsForwarded() async throws {
    let model = SheetModel()
    let delegate = RecordingPresentationDelegate()
    let container = SheetContainer()
    container.declaration = {
      Presentation("editor", item: model.editing, id: \.self) { _ in
        Child { () -> EditorViewController in
          let editor = EditorViewController()
          editor.presentationController?.delegate = delegate
          return editor
        }
      }
      .onDismiss { model.editing = nil }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    await harness.settle()
    harness.expectTrace(
      """
      present 'editor' #"a" EditorViewController animated
      """)
    let editor = try #require(container.presentedViewController)
    delegate.allows = false
    #expect(!editor.uikitModel.swipeToDismiss())
    #expect(delegate.heard == ["shouldDismiss", "didAttemptToDismiss"])
    delegate.allows = true
    #expect(editor.uikitModel.beginInteractiveDismissal())
    editor.uikitModel.cancelInteractiveDismissal()
    await harness.settle()
    #expect(model.editing == "a")
    harness.expectTrace("")
    #expect(editor.uikitModel.swipeToDismiss())
    await harness.settle()
    #expect(
      delegate.heard == [
        "shouldDismiss", "didAttemptToDismiss", "shouldDismiss", "willDismiss", "shouldDismiss",
        "willDismiss", "didDismiss",
      ])
    #expect(model.editing == nil)
    harness.expectTrace("")
  }
  @Test(
    "A presented composed container that presents its own sheet: clearing the outer item dismisses both and tells both onDismiss"
  )
  func nestedPresentationDismissedWithItsPresenter() async throws {
    let model = SheetModel()
    weak var inner: SheetContainer?
    weak var innerSheet: UIViewController?
    let container = SheetContainer()
    container.declaration = {
      Presentation("flow", item: model.editing, id: \.self) { _ in
        Child { () -> SheetContainer in
          let made = SheetContainer()
          made.declaration = {
            Presentation("inner", item: model.inner, id: \.self) { _ in
              Child { ShareSheetViewController() }
            }
            .onDismiss {
              model.innerDismissals += 1
              model.inner = nil
            }
            .compositionContent
          }
          inner = made
          return made
        }
      }
      .onDismiss {
        model.editorDismissals += 1
        model.editing = nil
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    model.inner = "x"
    await harness.settle()
    do {
      let flow = try #require(container.presentedViewController as? SheetContainer)
      innerSheet = flow.presentedViewController
      #expect(innerSheet is ShareSheetViewController)
      #expect(innerSheet?.presentingViewController === flow)
    }
    model.editing = nil
    await harness.settle()
    #expect(container.presentedViewController == nil)
    #expect(model.editorDismissals == 0)
    #expect(model.innerDismissals == 1)
    #expect(model.inner == nil)
    #expect(inner == nil)
    #expect(innerSheet == nil)
    // Presented again, the flow does not bring its sheet back.
    model.editing = "b"
    await harness.settle()
    let flow = try #require(container.presentedViewController as? SheetContainer)
    #expect(flow.presentedViewController == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
  @Test(
    "A presented composed container that other code dismisses with its own sheet: both onDismiss run"
  )
  func nestedPresentationDismissedByOtherCode() async throws {
    let model = SheetModel()
    let container = SheetContainer()
    container.declaration = {
      Presentation("flow", item: model.editing, id: \.self) { _ in
        Child { () -> SheetContainer in
          let made = SheetContainer()
          made.declaration = {
            Presentation("inner", item: model.inner, id: \.self) { _ in
              Child { ShareSheetViewController() }
            }
            .onDismiss {
              model.innerDismissals += 1
              model.inner = nil
            }
            .compositionContent
          }
          return made
        }
      }
      .onDismiss {
        model.editorDismissals += 1
        model.editing = nil
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: container, composer: container.composer)
    model.editing = "a"
    model.inner = "x"
    await harness.settle()
    #expect(container.presentedViewController?.presentedViewController is ShareSheetViewController)
    container.dismiss(animated: true)
    await harness.settle()
    container.setNeedsCompose()
    await harness.settle()
    #expect(container.presentedViewController == nil)
    #expect(model.editorDismissals == 1)
    #expect(model.editing == nil)
    #expect(model.innerDismissals == 1)
    #expect(model.inner == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}
#endif
