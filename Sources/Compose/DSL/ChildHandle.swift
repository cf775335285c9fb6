#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A typed, weak way for a container to reach the live controller of one of its declared children.
///
/// Make a handle, keep it in the container, and attach it to a child with
/// ``Child/handle(_:)``. When the composer makes the child's controller, or composes the
/// declaration that attaches the handle to a child that is already live, it binds the handle to
/// the controller; from then on ``controller`` returns it for as long as it is the container's —
/// a slot's child, shown or hidden and kept alive, a controller of its navigation stack, a tab, a
/// page, or a controller it presents, from the moment it is made (a presentation may wait for
/// UIKit) until its dismissal ends — and `nil` once it is removed or dismissed:
///
/// ```swift
/// final class MailViewController: ComposedViewController {
///   let list = ChildHandle<MessageListViewController>()
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Slot("list") {
///       Child { MessageListViewController() }.handle(list)
///     }
///   }
///
///   func scrollToTop() {
///     list.controller?.scrollToTop()
///   }
/// }
/// ```
///
/// The handle holds the controller and the container weakly: it never keeps a removed child
/// alive, and it makes no reference cycle. ``state`` says why a handle has no controller, and its
/// `description` says so in words, for logs and test failures.
///
/// A handle follows one child. When that child's identity changes (a new ``Child/id(_:)``, a
/// different branch), the new controller is bound when it is made. Attached to another child, it
/// follows that child from the next composition: while that child has no controller (declared
/// hidden and not made yet), ``state`` is ``State/notMade``. In a slot that is running an
/// animated swap, a new attachment takes effect when the swap ends, like every change to that
/// slot. Attach a handle to one child at a time; attached to several, it follows a live one.
///
/// A handle of the child an animated swap takes out stays ``State/live``, and ``controller``
/// returns its controller, until the swap ends: the controller is still the container's child,
/// its view on screen. The handle is ``State/removed`` from then on.
@MainActor
public final class ChildHandle<Controller: UIViewController>: CustomStringConvertible {
  /// Whether a handle's child is live, and if not, why.
  public enum State: Hashable, Sendable {
    /// No controller was made for the handle's child yet: it was not declared, or not composed.
    case notMade
    /// The controller is the container's: a child of it, shown or hidden and kept alive (a
    /// slot's child, a controller of its navigation stack, a tab), a page it shows or keeps for
    /// the next turn, or a controller it presents or waits to present. A controller just made is
    /// live from then on: in its child's update closure, which runs before it is added, too.
    case live
    /// The controller is no longer the container's: its child is no longer declared, was
    /// replaced, or was dismissed, or other code took it (or it was released).
    case removed
  }

  private weak var bound: Controller?
  /// What holds the bound controller: the executor of the container's composer.
  private weak var holder: Executor?
  private var wasBound = false
  /// The child the handle follows: the one it was last bound to, or last attached to while that
  /// child had no controller.
  private var followed: ChildIdentity?

  /// Creates a handle bound to no child yet.
  public init() {}

  /// The child's controller while it is a child of the container; `nil` otherwise.
  ///
  /// The result is a strong reference: use it at once rather than storing it, or the removed
  /// controller stays in memory as long as it is stored.
  public var controller: Controller? {
    guard state == .live else { return nil }
    return bound
  }

  /// Whether the handle's child is live, and if not, why.
  public var state: State {
    guard wasBound else { return .notMade }
    guard let bound, let holder, holder.holds(bound, as: followed) else { return .removed }
    return .live
  }

  /// Whether the handle's child is live: the container's (see ``State/live``).
  public var isLive: Bool { state == .live }

  /// The handle's state in words, naming the controller type.
  public var description: String {
    switch state {
    case .notMade:
      if let followed {
        "handle of '\(Controller.self)': not made yet; child \(followed) is declared but has no "
          + "controller: it is hidden and not shown yet, or its factory's controller was refused "
          + "(a diagnostic says why)"
      } else {
        "handle of '\(Controller.self)': not made yet; declare the child with '.handle(_:)' and "
          + "compose"
      }
    case .live:
      "handle of '\(Controller.self)': live"
    case .removed:
      "handle of '\(Controller.self)': removed; its child is no longer declared, was replaced, "
        + "or was dismissed"
    }
  }

  /// Binds the handle to its child's controller: one the composer made, or one already live.
  func bind(_ controller: Controller, of child: ChildIdentity, heldBy holder: Executor) {
    bound = controller
    self.holder = holder
    wasBound = true
    followed = child
  }

  /// Makes the handle follow a declared child that has no controller: one not made yet (declared
  /// hidden, for example).
  ///
  /// A handle that was bound to another child forgets that child's controller and is not made
  /// yet; one bound to this child keeps the controller it had, which was removed.
  func follow(_ child: ChildIdentity) {
    guard followed != child else { return }
    bound = nil
    holder = nil
    wasBound = false
    followed = child
  }
}

/// Tells a child's ``ChildHandle`` about the child: its controller and the executor that holds
/// it, or `nil` when the child is declared but has no controller.
typealias HandleBinding = @MainActor (UIViewController?, ChildIdentity, Executor) -> Void

extension Child {
  /// Attaches a handle through which the container reaches this child's live controller.
  ///
  /// ```swift
  /// Child { PlayerViewController() }.handle(player)
  /// // later
  /// player.controller?.pause()
  /// ```
  ///
  /// The handle is bound when the controller is made, or, for a child that is already live, when
  /// the composer composes this declaration; it holds the controller weakly (see
  /// ``ChildHandle``). Attaching a handle changes nothing in the child's identity or in plans.
  ///
  /// - Parameter handle: The handle, typed with the child's controller type.
  /// - Returns: The child with the handle attached.
  public func handle(_ handle: ChildHandle<Controller>) -> Child {
    modified {
      $0.with(bindHandle: { [weak handle] controller, child, holder in
        guard let controller else {
          handle?.follow(child)
          return
        }
        guard let typed = controller as? Controller else { return }
        handle?.bind(typed, of: child, heldBy: holder)
      })
    }
  }
}
