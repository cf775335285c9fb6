#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// When a container's first composition happens: after its subclass's `viewDidLoad()` (so anchors
// made after `super.viewDidLoad()` exist), and before it first appears (so its children appear
// with it, as a hand-written container's do).

/// A composed container written the natural way: its anchor is made after `super.viewDidLoad()`.
@MainActor
private final class HeaderScreen: ComposedViewController {
  let header = UIView()

  override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    uikitModel.name = "screen"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    header.frame = CGRect(x: 0, y: 0, width: 390, height: 44)
    view.addSubview(header)
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("header", in: header) { Child { named(HeaderViewController(), "title") } }
    Slot("content") { Child { named(ListViewController(), "list") } }
  }
}

/// A container that attaches a composer itself, as the README shows.
@MainActor
private final class ReadmeScreen: UIViewController {
  private lazy var composer = Composer(container: self) {
    Slot("content") { Child { named(ListViewController(), "list") } }
  }

  override init(nibName: String?, bundle: Bundle?) {
    super.init(nibName: nibName, bundle: bundle)
    uikitModel.name = "screen"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

@MainActor
@Suite("First composition", .isolatedModel)
struct FirstCompositionTests {
  @Test("Anchors made after super.viewDidLoad() work: the children are in them when it appears")
  func anchorsAfterSuperViewDidLoad() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = HeaderScreen()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = screen
    window.makeKeyAndVisible()

    #expect(
      ModelRuntime.eventLog(categories: [.containment, .appearance]) == """
        screen.viewWillAppear(false)
        title.willMove(toParent: screen)
        title.didMove(toParent: screen)
        list.willMove(toParent: screen)
        list.didMove(toParent: screen)
        title.viewWillAppear(false)
        list.viewWillAppear(false)
        screen.viewIsAppearing(false)
        title.viewIsAppearing(false)
        list.viewIsAppearing(false)
        screen.viewDidAppear(false)
        title.viewDidAppear(false)
        list.viewDidAppear(false)
        """)
    let title = try #require(screen.children.first)
    #expect(title.view.superview === screen.header)
    #expect(screen.composer.diagnostics.isEmpty)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test(
    "The README pattern adds the children at the window's first layout pass, before viewDidAppear"
  )
  func readmePatternBeforeViewDidAppear() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let screen = ReadmeScreen()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = screen
    window.makeKeyAndVisible()

    #expect(
      ModelRuntime.eventLog(categories: [.containment, .appearance]) == """
        screen.viewWillAppear(false)
        screen.viewIsAppearing(false)
        list.willMove(toParent: screen)
        list.viewWillAppear(false)
        list.viewIsAppearing(false)
        list.didMove(toParent: screen)
        screen.viewDidAppear(false)
        list.viewDidAppear(false)
        """)
    let list = try #require(screen.children.first)
    #expect(list.uikitModel.appearanceState == .appeared)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
}
#endif
