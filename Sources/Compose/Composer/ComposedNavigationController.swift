#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A navigation controller whose stack is declared by its ``composition``, with a
/// ``NavigationStack``.
///
/// It owns a ``Composer``, sets the declared stack before its view first appears, and applies
/// every change of the declaration as one push, pop, pop-to or `setViewControllers(_:animated:)`
/// (see ``NavigationStack``). It is an ordinary `UINavigationController`: put it in a window, a
/// tab bar controller, a composed container's slot, or present it.
///
/// ```swift
/// final class InboxNavigationController: ComposedNavigationController {
///   let model = InboxModel()  // @Observable, with `var path: [Message.ID]`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     NavigationStack(path: model.path, id: \.self) {
///       Child { InboxViewController() } update: { $0.model = self.model }
///     } destination: { id in
///       Child { MessageViewController() } update: { $0.message = self.model.message(id) }
///     }
///     .onPop { self.model.path = $0 }
///   }
/// }
/// ```
///
/// Closures in the composition may capture `self`: the composer keeps a child's closures only
/// while it applies them, so they make no reference cycle.
///
/// The composer is the navigation controller's `delegate`; a delegate you set, before or after
/// the stack is first set, is kept and receives every message at once.
@MainActor
open class ComposedNavigationController: UINavigationController {
  /// The composer that manages this navigation controller's stack.
  public private(set) lazy var composer = Composer(container: self) { [unowned self] in
    composition
  }

  /// The declaration of this navigation controller's stack; override it with
  /// `@CompositionBuilder`, and declare one ``NavigationStack`` in it.
  open var composition: CompositionContent { .empty }

  /// Dismisses what the composition presents when the controller leaves its parent, and tells
  /// each presentation's `onDismiss`: nothing would dismiss it afterwards.
  ///
  /// - Parameter parent: The new parent, or `nil`.
  open override func willMove(toParent parent: UIViewController?) {
    if parent == nil { composer.containerWillLeaveParent() }
    super.willMove(toParent: parent)
  }

  /// Loads the view, and marks the composition as changed.
  open override func viewDidLoad() {
    super.viewDidLoad()
    composer.setNeedsCompose()
  }

  /// Learns of pops made while the stack was off screen, applies a pending composition, then lets
  /// the navigation controller appear.
  ///
  /// A pop that other code made off screen is told to ``NavigationStack/onPop(_:)`` here, since
  /// no delegate call reported it. The stack is set before `super.viewWillAppear(_:)`, where the
  /// navigation controller puts its top controller's view in place, so that the top controller
  /// appears with it.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open override func viewWillAppear(_ animated: Bool) {
    composer.containerWillAppear()
    // A pop other code made while the stack was off screen told no delegate: it is learnt now,
    // before the stack appears.
    if !ObservedReads.isObserving { composer.synchronizeNavigationStack() }
    composer.composeIfNeeded()
    super.viewWillAppear(animated)
  }

  /// Lets the controller appear, then presents what waited for it to be on screen.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    composer.containerDidAppear()
  }

  /// The navigation controller's delegate: the composer's, which learns of the pops UIKit makes.
  ///
  /// A delegate you set once the composer is the delegate receives every message through it, from
  /// then on, so that a pop is still written back at once; setting `nil` stops the forwarding.
  /// Reading the property returns the composer's delegate: setting that value back restores the
  /// delegate that received the messages before the last one you set, so that code that saves the
  /// delegate, sets its own for a transition and puts the saved one back works as it would
  /// without Compose. Since the value read is never the delegate you set, compare with a flag of
  /// your own rather than with `delegate === self`.
  open override var delegate: (any UINavigationControllerDelegate)? {
    get { super.delegate }
    set {
      guard let installed = composer.navigationDelegate, super.delegate === installed else {
        super.delegate = newValue
        return
      }
      if newValue === installed {
        // The value read back: the delegate before the last one set, if any was set since.
        guard let restored = replacedDelegates.popLast() else { return }
        installed.forwardee = restored.delegate
      } else {
        if replacedDelegates.count == Self.replacedDelegatesKept {
          replacedDelegates.removeFirst()
        }
        replacedDelegates.append(ReplacedDelegate(delegate: installed.forwardee))
        installed.forwardee = newValue
      }
      // UIKit reads which optional messages a delegate answers as it is set: set again, the
      // composer's answers for the new one (custom animations, say).
      super.delegate = nil
      super.delegate = installed
    }
  }

  /// The delegates that received the messages before each one set since, most recent last.
  private var replacedDelegates: [ReplacedDelegate] = []
  /// How many replaced delegates are remembered.
  private static let replacedDelegatesKept = 8

  /// Marks the composition as changed; it is applied at the next layout pass.
  public func setNeedsCompose() {
    composer.setNeedsCompose()
  }
}

/// A delegate that another one replaced, held weakly; `nil` stands for no delegate (or one
/// released since, as UIKit's weak `delegate` would have it).
private struct ReplacedDelegate {
  weak var delegate: (any UINavigationControllerDelegate)?
}
