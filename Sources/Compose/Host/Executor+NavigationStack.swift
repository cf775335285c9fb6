#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The navigation transition a navigation stack slot waits for.
@MainActor
struct NavigationStackState {
  /// The stack slot whose navigation controller is in a transition, if any.
  var busySlot: String?
  /// The transition coordinator whose completion the executor waits for.
  var coordinator: ObjectIdentifier?
}

extension Plan.Step.Action {
  /// Whether the action is a navigation stack operation, performed on the whole stack.
  var isStackOperation: Bool {
    switch self {
    case .push, .pop, .popTo, .setViewControllers: true
    default: false
    }
  }
}

extension Executor {
  // MARK: - Navigation stacks

  /// Performs a navigation stack operation: one UIKit call that takes the navigation
  /// controller's stack to the declared children's controllers.
  ///
  /// The controllers of children that arrive are made here (or were made by their `update`
  /// steps) and pass the same checks as any child; a refused one is left out of the stack and
  /// planned again at the next reconciliation. The step names the operation; when UIKit's stack
  /// is not the mounted one (other code changed it since), the operation the step names would not
  /// reach the declared stack, and `setViewControllers(_:animated:)` is used instead.
  func performStackOperation(
    _ step: Plan.Step, from mounted: CompositionTree, to target: CompositionTree,
    container: UIViewController
  ) {
    guard let navigationController = container as? UINavigationController else { return }
    let slotName = step.child.slot
    let declared = target.slots.first { $0.name == slotName }?.children ?? []
    var stack: [UIViewController] = []
    for child in declared {
      if let live = controllers[child.identity] {
        stack.append(live)
      } else if let made = make(child, in: container) {
        controllers[child.identity] = made
        stack.append(made)
      }
    }
    // UIKit removes the children that leave; Compose forgets them.
    let staying = Set(declared.map(\.identity))
    for child in mounted.slots.first(where: { $0.name == slotName })?.children ?? []
    where !staying.contains(child.identity) {
      controllers[child.identity] = nil
    }
    let shown = navigationController.viewControllers
    func shows(_ prefix: ArraySlice<UIViewController>, of list: [UIViewController]) -> Bool {
      prefix.count <= list.count && zip(prefix, list).allSatisfy { $0 === $1 }
    }
    switch step.action {
    case .push(let animated)
    where stack.count == shown.count + 1 && shows(stack.dropLast(), of: shown):
      guard let top = stack.last else { return }
      navigationController.pushViewController(top, animated: animated)
    case .pop(let animated)
    where shown.count == stack.count + 1 && shows(shown.dropLast(), of: stack):
      navigationController.popViewController(animated: animated)
    case .popTo(let animated)
    where shown.count > stack.count && shows(shown.prefix(stack.count), of: stack):
      guard let top = stack.last else { return }
      navigationController.popToViewController(top, animated: animated)
    case .push(let animated), .pop(let animated), .popTo(let animated),
      .setViewControllers(_, let animated):
      guard shown.count != stack.count || !shows(shown[...], of: stack) else { break }
      navigationController.setViewControllers(stack, animated: animated)
    default:
      return
    }
    watchNavigationTransition(of: navigationController, slot: slotName)
  }

  /// Marks the stack slot busy while its navigation controller is in a transition, until the
  /// transition coordinator's completion runs; does nothing when there is no transition, when
  /// its coordinator is watched already, or when it is ending (it takes no more completions).
  func watchNavigationTransition(of navigationController: UINavigationController, slot: String) {
    guard let coordinator = navigationController.transitionCoordinator else { return }
    let identifier = ObjectIdentifier(coordinator as AnyObject)
    guard navigation.coordinator != identifier else { return }
    let queued = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
      guard let self, self.navigation.coordinator == identifier else { return }
      self.navigation = NavigationStackState()
      self.navigationTransitionDidEnd?(slot)
    }
    guard queued else { return }
    navigation.coordinator = identifier
    navigation.busySlot = slot
  }

  /// Cuts a navigation stack's running transition short: its animations are removed, so its
  /// coordinator's completion runs now.
  func cutShortNavigationTransition(of navigationController: UINavigationController) {
    var views: [UIView] = []
    if let view = navigationController.viewIfLoaded { views.append(view) }
    for child in navigationController.children {
      if let view = child.viewIfLoaded { views.append(view) }
    }
    for view in views {
      view.layer.removeAllAnimations()
    }
  }
}
