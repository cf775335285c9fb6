#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

/// The state a navigation stack is declared from.
@MainActor
@Observable
private final class StackModel {
  var path: [String] = []
  var note = "inbox"
}

private final class InboxListViewController: UIViewController {
  var note = ""
}

private final class MessageViewController: UIViewController {
  var message = ""
}

/// A composed container pushed on the stack: its own children are declared too.
@MainActor
private final class ThreadViewController: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("header") {
      Child {
        MessageViewController()
      } update: {
        $0.message = "header"
      }
    }
  }
}

/// A navigation controller whose stack is the model's path; `onPop` records what UIKit popped
/// and, unless `writesBack` is off, sets the model's path to it.
@MainActor
private final class InboxNavigationController: ComposedNavigationController {
  let model: StackModel
  var popped: [[String]] = []
  var writesBack = true
  var policy = Interruption.finishRunning

  init(model: StackModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: model.path, id: \.self) {
      Child(input: model.note) {
        InboxListViewController()
      } update: {
        $0.note = $1
      }
    } destination: { key in
      Child(input: key) {
        MessageViewController()
      } update: {
        $0.message = $1
      }
    }
    .onPop { [unowned self] path in
      popped.append(path)
      if writesBack { model.path = path }
    }
    .interruption(policy)
  }
}

/// A navigation controller whose path elements are composed containers.
@MainActor
private final class ThreadsNavigationController: ComposedNavigationController {
  var threads: [Int] = [] {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: threads, id: \.self) {
      Child { InboxListViewController() }
    } destination: { _ in
      Child { ThreadViewController() }
    }
  }
}

/// Records what a navigation controller shows.
@MainActor
private final class RecordingDelegate: NSObject, UINavigationControllerDelegate {
  var shown: [String] = []

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {
    shown.append(viewController.uikitModel.name)
  }
}

/// A navigation controller whose composition a test sets.
@MainActor
private final class DeclaredNavigationController: ComposedNavigationController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

/// A plain composed container whose composition a test sets.
@MainActor
private final class DeclaredContainer: ComposedViewController {
  var declaration: () -> CompositionContent = { .empty }

  override var composition: CompositionContent { declaration() }
}

/// A stack of messages keyed by their text, with children that have no update closure.
@MainActor
private func messages(_ path: [String]) -> NavigationStack<String> {
  NavigationStack(path: path, id: \.self) {
    Child { InboxListViewController() }
  } destination: { _ in
    Child { MessageViewController() }
  }
}

@MainActor
@Suite("Navigation stacks", .isolatedModel)
struct NavigationStackTests {
  private func show(_ path: [String] = []) async -> (
    InboxNavigationController, StackModel, ContainerHarness
  ) {
    let model = StackModel()
    model.path = path
    let navigation = InboxNavigationController(model: model)
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    return (navigation, model, harness)
  }

  @Test("The first stack is set without animation before the navigation controller appears")
  func firstStack() async {
    let (_, _, harness) = await show(["a"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController]
      """)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      navigation.InboxListViewController.willMove(toParent: container)
      navigation.a.willMove(toParent: container)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.a.viewWillAppear(false)
      container.viewIsAppearing(false)
      navigation.a.viewIsAppearing(false)
      container.viewDidAppear(false)
      navigation.a.viewDidAppear(false)
      navigation.InboxListViewController.didMove(toParent: container)
      navigation.a.didMove(toParent: container)
      """)
  }

  @Test("A path that gains one element pushes its child, made and updated first")
  func push() async throws {
    let (navigation, model, harness) = await show(["a"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController]
      """)
    let a = try #require(harness.controller(named: "navigation.a"))
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: container)
      navigation.b.loadView()
      navigation.b.viewDidLoad()
      navigation.a.viewWillDisappear(true)
      navigation.b.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.b, animated: true)
      navigation.b.viewIsAppearing(true)
      navigation.a.viewDidDisappear(true)
      navigation.b.viewDidAppear(true)
      navigation.b.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.b, animated: true)
      """
    ) { model.path = ["a", "b"] }
    harness.expectTrace(
      """
      update 'navigation' 1.#"b" MessageViewController
      push 'navigation' 1.#"b" MessageViewController animated
      """)
    #expect(navigation.viewControllers.last.map(harness.name(of:)) == "navigation.b")
    #expect(navigation.viewControllers[1] === a)
  }

  @Test("A path that loses its last element pops it, and the popped child is released")
  func pop() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.b.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      """
    ) { model.path = ["a"] }
    harness.expectTrace(
      """
      pop 'navigation' 1.#"b" MessageViewController animated
      """)
    #expect(navigation.viewControllers.count == 2)
    #expect(harness.controller(named: "navigation.b") == nil)
  }

  @Test("A path replaced as a whole is one setViewControllers; the root keeps its controller")
  func replace() async throws {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    let root = try #require(harness.controller(named: "navigation.InboxListViewController"))
    await harness.expectEvents(
      """
      navigation.c.willMove(toParent: container)
      navigation.b.willMove(toParent: nil)
      navigation.a.willMove(toParent: nil)
      navigation.c.loadView()
      navigation.c.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.c.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.c, animated: true)
      navigation.c.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.c.viewDidAppear(true)
      navigation.c.didMove(toParent: container)
      navigation.b.didMove(toParent: nil)
      navigation.a.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.c, animated: true)
      """
    ) { model.path = ["c"] }
    harness.expectTrace(
      """
      update 'navigation' 1.#"c" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"c" MessageViewController] animated
      """)
    #expect(navigation.viewControllers.first === root)
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("A path emptied from several elements pops to the root")
  func popToRoot() async {
    let (navigation, model, harness) = await show(["a", "b", "c"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      update 'navigation' 1.#"c" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController, 1.#"c" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.c.willMove(toParent: nil)
      navigation.b.willMove(toParent: nil)
      navigation.a.willMove(toParent: nil)
      navigation.InboxListViewController.loadView()
      navigation.InboxListViewController.viewDidLoad()
      navigation.c.viewWillDisappear(true)
      navigation.InboxListViewController.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.InboxListViewController, animated: true)
      navigation.InboxListViewController.viewIsAppearing(true)
      navigation.c.viewDidDisappear(true)
      navigation.InboxListViewController.viewDidAppear(true)
      navigation.c.didMove(toParent: nil)
      navigation.b.didMove(toParent: nil)
      navigation.a.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.InboxListViewController, animated: true)
      """
    ) { model.path = [] }
    harness.expectTrace(
      """
      pop-to 'navigation' 0 InboxListViewController animated
      """)
    #expect(navigation.viewControllers.count == 1)
  }

  @Test("Declaring what is shown again performs nothing; a changed input updates only its child")
  func redeclaration() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents("") { navigation.setNeedsCompose() }
    harness.expectTrace("")
    await harness.expectEvents("") { model.note = "archive" }
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      """)
    #expect((navigation.viewControllers.first as? InboxListViewController)?.note == "archive")
  }

  @Test("A finished interactive pop tells the source of truth, and nothing is popped twice")
  func interactivePopFinished() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.b.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      """
    ) {
      #expect(navigation.uikitModel.beginInteractivePop())
      await harness.advance(by: 0.1)
      navigation.uikitModel.finishInteractivePop()
    }
    harness.expectTrace("")
    #expect(navigation.popped == [["a"]])
    #expect(model.path == ["a"])
    #expect(navigation.viewControllers.count == 2)
    #expect(harness.controller(named: "navigation.b") == nil)
  }

  @Test("A cancelled interactive pop changes nothing and tells nothing")
  func interactivePopCancelled() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.a.viewWillDisappear(true)
      navigation.a.viewDidDisappear(true)
      navigation.b.viewWillAppear(true)
      navigation.b.viewIsAppearing(true)
      navigation.b.viewDidAppear(true)
      """
    ) {
      #expect(navigation.uikitModel.beginInteractivePop())
      await harness.advance(by: 0.1)
      navigation.uikitModel.cancelInteractivePop()
    }
    harness.expectTrace("")
    #expect(navigation.popped.isEmpty)
    #expect(model.path == ["a", "b"])
    #expect(navigation.viewControllers.count == 3)
  }

  @Test("A pop by other code is written back like the back button's")
  func popByOtherCode() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.b.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      """
    ) { navigation.popViewController(animated: true) }
    harness.expectTrace("")
    #expect(model.path == ["a"])
  }

  @Test("Without write-back the declaration stays the truth: what UIKit popped is pushed again")
  func popWithoutWriteBack() async {
    let (navigation, model, harness) = await show(["a", "b"])
    navigation.writesBack = false
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.b.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      navigation.b#2.willMove(toParent: container)
      navigation.b#2.loadView()
      navigation.b#2.viewDidLoad()
      navigation.a.viewWillDisappear(true)
      navigation.b#2.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.b#2, animated: true)
      navigation.b#2.viewIsAppearing(true)
      navigation.a.viewDidDisappear(true)
      navigation.b#2.viewDidAppear(true)
      navigation.b#2.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.b#2, animated: true)
      """
    ) { navigation.popViewController(animated: true) }
    harness.expectTrace(
      """
      update 'navigation' 1.#"b" MessageViewController
      push 'navigation' 1.#"b" MessageViewController animated
      """)
    #expect(navigation.popped == [["a"]])
    #expect(model.path == ["a", "b"])
    #expect(navigation.viewControllers.count == 3)
  }

  @Test("A path that changes during a push is applied once the push ends")
  func changeDuringPush() async {
    let (navigation, model, harness) = await show()
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectEvents(
      """
      navigation.a.willMove(toParent: container)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.InboxListViewController.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.InboxListViewController.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.a.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      navigation.c.willMove(toParent: container)
      navigation.c.loadView()
      navigation.c.viewDidLoad()
      navigation.a.viewWillDisappear(true)
      navigation.c.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.c, animated: true)
      navigation.c.viewIsAppearing(true)
      navigation.a.viewDidDisappear(true)
      navigation.c.viewDidAppear(true)
      navigation.c.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.c, animated: true)
      """
    ) {
      model.path = ["a"]
      await harness.advance(by: 0.1)
      model.path = ["a", "b"]
      await harness.advance(by: 0.1)
      model.path = ["a", "c"]
    }
    harness.expectTrace(
      """
      update 'navigation' 1.#"a" MessageViewController
      push 'navigation' 1.#"a" MessageViewController animated
      update 'navigation' 1.#"c" MessageViewController
      push 'navigation' 1.#"c" MessageViewController animated
      """)
    #expect(navigation.viewControllers.count == 3)
  }

  @Test("States a path passes through during a transition are skipped")
  func skippedStates() async {
    let (_, model, harness) = await show()
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectEvents(
      """
      navigation.a.willMove(toParent: container)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.InboxListViewController.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.InboxListViewController.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.a.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      """
    ) {
      model.path = ["a"]
      await harness.advance(by: 0.1)
      model.path = []
      await harness.advance(by: 0.1)
      model.path = ["a"]
    }
    harness.expectTrace(
      """
      update 'navigation' 1.#"a" MessageViewController
      push 'navigation' 1.#"a" MessageViewController animated
      """)
  }

  @Test("With the cut-short policy, a change during a push ends the push at once")
  func cutShort() async {
    let (navigation, model, harness) = await show()
    navigation.policy = .cutShort
    navigation.setNeedsCompose()
    await harness.settle()
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectEvents(
      """
      navigation.a.willMove(toParent: container)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.InboxListViewController.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.InboxListViewController.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      navigation.a.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      navigation.b.willMove(toParent: container)
      navigation.b.loadView()
      navigation.b.viewDidLoad()
      navigation.a.viewWillDisappear(true)
      navigation.b.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.b, animated: true)
      navigation.b.viewIsAppearing(true)
      """, settling: false
    ) {
      model.path = ["a"]
      await harness.advance(by: 0.1)
      model.path = ["a", "b"]
      await harness.advance(by: 0.01)
    }
    await harness.settle()
    harness.expectTrace(
      """
      update 'navigation' 1.#"a" MessageViewController
      push 'navigation' 1.#"a" MessageViewController animated
      update 'navigation' 1.#"b" MessageViewController
      push 'navigation' 1.#"b" MessageViewController animated
      """)
  }

  @Test("A composed container pushed on the stack composes its own children")
  func nestedComposedContainer() async {
    let navigation = ThreadsNavigationController()
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectEvents(
      """
      navigation.1.willMove(toParent: container)
      navigation.1.loadView()
      navigation.1.viewDidLoad()
      navigation.InboxListViewController.viewWillDisappear(true)
      navigation.1.viewWillAppear(true)
      navigation.1/header.MessageViewController.willMove(toParent: navigation.1)
      navigation.1/header.MessageViewController.loadView()
      navigation.1/header.MessageViewController.viewDidLoad()
      navigation.1/header.MessageViewController.didMove(toParent: navigation.1)
      navigation.1/header.MessageViewController.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.1, animated: true)
      navigation.1.viewIsAppearing(true)
      navigation.1/header.MessageViewController.viewIsAppearing(true)
      navigation.InboxListViewController.viewDidDisappear(true)
      navigation.1.viewDidAppear(true)
      navigation.1/header.MessageViewController.viewDidAppear(true)
      navigation.1.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.1, animated: true)
      """
    ) { navigation.threads = [1] }
    harness.expectTrace(
      """
      push 'navigation' 1.#1 ThreadViewController animated
      """)
    #expect(navigation.topViewController is ThreadViewController)
    #expect(navigation.topViewController?.children.count == 1)
  }

  @Test(
    "A plan names the one UIKit operation of a path's change",
    arguments: [
      (["a"], ["a", "b"]), (["a", "b"], ["a"]), (["a", "b", "c"], ["a"]), (["a", "b"], []),
      (["a", "b"], ["b", "a"]), (["a"], ["a"]),
    ])
  func planText(from old: [String], to new: [String]) {
    let expected: [String: String] = [
      "a>a,b": "push 'navigation' 1.#\"b\" MessageViewController animated",
      "a,b>a": "pop 'navigation' 1.#\"b\" MessageViewController animated",
      "a,b,c>a": "pop-to 'navigation' 1.#\"a\" MessageViewController animated",
      "a,b>": "pop-to 'navigation' 0 InboxListViewController animated",
      "a,b>b,a": "set-view-controllers 'navigation' [0 InboxListViewController, "
        + "1.#\"b\" MessageViewController, 1.#\"a\" MessageViewController] animated",
      "a>a": "",
    ]
    let key = old.joined(separator: ",") + ">" + new.joined(separator: ",")
    expectPlan(Plan(from: messages(old), to: messages(new)), expected[key] ?? "missing row")
  }

  @Test("Two path elements with the same key are reported, and kept apart")
  func duplicateKeys() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = { messages(["a", "a"]).compositionContent }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"a" MessageViewController (duplicate 1)]
      """,
      expectingDiagnostics: [
        "duplicateKey: key 'a' is used twice in the path of the NavigationStack at"
      ])
    #expect(navigation.viewControllers.count == 3)
  }

  @Test("A factory that returns a controller already on the stack is reported, and left out")
  func controllerInUse() async {
    let shared = MessageViewController()
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: ["a", "b"], id: \.self) {
        Child { InboxListViewController() }
      } destination: { _ in
        Child { shared }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """,
      expectingDiagnostics: [
        "sameInstanceDeclaredTwice: the factory of child 'navigation' 1.#\"b\""
      ])
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.viewControllers.last === shared)
  }

  @Test("A factory that returns a navigation controller is reported, and left out")
  func navigationControllerInStack() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: [1], id: \.self) {
        Child { InboxListViewController() }
      } destination: { _ in
        Child { UINavigationController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#1 UINavigationController]
      """,
      expectingDiagnostics: ["navigationControllerInStack: the factory of child 'navigation' 1.#1"])
    #expect(navigation.viewControllers.count == 1)
  }

  @Test("A factory that returns a split view controller is reported, and left out")
  func splitViewControllerInStack() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: [1], id: \.self) {
        Child { InboxListViewController() }
      } destination: { _ in
        Child { UISplitViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#1 UISplitViewController]
      """,
      expectingDiagnostics: ["splitViewControllerInStack: the factory of child 'navigation' 1.#1"])
    #expect(navigation.composer.diagnostics.map(\.id) == [.splitViewControllerInStack])
    #expect(
      navigation.composer.diagnostics.map(\.message) == [
        "the factory of child 'navigation' 1.#1 UISplitViewController returned a "
          + "'UISplitViewController', which a "
          + "navigation stack cannot hold (UIKit does not push a split view controller); push a "
          + "controller that shows it in a slot instead, or show it outside the navigation "
          + "controller"
      ])
    #expect(navigation.viewControllers.count == 1)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("A navigation stack declared outside a navigation controller is reported, and skipped")
  func outsideNavigationController() async {
    let container = DeclaredContainer()
    container.declaration = { messages(["a"]).compositionContent }
    let harness = await ContainerHarness(showing: container)
    harness.expectTrace(
      "",
      expectingDiagnostics: [
        "navigationStackOutsideNavigationController: navigation stack 'navigation' is declared in a 'DeclaredContainer'"
      ])
    #expect(container.children.isEmpty)
  }

  @Test("A destination that declares two children pushes the first and reports the second")
  func twoChildrenInOneDestination() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: ["a"], id: \.self) {
        Child { InboxListViewController() }
      } destination: { _ in
        Child { MessageViewController() }
        Child { InboxListViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a".0 MessageViewController]
      """,
      expectingDiagnostics: [
        "navigationStackShape: child 'navigation' 1.#\"a\".1 InboxListViewController is a second child"
      ])
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("A destination that declares no child is reported, and its element left out")
  func emptyDestination() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: ["a", "b"], id: \.self) {
        Child { InboxListViewController() }
      } destination: { key in
        if key == "b" {
          Child { MessageViewController() }
        }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"b".some MessageViewController]
      """, expectingDiagnostics: ["navigationStackShape: path element \"a\" of navigation stack"])
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("A destination whose child is hidden is reported as hidden, and its element left out")
  func hiddenDestination() async {
    let navigation = DeclaredNavigationController()
    navigation.declaration = {
      NavigationStack(path: ["a", "b"], id: \.self) {
        Child { InboxListViewController() }
      } destination: { key in
        Child { MessageViewController() }.hidden(key == "a")
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"b" MessageViewController]
      """,
      expectingDiagnostics: [
        "navigationStackShape: path element \"a\" of navigation stack 'navigation' declares its "
          + "child hidden ('.hidden()'), so it is not on the stack; declare one shown child"
      ])
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("A hidden root is reported and the stack is left as it is until the root is shown again")
  func hiddenRoot() async {
    let navigation = DeclaredNavigationController()
    var hidesRoot = false
    var path = ["a"]
    navigation.declaration = {
      NavigationStack(path: path, id: \.self) {
        Child { InboxListViewController() }.hidden(hidesRoot)
      } destination: { _ in
        Child { MessageViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController]
      """)
    let shown = navigation.viewControllers
    let report =
      "navigationStackShape: navigation stack 'navigation' declares its root child hidden "
      + "('.hidden()'); a navigation stack needs a root, so the stack is left as it is until "
      + "one is declared; declare one shown child in its root closure"
    await harness.expectTrace("", expectingDiagnostics: [report]) {
      hidesRoot = true
      navigation.setNeedsCompose()
    }
    #expect(navigation.viewControllers.count == 2)
    #expect(zip(navigation.viewControllers, shown).allSatisfy { $0 === $1 })
    // A change of the path while the root is hidden waits for a root.
    await harness.expectTrace("", expectingDiagnostics: [report]) {
      path = ["a", "b"]
      navigation.setNeedsCompose()
    }
    #expect(navigation.viewControllers.count == 2)
    await harness.expectTrace(
      """
      push 'navigation' 1.#"b" MessageViewController animated
      """
    ) {
      hidesRoot = false
      navigation.setNeedsCompose()
    }
    #expect(navigation.viewControllers.count == 3)
    #expect(zip(navigation.viewControllers, shown).allSatisfy { $0 === $1 })
  }

  @Test("A back pop while the root is hidden is written back from the stack as it is shown")
  func popWhileRootHidden() async {
    let navigation = DeclaredNavigationController()
    var hidesRoot = false
    var path = ["a", "b"]
    navigation.declaration = {
      NavigationStack(path: path, id: \.self) {
        Child { InboxListViewController() }.hidden(hidesRoot)
      } destination: { _ in
        Child { MessageViewController() }
      }
      .onPop { path = $0 }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    let report =
      "navigationStackShape: navigation stack 'navigation' declares its root child hidden "
      + "('.hidden()'); a navigation stack needs a root, so the stack is left as it is until "
      + "one is declared; declare one shown child in its root closure"
    await harness.expectTrace("", expectingDiagnostics: [report]) {
      hidesRoot = true
      navigation.setNeedsCompose()
    }
    let shown = navigation.viewControllers
    await harness.expectTrace("", expectingDiagnostics: [report]) {
      navigation.popViewController(animated: true)
      navigation.setNeedsCompose()
    }
    #expect(path == ["a"])
    #expect(navigation.viewControllers.count == 2)
    #expect(zip(navigation.viewControllers, shown).allSatisfy { $0 === $1 })
    await harness.expectTrace("") {
      hidesRoot = false
      navigation.setNeedsCompose()
    }
    #expect(navigation.viewControllers.count == 2)
    #expect(zip(navigation.viewControllers, shown).allSatisfy { $0 === $1 })
  }

  @Test("A root that declares no child on the first composition shows no stack")
  func noRootAtFirst() async {
    let navigation = DeclaredNavigationController()
    var hasRoot = false
    navigation.declaration = {
      NavigationStack(path: ["a"], id: \.self) {
        if hasRoot { Child { InboxListViewController() } }
      } destination: { _ in
        Child { MessageViewController() }
      }
      .compositionContent
    }
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    harness.expectTrace(
      "",
      expectingDiagnostics: [
        "navigationStackShape: navigation stack 'navigation' declares no root child; a "
          + "navigation stack needs a root, so nothing is shown until one is declared; declare "
          + "one shown child in its root closure"
      ])
    #expect(navigation.viewControllers.isEmpty)
    await harness.expectTrace(
      """
      set-view-controllers 'navigation' [0.some InboxListViewController, 1.#"a" MessageViewController]
      """
    ) {
      hasRoot = true
      navigation.setNeedsCompose()
    }
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("Changes made without animation push and pop without animation")
  func withoutAnimation() async {
    let (navigation, model, harness) = await show()
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectTrace(
      """
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """
    ) {
      navigation.composer.withoutAnimation { model.path = ["a", "b"] }
    }
    await harness.expectTrace(
      """
      pop 'navigation' 1.#"b" MessageViewController
      """
    ) {
      navigation.composer.withoutAnimation { model.path = ["a"] }
    }
  }

  @Test("A delegate set by other code keeps receiving the navigation controller's messages")
  func forwardedDelegate() async {
    let (navigation, model, harness) = await show()
    let delegate = RecordingDelegate()
    navigation.delegate = delegate
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      set-view-controllers 'navigation' [0 InboxListViewController]
      """)
    await harness.expectTrace(
      """
      update 'navigation' 1.#"a" MessageViewController
      push 'navigation' 1.#"a" MessageViewController animated
      """
    ) { model.path = ["a"] }
    await harness.expectTrace(
      """
      update 'navigation' 1.#"b" MessageViewController
      push 'navigation' 1.#"b" MessageViewController animated
      """
    ) { model.path = ["a", "b"] }
    #expect(delegate.shown == ["navigation.a", "navigation.b"])
    #expect(navigation.delegate !== delegate)
  }

  @Test("A path that changes during an interactive pop waits for it to end")
  func changeDuringInteractivePop() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectEvents(
      """
      navigation.b.willMove(toParent: nil)
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.a.viewWillDisappear(true)
      navigation.a.viewDidDisappear(true)
      navigation.b.viewWillAppear(true)
      navigation.b.viewIsAppearing(true)
      navigation.b.viewDidAppear(true)
      navigation.c.willMove(toParent: container)
      navigation.c.loadView()
      navigation.c.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.c.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.c, animated: true)
      navigation.c.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.c.viewDidAppear(true)
      navigation.c.didMove(toParent: container)
      container.delegate.navigationController(didShow: navigation.c, animated: true)
      """
    ) {
      #expect(navigation.uikitModel.beginInteractivePop())
      model.path = ["a", "b", "c"]
      await harness.advance(by: 0.1)
      navigation.uikitModel.cancelInteractivePop()
    }
    harness.expectTrace(
      """
      update 'navigation' 1.#"c" MessageViewController
      push 'navigation' 1.#"c" MessageViewController animated
      """)
    #expect(navigation.popped.isEmpty)
    #expect(navigation.viewControllers.count == 4)
  }

  @Test("A navigation stack declared in a composed container's child works like any other")
  func insideComposedContainer() async {
    let model = StackModel()
    let container = DeclaredContainer()
    container.declaration = {
      Slot("main") { Child { InboxNavigationController(model: model) } }.compositionContent
    }
    let harness = await ContainerHarness(showing: container)
    harness.expectTrace(
      """
      add-child 'main' InboxNavigationController
      insert-view 'main' InboxNavigationController at 0
      layout 'main' InboxNavigationController fill
      did-move 'main' InboxNavigationController
      """)
    await harness.expectEvents(
      """
      main.InboxNavigationController/navigation.a.willMove(toParent: main.InboxNavigationController)
      main.InboxNavigationController/navigation.a.loadView()
      main.InboxNavigationController/navigation.a.viewDidLoad()
      main.InboxNavigationController/navigation.InboxListViewController.viewWillDisappear(true)
      main.InboxNavigationController/navigation.a.viewWillAppear(true)
      main.InboxNavigationController.delegate.navigationController(willShow: main.InboxNavigationController/navigation.a, animated: true)
      main.InboxNavigationController/navigation.a.viewIsAppearing(true)
      main.InboxNavigationController/navigation.InboxListViewController.viewDidDisappear(true)
      main.InboxNavigationController/navigation.a.viewDidAppear(true)
      main.InboxNavigationController/navigation.a.didMove(toParent: main.InboxNavigationController)
      main.InboxNavigationController.delegate.navigationController(didShow: main.InboxNavigationController/navigation.a, animated: true)
      """
    ) { model.path = ["a"] }
    #expect((container.children.first as? UINavigationController)?.viewControllers.count == 2)
  }

  @Test("A navigation controller, its composer and its children are released with it")
  func released() async {
    weak var weakNavigation: InboxNavigationController?
    weak var weakTop: UIViewController?
    do {
      let (navigation, _, harness) = await show(["a"])
      weakNavigation = navigation
      weakTop = navigation.topViewController
      #expect(weakTop != nil)
      harness.window.rootViewController = nil
      harness.window.isHidden = true
      await harness.settle()
    }
    #expect(weakNavigation == nil)
    #expect(weakTop == nil)
  }

  @Test("Routes of different kinds are told apart by the destination's branch")
  func routes() {
    enum Route: Hashable {
      case message(Int)
      case compose
    }
    func stack(_ path: [Route]) -> NavigationStack<Route> {
      NavigationStack(path: path, id: \.self) {
        Child { InboxListViewController() }
      } destination: { route in
        switch route {
        case .message: Child { MessageViewController() }
        case .compose: Child { ThreadViewController() }
        }
      }
    }
    expectPlan(
      Plan(from: stack([.message(1)]), to: stack([.message(1), .compose])),
      "push 'navigation' 1.#compose.second ThreadViewController animated")
  }

  @Test("A pop the user finishes wins over a push declared during it: the path is cut at the pop")
  func pushDuringFinishedInteractivePop() async {
    let (navigation, model, harness) = await show(["a", "b"])
    harness.expectTrace(
      """
      update 'navigation' 0 InboxListViewController
      update 'navigation' 1.#"a" MessageViewController
      update 'navigation' 1.#"b" MessageViewController
      set-view-controllers 'navigation' [0 InboxListViewController, 1.#"a" MessageViewController, 1.#"b" MessageViewController]
      """)
    await harness.expectTrace("") {
      #expect(navigation.uikitModel.beginInteractivePop())
      model.path = ["a", "b", "c"]
      await harness.advance(by: 0.1)
      navigation.uikitModel.finishInteractivePop()
    }
    #expect(navigation.popped == [["a"]])
    #expect(model.path == ["a"])
    #expect(navigation.viewControllers.count == 2)
  }
}
#endif
