#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
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
  controller.uikitModel.name = name
  return controller
}

@MainActor
@Suite("Composer", .isolatedModel(diagnostics: .allowed))
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
    #expect(list.uikitModel.appearanceState == .appeared)
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

  @Test("A factory that returns a controller already in use is reported; the tree stays whole")
  func factoryReturningAControllerInUse() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let shared = named(DetailViewController(), "shared")
    let other = named(UIViewController(), "other")
    let owned = named(ListViewController(), "owned")
    other.addChild(owned)
    owned.didMove(toParent: other)
    let container = named(UIViewController(), "container")
    let composer = Composer(container: container) {
      Slot("first") { Child { shared } }
      Slot("second") { Child { shared } }
      Slot("third") { Child { owned } }
    }
    container.loadViewIfNeeded()
    composer.setNeedsCompose()
    composer.composeIfNeeded()

    #expect(container.children == [shared])
    #expect(shared.view.superview === container.view)
    #expect(owned.parent === other)
    #expect(
      composer.diagnostics.map(\.message) == [
        "the factory of child 'second' DetailViewController returned the 'DetailViewController' "
          + "that is already child 'first' DetailViewController; make a new controller in the "
          + "factory",
        "the factory of child 'third' ListViewController returned a 'ListViewController' that "
          + "already has the parent 'UIViewController'; make a new controller in the factory",
      ])
    #expect(
      composer.diagnostics.map(\.id) == [.sameInstanceDeclaredTwice, .controllerOwnedElsewhere])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("The primary slot's child decides the status bar; a change of child asks UIKit again")
  func primaryChildForwarding() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = PrimaryContainer()
    container.uikitModel.name = "container"
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    let first = try #require(container.composer.primaryChild(for: .statusBar))
    #expect(first is ListViewController)
    #expect(ModelRuntime.statusBarStyleViewController(from: container) === first)
    #expect(container.composer.primaryChild(for: .preferredContentSize) === first)
    ModelRuntime.clearEvents()

    container.showsDetail = true
    ModelRuntime.runUntilIdle()

    let second = try #require(container.composer.primaryChild(for: .statusBar))
    #expect(second is DetailViewController)
    #expect(ModelRuntime.statusBarStyleViewController(from: container) === second)
    #expect(
      ModelRuntime.eventLog(for: ["container"], categories: [.forwarding]) == """
        container.setNeedsStatusBarAppearanceUpdate()
        container.setNeedsUpdateOfHomeIndicatorAutoHidden()
        """)
    second.preferredContentSize = CGSize(width: 320, height: 200)
    #expect(container.preferredContentSize == CGSize(width: 320, height: 200))
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test(
    "The primary child's preferred content size, set before it is added, becomes the container's")
  func primaryChildPreferredContentSizeSetBeforeAdding() throws {
    startRecordingModel()
    let container = SizedPrimaryContainer()
    let window = show(container)
    #expect(container.preferredContentSize == CGSize(width: 320, height: 200))

    container.showsDetail = true
    ModelRuntime.runUntilIdle()
    #expect(container.children.first is DetailViewController)
    #expect(container.preferredContentSize == CGSize(width: 320, height: 480))

    container.showsDetail = false
    ModelRuntime.runUntilIdle()
    #expect(container.preferredContentSize == CGSize(width: 320, height: 200))
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A primary child with no preferred content size leaves the container's own size")
  func primaryChildWithoutPreferredContentSize() throws {
    startRecordingModel()
    let container = PrimaryContainer()
    container.preferredContentSize = CGSize(width: 300, height: 400)
    let window = show(container)
    #expect(container.children.first is ListViewController)
    #expect(container.preferredContentSize == CGSize(width: 300, height: 400))
    _ = window
  }

  @Test("A memory warning evicts hidden kept-alive children with the full remove sequence")
  func memoryWarningEviction() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = TabContainer()
    container.uikitModel.name = "container"
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    container.selected = 1
    ModelRuntime.runUntilIdle()
    #expect(container.children.count == 2)
    weak let firstTab = container.children.first
    ModelRuntime.clearEvents()

    ModelRuntime.simulateMemoryWarning()

    #expect(
      ModelRuntime.eventLog(for: ["tab0", "tab1"], categories: [.containment, .system]) == """
        tab0.willMove(toParent: nil)
        tab0.didMove(toParent: nil)
        tab0.didReceiveMemoryWarning()
        tab1.didReceiveMemoryWarning()
        """)
    #expect(container.children.map(\.uikitModel.name) == ["tab1"])
    #expect(firstTab == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test(
    "Hidden children evicted from an update closure while a plan runs are evicted once it ends"
  )
  func evictionWhilePlanRuns() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = EvictingTabContainer()
    container.uikitModel.name = "container"
    let window = show(container)
    let first = try #require(container.children.first)
    let traced = container.composer.trace.count

    // One composition hides the first tab and adds a child whose update closure evicts (as a
    // memory warning handled meanwhile would).
    container.selected = 1
    container.showsSide = true
    ModelRuntime.runUntilIdle()

    #expect(
      Array(container.composer.trace[traced...]) == [
        "update 'side' some HeaderViewController",
        "add-child 'side' some HeaderViewController",
        "insert-view 'side' some HeaderViewController at 0",
        "layout 'side' some HeaderViewController fill",
        "did-move 'side' some HeaderViewController",
        "detach-view 'tab' first ListViewController",
        "add-child 'tab' second DetailViewController",
        "insert-view 'tab' second DetailViewController at 0",
        "layout 'tab' second DetailViewController fill",
        "did-move 'tab' second DetailViewController",
        "will-move-to-nil 'tab' first ListViewController",
        "remove-from-parent 'tab' first ListViewController",
      ])
    // The side child is made once, and the controller its update closure saw is the one added.
    #expect(container.made.count == 1)
    #expect(container.updated.count == 1)
    #expect(container.updated.first === container.made.first)
    #expect(container.children.map(\.uikitModel.name) == ["side", "tab1"])
    #expect(first.parent == nil)
    #expect(first.viewIfLoaded?.superview == nil)
    // No view of an evicted child is left behind.
    #expect(
      container.view.subviews.map { "\($0)" }.filter { !$0.hasPrefix("<LayoutTrigger") } == [
        "<UIView: side.view>", "<UIView: tab1.view>",
      ])
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "A change during a swap starts the next one when the running one ends, or at once when cut short",
    arguments: [(Interruption.finishRunning, 0.3), (Interruption.cutShort, 0.05)])
  func interruptionPolicies(policy: Interruption, nextStart: Double) throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = InterruptibleContainer(policy: policy)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()

    container.showsDetail = true
    ModelRuntime.advance(by: 0.05)
    #expect(ModelRuntime.runningAnimations.count == 1)
    container.showsDetail = false
    ModelRuntime.advance(by: 0)
    ModelRuntime.advance(by: 0)

    // Cut short, the second swap is already running at 0.05 s; otherwise the first one still
    // runs, and the second starts when it ends, at 0.3 s.
    let running = try #require(ModelRuntime.runningAnimations.first)
    #expect(running.number == (policy == .cutShort ? 2 : 1))
    ModelRuntime.advance(by: 0.3 - ModelRuntime.currentTime)
    let second = try #require(ModelRuntime.runningAnimations.first)
    #expect(second.number == 2)
    #expect(abs(second.startTime - nextStart) < 0.001)
    ModelRuntime.runUntilIdle()
    #expect(container.children.count == 1)
    #expect(container.children.first is ListViewController)
    #expect(container.children.first?.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    if policy == .cutShort {
      #expect(
        ModelRuntime.events.filter { $0.category == .animation }.map(\.description) == [
          "animation#1.start(transition(from: list, to: detail), duration: 0.3)",
          "animation#1.completion(false)",
          "animation#2.start(transition(from: detail, to: list), duration: 0.3)",
          "animation#2.completion(true)",
        ])
    }
  }
}

/// A tab-style container with a side slot whose child's update closure evicts hidden children.
@MainActor
private final class EvictingTabContainer: UIViewController {
  var selected = 0 {
    didSet { composer.setNeedsCompose() }
  }
  var showsSide = false {
    didSet { composer.setNeedsCompose() }
  }
  /// The side controllers the factory made, and those the update closure saw.
  var made: [UIViewController] = []
  var updated: [UIViewController] = []

  lazy var composer: Composer = Composer(container: self) { [unowned self] in
    Slot("side") {
      if showsSide {
        Child {
          let side = named(HeaderViewController(), "side")
          self.made.append(side)
          return side
        } update: { (side: HeaderViewController) in
          self.updated.append(side)
          self.composer.evictHiddenChildren()
        }
      }
    }
    Slot("tab") {
      switch selected {
      case 0: Child { named(ListViewController(), "tab0") }.lifetime(.keepAlive)
      default: Child { named(DetailViewController(), "tab1") }.lifetime(.keepAlive)
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A container whose slot cross-dissolves between two children, with an interruption policy.
@MainActor
private final class InterruptibleContainer: UIViewController {
  let policy: Interruption
  var showsDetail = false {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if showsDetail {
        Child { named(DetailViewController(), "detail") }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .transition(.crossDissolve(duration: 0.3))
    .interruption(policy)
  }

  init(policy: Interruption) {
    self.policy = policy
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A container whose single slot is primary for everything.
@MainActor
private final class PrimaryContainer: UIViewController {
  var showsDetail = false {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if showsDetail {
        Child { named(DetailViewController(), "detail") }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .primary()
  }

  override var childForStatusBarStyle: UIViewController? {
    composer.primaryChild(for: .statusBar)
  }

  override func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    composer.preferredContentSizeDidChange(forChild: container)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A container whose primary slot's children say their preferred content size when they are made,
/// before they have a parent to tell.
@MainActor
private final class SizedPrimaryContainer: UIViewController {
  var showsDetail = false {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("content") {
      if showsDetail {
        Child { () -> DetailViewController in
          let detail = DetailViewController()
          detail.preferredContentSize = CGSize(width: 320, height: 480)
          return detail
        }
      } else {
        Child { () -> ListViewController in
          let list = ListViewController()
          list.preferredContentSize = CGSize(width: 320, height: 200)
          return list
        }
      }
    }
    .primary(.preferredContentSize)
  }

  override func preferredContentSizeDidChange(
    forChildContentContainer container: any UIContentContainer
  ) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    composer.preferredContentSizeDidChange(forChild: container)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

/// A tab-style container: one tab shown at a time, the others kept alive.
@MainActor
private final class TabContainer: UIViewController {
  var selected = 0 {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in
    Slot("tab") {
      switch selected {
      case 0: Child { named(ListViewController(), "tab0") }.lifetime(.keepAlive)
      default: Child { named(DetailViewController(), "tab1") }.lifetime(.keepAlive)
      }
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
  }
}
#endif
