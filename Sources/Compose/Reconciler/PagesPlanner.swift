#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Planner {
  /// Plans the change of a pages slot, and returns the slot as it is mounted afterwards.
  ///
  /// A change of the pages (a page inserted, removed or moved) is one `set-pages` step, which
  /// makes the controllers of the pages that arrive and releases those of the pages that leave;
  /// a change of the page shown is one `show-page`, turning forward when the new page comes after
  /// the one shown in the declared order and in reverse otherwise (unless the declaration gives
  /// a direction). The pages that arrive get their `update` step first; the ones that stay get
  /// theirs after the operations. UIKit performs the containment calls of the page it shows:
  /// the plan has no `add-child` or `remove-from-parent` step for them.
  ///
  /// A page must declare one child: the others are reported and left out of the mounted slot. A
  /// selection that is not a page's key is reported, and the page shown stays (or the first page
  /// is shown). A declaration without pages is reported: UIKit cannot show none, so the page it
  /// shows stays.
  ///
  /// - Complexity: O(*n* + *m*) for *n* mounted and *m* declared children.
  mutating func reconcilePages(old: ResolvedSlot?, new: ResolvedSlot) -> ResolvedSlot {
    reportSlotModifiers(of: new, in: .pages)
    let new = Self.oneChildPerElement(
      of: new, keys: new.declaration.pages?.keys ?? [], id: .pagesShape, element: "page",
      diagnostics: &diagnostics)
    let mounted = old?.children ?? []
    let declared = new.children
    // The mounted slot's selection is the page UIKit shows.
    let shown = old?.declaration.pages?.selection.flatMap { Self.page($0, in: mounted) }
    let selection = new.declaration.pages?.selection
    var target = selection.flatMap { Self.page($0, in: declared) }
    // The page shown, when it is still declared.
    let staying = shown.flatMap { shown in declared.first { $0.identity == shown.identity } }
    if let selection, target == nil, !declared.isEmpty {
      diagnostics.append(
        Diagnostic(
          id: .pageSelectionNotAmongPages,
          message: "the selection \(StructuralPath.describe(selection)) of pages '\(new.name)' is "
            + "not the key of any of its \(declared.count) pages, so "
            + (staying.map { "page \($0.identity) stays shown" }
              ?? "the first page, \(declared[0].identity), is shown")
            + "; select the key of a declared page, or pass nil",
          source: new.source))
    }
    if target == nil { target = staying }
    guard let target = target ?? declared.first else {
      // No page at all: the controllers are released, and UIKit keeps showing its page.
      if let shown {
        diagnostics.append(
          Diagnostic(
            id: .pagesShape,
            message: "pages '\(new.name)' declare no page, and a UIPageViewController cannot "
              + "show none, so page \(shown.identity) stays on screen; declare at least one page",
            source: new.source))
      }
      if let last = shown ?? mounted.last {
        steps.append(Plan.Step(.setPages([]), last.identity))
      }
      return new
    }
    let samePages = old != nil && Self.sameIdentities(mounted, declared)
    if !samePages {
      updateArrivingChildren(of: declared, mounted: mounted)
      steps.append(Plan.Step(.setPages(declared.map(\.identity)), target.identity))
    }
    if shown?.identity != target.identity {
      let direction =
        new.declaration.pages?.direction
        ?? Self.direction(from: shown, to: target, mounted: mounted, declared: declared)
      steps.append(
        Plan.Step(.showPage(direction, animated: animates && shown != nil), target.identity))
    }
    if let old, samePages {
      updateChildren(of: new, from: old)
    } else {
      updateKeptChildren(of: declared, mounted: mounted)
    }
    guard let key = PagesDeclaration.key(of: target.identity), key != selection else {
      return new
    }
    // The mounted slot keeps the page shown, also when the declaration left it to UIKit.
    var showing = new
    showing.declaration = new.declaration.showingPage(key)
    showing.code = Resolver.freshCode()
    return showing
  }

  /// Plans the end of pages that are no longer declared: their controllers are released, and
  /// UIKit keeps showing its page (it cannot show none).
  mutating func removePages(_ slot: ResolvedSlot) {
    let shown = slot.declaration.pages?.selection.flatMap { Self.page($0, in: slot.children) }
    guard let last = shown ?? slot.children.last else { return }
    steps.append(Plan.Step(.setPages([]), last.identity))
  }

  /// The first page declared for a key.
  private static func page(_ key: AnyHashable, in children: ResolvedChildren) -> ResolvedChild? {
    children.first { PagesDeclaration.key(of: $0.identity) == key && $0.identity.occurrence == 0 }
  }

  /// Forward when `target` comes after `shown` in the declared order (or, when one of them is
  /// not declared any more or not yet mounted, in the mounted order), in reverse otherwise;
  /// forward for the first page, and for a page that arrives while the page shown leaves.
  private static func direction(
    from shown: ResolvedChild?, to target: ResolvedChild, mounted: ResolvedChildren,
    declared: ResolvedChildren
  ) -> PageDirection {
    guard let shown else { return .forward }
    for order in [declared, mounted] {
      guard let from = order.firstIndex(where: { $0.identity == shown.identity }),
        let to = order.firstIndex(where: { $0.identity == target.identity })
      else { continue }
      return to > from ? .forward : .reverse
    }
    return .forward
  }
}

extension SlotDeclaration {
  /// A mounted pages slot's declaration, with the page UIKit shows (`nil`: none of the declared
  /// ones).
  func showingPage(_ key: AnyHashable?) -> SlotDeclaration {
    SlotDeclaration(
      name: name, anchor: anchor, layout: layout, content: SlotContent(.empty), source: source,
      transition: transition, forwarding: forwarding, interruption: interruption,
      pages: PagesDeclaration(
        keys: [], selection: key, direction: nil,
        swipeDisabled: pages?.swipeDisabled ?? false, writeBack: nil))
  }
}

extension CompositionTree {
  /// Why pages cannot be performed in `container`, if they cannot.
  static func pagesFailure(of slot: ResolvedSlot, in container: UIViewController) -> Diagnostic? {
    guard let pageViewController = container as? UIPageViewController else {
      return Diagnostic(
        id: .pagesOutsidePageViewController,
        message: "pages '\(slot.name)' are declared in a '\(type(of: container))', which is not a "
          + "UIPageViewController; declare them in a ComposedPageViewController, or attach the "
          + "Composer to a UIPageViewController",
        source: slot.source)
    }
    guard pageViewController.transitionStyle == .pageCurl,
      pageViewController.spineLocation == .mid || pageViewController.isDoubleSided
    else { return nil }
    return Diagnostic(
      id: .pagesOutsidePageViewController,
      message: "pages '\(slot.name)' are declared in a page-curl '\(type(of: container))' that "
        + "shows two pages at a time (a middle spine, or double-sided pages), and Pages show "
        + "one; use the .min or .max spine location, single-sided, or set its pages yourself",
      source: slot.source)
  }
}
