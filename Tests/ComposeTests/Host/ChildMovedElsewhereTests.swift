#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// A child's controller that other code moves to another parent is that parent's from then on:
// Compose reports the change and forgets the child, and never takes the controller from where
// other code put it.

@MainActor
private final class MovedChild: UIViewController {}

/// A container with one animated slot whose child changes with `flag`; the list is kept alive
/// when `keepsList` is set.
@MainActor
private final class MoveBox: UIViewController {
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  var forwardsManually = false
  let keepsList: Bool

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if flag {
        Child { named(MovedChild(), "detail") }
      } else {
        Child { named(MovedChild(), "list") }.lifetime(keepsList ? .keepAlive : .whileShown)
      }
    }
    .transition(.crossDissolve(duration: 0.3))
  }

  init(keepsList: Bool = false) {
    self.keepsList = keepsList
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !forwardsManually }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composer.forwardBeginAppearanceTransition(true, animated: animated)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.forwardEndAppearanceTransition()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    composer.forwardBeginAppearanceTransition(false, animated: animated)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    composer.forwardEndAppearanceTransition()
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

/// Moves `child` to `parent` the way other code would: its view out, then `addChild(_:)`, which
/// takes it from its old parent, then `didMove(toParent:)`.
@MainActor
private func move(_ child: UIViewController, to parent: UIViewController) {
  child.view.removeFromSuperview()
  parent.addChild(child)
  child.didMove(toParent: parent)
}

@Suite(
  "A child's controller moved to another parent by other code",
  .isolatedModel(diagnostics: .allowed))
@MainActor
struct ChildMovedElsewhereTests {
  @Test(
    "A leaving child moved to another parent while its swap runs stays with that parent",
    arguments: [false, true])
  func leavingChildMovedDuringSwap(forwardsManually: Bool) throws {
    startRecordingModel()
    let box = MoveBox()
    box.forwardsManually = forwardsManually
    let window = show(box)
    let list = try #require(box.children.first)
    let other = named(UIViewController(), "other")
    box.flag = true
    ModelRuntime.advance(by: 0.1)
    move(list, to: other)
    ModelRuntime.clearEvents()

    ModelRuntime.runUntilIdle()

    #expect(list.parent === other)
    #expect(other.children == [list])
    #expect(box.children.map(\.uikitModel.name) == ["detail"])
    #expect(ModelRuntime.eventLog(for: ["list"], categories: [.containment]) == "")
    #expect(
      box.composer.diagnostics.map(\.description) == [
        "child 'content' second MovedChild was removed from the container by other code while "
          + "it was leaving (its parent is 'UIViewController'); add and remove children by "
          + "changing the declaration"
      ])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A hidden kept-alive child moved to another parent is not evicted from that parent")
  func hiddenChildMovedThenEvicted() throws {
    startRecordingModel()
    let box = MoveBox(keepsList: true)
    let window = show(box)
    let list = try #require(box.children.first)
    box.flag = true
    ModelRuntime.runUntilIdle()
    #expect(list.parent === box)
    let other = named(UIViewController(), "other")
    move(list, to: other)
    ModelRuntime.clearEvents()

    box.composer.evictHiddenChildren()
    ModelRuntime.runUntilIdle()

    #expect(list.parent === other)
    #expect(other.children == [list])
    #expect(box.children.map(\.uikitModel.name) == ["detail"])
    #expect(ModelRuntime.eventLog(for: ["list"]) == "")
    #expect(
      box.composer.diagnostics.map(\.description) == [
        "child 'content' second MovedChild was removed from the container by other code while "
          + "it was leaving (its parent is 'UIViewController'); add and remove children by "
          + "changing the declaration"
      ])
    #expect(
      box.composer.hierarchyDescription
        == """
        slot 'content' fill transition crossDissolve(0.3)
          first MovedChild
        """)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif

#if !canImport(UIKit)
/// A container whose one child is made by `factory`, once `shows` is set.
@MainActor
private final class CachedBox: UIViewController {
  var shows = false {
    didSet { composer.setNeedsCompose() }
  }
  let cached: MovedChild

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if shows {
        Child { self.cached }
      }
    }
  }

  init(cached: MovedChild) {
    self.cached = cached
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@Suite(
  "A factory's controller whose view other code left in another controller's view",
  .isolatedModel(diagnostics: .allowed))
@MainActor
struct ViewLeftBehindTests {
  @Test("It is refused before addChild(_:), which UIKit raises for, and added once its view is out")
  func refusedUntilItsViewIsOut() throws {
    startRecordingModel()
    let cached = named(MovedChild(), "cached")
    let old = named(UIViewController(), "old")
    let oldWindow = show(old)
    old.addChild(cached)
    old.view.addSubview(cached.view)
    cached.didMove(toParent: old)
    // Other code removes it from its parent, and leaves its view where it was.
    cached.willMove(toParent: nil)
    cached.removeFromParent()
    let container = CachedBox(cached: cached)
    let window = show(container)

    container.shows = true
    ModelRuntime.runUntilIdle()

    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(container.children.isEmpty)
    #expect(cached.view.superview === old.view)
    #expect(
      container.composer.diagnostics.map(\.message) == [
        "the factory of child 'content' some MovedChild returned a 'MovedChild' whose view is "
          + "still inside the view of 'UIViewController', which UIKit refuses for a child of "
          + "another controller; take its view out with removeFromSuperview() where it is removed "
          + "from its parent, or make a new controller in the factory"
      ])
    #expect(container.composer.diagnostics.map(\.id) == [.controllerOwnedElsewhere])

    // Its view out, it is tried again at the next reconciliation, and added.
    cached.view.removeFromSuperview()
    container.composer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(container.children == [cached])
    #expect(cached.view.superview === container.view)
    #expect(cached.uikitModel.appearanceState == .appeared)
    #expect(container.composer.diagnostics.count == 1)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = (window, oldWindow)
  }
}
#endif

#if !canImport(UIKit)
/// A child that takes itself out of its parent as it is told it leaves.
@MainActor
private final class SelfRemovingChild: UIViewController {
  override func willMove(toParent parent: UIViewController?) {
    super.willMove(toParent: parent)
    if parent == nil { removeFromParent() }
  }
}

/// A container with one child, a `SelfRemovingChild`, while `shows` is set.
@MainActor
private final class SelfRemovingBox: UIViewController {
  var shows = true {
    didSet { composer.setNeedsCompose() }
  }
  private(set) var child: SelfRemovingChild?

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if shows {
        Child { () -> SelfRemovingChild in
          let made = named(SelfRemovingChild(), "child")
          self.child = made
          return made
        }
      }
    }
  }

  init() {
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@Suite(
  "A removed child that takes itself out of its parent as it leaves",
  .isolatedModel(diagnostics: .allowed))
@MainActor
struct SelfRemovingChildTests {
  @Test("Its view leaves the container's view, and nothing is reported")
  func viewLeaves() throws {
    startRecordingModel()
    let box = SelfRemovingBox()
    let window = show(box)
    let child = try #require(box.child)
    #expect(child.view.superview === box.view)

    box.shows = false
    ModelRuntime.runUntilIdle()

    #expect(child.parent == nil)
    #expect(child.viewIfLoaded?.superview == nil)
    #expect(box.children.isEmpty)
    #expect(box.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
