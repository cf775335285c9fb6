/// A swap that is complete: the leaving child is out of the container (or hidden, when kept
/// alive) and the arriving child has received `didMove(toParent:)`.
///
/// ``Composer/onSwapCompletion`` receives one for every `swap` step performed, exactly once,
/// whether the transition ran to its end, was cut short (``Slot/interruption(_:)`` with
/// ``Interruption/cutShort``), or was made without animation.
public struct SwapCompletion: Hashable, CustomStringConvertible {
  /// The slot the swap took place in.
  public let slot: String
  /// The child that left.
  public let outgoing: ChildIdentity
  /// The child that arrived.
  public let incoming: ChildIdentity
  /// Whether the transition ran to its end: `false` when it was cut short.
  public let finished: Bool
  /// Whether the swap was an animated transition: `false` when it was made without animation
  /// (the container was leaving the screen, a change made with ``Composer/withoutAnimation(_:)``
  /// arrived meanwhile, or the leaving child was gone).
  public let animated: Bool

  /// Creates a completion.
  ///
  /// - Parameters:
  ///   - slot: The slot.
  ///   - outgoing: The child that left.
  ///   - incoming: The child that arrived.
  ///   - finished: Whether the transition ran to its end.
  ///   - animated: Whether the swap was animated.
  public init(
    slot: String, outgoing: ChildIdentity, incoming: ChildIdentity, finished: Bool,
    animated: Bool
  ) {
    self.slot = slot
    self.outgoing = outgoing
    self.incoming = incoming
    self.finished = finished
    self.animated = animated
  }

  /// `swap 'slot' A -> B finished` (or `cut short`, `without animation`).
  public var description: String {
    let outcome = !animated ? "without animation" : finished ? "finished" : "cut short"
    return "swap \(outgoing) -> \(incoming) \(outcome)"
  }
}

/// A reconciliation whose plan has been performed completely, the swaps it started included.
///
/// ``Composer/onReconciliationCompletion`` receives one for every reconciliation the composer
/// performs, exactly once, in the order the reconciliations were made.
public struct ReconciliationCompletion: CustomStringConvertible {
  /// The plan that was performed.
  public let plan: Plan
  /// Whether every swap of the plan ran to its end: `false` when one was cut short.
  public let finished: Bool

  /// Creates a completion.
  ///
  /// - Parameters:
  ///   - plan: The plan that was performed.
  ///   - finished: Whether every swap of the plan ran to its end.
  public init(plan: Plan, finished: Bool) {
    self.plan = plan
    self.finished = finished
  }

  /// `reconciliation of N steps finished` (or `cut short`).
  public var description: String {
    "reconciliation of \(plan.steps.count) steps \(finished ? "finished" : "cut short")"
  }
}
