#if !canImport(UIKit)
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

@MainActor
private final class EdgeChild: UIViewController {
  var value = ""
}

/// A container whose declaration each test writes.
@MainActor
private final class EdgeBox: UIViewController {
  var flag = false {
    didSet { composer.setNeedsCompose() }
  }
  var value = 0 {
    didSet { composer.setNeedsCompose() }
  }
  var anchor: UIView? {
    didSet { composer.setNeedsCompose() }
  }
  let stackAnchor = UIStackView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
  let plainAnchor = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))

  private let declaration: @MainActor (EdgeBox) -> CompositionContent
  lazy var composer = Composer(container: self) { [unowned self] in
    declaration(self)
  }

  init(@CompositionBuilder _ declaration: @escaping @MainActor (EdgeBox) -> CompositionContent) {
    self.declaration = declaration
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = "container"
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(stackAnchor)
    view.addSubview(plainAnchor)
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
private final class EdgeNavigation: ComposedNavigationController {
  var path: [String] = [] {
    didSet { setNeedsCompose() }
  }
  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: path, id: \.self) {
      Child { EdgeChild() }
    } destination: { key in
      Child(input: key) {
        EdgeChild()
      } update: {
        $0.value = $1
      }
    }
    .onPop { [unowned self] in path = $0 }
  }
}

@MainActor
private final class EdgePages: ComposedPageViewController {
  var selected = "a" {
    didSet { setNeedsCompose() }
  }
  @CompositionBuilder override var composition: CompositionContent {
    Pages(["a", "b", "c"], id: \.self, selection: selected) { _ in
      Child { EdgeChild() }
    }
    .onSelect { [unowned self] in selected = $0 }
  }
}

@MainActor
@Suite("Corner cases: handles, pages, anchors and the harness", .isolatedModel(exceptions: .record))
struct CornerCaseTests {
  /// A presentation whose factory returns one cached controller, dismissed (animated) and
  /// declared again while the dismissal runs: it is presented again once the dismissal ends.
  @Test("A cached presented controller declared again during its dismissal is presented again")
  func cachedPresentationRedeclaredWhileDismissing() async throws {
    let cached = EdgeChild()
    cached.uikitModel.name = "cached"
    let box = EdgeBox { box in
      Slot("content") { Child { EdgeChild() } }
      Presentation("sheet", isPresented: box.flag) { Child { cached } }
    }
    let harness = await ContainerHarness(showing: box, composer: box.composer)
    box.flag = true
    await harness.settle()
    #expect(box.presentedViewController === cached)
    _ = harness.takeDiagnostics()
    box.flag = false
    await harness.advance(by: 0.05)
    #expect(cached.isBeingDismissed)
    box.flag = true
    await harness.settle()
    #expect(harness.takeDiagnostics() == [])
    #expect(box.presentedViewController === cached)
  }

  /// While the test holds an interactive pop, `settle()` gives up, and says why.
  @Test("settle() during an interactive pop names the transition it cannot end")
  func settleDuringInteractivePop() async throws {
    let navigation = EdgeNavigation()
    navigation.path = ["a", "b"]
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    #expect(navigation.uikitModel.beginInteractivePop())
    await harness.advance(by: 0.1)
    await harness.settle()
    #expect(
      harness.takeDiagnostics() == [
        "the container did not settle: a transition is still running that nothing in the "
          + "model ends, such as an interactive pop or a swipe the test holds; end it, or "
          + "look at it with 'advance(by:)' rather than 'settle()'"
      ])
    navigation.uikitModel.cancelInteractivePop()
    await harness.settle()
  }

  /// One cached controller in both branches, each with its own handle.
  ///
  /// After the animated switch the controller stays as the new branch's child; the first
  /// branch's handle follows a child that was replaced, and says so.
  @Test("The handle of the replaced child is not live after its controller is handed back")
  func handleOfReplacedChildAfterHandBack() async throws {
    let cached = EdgeChild()
    cached.uikitModel.name = "cached"
    let first = ChildHandle<EdgeChild>()
    let second = ChildHandle<EdgeChild>()
    let box = EdgeBox { box in
      Slot("content") {
        if box.flag {
          Child { cached }.handle(second)
        } else {
          Child { cached }.handle(first)
        }
      }
      .transition(.crossDissolve(duration: 0.3))
    }
    let harness = await ContainerHarness(showing: box, composer: box.composer)
    #expect(first.state == .live)
    box.flag = true
    await harness.settle()
    #expect(harness.takeDiagnostics().count == 1)
    #expect(box.children == [cached])
    #expect(second.state == .live)
    #expect(first.state == .removed)
  }

  /// A selection changed without animation while a page turn runs: it waits for the turn, and
  /// is then shown without animation.
  @Test("A page selected without animation during a turn is shown without animation")
  func pageSelectedWithoutAnimationDuringTurn() async throws {
    let pages = EdgePages()
    let harness = await ContainerHarness(showing: pages, composer: pages.composer)
    let traced = pages.composer.stepsTraced
    pages.selected = "b"
    await harness.advance(by: 0.05)
    pages.composer.withoutAnimation { pages.selected = "c" }
    await harness.settle()
    let steps = Array(pages.composer.trace.suffix(pages.composer.stepsTraced - traced))
    #expect(
      steps.filter { $0.hasPrefix("show-page") } == [
        #"show-page 'pages' #"b" EdgeChild forward animated"#,
        #"show-page 'pages' #"c" EdgeChild forward"#,
      ])
  }

  /// The container's own presented child, moved to a slot in one change.
  ///
  /// The composer dismisses it and refuses it for the slot while the dismissal runs; once its
  /// own dismissal has ended it adds it, with no other change needed.
  @Test("A presented child moved to a slot is added once the composer's dismissal ends")
  func presentedChildMovedToSlot() async throws {
    let cached = EdgeChild()
    cached.uikitModel.name = "cached"
    let box = EdgeBox { box in
      Slot("content") {
        if box.flag { Child { cached } }
      }
      Presentation("sheet", isPresented: !box.flag) { Child { cached } }
    }
    let harness = await ContainerHarness(showing: box, composer: box.composer)
    #expect(box.presentedViewController === cached)
    box.flag = true
    await harness.settle()
    // Refused while its dismissal runs, then added.
    #expect(harness.takeDiagnostics().map { $0.prefix(25) } == ["sameInstanceDeclaredTwice"])
    #expect(box.presentedViewController == nil)
    #expect(box.children == [cached])
    harness.expectInvariants()
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  /// A presentation turned off without animation while it is being presented: dismissed
  /// without animation once the presentation ends.
  @Test(
    "A presentation turned off without animation while presenting is dismissed without animation")
  func presentationOffWithoutAnimation() async throws {
    let box = EdgeBox { box in
      Slot("content") { Child { EdgeChild() } }
      Presentation("sheet", isPresented: box.flag) { Child { EdgeChild() } }
    }
    let harness = await ContainerHarness(showing: box, composer: box.composer)
    box.flag = true
    box.composer.composeIfNeeded()
    let traced = box.composer.stepsTraced
    box.composer.withoutAnimation { box.flag = false }
    await harness.settle()
    let steps = Array(box.composer.trace.suffix(box.composer.stepsTraced - traced))
    #expect(steps == [#"dismiss 'sheet' #true EdgeChild"#])
  }

  /// A slot anchored in a UIStackView of the container's own (used as a plain view) moves to
  /// another anchor: the user's stack view must stay where it is.
  @Test("A slot that leaves a stack view anchor of the user's leaves that view in place")
  func userStackAnchorIsNotRemoved() async throws {
    let box = EdgeBox { box in
      Slot("content", in: box.anchor) { Child { EdgeChild() } }
    }
    box.loadViewIfNeeded()
    box.anchor = box.stackAnchor
    let harness = await ContainerHarness(showing: box, composer: box.composer)
    let child = try #require(box.children.first)
    #expect(child.view.superview === box.stackAnchor)
    box.anchor = box.plainAnchor
    await harness.settle()
    #expect(child.view.superview === box.plainAnchor)
    #expect(box.stackAnchor.superview === box.view)
  }
}
#endif
