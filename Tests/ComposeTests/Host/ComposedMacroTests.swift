#if Macros && !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The expanded `@Composed` container composes as a `ComposedViewController` subclass does: the
// same callbacks, in the same order, at the same moments.

/// A screen written with the macro.
@Composed
@MainActor
private final class MacroScreen: UIViewController {
  var showsDetail = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder var body: CompositionContent {
    Slot("header") { Child { HeaderViewController() } }
    Slot("content") {
      if showsDetail {
        Child { DetailViewController() }
      } else {
        Child { ListViewController() }.lifetime(.keepAlive)
      }
    }
    .primary(.statusBar)
  }
}

/// The same screen, as a subclass of the base class.
@MainActor
private final class BaseClassScreen: ComposedViewController {
  var showsDetail = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("header") { Child { HeaderViewController() } }
    Slot("content") {
      if showsDetail {
        Child { DetailViewController() }
      } else {
        Child { ListViewController() }.lifetime(.keepAlive)
      }
    }
    .primary(.statusBar)
  }
}

/// A screen with overrides of its own, which call the macro's hooks.
@Composed
@MainActor
private final class OwnOverridesScreen: UIViewController {
  var appearances = 0

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composeViewWillAppear(animated)
    appearances += 1
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    composeDidReceiveMemoryWarning()
  }

  @CompositionBuilder var composition: CompositionContent {
    Slot("content") { Child { ListViewController() } }
  }
}

/// A screen with overrides of its own inside `#if`: the one compiled here calls its hook, and the
/// macro writes the one that is not compiled here.
@Composed
@MainActor
private final class ConditionalOverridesScreen: UIViewController {
  var appearances: [String] = []

  #if !canImport(UIKit)
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composeViewWillAppear(animated)
    appearances.append("will")
  }
  #endif

  #if canImport(UIKit)
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composeViewDidAppear(animated)
    appearances.append("did")
  }
  #endif

  @CompositionBuilder var composition: CompositionContent {
    Slot("content") { Child { ListViewController() } }
  }
}

extension EnvironmentValues {
  /// A value declared with `@Entry`, with its default.
  @Entry var screenTitle: String = "Inbox"
  /// An optional value declared with `@Entry`, whose default is `nil`.
  @Entry var unreadCount: Int?
}

/// A screen whose child reads `@Entry` values in its update, and that sets one of them.
@Composed
@MainActor
private final class TitledScreen: UIViewController {
  var heading: String? {
    didSet { setNeedsCompose() }
  }
  var received: [String] = []

  @CompositionBuilder var body: CompositionContent {
    if let heading {
      content.environment(\.screenTitle, heading)
    } else {
      content
    }
  }

  private var content: CompositionContent {
    Slot("content") {
      EnvironmentReader { values in
        Child {
          ListViewController()
        } update: { [unowned self] _ in
          received.append("\(values.screenTitle) \(values.unreadCount.map(String.init) ?? "nil")")
        }
      }
    }
    .compositionContent
  }
}

@MainActor
@Suite("@Composed on UIKitModel", .isolatedModel)
struct ComposedMacroEndToEndTests {
  @Test("The expanded container composes before it appears, with its children's callbacks")
  func firstComposition() async {
    let harness = await ContainerHarness(showing: MacroScreen())
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      header.HeaderViewController.willMove(toParent: container)
      header.HeaderViewController.loadView()
      header.HeaderViewController.viewDidLoad()
      header.HeaderViewController.didMove(toParent: container)
      content.ListViewController.willMove(toParent: container)
      content.ListViewController.loadView()
      content.ListViewController.viewDidLoad()
      content.ListViewController.didMove(toParent: container)
      header.HeaderViewController.viewWillAppear(false)
      content.ListViewController.viewWillAppear(false)
      container.viewIsAppearing(false)
      header.HeaderViewController.viewIsAppearing(false)
      content.ListViewController.viewIsAppearing(false)
      container.viewDidAppear(false)
      header.HeaderViewController.viewDidAppear(false)
      content.ListViewController.viewDidAppear(false)
      """)
  }

  @Test("The expanded container and a ComposedViewController subclass make the same callbacks")
  func sameAsBaseClass() async throws {
    func run(_ container: UIViewController, composer: Composer, change: () -> Void) async
      -> String
    {
      ModelRuntime.reset()
      let harness = await ContainerHarness(showing: container, composer: composer)
      change()
      await harness.settle()
      container.didReceiveMemoryWarning()
      await harness.settle()
      container.willMove(toParent: nil)
      return ModelRuntime.eventLog(categories: ModelEvent.Category.lifecycle)
    }
    let macro = MacroScreen()
    let base = BaseClassScreen()
    let macroLog = await run(macro, composer: macro.composer) { macro.showsDetail = true }
    let baseLog = await run(base, composer: base.composer) { base.showsDetail = true }
    #expect(macroLog == baseLog)
    // The change, the eviction and the departure all happened.
    #expect(macroLog.contains("content.DetailViewController.didMove(toParent: container)"))
    #expect(macroLog.contains("content.ListViewController.didMove(toParent: nil)"))
    #expect(macroLog.hasSuffix("container.willMove(toParent: nil)"))
  }

  @Test("A state change re-composes; a memory warning evicts the hidden kept-alive child")
  func recomposeAndEvict() async throws {
    let screen = MacroScreen()
    let harness = await ContainerHarness(showing: screen)
    await harness.expectEvents(
      """
      content.ListViewController.viewWillDisappear(false)
      content.ListViewController.viewDidDisappear(false)
      content.DetailViewController.willMove(toParent: container)
      content.DetailViewController.loadView()
      content.DetailViewController.viewDidLoad()
      content.DetailViewController.viewWillAppear(false)
      content.DetailViewController.viewIsAppearing(false)
      content.DetailViewController.viewDidAppear(false)
      content.DetailViewController.didMove(toParent: container)
      """
    ) {
      screen.showsDetail = true
    }
    let detail = try #require(harness.controller(named: "content.DetailViewController"))
    #expect(screen.childForStatusBarStyle === detail)
    await harness.expectEvents(
      """
      content.ListViewController.willMove(toParent: nil)
      content.ListViewController.didMove(toParent: nil)
      """
    ) {
      screen.didReceiveMemoryWarning()
    }
  }

  @Test("An @Entry value reads its default until set above, and flows down once set")
  func entryValues() async {
    let screen = TitledScreen()
    let harness = await ContainerHarness(showing: screen)
    #expect(screen.received == ["Inbox nil"])
    await harness.expectEvents("") {
      screen.heading = "Archive"
    }
    #expect(screen.received == ["Inbox nil", "Archive nil"])
  }

  @Test("An override inside #if runs where it is compiled; the macro's runs where it is not")
  func conditionalOverrides() async {
    let screen = ConditionalOverridesScreen()
    let harness = await ContainerHarness(showing: screen)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      content.ListViewController.willMove(toParent: container)
      content.ListViewController.loadView()
      content.ListViewController.viewDidLoad()
      content.ListViewController.didMove(toParent: container)
      content.ListViewController.viewWillAppear(false)
      container.viewIsAppearing(false)
      content.ListViewController.viewIsAppearing(false)
      container.viewDidAppear(false)
      content.ListViewController.viewDidAppear(false)
      """)
    #expect(screen.appearances == ["will"])
  }

  @Test("Overrides of the class's own run, and call the hooks they replace")
  func ownOverrides() async {
    let screen = OwnOverridesScreen()
    let harness = await ContainerHarness(showing: screen)
    harness.expectEvents(
      """
      container.loadView()
      container.viewDidLoad()
      container.viewWillAppear(false)
      content.ListViewController.willMove(toParent: container)
      content.ListViewController.loadView()
      content.ListViewController.viewDidLoad()
      content.ListViewController.didMove(toParent: container)
      content.ListViewController.viewWillAppear(false)
      container.viewIsAppearing(false)
      content.ListViewController.viewIsAppearing(false)
      container.viewDidAppear(false)
      content.ListViewController.viewDidAppear(false)
      """)
    #expect(screen.appearances == 1)
  }
}
#endif
