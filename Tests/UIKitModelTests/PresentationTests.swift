#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

/// A controller that notes `isBeingPresented` and `isBeingDismissed` in its appearance callbacks.
@MainActor
private final class PresentationObservingController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    note("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    note("viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    note("viewWillDisappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    note("viewDidDisappear")
  }

  private func note(_ callback: String) {
    ModelRuntime.annotate(
      uikitModel.name,
      "\(callback) sees isBeingPresented=\(isBeingPresented) isBeingDismissed=\(isBeingDismissed)")
  }
}

/// A controller that, in `viewWillAppear` and `viewWillDisappear`, notes whether a transition
/// coordinator answers and registers a completion that notes the end.
@MainActor
private final class CoordinatorObservingController: UIViewController {
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    observeCoordinator("viewWillAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    observeCoordinator("viewWillDisappear")
  }

  private func observeCoordinator(_ callback: String) {
    guard let coordinator = transitionCoordinator else {
      ModelRuntime.annotate(uikitModel.name, "\(callback) sees no coordinator")
      return
    }
    ModelRuntime.annotate(uikitModel.name, "\(callback) sees a coordinator")
    let name = uikitModel.name
    coordinator.animate(alongsideTransition: nil) { context in
      ModelRuntime.annotate(name, "coordinator completion, cancelled=\(context.isCancelled)")
    }
  }
}

/// A delegate that, told that a swipe begins, looks for the swipe's coordinator.
@MainActor
private final class CoordinatorReadingDelegate: UIAdaptivePresentationControllerDelegate {
  var sawInteractiveCoordinator = false

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    sawInteractiveCoordinator =
      presentationController.presentedViewController.transitionCoordinator?.isInteractive == true
  }
}

/// A delegate that records nothing itself (the model logs delegate calls) and answers as told.
@MainActor
private final class SheetDelegate: UIAdaptivePresentationControllerDelegate {
  var allowsDismissal = true

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    allowsDismissal
  }
}

/// A delegate that implements no requirement at all.
@MainActor
private final class SilentDelegate: UIAdaptivePresentationControllerDelegate {}

/// A shown window whose root has one child in its view.
@MainActor
private func rootWithChildInWindow() -> (
  window: UIWindow, root: UIViewController, child: UIViewController
) {
  let root = controller("root")
  let child = controller("child")
  root.addChild(child)
  root.view.addSubview(child.view)
  child.didMove(toParent: root)
  let window = makeVisibleWindow(root: root)
  return (window, root, child)
}

@MainActor
private func presentable(_ name: String, style: UIModalPresentationStyle) -> UIViewController {
  let presented = controller(name)
  presented.modalPresentationStyle = style
  return presented
}

@MainActor
private func names(_ views: [UIView]) -> [String] {
  views.map(\.uikitModel.name)
}

extension ModelTests {
  /// Modal presentation, rule by rule (rules MP1 to MP14 of Docs/Design/0001).
  @MainActor
  @Suite("Modal presentation (rules MP)")
  struct Presentation {
    // MARK: - MP1

    @Test("MP1 modalPresentationStyle is automatic by default, which reads as formSheet")
    func mp1AutomaticReadsAsFormSheet() {
      freshModel()
      let presented = controller("presented")
      #expect(presented.modalPresentationStyle == .formSheet)
      presented.modalPresentationStyle = .fullScreen
      #expect(presented.modalPresentationStyle == .fullScreen)
      presented.modalPresentationStyle = .automatic
      #expect(presented.modalPresentationStyle == .formSheet)
      presented.modalPresentationStyle = .overFullScreen
      #expect(presented.modalPresentationStyle == .overFullScreen)
    }

    // MARK: - MP2, MP3, MP5, MP6

    @Test(
      "MP2 MP3 MP5 MP6 a full-screen presentation: the presenter and its child disappear, the presented appears in the window, then the completion"
    )
    func mp3FullScreenPresentation() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let modal = PresentationObservingController()
      modal.uikitModel.name = "modal"
      modal.modalPresentationStyle = .fullScreen
      ModelRuntime.clearEvents()

      root.present(modal, animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.annotate("test", "present returned")
      #expect(root.presentedViewController === modal)
      #expect(modal.presentingViewController === root)
      #expect(modal.isBeingPresented)
      ModelRuntime.advance(by: 0.2)
      ModelRuntime.annotate("test", "0.2 s")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          modal.loadView()
          modal.viewDidLoad()
          root.viewWillDisappear(true)
          child.viewWillDisappear(true)
          modal.viewWillAppear(true)
          modal.viewWillAppear sees isBeingPresented=true isBeingDismissed=false
          modal.viewIsAppearing(true)
          test.present returned
          test.0.2 s
          modal.viewDidAppear(true)
          modal.viewDidAppear sees isBeingPresented=true isBeingDismissed=false
          root.viewDidDisappear(true)
          child.viewDidDisappear(true)
          caller.completion
          """)
      #expect(ModelRuntime.currentTime == 0.3)
      #expect(!modal.isBeingPresented)
      #expect(names(window.subviews) == ["modal.view"])
      #expect(root.view.superview == nil)
      #expect(modal.view.frame == window.bounds)
      #expect(modal.parent == nil)
      #expect(root.children.map(\.uikitModel.name) == ["child"])
      #expect(child.presentedViewController === modal)
      #expect(root.uikitModel.appearanceState == .disappeared)
      #expect(child.uikitModel.appearanceState == .disappeared)
      #expect(modal.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP3 MP10 dismissing a full-screen presentation puts the presenter back, which appears again; the completion follows the dismissed viewDidDisappear"
    )
    func mp3FullScreenDismissal() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let modal = PresentationObservingController()
      modal.uikitModel.name = "modal"
      modal.modalPresentationStyle = .fullScreen
      root.present(modal, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      root.dismiss(animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.annotate("test", "dismiss returned")
      #expect(modal.isBeingDismissed)
      #expect(root.presentedViewController === modal)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          modal.viewWillDisappear(true)
          modal.viewWillDisappear sees isBeingPresented=false isBeingDismissed=true
          root.viewWillAppear(true)
          child.viewWillAppear(true)
          root.viewIsAppearing(true)
          child.viewIsAppearing(true)
          test.dismiss returned
          modal.viewDidDisappear(true)
          modal.viewDidDisappear sees isBeingPresented=false isBeingDismissed=true
          root.viewDidAppear(true)
          child.viewDidAppear(true)
          caller.completion
          """)
      #expect(names(window.subviews) == ["root.view"])
      #expect(modal.view.superview == nil)
      #expect(root.presentedViewController == nil)
      #expect(modal.presentingViewController == nil)
      #expect(!modal.isBeingDismissed)
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(modal.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP2 MP3 a tab's child presents full screen: the tab bar controller and its selected child disappear, the hidden tab gets nothing, and all come back"
    )
    func mp3PresentationFromATab() {
      freshModel()
      let a = controller("a")
      let b = controller("b")
      let tabs = UITabBarController()
      tabs.uikitModel.name = "tabs"
      tabs.viewControllers = [a, b]
      let window = makeVisibleWindow(root: tabs)
      let modal = presentable("modal", style: .fullScreen)
      ModelRuntime.clearEvents()

      a.present(modal, animated: true)
      ModelRuntime.runUntilIdle()
      ModelRuntime.annotate("test", "presented")
      modal.dismiss(animated: true)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          modal.loadView()
          modal.viewDidLoad()
          tabs.viewWillDisappear(true)
          a.viewWillDisappear(true)
          modal.viewWillAppear(true)
          modal.viewIsAppearing(true)
          modal.viewDidAppear(true)
          tabs.viewDidDisappear(true)
          a.viewDidDisappear(true)
          test.presented
          modal.viewWillDisappear(true)
          tabs.viewWillAppear(true)
          a.viewWillAppear(true)
          tabs.viewIsAppearing(true)
          a.viewIsAppearing(true)
          modal.viewDidDisappear(true)
          tabs.viewDidAppear(true)
          a.viewDidAppear(true)
          """)
      #expect(modal.presentingViewController == nil)
      #expect(!b.isViewLoaded)
      #expect(names(window.subviews) == ["tabs.view"])
    }

    @Test(
      "MP3 hiding and showing the window while a full-screen presentation is up reaches only the presented controller"
    )
    func mp3WindowVisibilityUnderFullScreen() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let modal = presentable("modal", style: .fullScreen)
      root.present(modal, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      window.isHidden = true
      window.isHidden = false

      #expect(
        ModelRuntime.eventLog() == """
          modal.viewWillDisappear(false)
          modal.viewDidDisappear(false)
          modal.viewWillAppear(false)
          modal.viewIsAppearing(false)
          modal.viewDidAppear(false)
          """)
      #expect(root.uikitModel.appearanceState == .disappeared)
    }

    // MARK: - MP4

    @Test(
      "MP4 sheets and overFullScreen leave the presenter visible: only the presented controller gets callbacks",
      arguments: [UIModalPresentationStyle.pageSheet, .formSheet, .automatic, .overFullScreen])
    func mp4PresenterStaysVisible(_ style: UIModalPresentationStyle) {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: style)
      ModelRuntime.clearEvents()

      root.present(sheet, animated: true) { ModelRuntime.annotate("caller", "presented") }
      ModelRuntime.runUntilIdle()
      #expect(names(window.subviews) == ["root.view", "sheet.view"])
      root.dismiss(animated: true) { ModelRuntime.annotate("caller", "dismissed") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          sheet.loadView()
          sheet.viewDidLoad()
          sheet.viewWillAppear(true)
          sheet.viewIsAppearing(true)
          sheet.viewDidAppear(true)
          caller.presented
          sheet.viewWillDisappear(true)
          sheet.viewDidDisappear(true)
          caller.dismissed
          """)
      #expect(names(window.subviews) == ["root.view"])
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(child.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP5

    @Test(
      "MP5 an unanimated presentation completes at the next run of the model, never inside the call"
    )
    func mp5UnanimatedCompletesAtNextRun() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      ModelRuntime.clearEvents()

      root.present(sheet, animated: false) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.annotate("test", "present returned")
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["sheet", "caller", "test"]) == """
          sheet.loadView()
          sheet.viewDidLoad()
          sheet.viewWillAppear(false)
          sheet.viewIsAppearing(false)
          test.present returned
          sheet.viewDidAppear(false)
          caller.completion
          """)
      #expect(ModelRuntime.currentTime == 0)
      #expect(
        ModelRuntime.eventLog(for: ["animation#1"], categories: [.animation]) == """
          animation#1.start(present(sheet, on: root), duration: 0)
          animation#1.completion(true)
          """)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP7

    @Test(
      "MP7 presenting while a presentation is shown records UIKit's warning and presents nothing; the completion never runs"
    )
    func mp7SecondPresentationWhileShowing() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let first = presentable("first", style: .pageSheet)
      let second = presentable("second", style: .pageSheet)
      root.present(first, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      root.present(second, animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .presentationAlreadyInProgress,
            message: "Attempt to present <UIViewController: second> on <UIViewController: root> "
              + "(from <UIViewController: root>) which is already presenting "
              + "<UIViewController: first>.")
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(!second.isViewLoaded)
      #expect(second.presentingViewController == nil)
      #expect(root.presentedViewController === first)
      #expect(names(window.subviews) == ["root.view", "first.view"])
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP7 presenting while a presentation is still animating records the in-progress warning")
    func mp7SecondPresentationDuringTransition() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let first = presentable("first", style: .fullScreen)
      let second = presentable("second", style: .fullScreen)
      root.present(first, animated: true)
      ModelRuntime.clearEvents()

      child.present(second, animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics.map(\.message) == [
          "Attempt to present <UIViewController: second> on <UIViewController: root> (from "
            + "<UIViewController: child>) while a presentation is in progress."
        ])
      #expect(ModelRuntime.eventLog(for: ["second", "caller"]) == "")
      #expect(root.presentedViewController === first)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP8

    @Test(
      "MP8 presenting from a controller whose view is not in a window records UIKit's warning and presents nothing"
    )
    func mp8PresenterNotInWindow() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")
      parent.addChild(child)
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)
      let modal = presentable("modal", style: .fullScreen)
      ModelRuntime.clearEvents()

      child.present(modal, animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .presenterNotInWindow,
            message: "Attempt to present <UIViewController: modal> on <UIViewController: parent> "
              + "(from <UIViewController: child>) whose view is not in the window hierarchy.")
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(parent.presentedViewController == nil)
      #expect(!modal.isViewLoaded)
    }

    // MARK: - MP9

    /// How a `present` call misuses the controller to present.
    enum PresentMisuse: String, CaseIterable, Sendable {
      case alreadyPresented
      case hasParent
      case presentsItself
      case presentsWindowRoot
    }

    @Test(
      "MP9 presenting a presented, contained or active controller raises NSInvalidArgumentException and changes nothing",
      arguments: PresentMisuse.allCases)
    func mp9PresentMisuseRaises(_ misuse: PresentMisuse) {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      let expected: String
      switch misuse {
      case .alreadyPresented:
        sheet.present(sheet, animated: false)
        expected =
          "Application tried to present modally a view controller <UIViewController: sheet> "
          + "that is already being presented by <UIViewController: root>."
      case .hasParent:
        sheet.present(child, animated: false)
        expected =
          "Application tried to present modally a view controller <UIViewController: child> "
          + "that has a parent view controller <UIViewController: root>."
      case .presentsItself:
        let other = controller("other")
        other.present(other, animated: false)
        expected =
          "Application tried to present modally an active controller <UIViewController: other>."
      case .presentsWindowRoot:
        sheet.present(root, animated: false)
        expected =
          "Application tried to present modally an active controller <UIViewController: root>."
      }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(name: ModelException.invalidArgument, reason: expected)
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.presentedViewController === sheet)
      #expect(sheet.presentedViewController == nil)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP2: presenting from a child

    @Test(
      "MP2 a child presents through its farthest ancestor: the presented's presenter is the ancestor, and both see it as presented"
    )
    func mp2ChildPresentsThroughHost() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)

      child.present(sheet, animated: true)
      ModelRuntime.runUntilIdle()

      #expect(sheet.presentingViewController === root)
      #expect(child.presentedViewController === sheet)
      #expect(root.presentedViewController === sheet)
      #expect(root.presentingViewController == nil)
      #expect(names(window.subviews) == ["root.view", "sheet.view"])
      #expect(sheet.view.superview === window)

      child.dismiss(animated: false)
      ModelRuntime.runUntilIdle()
      #expect(root.presentedViewController == nil)
      #expect(sheet.presentingViewController == nil)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP10

    @Test(
      "MP10 dismiss called on the presented controller asks its presenter to dismiss it")
    func mp10DismissFromPresentedSide() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .formSheet)
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      sheet.dismiss(animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog() == """
          sheet.viewWillDisappear(true)
          sheet.viewDidDisappear(true)
          caller.completion
          """)
      #expect(root.presentedViewController == nil)
      #expect(names(window.subviews) == ["root.view"])
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP10 dismissing from the bottom of a chain removes every presented controller; only the top one animates, and the root comes back"
    )
    func mp10ChainDismissal() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let first = presentable("first", style: .fullScreen)
      let second = presentable("second", style: .fullScreen)
      root.present(first, animated: false)
      ModelRuntime.runUntilIdle()
      first.present(second, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(names(window.subviews) == ["second.view"])
      #expect(second.presentingViewController === first)
      #expect(first.presentedViewController === second)
      ModelRuntime.clearEvents()

      root.dismiss(animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["root", "first", "second", "caller"]) == """
          second.viewWillDisappear(true)
          root.viewWillAppear(true)
          root.viewIsAppearing(true)
          second.viewDidDisappear(true)
          root.viewDidAppear(true)
          caller.completion
          """)
      #expect(names(window.subviews) == ["root.view"])
      #expect(root.presentedViewController == nil)
      #expect(first.presentedViewController == nil)
      #expect(first.presentingViewController == nil)
      #expect(second.presentingViewController == nil)
      #expect(first.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP10 dismiss called in the middle of a chain dismisses only what is above; the middle one appears again"
    )
    func mp10MiddleOfChainDismissal() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let first = presentable("first", style: .fullScreen)
      let second = presentable("second", style: .pageSheet)
      root.present(first, animated: false)
      ModelRuntime.runUntilIdle()
      first.present(second, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(names(window.subviews) == ["first.view", "second.view"])
      ModelRuntime.clearEvents()

      first.dismiss(animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["root", "first", "second"]) == """
          second.viewWillDisappear(false)
          second.viewDidDisappear(false)
          """)
      #expect(root.presentedViewController === first)
      #expect(first.presentedViewController == nil)
      #expect(names(window.subviews) == ["first.view"])
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP3 MP10 a full-screen presentation over a sheet hides both the sheet and its presenter; dismissing it brings both back in order"
    )
    func mp3FullScreenOverSheet() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let cover = presentable("cover", style: .fullScreen)
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      sheet.present(cover, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(names(window.subviews) == ["cover.view"])
      #expect(!sheet.uikitModel.swipeToDismiss())
      ModelRuntime.annotate("test", "covered")
      sheet.dismiss(animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.eventLog(for: ["root", "sheet", "cover", "test"]) == """
          cover.loadView()
          cover.viewDidLoad()
          sheet.viewWillDisappear(false)
          root.viewWillDisappear(false)
          cover.viewWillAppear(false)
          cover.viewIsAppearing(false)
          cover.viewDidAppear(false)
          sheet.viewDidDisappear(false)
          root.viewDidDisappear(false)
          test.covered
          cover.viewWillDisappear(false)
          root.viewWillAppear(false)
          sheet.viewWillAppear(false)
          root.viewIsAppearing(false)
          sheet.viewIsAppearing(false)
          cover.viewDidDisappear(false)
          root.viewDidAppear(false)
          sheet.viewDidAppear(false)
          """)
      #expect(names(window.subviews) == ["root.view", "sheet.view"])
      #expect(root.presentedViewController === sheet)
      #expect(sheet.presentedViewController == nil)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("MP10 a programmatic dismissal does not tell the presentation controller's delegate")
    func mp10ProgrammaticDismissalSkipsDelegate() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let delegate = SheetDelegate()
      sheet.presentationController?.delegate = delegate
      root.present(sheet, animated: true)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      root.dismiss(animated: true)
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.eventLog(categories: [.delegate]) == "")
      #expect(root.presentedViewController == nil)
      withExtendedLifetime(window) {}
    }

    @Test("MP15 dismiss with nothing presented does nothing and does not run the completion")
    func mp10NothingToDismiss() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      ModelRuntime.clearEvents()

      root.dismiss(animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP11

    @Test(
      "MP11 dismissing while the presentation still animates records UIKit's warning and dismisses nothing"
    )
    func mp11DismissDuringPresentation() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      root.present(sheet, animated: true)
      ModelRuntime.advance(by: 0.1)

      root.dismiss(animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .dismissalDuringTransition,
            message: "Attempt to dismiss from view controller <UIViewController: root> while a "
              + "presentation or dismiss is in progress!")
        ])
      #expect(root.presentedViewController === sheet)
      #expect(sheet.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.eventLog(for: ["caller"]) == "")
      withExtendedLifetime(window) {}
    }

    // MARK: - MP12, MP13

    @Test(
      "MP12 a swipe down on a sheet: shouldDismiss, willDismiss, the disappearance, then didDismiss"
    )
    func mp12SwipeToDismiss() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = PresentationObservingController()
      sheet.uikitModel.name = "sheet"
      let delegate = SheetDelegate()
      sheet.presentationController?.delegate = delegate
      root.present(sheet, animated: true)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(sheet.uikitModel.beginInteractiveDismissal())
      ModelRuntime.annotate("test", "finger lifted")
      sheet.uikitModel.finishInteractiveDismissal()

      #expect(
        ModelRuntime.eventLog() == """
          sheet.presentationController.delegate.presentationControllerShouldDismiss()
          sheet.presentationController.delegate.presentationControllerWillDismiss()
          sheet.viewWillDisappear(true)
          sheet.viewWillDisappear sees isBeingPresented=false isBeingDismissed=true
          test.finger lifted
          sheet.viewDidDisappear(true)
          sheet.viewDidDisappear sees isBeingPresented=false isBeingDismissed=true
          sheet.presentationController.delegate.presentationControllerDidDismiss()
          """)
      #expect(root.presentedViewController == nil)
      #expect(sheet.presentingViewController == nil)
      #expect(names(window.subviews) == ["root.view"])
      #expect(root.uikitModel.appearanceState == .appeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP12 isModalInPresentation, or a delegate that refuses, keeps the sheet and tells didAttemptToDismiss"
    )
    func mp12RefusedSwipe() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let delegate = SheetDelegate()
      sheet.presentationController?.delegate = delegate
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      sheet.isModalInPresentation = true
      #expect(!sheet.uikitModel.swipeToDismiss())
      ModelRuntime.annotate("test", "modal in presentation cleared")
      sheet.isModalInPresentation = false
      delegate.allowsDismissal = false
      #expect(!sheet.uikitModel.swipeToDismiss())

      #expect(
        ModelRuntime.eventLog() == """
          sheet.presentationController.delegate.presentationControllerDidAttemptToDismiss()
          test.modal in presentation cleared
          sheet.presentationController.delegate.presentationControllerShouldDismiss()
          sheet.presentationController.delegate.presentationControllerDidAttemptToDismiss()
          """)
      #expect(root.presentedViewController === sheet)
      #expect(sheet.uikitModel.appearanceState == .appeared)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP12 full-screen and over-full-screen presentations cannot be swiped down",
      arguments: [UIModalPresentationStyle.fullScreen, .overFullScreen])
    func mp12NoSwipeOutsideSheets(_ style: UIModalPresentationStyle) {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let modal = presentable("modal", style: style)
      let delegate = SheetDelegate()
      modal.presentationController?.delegate = delegate
      root.present(modal, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      #expect(!modal.uikitModel.swipeToDismiss())
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.presentedViewController === modal)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP12 a delegate implementing no requirement lets the swipe dismiss (UIKit's defaults)")
    func mp12DefaultDelegateAllows() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let delegate = SilentDelegate()
      sheet.presentationController?.delegate = delegate
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(sheet.uikitModel.swipeToDismiss())
      #expect(root.presentedViewController == nil)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP13 a cancelled swipe: viewWillDisappear, then viewWillAppear and viewDidAppear; the sheet stays and didDismiss is not sent"
    )
    func mp13CancelledSwipe() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let delegate = SheetDelegate()
      sheet.presentationController?.delegate = delegate
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      sheet.uikitModel.beginInteractiveDismissal()
      sheet.uikitModel.cancelInteractiveDismissal()

      #expect(
        ModelRuntime.eventLog() == """
          sheet.presentationController.delegate.presentationControllerShouldDismiss()
          sheet.presentationController.delegate.presentationControllerWillDismiss()
          sheet.viewWillDisappear(true)
          sheet.viewWillAppear(true)
          sheet.viewIsAppearing(true)
          sheet.viewDidAppear(true)
          """)
      #expect(root.presentedViewController === sheet)
      #expect(!sheet.isBeingDismissed)
      #expect(names(window.subviews) == ["root.view", "sheet.view"])
      #expect(ModelRuntime.diagnostics.isEmpty)

      // The presentation works as before: a programmatic dismissal goes through.
      root.dismiss(animated: false)
      ModelRuntime.runUntilIdle()
      #expect(root.presentedViewController == nil)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP14

    @Test(
      "MP14 presentationController exists before presenting, is the same object afterwards, and a child sees its parent's"
    )
    func mp14PresentationControllerBeforePresenting() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let container = presentable("container", style: .pageSheet)
      let inner = controller("inner")
      container.addChild(inner)
      inner.didMove(toParent: container)
      let early = container.presentationController

      root.present(container, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(early != nil)
      #expect(container.presentationController === early)
      #expect(inner.presentationController === early)
      #expect(early?.presentedViewController === container)
      #expect(early?.presentationStyle == .pageSheet)
      #expect(early?.shouldRemovePresentersView == false)
      #expect(inner.presentingViewController === root)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP15 an unmodelled style presents as the style it is closest to and says so in a diagnostic")
    func unmodelledStyleIsReported() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let popover = presentable("popover", style: .popover)
      popover.popoverPresentationController?.sourceView = root.view

      root.present(popover, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.diagnostics.map(\.message) == [
          "<UIViewController: popover> was presented with style 'popover', which the model does "
            + "not model; it behaves as 'overFullScreen' (model check)"
        ])
      #expect(root.uikitModel.appearanceState == .appeared)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP16, MP17

    @Test("MP16 modalTransitionStyle is coverVertical by default and keeps what is set")
    func mp16TransitionStyleDefault() {
      freshModel()
      let presented = controller("presented")
      #expect(presented.modalTransitionStyle == .coverVertical)
      presented.modalTransitionStyle = .crossDissolve
      #expect(presented.modalTransitionStyle == .crossDissolve)
      presented.modalTransitionStyle = .flipHorizontal
      #expect(presented.modalTransitionStyle == .flipHorizontal)
    }

    @Test(
      "MP17 a partial curl needs a full-screen presentation: any other style raises and presents nothing"
    )
    func mp17PartialCurlNeedsFullScreen() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      sheet.modalTransitionStyle = .partialCurl
      ModelRuntime.clearEvents()

      root.present(sheet, animated: true) { ModelRuntime.annotate("caller", "completion") }
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.invalidArgument,
            reason: "Application tried to present <UIViewController: sheet> with the partial curl "
              + "transition style and presentation style 'pageSheet'; the partial curl needs the "
              + "full-screen presentation style (model wording).")
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.presentedViewController == nil)

      let cover = presentable("cover", style: .fullScreen)
      cover.modalTransitionStyle = .partialCurl
      root.present(cover, animated: false)
      ModelRuntime.runUntilIdle()
      #expect(root.presentedViewController === cover)
      #expect(ModelRuntime.recordedExceptions.count == 1)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP18

    @Test(
      "MP18 a presentation and a dismissal have a coordinator from the first callback; its completions run after the callbacks, before present's and dismiss's completion"
    )
    func mp18PresentationCoordinator() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = CoordinatorObservingController()
      sheet.uikitModel.name = "sheet"
      sheet.modalPresentationStyle = .pageSheet
      ModelRuntime.clearEvents()

      root.present(sheet, animated: true) { ModelRuntime.annotate("caller", "presented") }
      #expect(sheet.transitionCoordinator?.isAnimated == true)
      #expect(sheet.transitionCoordinator?.isInteractive == false)
      ModelRuntime.runUntilIdle()
      #expect(sheet.transitionCoordinator == nil)
      sheet.dismiss(animated: false) { ModelRuntime.annotate("caller", "dismissed") }
      #expect(sheet.transitionCoordinator?.isAnimated == false)
      ModelRuntime.runUntilIdle()
      #expect(sheet.transitionCoordinator == nil)

      #expect(
        ModelRuntime.eventLog(categories: [.appearance, .annotation]) == """
          sheet.viewWillAppear(true)
          sheet.viewWillAppear sees a coordinator
          sheet.viewIsAppearing(true)
          sheet.viewDidAppear(true)
          sheet.coordinator completion, cancelled=false
          caller.presented
          sheet.viewWillDisappear(false)
          sheet.viewWillDisappear sees a coordinator
          sheet.viewDidDisappear(false)
          sheet.coordinator completion, cancelled=false
          caller.dismissed
          """)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP18 a swipe down has an interactive coordinator: let go, its handlers run; cancelled, its context says so"
    )
    func mp18SwipeCoordinator() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let sheet = CoordinatorObservingController()
      sheet.uikitModel.name = "sheet"
      sheet.modalPresentationStyle = .pageSheet
      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      ModelRuntime.clearEvents()

      let delegate = CoordinatorReadingDelegate()
      sheet.presentationController?.delegate = delegate
      #expect(sheet.uikitModel.beginInteractiveDismissal())
      #expect(delegate.sawInteractiveCoordinator)
      #expect(sheet.transitionCoordinator?.isInteractive == true)
      sheet.transitionCoordinator?.notifyWhenInteractionChanges { context in
        ModelRuntime.annotate("test", "interaction ended, cancelled=\(context.isCancelled)")
      }
      sheet.uikitModel.cancelInteractiveDismissal()
      #expect(sheet.transitionCoordinator == nil)
      #expect(root.presentedViewController === sheet)

      #expect(
        ModelRuntime.eventLog(categories: [.appearance, .annotation]) == """
          sheet.viewWillDisappear(true)
          sheet.viewWillDisappear sees a coordinator
          test.interaction ended, cancelled=true
          sheet.viewWillAppear(true)
          sheet.viewWillAppear sees a coordinator
          sheet.viewIsAppearing(true)
          sheet.viewDidAppear(true)
          sheet.coordinator completion, cancelled=true
          sheet.coordinator completion, cancelled=true
          """)
      withExtendedLifetime(window) {}
    }

    // MARK: - MP19, MP20, MP21

    @Test(
      "MP19 a sheet's controller is a sheet presentation controller whose detents, selection and grabber keep what is set"
    )
    func mp19SheetPresentationController() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let sheet = presentable("sheet", style: .pageSheet)
      let inner = controller("inner")
      sheet.addChild(inner)
      inner.didMove(toParent: sheet)
      let form = presentable("form", style: .formSheet)
      let automatic = controller("automatic")
      let cover = presentable("cover", style: .fullScreen)
      let popover = presentable("popover", style: .popover)

      let controller = sheet.sheetPresentationController
      #expect(controller != nil)
      #expect(controller === sheet.presentationController)
      #expect(inner.sheetPresentationController === controller)
      #expect(form.sheetPresentationController != nil)
      #expect(automatic.sheetPresentationController != nil)
      #expect(cover.sheetPresentationController == nil)
      #expect(popover.sheetPresentationController == nil)
      #expect(sheet.popoverPresentationController == nil)
      #expect(child.sheetPresentationController === root.sheetPresentationController)

      #expect(controller?.detents.map(\.identifier) == [.large])
      #expect(controller?.selectedDetentIdentifier == nil)
      #expect(controller?.largestUndimmedDetentIdentifier == nil)
      #expect(controller?.prefersGrabberVisible == false)
      controller?.detents = [.medium(), .large()]
      controller?.prefersGrabberVisible = true
      controller?.largestUndimmedDetentIdentifier = .medium
      ModelRuntime.clearEvents()

      root.present(sheet, animated: false)
      ModelRuntime.runUntilIdle()
      controller?.animateChanges { controller?.selectedDetentIdentifier = .large }

      #expect(sheet.sheetPresentationController === controller)
      #expect(controller?.detents.map(\.identifier) == [.medium, .large])
      #expect(controller?.selectedDetentIdentifier == .large)
      #expect(controller?.largestUndimmedDetentIdentifier == .medium)
      #expect(controller?.prefersGrabberVisible == true)
      #expect(UISheetPresentationController.Detent.Identifier("custom").rawValue == "custom")
      #expect(
        ModelRuntime.eventLog() == """
          sheet.loadView()
          sheet.viewDidLoad()
          sheet.viewWillAppear(false)
          sheet.viewIsAppearing(false)
          sheet.viewDidAppear(false)
          """)
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP20 a popover's controller is a popover presentation controller whose source and arrow directions keep what is set"
    )
    func mp20PopoverPresentationController() {
      freshModel()
      let (window, root, child) = rootWithChildInWindow()
      let popover = presentable("popover", style: .popover)
      let sheet = presentable("sheet", style: .pageSheet)

      let controller = popover.popoverPresentationController
      #expect(controller != nil)
      #expect(controller === popover.presentationController)
      #expect(sheet.popoverPresentationController == nil)
      #expect(controller?.sourceView == nil)
      #expect(controller?.sourceRect == .zero)
      #expect(controller?.permittedArrowDirections == .any)
      #expect(UIPopoverArrowDirection.any == [.up, .down, .left, .right])

      controller?.sourceView = child.view
      controller?.sourceRect = CGRect(x: 1, y: 2, width: 3, height: 4)
      controller?.permittedArrowDirections = [.up, .down]
      root.present(popover, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(ModelRuntime.recordedExceptions == [])
      #expect(root.presentedViewController === popover)
      #expect(popover.popoverPresentationController === controller)
      #expect(controller?.sourceView === child.view)
      #expect(controller?.sourceRect == CGRect(x: 1, y: 2, width: 3, height: 4))
      #expect(controller?.permittedArrowDirections == [.up, .down])
      withExtendedLifetime(window) {}
    }

    @Test(
      "MP21 presenting a popover with no source view raises NSGenericException and presents nothing"
    )
    func mp21PopoverNeedsSource() {
      freshModel()
      let (window, root, _) = rootWithChildInWindow()
      let popover = presentable("popover", style: .popover)
      let unread = presentable("unread", style: .popover)
      ModelRuntime.clearEvents()

      root.present(popover, animated: true) { ModelRuntime.annotate("caller", "completion") }
      root.present(unread, animated: false)
      ModelRuntime.runUntilIdle()

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.generic,
            reason: "UIPopoverPresentationController (<UIPopoverPresentationController: "
              + "popover.presentationController>) should have a non-nil sourceView or "
              + "barButtonItem set before the presentation occurs."),
          ModelException(
            name: ModelException.generic,
            reason: "UIPopoverPresentationController (<UIPopoverPresentationController: "
              + "unread.presentationController>) should have a non-nil sourceView or "
              + "barButtonItem set before the presentation occurs."),
        ])
      #expect(ModelRuntime.eventLog(categories: ModelEvent.Category.all) == "")
      #expect(root.presentedViewController == nil)
      #expect(ModelRuntime.diagnostics == [])
      withExtendedLifetime(window) {}
    }
  }
}
#endif
