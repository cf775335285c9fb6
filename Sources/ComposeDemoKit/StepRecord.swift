#if !canImport(UIKit)
public import Foundation

/// What one step of a scenario did, ready to be rendered: the change, the plan, the callbacks,
/// and the hierarchy afterwards.
public struct StepRecord: Hashable, Sendable {
  /// The step's number, from 1; step 1 shows the container in a window.
  public var number: Int
  /// The change as code.
  public var change: String
  /// What to look for in the step's output.
  public var explanation: String
  /// The virtual time after the step, in seconds.
  public var time: TimeInterval
  /// The plan steps each composer performed, in order, as `container: step` pairs.
  public var plan: [PlanLine]
  /// The UIKit callbacks made during the step, in order, as `subject.callback` lines.
  public var events: [Event]
  /// The view-controller hierarchy after the step, one controller per node.
  public var controllers: ControllerNode
  /// The window's view tree after the step, with frames in window coordinates.
  public var views: ViewNode
  /// Notes the step added, such as a comparison with another approach.
  public var notes: [String]
  /// The mistakes reported during the step: the composers' diagnostics, the model's diagnostics
  /// and the exceptions it recorded; empty in every scenario.
  public var problems: [String]

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - number: The step's number, from 1.
  ///   - change: The change as code.
  ///   - explanation: What to look for.
  ///   - time: The virtual time after the step.
  ///   - plan: The plan steps performed.
  ///   - events: The callbacks made.
  ///   - controllers: The view-controller hierarchy afterwards.
  ///   - views: The view tree afterwards.
  ///   - notes: Notes the step added.
  ///   - problems: The mistakes reported.
  public init(
    number: Int, change: String, explanation: String, time: TimeInterval, plan: [PlanLine],
    events: [Event], controllers: ControllerNode, views: ViewNode, notes: [String] = [],
    problems: [String] = []
  ) {
    self.number = number
    self.change = change
    self.explanation = explanation
    self.time = time
    self.plan = plan
    self.events = events
    self.controllers = controllers
    self.views = views
    self.notes = notes
    self.problems = problems
  }

  /// One plan step performed by one container's composer.
  public struct PlanLine: Hashable, Sendable {
    /// The name of the container whose composer performed the step.
    public var container: String
    /// The step in the plan's text form, for example `add-child 'tab' first FeedViewController`.
    public var step: String

    /// Creates a plan line.
    ///
    /// - Parameters:
    ///   - container: The container's name.
    ///   - step: The step's text.
    public init(container: String, step: String) {
      self.container = container
      self.step = step
    }
  }

  /// One callback the model made.
  public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// The kind of callback, which decides its colour and its arrow in a sequence diagram.
    public enum Kind: String, Hashable, Sendable {
      /// `loadView()` and `viewDidLoad()`.
      case loading
      /// `willMove(toParent:)` and `didMove(toParent:)`.
      case containment
      /// The appearance callbacks.
      case appearance
      /// The start and completion of an animation or a transition.
      case animation
      /// A memory warning.
      case system
    }

    /// The kind of callback.
    public var kind: Kind
    /// The name of the object that received it.
    public var subject: String
    /// The callback with its arguments.
    public var callback: String

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - kind: The kind of callback.
    ///   - subject: The receiver's name.
    ///   - callback: The callback with its arguments.
    public init(kind: Kind, subject: String, callback: String) {
      self.kind = kind
      self.subject = subject
      self.callback = callback
    }

    /// `subject.callback`.
    public var description: String { "\(subject).\(callback)" }
  }

  /// A view controller in the hierarchy after a step.
  public struct ControllerNode: Hashable, Sendable {
    /// The controller's name in the output.
    public var name: String
    /// Its appearance state: `appeared`, `disappeared`, `appearing` or `disappearing`.
    public var appearance: String
    /// Its root view's frame in window coordinates, or `nil` when the view is not in the window.
    public var frame: CGRect?
    /// Its children, in order.
    public var children: [ControllerNode]

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - name: The controller's name.
    ///   - appearance: Its appearance state.
    ///   - frame: Its root view's frame in window coordinates, if the view is in the window.
    ///   - children: Its children.
    public init(name: String, appearance: String, frame: CGRect?, children: [ControllerNode] = []) {
      self.name = name
      self.appearance = appearance
      self.frame = frame
      self.children = children
    }
  }

  /// A view in the window after a step.
  public struct ViewNode: Hashable, Sendable {
    /// What the view is: a controller's root view (`feedTab`), a stack view (`UIStackView`), or
    /// another view (its type).
    public var label: String
    /// Whether the view is a view controller's root view.
    public var isControllerView: Bool
    /// The view's frame in window coordinates.
    public var frame: CGRect
    /// Its visible subviews with a size, in order.
    public var subviews: [ViewNode]

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - label: What the view is.
    ///   - isControllerView: Whether it is a controller's root view.
    ///   - frame: Its frame in window coordinates.
    ///   - subviews: Its subviews.
    public init(label: String, isControllerView: Bool, frame: CGRect, subviews: [ViewNode] = []) {
      self.label = label
      self.isControllerView = isControllerView
      self.frame = frame
      self.subviews = subviews
    }
  }
}
#endif
