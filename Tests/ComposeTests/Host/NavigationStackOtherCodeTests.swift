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
private final class RouteModel {
  var path: [String] = []
}

private final class RouteListViewController: UIViewController {}

private final class RouteDetailViewController: UIViewController {
  var route = ""
}

/// A controller other code pushes, which Compose did not make.
private final class ForeignViewController: UIViewController {}

/// A navigation controller whose stack is the model's path; `onPop` records what UIKit popped
/// and sets the model's path to it.
@MainActor
private final class RouteNavigationController: ComposedNavigationController {
  let model: RouteModel
  var popped: [[String]] = []

  init(model: RouteModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: model.path, id: \.self) {
      Child { RouteListViewController() }
    } destination: { route in
      Child(input: route) {
        RouteDetailViewController()
      } update: {
        $0.route = $1
      }
    }
    .onPop { [unowned self] path in
      popped.append(path)
      model.path = path
    }
  }
}

/// A delegate a pushed controller sets, as code that animates its own transitions does.
@MainActor
private final class LaterDelegate: NSObject, UINavigationControllerDelegate {
  var shown: [String] = []

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {
    shown.append(viewController.uikitModel.name)
  }
}

@MainActor
@Suite("Navigation stacks: other code, delegates and duplicate keys", .isolatedModel)
struct NavigationStackOtherCodeTests {
  private func show(
    _ path: [String], firstTrace: String? = nil, expectingDiagnostics: [String] = []
  ) async -> (
    RouteNavigationController, RouteModel, ContainerHarness
  ) {
    let model = RouteModel()
    model.path = path
    let navigation = RouteNavigationController(model: model)
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    let declared = path.map { "1.#\"\($0)\" RouteDetailViewController" }
    harness.expectTrace(
      firstTrace
        ?? (path.map { "update 'navigation' 1.#\"\($0)\" RouteDetailViewController" }
        + [
          "set-view-controllers 'navigation' ["
            + (["0 RouteListViewController"] + declared).joined(separator: ", ") + "]"
        ]).joined(separator: "\n"),
      expectingDiagnostics: expectingDiagnostics)
    return (navigation, model, harness)
  }

  @Test("A pop from a path with a duplicate key tells the path that remains, and pushes nothing")
  func popWithDuplicateKey() async {
    let (navigation, model, harness) = await show(
      ["a", "b", "a"],
      firstTrace: """
        update 'navigation' 1.#"a" RouteDetailViewController
        update 'navigation' 1.#"b" RouteDetailViewController
        update 'navigation' 1.#"a" RouteDetailViewController (duplicate 1)
        set-view-controllers 'navigation' [0 RouteListViewController, 1.#"a" RouteDetailViewController, 1.#"b" RouteDetailViewController, 1.#"a" RouteDetailViewController (duplicate 1)]
        """,
      expectingDiagnostics: [
        "duplicateKey: key 'a' is used twice in the path of the NavigationStack"
      ])
    let kept = Array(navigation.viewControllers.prefix(3))
    await harness.expectEvents(
      """
      navigation.a#2.willMove(toParent: nil)
      navigation.b.loadView()
      navigation.b.viewDidLoad()
      navigation.a#2.viewWillDisappear(true)
      navigation.b.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.b, animated: true)
      navigation.b.viewIsAppearing(true)
      navigation.a#2.viewDidDisappear(true)
      navigation.b.viewDidAppear(true)
      navigation.a#2.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.b, animated: true)
      """
    ) { navigation.popViewController(animated: true) }
    harness.expectTrace("")
    #expect(navigation.popped == [["a", "b"]])
    #expect(model.path == ["a", "b"])
    #expect(navigation.viewControllers.count == 3)
    #expect(zip(navigation.viewControllers, kept).allSatisfy { $0 === $1 })
  }

  @Test(
    "A controller other code pushes is taken off at once; the declared ones keep their controllers"
  )
  func pushByOtherCode() async {
    let (navigation, _, harness) = await show(["a"])
    let declared = navigation.viewControllers
    weak var foreign: ForeignViewController?
    await harness.expectEvents(
      """
      foreign.willMove(toParent: container)
      foreign.loadView()
      foreign.viewDidLoad()
      navigation.a.viewWillDisappear(true)
      foreign.viewWillAppear(true)
      container.delegate.navigationController(willShow: foreign, animated: true)
      foreign.viewIsAppearing(true)
      navigation.a.viewDidDisappear(true)
      foreign.viewDidAppear(true)
      foreign.didMove(toParent: container)
      container.delegate.navigationController(didShow: foreign, animated: true)
      foreign.willMove(toParent: nil)
      foreign.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      foreign.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      foreign.didMove(toParent: nil)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      """,
      expectingDiagnostics: [
        "changedBehindComposer: the stack of navigation stack 'navigation' was changed by other "
          + "code (UIKit shows 3 controllers, 2 of them as declared)"
      ]
    ) {
      let pushed = ForeignViewController()
      pushed.uikitModel.name = "foreign"
      foreign = pushed
      navigation.pushViewController(pushed, animated: true)
    }
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 RouteListViewController, 1.#"a" RouteDetailViewController] animated
      """)
    #expect(navigation.viewControllers.count == 2)
    #expect(zip(navigation.viewControllers, declared).allSatisfy { $0 === $1 })
    #expect(foreign == nil)
  }

  @Test("A stack other code reorders is set back in the declared order, with the same controllers")
  func reorderByOtherCode() async {
    let (navigation, model, harness) = await show(["a", "b"])
    let declared = navigation.viewControllers
    await harness.expectEvents(
      """
      navigation.a.loadView()
      navigation.a.viewDidLoad()
      navigation.b.viewWillDisappear(true)
      navigation.a.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.a, animated: true)
      navigation.a.viewIsAppearing(true)
      navigation.b.viewDidDisappear(true)
      navigation.a.viewDidAppear(true)
      container.delegate.navigationController(didShow: navigation.a, animated: true)
      navigation.a.viewWillDisappear(true)
      navigation.b.viewWillAppear(true)
      container.delegate.navigationController(willShow: navigation.b, animated: true)
      navigation.b.viewIsAppearing(true)
      navigation.a.viewDidDisappear(true)
      navigation.b.viewDidAppear(true)
      container.delegate.navigationController(didShow: navigation.b, animated: true)
      """,
      expectingDiagnostics: [
        "changedBehindComposer: the stack of navigation stack 'navigation' was changed by other "
          + "code (UIKit shows 3 controllers, 1 of them as declared)"
      ]
    ) {
      navigation.setViewControllers([declared[0], declared[2], declared[1]], animated: true)
    }
    harness.expectTrace(
      """
      set-view-controllers 'navigation' [0 RouteListViewController, 1.#"a" RouteDetailViewController, 1.#"b" RouteDetailViewController] animated
      """)
    #expect(navigation.viewControllers.count == 3)
    #expect(zip(navigation.viewControllers, declared).allSatisfy { $0 === $1 })
    #expect(model.path == ["a", "b"])
    #expect(navigation.popped.isEmpty)
  }

  @Test(
    "A path that changes during an interactive pop waits for it, with a delegate other code set since"
  )
  func changeDuringInteractivePopWithLaterDelegate() async {
    let (navigation, model, harness) = await show(["a", "b"])
    // A pushed controller makes itself the delegate: the composer is no longer told.
    let delegate = LaterDelegate()
    navigation.delegate = delegate
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
      update 'navigation' 1.#"c" RouteDetailViewController
      push 'navigation' 1.#"c" RouteDetailViewController animated
      """)
    #expect(navigation.popped.isEmpty)
    #expect(model.path == ["a", "b", "c"])
    #expect(navigation.viewControllers.count == 4)
    #expect(delegate.shown == ["navigation.c"])
  }

  @Test("A pop is written back at once after a pushed controller makes itself the delegate")
  func popWithLaterDelegate() async {
    let (navigation, model, harness) = await show(["a", "b"])
    let delegate = LaterDelegate()
    navigation.delegate = delegate
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
    #expect(navigation.popped == [["a"]])
    #expect(model.path == ["a"])
    #expect(delegate.shown == ["navigation.a"])
    // Setting no delegate stops the forwarding, not the write-back.
    navigation.delegate = nil
    await harness.expectTrace("") { navigation.popViewController(animated: true) }
    #expect(navigation.popped == [["a"], []])
    #expect(model.path == [])
    #expect(delegate.shown == ["navigation.a"])
  }

  @Test("A delegate read, replaced and set back gets the messages again, as without Compose")
  func delegateSavedAndRestored() async {
    let (navigation, model, harness) = await show(["a", "b", "c"])
    let first = LaterDelegate()
    let temporary = LaterDelegate()
    navigation.delegate = first
    let saved = navigation.delegate
    navigation.delegate = temporary
    await harness.expectTrace("") { navigation.popViewController(animated: true) }
    navigation.delegate = saved
    await harness.expectTrace("") { navigation.popViewController(animated: true) }
    #expect(temporary.shown == ["navigation.b"])
    #expect(first.shown == ["navigation.a"])
    #expect(model.path == ["a"])
  }
}
#endif
