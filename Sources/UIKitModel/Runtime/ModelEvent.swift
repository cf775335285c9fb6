/// One callback made by the model, as a line of the event log.
///
/// The text form is `subject.callback`, for example `child.viewWillAppear(false)` or
/// `child.willMove(toParent: parent)`, where names are ``ModelInspection/name``s.
public struct ModelEvent: Hashable, Sendable, CustomStringConvertible {
  /// The group an event belongs to, used to filter the log.
  public struct Category: Hashable, Sendable, CustomStringConvertible {
    /// The category's name, as shown in ``description``.
    public let name: String

    /// `loadView()` and `viewDidLoad()`.
    public static let loading = Category(name: "loading")
    /// `willMove(toParent:)` and `didMove(toParent:)`.
    public static let containment = Category(name: "containment")
    /// `viewWillAppear(_:)`, `viewIsAppearing(_:)`, `viewDidAppear(_:)`,
    /// `viewWillDisappear(_:)` and `viewDidDisappear(_:)`.
    public static let appearance = Category(name: "appearance")
    /// `viewWillLayoutSubviews()`, `layoutSubviews()` and `viewDidLayoutSubviews()`.
    public static let layout = Category(name: "layout")
    /// View hierarchy hooks: `willMove(toSuperview:)`, `didMoveToWindow()` and the like.
    public static let view = Category(name: "view")
    /// The start and completion of animations and transitions.
    public static let animation = Category(name: "animation")
    /// Status bar, home indicator, preferred content size, size and trait transitions.
    public static let forwarding = Category(name: "forwarding")
    /// Memory warnings.
    public static let system = Category(name: "system")
    /// Messages UIKit's containers and presentations send their delegates, such as a navigation
    /// controller's `navigationController(_:willShow:animated:)`, logged as
    /// `nav.delegate.navigationController(willShow: top, animated: true)` (the subject is the
    /// delegate, named after its owner: `tabs.delegate`,
    /// `sheet.presentationController.delegate`).
    public static let delegate = Category(name: "delegate")
    /// Lines added by ``ModelRuntime/annotate(_:_:)``.
    public static let annotation = Category(name: "annotation")

    /// The view controller lifecycle: loading, containment, appearance and the containers'
    /// delegate messages (and annotations).
    public static let lifecycle: Set<Category> = [
      .loading, .containment, .appearance, .delegate, .annotation,
    ]
    /// Every category.
    public static let all: Set<Category> = [
      .loading, .containment, .appearance, .delegate, .layout, .view, .animation, .forwarding,
      .system, .annotation,
    ]

    /// The category's name.
    public var description: String { name }
  }

  /// The kind of callback.
  public let category: Category
  /// The ``ModelInspection/name`` of the object that received the callback.
  public let subject: String
  /// The callback with its arguments, for example `viewWillAppear(false)`.
  public let callback: String

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - category: The kind of callback.
  ///   - subject: The name of the object that received it.
  ///   - callback: The callback with its arguments.
  public init(category: Category, subject: String, callback: String) {
    self.category = category
    self.subject = subject
    self.callback = callback
  }

  /// The event as one line: `subject.callback`.
  public var description: String { "\(subject).\(callback)" }
}
