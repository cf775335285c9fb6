import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// Performs plans on a live container: the only code in Compose that calls UIKit's containment
/// API.
///
/// Each step becomes the UIKit call it names, in the canonical orders of UIKit's container
/// guide: an add is `addChild(_:)`, the root view put in its slot's anchor, the slot's layout,
/// then `didMove(toParent:)`; a removal is `willMove(toParent: nil)`, the root view removed (with
/// its constraints), then `removeFromParent()`; a move reorders views only; an update calls the
/// child's update closure. A swap is one animated transition: `transition(from:to:…)` when the
/// container forwards appearance automatically, `UIView.transition(from:to:…)` bracketed by
/// `beginAppearanceTransition`/`endAppearanceTransition` when it forwards manually.
@MainActor
final class Executor {
  unowned let container: UIViewController
  /// The live controllers, by identity.
  private(set) var controllers: [ChildIdentity: UIViewController] = [:]
  /// The stack views made for stack slots, by slot name.
  private var stacks: [String: UIStackView] = [:]
  /// Slots with a swap still animating.
  private(set) var transitioningSlots: Set<String> = []
  /// The views a running swap animates, by slot name.
  private var swapViews: [String: [UIView]] = [:]
  /// Called when a slot's swap finished.
  var transitionDidFinish: ((String) -> Void)?
  /// Receives the mistakes found while performing plans.
  var reportDiagnostic: ((Diagnostic) -> Void)?

  init(container: UIViewController) {
    self.container = container
  }

  /// The live controller of a child, if it exists.
  func controller(for identity: ChildIdentity) -> UIViewController? {
    controllers[identity]
  }

  // MARK: - Performing a plan

  /// Performs `plan`, which takes the container from `mounted` to `target`.
  func perform(_ plan: Plan, from mounted: CompositionTree, to target: CompositionTree) {
    let declared = Self.children(of: target, mounted)
    for step in plan.steps {
      perform(step, declared: declared, target: target)
    }
  }

  /// Every child the plan can name, declared or mounted (hidden ones included), by identity.
  private static func children(of target: CompositionTree, _ mounted: CompositionTree)
    -> [ChildIdentity: (child: ResolvedChild, slot: ResolvedSlot)]
  {
    var result: [ChildIdentity: (child: ResolvedChild, slot: ResolvedSlot)] = [:]
    for tree in [mounted, target] {
      for slot in tree.slots {
        for child in slot.children + slot.hidden {
          result[child.identity] = (child, slot)
        }
      }
    }
    return result
  }

  private func perform(
    _ step: Plan.Step, declared: [ChildIdentity: (child: ResolvedChild, slot: ResolvedSlot)],
    target: CompositionTree
  ) {
    let identity = step.child
    guard let entry = declared[identity] else { return }
    let slot = target.slots.first { $0.name == identity.slot } ?? entry.slot
    switch step.action {
    case .addChild:
      let controller = entry.child.declaration.make()
      // A factory that hands out a controller that is already in use would corrupt the
      // hierarchy: the child is left out and reported, and the steps that follow for it find no
      // controller and do nothing.
      if let failure = misuse(of: controller, for: entry.child) {
        reportDiagnostic?(failure)
        return
      }
      controllers[identity] = controller
      container.addChild(controller)
    case .insertView(let index), .attachView(let index):
      guard let controller = controllers[identity] else { return }
      place(controller.view, at: index, in: slot, target: target)
    case .layout:
      guard let controller = controllers[identity] else { return }
      apply(slot.layout, to: controller.view, in: slot)
    case .didMove:
      controllers[identity]?.didMove(toParent: container)
    case .willMoveToNil:
      controllers[identity]?.willMove(toParent: nil)
    case .removeView, .detachView:
      guard let view = controllers[identity]?.viewIfLoaded else { return }
      stacks[slot.name]?.removeArrangedSubview(view)
      view.removeFromSuperview()
    case .removeFromParent:
      controllers[identity]?.removeFromParent()
      controllers[identity] = nil
    case .moveView(let index):
      guard let controller = controllers[identity] else { return }
      place(controller.view, at: index, in: slot, target: target)
    case .update:
      guard let controller = controllers[identity] else { return }
      entry.child.declaration.update?(controller, entry.child.environment)
    case .beginAppearance(let appearing):
      guard isVisible else { return }
      controllers[identity]?.beginAppearanceTransition(appearing, animated: false)
    case .endAppearance:
      guard isVisible else { return }
      controllers[identity]?.endAppearanceTransition()
    case .swap(let from, _, let keepsOutgoing, let revivesIncoming):
      swap(
        from: from, to: entry.child, in: slot, keepsOutgoing: keepsOutgoing,
        revivesIncoming: revivesIncoming)
    }
  }

  private func misuse(of controller: UIViewController, for child: ResolvedChild) -> Diagnostic? {
    let typeName = String(describing: type(of: controller))
    if let other = controllers.first(where: { $0.value === controller })?.key {
      return Diagnostic(
        id: .sameInstanceDeclaredTwice,
        message: "the factory of child \(child.identity) returned the '\(typeName)' that is "
          + "already child \(other); make a new controller in the factory",
        source: child.declaration.source)
    }
    if let parent = controller.parent {
      return Diagnostic(
        id: .controllerOwnedElsewhere,
        message: "the factory of child \(child.identity) returned a '\(typeName)' that already "
          + "has the parent '\(String(describing: type(of: parent)))'; make a new controller in "
          + "the factory",
        source: child.declaration.source)
    }
    return nil
  }

  /// Whether the container is on screen: its view is in a window that is shown.
  private var isVisible: Bool {
    guard let window = container.viewIfLoaded?.window else { return false }
    return !window.isHidden
  }

  /// Cuts a slot's running swap short: its animations are removed, so it completes now, in its
  /// final state, with `finished == false`.
  func cutShort(_ slotName: String) {
    for view in swapViews[slotName] ?? [] {
      view.layer.removeAllAnimations()
    }
  }

  // MARK: - Views

  /// The view a slot's children's root views go in: its stack view, or its anchor.
  private func host(for slot: ResolvedSlot) -> UIView {
    let anchor: UIView = slot.anchor ?? container.view
    guard case .stack(let axis, let spacing, let distribution, let alignment) = slot.layout.kind
    else { return anchor }
    if let stack = stacks[slot.name], stack.superview === anchor { return stack }
    let stack = UIStackView(frame: anchor.bounds)
    stack.axis = axis
    stack.spacing = spacing
    stack.distribution = distribution
    stack.alignment = alignment
    stack.translatesAutoresizingMaskIntoConstraints = false
    anchor.addSubview(stack)
    NSLayoutConstraint.activate(Self.edges(of: stack, pinnedTo: anchor, insets: .zero))
    stacks[slot.name] = stack
    return stack
  }

  /// Puts a root view at a position among its slot's children: right after the view of the
  /// child before it in the new order, or below the slot's other views at position 0.
  private func place(_ view: UIView, at index: Int, in slot: ResolvedSlot, target: CompositionTree)
  {
    let host = host(for: slot)
    if let stack = host as? UIStackView {
      let arranged = stack.arrangedSubviews.filter { $0 !== view }
      let siblings = target.slots.first { $0.name == slot.name }?.children ?? []
      let before = index > 0 ? controllers[siblings[index - 1].identity]?.viewIfLoaded : nil
      let position = before.flatMap { view in arranged.firstIndex { $0 === view } }.map { $0 + 1 }
      stack.insertArrangedSubview(view, at: position ?? 0)
      return
    }
    let siblings = target.slots.first { $0.name == slot.name }?.children ?? []
    if index > 0, let previous = controllers[siblings[index - 1].identity]?.viewIfLoaded,
      previous.superview === host
    {
      host.insertSubview(view, aboveSubview: previous)
      return
    }
    // First in the slot: below the lowest view of the slot's other children.
    let slotViews = Set(
      siblings.compactMap { controllers[$0.identity]?.viewIfLoaded }.map(ObjectIdentifier.init))
    if let lowest = host.subviews.first(where: {
      $0 !== view && slotViews.contains(ObjectIdentifier($0))
    }) {
      host.insertSubview(view, belowSubview: lowest)
    } else {
      host.addSubview(view)
    }
  }

  private func apply(_ layout: SlotLayout, to view: UIView, in slot: ResolvedSlot) {
    switch layout.kind {
    case .fill(let insets):
      guard let superview = view.superview else { return }
      view.translatesAutoresizingMaskIntoConstraints = false
      NSLayoutConstraint.activate(Self.edges(of: view, pinnedTo: superview, insets: insets))
    case .frame(let frame, let mask):
      view.translatesAutoresizingMaskIntoConstraints = true
      view.frame = frame
      view.autoresizingMask = mask
    case .stack:
      break
    case .custom(let layout):
      guard let anchor = view.superview else { return }
      layout(view, anchor)
    }
  }

  static func edges(of view: UIView, pinnedTo superview: UIView, insets: UIEdgeInsets)
    -> [NSLayoutConstraint]
  {
    [
      view.topAnchor.constraint(equalTo: superview.topAnchor, constant: insets.top),
      view.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: insets.left),
      superview.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: insets.bottom),
      superview.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: insets.right),
    ]
  }

  // MARK: - Swaps

  private func swap(
    from outgoingIdentity: ChildIdentity, to incoming: ResolvedChild, in slot: ResolvedSlot,
    keepsOutgoing: Bool, revivesIncoming: Bool
  ) {
    guard let outgoing = controllers[outgoingIdentity], let outgoingView = outgoing.viewIfLoaded,
      outgoingView.superview != nil
    else {
      // Nothing to animate from (the outgoing child is gone, or its view was taken out by other
      // code): the incoming child is added without animation, so that the container still ends
      // up with what the plan promised.
      addWithoutAnimation(incoming, in: slot, revives: revivesIncoming)
      return
    }
    let transition = incoming.transition
    let incomingController: UIViewController
    if revivesIncoming, let hidden = controllers[incoming.identity] {
      incomingController = hidden
    } else {
      incomingController = incoming.declaration.make()
      controllers[incoming.identity] = incomingController
    }
    let isNew = incomingController.parent !== container
    if !keepsOutgoing { outgoing.willMove(toParent: nil) }
    if isNew { container.addChild(incomingController) }
    let incomingView: UIView = incomingController.view
    let finalFrame = outgoingView.frame
    incomingView.frame = finalFrame
    if case .slide(let edge) = transition.kind {
      // The incoming view starts beyond the edge it slides in from. The outgoing view is
      // released from its slot's constraints, which would hold it in place, so that its frame
      // can slide out.
      incomingView.frame = Self.offset(finalFrame, beyond: edge)
      if let superview = outgoingView.superview {
        NSLayoutConstraint.deactivate(
          superview.constraints.filter {
            $0.firstItem === outgoingView || $0.secondItem === outgoingView
          })
      }
      outgoingView.translatesAutoresizingMaskIntoConstraints = true
      outgoingView.frame = finalFrame
    }
    let options = Self.options(for: transition)
    let layout = slot.layout
    transitioningSlots.insert(slot.name)
    swapViews[slot.name] =
      [outgoingView, incomingView] + (outgoingView.superview.map { [$0] } ?? [])
    let finish: (Bool) -> Void = { [weak self] _ in
      guard let self else { return }
      if !keepsOutgoing {
        outgoing.removeFromParent()
        self.controllers[outgoingIdentity] = nil
      }
      if isNew { incomingController.didMove(toParent: self.container) }
      self.transitioningSlots.remove(slot.name)
      self.swapViews[slot.name] = nil
      self.transitionDidFinish?(slot.name)
    }
    let animations: () -> Void = { [weak self] in
      // UIKit puts the arriving view in front of every other view of the container; it takes
      // the leaving view's place among the slot's views instead.
      if let superview = outgoingView.superview, incomingView.superview === superview {
        superview.insertSubview(incomingView, aboveSubview: outgoingView)
      }
      // The incoming view is in the container now; constraints can be made (UIKit drops none of
      // them during the transition, and it copies none from the outgoing view).
      if case .slide(let edge) = transition.kind {
        incomingView.frame = finalFrame
        outgoingView.frame = Self.offset(finalFrame, beyond: Self.opposite(edge))
      }
      self?.apply(layout, to: incomingView, in: slot)
      if case .custom(_, let custom) = transition.kind, let container = incomingView.superview {
        custom(outgoingView, incomingView, container)
      }
    }
    if container.shouldAutomaticallyForwardAppearanceMethods {
      container.transition(
        from: outgoing, to: incomingController, duration: transition.duration, options: options,
        animations: animations, completion: finish)
    } else {
      let visible = isVisible
      if visible {
        outgoing.beginAppearanceTransition(false, animated: transition.duration > 0)
        incomingController.beginAppearanceTransition(true, animated: transition.duration > 0)
      }
      UIView.transition(
        from: outgoingView, to: incomingView, duration: transition.duration, options: options
      ) { [weak self] finished in
        if visible {
          // If the container appeared or disappeared meanwhile, its own forwarding has taken
          // the arriving child (whose view is in its tree) through that change: ending here
          // would be unbalanced. The leaving child's view left the tree at the start; only the
          // swap can end its disappearance.
          if self?.isVisible == true { incomingController.endAppearanceTransition() }
          outgoing.endAppearanceTransition()
        }
        finish(finished)
      }
      // The incoming view is in place now: its layout and the transition's own changes animate
      // alongside (the transition call itself only swaps the views).
      UIView.animate(withDuration: transition.duration, animations: animations)
    }
  }

  private func addWithoutAnimation(_ child: ResolvedChild, in slot: ResolvedSlot, revives: Bool) {
    let controller: UIViewController
    if revives, let hidden = controllers[child.identity] {
      controller = hidden
    } else {
      controller = child.declaration.make()
      if let failure = misuse(of: controller, for: child) {
        reportDiagnostic?(failure)
        return
      }
      controllers[child.identity] = controller
      container.addChild(controller)
    }
    let host = host(for: slot)
    if let stack = host as? UIStackView {
      stack.addArrangedSubview(controller.view)
    } else {
      host.addSubview(controller.view)
    }
    apply(slot.layout, to: controller.view, in: slot)
    if !revives { controller.didMove(toParent: container) }
  }

  private static func offset(_ frame: CGRect, beyond edge: Transition.Edge) -> CGRect {
    switch edge {
    case .top: frame.offsetBy(dx: 0, dy: -frame.height)
    case .bottom: frame.offsetBy(dx: 0, dy: frame.height)
    case .leading: frame.offsetBy(dx: -frame.width, dy: 0)
    case .trailing: frame.offsetBy(dx: frame.width, dy: 0)
    }
  }

  private static func opposite(_ edge: Transition.Edge) -> Transition.Edge {
    switch edge {
    case .top: .bottom
    case .bottom: .top
    case .leading: .trailing
    case .trailing: .leading
    }
  }

  private static func options(for transition: Transition) -> UIView.AnimationOptions {
    switch transition.kind {
    case .none, .slide: []
    case .crossDissolve: .transitionCrossDissolve
    case .flip(let edge):
      switch edge {
      case .top: .transitionFlipFromTop
      case .bottom: .transitionFlipFromBottom
      case .leading: .transitionFlipFromLeft
      case .trailing: .transitionFlipFromRight
      }
    case .custom(let options, _): options
    }
  }
}
