#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

private struct ToneKey: EnvironmentKey {
  static let defaultValue = "plain"
}

/// A value that is not `Equatable`: it is never known to be the same as another.
private struct Palette {
  var name: String
}

private struct PaletteKey: EnvironmentKey {
  static let defaultValue = Palette(name: "none")
}

extension EnvironmentValues {
  fileprivate var tone: String {
    get { self[ToneKey.self] }
    set { self[ToneKey.self] = newValue }
  }

  fileprivate var palette: Palette {
    get { self[PaletteKey.self] }
    set { self[PaletteKey.self] = newValue }
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

/// A leaf that shows the tone and palette its update closure gave it, and writes what it shows
/// as it appears.
@MainActor
private final class ToneLabel: UIViewController {
  var shown = ""

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    ModelRuntime.annotate(uikitModel.name, "appears showing '\(shown)'")
  }
}

/// A composed screen whose leaf shows the tone and palette it inherits.
@MainActor
private final class ToneScreen: ComposedViewController {
  let name: String
  weak var leaf: ToneLabel?

  init(_ name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = name
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child { [unowned self] in
        let leaf = named(ToneLabel(), "\(name).leaf")
        self.leaf = leaf
        return leaf
      } update: { (leaf: ToneLabel, environment: EnvironmentValues) in
        leaf.shown = "\(environment.tone) \(environment.palette.name)"
      }
    }
  }
}

/// A composed screen that presents a ``ToneScreen`` while `presents` is set.
@MainActor
private final class PresentingToneScreen: ComposedViewController {
  var presents: UIModalPresentationStyle? {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("own") { Child { named(ToneLabel(), "own.leaf") } }
    Presentation("inner", isPresented: presents != nil) {
      Child { ToneScreen("inner") }
    }
    .presentationStyle(presents ?? .pageSheet)
  }
}

/// A composed navigation controller whose root is a ``ToneScreen``.
@MainActor
private final class ToneNavigation: ComposedNavigationController {
  let name: String
  var path: [String] = [] {
    didSet { setNeedsCompose() }
  }

  init(_ name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
    uikitModel.name = name
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: path, id: \.self) {
      Child { ToneScreen("\(self.name).root") }
    } destination: { key in
      Child { ToneScreen("\(self.name).\(key)") }
    }
    .onPop { [unowned self] in path = $0 }
  }
}

/// The state the outer containers are declared from.
@MainActor
private final class ToneState {
  var tone = "dark"
  var palette = Palette(name: "red")
  var tabs = ["a", "b"]
  var selected = "a"
  var path: [String] = []
  var presented: String?
  var style = UIModalPresentationStyle.pageSheet
  /// Whether the tone is set on each child rather than on the container.
  var onChild = false
  /// Whether the children are navigation controllers rather than screens.
  var navigations = false
  /// Whether each child's factory returns the controller it made the first time.
  var caches = false
  var cache: [String: UIViewController] = [:]
  /// Whether the children are plain labels rather than composed containers.
  var plain = false
  /// Whether only the first tab or page is a plain label, so that the container has no nested
  /// composer until another one is shown.
  var plainFirst = false
  /// Whether the first tab presents a ``ToneScreen`` of its own.
  var presenting = false
}

@MainActor
private func toneChild(_ name: String, _ state: ToneState) -> SlotContent {
  let content: SlotContent =
    if state.presenting && name == "a" {
      Child { named(PresentingToneScreen(), "a") }.slotContent
    } else if state.plain || (state.plainFirst && (name == "a" || name == "root")) {
      Child {
        named(ToneLabel(), "\(name).leaf")
      } update: { (leaf: ToneLabel, environment: EnvironmentValues) in
        leaf.shown = "\(environment.tone) \(environment.palette.name)"
      }
      .slotContent
    } else if state.caches {
      Child { () -> UIViewController in
        if let cached = state.cache[name] { return cached }
        let made: UIViewController = state.navigations ? ToneNavigation(name) : ToneScreen(name)
        state.cache[name] = made
        return made
      }
      .slotContent
    } else if state.navigations {
      Child { ToneNavigation(name) }.slotContent
    } else {
      Child { ToneScreen(name) }.slotContent
    }
  guard state.onChild else { return content }
  return content.environment(\.tone, state.tone).environment(\.palette, state.palette)
}

@MainActor
private final class ToneTabs: ComposedTabBarController {
  let state: ToneState

  init(_ state: ToneState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let tabs = Tabs(state.tabs, id: \.self, selection: state.selected) { key in
      toneChild(key, self.state)
    }
    .onSelect { [unowned self] in state.selected = $0 }
    .compositionContent
    guard !state.onChild else { return tabs }
    return tabs.environment(\.tone, state.tone).environment(\.palette, state.palette)
  }
}

@MainActor
private final class TonePages: ComposedPageViewController {
  let state: ToneState

  init(_ state: ToneState) {
    self.state = state
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let pages = Pages(state.tabs, id: \.self, selection: state.selected) { key in
      toneChild(key, self.state)
    }
    .onSelect { [unowned self] in state.selected = $0 }
    .compositionContent
    guard !state.onChild else { return pages }
    return pages.environment(\.tone, state.tone).environment(\.palette, state.palette)
  }
}

@MainActor
private final class ToneStack: ComposedNavigationController {
  let state: ToneState

  init(_ state: ToneState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override var composition: CompositionContent {
    let stack = NavigationStack(path: state.path, id: \.self) {
      toneChild("root", self.state)
    } destination: { key in
      toneChild(key, self.state)
    }
    .onPop { [unowned self] in state.path = $0 }
    .compositionContent
    guard !state.onChild else { return stack }
    return stack.environment(\.tone, state.tone).environment(\.palette, state.palette)
  }
}

@MainActor
private final class TonePresenter: ComposedViewController {
  let state: ToneState

  init(_ state: ToneState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  var slotShown = true

  @CompositionBuilder private var parts: CompositionContent {
    Slot("main") {
      if slotShown { toneChild("main", self.state) }
    }
    Presentation("sheet", item: state.presented, id: \.self) { key in
      toneChild(key, self.state)
    }
    .presentationStyle(state.style)
    .onDismiss { [unowned self] in state.presented = nil }
  }

  override var composition: CompositionContent {
    let content = parts
    guard !state.onChild else { return content }
    return content.environment(\.tone, state.tone).environment(\.palette, state.palette)
  }
}

/// What the leaves that appeared since the log was last cleared showed, one line each.
@MainActor
private func appearances() -> [String] {
  ModelRuntime.eventLog(categories: [.annotation]).split(separator: "\n").map(String.init)
}

/// The leaf of a tone screen, a navigation controller's top one, or of what it presents.
@MainActor
private func leaf(of controller: UIViewController?) -> ToneLabel? {
  switch controller {
  case let screen as ToneScreen: screen.leaf
  case let navigation as UINavigationController: leaf(of: navigation.topViewController)
  case let label as ToneLabel: label
  default: nil
  }
}

/// Lets the main actor's tasks and the model run until nothing is left to do.
@MainActor
private func settle() async {
  for _ in 0..<20 {
    for _ in 0..<5 { await Task.yield() }
    ModelRuntime.runUntilIdle()
  }
}

@MainActor
@Suite("Environment through tabs, pages, stacks and presentations", .isolatedModel)
struct EnvironmentThroughContainersTests {
  static let variants: [(onChild: Bool, navigations: Bool)] = [
    (false, false), (true, false), (false, true), (true, true),
  ]

  @Test(
    "A tab not selected while the values change appears with the new values",
    arguments: [0, 1, 2, 3])
  func tabNotSelected(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    // b is loaded, then a is selected again.
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    state.selected = "a"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    state.tone = "light"
    state.palette = Palette(name: "blue")
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[0])?.shown == "light blue")

    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light blue")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light blue'"])
    _ = window
  }

  @Test(
    "A tab the user taps after the values changed appears with the new values",
    arguments: [0, 1, 2, 3])
  func tabTapped(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    #expect(tabs.uikitModel.tapTab(at: 1))
    await settle()
    #expect(tabs.uikitModel.tapTab(at: 0))
    await settle()
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    #expect(tabs.uikitModel.tapTab(at: 1))
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test("A tab never shown before the values changed appears with them", arguments: [0, 1, 2, 3])
  func tabNeverShown(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A tab never shown before the values changed, tapped, appears with them",
    arguments: [0, 1, 2, 3])
  func tabNeverShownTapped(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    #expect(tabs.uikitModel.tapTab(at: 1))
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A page never shown before the values changed, swiped to, appears with them",
    arguments: [0, 1, 2, 3])
  func pageNeverShownSwiped(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let pages = TonePages(state)
    let window = show(pages)
    state.tone = "light"
    pages.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    #expect(pages.uikitModel.swipePage(.forward))
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A page never shown before the values changed, selected, appears with them",
    arguments: [0, 1, 2, 3])
  func pageNeverShownSelected(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let pages = TonePages(state)
    let window = show(pages)
    state.tone = "light"
    pages.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    state.selected = "b"
    pages.setNeedsCompose()
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test("A tab added again after the values changed starts with them", arguments: [0, 1, 2, 3])
  func tabAddedAgain(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    state.selected = "a"
    state.tabs = ["a"]
    tabs.setNeedsCompose()
    await settle()
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    state.tabs = ["a", "b"]
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    _ = window
  }

  @Test(
    "A page turned away while the values change appears with the new values",
    arguments: [0, 1, 2, 3])
  func pageTurnedAway(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let pages = TonePages(state)
    let window = show(pages)
    state.selected = "b"
    pages.setNeedsCompose()
    await settle()
    state.tone = "light"
    pages.setNeedsCompose()
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    ModelRuntime.clearEvents()

    state.selected = "a"
    pages.setNeedsCompose()
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(
      appearances() == ["a\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A page the user swipes to after the values changed appears with them", arguments: [0, 1, 2, 3])
  func pageSwipedTo(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let pages = TonePages(state)
    let window = show(pages)
    #expect(pages.uikitModel.swipePage(.forward))
    await settle()
    #expect(pages.uikitModel.swipePage(.reverse))
    await settle()
    state.tone = "light"
    pages.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()

    #expect(pages.uikitModel.swipePage(.forward))
    await settle()
    #expect(state.selected == "b")
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A covered destination appears with the values changed while it was covered", arguments: [0, 1])
  func coveredDestination(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let stack = ToneStack(state)
    let window = show(stack)
    state.path = ["a", "b"]
    stack.setNeedsCompose()
    await settle()
    state.tone = "light"
    stack.setNeedsCompose()
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    ModelRuntime.clearEvents()

    state.path = ["a"]
    stack.setNeedsCompose()
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    #expect(
      appearances() == ["a\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    ModelRuntime.clearEvents()

    // The user goes back.
    state.tone = "blue"
    stack.setNeedsCompose()
    await settle()
    _ = stack.popViewController(animated: true)
    await settle()
    #expect(state.path == [])
    #expect(leaf(of: stack.topViewController)?.shown == "blue red")
    #expect(
      appearances() == ["root\(state.navigations ? ".root" : "").leaf.appears showing 'blue red'"])
    ModelRuntime.clearEvents()

    // Pushed again, after another change.
    state.tone = "green"
    stack.setNeedsCompose()
    await settle()
    state.path = ["a"]
    stack.setNeedsCompose()
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "green red")
    _ = window
  }

  @Test("Values changed during an animated push reach both ends of it", arguments: [0, 1])
  func changeDuringPush(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let stack = ToneStack(state)
    let window = show(stack)
    state.path = ["a"]
    stack.setNeedsCompose()
    await settle()
    state.path = ["a", "b"]
    stack.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    state.tone = "light"
    stack.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    await settle()
    #expect(stack.viewControllers.count == 3)
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    ModelRuntime.clearEvents()
    _ = stack.popViewController(animated: true)
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    #expect(
      appearances() == ["a\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test("A sheet that is up follows the values", arguments: [0, 1, 2, 3])
  func sheetUp(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "sheet"
    presenter.setNeedsCompose()
    await settle()
    let sheet = try #require(presenter.presentedViewController)
    state.tone = "light"
    presenter.setNeedsCompose()
    await settle()
    #expect(leaf(of: sheet)?.shown == "light red")
    #expect(leaf(of: presenter.children.first)?.shown == "light red")
    _ = window
  }

  @Test(
    "A container covered by a full-screen cover appears with the values changed meanwhile",
    arguments: [0, 1, 2, 3])
  func coveredByCover(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.style = .fullScreen
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "cover"
    presenter.setNeedsCompose()
    await settle()
    let cover = try #require(presenter.presentedViewController)
    state.tone = "light"
    presenter.setNeedsCompose()
    await settle()
    #expect(leaf(of: cover)?.shown == "light red")
    ModelRuntime.clearEvents()
    state.presented = nil
    presenter.setNeedsCompose()
    await settle()
    #expect(presenter.presentedViewController == nil)
    #expect(leaf(of: presenter.children.first)?.shown == "light red")
    #expect(
      appearances() == ["main\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test("A sheet presented after the values changed starts with them", arguments: [0, 1, 2, 3])
  func sheetPresentedLater(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "sheet"
    presenter.setNeedsCompose()
    await settle()
    state.presented = nil
    presenter.setNeedsCompose()
    await settle()
    state.tone = "light"
    presenter.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.presented = "sheet"
    presenter.setNeedsCompose()
    await settle()
    #expect(leaf(of: presenter.presentedViewController)?.shown == "light red")
    #expect(
      appearances() == ["sheet\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"]
    )
    _ = window
  }

  @Test("A value that is not Equatable reaches a tab not selected when it is selected")
  func notEquatableInTab() async throws {
    let state = ToneState()
    state.navigations = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    state.selected = "a"
    tabs.setNeedsCompose()
    await settle()
    state.palette = Palette(name: "blue")
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[0])?.shown == "dark blue")
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "dark blue")
    _ = window
  }

  @Test(
    "A cached composed child added again after the values changed appears with them",
    arguments: [0, 1, 2, 3])
  func cachedChildAddedAgain(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.caches = true
    let presenter = TonePresenter(state)
    presenter.slotShown = true
    let window = show(presenter)
    presenter.slotShown = false
    presenter.setNeedsCompose()
    await settle()
    state.tone = "light"
    presenter.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    presenter.slotShown = true
    presenter.setNeedsCompose()
    await settle()
    #expect(leaf(of: presenter.children.first)?.shown == "light red")
    #expect(
      appearances() == ["main\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A cached composed sheet presented again after the values changed appears with them",
    arguments: [0, 1, 2, 3])
  func cachedSheetPresentedAgain(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.caches = true
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "sheet"
    presenter.setNeedsCompose()
    await settle()
    state.presented = nil
    presenter.setNeedsCompose()
    await settle()
    state.tone = "light"
    presenter.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.presented = "sheet"
    presenter.setNeedsCompose()
    await settle()
    #expect(leaf(of: presenter.presentedViewController)?.shown == "light red")
    #expect(
      appearances().contains(
        "sheet\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"))
    #expect(!appearances().contains { $0.contains("dark") })
    _ = window
  }

  @Test(
    "A cached composed tab added again after the values changed appears with them",
    arguments: [0, 1, 2, 3])
  func cachedTabAddedAgain(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.caches = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    state.selected = "a"
    state.tabs = ["a"]
    tabs.setNeedsCompose()
    await settle()
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.tabs = ["a", "b"]
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A cached composed destination pushed again after the values changed appears with them",
    arguments: [0, 1])
  func cachedDestinationPushedAgain(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.caches = true
    let stack = ToneStack(state)
    let window = show(stack)
    state.path = ["a"]
    stack.setNeedsCompose()
    await settle()
    state.path = []
    stack.setNeedsCompose()
    await settle()
    state.tone = "light"
    stack.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.path = ["a"]
    stack.setNeedsCompose()
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    #expect(appearances() == ["a.leaf.appears showing 'light red'"])
    _ = window
  }

  @Test("Plain children of tabs, pages and stacks not shown get the values in their updates")
  func plainChildren() async throws {
    let state = ToneState()
    state.plain = true
    state.path = ["a", "b"]
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    #expect(tabs.viewControllers?.compactMap { leaf(of: $0)?.shown } == ["light red", "light red"])
    _ = window

    let stack = ToneStack(state)
    let stackWindow = show(stack)
    state.tone = "blue"
    stack.setNeedsCompose()
    await settle()
    #expect(
      stack.viewControllers.compactMap { leaf(of: $0)?.shown } == [
        "blue red", "blue red", "blue red",
      ])
    _ = stackWindow

    let pages = TonePages(state)
    let pagesWindow = show(pages)
    state.tone = "green"
    pages.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.selected = "b"
    pages.setNeedsCompose()
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "green red")
    #expect(appearances() == ["b.leaf.appears showing 'green red'"])
    _ = pagesWindow
  }

  @Test(
    "Values changed during an animated page turn reach the page turned to", arguments: [0, 1, 2, 3])
  func changeDuringPageTurn(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let pages = TonePages(state)
    let window = show(pages)
    state.selected = "b"
    pages.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    state.tone = "light"
    pages.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    ModelRuntime.clearEvents()
    state.selected = "a"
    pages.setNeedsCompose()
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(!appearances().contains { $0.contains("dark") })
    _ = window
  }

  @Test(
    "A composed tab first shown after the values changed, next to a plain tab, appears with them",
    arguments: [0, 1, 2, 3])
  func composedTabAfterPlainTab(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.plainFirst = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    #expect(tabs.uikitModel.tapTab(at: 1))
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A composed tab first selected after the values changed, next to a plain tab, appears with them",
    arguments: [0, 1, 2, 3])
  func composedTabSelectedAfterPlainTab(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.plainFirst = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.selected = "b"
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: tabs.viewControllers?[1])?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A composed page first swiped to after the values changed, next to a plain page, appears with them",
    arguments: [0, 1, 2, 3])
  func composedPageAfterPlainPage(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.plainFirst = true
    let pages = TonePages(state)
    let window = show(pages)
    state.tone = "light"
    pages.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    #expect(pages.uikitModel.swipePage(.forward))
    await settle()
    #expect(leaf(of: pages.viewControllers?.first)?.shown == "light red")
    #expect(
      appearances() == ["b\(state.navigations ? ".root" : "").leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A composed destination pushed after the values changed, over a plain root, appears with them",
    arguments: [0, 1])
  func composedDestinationOverPlainRoot(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.plainFirst = true
    state.path = ["a2"]
    let stack = ToneStack(state)
    let window = show(stack)
    state.path = []
    stack.setNeedsCompose()
    await settle()
    state.tone = "light"
    stack.setNeedsCompose()
    await settle()
    ModelRuntime.clearEvents()
    state.path = ["b"]
    stack.setNeedsCompose()
    await settle()
    #expect(leaf(of: stack.topViewController)?.shown == "light red")
    #expect(appearances() == ["b.leaf.appears showing 'light red'"])
    _ = window
  }

  @Test(
    "A nested stack's root covered while the values change appears with them after a back pop",
    arguments: [false, true])
  func nestedStackRootAfterBackPop(onChild: Bool) async throws {
    let state = ToneState()
    state.onChild = onChild
    state.navigations = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    let navigation = try #require(tabs.viewControllers?.first as? ToneNavigation)
    navigation.path = ["x"]
    await settle()
    #expect(navigation.viewControllers.count == 2)
    state.tone = "light"
    state.palette = Palette(name: "blue")
    tabs.setNeedsCompose()
    await settle()
    #expect(leaf(of: navigation)?.shown == "light blue")
    ModelRuntime.clearEvents()
    #expect(navigation.uikitModel.beginInteractivePop())
    ModelRuntime.advance(by: 0.1)
    navigation.uikitModel.finishInteractivePop()
    await settle()
    #expect(navigation.path == [])
    #expect(leaf(of: navigation)?.shown == "light blue")
    #expect(appearances() == ["a.root.leaf.appears showing 'light blue'"])
    _ = window
  }

  @Test(
    "Values changed while a cover is dismissed reach the container it uncovers",
    arguments: [0, 1, 2, 3])
  func changeDuringCoverDismissal(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    state.style = .fullScreen
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "cover"
    presenter.setNeedsCompose()
    await settle()
    state.palette = Palette(name: "blue")
    presenter.setNeedsCompose()
    await settle()
    state.presented = nil
    presenter.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    state.tone = "light"
    presenter.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    await settle()
    #expect(presenter.presentedViewController == nil)
    #expect(leaf(of: presenter.children.first)?.shown == "light blue")
    _ = window
  }

  @Test("Values changed while a sheet is presented reach it", arguments: [0, 1, 2, 3])
  func changeDuringSheetPresentation(variant: Int) async throws {
    let state = ToneState()
    (state.onChild, state.navigations) = Self.variants[variant]
    let presenter = TonePresenter(state)
    let window = show(presenter)
    state.presented = "sheet"
    presenter.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    state.tone = "light"
    presenter.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    await settle()
    #expect(leaf(of: presenter.presentedViewController)?.shown == "light red")
    #expect(leaf(of: presenter.children.first)?.shown == "light red")
    _ = window
  }

  @Test("What a tab presents follows the values, a sheet or a cover", arguments: [false, true])
  func presentedByTab(fullScreen: Bool) async throws {
    let state = ToneState()
    state.presenting = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    let screen = try #require(tabs.viewControllers?.first as? PresentingToneScreen)
    screen.presents = fullScreen ? .fullScreen : .pageSheet
    await settle()
    let inner = try #require(screen.presentedViewController as? ToneScreen)
    #expect(inner.leaf?.shown == "dark red")
    state.tone = "light"
    tabs.setNeedsCompose()
    await settle()
    #expect(inner.leaf?.shown == "light red")
    ModelRuntime.clearEvents()
    // Another tab selected under the sheet or cover, then the first again.
    state.palette = Palette(name: "blue")
    tabs.setNeedsCompose()
    await settle()
    #expect(inner.leaf?.shown == "light blue")
    screen.presents = nil
    await settle()
    #expect(screen.presentedViewController == nil)
    _ = window
  }

  @Test(
    "Values changed during a nested stack's interactive pop reach both ends",
    arguments: [false, true])
  func changeDuringInteractivePop(finishes: Bool) async throws {
    let state = ToneState()
    state.navigations = true
    let tabs = ToneTabs(state)
    let window = show(tabs)
    let navigation = try #require(tabs.viewControllers?.first as? ToneNavigation)
    navigation.path = ["x"]
    await settle()
    let top = try #require(navigation.topViewController as? ToneScreen)
    let root = try #require(navigation.viewControllers.first as? ToneScreen)
    #expect(navigation.uikitModel.beginInteractivePop())
    ModelRuntime.advance(by: 0.05)
    state.tone = "light"
    tabs.setNeedsCompose()
    ModelRuntime.advance(by: 0.05)
    if finishes {
      navigation.uikitModel.finishInteractivePop()
    } else {
      navigation.uikitModel.cancelInteractivePop()
    }
    await settle()
    #expect(root.leaf?.shown == "light red")
    if !finishes {
      #expect(top.leaf?.shown == "light red")
      ModelRuntime.clearEvents()
      navigation.path = []
      await settle()
      #expect(appearances() == ["a.root.leaf.appears showing 'light red'"])
    }
    _ = window
  }
}
#endif
