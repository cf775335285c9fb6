#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

// What Compose guarantees under adversarial use: no reference cycle through closures that
// capture the container, the same checks on every path that adds a child, a composer that
// outlives its container, layout changes with children that stay, appearance forwarded by the
// container during a swap, memory warnings during a swap, declarations that invalidate
// themselves, and changes made behind the composer's back.

// MARK: - Fixtures

/// A child with the properties a container typically sets.
@MainActor
private final class ProfileChild: UIViewController {
  weak var delegate: AnyObject?
  var user = ""
}

/// A child that runs `onWillAppear` from its `viewWillAppear(_:)`.
@MainActor
private final class HookedChild: UIViewController {
  var onWillAppear: (() -> Void)?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    onWillAppear?()
  }
}

/// A container whose declaration is written by each test; it receives the container, and its
/// closures may capture it.
@MainActor
private final class Screen: UIViewController {
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  var user = "ada" {
    didSet { composer.setNeedsCompose() }
  }
  var layout: SlotLayout = .fill {
    didSet { composer.setNeedsCompose() }
  }
  var forwardsManually = false
  /// Made by the factories that need a controller of their own.
  var factory: @MainActor () -> UIViewController = { DetailViewController() }

  private let declaration: @MainActor (Screen) -> CompositionContent

  lazy var composer = Composer(container: self) { [unowned self] in
    declaration(self)
  }

  init(@CompositionBuilder _ declaration: @escaping @MainActor (Screen) -> CompositionContent) {
    self.declaration = declaration
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { !forwardsManually }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composer.evictHiddenChildren()
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

/// The controller, with a name for the model's event log.
@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

/// Weak references to a container and everything it made, to prove they are all released.
@MainActor
private struct Released {
  weak var container: UIViewController?
  var children: [Weak] = []

  struct Weak {
    weak var controller: UIViewController?
  }

  init(_ container: UIViewController) {
    self.container = container
    children = container.children.map { Weak(controller: $0) }
  }

  var survivors: [String] {
    ([container] + children.map(\.controller)).compactMap { $0?.uikitModel.name }
  }
}

// MARK: - Closures that capture the container

/// A container written the natural way: its closures capture `self`.
@MainActor
private final class CapturingScreen: UIViewController {
  var user = "ada" {
    didSet { composer.setNeedsCompose() }
  }
  var showsDetail = false {
    didSet { composer.setNeedsCompose() }
  }

  lazy var composer = Composer(container: self) { [unowned self] in content }

  /// The declaration; its closures capture `self` strongly.
  @CompositionBuilder var content: CompositionContent {
    Slot("header", layout: .custom { view, anchor in self.place(view, in: anchor) }) {
      Child {
        named(ProfileChild(), "avatar")
      } update: {
        $0.user = self.user
      }
    }
    Slot("content") {
      if showsDetail {
        Child {
          let detail = named(ProfileChild(), "detail")
          detail.delegate = self
          return detail
        }
        .lifetime(.keepAlive)
      } else {
        Child {
          named(ProfileChild(), "list")
        } update: { list, _ in
          list.user = self.user
        }
        .lifetime(.keepAlive)
      }
    }
    .transition(.custom(duration: 0.2) { _, to, _ in to.alpha = self.user.isEmpty ? 0 : 1 })
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

  private func place(_ view: UIView, in anchor: UIView) {
    view.translatesAutoresizingMaskIntoConstraints = true
    view.frame = CGRect(x: 0, y: 0, width: anchor.bounds.width, height: 60)
  }
}

/// The example of ``ComposedViewController``'s documentation, as written there.
@MainActor
private struct User {
  let id: Int
  let name: String
}

@MainActor
private final class AvatarViewController: UIViewController {
  var user: User?
}

@MainActor
private final class DetailsViewController: UIViewController {
  let user: User

  init(_ user: User) {
    self.user = user
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class ProfileViewController: ComposedViewController {
  var user: User? {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("header") {
      Child {
        AvatarViewController()
      } update: {
        $0.user = self.user
      }
    }
    Slot("content") {
      if let user { Child { DetailsViewController(user) }.id(user.id) }
    }
  }
}

@MainActor
@Suite("Reliability: reference cycles", .isolatedModel)
struct ReferenceCycleTests {
  @Test("Closures that capture the container make no cycle: container and children are released")
  func capturingClosuresAreReleased() throws {
    startRecordingModel()
    var released: Released?
    do {
      let container = CapturingScreen()
      let window = show(container)
      container.user = "grace"
      container.showsDetail = true
      ModelRuntime.runUntilIdle()
      container.showsDetail = false
      ModelRuntime.runUntilIdle()
      // The list came back from hidden, updated; the detail is hidden, kept alive.
      #expect(container.children.map(\.uikitModel.name) == ["avatar", "list", "detail"])
      #expect((container.children[1] as? ProfileChild)?.user == "grace")
      #expect(container.children[2].viewIfLoaded?.superview == nil)
      released = Released(container)
      window.rootViewController = nil
    }
    #expect(released?.survivors == [])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("The documented ComposedViewController example composes, updates and is released")
  func documentedExampleIsReleased() throws {
    startRecordingModel()
    var released: Released?
    do {
      let profile = ProfileViewController()
      profile.uikitModel.name = "profile"
      let window = show(profile)
      profile.user = User(id: 1, name: "Ada")
      ModelRuntime.runUntilIdle()
      let avatar = try #require(profile.children.first as? AvatarViewController)
      #expect(avatar.user?.name == "Ada")
      #expect((profile.children.last as? DetailsViewController)?.user.id == 1)
      released = Released(profile)
      window.rootViewController = nil
    }
    #expect(released?.survivors == [])
  }
}

// MARK: - Every path that adds a child checks it

@MainActor
@Suite(
  "Reliability: animated swaps check the arriving controller",
  .isolatedModel(diagnostics: .allowed))
struct SwapMisuseTests {
  /// A container with a fixed slot and an animated slot whose arriving child comes from
  /// `factory`.
  private func makeScreen() -> Screen {
    Screen { screen in
      Slot("side", layout: .frame(CGRect(x: 0, y: 0, width: 100, height: 100))) {
        Child { named(HeaderViewController(), "side") }
      }
      Slot("content") {
        if screen.flag {
          Child { screen.factory() }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
  }

  enum Misuse: CaseIterable, Sendable {
    case childOfAnotherSlot, childOfAnotherContainer, theContainer, anAncestor
    case rootOfAnotherWindow, presentedByAnother

    var diagnostic: Diagnostic.ID {
      switch self {
      case .childOfAnotherSlot: .sameInstanceDeclaredTwice
      case .childOfAnotherContainer, .rootOfAnotherWindow, .presentedByAnother:
        .controllerOwnedElsewhere
      case .theContainer, .anAncestor: .containerAsChild
      }
    }
  }

  @Test(
    "A refused controller is reported, nothing is taken, and the slot accepts the next change",
    arguments: Misuse.allCases)
  func refusedControllerIsReported(_ misuse: Misuse) throws {
    startRecordingModel()
    let screen = makeScreen()
    let parent = named(UIViewController(), "parent")
    let other = named(UIViewController(), "other")
    let foreign = named(DetailViewController(), "foreign")
    other.addChild(foreign)
    other.view.addSubview(foreign.view)
    foreign.didMove(toParent: other)
    let root = named(DetailViewController(), "root")
    let otherWindow = show(root)
    let presented = named(DetailViewController(), "presented")
    root.present(presented, animated: false)
    parent.addChild(screen)
    parent.view.addSubview(screen.view)
    screen.didMove(toParent: parent)
    let window = show(parent)
    let side = try #require(screen.children.first)
    let list = try #require(screen.children.last)

    screen.factory = {
      switch misuse {
      case .childOfAnotherSlot: side
      case .childOfAnotherContainer: foreign
      case .theContainer: screen
      case .anAncestor: parent
      case .rootOfAnotherWindow: root
      case .presentedByAnother: presented
      }
    }
    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(screen.composer.diagnostics.map(\.id) == [misuse.diagnostic])
    #expect(screen.children == [side])
    #expect(side.view.superview === screen.view)
    #expect(foreign.parent === other && foreign.view.superview === other.view)
    #expect(otherWindow.rootViewController === root && root.view.window === otherWindow)
    #expect(root.parent == nil)
    #expect(root.presentedViewController === presented && presented.parent == nil)
    #expect(screen.parent === parent)
    #expect(list.parent == nil)

    // The slot is not left busy: a later change swaps in a new child.
    screen.factory = { named(DetailViewController(), "detail") }
    screen.flag = false
    ModelRuntime.runUntilIdle()
    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.children.map(\.uikitModel.name) == ["side", "detail"])
    #expect(screen.children.last?.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A refused child is planned again: it appears once its factory returns a new controller")
  func refusedChildIsRetried() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") { Child { screen.factory() } }
    }
    screen.factory = { screen }
    let window = show(screen)
    #expect(screen.children.isEmpty)
    #expect(screen.composer.diagnostics.map(\.id) == [.containerAsChild])

    screen.user = "grace"
    ModelRuntime.runUntilIdle()
    #expect(screen.children.isEmpty)
    #expect(screen.composer.diagnostics.map(\.id) == [.containerAsChild, .containerAsChild])

    screen.factory = { named(DetailViewController(), "detail") }
    screen.user = "ada"
    ModelRuntime.runUntilIdle()
    #expect(screen.children.map(\.uikitModel.name) == ["detail"])
    #expect(screen.children.first?.uikitModel.appearanceState == .appeared)
    #expect(screen.composer.diagnostics.count == 2)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("One cached controller in both branches of an animated slot is reported, and stays")
  func cachedControllerInBothBranches() throws {
    startRecordingModel()
    let cached = named(DetailViewController(), "cached")
    let screen = Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { cached }
        } else {
          Child { cached }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    #expect(screen.children == [cached])

    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(screen.composer.diagnostics.map(\.id) == [.sameInstanceDeclaredTwice])
    #expect(
      screen.composer.diagnostics.first?.message.contains("make a new controller in the factory")
        == true)
    #expect(screen.children == [cached])
    #expect(cached.view.superview === screen.view)
    #expect(screen.composer.isSettled)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }
}

// MARK: - A factory that hands back the controller its child replaces

@MainActor
@Suite(
  "Reliability: a cached controller handed back for a new identity",
  .isolatedModel(exceptions: .record))
struct CachedControllerSwapTests {
  /// A handle on the content slot's child.
  private let handle = ChildHandle<ProfileChild>()

  /// A screen whose content slot shows one cached controller, identified by the user, with a
  /// cross-dissolve; `lifetime` is the child's.
  private func makeScreen(
    _ cached: ProfileChild, lifetime: Lifetime = .whileShown,
    transition: Transition = .crossDissolve(duration: 0.3)
  ) -> Screen {
    Screen { [handle] screen in
      Slot("content") {
        Child {
          cached
        } update: {
          $0.user = screen.user
        }.id(screen.user).lifetime(lifetime).handle(handle)
      }
      .transition(transition)
    }
  }

  @Test(
    "An animated id change whose factory returns the leaving controller keeps it on screen as the new child"
  )
  func leavingControllerStaysAsNewChild() async throws {
    let cached = named(ProfileChild(), "cached")
    let screen = makeScreen(cached)
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    harness.expectTrace(
      """
      update 'content' ProfileChild id "ada"
      add-child 'content' ProfileChild id "ada"
      insert-view 'content' ProfileChild id "ada" at 0
      layout 'content' ProfileChild id "ada" fill
      did-move 'content' ProfileChild id "ada"
      """)

    // No containment call and no appearance callback: the controller never leaves the screen.
    await harness.expectEvents(
      "",
      expectingDiagnostics: [
        "sameInstanceDeclaredTwice: the factory of child 'content' ProfileChild id \"grace\" "
          + "returned the 'ProfileChild' of child 'content' ProfileChild id \"ada\", which it "
          + "replaces with a transition; the controller stays on screen as the new child, "
          + "without the transition; make a new controller in the factory to see the transition"
      ]
    ) { screen.user = "grace" }
    harness.expectTrace(
      """
      update 'content' ProfileChild id "grace"
      swap 'content' ProfileChild id "ada" -> 'content' ProfileChild id "grace" crossDissolve(0.3)
      """)
    #expect(screen.children == [cached])
    #expect(cached.user == "grace")
    #expect(cached.view.superview === screen.view)
    #expect(handle.controller === cached)
    #expect(screen.composer.isSettled)
    harness.expectInvariants()

    // The next change is applied as usual, from the new identity.
    screen.user = "ada"
    await harness.settle()
    _ = harness.takeDiagnostics()
    #expect(screen.children == [cached])
    #expect(cached.user == "ada")
    harness.expectInvariants()
  }

  @Test(
    "Without a transition, a kept-alive controller handed back for the new identity is shown as it"
  )
  func keptAliveControllerHandedBackWithoutTransition() async throws {
    let cached = named(ProfileChild(), "cached")
    let screen = makeScreen(cached, lifetime: .keepAlive, transition: .none)
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    harness.expectTrace(
      """
      update 'content' ProfileChild id "ada"
      add-child 'content' ProfileChild id "ada"
      insert-view 'content' ProfileChild id "ada" at 0
      layout 'content' ProfileChild id "ada" fill
      did-move 'content' ProfileChild id "ada"
      """)
    // The controller leaves with the child it was, and comes back as the new one.
    await harness.expectEvents(
      """
      cached.viewWillDisappear(false)
      cached.viewDidDisappear(false)
      cached.viewWillAppear(false)
      cached.viewIsAppearing(false)
      cached.viewDidAppear(false)
      """,
      expectingDiagnostics: [
        "sameInstanceDeclaredTwice: the factory of child 'content' ProfileChild id \"grace\" "
          + "returned the 'ProfileChild' of child 'content' ProfileChild id \"ada\", which is "
          + "kept alive, hidden; the controller is shown as the new child, and child 'content' "
          + "ProfileChild id \"ada\" is made again if it is declared again; make a new "
          + "controller in the factory to keep both"
      ]
    ) { screen.user = "grace" }
    harness.expectTrace(
      """
      detach-view 'content' ProfileChild id "ada"
      update 'content' ProfileChild id "grace"
      add-child 'content' ProfileChild id "grace"
      insert-view 'content' ProfileChild id "grace" at 0
      layout 'content' ProfileChild id "grace" fill
      did-move 'content' ProfileChild id "grace"
      """)
    #expect(screen.children == [cached])
    #expect(cached.user == "grace")
    #expect(cached.view.superview === screen.view)
    #expect(handle.controller === cached)
    #expect(screen.composer.isSettled)
    harness.expectInvariants()

    // Back to the first identity: the controller is handed over again.
    screen.user = "ada"
    await harness.settle()
    #expect(harness.takeDiagnostics().count == 1)
    #expect(screen.children == [cached])
    #expect(cached.user == "ada")
    #expect(cached.view.superview === screen.view)
    harness.expectInvariants()
  }

  @Test("A kept-alive leaving controller handed back for the new identity is not kept hidden too")
  func keptAliveLeavingControllerStaysAsNewChild() async throws {
    let cached = named(ProfileChild(), "cached")
    let screen = makeScreen(cached, lifetime: .keepAlive)
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    screen.user = "grace"
    await harness.settle()
    #expect(harness.takeDiagnostics().count == 1)
    #expect(screen.children == [cached])
    #expect(screen.composer.isSettled)
    harness.expectInvariants()

    // The identity it left has no controller to keep: declared again, it is handed the
    // controller back rather than revived empty.
    screen.user = "ada"
    await harness.settle()
    #expect(harness.takeDiagnostics().count == 1)
    #expect(screen.children == [cached])
    #expect(cached.user == "ada")
    #expect(cached.view.superview === screen.view)
    harness.expectInvariants()
  }
}

// MARK: - A controller another controller presents

/// A controller that is in a window of its own and presents `presented` there.
@MainActor
private func presentElsewhere(_ presented: UIViewController) -> (UIViewController, UIWindow) {
  let presenter = named(HeaderViewController(), "presenter")
  let window = show(presenter)
  presenter.present(presented, animated: false)
  ModelRuntime.runUntilIdle()
  return (presenter, window)
}

@MainActor
@Suite(
  "Reliability: a controller another controller presents is no child",
  .isolatedModel(exceptions: .record))
struct PresentedElsewhereTests {
  @Test("A slot child whose factory returns a presented controller is refused, then adopted")
  func presentedControllerIsRefusedThenAdopted() async throws {
    let presented = named(DetailViewController(), "presented")
    let (presenter, otherWindow) = presentElsewhere(presented)
    let screen = Screen { _ in
      Slot("content") { Child { presented } }
    }
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    harness.expectDiagnostics([
      "controllerOwnedElsewhere: the factory of child 'content' DetailViewController returned "
        + "a 'DetailViewController' that 'HeaderViewController' presents; a presented controller "
        + "cannot be a child; make a new controller in the factory, or dismiss it first"
    ])
    #expect(screen.children.isEmpty)
    #expect(presented.parent == nil)
    #expect(presenter.presentedViewController === presented)
    #expect(ModelRuntime.recordedExceptions.isEmpty)

    // Adopted at the first composition after its dismissal.
    presenter.dismiss(animated: false)
    await harness.settle()
    await harness.expectTrace(
      """
      add-child 'content' DetailViewController
      insert-view 'content' DetailViewController at 0
      layout 'content' DetailViewController fill
      did-move 'content' DetailViewController
      """
    ) { screen.composer.setNeedsCompose() }
    #expect(screen.children == [presented])
    #expect(presented.presentingViewController == nil)
    harness.expectInvariants()
    _ = otherWindow
  }

  @Test(
    "A presentation whose factory returns a controller another controller presents is refused, then presented"
  )
  func presentationOfPresentedControllerIsRefused() async throws {
    let presented = named(DetailViewController(), "presented")
    let (presenter, otherWindow) = presentElsewhere(presented)
    let screen = Screen { screen in
      Presentation("sheet", isPresented: screen.flag) { Child { presented } }
    }
    let harness = await ContainerHarness(showing: screen, composer: screen.composer)
    screen.flag = true
    await harness.settle()
    harness.expectDiagnostics([
      "controllerOwnedElsewhere: the factory of child 'sheet' #true DetailViewController "
        + "returned a 'DetailViewController' that 'HeaderViewController' presents; a presented "
        + "controller cannot be a child; make a new controller in the factory, or dismiss it "
        + "first"
    ])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(screen.presentedViewController == nil)
    #expect(presenter.presentedViewController === presented)

    // Presented by the container once the other controller dismissed it.
    presenter.dismiss(animated: false)
    await harness.settle()
    await harness.expectTrace(
      """
      present 'sheet' #true DetailViewController animated
      """
    ) { screen.composer.setNeedsCompose() }
    #expect(screen.presentedViewController === presented)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = otherWindow
  }
}

// MARK: - A composer that outlives its container

@MainActor
@Suite("Reliability: a composer outliving its container", .isolatedModel)
struct OutlivingComposerTests {
  @Test("A composer whose container is gone does nothing, quietly")
  func composerWithoutContainer() throws {
    startRecordingModel()
    var composer: Composer?
    do {
      let screen = Screen { _ in
        Slot("content") { Child { named(ListViewController(), "list") } }
      }
      let window = show(screen)
      composer = screen.composer
      window.rootViewController = nil
    }
    let kept = try #require(composer)
    #expect(kept.container == nil)
    kept.setNeedsCompose()
    kept.composeIfNeeded()
    kept.evictHiddenChildren()
    kept.forwardBeginAppearanceTransition(true, animated: false)
    kept.forwardEndAppearanceTransition()
    #expect(kept.primaryChild(for: .statusBar) == nil)
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("A container released during a swap leaves the swap's completion nothing to crash on")
  func containerReleasedMidSwap() throws {
    startRecordingModel()
    var composer: Composer?
    weak var released: Screen?
    do {
      let screen = Screen { screen in
        Slot("content") {
          if screen.flag {
            Child { named(DetailViewController(), "detail") }
          } else {
            Child { named(ListViewController(), "list") }
          }
        }
        .transition(.crossDissolve(duration: 0.3))
      }
      let window = show(screen)
      composer = screen.composer
      released = screen
      screen.flag = true
      ModelRuntime.advance(by: 0.1)
      #expect(screen.composer.trace.last?.hasPrefix("swap") == true)
      window.rootViewController = nil
    }
    ModelRuntime.runUntilIdle()
    #expect(released == nil)
    #expect(composer?.container == nil)
    composer?.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }
}

// MARK: - Layout changes with children that stay

@MainActor
@Suite("Reliability: a slot's layout changes while its children stay", .isolatedModel)
struct LayoutChangeTests {
  enum Layout: CaseIterable, Sendable, CustomStringConvertible {
    case fill, insets, frame, stack, custom

    var layout: SlotLayout {
      switch self {
      case .fill: .fill
      case .insets: .fill(insets: UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
      case .frame: .frame(CGRect(x: 5, y: 6, width: 70, height: 80), autoresizingMask: [])
      case .stack: .stack(axis: .vertical, distribution: .fillEqually)
      case .custom:
        .custom { view, anchor in
          view.translatesAutoresizingMaskIntoConstraints = false
          NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: anchor.topAnchor, constant: 100),
            view.leadingAnchor.constraint(equalTo: anchor.leadingAnchor),
            anchor.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            anchor.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: 50),
          ])
        }
      }
    }

    /// The frames of the two children in a 390 × 844 container.
    var frames: [CGRect] {
      switch self {
      case .fill: [CGRect(x: 0, y: 0, width: 390, height: 844)]
      case .insets: [CGRect(x: 20, y: 10, width: 330, height: 804)]
      case .frame: [CGRect(x: 5, y: 6, width: 70, height: 80)]
      case .stack:
        [
          CGRect(x: 0, y: 0, width: 390, height: 422),
          CGRect(x: 0, y: 422, width: 390, height: 422),
        ]
      case .custom: [CGRect(x: 0, y: 100, width: 340, height: 744)]
      }
    }

    var description: String { "\(layout)" }
  }

  nonisolated static let pairs: [(Layout, Layout)] = Layout.allCases.flatMap { from in
    Layout.allCases.filter { $0 != from }.map { (from, $0) }
  }

  @Test(
    "Every layout to every other layout moves and sizes the children that stay",
    arguments: pairs)
  func layoutChange(_ from: Layout, _ to: Layout) throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content", layout: screen.layout) {
        Child { named(ListViewController(), "first") }
        Child { named(DetailViewController(), "second") }
      }
    }
    screen.layout = from.layout
    let window = show(screen)
    let children = screen.children
    #expect(children.count == 2)

    screen.layout = to.layout
    ModelRuntime.runUntilIdle()
    screen.view.layoutIfNeeded()

    #expect(screen.children == children)
    let views = children.map(\.view!)
    if to == .stack {
      let stack = try #require(views[0].superview as? UIStackView)
      #expect(stack.arrangedSubviews == views)
      #expect(stack.superview === screen.view)
      #expect(views.map(\.frame) == to.frames)
    } else {
      #expect(views.allSatisfy { $0.superview === screen.view })
      #expect(views.allSatisfy { $0.frame == to.frames[0] })
      #expect(!screen.view.subviews.contains { $0 is UIStackView })
      #expect(views.map { screen.view.subviews.firstIndex(of: $0) ?? -1 }.isSorted)
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}

extension Array where Element: Comparable {
  fileprivate var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 < $1 } }
}

// MARK: - Appearance forwarded by the container during a swap

@MainActor
@Suite(
  "Reliability: a manually forwarding container hidden and shown during a swap", .isolatedModel)
struct ManualForwardingSwapTests {
  private func makeScreen() -> Screen {
    let screen = Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    screen.forwardsManually = true
    return screen
  }

  @Test("Hidden and shown again mid-swap: the arriving child ends appeared, balanced")
  func hiddenAndShownMidSwap() throws {
    startRecordingModel()
    let screen = makeScreen()
    let window = show(screen)
    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    window.isHidden = true
    ModelRuntime.advance(by: 0.05)
    window.isHidden = false
    ModelRuntime.runUntilIdle()

    let detail = try #require(screen.children.first)
    #expect(detail.uikitModel.name == "detail")
    #expect(detail.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(
      ModelRuntime.eventLog(for: ["detail"], categories: [.appearance])
        == """
        detail.viewWillAppear(true)
        detail.viewIsAppearing(true)
        detail.viewDidAppear(true)
        """)
  }

  @Test("A child's viewWillAppear that composes: the plan follows the forwarding, balanced")
  func composingFromForwardedAppearance() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("a", layout: .frame(CGRect(x: 0, y: 0, width: 100, height: 100))) {
        Child { named(HookedChild(), "a") }
      }
      Slot("b") {
        if !screen.flag {
          Child { named(DetailViewController(), "b") }
        }
      }
    }
    screen.forwardsManually = true
    let window = show(screen)
    let first = try #require(screen.children.first as? HookedChild)
    let second = try #require(screen.children.last)
    window.isHidden = true
    ModelRuntime.runUntilIdle()
    first.onWillAppear = {
      screen.flag = true
      screen.composer.composeIfNeeded()
    }
    ModelRuntime.clearEvents()

    window.isHidden = false
    ModelRuntime.runUntilIdle()

    #expect(screen.children == [first])
    #expect(second.uikitModel.appearanceState == .disappeared)
    #expect(first.uikitModel.appearanceState == .appeared)
    #expect(
      ModelRuntime.eventLog(for: ["a", "b"], categories: [.appearance])
        == """
        a.viewWillAppear(false)
        b.viewWillAppear(false)
        b.viewWillDisappear(false)
        b.viewDidDisappear(false)
        a.viewIsAppearing(false)
        a.viewDidAppear(false)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("Hidden mid-swap and still hidden at its end: the arriving child ends disappeared")
  func hiddenMidSwap() throws {
    startRecordingModel()
    let screen = makeScreen()
    let window = show(screen)
    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    window.isHidden = true
    ModelRuntime.runUntilIdle()

    let detail = try #require(screen.children.first)
    #expect(detail.uikitModel.appearanceState == .disappeared)
    #expect(ModelRuntime.diagnostics.isEmpty)

    window.isHidden = false
    ModelRuntime.runUntilIdle()
    #expect(detail.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}

// MARK: - Memory warnings during a swap

@MainActor
@Suite("Reliability: a memory warning during a swap", .isolatedModel)
struct MemoryWarningDuringSwapTests {
  @Test("The leaving kept-alive child keeps its parent until the swap ends, then is evicted")
  func leavingChildEvictedAfterSwap() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }.lifetime(.keepAlive)
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    let list = try #require(screen.children.first)
    ModelRuntime.clearEvents()

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    ModelRuntime.simulateMemoryWarning()
    #expect(list.parent === screen)
    ModelRuntime.runUntilIdle()

    #expect(list.parent == nil)
    #expect(screen.children.map(\.uikitModel.name) == ["detail"])
    #expect(
      ModelRuntime.eventLog(for: ["list"], categories: [.appearance, .containment])
        == """
        list.viewWillDisappear(true)
        list.viewDidDisappear(true)
        list.willMove(toParent: nil)
        list.didMove(toParent: nil)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "A child a swap was bringing in when a memory warning came stays kept alive when it leaves later"
  )
  func arrivingChildSparedByWarning() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(DetailViewController(), "detail") }.lifetime(.keepAlive)
        } else {
          Child { named(ListViewController(), "list") }.lifetime(.keepAlive)
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let window = show(screen)
    let list = try #require(screen.children.first)

    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    let detail = try #require(screen.children.first { $0.uikitModel.name == "detail" })
    ModelRuntime.simulateMemoryWarning()
    ModelRuntime.advance(by: 0.05)
    // Back to the list before the swap ends: the detail leaves with the next swap.
    screen.flag = false
    ModelRuntime.runUntilIdle()

    // The list, leaving when the warning came, was declared again before its swap ended, so it
    // was not evicted; the detail, arriving then, is kept alive once it leaves.
    #expect(list.parent === screen)
    #expect(list.uikitModel.appearanceState == .appeared)
    #expect(detail.parent === screen)
    #expect(detail.viewIfLoaded?.superview == nil)
    #expect(detail.uikitModel.appearanceState == .disappeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}

// MARK: - Declarations that invalidate themselves

@Observable
@MainActor
private final class Counter {
  var value = 0
}

@MainActor
@Suite("Reliability: a declaration that invalidates itself", .isolatedModel(diagnostics: .allowed))
struct SelfInvalidationTests {
  @Test("An update closure that always invalidates is stopped, named, and stays stopped")
  func updateThatAlwaysInvalidates() throws {
    startRecordingModel()
    var updates = 0
    let screen = Screen { screen in
      Slot("content") {
        Child {
          named(ListViewController(), "list")
        } update: { _ in
          updates += 1
          screen.composer.setNeedsCompose()
        }
      }
    }
    // The child's initial update (make, update, add) already invalidates: the loop is caught
    // when the container is first shown.
    let window = show(screen)
    #expect(updates == 10)
    let diagnostic = try #require(screen.composer.diagnostics.first)
    #expect(screen.composer.diagnostics.count == 1)
    #expect(diagnostic.id == .compositionLoop)
    #expect(diagnostic.message.contains("child 'content' ListViewController"))
    #expect(!ModelRuntime.diagnostics.contains { $0.kind == .runtimeDidNotSettle })

    // A composer made elsewhere is no change: the stopped one stays stopped.
    let other = UIViewController()
    let otherComposer = Composer(container: other) {
      Slot("x") { Child { UIViewController() } }
    }
    ModelRuntime.runUntilIdle()
    #expect(updates == 10)
    #expect(screen.composer.diagnostics.count == 1)
    _ = otherComposer

    // A change from outside is applied again, and stopped again.
    screen.user = "grace"
    ModelRuntime.runUntilIdle()
    #expect(updates == 20)
    #expect(screen.composer.diagnostics.map(\.id) == [.compositionLoop, .compositionLoop])

    screen.user = "ada"
    ModelRuntime.runUntilIdle()
    #expect(updates == 30)
    #expect(screen.composer.diagnostics.count == 3)
    _ = window
  }

  // Asynchronous (observation hops to the main actor): it looks only at the container's own
  // state, never at the model runtime's, which other tests use meanwhile.
  @Test("An update closure that changes observed state every time is stopped and named")
  func updateThatChangesObservedState() async throws {
    let counter = Counter()
    var updates = 0
    let screen = Screen { _ in
      Slot("content") {
        Child {
          ListViewController()
        } update: { _ in
          updates += 1
          counter.value += 1
        }
        .id(counter.value > -1)
      }
    }
    screen.loadViewIfNeeded()
    screen.composer.composeIfNeeded()
    // The initial update (make, update, add).
    #expect(updates == 1)
    screen.user = "grace"
    for _ in 0..<40 {
      screen.composer.composeIfNeeded()
      for _ in 0..<5 { await Task.yield() }
    }

    #expect(updates == 11)
    #expect(screen.composer.diagnostics.map(\.id) == [.compositionLoop])
    #expect(screen.composer.diagnostics.first?.message.contains("@Observable") == true)
  }

  @Test("An update closure that invalidates once settles with no diagnostic")
  func updateThatInvalidatesOnce() throws {
    startRecordingModel()
    var updates = 0
    let screen = Screen { screen in
      Slot("content") {
        Child {
          named(ListViewController(), "list")
        } update: { _ in
          updates += 1
          if updates == 1 { screen.composer.setNeedsCompose() }
        }
      }
    }
    // The initial update invalidates once; the second pass settles.
    let window = show(screen)
    #expect(updates == 2)
    screen.user = "grace"
    ModelRuntime.runUntilIdle()
    #expect(updates == 3)
    #expect(screen.composer.diagnostics.isEmpty)
    _ = window
  }
}

// MARK: - Composers that invalidate each other

private struct RoundKey: EnvironmentKey {
  static let defaultValue = 0
}

extension EnvironmentValues {
  fileprivate var round: Int {
    get { self[RoundKey.self] }
    set { self[RoundKey.self] = newValue }
  }
}

/// A composed container nested in an ``OuterContainer``, whose child's update notes the
/// environment's round and the container's label, then runs `onUpdate` with the round.
@MainActor
private final class InnerContainer: ComposedViewController {
  var updates = 0
  /// What each update saw: the round and the label.
  var seen: [String] = []
  var label = "a" {
    didSet { setNeedsCompose() }
  }
  var onUpdate: (Int) -> Void = { _ in }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") {
      Child {
        named(UIViewController(), "leaf")
      } update: { [unowned self] _, environment in
        updates += 1
        seen.append("\(environment.round) \(label)")
        onUpdate(environment.round)
      }
    }
  }
}

/// A composed container that declares the same ``InnerContainer``, while `showsInner`, in the
/// environment's round.
@MainActor
private final class OuterContainer: ComposedViewController {
  let inner = named(InnerContainer(), "inner")
  var round = 0 {
    didSet { setNeedsCompose() }
  }
  var showsInner = true {
    didSet { setNeedsCompose() }
  }
  /// How many times the body was read.
  var bodies = 0

  /// The round, for the body: counts the body.
  private var roundOfThisBody: Int {
    bodies += 1
    return round
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("outer") {
      if showsInner { Child { self.inner } }
    }
    .environment(\.round, roundOfThisBody)
  }
}

/// State a parent's body reads and a nested container's child writes.
@Observable
@MainActor
private final class Rounds {
  var value = 0
}

/// A composed container whose body reads `rounds` and declares an ``InnerContainer`` in its
/// round.
@MainActor
private final class ObservingOuterContainer: ComposedViewController {
  let inner = named(InnerContainer(), "inner")
  let rounds: Rounds

  init(rounds: Rounds) {
    self.rounds = rounds
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("outer") { Child { self.inner } }
      .environment(\.round, rounds.value)
  }
}

@MainActor
@Suite(
  "Reliability: composers that invalidate each other", .isolatedModel(diagnostics: .allowed))
struct CrossComposerInvalidationTests {
  @Test("A parent composed again with nothing changed runs no update of a nested container")
  func unchangedParentLeavesNestedContainer() throws {
    startRecordingModel()
    let outer = named(OuterContainer(), "outer")
    let window = show(outer)
    #expect(outer.inner.updates == 1)

    outer.setNeedsCompose()
    ModelRuntime.runUntilIdle()
    #expect(outer.bodies == 2)
    #expect(outer.inner.updates == 1)

    // A changed value still reaches it.
    outer.round = 1
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.updates == 2)
    #expect(outer.composer.diagnostics.isEmpty)
    #expect(outer.inner.composer.diagnostics.isEmpty)
    _ = window
  }

  @Test("A nested child's update that invalidates its parent, changing nothing, settles")
  func nestedUpdateInvalidatingParentSettles() throws {
    startRecordingModel()
    let outer = named(OuterContainer(), "outer")
    outer.inner.onUpdate = { [unowned outer] _ in outer.setNeedsCompose() }
    let window = show(outer)

    #expect(outer.inner.updates == 1)
    #expect(outer.bodies == 2)
    #expect(outer.composer.diagnostics.isEmpty)
    #expect(outer.inner.composer.diagnostics.isEmpty)
    #expect(!ModelRuntime.diagnostics.contains { $0.kind == .runtimeDidNotSettle })
    _ = window
  }

  @Test(
    "Containers that invalidate each other without end are stopped, named, and start again at a change from outside"
  )
  func containersInvalidatingEachOtherAreStopped() throws {
    startRecordingModel()
    let outer = named(OuterContainer(), "outer")
    // Each update of the nested child starts the next round in its parent, whose environment
    // updates the child again.
    outer.inner.onUpdate = { [unowned outer] round in outer.round = round + 1 }
    let window = show(outer)

    #expect(!ModelRuntime.diagnostics.contains { $0.kind == .runtimeDidNotSettle })
    let diagnostics = outer.composer.diagnostics + outer.inner.composer.diagnostics
    #expect(diagnostics.map(\.id) == [.compositionLoop])
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.message.contains("other composed containers"))
    #expect(diagnostic.message.contains("child 'inner' UIViewController"))
    // A chain of 32 compositions, two per round: the parent's, then the nested container's.
    let updates = outer.inner.updates
    #expect(updates == 16)
    #expect(outer.composer.diagnostics.map(\.id) == [.compositionLoop])

    // Stopped: nothing runs until a change from outside, which runs the rounds again and is
    // stopped again.
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.updates == updates)
    outer.round = 100
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.updates == 2 * updates)
    #expect(
      (outer.composer.diagnostics + outer.inner.composer.diagnostics).map(\.id) == [
        .compositionLoop, .compositionLoop,
      ])
    _ = window
  }
}

extension CrossComposerInvalidationTests {
  // Asynchronous (observation hops to the main actor).
  @Test(
    "Containers that invalidate each other through observed state are stopped and named"
  )
  func containersInvalidatingEachOtherThroughObservationAreStopped() async throws {
    let rounds = Rounds()
    let outer = named(ObservingOuterContainer(rounds: rounds), "outer")
    // Each update of the nested child changes state its parent's body reads, whose next
    // composition passes a new round down, which runs the update again.
    outer.inner.onUpdate = { round in rounds.value = round + 1 }
    let window = show(outer)
    for _ in 0..<100 {
      for _ in 0..<5 { await Task.yield() }
      ModelRuntime.runUntilIdle()
    }

    let diagnostics = outer.composer.diagnostics + outer.inner.composer.diagnostics
    #expect(diagnostics.map(\.id) == [.compositionLoop])
    #expect(diagnostics.first?.message.contains("child 'inner' UIViewController") == true)
    #expect(outer.inner.updates == 16)
    _ = window
  }
}

extension CrossComposerInvalidationTests {
  @Test(
    "A composed container declared again (the same instance) composes in the environment it is given"
  )
  func nestedContainerDeclaredAgain() throws {
    startRecordingModel()
    let outer = named(OuterContainer(), "outer")
    let window = show(outer)
    #expect(outer.inner.seen == ["0 a"])

    outer.showsInner = false
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.parent == nil)

    // Declared again, in another round: the factory returns the instance it made before.
    outer.round = 1
    outer.showsInner = true
    ModelRuntime.runUntilIdle()
    #expect(outer.inner.parent === outer)
    #expect(outer.inner.seen == ["0 a", "1 a"])
    _ = window
  }

  @Test(
    "A change from outside, pending when composers invalidating each other reach the limit, is applied and starts a new chain"
  )
  func changeFromOutsidePendingAtChainLimit() throws {
    startRecordingModel()
    // Off the window: no layout pass runs, and the test composes each container in turn.
    let outer = named(OuterContainer(), "outer")
    outer.loadViewIfNeeded()
    outer.composer.composeIfNeeded()
    outer.inner.composer.composeIfNeeded()
    #expect(outer.inner.seen == ["0 a"])

    // Each update of the nested leaf starts the next round in its parent.
    outer.inner.onUpdate = { [unowned outer] round in outer.round = round + 1 }
    outer.inner.label = "start"
    func diagnostics() -> [Diagnostic.ID] {
      (outer.composer.diagnostics + outer.inner.composer.diagnostics).map(\.id)
    }
    // The nested container composes at chains 0, 2 … 30 and its parent at 1, 3 … 31: the
    // parent's 16th composition would make the chain too long for the nested container.
    for step in 0..<16 {
      outer.inner.composer.composeIfNeeded()
      if step == 15 {
        // A change from outside to the nested container, pending at that moment.
        outer.inner.label = "late"
      }
      outer.composer.composeIfNeeded()
    }
    #expect(diagnostics().isEmpty)
    outer.inner.composer.composeIfNeeded()
    #expect(outer.inner.seen.last == "16 late")

    // The new chain is stopped in turn, with nothing from outside pending.
    for _ in 0..<40 {
      outer.composer.composeIfNeeded()
      outer.inner.composer.composeIfNeeded()
    }
    #expect(diagnostics() == [.compositionLoop])
    #expect(outer.inner.seen.last == "31 late")
    #expect(outer.composer.isSettled)
    #expect(outer.inner.composer.isSettled)
  }
}

// MARK: - Changes behind the composer's back

@MainActor
@Suite(
  "Reliability: changes made behind the composer's back", .isolatedModel(diagnostics: .allowed))
struct BehindTheBackTests {
  private func makeScreen() -> Screen {
    Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child {
            named(ListViewController(), "list")
          } update: { _ in
          }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
  }

  @Test("A child's view removed by other code is reported and put back at the next composition")
  func viewRemovedIsPutBack() throws {
    startRecordingModel()
    let screen = makeScreen()
    let window = show(screen)
    let list = try #require(screen.children.first)
    list.view.removeFromSuperview()
    #expect(list.uikitModel.appearanceState == .disappeared)

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(screen.composer.diagnostics.first?.message.contains("'content'") == true)
    #expect(list.view.superview === screen.view)
    #expect(list.view.frame == screen.view.bounds)
    #expect(list.uikitModel.appearanceState == .appeared)

    // A swap from it then animates as usual.
    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.children.map(\.uikitModel.name) == ["detail"])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A child removed from the container by other code is reported and made again")
  func childRemovedIsMadeAgain() throws {
    startRecordingModel()
    let screen = makeScreen()
    let window = show(screen)
    weak let list = screen.children.first
    list?.willMove(toParent: nil)
    list?.view.removeFromSuperview()
    list?.removeFromParent()
    #expect(screen.children.isEmpty)

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(list == nil)
    let again = try #require(screen.children.first)
    #expect(again.uikitModel.name == "list")
    #expect(again.view.superview === screen.view)
    #expect(again.uikitModel.appearanceState == .appeared)

    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.children.map(\.uikitModel.name) == ["detail"])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A view put back goes between its declared neighbours, not next to a removed child")
  func viewPutBackBetweenNeighbours() throws {
    startRecordingModel()
    let screen = Screen { _ in
      Slot("rows") {
        ForEach(["a", "b", "c", "d"], id: \.self) { name in
          Child { named(DetailViewController(), name) }
        }
      }
    }
    let window = show(screen)
    let a = try #require(screen.children.first { $0.uikitModel.name == "a" })
    let d = try #require(screen.children.first { $0.uikitModel.name == "d" })
    // Other code removes "a" from the container and takes the view of "d" out.
    a.willMove(toParent: nil)
    a.view.removeFromSuperview()
    a.removeFromParent()
    d.view.removeFromSuperview()

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(
      screen.composer.diagnostics.map(\.id) == [.changedBehindComposer, .changedBehindComposer])
    let slotViews = screen.view.subviews.filter { view in
      screen.children.contains { $0.viewIfLoaded === view }
    }
    let order = slotViews.compactMap { view in
      screen.children.first { $0.viewIfLoaded === view }?.uikitModel.name
    }
    #expect(order == ["a", "b", "c", "d"])
    #expect(screen.children.first { $0.uikitModel.name == "a" } !== a)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A manually forwarding container: removeFromParent() alone, the child disappears once")
  func removeFromParentAloneInManualContainer() throws {
    startRecordingModel()
    let screen = makeScreen()
    screen.forwardsManually = true
    let window = show(screen)
    let list = try #require(screen.children.first)
    list.removeFromParent()
    list.uikitModel.name = "taken"
    ModelRuntime.clearEvents()

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(list.viewIfLoaded?.superview == nil)
    #expect(
      ModelRuntime.eventLog(for: ["taken"], categories: [.appearance])
        == """
        taken.viewWillDisappear(false)
        taken.viewDidDisappear(false)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test(
    "Manual forwarding: a view taken out before the container appeared is put back appearing",
    arguments: [false, true])
  func viewTakenOutBeforeAppearing(removedWhenShown: Bool) throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") {
        if !screen.flag {
          Child { named(ListViewController(), "list") }
        }
      }
    }
    screen.forwardsManually = true
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = screen
    ModelRuntime.runUntilIdle()
    let list = try #require(screen.children.first)
    #expect(list.uikitModel.appearanceState == .disappeared)
    list.view.removeFromSuperview()
    ModelRuntime.clearEvents()

    // The container appears while the child's view is out, so its forwarding skips the child.
    screen.flag = removedWhenShown
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    if removedWhenShown {
      // Repaired first (so it appears), then removed: balanced.
      #expect(screen.children.isEmpty)
      #expect(list.uikitModel.appearanceState == .disappeared)
      #expect(
        ModelRuntime.eventLog(for: ["list"], categories: [.appearance])
          == """
          list.viewWillAppear(false)
          list.viewIsAppearing(false)
          list.viewDidAppear(false)
          list.viewWillDisappear(false)
          list.viewDidDisappear(false)
          """)
    } else {
      #expect(list.view.superview === screen.view)
      #expect(list.uikitModel.appearanceState == .appeared)
      #expect(
        ModelRuntime.eventLog(for: ["list"], categories: [.appearance])
          == """
          list.viewWillAppear(false)
          list.viewIsAppearing(false)
          list.viewDidAppear(false)
          """)
    }
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A manually forwarding container never shown: a child removed by other code gets nothing")
  func removedFromHiddenManualContainer() throws {
    startRecordingModel()
    let screen = makeScreen()
    screen.forwardsManually = true
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = screen
    ModelRuntime.runUntilIdle()
    let list = try #require(screen.children.first)
    #expect(list.uikitModel.appearanceState == .disappeared)
    list.willMove(toParent: nil)
    list.view.removeFromSuperview()
    list.removeFromParent()
    list.uikitModel.name = "taken"
    ModelRuntime.clearEvents()

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(ModelRuntime.eventLog(for: ["taken"], categories: [.appearance]) == "")
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("A child removed by other code while its slot swaps is still its own until the repair")
  func removedDuringSwapIsNotTakenByAnotherSlot() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") {
        Child { named(HeaderViewController(), "header") }
        if screen.flag {
          Child { named(DetailViewController(), "detail") }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
      Slot("other", layout: .frame(CGRect(x: 0, y: 0, width: 50, height: 50))) {
        if screen.user == "grace" {
          Child { screen.factory() }
        }
      }
    }
    let window = show(screen)
    let header = try #require(screen.children.first)
    screen.flag = true
    ModelRuntime.advance(by: 0.1)
    // While the slot swaps, other code takes the header out, and a factory hands it out.
    header.removeFromParent()
    screen.factory = { header }
    screen.user = "grace"
    ModelRuntime.advance(by: 0.05)

    #expect(screen.composer.diagnostics.map(\.id) == [.sameInstanceDeclaredTwice])
    #expect(header.parent == nil)

    // The swap ends: the repair forgets the header and makes a new one; the other slot's child,
    // tried again, may now take the old one.
    ModelRuntime.runUntilIdle()
    #expect(screen.composer.diagnostics.map(\.id).last == .changedBehindComposer)
    #expect(header.parent === screen)
    #expect(screen.children.map(\.uikitModel.name).sorted() == ["detail", "header", "header"])
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("removeFromParent() alone, view left behind: the orphan view is taken out too")
  func removeFromParentAlone() throws {
    startRecordingModel()
    let screen = makeScreen()
    let window = show(screen)
    let list = try #require(screen.children.first)
    list.removeFromParent()

    screen.flag = true
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(list.viewIfLoaded?.superview == nil)
    #expect(screen.children.map(\.uikitModel.name) == ["detail"])
    #expect(screen.view.subviews.filter { !$0.isHidden && $0.bounds.width > 0 }.count == 1)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("A manually forwarding container: a child removed by other code disappears, balanced")
  func removedFromManualContainerDisappears() throws {
    startRecordingModel()
    let screen = Screen { screen in
      Slot("content") {
        if screen.flag {
          Child { screen.factory() }
        } else {
          Child { named(ListViewController(), "list") }
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    screen.forwardsManually = true
    let window = show(screen)
    let list = try #require(screen.children.first)
    list.willMove(toParent: nil)
    list.view.removeFromSuperview()
    list.removeFromParent()
    // UIKit leaves appearance to a container that forwards it itself: nothing was sent yet.
    #expect(list.uikitModel.appearanceState == .appeared)
    list.uikitModel.name = "taken"
    ModelRuntime.clearEvents()

    screen.user = "grace"
    ModelRuntime.runUntilIdle()

    #expect(screen.composer.diagnostics.map(\.id) == [.changedBehindComposer])
    #expect(list.uikitModel.appearanceState == .disappeared)
    // It disappears before the child made again in its place appears.
    #expect(
      ModelRuntime.eventLog(for: ["taken", "list"], categories: [.appearance])
        == """
        taken.viewWillDisappear(false)
        taken.viewDidDisappear(false)
        list.viewWillAppear(false)
        list.viewIsAppearing(false)
        list.viewDidAppear(false)
        """)

    // The same controller shown again by a factory appears with no unbalanced call.
    screen.factory = { list }
    screen.flag = true
    ModelRuntime.runUntilIdle()
    #expect(screen.children.count == 1 && screen.children.first === list)
    #expect(list.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
