#if Macros && !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The code of the DocC article "Using the macros" (UsingTheMacros.md), compiled as written.

private struct Message: Identifiable {
  var id: Int
}

private final class MessageListViewController: UIViewController {}

private final class MessageViewController: UIViewController {
  let id: Message.ID

  init(id: Message.ID) {
    self.id = id
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class ReaderPageViewController: UIViewController {}

private final class ButtonViewController: UIViewController {}

private final class FolderViewController: UIViewController {
  let name: String

  init(name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class BadgeViewController: UIViewController {
  var tint = ""
}

// MARK: - Declaring a container

@Composed
private final class InboxViewController: UIViewController {
  var selection: Message.ID? {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder var body: CompositionContent {
    Slot("list") { Child { MessageListViewController() } }
    Slot("detail") {
      if let selection {
        Child { MessageViewController(id: selection) }.id(selection)
      }
    }
  }
}

// MARK: - Keeping your own overrides

@Composed
private final class ReaderViewController: UIViewController {
  var opened = 0

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    composeViewWillAppear(animated)
    opened += 1
  }

  @CompositionBuilder var body: CompositionContent {
    Slot("page") { Child { ReaderPageViewController() } }
  }
}

// MARK: - Identity mistakes

/// The article's mistakes, in a body without macro, where only the run-time checks see them.
private struct Mistakes: Composition {
  var body: CompositionContent {
    Slot("toolbar") {
      Child { ButtonViewController() }.id("send")
      Child { ButtonViewController() }.id("send")
    }
    Slot("folders") {
      ForEach(["inbox", "sent", "inbox"], id: \.self) { name in
        Child { FolderViewController(name: name) }
      }
    }
  }
}

// MARK: - Environment values

extension EnvironmentValues {
  @Entry var accentName: String = "blue"
  @Entry var signedInUser: String?
}

@Composed
private final class ProfileBadgeViewController: UIViewController {
  @CompositionBuilder var body: CompositionContent {
    Slot("profile") {
      EnvironmentReader { values in
        Child {
          BadgeViewController()
        } update: {
          $0.tint = values.accentName
        }
      }
    }
    .environment(\.accentName, "green")
  }
}

@MainActor
@Suite("Using the macros article", .isolatedModel)
struct UsingTheMacrosTests {
  @Test("The @Composed inbox shows its list, then the selected message")
  func inbox() async {
    let inbox = InboxViewController()
    let harness = await ContainerHarness(showing: inbox, name: "inbox")
    #expect(inbox.children.map { "\(type(of: $0))" } == ["MessageListViewController"])
    await harness.expectEvents(
      of: ["detail.7"],
      """
      detail.7.willMove(toParent: inbox)
      detail.7.loadView()
      detail.7.viewDidLoad()
      detail.7.viewWillAppear(false)
      detail.7.viewIsAppearing(false)
      detail.7.viewDidAppear(false)
      detail.7.didMove(toParent: inbox)
      """
    ) {
      inbox.selection = 7
    }
  }

  @Test("The reader's own viewWillAppear runs, and its page appears with it")
  func reader() async {
    let reader = ReaderViewController()
    let harness = await ContainerHarness(showing: reader, name: "reader")
    #expect(reader.opened == 1)
    #expect(reader.children.first is ReaderPageViewController)
    harness.expectInvariants()
  }

  @Test("The mistakes the macros report are the ones the run-time checks report")
  func mistakes() {
    let tree = CompositionTree(Mistakes().compositionContent)
    #expect(
      tree.diagnostics.map(\.id) == [.duplicateChildIdentity, .duplicateKey])
  }

  @Test("An @Entry value set above a slot reaches its child's update")
  func environment() async throws {
    let profile = ProfileBadgeViewController()
    _ = await ContainerHarness(showing: profile, name: "profile")
    let badge = try #require(profile.children.first as? BadgeViewController)
    #expect(badge.tint == "green")
    var values = EnvironmentValues()
    #expect(values.accentName == "blue")
    #expect(values.signedInUser == nil)
    values.signedInUser = "ada"
    #expect(values.signedInUser == "ada")
  }
}
#endif
