#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The pages a pages slot keeps alive, and the page turn it waits for.
@MainActor
struct PagesState {
  /// The pages slot whose page view controller turns a page, if any.
  var busySlot: String?
  /// Counts the page turns begun, so that the end of a turn that another one replaced is ignored.
  var turn = 0
  /// The turn that other code asked a ``ComposedPageViewController`` for, while it runs: one
  /// that other code starts in its completion replaces it.
  var otherCodeTurn: Int?
  /// The controllers of the declared pages, held strongly: UIKit keeps only the page it shows as
  /// a child, and the others must stay alive for the user's swipes and the next selection.
  var kept: [ChildIdentity: UIViewController] = [:]
}

extension Executor {
  // MARK: - Pages

  /// Whether a step is performed on a page view controller's pages as a whole.
  func isPagesOperation(_ step: Plan.Step) -> Bool {
    switch step.action {
    case .setPages, .showPage: true
    default: false
    }
  }

  /// Performs a pages operation: `set-pages` makes the controllers of the pages that arrive and
  /// releases those of the pages that leave, without a UIKit call; `show-page` is one
  /// `setViewControllers(_:direction:animated:completion:)`, and the slot is busy until its
  /// completion runs.
  ///
  /// The controllers of pages that arrive are made here (or were made by their `update` steps)
  /// and pass the same checks as any child; a refused one is left out and planned again at the
  /// next reconciliation. A page UIKit shows already is not set again.
  func performPagesOperation(
    _ step: Plan.Step, from mounted: CompositionTree, to target: CompositionTree,
    container: UIViewController
  ) {
    guard let pageViewController = container as? UIPageViewController else { return }
    let slotName = step.child.slot
    let declared = target.slots.first { $0.name == slotName }?.children ?? []
    switch step.action {
    case .setPages:
      for child in declared {
        _ = page(child, in: container)
      }
      // The pages that leave are released; UIKit keeps the one it shows until it shows another.
      let staying = Set(declared.map(\.identity))
      for child in mounted.slots.first(where: { $0.name == slotName })?.children ?? []
      where !staying.contains(child.identity) {
        pages.kept[child.identity] = nil
        controllers[child.identity] = nil
      }
    case .showPage(let direction, let animated):
      guard let child = declared.first(where: { $0.identity == step.child }),
        let controller = page(child, in: container),
        pageViewController.viewControllers?.first !== controller
      else { return }
      let turn = beginPageTurn(in: slotName)
      pageViewController.setViewControllers(
        [controller], direction: direction == .forward ? .forward : .reverse, animated: animated
      ) { [weak self] finished in
        self?.endPageTurn(turn, finished: finished)
      }
    default:
      return
    }
  }

  /// The kept controller of a page, made (and checked) when it has none.
  private func page(_ child: ResolvedChild, in container: UIViewController) -> UIViewController? {
    if let kept = pages.kept[child.identity] { return kept }
    let controller = controllers[child.identity] ?? make(child, in: container)
    guard let controller else { return nil }
    controllers[child.identity] = controller
    pages.kept[child.identity] = controller
    return controller
  }

  /// Marks a pages slot busy while its page view controller turns a page; returns the turn's
  /// number, which ``endPageTurn(_:finished:)`` takes.
  func beginPageTurn(in slot: String) -> Int {
    pages.turn &+= 1
    pages.busySlot = slot
    return pages.turn
  }

  /// Ends a page turn.
  ///
  /// The slot is no longer busy, and the composer is told. The end of a turn that a later one
  /// replaced does nothing.
  func endPageTurn(_ turn: Int, finished: Bool) {
    guard pages.turn == turn, let slot = pages.busySlot else { return }
    pages.busySlot = nil
    pageTurnDidEnd?(slot, finished)
  }

  /// The kept controllers of a pages slot's pages, in page order.
  func pageControllers(of slot: ResolvedSlot) -> [UIViewController] {
    slot.children.compactMap { pages.kept[$0.identity] }
  }
}
