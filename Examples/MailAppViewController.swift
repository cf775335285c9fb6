public import Compose
public import Observation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A message of ``MailModel``.
public struct MailMessage: Identifiable, Hashable, Sendable {
  /// The message's identifier.
  public let id: Int
  /// The mailbox the message is in.
  public var mailbox: Mailbox
  /// The subject line.
  public var subject: String

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - id: The message's identifier.
  ///   - mailbox: The mailbox the message is in.
  ///   - subject: The subject line.
  public init(id: Int, mailbox: Mailbox, subject: String) {
    self.id = id
    self.mailbox = mailbox
    self.subject = subject
  }
}

/// A mailbox: one tab of ``MailTabBarController``.
public enum Mailbox: String, Hashable, CaseIterable, Sendable {
  /// The messages received.
  case inbox
  /// The messages put away.
  case archive
}

/// The state of the mail app: the messages, the selected tab, what each tab's navigation stack
/// shows, and the message being edited.
///
/// Every screen of the app is declared from it: a change here is a change on screen, and what the
/// user does in UIKit (a tab tapped, the back button, a sheet swiped down) is written back here.
///
/// It is `Observable` as a class marked `@Observable` is, written out so that the example builds
/// with the `Observation` of every SDK the package supports (the macro's expansion follows the
/// compiler, and differs from what older SDKs declare).
@MainActor
public final class MailModel: Observable {
  private let registrar = ObservationRegistrar()
  private var storedMessages: [MailMessage]
  private var storedSelectedMailbox = Mailbox.inbox
  private var storedPaths: [Mailbox: [MailMessage.ID]] = [:]
  private var storedEditing: MailMessage.ID?

  /// The messages, in every mailbox.
  public var messages: [MailMessage] {
    get {
      registrar.access(self, keyPath: \.messages)
      return storedMessages
    }
    set { registrar.withMutation(of: self, keyPath: \.messages) { storedMessages = newValue } }
  }

  /// The tab shown.
  public var selectedMailbox: Mailbox {
    get {
      registrar.access(self, keyPath: \.selectedMailbox)
      return storedSelectedMailbox
    }
    set {
      registrar.withMutation(of: self, keyPath: \.selectedMailbox) {
        storedSelectedMailbox = newValue
      }
    }
  }

  /// The messages pushed on each mailbox's navigation stack, bottom to top.
  public var paths: [Mailbox: [MailMessage.ID]] {
    get {
      registrar.access(self, keyPath: \.paths)
      return storedPaths
    }
    set { registrar.withMutation(of: self, keyPath: \.paths) { storedPaths = newValue } }
  }

  /// The message presented in the editor, if any.
  public var editing: MailMessage.ID? {
    get {
      registrar.access(self, keyPath: \.editing)
      return storedEditing
    }
    set { registrar.withMutation(of: self, keyPath: \.editing) { storedEditing = newValue } }
  }

  /// Creates the state with some messages.
  ///
  /// - Parameter messages: The messages.
  public init(messages: [MailMessage]) {
    storedMessages = messages
  }

  /// The messages of one mailbox.
  ///
  /// - Parameter mailbox: The mailbox.
  /// - Returns: Its messages, in order.
  public func messages(in mailbox: Mailbox) -> [MailMessage] {
    messages.filter { $0.mailbox == mailbox }
  }

  /// The message with an identifier, if there is one.
  ///
  /// - Parameter id: The identifier.
  /// - Returns: The message.
  public func message(_ id: MailMessage.ID) -> MailMessage? {
    messages.first { $0.id == id }
  }

  /// Opens a message: pushes it on its mailbox's stack.
  ///
  /// - Parameter id: The message's identifier.
  public func open(_ id: MailMessage.ID) {
    guard let mailbox = message(id)?.mailbox else { return }
    paths[mailbox, default: []].append(id)
  }

  /// Saves a new subject for the message being edited and closes the editor.
  ///
  /// - Parameter subject: The new subject.
  public func saveEdit(subject: String) {
    if let editing, let index = messages.firstIndex(where: { $0.id == editing }) {
      messages[index].subject = subject
    }
    editing = nil
  }
}

/// The root of the mail app: a tab per mailbox, each tab a navigation stack from the list of its
/// messages to a message, and a modal editor over everything.
///
/// All of it is declared from a ``MailModel``: ``Tabs`` picks the tab, each
/// ``MailboxNavigationController`` declares its ``NavigationStack``, and a ``Presentation`` shows
/// the editor while ``MailModel/editing`` is set (as a sheet, UIKit's automatic style on iOS). Taps
/// on tabs, the back button and a swipe on the editor are written back to the model.
///
/// ```swift
/// let model = MailModel(messages: messages)
/// window.rootViewController = MailTabBarController(model: model)
/// model.open(3)  // pushes message 3 in its mailbox's tab
/// model.editing = 3  // presents the editor over the app
/// ```
public final class MailTabBarController: ComposedTabBarController {
  /// The state the app is declared from.
  public let model: MailModel

  /// Creates the app's root.
  ///
  /// - Parameter model: The state the app is declared from.
  public init(model: MailModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  /// Not supported: the app is made in code.
  ///
  /// - Parameter coder: Unused.
  public required init?(coder: NSCoder) { nil }

  /// One tab per mailbox, and the editor presented over them.
  @CompositionBuilder public override var composition: CompositionContent {
    Tabs(Mailbox.allCases, id: \.self, selection: model.selectedMailbox) { mailbox in
      Child { MailboxNavigationController(model: self.model, mailbox: mailbox) }
    }
    .onSelect { self.model.selectedMailbox = $0 }
    Presentation("editor", item: model.editing, id: \.self) { id in
      Child(input: model.message(id)?.subject ?? "") {
        MessageEditorViewController()
      } update: { editor, subject in
        editor.subject = subject
        editor.onSave = { [model = self.model] in model.saveEdit(subject: $0) }
        editor.onCancel = { [model = self.model] in model.editing = nil }
      }
    }
    .onDismiss { self.model.editing = nil }
  }
}

/// The navigation stack of one mailbox: its message list, then the messages opened from it.
public final class MailboxNavigationController: ComposedNavigationController {
  /// The state the stack is declared from.
  public let model: MailModel
  /// The mailbox whose messages the stack shows.
  public let mailbox: Mailbox

  /// Creates the stack of a mailbox.
  ///
  /// - Parameters:
  ///   - model: The state the stack is declared from.
  ///   - mailbox: The mailbox.
  public init(model: MailModel, mailbox: Mailbox) {
    self.model = model
    self.mailbox = mailbox
    super.init(nibName: nil, bundle: nil)
  }

  /// Not supported: the stack is made in code.
  ///
  /// - Parameter coder: Unused.
  public required init?(coder: NSCoder) { nil }

  /// The list at the root, and one message per element of the mailbox's path.
  @CompositionBuilder public override var composition: CompositionContent {
    NavigationStack(path: model.paths[mailbox] ?? [], id: \.self) {
      Child(input: model.messages(in: mailbox)) {
        MessageListViewController()
      } update: { list, messages in
        list.messages = messages
        list.onOpen = { [model = self.model] in model.open($0) }
      }
    } destination: { id in
      Child(input: model.message(id)) {
        MessageViewController()
      } update: { detail, message in
        detail.message = message
        detail.onEdit = { [model = self.model] in model.editing = id }
      }
    }
    .onPop { self.model.paths[self.mailbox] = $0 }
  }
}

/// The list of a mailbox's messages.
public final class MessageListViewController: UIViewController {
  /// The messages listed.
  public var messages: [MailMessage] = []
  /// Called when the user opens a message.
  public var onOpen: @MainActor (MailMessage.ID) -> Void = { _ in }

  /// Sets the background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}

/// One message, with an action to edit it.
public final class MessageViewController: UIViewController {
  /// The message shown; `nil` once it no longer exists.
  public var message: MailMessage? {
    didSet { title = message?.subject }
  }
  /// Called when the user asks to edit the message.
  public var onEdit: @MainActor () -> Void = {}

  /// Sets the background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}

/// The editor of a message's subject, presented modally.
public final class MessageEditorViewController: UIViewController {
  /// The subject being edited.
  public var subject = ""
  /// Called with the new subject when the user saves.
  public var onSave: @MainActor (String) -> Void = { _ in }
  /// Called when the user cancels.
  public var onCancel: @MainActor () -> Void = {}

  /// Sets the background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}
