import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Composer {
  // MARK: - Pages

  /// The mounted pages slot's index, when the container is a page view controller.
  private var mountedPages: (UIPageViewController, Int)? {
    guard let pageViewController = container as? UIPageViewController,
      let index = mounted.slots.firstIndex(where: { $0.declaration.pages != nil })
    else { return nil }
    return (pageViewController, index)
  }

  /// Takes the page UIKit shows as the mounted selection, before a reconciliation and when the
  /// user's swipe ends.
  ///
  /// When UIKit shows another declared page than the mounted selection (the user swiped), the
  /// pages' ``Pages/onSelect(_:)`` receives its key, so that the source of truth agrees and the
  /// next reconciliation performs nothing; a declaration that still selects another page (no
  /// write-back, or a selection changed while the page turned, which is not written over) is
  /// applied again. A page Compose did not make (other code set it) is reported
  /// as ``Diagnostic/ID/changedBehindComposer``, and the declared page is shown again. A slot
  /// whose page turns is left alone until the turn ends.
  func synchronizePages() {
    guard let (pageViewController, index) = mountedPages else { return }
    installPagesDelegate(on: pageViewController)
    let slot = mounted.slots[index]
    guard !executor.transitioningSlots.contains(slot.name), !slot.children.isEmpty else { return }
    var slots = mounted.slots
    // A page whose factory was refused has no controller: it is planned again.
    let live = slot.children.filter { executor.controller(for: $0.identity) != nil }
    if live.count != slot.children.count {
      slots[index].children = ResolvedChildren(live)
      slots[index].keyedRun = nil
      slots[index].code = Resolver.freshCode()
      mounted = mounted.replacingSlots(with: slots)
    }
    guard let shown = pageViewController.viewControllers?.first else { return }
    guard
      let child = live.first(where: { executor.controller(for: $0.identity) === shown }),
      let key = PagesDeclaration.key(of: child.identity)
    else {
      record([
        Diagnostic(
          id: .changedBehindComposer,
          message: "the page of pages '\(slot.name)' was changed by other code (UIKit shows "
            + "'\(type(of: shown))', which is not one of the \(slot.children.count) declared "
            + "pages); Compose shows the declared page again; change the page through the "
            + "declaration's selection",
          source: slot.source)
      ])
      slots[index].declaration = slot.declaration.showingPage(nil)
      slots[index].code = Resolver.freshCode()
      mounted = mounted.replacingSlots(with: slots)
      if !isComposing { invalidate() }
      return
    }
    guard slot.declaration.pages?.selection != key else { return }
    slots[index].declaration = slot.declaration.showingPage(key)
    slots[index].code = Resolver.freshCode()
    mounted = mounted.replacingSlots(with: slots)
    // The closure is the current declaration's: the mounted tree keeps none.
    var declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    let pages = declared.slots.first { $0.declaration.pages != nil }?.declaration.pages
    // A selection the source of truth changed while the page turned is the latest change: it is
    // applied, and the swipe is not written over it.
    if pages?.selection == nil || pages?.selection == slot.declaration.pages?.selection {
      pages?.writeBack?(key)
    }
    // A declaration that still selects another page (no write-back, or one that did not set the
    // selection) is applied again; one that now agrees needs nothing.
    declared = CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
    let selection = declared.slots.first { $0.declaration.pages != nil }?.declaration.pages?
      .selection
    if !isComposing, let selection, selection != key { invalidate() }
  }

  /// Becomes the page view controller's data source and delegate once a plan set its pages, so
  /// that the user can swipe between them and a swipe is written back.
  func pagesDidPerform(in pageViewController: UIPageViewController) {
    guard mountedPages != nil else { return }
    installPagesDelegate(on: pageViewController)
  }

  /// Makes the composer the page view controller's data source (unless other code set one, or
  /// the pages' swipes are disabled) and its delegate, forwarding to the delegate it had.
  private func installPagesDelegate(on pageViewController: UIPageViewController) {
    let delegate = pagesDelegate ?? PagesDelegate(composer: self)
    pagesDelegate = delegate
    let swipeDisabled = mountedPages.map {
      mounted.slots[$0.1].declaration.pages?.swipeDisabled == true
    }
    if swipeDisabled == true {
      // Without a data source, UIKit turns no page by gesture.
      if pageViewController.dataSource === delegate { pageViewController.dataSource = nil }
    } else if pageViewController.dataSource == nil {
      pageViewController.dataSource = delegate
    }
    guard pageViewController.delegate !== delegate else { return }
    delegate.forwardee = pageViewController.delegate
    pageViewController.delegate = delegate
  }

  /// The declared page before (`offset` -1) or after (+1) a page, for the user's swipes.
  fileprivate func page(_ offset: Int, from page: UIViewController) -> UIViewController? {
    guard let (_, index) = mountedPages else { return nil }
    let pages = executor.pageControllers(of: mounted.slots[index])
    guard let position = pages.firstIndex(where: { $0 === page }),
      pages.indices.contains(position + offset)
    else { return nil }
    return pages[position + offset]
  }

  /// A swipe starts: the pages slot is busy until it ends.
  fileprivate func pageSwipeWillBegin() -> Int? {
    guard let (_, index) = mountedPages else { return nil }
    return executor.beginPageTurn(in: mounted.slots[index].name)
  }

  /// Other code asks a ``ComposedPageViewController`` for an animated page turn: the pages slot
  /// is busy until it ends, as during a swipe.
  ///
  /// A turn that other code starts while its previous one ends (in that turn's completion, which
  /// runs before the composer is told) replaces it: the slot stays busy until the new one ends.
  ///
  /// - Parameter animated: Whether the turn is animated; UIKit ends one that is not at once.
  /// - Returns: The turn's number, for ``otherCodeDidTurnPage(_:finished:)``; `nil` when the
  ///   turn is not animated, or when a turn of another kind already runs (the composer's own
  ///   turn, which it began before asking UIKit, or a swipe).
  func otherCodeWillTurnPage(animated: Bool) -> Int? {
    let pages = executor.pages
    guard animated, pages.busySlot == nil || pages.otherCodeTurn == pages.turn,
      let (_, index) = mountedPages
    else { return nil }
    let turn = executor.beginPageTurn(in: mounted.slots[index].name)
    executor.pages.otherCodeTurn = turn
    return turn
  }

  /// A page turn other code started ended: the page shown is taken as mounted, as after a swipe,
  /// and a declaration that changed meanwhile is applied.
  func otherCodeDidTurnPage(_ turn: Int, finished: Bool) {
    pageSwipeDidEnd(turn, finished: finished)
  }

  /// A swipe ended: the page shown is taken as mounted and written back.
  fileprivate func pageSwipeDidEnd(_ turn: Int?, finished: Bool) {
    if let turn { executor.endPageTurn(turn, finished: finished) }
    guard !isComposing else { return }
    synchronizePages()
  }
}

/// Gives a page view controller its declared pages for the user's swipes, tells a composer when
/// a swipe starts and ends, and forwards the delegate messages to the delegate other code set.
@MainActor
final class PagesDelegate: NSObject, UIPageViewControllerDataSource,
  UIPageViewControllerDelegate
{
  private weak var composer: Composer?
  /// The page turn a running swipe began.
  private var swipe: Int?
  /// The delegate other code set; every message is forwarded to it.
  ///
  /// Read by the Objective-C runtime's forwarding, which is not isolated; UIKit sends delegate
  /// messages on the main thread only.
  nonisolated(unsafe) weak var forwardee: (any UIPageViewControllerDelegate)?

  init(composer: Composer) {
    self.composer = composer
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? {
    composer?.page(-1, from: viewController)
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? {
    composer?.page(1, from: viewController)
  }

  func pageViewController(
    _ pageViewController: UIPageViewController,
    willTransitionTo pendingViewControllers: [UIViewController]
  ) {
    swipe = composer?.pageSwipeWillBegin()
    #if canImport(UIKit)
    forwardee?.pageViewController?(pageViewController, willTransitionTo: pendingViewControllers)
    #else
    forwardee?.pageViewController(pageViewController, willTransitionTo: pendingViewControllers)
    #endif
  }

  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) {
    #if canImport(UIKit)
    forwardee?.pageViewController?(
      pageViewController, didFinishAnimating: finished,
      previousViewControllers: previousViewControllers, transitionCompleted: completed)
    #else
    forwardee?.pageViewController(
      pageViewController, didFinishAnimating: finished,
      previousViewControllers: previousViewControllers, transitionCompleted: completed)
    #endif
    let turn = swipe
    swipe = nil
    composer?.pageSwipeDidEnd(turn, finished: finished)
  }

  #if canImport(ObjectiveC)
  // The delegate's other messages (spine location, orientations) go to the delegate other code
  // set.
  nonisolated override func responds(to selector: Selector!) -> Bool {
    super.responds(to: selector) || forwardee?.responds(to: selector) == true
  }

  nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    if let forwardee, forwardee.responds(to: selector) { return forwardee }
    return super.forwardingTarget(for: selector)
  }
  #endif
}
