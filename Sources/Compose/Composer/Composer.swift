import Foundation
import Observation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// Keeps a container's children in step with a declaration.
///
/// A composer attaches to any view controller — composition, not inheritance. It evaluates the
/// body, reconciles it with what is mounted, and performs the plan with UIKit's containment calls.
///
/// ```swift
/// final class InboxViewController: UIViewController {
///   var selection: Message.ID? { didSet { composer.setNeedsCompose() } }
///   private lazy var composer = Composer(container: self) { [unowned self] in
///     Inbox(messages: messages, selection: selection)
///   }
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     composer.setNeedsCompose()
///   }
/// }
/// ```
///
/// Invalidations are coalesced: any number of ``setNeedsCompose()`` calls lead to one
/// reconciliation at the container view's next layout pass, or at ``composeIfNeeded()``. Nothing
/// happens before the container's view is loaded: an invalidation made earlier is kept, and
/// applied by the container's `viewDidLoad()` calling ``setNeedsCompose()`` or
/// ``composeIfNeeded()`` — UIKit offers no other way to learn that a view loaded.
/// ``ComposedViewController`` does it for you.
///
/// A body that reads `@Observable` state is composed again when that state changes, with no
/// ``setNeedsCompose()`` call: the composer watches what the body (and the compositions in it)
/// read while they are resolved. Reads in children's update closures are not watched.
///
/// A slot whose animated swap is still running is never touched by another reconciliation: the
/// running transition finishes, then the composer reconciles once more with the latest
/// declaration (the states in between are skipped). Other slots are reconciled at once.
@MainActor
public final class Composer {
  /// The container whose children this composer manages; `nil` once it is released.
  ///
  /// The composer does not retain it. A composer that outlives its container (held by other code,
  /// a task or a coordinator) does nothing from then on.
  public private(set) weak var container: UIViewController?
  private let body: @MainActor () -> CompositionContent
  private let environment: EnvironmentValues
  private var mounted = CompositionTree(slots: [], diagnostics: [])
  private let executor: Executor
  private var isDirty = false
  /// Whether a slot kept its mounted children because a swap was running in it; the latest
  /// declaration is applied when a swap ends.
  private var needsComposeAfterSwap = false
  private var isComposing = false
  /// Whether the container's appearance change is being forwarded to its children; a
  /// composition asked for meanwhile (by a child's `viewWillAppear(_:)`, say) runs when the
  /// forwarding is done, so that no plan moves children the forwarding has yet to reach.
  private var isForwardingAppearance = false
  /// Whether a composition was asked for while the appearance change was being forwarded.
  private var composesAfterForwarding = false
  private weak var trigger: LayoutTrigger?
  /// What invalidated the declaration while it was being applied, if anything did.
  private var invalidatedWhileComposing: String?
  /// What is running while the declaration is applied, readable from any thread.
  private let activity = CompositionActivity()
  /// How many compositions in a row were invalidated by applying the previous one.
  private var selfInvalidatedPasses = 0
  /// Whether the composer stopped a self-invalidating declaration; a change from outside
  /// starts it again.
  private var isStopped = false
  /// The children a memory warning spared because a swap was taking them out; they are evicted
  /// when it ends, if still hidden.
  private var pendingEvictions: Set<ChildIdentity> = []

  /// How many compositions in a row may be invalidated by applying the previous one before the
  /// composer reports a ``Diagnostic/ID/compositionLoop`` and stops.
  static let selfInvalidationLimit = 10

  /// Every step performed so far, one line each, in order; for debugging and tests.
  public private(set) var trace: [String] = []
  /// The mistakes found in the declarations applied so far.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Attaches a composer to a container.
  ///
  /// - Parameters:
  ///   - container: The container; the composer does not retain it.
  ///   - environment: The environment at the top of the declaration.
  ///   - body: Builds the declaration; called on every reconciliation.
  public init(
    container: UIViewController, environment: EnvironmentValues = EnvironmentValues(),
    @CompositionBuilder body: @escaping @MainActor () -> CompositionContent
  ) {
    self.container = container
    self.environment = environment
    self.body = body
    executor = Executor(container: container, activity: activity)
    executor.reportDiagnostic = { [weak self] diagnostic in
      self?.diagnostics.append(diagnostic)
    }
    executor.transitionDidFinish = { [weak self] slot in
      self?.transitionDidFinish(in: slot)
    }
  }

  /// Marks the declaration as changed; it is applied at the container view's next layout pass, or
  /// at the next ``composeIfNeeded()``.
  public func setNeedsCompose() {
    if isComposing {
      if invalidatedWhileComposing == nil { invalidatedWhileComposing = currentCulprit() }
    } else {
      // A change from outside: the count of self-invalidating passes starts again.
      selfInvalidatedPasses = 0
      isStopped = false
    }
    invalidate()
  }

  private func invalidate() {
    isDirty = true
    guard let view = container?.viewIfLoaded else { return }
    installTrigger(in: view).setNeedsLayout()
  }

  /// Receives a change to `@Observable` state the body read, once the change is made.
  private func observedStateDidChange(duringComposition: Bool) {
    if duringComposition {
      // Made by applying the declaration: it counted as a self-invalidating pass, and after a
      // stop it is dropped.
      if isStopped { return }
      invalidate()
    } else {
      setNeedsCompose()
    }
  }

  /// Applies a pending change now, if the container's view is loaded.
  ///
  /// Called while ``forwardBeginAppearanceTransition(_:animated:)`` reaches the children (from a
  /// child's `viewWillAppear(_:)`, say), it applies the change once every child is reached.
  public func composeIfNeeded() {
    guard isDirty, container?.isViewLoaded == true, !isComposing else { return }
    if isForwardingAppearance {
      composesAfterForwarding = true
      return
    }
    compose()
  }

  /// What the container has mounted: each slot, its children with their identities, and its
  /// hidden kept-alive children.
  public var hierarchyDescription: String { mounted.description }

  /// The live controller of a child, if it exists; for tests and debugging.
  ///
  /// - Parameter identity: The child's identity.
  /// - Returns: The controller.
  public func controller(for identity: ChildIdentity) -> UIViewController? {
    executor.controller(for: identity)
  }

  /// The first child of the slot marked ``Slot/primary(_:)`` for `forwarding`, if it is live.
  ///
  /// Return it from the container's `childForStatusBarStyle`, `childForStatusBarHidden` and
  /// `childForHomeIndicatorAutoHidden`; the composer calls `setNeedsStatusBarAppearanceUpdate()`
  /// and `setNeedsUpdateOfHomeIndicatorAutoHidden()` when it changes.
  ///
  /// ```swift
  /// override var childForStatusBarStyle: UIViewController? {
  ///   composer.primaryChild(for: .statusBar)
  /// }
  /// ```
  ///
  /// - Parameter forwarding: What the child decides.
  /// - Returns: The child's controller.
  public func primaryChild(for forwarding: Forwarding) -> UIViewController? {
    guard let slot = mounted.slots.first(where: { $0.forwarding.isSuperset(of: forwarding) }),
      let first = slot.children.first
    else { return nil }
    return executor.controller(for: first.identity)
  }

  /// Adopts the preferred content size of the primary child for
  /// ``Forwarding/preferredContentSize``; call it from the container's
  /// `preferredContentSizeDidChange(forChildContentContainer:)`.
  ///
  /// - Parameter child: The child whose preferred content size changed.
  public func preferredContentSizeDidChange(forChild child: any UIContentContainer) {
    guard let primary = primaryChild(for: .preferredContentSize), primary === child else { return }
    container?.preferredContentSize = primary.preferredContentSize
  }

  /// Removes the hidden kept-alive children that allow it, with the full remove sequence; call
  /// it from the container's `didReceiveMemoryWarning()`.
  ///
  /// A child that an animated swap is still taking out keeps its parent until the swap ends (its
  /// view is still on screen); it is evicted then, if it is still hidden.
  public func evictHiddenChildren() {
    let swapping = executor.swappingChildren
    pendingEvictions.formUnion(swapping)
    evict { !swapping.contains($0) }
  }

  /// Forwards the beginning of the container's appearance change to its children.
  ///
  /// For a container that forwards appearance itself (`shouldAutomaticallyForwardAppearanceMethods`
  /// is `false`). Call it from `viewWillAppear(_:)` with `true` and from `viewWillDisappear(_:)`
  /// with `false`.
  ///
  /// The children shown in the container's slots receive `beginAppearanceTransition(_:animated:)`,
  /// except those an animated swap is taking through an appearance change of its own: the swap
  /// brings them to the container's state when it ends.
  ///
  /// When UIKit forwards (the default), it forwards nothing and only tells the composer the
  /// container's appearance: a swap declared while the container disappears is then made without
  /// animation, instead of starting its children's disappearance a second time ("Unbalanced
  /// calls to begin/end appearance transitions"). ``ComposedViewController`` calls it for you.
  ///
  /// ```swift
  /// override func viewWillAppear(_ animated: Bool) {
  ///   super.viewWillAppear(animated)
  ///   composer.forwardBeginAppearanceTransition(true, animated: animated)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isAppearing: `true` when the container is appearing, `false` when it is disappearing.
  ///   - animated: Whether the change is animated.
  public func forwardBeginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    forwardAppearance(isAppearing, animated: animated)
  }

  private func forwardAppearance(_ isAppearing: Bool?, animated: Bool) {
    guard !isForwardingAppearance else { return }
    isForwardingAppearance = true
    executor.forwardAppearance(
      isAppearing, animated: animated,
      shown: isAppearing == nil ? [] : mounted.slots.flatMap { $0.children.map(\.identity) })
    isForwardingAppearance = false
    guard composesAfterForwarding else { return }
    composesAfterForwarding = false
    if isDirty || needsComposeAfterSwap, !isComposing, container?.isViewLoaded == true {
      compose()
    }
  }

  /// Forwards the end of the container's appearance change to its children.
  ///
  /// It reaches the children that ``forwardBeginAppearanceTransition(_:animated:)`` reached. Call
  /// it from `viewDidAppear(_:)` and `viewDidDisappear(_:)`. When UIKit forwards, it only tells
  /// the composer that the change ended.
  public func forwardEndAppearanceTransition() {
    forwardAppearance(nil, animated: false)
  }

  // MARK: - Reconciling

  private func compose() {
    guard let container else { return }
    isComposing = true
    activity.isComposing = true
    invalidatedWhileComposing = nil
    _ = activity.takeObservedChange()
    defer {
      isComposing = false
      activity.isComposing = false
    }
    isDirty = false
    needsComposeAfterSwap = false
    // What other code changed is repaired first, so that the plan starts from the truth.
    let repair = executor.repair(mounted)
    mounted = repair.tree
    diagnostics.append(contentsOf: repair.found)
    var declared = resolveTrackingObservation()
    // A slot that is still swapping keeps what it has; it is reconciled when its swap ends.
    let busy = executor.transitioningSlots
    for slot in declared.slots where busy.contains(slot.name) && slot.interruption == .cutShort {
      executor.cutShort(slot.name)
    }
    // Cutting a swap short may have ended it.
    let stillBusy = executor.transitioningSlots
    if !stillBusy.isEmpty {
      declared = declared.replacingSlots(named: stillBusy, with: mounted)
    }
    let forwarding: AppearanceForwarding =
      container.shouldAutomaticallyForwardAppearanceMethods ? .automatic : .manual
    let reconciliation = mounted.reconcile(to: declared, in: container, forwarding: forwarding)
    diagnostics.append(contentsOf: reconciliation.plan.diagnostics)
    trace.append(contentsOf: reconciliation.plan.steps.map(\.description))
    let before = mounted
    let primaryBefore = primaryChildren()
    mounted = reconciliation.tree
    executor.perform(reconciliation.plan, from: before, to: mounted)
    // The mounted tree keeps no closure of user code: a closure that captures the container
    // makes no cycle through the composer.
    mounted = mounted.releasingClosures()
    notifyPrimaryChanges(from: primaryBefore, in: container)
    guardAgainstSelfInvalidation()
    if !stillBusy.isEmpty {
      // The busy slots are reconciled with the latest declaration when their swaps end.
      needsComposeAfterSwap = true
      if executor.transitioningSlots.isDisjoint(with: stillBusy) { invalidate() }
    }
  }

  /// Stops a declaration that invalidates itself every time it is applied, which would
  /// otherwise recompose at every layout pass, forever.
  private func guardAgainstSelfInvalidation() {
    let culprit =
      invalidatedWhileComposing
      ?? activity.observedChange.map {
        "a change to @Observable state the body reads, made by " + Self.culprit($0)
      }
    guard let culprit else {
      selfInvalidatedPasses = 0
      return
    }
    selfInvalidatedPasses += 1
    guard selfInvalidatedPasses >= Self.selfInvalidationLimit else { return }
    selfInvalidatedPasses = 0
    isDirty = false
    isStopped = true
    diagnostics.append(
      Diagnostic(
        id: .compositionLoop,
        message: "applying the declaration invalidated it again \(Self.selfInvalidationLimit) "
          + "times in a row (\(culprit)); the composer stopped until the next change from "
          + "outside; do not call setNeedsCompose() or change state the body reads from update "
          + "closures or factories, or change it only when the value differs",
        source: nil))
  }

  /// What is running while the declaration is applied, for ``Diagnostic/ID/compositionLoop``.
  private func currentCulprit() -> String {
    Self.culprit(activity.updatingChild)
  }

  private static func culprit(_ child: ResolvedChild?) -> String {
    guard let child else { return "the body, a factory or a child's view loading" }
    return "the update closure of child \(child.identity), declared at \(child.source)"
  }

  private func transitionDidFinish(in slot: String) {
    if isDirty || needsComposeAfterSwap, !isComposing {
      if isForwardingAppearance {
        composesAfterForwarding = true
      } else {
        compose()
      }
    }
    guard !pendingEvictions.isEmpty else { return }
    let ready = pendingEvictions.subtracting(executor.swappingChildren)
    guard !ready.isEmpty else { return }
    pendingEvictions.subtract(ready)
    evict { ready.contains($0) }
  }

  /// Evicts the hidden children that allow it, of those `includes` accepts.
  private func evict(where includes: (ChildIdentity) -> Bool) {
    guard let container else { return }
    let forwarding: AppearanceForwarding =
      container.shouldAutomaticallyForwardAppearanceMethods ? .automatic : .manual
    let eviction = mounted.evictingHiddenChildren(forwarding: forwarding, where: includes)
    trace.append(contentsOf: eviction.plan.steps.map(\.description))
    let before = mounted
    mounted = eviction.tree
    executor.perform(eviction.plan, from: before, to: mounted)
  }

  private func primaryChildren() -> [UIViewController?] {
    [primaryChild(for: .statusBar), primaryChild(for: .homeIndicator)]
  }

  /// Tells UIKit to ask the container again when the child that decides changed.
  private func notifyPrimaryChanges(
    from before: [UIViewController?], in container: UIViewController
  ) {
    // tvOS and visionOS have no status bar or home indicator to update.
    #if !os(tvOS) && !os(visionOS)
    let after = primaryChildren()
    if before[0] !== after[0] { container.setNeedsStatusBarAppearanceUpdate() }
    if before[1] !== after[1] { container.setNeedsUpdateOfHomeIndicatorAutoHidden() }
    #endif
  }

  /// Resolves the body, watching the `@Observable` state it reads: a change to any of it marks the
  /// declaration as changed.
  ///
  /// The change is reported while the state is being set, so the invalidation hops to the main
  /// actor; however many changes come in a burst, they lead to one reconciliation.
  private func resolveTrackingObservation() -> CompositionTree {
    let body = body
    let environment = environment
    return withObservationTracking {
      CompositionTree(body(), environment: environment, mounted: mounted)
    } onChange: { [weak self, activity] in
      // A change made while the declaration is being applied (by an update closure, say) is
      // noted at once, so that a declaration that keeps changing what it reads is caught.
      let duringComposition = activity.noteObservedChange()
      Task { @MainActor in self?.observedStateDidChange(duringComposition: duringComposition) }
    }
  }

  private func installTrigger(in view: UIView) -> LayoutTrigger {
    if let trigger, trigger.superview === view { return trigger }
    let trigger = LayoutTrigger { [weak self] in self?.composeIfNeeded() }
    // Zero-sized and not interactive, so invisible; not hidden, since UIKit need not lay out
    // hidden views.
    trigger.isUserInteractionEnabled = false
    view.insertSubview(trigger, at: 0)
    self.trigger = trigger
    return trigger
  }
}

/// A zero-size, non-interactive view whose layout pass applies a composer's pending change: the container
/// needs no override to be composed at the right moment.
@MainActor
final class LayoutTrigger: UIView {
  private let onLayout: @MainActor () -> Void

  init(onLayout: @escaping @MainActor () -> Void) {
    self.onLayout = onLayout
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) { nil }

  override func layoutSubviews() {
    super.layoutSubviews()
    onLayout()
  }
}

// MARK: - Testing

// What ComposeTesting reads and sets, as SPI: not part of Compose's API, and subject to change.
extension Composer {
  /// Called with every controller a child's factory made, and the child's identity, before the
  /// controller receives any UIKit call; for ComposeTesting, do not use it directly.
  @_spi(ComposeTesting)
  public var didMakeController: ((UIViewController, ChildIdentity) -> Void)? {
    get { executor.didMakeController }
    set { executor.didMakeController = newValue }
  }

  /// What the container has mounted; for ComposeTesting, do not use it directly.
  @_spi(ComposeTesting)
  public var mountedTree: CompositionTree { mounted }

  /// What the body declares now, resolved against the mounted tree, without watching what it
  /// reads; for ComposeTesting, do not use it directly.
  ///
  /// - Returns: The resolved declaration.
  @_spi(ComposeTesting)
  public func currentDeclaration() -> CompositionTree {
    CompositionTree(body(), environment: environment, mounted: mounted)
  }

  /// Whether a change waits to be applied, or a slot's swap is still running; for ComposeTesting,
  /// do not use it directly.
  @_spi(ComposeTesting)
  public var isBusy: Bool {
    isDirty || needsComposeAfterSwap || !executor.transitioningSlots.isEmpty
  }
}

extension CompositionTree {
  /// This tree with the named slots taken from `other` (or dropped when `other` has none).
  func replacingSlots(named names: Set<String>, with other: CompositionTree) -> CompositionTree {
    var slots = slots.compactMap { slot in
      guard names.contains(slot.name) else { return slot }
      return other.slots.first { $0.name == slot.name }
    }
    for slot in other.slots
    where names.contains(slot.name) && !slots.contains(where: { $0.name == slot.name }) {
      slots.append(slot)
    }
    return CompositionTree(slots: slots, diagnostics: diagnostics)
  }
}

/// What a composer is doing, readable from any thread: `@Observable` state may change on any
/// thread, and its change is reported where it is made.
final class CompositionActivity: @unchecked Sendable {
  private let lock = NSLock()
  private var composing = false
  private var updating: ResolvedChild?
  /// Set when observed state changed while composing: the child whose update was running, if any.
  private var observed: ResolvedChild??

  /// Whether the composer is applying a declaration.
  var isComposing: Bool {
    get { lock.withLock { composing } }
    set { lock.withLock { composing = newValue } }
  }

  /// The child whose update closure is running, if any.
  var updatingChild: ResolvedChild? {
    get { lock.withLock { updating } }
    set { lock.withLock { updating = newValue } }
  }

  /// The change to observed state made while composing, if any: the child whose update closure
  /// made it, or `.some(nil)` when something else did.
  var observedChange: ResolvedChild?? { lock.withLock { observed } }

  /// Notes a change to observed state, if it is made while composing; returns whether it is.
  func noteObservedChange() -> Bool {
    lock.withLock {
      if composing, observed == nil { observed = .some(updating) }
      return composing
    }
  }

  /// Returns the noted change, and forgets it.
  func takeObservedChange() -> ResolvedChild?? {
    lock.withLock {
      defer { observed = nil }
      return observed
    }
  }
}
