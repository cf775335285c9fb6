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
  /// The container whose children this composer manages.
  public private(set) unowned var container: UIViewController
  private let body: @MainActor () -> CompositionContent
  private let environment: EnvironmentValues
  private var mounted = CompositionTree(slots: [], diagnostics: [])
  private lazy var executor: Executor = makeExecutor()
  private var isDirty = false
  private var isComposing = false
  private weak var trigger: LayoutTrigger?

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
  }

  /// Marks the declaration as changed; it is applied at the container view's next layout pass, or
  /// at the next ``composeIfNeeded()``.
  public func setNeedsCompose() {
    isDirty = true
    guard let view = container.viewIfLoaded else { return }
    installTrigger(in: view).setNeedsLayout()
  }

  /// Applies a pending change now, if the container's view is loaded.
  public func composeIfNeeded() {
    guard isDirty, container.isViewLoaded, !isComposing else { return }
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
    container.preferredContentSize = primary.preferredContentSize
  }

  /// Removes the hidden kept-alive children that allow it, with the full remove sequence; call
  /// it from the container's `didReceiveMemoryWarning()`.
  public func evictHiddenChildren() {
    let forwarding: AppearanceForwarding =
      container.shouldAutomaticallyForwardAppearanceMethods ? .automatic : .manual
    let eviction = mounted.evictingHiddenChildren(forwarding: forwarding)
    trace.append(contentsOf: eviction.plan.steps.map(\.description))
    let before = mounted
    mounted = eviction.tree
    executor.perform(eviction.plan, from: before, to: mounted)
  }

  // MARK: - Reconciling

  private func compose() {
    isComposing = true
    defer { isComposing = false }
    isDirty = false
    var declared = resolveTrackingObservation()
    // A slot that is still swapping keeps what it has; it is reconciled when its swap ends.
    let busy = executor.transitioningSlots
    for slot in declared.slots where busy.contains(slot.name) && slot.interruption == .cutShort {
      executor.cutShort(slot.name)
    }
    if !busy.isEmpty {
      declared = declared.replacingSlots(named: busy, with: mounted)
      isDirty = true
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
    notifyPrimaryChanges(from: primaryBefore)
  }

  private func primaryChildren() -> [UIViewController?] {
    [primaryChild(for: .statusBar), primaryChild(for: .homeIndicator)]
  }

  /// Tells UIKit to ask the container again when the child that decides changed.
  private func notifyPrimaryChanges(from before: [UIViewController?]) {
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
    } onChange: { [weak self] in
      Task { @MainActor in self?.setNeedsCompose() }
    }
  }

  private func makeExecutor() -> Executor {
    let executor = Executor(container: container)
    executor.reportDiagnostic = { [weak self] diagnostic in
      self?.diagnostics.append(diagnostic)
    }
    executor.transitionDidFinish = { [weak self] _ in
      guard let self, self.isDirty else { return }
      self.compose()
    }
    return executor
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
