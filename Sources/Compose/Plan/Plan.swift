/// The ordered containment steps that take a container from what it has mounted to a new
/// declaration.
///
/// A plan is a value: it is `Equatable` and has a stable text form with one step per line, so a
/// screen's reconciliation can be unit-tested with no UIKit at all.
///
/// ```swift
/// let plan = Plan(from: Screen(isLoading: true), to: Screen(isLoading: false))
/// #expect(plan.description == """
///   will-move-to-nil 'content' first SpinnerViewController
///   remove-view 'content' first SpinnerViewController
///   remove-from-parent 'content' first SpinnerViewController
///   add-child 'content' second ListViewController
///   insert-view 'content' second ListViewController at 0
///   layout 'content' second ListViewController fill
///   did-move 'content' second ListViewController
///   """)
/// ```
///
/// Steps come slot by slot, in the order the new declaration lists its slots, then the slots that
/// were removed. Within a slot: first the removals (and kept-alive children leaving), in their old
/// order; then, in the new order, each arriving child's sequence (`update` first when the child
/// has an update closure: make, update, then the containment calls), each move and each update.
/// A presentation's `present` steps come last, after every `dismiss`: UIKit is asked to present
/// once the plan's other steps are made and a dismissal it runs has ended.
public struct Plan: Equatable, CustomStringConvertible {
  /// The steps, in the order they are to be performed.
  public let steps: [Step]
  /// Mistakes found in the declarations or in the container.
  public let diagnostics: [Diagnostic]

  /// Creates a plan from steps.
  ///
  /// - Parameters:
  ///   - steps: The steps.
  ///   - diagnostics: Mistakes found while planning.
  public init(steps: [Step], diagnostics: [Diagnostic] = []) {
    self.steps = steps
    self.diagnostics = diagnostics
  }

  /// How many operations of each kind the plan performs.
  public var summary: Summary {
    var summary = Summary()
    for step in steps {
      switch step.action {
      case .addChild: summary.additions += 1
      case .removeFromParent: summary.removals += 1
      case .moveView: summary.moves += 1
      case .update: summary.updates += 1
      case .swap: summary.swaps += 1
      case .detachView: summary.detachments += 1
      case .attachView: summary.attachments += 1
      default: break
      }
    }
    return summary
  }

  /// Whether the plan changes the controller or view hierarchy: `false` when it has no step, or
  /// only `update` steps.
  public var changesHierarchy: Bool {
    steps.contains { if case .update = $0.action { false } else { true } }
  }

  /// One step per line.
  public var description: String {
    steps.map(\.description).joined(separator: "\n")
  }

  /// Counts of operations in a plan.
  ///
  /// An addition is one `add-child` sequence, a removal one `remove-from-parent` sequence.
  public struct Summary: Hashable, Sendable, CustomStringConvertible {
    /// Children made and added.
    public var additions = 0
    /// Children removed from the container.
    public var removals = 0
    /// Views moved within their slot.
    public var moves = 0
    /// Live children brought up to date.
    public var updates = 0
    /// Animated swaps.
    public var swaps = 0
    /// Kept-alive children whose views left the hierarchy.
    public var detachments = 0
    /// Kept-alive children whose views came back.
    public var attachments = 0

    /// Creates an empty summary.
    public init() {}

    /// `additions 1, removals 1, moves 0, …`.
    public var description: String {
      "additions \(additions), removals \(removals), moves \(moves), updates \(updates), "
        + "swaps \(swaps), detachments \(detachments), attachments \(attachments)"
    }
  }
}

extension Plan {
  /// One containment or view operation on one child.
  public struct Step: Hashable, CustomStringConvertible {
    /// What the step does.
    public enum Action: Hashable {
      /// `addChild(_:)` with a controller made by the child's factory.
      case addChild
      /// Puts the child's root view in its slot, at a position among the slot's children: right
      /// after the view of the child before it in the new order.
      case insertView(at: Int)
      /// Applies the slot's layout to the child's root view.
      case layout(String)
      /// `didMove(toParent:)` with the container.
      case didMove
      /// `willMove(toParent: nil)`.
      case willMoveToNil
      /// Removes the child's root view and its constraints.
      case removeView
      /// `removeFromParent()`.
      case removeFromParent
      /// Moves the child's root view to a new position in its slot; no containment call.
      case moveView(to: Int)
      /// Runs the child's update closure on its controller; no containment call.
      ///
      /// For a kept child, it brings the live controller up to date. For an arriving child that
      /// has an update closure, it comes right before the child's `add-child` (or the `swap`
      /// that brings it in): the factory makes the controller, the update closure gives it the
      /// current values, then the containment calls begin — make, update, add, as SwiftUI's
      /// representables do. A child therefore shows current values from its first appearance,
      /// and its factory need not repeat what its update sets. A hidden child that comes back
      /// is updated the same way, right before its `attach-view` (or the `swap` that revives
      /// it): it appears with current values too.
      case update
      /// Replaces the child `from` with this step's child, in `from`'s place, in one animated
      /// transition: the full remove of `from` (or its detachment, when `keepsOutgoing`) and the
      /// full add of the new child (or the return of a hidden kept-alive child, when
      /// `revivesIncoming`), around `transition(from:to:…)`, with the slot's layout applied to the
      /// arriving view.
      case swap(from: ChildIdentity, transition: String, keepsOutgoing: Bool, revivesIncoming: Bool)
      /// A kept-alive child leaves the hierarchy: its view is removed, it stays a child.
      case detachView
      /// A kept-alive child comes back: its view is put back at a position in its slot.
      case attachView(at: Int)
      /// `beginAppearanceTransition(_:animated:)`, for containers that forward appearance
      /// manually; performed only while the container is visible.
      case beginAppearance(appearing: Bool)
      /// `endAppearanceTransition()`, for containers that forward appearance manually.
      case endAppearance
      /// `pushViewController(_:animated:)` with this step's child, whose controller the
      /// factory makes (right after its `update` step, when it has one): the whole change of a
      /// navigation stack whose path gained one element on top.
      case push(animated: Bool)
      /// `popViewController(animated:)`, which removes this step's child, the top of a navigation
      /// stack: the whole change of a path that lost its last element.
      case pop(animated: Bool)
      /// `popToViewController(_:animated:)` with this step's child, which stays on top of a
      /// navigation stack: the whole change of a path that lost several elements at its end.
      case popTo(animated: Bool)
      /// `setViewControllers(_:animated:)` with the controllers of `children`, bottom to top;
      /// this step's child is the top. Any other change of a navigation stack: controllers whose
      /// identity stays are passed again, the others are made by their factories.
      ///
      /// For the tabs of a tab bar controller, the tabs in tab order, and this step's child is
      /// the selected tab, which is selected too if UIKit did not keep it selected.
      case setViewControllers([ChildIdentity], animated: Bool)
      /// `selectedViewController` set to this step's child, a tab of a tab bar controller: the
      /// whole change of tabs whose selection alone changed.
      case select
      /// Records the pages of a page view controller, in page order, which the user's swipes
      /// reach; this step's child is the page shown. No UIKit call: the controllers of pages
      /// that arrive are made (right after their `update` steps, when they have one), and the
      /// pages that leave are released once UIKit no longer shows them.
      case setPages([ChildIdentity])
      /// `setViewControllers(_:direction:animated:completion:)` of a page view controller with
      /// this step's child, turning in `direction`: the whole change of pages whose selection
      /// changed.
      case showPage(PageDirection, animated: Bool)
      /// `present(_:animated:completion:)` of this step's child by the container: the child of a
      /// ``Presentation`` whose item became non-`nil` (or took another key), made by its factory
      /// (right after its `update` step, when it has one).
      case present(animated: Bool)
      /// `dismiss(animated:completion:)` of this step's child, presented by the container: the
      /// child of a ``Presentation`` whose item became `nil` (or took another key). When a
      /// `present` follows for the same container, it is made once the dismissal ends, as UIKit
      /// presents one controller at a time.
      case dismiss(animated: Bool)
    }

    /// What the step does.
    public let action: Action
    /// The child it acts on (for a swap, the arriving child).
    public let child: ChildIdentity

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - action: What the step does.
    ///   - child: The child it acts on.
    public init(_ action: Action, _ child: ChildIdentity) {
      self.action = action
      self.child = child
    }

    /// The step as one line: a verb, the child, and the step's argument.
    public var description: String {
      switch action {
      case .addChild: "add-child \(child)"
      case .insertView(let index): "insert-view \(child) at \(index)"
      case .layout(let layout): "layout \(child) \(layout)"
      case .didMove: "did-move \(child)"
      case .willMoveToNil: "will-move-to-nil \(child)"
      case .removeView: "remove-view \(child)"
      case .removeFromParent: "remove-from-parent \(child)"
      case .moveView(let index): "move-view \(child) to \(index)"
      case .update: "update \(child)"
      case .swap(let from, let transition, let keepsOutgoing, let revivesIncoming):
        "swap \(from) -> \(child) \(transition)"
          + (keepsOutgoing ? " keeping outgoing" : "") + (revivesIncoming ? " reviving" : "")
      case .detachView: "detach-view \(child)"
      case .attachView(let index): "attach-view \(child) at \(index)"
      case .beginAppearance(let appearing):
        "begin-appearance \(child) \(appearing ? "appearing" : "disappearing")"
      case .endAppearance: "end-appearance \(child)"
      case .push(let animated): "push \(child)" + (animated ? " animated" : "")
      case .pop(let animated): "pop \(child)" + (animated ? " animated" : "")
      case .popTo(let animated): "pop-to \(child)" + (animated ? " animated" : "")
      case .select: "select \(child)"
      case .setPages(let children):
        "set-pages '\(child.slot)' [" + children.map(\.descriptionInSlot).joined(separator: ", ")
          + "]"
      case .showPage(let direction, let animated):
        "show-page \(child) \(direction)" + (animated ? " animated" : "")
      case .present(let animated): "present \(child)" + (animated ? " animated" : "")
      case .dismiss(let animated): "dismiss \(child)" + (animated ? " animated" : "")
      case .setViewControllers(let children, let animated):
        "set-view-controllers '\(child.slot)' ["
          + children.map(\.descriptionInSlot).joined(separator: ", ") + "]"
          + (animated ? " animated" : "")
      }
    }
  }
}
