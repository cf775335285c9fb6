#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

private struct ShadeKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var shade: String {
    get { self[ShadeKey.self] }
    set { self[ShadeKey.self] = newValue }
  }
}

/// A composed container whose one child records the shade each composition gives it.
@MainActor
private final class ColumnScreen: ComposedViewController {
  var shades: [String] = []

  @CompositionBuilder override var composition: CompositionContent {
    Slot("leaf") {
      Child {
        UIViewController()
      } update: { [unowned self] (_: UIViewController, environment: EnvironmentValues) in
        shades.append(environment.shade)
      }
    }
  }
}

/// A split view controller that shows a column screen as its child, as a column is one (the
/// model has the type only, so the column is added by hand).
@MainActor
private final class OneColumnSplitViewController: UISplitViewController {
  let column = ColumnScreen()

  override func viewDidLoad() {
    super.viewDidLoad()
    addChild(column)
    view.addSubview(column.view)
    column.didMove(toParent: self)
  }
}

/// A screen that declares a split view controller, or a column screen, in a slot with a shade.
@MainActor
private final class ShadedScreen: ComposedViewController {
  let declaresSplitView: Bool
  var split: OneColumnSplitViewController?
  var column: ColumnScreen?

  init(declaresSplitView: Bool) {
    self.declaresSplitView = declaresSplitView
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") {
      if declaresSplitView {
        Child { [unowned self] in
          let split = OneColumnSplitViewController()
          self.split = split
          return split
        }
      } else {
        Child { [unowned self] in
          let column = ColumnScreen()
          self.column = column
          return column
        }
      }
    }
    .environment(\.shade, "dark")
  }
}

@MainActor
@Suite("A composed container in a split view's column", .isolatedModel)
struct SplitViewColumnTests {
  @Test(
    "A composed container declared in a slot starts from the slot's values; one in the column of a declared split view starts from the defaults"
  )
  func environmentStopsAtTheSplitView() async throws {
    let direct = ShadedScreen(declaresSplitView: false)
    let directHarness = await ContainerHarness(showing: direct)
    let throughSplitView = ShadedScreen(declaresSplitView: true)
    let splitHarness = await ContainerHarness(showing: throughSplitView)

    #expect(try #require(direct.column).shades == ["dark"])
    #expect(try #require(throughSplitView.split).column.shades == ["plain"])
    withExtendedLifetime((directHarness, splitHarness)) {}
  }
}
#endif
