#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
// Composed children whose composers start while their parent adds them, or while their parent
// is stopped: their parent nests, and they follow its environment.
import ComposeTesting
import Testing
import UIKitModel

@testable import Compose

private struct ShadeKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var shade: String {
    get { self[ShadeKey.self] }
    set { self[ShadeKey.self] = newValue }
  }
}

@MainActor
private final class ShadeLeaf: UIViewController {
  var headline = ""
}

/// A composed container configured by a property whose `didSet` calls `setNeedsCompose()`.
///
/// The documented pattern: its (lazy) composer is made the first time the property is set.
@MainActor
private final class ConfiguredChildLevel: ComposedViewController {
  var note = "" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child {
        ShadeLeaf()
      } update: { leaf, environment in
        leaf.headline = environment.shade
      }
    }
  }
}

/// A parent that configures its composed child from an update closure.
@MainActor
private final class ConfiguringLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") {
      Child {
        ConfiguredChildLevel()
      } update: {
        $0.note = "configured"
      }
    }
    .environment(\.shade, theme)
  }
}

/// The same with Child(input:).
@MainActor
private final class InputConfiguringLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") {
      Child(input: "configured") {
        ConfiguredChildLevel()
      } update: { child, note in
        child.note = note
      }
    }
    .environment(\.shade, theme)
  }
}

/// A tab bar whose selected tab is a composed container configured by an update closure.
@MainActor
private final class ConfiguringTabs: ComposedTabBarController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs(["composed", "other"], id: \.self, selection: "composed") { tab in
      if tab == "composed" {
        Child {
          ConfiguredChildLevel()
        } update: {
          $0.note = "configured"
        }
      } else {
        Child { UIViewController() }
      }
    }
    .environment(\.shade, theme)
  }
}

/// Shows `container`, finds the composed child `child` returns and its leaf, and checks that the
/// leaf shows the dark shade, then the light one once `setShade` sets it, in the same leaf.
@MainActor
private func checkChildFollowsShade(
  of container: UIViewController, setShade: (String) -> Void,
  child: () -> ConfiguredChildLevel?, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let window = show(container)
  let composed = try #require(child(), sourceLocation: sourceLocation)
  let leaf = try #require(composed.children.first as? ShadeLeaf, sourceLocation: sourceLocation)
  #expect(leaf.headline == "dark", sourceLocation: sourceLocation)
  setShade("light")
  ModelRuntime.runUntilIdle()
  #expect(composed.children.first === leaf, sourceLocation: sourceLocation)
  #expect(leaf.headline == "light", sourceLocation: sourceLocation)
  _ = window
}

@MainActor
@Suite("Data flow: children that start composing in their update", .isolatedModel)
struct ComposingInUpdateTests {
  @Test("A composed child configured by its update closure follows the environment")
  func updateConfiguredChild() throws {
    startRecordingModel()
    let first = ConfiguringLevel()
    try checkChildFollowsShade(
      of: first, setShade: { first.theme = $0 },
      child: { first.children.first as? ConfiguredChildLevel })
  }

  @Test("A composed child configured by Child(input:) follows the environment")
  func inputConfiguredChild() throws {
    startRecordingModel()
    let first = InputConfiguringLevel()
    try checkChildFollowsShade(
      of: first, setShade: { first.theme = $0 },
      child: { first.children.first as? ConfiguredChildLevel })
  }

  @Test("A composed tab configured by its update closure follows the environment")
  func updateConfiguredTab() throws {
    startRecordingModel()
    let tabs = ConfiguringTabs()
    try checkChildFollowsShade(
      of: tabs, setShade: { tabs.theme = $0 },
      child: { tabs.viewControllers?.first as? ConfiguredChildLevel })
  }
}

@MainActor
private final class LateShadedChild: UIViewController {
  private var composer: Composer?

  func startComposing() {
    let composer = Composer(container: self) {
      Slot("leaf") {
        Child {
          ShadeLeaf()
        } update: { leaf, environment in
          leaf.headline = environment.shade
        }
      }
    }
    self.composer = composer
    composer.setNeedsCompose()
  }
}

/// A parent whose declaration invalidates itself while `loops`, so that its composer stops.
@MainActor
private final class LoopingShadeLevel: ComposedViewController {
  var theme = "dark" {
    didSet { setNeedsCompose() }
  }
  var loops = false
  let late = LateShadedChild()

  @CompositionBuilder override var composition: CompositionContent {
    Slot("top") { Child { self.late } }
      .environment(\.shade, theme)
    Slot("looper") {
      Child {
        UIViewController()
      } update: { _ in
        if self.loops { self.setNeedsCompose() }
      }
    }
  }
}

@MainActor
@Suite(
  "Data flow: a child that starts composing under a stopped parent",
  .isolatedModel(diagnostics: .allowed))
struct StoppedParentNestingTests {
  @Test("A child that starts composing while its parent is stopped gets the parent's values")
  func childStartingUnderStoppedParent() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    // Another composer in the app, unrelated.
    let other = UIViewController()
    let otherComposer = Composer(container: other) { Slot("x") { Child { UIViewController() } } }
    let first = LoopingShadeLevel()
    let window = show(first)
    #expect(first.late.parent === first)
    first.loops = true
    first.theme = "light"
    ModelRuntime.runUntilIdle()
    #expect(first.composer.diagnostics.contains { $0.id == .compositionLoop })
    first.late.startComposing()
    ModelRuntime.runUntilIdle()
    let leaf = try #require(first.late.children.first as? ShadeLeaf)
    #expect(leaf.headline == "light")
    _ = window
    _ = otherComposer
  }
}
#endif
