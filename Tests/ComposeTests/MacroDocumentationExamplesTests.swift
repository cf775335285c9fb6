#if Macros && !canImport(UIKit)
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The code examples of the `///` comments of `Composed()`, `Entry()` and `ComposedContainer`,
// compiled as written, each in a namespace that declares what it uses.

private struct User: Identifiable {
  var id: Int
}

private final class AvatarViewController: UIViewController {}

private final class DetailsViewController: UIViewController {
  let user: User

  init(_ user: User) {
    self.user = user
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// From `Composed()`'s documentation.
private enum ComposedExample {
  @Composed
  final class ProfileViewController: UIViewController {
    var user: User? {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder var body: CompositionContent {
      Slot("header") { Child { AvatarViewController() } }
      Slot("content") {
        if let user { Child { DetailsViewController(user) }.id(user.id) }
      }
    }
  }
}

/// From `ComposedContainer`'s documentation: the conformance written by hand.
private enum ComposedContainerExample {
  final class ProfileViewController: UIViewController, ComposedContainer {
    private(set) lazy var composer = Composer(container: self) { [unowned self] in body }

    @CompositionBuilder var body: CompositionContent {
      Slot("header") { Child { AvatarViewController() } }
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      composeViewDidLoad()
    }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      composeViewWillAppear(animated)
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      composeViewDidAppear(animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
      super.viewWillDisappear(animated)
      composeViewWillDisappear(animated)
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      composeViewDidDisappear(animated)
    }
  }
}

private struct Account {}

/// From `Entry()`'s documentation.
extension EnvironmentValues {
  @Entry fileprivate var tintName: String = "blue"
  @Entry fileprivate var account: Account?
}

@MainActor
@Suite("Macro documentation examples", .isolatedModel)
struct MacroDocumentationExamplesTests {
  @Test("The @Composed example and the hand-written conformance make the same children")
  func composedExamples() async {
    let macro = ComposedExample.ProfileViewController()
    macro.user = User(id: 1)
    _ = await ContainerHarness(showing: macro)
    #expect(
      macro.children.map { "\(type(of: $0))" } == ["AvatarViewController", "DetailsViewController"])
    let byHand = ComposedContainerExample.ProfileViewController()
    _ = await ContainerHarness(showing: byHand)
    #expect(byHand.children.map { "\(type(of: $0))" } == ["AvatarViewController"])
  }

  @Test("The @Entry example's values read their defaults")
  func entryExample() {
    let values = EnvironmentValues()
    #expect(values.tintName == "blue")
    #expect(values.account == nil)
  }
}
#endif
