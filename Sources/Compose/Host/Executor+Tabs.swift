#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Executor {
  // MARK: - Tabs

  /// Whether a step is performed on a tab bar controller's tabs as a whole.
  func isTabsOperation(_ step: Plan.Step) -> Bool {
    switch step.action {
    case .select: true
    case .setViewControllers: container is UITabBarController
    default: false
    }
  }

  /// Performs a tabs operation: `setViewControllers(_:animated:)` when the tabs changed, and the
  /// selection of the step's child when UIKit does not show it.
  ///
  /// The controllers of tabs that arrive are made here (or were made by their `update` steps) and
  /// pass the same checks as any child; a refused one is left out of the tabs and planned again
  /// at the next reconciliation. The list is set only when UIKit's differs from it, so a step
  /// planned against a list other code changed since still ends with the declared tabs.
  func performTabsOperation(
    _ step: Plan.Step, from mounted: CompositionTree, to target: CompositionTree,
    container: UIViewController
  ) {
    guard let tabBarController = container as? UITabBarController else { return }
    let slotName = step.child.slot
    let slot = target.slots.first { $0.name == slotName }
    let declared = slot?.children ?? []
    var tabs: [UIViewController] = []
    var selected: UIViewController?
    for child in declared {
      var controller = controllers[child.identity]
      if controller == nil, let made = make(child, in: container) {
        controllers[child.identity] = made
        controller = made
      }
      guard let controller else { continue }
      tabs.append(controller)
      if child.identity == step.child { selected = controller }
    }
    // UIKit removes the tabs that leave; Compose forgets them.
    let staying = Set(declared.map(\.identity))
    for child in mounted.slots.first(where: { $0.name == slotName })?.children ?? []
    where !staying.contains(child.identity) {
      controllers[child.identity] = nil
    }
    // Only a declared selection is applied; without one, UIKit's stays (rule T4).
    let selection = slot?.declaration.tabs?.selection
    if selection == nil || TabsDeclaration.key(of: step.child) != selection { selected = nil }
    let shown = tabBarController.viewControllers ?? []
    let sameTabs = shown.count == tabs.count && zip(shown, tabs).allSatisfy { $0 === $1 }
    if case .setViewControllers(_, let animated) = step.action, !sameTabs {
      if tabBarController.isViewLoaded, let selected {
        // UIKit keeps the selected tab when it stays, and shows another one otherwise, whose
        // view would be loaded for nothing: the declared tab is selected first.
        if shown.contains(where: { $0 === selected }) {
          tabBarController.selectedViewController = selected
        } else if shown.isEmpty, tabs.first !== selected {
          tabBarController.setViewControllers([selected], animated: false)
        }
      }
      tabBarController.setViewControllers(tabs, animated: animated)
    }
    if let selected, tabs.contains(where: { $0 === selected }),
      tabBarController.selectedViewController !== selected
    {
      tabBarController.selectedViewController = selected
    }
  }
}
