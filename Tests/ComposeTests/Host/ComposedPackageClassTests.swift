#if Macros && !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
package import Compose
import ComposeTesting
import Testing
package import UIKitModel

/// A package class: the macro's overrides and composer are package too, as the compiler requires
/// of an override and of a requirement of `ComposedContainer` in a package class.
@Composed
@MainActor
package final class PackageScreen: UIViewController {
  @CompositionBuilder var body: CompositionContent {
    Slot("content") { Child { ListViewController() } }
  }
}

@MainActor
@Suite("@Composed on a package class", .isolatedModel)
struct ComposedPackageClassTests {
  @Test("A package class composes before it appears, as any other")
  func packageClass() async {
    let harness = await ContainerHarness(showing: PackageScreen())
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
  }
}
#endif
