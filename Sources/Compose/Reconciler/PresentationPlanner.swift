#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

extension Planner {
  /// Plans the change of a presentation slot, and returns the slot as it is mounted afterwards.
  ///
  /// The whole change is at most a `dismiss` of the child shown and a `present` of the child
  /// declared: a `present` when the item became non-`nil`, a `dismiss` when it became `nil`, both
  /// when its key changed, and nothing when it kept its key (the child's `update` runs as
  /// elsewhere). A child that arrives gets its `update` step in the slot's place and its `present`
  /// at the end of the plan, after every other step: the executor asks UIKit to present once the
  /// plan's other steps are made and the container's dismissals have ended. A declared
  /// child that may not be shown (`mayShow`: another presentation is) waits: the slot is mounted
  /// without it, marked as waiting, and it is reported when it starts waiting.
  ///
  /// - Complexity: O(1) beyond the slot's children.
  mutating func reconcilePresentation(old: ResolvedSlot?, new: ResolvedSlot, mayShow: Bool)
    -> ResolvedSlot
  {
    reportSlotModifiers(of: new, in: .presentation)
    let new = Self.onePresentedChild(of: new, diagnostics: &diagnostics)
    let mounted = old?.children.first
    let wasShown = mounted != nil
    let declared = new.children.first
    if let mounted, wasShown, mounted.identity != declared?.identity {
      steps.append(Plan.Step(.dismiss(animated: animates), mounted.identity))
    }
    guard let declared else { return new }
    if wasShown, let old, mounted?.identity == declared.identity {
      updateChildren(of: new, from: old)
      return new
    }
    guard mayShow else {
      // Reported when it starts waiting, not at every composition while it waits.
      if old?.declaration.presentation?.isShown != false {
        diagnostics.append(
          Diagnostic(
            id: .presentationWaiting,
            message: "presentation '\(new.name)' declares \(declared.identity) while another "
              + "presentation of the container is shown; UIKit presents one controller at a "
              + "time, so it is presented once that one is dismissed; declare one presentation "
              + "at a time, or present it from the presented controller",
            source: new.source))
      }
      var waiting = new
      waiting.children = []
      waiting.keyedRun = nil
      return waiting.showingPresentation(false)
    }
    if declared.hasUpdate {
      steps.append(Plan.Step(.update, declared.identity))
    }
    // UIKit is asked to present once the plan's other steps are made, and its dismissals have
    // ended: the step comes last, after every dismissal (see `Planner.presentations`).
    presentations.append(Plan.Step(.present(animated: animates), declared.identity))
    return new
  }

  /// Plans the end of a presentation that is no longer declared: its child is dismissed.
  mutating func removePresentation(_ slot: ResolvedSlot) {
    guard let child = slot.children.first else { return }
    steps.append(Plan.Step(.dismiss(animated: animates), child.identity))
  }

  /// The slot with its first child only, and a diagnostic for each other one.
  private static func onePresentedChild(
    of slot: ResolvedSlot, diagnostics: inout [Diagnostic]
  ) -> ResolvedSlot {
    guard slot.children.count > 1 else {
      // A slot mounted waiting (kept while another of its transitions runs) has no child on
      // purpose.
      if slot.children.isEmpty, let presentation = slot.declaration.presentation,
        presentation.key != nil, presentation.isShown
      {
        diagnostics.append(
          Diagnostic(
            id: .presentationShape,
            message: slot.hidden.isEmpty
              ? "presentation '\(slot.name)' has an item but declares no child, so nothing is "
                + "presented; declare one child for the item"
              : "presentation '\(slot.name)' has an item but declares its child hidden "
                + "('.hidden()'), so nothing is presented; declare one shown child for the item",
            source: slot.source))
      }
      return slot
    }
    for child in slot.children.dropFirst() {
      diagnostics.append(
        Diagnostic(
          id: .presentationShape,
          message: "child \(child.identity) is a second child of presentation '\(slot.name)'; "
            + "a presentation shows one controller, so it is left out; declare one child, or "
            + "compose several in a container",
          source: child.source))
    }
    var filtered = slot
    filtered.children = [slot.children[0]]
    filtered.keyedRun = nil
    filtered.code = Resolver.freshCode()
    return filtered
  }
}

extension CompositionTree {
  /// The presentation slot whose child may be shown: the one shown now, while it declares the
  /// same child; otherwise the first declared presentation with a child.
  static func presentationOwner(_ mounted: ResolvedSlots, _ declared: CompositionTree) -> String? {
    let presentations = declared.slots.filter { $0.declaration.presentation != nil }
    for slot in mounted where slot.declaration.presentation?.isShown == true {
      guard let child = slot.children.first,
        presentations.contains(where: {
          $0.name == slot.name && $0.children.first?.identity == child.identity
        })
      else { continue }
      return slot.name
    }
    return presentations.first { !$0.children.isEmpty }?.name
  }
}

@MainActor
extension ResolvedSlot {
  /// The slot as mounted when UIKit shows its presented child, or not.
  func showingPresentation(_ isShown: Bool) -> ResolvedSlot {
    guard let presentation = declaration.presentation, presentation.isShown != isShown else {
      return self
    }
    var slot = self
    slot.declaration = declaration.with(presentation: presentation.with(isShown: isShown))
    slot.code = Resolver.freshCode()
    return slot
  }
}

extension SlotDeclaration {
  /// A copy with another presentation declaration.
  func with(presentation: PresentationDeclaration) -> SlotDeclaration {
    SlotDeclaration(
      name: name, anchor: anchor, layout: layout, content: content, source: source,
      transition: transition, forwarding: forwarding, interruption: interruption, stack: stack,
      tabs: tabs, presentation: presentation)
  }
}
