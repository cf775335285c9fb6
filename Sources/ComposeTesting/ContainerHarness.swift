@_spi(ComposeTesting) public import Compose

#if canImport(UIKit)
import Foundation
public import UIKit
#else
// `advance(by:)`, model-only, takes a `TimeInterval`.
public import Foundation
public import UIKitModel
#endif

/// A container on screen for a test: in a visible window, with readable names for the children
/// its composer makes, and the means to let it settle.
///
/// One line shows the container; the harness lays it out and lets its children appear:
///
/// ```swift
/// @MainActor
/// @Test(.isolatedModel) func selectingATabShowsIt() async {
///   let tabs = TabContainerViewController()
///   let harness = await ContainerHarness(showing: tabs)
///   await harness.expectEvents("""
///     tab.FeedTabViewController.viewWillDisappear(false)
///     …
///     """) {
///     tabs.selectedIndex = 1
///   }
/// }
/// ```
///
/// The harness watches the container's `Composer`: each controller a child's factory
/// makes is remembered with the child's identity, weakly, and — where UIKitModel stands in for
/// UIKit — named after it in the event log before it receives its first callback: `slot.id` for a
/// child with an explicit id, `slot.key` for a `ForEach` element, `slot.TypeName`
/// otherwise, with `#2`, `#3` … for later controllers that would take a name already given
/// (`detail.7#2`). A name the factory set itself is kept.
@MainActor
public final class ContainerHarness {
  /// The container under test.
  public let container: UIViewController
  /// The composer that manages the container's children.
  public let composer: Composer
  /// The key window that shows the container.
  public let window: UIWindow

  /// The controllers the composer made, oldest first.
  private(set) var made: [MadeController] = []
  private var namesTaken: [String: Int] = [:]
  /// Whether the composer had composed before the harness was made: the children it made then
  /// have no names.
  let composedBefore: Bool
  /// Whether another harness, or a window, showed the container before this harness: reported
  /// by the first expectation.
  var shownBefore: Bool
  /// How much of the composer's trace and diagnostics, and of the model's log, diagnostics and
  /// exceptions, the harness has already looked at.
  var cursor = Cursor()
  /// The composers the harness watches — the container's, and those of composed children — with
  /// how many diagnostics of each it has taken.
  var watched: [WatchedComposer] = []

  /// Shows a `ComposedViewController` in a visible window and lets it settle.
  ///
  /// - Parameters:
  ///   - container: The container; its view must not be loaded yet, so that the harness names
  ///     its first children too (an event expectation that names one of them says so).
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public convenience init(showing container: ComposedViewController, name: String = "container")
    async
  {
    await self.init(showing: container, composer: container.composer, name: name)
  }

  /// Shows a `ComposedContainer` — a class marked `@Composed`, say — in a visible window and
  /// lets it settle.
  ///
  /// ```swift
  /// let profile = ProfileViewController()
  /// let harness = await ContainerHarness(showing: profile)
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container; its view must not be loaded yet, so that the harness names
  ///     its first children too (an event expectation that names one of them says so).
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public convenience init(showing container: some ComposedContainer, name: String = "container")
    async
  {
    await self.init(showing: container, composer: container.composer, name: name)
  }

  /// Shows a `ComposedNavigationController` in a visible window and lets it settle.
  ///
  /// ```swift
  /// let inbox = InboxNavigationController()
  /// let harness = await ContainerHarness(showing: inbox)
  /// ```
  ///
  /// - Parameters:
  ///   - container: The navigation controller; its view must not be loaded yet, so that the
  ///     harness names its first children too.
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public convenience init(
    showing container: ComposedNavigationController, name: String = "container"
  ) async {
    await self.init(showing: container, composer: container.composer, name: name)
  }

  /// Shows a `ComposedTabBarController` in a visible window and lets it settle.
  ///
  /// - Parameters:
  ///   - container: The tab bar controller; its view must not be loaded yet, so that the harness
  ///     names its first children too.
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public convenience init(showing container: ComposedTabBarController, name: String = "container")
    async
  {
    await self.init(showing: container, composer: container.composer, name: name)
  }

  /// Shows a `ComposedPageViewController` in a visible window and lets it settle.
  ///
  /// - Parameters:
  ///   - container: The page view controller; its view must not be loaded yet, so that the
  ///     harness names its first children too.
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public convenience init(
    showing container: ComposedPageViewController, name: String = "container"
  ) async {
    await self.init(showing: container, composer: container.composer, name: name)
  }

  /// Shows a container that attaches a `Composer` itself in a visible window, and lets
  /// it settle.
  ///
  /// ```swift
  /// let inbox = InboxViewController()
  /// let harness = await ContainerHarness(showing: inbox, composer: inbox.composer)
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container; its view must not be loaded yet, so that the harness names
  ///     its first children too (an event expectation that names one of them says so). A
  ///     container another harness or a window shows already fails the first expectation: show
  ///     each container with one harness.
  ///   - composer: The container's composer.
  ///   - name: The container's name in the event log, unless it has a name of its own already
  ///     (UIKitModel only).
  public init(showing container: UIViewController, composer: Composer, name: String = "container")
    async
  {
    self.container = container
    self.composer = composer
    composedBefore = composer.stepsTraced > 0
    // Another harness would stop naming the children, and two windows would claim the container.
    shownBefore = composer.didMakeController != nil || container.viewIfLoaded?.window != nil
    window = Self.makeWindow()
    #if !canImport(UIKit)
    window.uikitModel.name = "window"
    if Self.hasDefaultName(container) { container.uikitModel.name = name }
    #endif
    watch(composer, prefix: "")
    window.rootViewController = container
    window.makeKeyAndVisible()
    await settle()
  }

  // MARK: - Names

  /// The name the harness gave the controller, or its own where it kept that.
  ///
  /// - Parameter controller: A controller the composer made.
  /// - Returns: The name, or `nil` for a controller the harness did not see being made.
  public func name(of controller: UIViewController) -> String? {
    made.first { $0.controller === controller }?.name
  }

  /// The live controller the harness knows by `name`.
  ///
  /// ```swift
  /// let feed = try #require(harness.controller(named: "tab.FeedTabViewController"))
  /// ```
  ///
  /// - Parameter name: A name from the event log.
  /// - Returns: The controller, if it is still alive.
  public func controller(named name: String) -> UIViewController? {
    made.last { $0.name == name }?.controller
  }

  private func watch(_ composer: Composer, prefix: String) {
    watched.append(WatchedComposer(composer: composer, taken: composer.diagnosticsReported))
    composer.didMakeController = { [weak self, weak composer] controller, identity in
      self?.didMake(controller, identity, by: composer, prefix: prefix)
    }
  }

  private func didMake(
    _ controller: UIViewController, _ identity: ChildIdentity, by composer: Composer?,
    prefix: String
  ) {
    var name = prefix + identity.slot + "." + Self.shortName(of: identity)
    let taken = namesTaken[name, default: 0] + 1
    namesTaken[name] = taken
    if taken > 1 { name += "#\(taken)" }
    #if !canImport(UIKit)
    if Self.hasDefaultName(controller) {
      controller.uikitModel.name = name
    } else {
      name = controller.uikitModel.name
    }
    #endif
    made.append(
      MadeController(controller: controller, composer: composer, identity: identity, name: name))
    // A composed child's own children are named under it.
    if let nested = controller as? ComposedViewController {
      watch(nested.composer, prefix: name + "/")
    } else if let nested = controller as? ComposedNavigationController {
      watch(nested.composer, prefix: name + "/")
    } else if let nested = controller as? ComposedTabBarController {
      watch(nested.composer, prefix: name + "/")
    } else if let nested = controller as? ComposedPageViewController {
      watch(nested.composer, prefix: name + "/")
    } else if let nested = controller as? any ComposedContainer {
      watch(nested.composer, prefix: name + "/")
    }
  }

  /// The explicit id, else the `ForEach` key, else the controller type.
  private static func shortName(of identity: ChildIdentity) -> String {
    if let id = identity.explicitID ?? identity.innermostKey {
      return String(describing: id.base)
    }
    return identity.typeName
  }

  #if !canImport(UIKit)
  /// Whether the object still goes by the model's default name, `TypeName#n`.
  private static func hasDefaultName(_ object: UIResponder) -> Bool {
    let name = object.uikitModel.name
    let type = String(describing: Swift.type(of: object))
    guard name.hasPrefix(type + "#") else { return false }
    let number = name.dropFirst(type.count + 1)
    return !number.isEmpty && number.allSatisfy(\.isNumber)
  }
  #endif

  // MARK: - Time

  /// Lets everything the container started run to its end: observation hops, layout passes,
  /// compositions, animations and transitions, until nothing is left to do.
  ///
  /// A composer learns of a change to `@Observable` state in a task that hops to the main actor;
  /// `settle()` lets that task run, then runs the model's pending work with
  /// `ModelRuntime.runUntilIdle()`, and repeats while either produced anything. With UIKit, it
  /// runs the main run loop until the composer has no change waiting and no swap running.
  ///
  /// A settle that gives up — a transition the test holds, work that keeps starting more work —
  /// says why in the next expectation; under `.isolatedModel` or
  /// ``DiagnosticsFailTestsTrait``, the test fails for it when it ends if no expectation did.
  public func settle() async {
    #if canImport(UIKit)
    for _ in 0..<Self.roundLimit {
      await Self.letMainActorTasksRun()
      window.layoutIfNeeded()
      if !composer.isBusy { return }
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
    #else
    var progressed = true
    for _ in 0..<Self.roundLimit {
      let before = (ModelRuntime.eventsRecorded, composer.stepsTraced)
      await Self.letMainActorTasksRun()
      ModelRuntime.runUntilIdle()
      let after = (ModelRuntime.eventsRecorded, composer.stepsTraced)
      progressed = before != after || ModelRuntime.hasPendingWork
      if !progressed, !composer.isBusy { return }
    }
    if !progressed {
      didNotSettle = composer.isTransitioning ? .transitionHeld : .waitsForWorkElsewhere
      return
    }
    #endif
    didNotSettle = .keptStartingWork
  }

  /// Why the last ``settle()`` gave up, if it did; the test fails for it at its end unless an
  /// expectation reported it.
  var didNotSettle: Unsettled? {
    didSet {
      #if canImport(Testing)
      if let didNotSettle {
        DiagnosticCollection.current?.keep(Self.message(didNotSettle), of: ObjectIdentifier(self))
      }
      #endif
    }
  }

  /// Why a ``settle()`` gave up.
  enum Unsettled {
    /// Work kept starting more work.
    case keptStartingWork
    /// The composer waited for a change to be applied, and nothing ran it.
    case waitsForWorkElsewhere
    /// A transition kept running, and nothing ended it.
    case transitionHeld
  }

  #if !canImport(UIKit)
  /// Lets observation hops run, then moves virtual time forward by `seconds`: a test can stop in
  /// the middle of an animated swap and look.
  ///
  /// ```swift
  /// card.isFlipped = true
  /// await harness.advance(by: 0.25)  // half-way through the 0.5 s flip
  /// #expect(card.children.count == 2)
  /// ```
  ///
  /// UIKitModel only: UIKit's clock cannot be moved.
  ///
  /// - Parameter seconds: How far to move the model's clock.
  public func advance(by seconds: TimeInterval) async {
    await Self.letMainActorTasksRun()
    ModelRuntime.advance(by: seconds)
  }
  #endif

  /// How many rounds of hops and work ``settle()`` runs before it gives up.
  static let roundLimit = 100

  /// Lets the tasks already waiting for the main actor run (observation hops among them): each
  /// yield puts the caller behind them.
  private static func letMainActorTasksRun() async {
    for _ in 0..<3 { await Task.yield() }
  }

  private static func makeWindow() -> UIWindow {
    #if canImport(UIKit)
    // A window needs a scene to be shown; a hosted test has the app's.
    let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
    if let scene = scenes.first {
      return UIWindow(windowScene: scene)
    }
    #endif
    return UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  }
}

/// A controller the composer made, held weakly.
@MainActor
struct MadeController {
  weak var controller: UIViewController?
  /// The composer that made it.
  weak var composer: Composer?
  let identity: ChildIdentity
  let name: String
}

/// A composer the harness watches, held weakly, and how many of its diagnostics it has taken.
struct WatchedComposer {
  weak var composer: Composer?
  /// Of `diagnosticsReported`; counts stay right when the kept diagnostics are bounded.
  var taken: Int
}

/// Positions in the append-only records the harness reads.
struct Cursor {
  var trace = 0
  #if !canImport(UIKit)
  var events = 0
  var modelDiagnostics = 0
  var exceptions = 0
  #endif
}
