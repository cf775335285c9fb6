import Compose
import Foundation
import Testing
import UIKitModel

/// A container that declares one slot whose child depends on a flag.
@MainActor
private final class FlagContainer: UIViewController {
  var showsDetail = false {
    didSet { composer.setNeedsCompose() }
  }
  var transition: Transition = .none

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if showsDetail {
        Child { named(DetailViewController(), "detail") }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .transition(transition)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// The controller, with a name for the model's event log.
@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.modelName = name
  return controller
}

@MainActor
@Suite("Composer", .serialized)
struct ComposerTests {
  @Test("A container composed before it appears adds its child, which appears with it")
  func composeOffScreenThenAppear() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = named(FlagContainer(), "container")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()

    let list = try #require(container.children.first)
    #expect(list is ListViewController)
    #expect(list.view.superview === container.view)
    #expect(list.modelAppearanceState == .appeared)
    #expect(list.view.frame == container.view.bounds)
    #expect(
      container.composer.trace == [
        "add-child 'content' second ListViewController",
        "insert-view 'content' second ListViewController at 0",
        "layout 'content' second ListViewController fill",
        "did-move 'content' second ListViewController",
      ])
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("Replacing the child while visible removes the old one and adds the new one, balanced")
  func replaceWhileVisible() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = named(FlagContainer(), "container")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    let list = try #require(container.children.first)
    ModelRuntime.clearEvents()

    container.showsDetail = true
    container.composer.composeIfNeeded()
    let detail = try #require(container.children.first)

    #expect(
      ModelRuntime.eventLog(for: ["list", "detail"]) == """
        list.willMove(toParent: nil)
        list.viewWillDisappear(false)
        list.viewDidDisappear(false)
        list.didMove(toParent: nil)
        detail.willMove(toParent: container)
        detail.loadView()
        detail.viewDidLoad()
        detail.viewWillAppear(false)
        detail.viewIsAppearing(false)
        detail.viewDidAppear(false)
        detail.didMove(toParent: container)
        """)
    #expect(container.children == [detail])
    #expect(list.parent == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }
}
