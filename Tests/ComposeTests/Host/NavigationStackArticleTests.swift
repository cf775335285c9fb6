#if !canImport(UIKit)
// The code of the article "Declaring a navigation stack", run against UIKitModel.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

private struct Message: Identifiable, Equatable {
  let id: Int
  var subject: String
}

@MainActor
@Observable
private final class InboxModel {
  var messages = [Message(id: 1, subject: "Hello"), Message(id: 2, subject: "Invoice")]
  var path: [Message.ID] = []

  func message(_ id: Message.ID) -> Message? {
    messages.first { $0.id == id }
  }
}

private final class InboxViewController: UIViewController {
  var messages: [Message] = []
}

private final class MessageViewController: UIViewController {
  var message: Message?
}

@MainActor
private final class InboxNavigationController: ComposedNavigationController {
  let model: InboxModel  // @Observable, with `var path: [Message.ID]`

  init(model: InboxModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: model.path, id: \.self) {
      Child {
        InboxViewController()
      } update: {
        $0.messages = self.model.messages
      }
    } destination: { id in
      Child(input: self.model.message(id)) {
        MessageViewController()
      } update: {
        $0.message = $1
      }
    }
    .onPop { self.model.path = $0 }
  }
}

@MainActor
@Suite("Article: declaring a navigation stack", .isolatedModel)
struct NavigationStackArticleTests {
  @Test("The article's navigation controller pushes, pops and writes the back button back")
  func article() async throws {
    let model = InboxModel()
    let navigation = InboxNavigationController(model: model)
    let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
    await harness.expectTrace(
      """
      update 'navigation' 1.#2 MessageViewController
      push 'navigation' 1.#2 MessageViewController animated
      update 'navigation' 0 InboxViewController
      """
    ) { model.path = [2] }
    let top = try #require(navigation.topViewController as? MessageViewController)
    #expect(top.message?.subject == "Invoice")
    await harness.expectTrace("update 'navigation' 0 InboxViewController") {
      #expect(navigation.uikitModel.beginInteractivePop())
      navigation.uikitModel.finishInteractivePop()
    }
    #expect(model.path.isEmpty)
    #expect(navigation.viewControllers.count == 1)
  }
}
#endif
