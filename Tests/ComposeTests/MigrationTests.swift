#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The code of the DocC article "Migrating a hand-written container"
// (MigratingAHandWrittenContainer.md), before and after, compiled as written. Each container
// lives in a namespace of its own, because before and after use the same names.

// MARK: - Children shared by the examples

private struct Item: Identifiable {
  let id: Int
}

private final class ItemViewController: UIViewController {
  var item: Item

  init(item: Item) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class FeedViewController: UIViewController {}
private final class SearchViewController: UIViewController {}
private final class FrontViewController: UIViewController {}
private final class BackViewController: UIViewController {}

private final class MapViewController: UIViewController {
  var storeName = ""
}

// MARK: - Add, remove and replace

private enum DetailBefore {
  final class DetailHostViewController: UIViewController {
    private var current: UIViewController?

    var item: Item? {
      didSet { item.map { show(ItemViewController(item: $0)) } ?? hide() }
    }

    private func show(_ child: UIViewController) {
      guard let current else {
        addChild(child)
        child.view.frame = view.bounds
        view.addSubview(child.view)
        child.didMove(toParent: self)
        self.current = child
        return
      }
      // Replace the shown child, sliding the new one in from the trailing edge.
      current.willMove(toParent: nil)
      addChild(child)
      child.view.frame = view.bounds.offsetBy(dx: view.bounds.width, dy: 0)
      transition(
        from: current, to: child, duration: 0.3, options: [],
        animations: {
          child.view.frame = self.view.bounds
          current.view.frame = self.view.bounds.offsetBy(dx: -self.view.bounds.width, dy: 0)
        },
        completion: { _ in
          current.removeFromParent()
          child.didMove(toParent: self)
        })
      self.current = child
    }

    private func hide() {
      guard let current else { return }
      current.willMove(toParent: nil)
      current.view.removeFromSuperview()
      current.removeFromParent()
      self.current = nil
    }
  }
}

private enum DetailAfter {
  final class DetailHostViewController: ComposedViewController {
    var item: Item? {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder override var composition: CompositionContent {
      Slot("detail") {
        if let item {
          Child { ItemViewController(item: item) }.id(item.id)
        }
      }
      .transition(.slide(from: .trailing))
    }
  }
}

// MARK: - Tabs

private enum TabsBefore {
  final class TabsViewController: UIViewController {
    private lazy var tabs: [UIViewController] = [FeedViewController(), SearchViewController()]

    var selectedIndex = 0 {
      didSet { select(tabs[selectedIndex], hiding: tabs[oldValue]) }
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      select(tabs[selectedIndex], hiding: nil)
    }

    private func select(_ tab: UIViewController, hiding shown: UIViewController?) {
      guard tab !== shown else { return }
      shown?.view.removeFromSuperview()
      if tab.parent == nil {
        addChild(tab)
        tab.view.frame = view.bounds
        view.addSubview(tab.view)
        tab.didMove(toParent: self)
      } else {
        tab.view.frame = view.bounds
        view.addSubview(tab.view)
      }
    }
  }
}

private enum TabsAfter {
  final class TabsViewController: ComposedViewController {
    var selectedIndex = 0 {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder override var composition: CompositionContent {
      Slot("tab") {
        if selectedIndex == 0 {
          Child { FeedViewController() }.lifetime(.keepAlive)
        } else {
          Child { SearchViewController() }.lifetime(.keepAlive)
        }
      }
    }
  }
}

// MARK: - Flip

private enum FlipBefore {
  final class CardViewController: UIViewController {
    private var shown: UIViewController = FrontViewController()
    private var isAnimating = false

    override func viewDidLoad() {
      super.viewDidLoad()
      addChild(shown)
      shown.view.frame = view.bounds
      view.addSubview(shown.view)
      shown.didMove(toParent: self)
    }

    func flip() {
      // A second flip while one is running would start a second transition on the same
      // children; this container drops it.
      guard !isAnimating else { return }
      let old = shown
      let new: UIViewController =
        old is FrontViewController ? BackViewController() : FrontViewController()
      isAnimating = true
      old.willMove(toParent: nil)
      addChild(new)
      new.view.frame = view.bounds
      transition(
        from: old, to: new, duration: 0.5, options: .transitionFlipFromLeft, animations: nil,
        completion: { _ in
          old.removeFromParent()
          new.didMove(toParent: self)
          self.isAnimating = false
        })
      shown = new
    }
  }
}

private enum FlipAfter {
  final class CardViewController: ComposedViewController {
    private var isFlipped = false {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder override var composition: CompositionContent {
      Slot("card") {
        if isFlipped {
          Child { BackViewController() }
        } else {
          Child { FrontViewController() }
        }
      }
      .transition(.flip(from: .leading))
    }

    func flip() {
      isFlipped.toggle()
    }
  }
}

// MARK: - Embed segues and outlets

private enum EmbedAfter {
  final class StoreViewController: ComposedViewController {
    // The storyboard's container view, which its outlet still points to; made here in loadView().
    let mapContainer = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 300))

    var storeName = "" {
      didSet { setNeedsCompose() }
    }

    override func loadView() {
      view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      view.addSubview(mapContainer)
    }

    @CompositionBuilder override var composition: CompositionContent {
      Slot("map", in: mapContainer) {
        Child {
          MapViewController()
        } update: { [storeName] in
          $0.storeName = storeName
        }
      }
    }
  }
}

// MARK: - Tests

/// The hand-written containers and their composed replacements side by side: the replacements
/// show the same children, and the classic mistakes of the hand-written ones are gone.
@MainActor
@Suite("Migration article", .isolatedModel)
struct MigrationTests {
  @Test("Add, remove, replace: the composed container makes the hand-written calls, in order")
  func detail() throws {
    let before = try trace(DetailBefore.DetailHostViewController()) { host in
      host.item = Item(id: 1)
      ModelRuntime.runUntilIdle()
      host.item = Item(id: 2)
      ModelRuntime.runUntilIdle()
      host.item = nil
    }
    let after = try trace(DetailAfter.DetailHostViewController()) { host in
      host.item = Item(id: 1)
      ModelRuntime.runUntilIdle()
      host.item = Item(id: 2)
      ModelRuntime.runUntilIdle()
      host.item = nil
    }
    #expect(before == after)
    #expect(
      after.joined(separator: "\n") == """
        ItemViewController.willMove(toParent: host)
        ItemViewController.loadView()
        ItemViewController.viewDidLoad()
        ItemViewController.viewWillAppear(false)
        ItemViewController.viewIsAppearing(false)
        ItemViewController.viewDidAppear(false)
        ItemViewController.didMove(toParent: host)
        ItemViewController.willMove(toParent: nil)
        ItemViewController.willMove(toParent: host)
        ItemViewController.loadView()
        ItemViewController.viewDidLoad()
        ItemViewController.viewWillDisappear(true)
        ItemViewController.viewWillAppear(true)
        ItemViewController.viewIsAppearing(true)
        ItemViewController.viewDidAppear(true)
        ItemViewController.viewDidDisappear(true)
        ItemViewController.didMove(toParent: nil)
        ItemViewController.didMove(toParent: host)
        ItemViewController.willMove(toParent: nil)
        ItemViewController.viewWillDisappear(false)
        ItemViewController.viewDidDisappear(false)
        ItemViewController.didMove(toParent: nil)
        """)
  }

  @Test("Tabs: the composed container keeps hidden tabs alive and reports nothing")
  func tabs() throws {
    let before = TabsBefore.TabsViewController()
    let after = TabsAfter.TabsViewController()
    for container in [before, after] as [UIViewController] {
      ModelRuntime.reset()
      ModelRuntime.exceptionPolicy = .record
      let window = show(container)
      if let before = container as? TabsBefore.TabsViewController {
        before.selectedIndex = 1
      } else if let after = container as? TabsAfter.TabsViewController {
        after.selectedIndex = 1
      }
      ModelRuntime.runUntilIdle()
      #expect(container.children.count == 2)
      #expect(container.children.last?.view.superview === container.view)
      #expect(container.children.first?.viewIfLoaded?.superview == nil)
      #expect(container.children.first?.uikitModel.appearanceState == .disappeared)
      #expect(ModelRuntime.diagnostics.isEmpty)
      _ = window
    }
  }

  @Test("Flip: a flip requested mid-flip is dropped by hand, and applied after it by Compose")
  func flip() throws {
    ModelRuntime.reset()
    let before = FlipBefore.CardViewController()
    var window = show(before)
    before.flip()
    ModelRuntime.advance(by: 0.25)
    before.flip()
    ModelRuntime.runUntilIdle()
    #expect(before.children.first is BackViewController)

    ModelRuntime.reset()
    let after = FlipAfter.CardViewController()
    window = show(after)
    after.flip()
    ModelRuntime.advance(by: 0.25)
    after.flip()
    ModelRuntime.runUntilIdle()
    #expect(after.children.first is FrontViewController)
    #expect(ModelRuntime.diagnostics.isEmpty)
    _ = window
  }

  @Test("Embed segue: the slot anchored to the former container view holds the child")
  func embed() throws {
    ModelRuntime.reset()
    let store = EmbedAfter.StoreViewController()
    store.storeName = "Main Street"
    let window = show(store)
    let map = try #require(store.children.first as? MapViewController)
    #expect(map.view.superview === store.mapContainer)
    #expect(map.view.frame == store.mapContainer.bounds)
    store.storeName = "Harbour"
    ModelRuntime.runUntilIdle()
    #expect(map.storeName == "Harbour")
    #expect(store.children == [map])
    _ = window
  }

  @Test("Add, remove, replace: the same item again is the same child, and nothing happens")
  func sameItemAgain() async throws {
    let host = DetailAfter.DetailHostViewController()
    let harness = await ContainerHarness(showing: host)
    await harness.expectTrace(
      """
      add-child 'detail' some ItemViewController id 1
      insert-view 'detail' some ItemViewController id 1 at 0
      layout 'detail' some ItemViewController id 1 fill
      did-move 'detail' some ItemViewController id 1
      """
    ) { host.item = Item(id: 1) }
    let shown = try #require(host.children.first)
    await harness.expectTrace("") { host.item = Item(id: 1) }
    #expect(host.children == [shown])
  }

  @Test("Tabs: a tab is made when first shown, comes back as itself, and a memory warning frees it")
  func tabsComeBack() async throws {
    let tabs = TabsAfter.TabsViewController()
    let harness = await ContainerHarness(showing: tabs)
    let feed = try #require(tabs.children.first as? FeedViewController)
    #expect(tabs.children.count == 1)
    await harness.expectTrace(
      """
      detach-view 'tab' first FeedViewController
      add-child 'tab' second SearchViewController
      insert-view 'tab' second SearchViewController at 0
      layout 'tab' second SearchViewController fill
      did-move 'tab' second SearchViewController
      """
    ) { tabs.selectedIndex = 1 }
    weak let search = tabs.children.last as? SearchViewController
    #expect(search != nil)
    await harness.expectTrace(
      """
      detach-view 'tab' second SearchViewController
      attach-view 'tab' first FeedViewController at 0
      layout 'tab' first FeedViewController fill
      """
    ) { tabs.selectedIndex = 0 }
    #expect(tabs.children.count == 2)
    #expect(tabs.children.first === feed)
    #expect(feed.view.superview === tabs.view)
    #expect(search?.viewIfLoaded?.superview == nil)
    await harness.expectReleased { ModelRuntime.simulateMemoryWarning() }
    #expect(tabs.children == [feed])
    #expect(search == nil)
  }

  @Test("Flip: a flip requested mid-flip waits for the running one, then flips back")
  func flipWaits() async {
    let card = FlipAfter.CardViewController()
    let harness = await ContainerHarness(showing: card)
    await harness.expectTrace(
      """
      swap 'card' second FrontViewController -> 'card' first BackViewController flip(leading, 0.5)
      """, settling: false
    ) {
      card.flip()
      await harness.advance(by: 0.1)
    }
    await harness.expectTrace("", settling: false) {
      card.flip()
      await harness.advance(by: 0.1)
    }
    await harness.expectTrace(
      """
      swap 'card' first BackViewController -> 'card' second FrontViewController flip(leading, 0.5)
      """
    ) {}
    #expect(card.children.first is FrontViewController)
    #expect(card.children.count == 1)
  }

  /// The lifecycle events of the container's children while `body` runs, with the children named
  /// by type.
  private func trace<Container: UIViewController>(
    _ container: Container, _ body: (Container) -> Void
  ) throws -> [String] {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    container.uikitModel.name = "host"
    let window = show(container)
    ModelRuntime.clearEvents()
    body(container)
    ModelRuntime.runUntilIdle()
    try #require(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
    return ModelRuntime.events.filter { $0.category != .annotation }
      .filter { [.containment, .appearance, .loading].contains($0.category) }
      .map { $0.description.replacing(/#[0-9]+/, with: "") }
  }

  private func show(_ container: UIViewController) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    return window
  }
}
#endif
