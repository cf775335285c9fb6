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
///   var messages: [Message] = [] { didSet { composer.setNeedsCompose() } }
///   var selection: Message.ID? { didSet { composer.setNeedsCompose() } }
///   lazy var composer = Composer(container: self) { [unowned self] in
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
/// The container also tells its composer when it appears and disappears, with
/// ``forwardBeginAppearanceTransition(_:animated:)`` and ``forwardEndAppearanceTransition()``
/// from its four appearance callbacks. Without them, the composer cannot know that the container
/// is leaving the screen, and a swap declared then animates: UIKit logs unbalanced appearance
/// calls for the leaving child, and the arriving one is left appeared off screen.
/// ``ComposedViewController`` does this too.
///
/// A body that reads `@Observable` state is composed again when that state changes, with no
/// ``setNeedsCompose()`` call: the composer watches what the body (and the compositions in it)
/// read while they are resolved. Reads in a child's update closure are watched too, per child: a
/// change that only update closures read runs only those children's updates again (the body is
/// resolved, but no other update runs and no containment call is made).
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
  let body: @MainActor () -> CompositionContent
  let environment: EnvironmentValues
  var mounted = CompositionTree(slots: [], diagnostics: [], mayKeepEnvironments: false)
  /// Whether a child of the container is a composed container.
  ///
  /// Set when a child's composer starts while it is a child or while a plan adds it (in its
  /// update closure), or when a factory returns a controller that composes already. Only then do
  /// the mounted children keep the environment they are declared in, and get it after each
  /// reconciliation: composers that nest nowhere pay nothing for it, whatever other composers
  /// the app has.
  private(set) var hasNestedComposers = false
  let executor: Executor
  var isDirty = false
  /// Whether a slot kept its mounted children because a swap was running in it; the latest
  /// declaration is applied when a swap ends.
  var needsComposeAfterSwap = false
  var isComposing = false
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
  /// Observes what the body reads, one registration at a time.
  private let bodyReads = ObservedReads()
  private var bodyRegistration: ObservedReads.Registration?
  /// Observes what the body of each equatable composition reads, one registration per
  /// composition: one whose body is not evaluated again keeps watching what it read.
  private lazy var compositionObserver = CompositionObserver { [weak self, activity] reader in
    let changed = UncheckedSendable(reader)
    return {
      activity.deliverObservedChange { duringComposition, link in
        changed.value.isDirty = true
        self?.observedStateDidChange(duringComposition: duringComposition, link: link)
      }
    }
  }
  /// How many compositions in a row were invalidated by applying the previous one.
  private var selfInvalidatedPasses = 0
  /// Whether the composer stopped a self-invalidating declaration; a change from outside
  /// starts it again.
  private var isStopped = false
  /// Whether a child made a composer of its own during this composition while its environment
  /// was dropped: the declaration is applied again once this composition ends.
  private var passesEnvironmentAgain = false
  /// The delegate that tells the composer about a navigation stack's transitions, while the
  /// container is a `UINavigationController` with a ``NavigationStack``.
  var navigationDelegate: NavigationStackDelegate?
  /// Whether other code changed the navigation stack (pushed, reordered or replaced controllers)
  /// since the composer last set it: the next reconciliation sets the declared stack again, even
  /// when the declaration did not change.
  var navigationStackDiffersFromUIKit = false
  /// Whether other code changed the tab bar controller's tabs (set, reordered, added or removed
  /// tabs) since the composer last set them: the next reconciliation sets the declared tabs
  /// again, even when the declaration did not change.
  var tabsDifferFromUIKit = false
  /// The delegate that tells the composer about the user's taps, while the container is a
  /// `UITabBarController` with ``Tabs``.
  var tabsDelegate: TabsDelegate?
  /// The data source and delegate that give a page view controller its declared pages and tell
  /// the composer about the user's swipes, while the container is a `UIPageViewController` with
  /// ``Pages``.
  var pagesDelegate: PagesDelegate?
  /// The delegates of the presentation controllers of the children presentations show.
  var presentationDelegates: [PresentationDelegateEntry] = []
  /// Whether a composition is scheduled on the main queue (see `invalidate()`).
  var composeIsScheduled = false
  /// The children a memory warning spared because a swap was taking them out; they are evicted
  /// when it ends, if still hidden.
  private var pendingEvictions: Set<ChildIdentity> = []
  /// Whether ``evictHiddenChildren()`` was called while a declaration was applied: the eviction
  /// is made once its plan is performed.
  private var evictsAfterComposition = false

  /// How many compositions in a row may be invalidated by applying the previous one before the
  /// composer reports a ``Diagnostic/ID/compositionLoop`` and stops.
  static let selfInvalidationLimit = 10

  /// The longest chain of compositions of several composers with no change from outside.
  ///
  /// In a chain, applying each composition invalidated the next one's composer. The composer
  /// that would make the chain longer reports a ``Diagnostic/ID/compositionLoop`` and stops.
  /// Passing an environment down adds one per level of nesting, so the limit is well above any
  /// nesting an app has.
  static let chainLimit = 32

  /// The chain of the composition that a pending change will run: 0 for a change from outside,
  /// one more than the chain of the composition whose application made it otherwise.
  private var pendingChain = 0
  /// The chain of the composition running, or of the last one.
  private var chain = 0
  /// Whether a change from outside waits to be applied: the composition that applies it starts
  /// a new chain, whatever changes from other composers' compositions came with it.
  private var changeFromOutsidePending = false
  /// The environment the container inherited when the last declaration was applied, if it
  /// inherited one: a parent whose declaration gives it the same values need not ask it to
  /// compose again.
  private var composedInheritance: EnvironmentValues?
  /// Whether a declaration was applied since the composer was made.
  private var hasApplied = false

  /// The children whose update closures read `@Observable` state that changed since; only their
  /// updates run at the next composition, unless something else changed too.
  private var pendingUpdates: Set<ChildIdentity> = []
  /// Whether the next reconciliation makes its swaps without animation
  /// (``withoutAnimation(_:)``).
  private var animationsDisabled = false
  /// The slots a change made in ``withoutAnimation(_:)`` reached while they were swapping: each
  /// is reconciled without animation when its swap ends, and the others animate as declared.
  private var unanimatedSlots: Set<String> = []
  /// The reconciliations whose swaps are still running, oldest first.
  private var runningReconciliations: [RunningReconciliation] = []
  /// Whether a plan is being performed; a swap that completes meanwhile belongs to it, unless an
  /// earlier reconciliation started it.
  private var performing: RunningReconciliation?
  /// The tasks waiting in ``settled()``.
  private var settleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Called once for every swap, when it is complete: after the arriving child's
  /// `didMove(toParent:)` — also when the swap was cut short, interrupted, or made without
  /// animation.
  ///
  /// ```swift
  /// composer.onSwapCompletion = { [weak self] completion in
  ///   self?.announce(completion.incoming)
  /// }
  /// ```
  ///
  /// Capture the container weakly: the composer keeps the closure.
  public var onSwapCompletion: (@MainActor (SwapCompletion) -> Void)?

  /// Called once for every reconciliation, when its plan is performed completely: at once for a
  /// plan with no swap, when its last swap is complete otherwise.
  ///
  /// Capture the container weakly: the composer keeps the closure.
  public var onReconciliationCompletion: (@MainActor (ReconciliationCompletion) -> Void)?

  private var traceBuffer = RingBuffer<String>(capacity: 1_000)
  private var diagnosticBuffer = RingBuffer<Diagnostic>(capacity: 100)

  /// The last steps performed, one line each, oldest first; for debugging and tests.
  ///
  /// It keeps the last ``traceCapacity`` steps, so a container that lives long and changes
  /// often never holds more; ``stepsTraced`` counts them all.
  public var trace: [String] { traceBuffer.elements }

  /// How many steps were ever added to ``trace``, the ones it no longer keeps included.
  ///
  /// Code that reads the trace from time to time remembers this count to find the steps added
  /// since, and to tell how many of them the trace dropped.
  public var stepsTraced: Int { traceBuffer.appendedCount }

  /// How many steps ``trace`` keeps; 1,000 by default, `0` to keep none.
  public var traceCapacity: Int {
    get { traceBuffer.capacity }
    set { traceBuffer.capacity = newValue }
  }

  /// The last mistakes found in the declarations applied and in the container, oldest first.
  ///
  /// It keeps the last ``diagnosticCapacity`` of them; ``diagnosticsReported`` counts them all.
  /// Each is also reported through ``DiagnosticReporting`` when it is found.
  public var diagnostics: [Diagnostic] { diagnosticBuffer.elements }

  /// How many diagnostics ``diagnostics`` keeps; 100 by default.
  public var diagnosticCapacity: Int {
    get { diagnosticBuffer.capacity }
    set { diagnosticBuffer.capacity = newValue }
  }

  /// How many diagnostics were found since the composer was made, those ``diagnostics`` no
  /// longer keeps included.
  public var diagnosticsReported: Int { diagnosticBuffer.appendedCount }

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
      self?.record([diagnostic])
    }
    executor.transitionDidFinish = { [weak self] slot in
      self?.transitionDidFinish(in: slot)
    }
    executor.swapDidComplete = { [weak self] completion in
      self?.swapDidComplete(completion)
    }
    executor.navigationTransitionDidEnd = { [weak self] slot in
      self?.navigationTransitionDidEnd(in: slot)
    }
    executor.pageTurnDidEnd = { [weak self] slot, finished in
      self?.pageTurnDidEnd(in: slot, finished: finished)
    }
    executor.presentationTransitionDidEnd = { [weak self] slot in
      self?.presentationTransitionDidEnd(slot)
    }
    executor.presentationDelegate = { [weak self] controller in
      self?.installPresentationDelegate(on: controller)
    }
    tracksUpdateReads = true
    InheritedEnvironment.register(self, for: container)
  }

  /// Marks the declaration as changed; it is applied at the container view's next layout pass, or
  /// at the next ``composeIfNeeded()``.
  public func setNeedsCompose() {
    if isComposing {
      if invalidatedWhileComposing == nil { invalidatedWhileComposing = currentCulprit() }
      invalidate()
    } else {
      setNeedsCompose(continuing: Self.linkToApplyingComposition())
    }
  }

  /// Marks the declaration as changed by something other than applying it: a change from
  /// outside when `link` is `nil`; otherwise a change made by applying another composer's
  /// declaration (a child's update closure, the environment passed down), whose chain this
  /// composition continues.
  private func setNeedsCompose(continuing link: ChainLink?) {
    guard startsAgain(continuing: link) else { return }
    invalidate()
  }

  /// Notes a change made by something other than applying the declaration, and returns whether
  /// it is to be applied.
  ///
  /// The count of self-invalidating passes starts again, and a stopped composer starts again,
  /// unless the change makes a chain of compositions too long, which stops the composer.
  private func startsAgain(continuing link: ChainLink?) -> Bool {
    if let link {
      if !changeFromOutsidePending {
        guard link.chain < Self.chainLimit else {
          stopChain(madeBy: link)
          return false
        }
        pendingChain = max(pendingChain, link.chain)
      }
    } else {
      changeFromOutsidePending = true
      pendingChain = 0
    }
    selfInvalidatedPasses = 0
    isStopped = false
    return true
  }

  /// The link to the composition being applied where this code runs (an invalidation, or a
  /// change to `@Observable` state), if any; `nil` on another thread, and in a task made while a
  /// composition was applied that outlived that composition.
  nonisolated static func linkToApplyingComposition() -> ChainLink? {
    guard let applying = ApplyingComposition.current,
      applying.activity.isApplying(applying.composition)
    else {
      return nil
    }
    return ChainLink(
      chain: applying.chain + 1, container: applying.container,
      child: UncheckedSendable(applying.activity.updatingChild))
  }

  /// Stops a chain of compositions of several composers, each invalidated by applying the one
  /// before, that no change from outside started: they invalidate each other without end.
  private func stopChain(madeBy link: ChainLink) {
    guard !isStopped else { return }
    isStopped = true
    // What is pending came from the chain: no change from outside is (see `startsAgain`).
    isDirty = false
    pendingUpdates = []
    pendingChain = 0
    record([
      Diagnostic(
        id: .compositionLoop,
        message: "applying the declarations of other composed containers invalidated this one "
          + "\(Self.chainLimit) times in a row, with no change from outside (last by "
          + "\(Self.culprit(link.child.value)), in \(link.container)'s composer); the composer "
          + "stopped until the next change from outside; a child's update closure that changes "
          + "its container's state, or state a container above reads, should change it only "
          + "when the value differs",
        source: nil)
    ])
  }

  func invalidate() {
    isDirty = true
    requestComposition()
  }

  /// Asks for a composition that applies what is pending: at the container view's next layout
  /// pass, or from the main queue when the container presents while it is out of the window.
  private func requestComposition() {
    guard let view = container?.viewIfLoaded else { return }
    installTrigger(in: view).setNeedsLayout()
    // A container covered by a full-screen presentation is out of the window, where no layout
    // pass runs: a change of its presentations (their children's update closures included), or
    // of a container that presents (UIKit makes a descendant's presentation from its farthest
    // ancestor: a tab's cover, whose tab the change removes), is applied from the main queue.
    if view.window == nil, !composeIsScheduled,
      !executor.presentation.shown.isEmpty || presentsAsHost
    {
      composeIsScheduled = true
      Task { @MainActor [weak self] in
        self?.composeIsScheduled = false
        self?.composeIfNeeded()
      }
    }
  }

  /// Whether the container is the presenter of a presented controller, its own or one of its
  /// descendants'.
  private var presentsAsHost: Bool {
    guard let container, let presented = container.presentedViewController else { return false }
    return presented.presentingViewController === container
  }

  /// Receives a change to `@Observable` state the body read, once the change is made; `link`
  /// is the composition another composer was applying where it was made, if any.
  private func observedStateDidChange(duringComposition: Bool, link: ChainLink?) {
    // A change dropped below may have been the last thing `settled()` waited for.
    defer { resumeWaitersIfSettled() }
    if duringComposition {
      // Made by applying the declaration: it counted as a self-invalidating pass, and after a
      // stop it is dropped.
      if isStopped { return }
      invalidate()
    } else {
      setNeedsCompose(continuing: link)
    }
  }

  /// Applies the changes `changes` makes with no animated transition.
  ///
  /// Like a transaction that disables animations: the next reconciliation makes every swap as a
  /// plain remove and add, however the slot or child declares its ``Transition``. It calls
  /// ``setNeedsCompose()`` after `changes`, so changes to the container's own properties and to
  /// `@Observable` state read by the body are both covered. A swap already running is not
  /// affected; a slot it holds whose declaration the changes reached is reconciled without
  /// animation when it ends, and a later change to another slot animates as declared. Changes
  /// coalesced into the same reconciliation are made without animation too.
  ///
  /// ```swift
  /// composer.withoutAnimation {
  ///   model.selectedTab = .inbox  // restoring state: no cross-dissolve
  /// }
  /// ```
  ///
  /// - Parameter changes: Changes the state the declaration reads.
  /// - Returns: What `changes` returns.
  public func withoutAnimation<Result>(_ changes: () throws -> Result) rethrows -> Result {
    animationsDisabled = true
    defer { setNeedsCompose() }
    return try changes()
  }

  /// Whether nothing is left to do: no pending change, no running swap, and no reconciliation
  /// waiting for one (or the container is released).
  ///
  /// A change to `@Observable` state that the body or an update closure reads is pending from
  /// the moment it is made, although it reaches the composer from the main queue.
  public var isSettled: Bool {
    container == nil
      || (!isDirty && pendingUpdates.isEmpty && !needsComposeAfterSwap
        && executor.transitioningSlots.isEmpty && runningReconciliations.isEmpty
        && !activity.hasObservedChangesInFlight)
  }

  /// Waits until the composer is settled: every pending change applied and every swap complete.
  ///
  /// ```swift
  /// screen.selection = message.id
  /// await screen.composer.settled()
  /// // the detail is in place, its swap complete
  /// ```
  ///
  /// Returns at once when ``isSettled``. A change that is never applied (a container whose view
  /// never loads or is never laid out) keeps the caller waiting: call ``composeIfNeeded()``. So
  /// does a container released while a change is pending, which nothing tells the composer of:
  /// keep the container alive until `settled()` returns. UIKitModel runs layout passes and
  /// animations only when a test asks it to: in a test against it, let ComposeTesting's
  /// `ContainerHarness.settle()` do that instead.
  public func settled() async {
    guard !isSettled else { return }
    await withCheckedContinuation { continuation in
      settleWaiters.append(continuation)
    }
  }

  /// Resumes the tasks waiting in ``settled()``, if the composer is settled.
  func resumeWaitersIfSettled() {
    guard !settleWaiters.isEmpty, isSettled else { return }
    let waiters = settleWaiters
    settleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Receives a change to `@Observable` state a child's update closure read, once it is made.
  private func updateReadsDidChange(
    of identity: ChildIdentity, duringComposition: Bool, link: ChainLink?
  ) {
    // A change dropped below may have been the last thing `settled()` waited for.
    defer { resumeWaitersIfSettled() }
    if duringComposition {
      if isStopped { return }
    } else {
      guard startsAgain(continuing: link) else { return }
    }
    pendingUpdates.insert(identity)
    requestComposition()
  }

  /// Applies a pending change now, if the container's view is loaded.
  ///
  /// Called while the composer applies a declaration — from an update closure or a factory, or
  /// from a child's callback that the plan causes, such as its `viewDidLoad()` — it applies
  /// nothing then: the plan runs to its end, and a change made meanwhile is applied at the
  /// container view's next layout pass.
  ///
  /// Called while ``forwardBeginAppearanceTransition(_:animated:)`` reaches the children (from a
  /// child's `viewWillAppear(_:)`, say), it applies the change once every child is reached.
  /// Called while another composer resolves its body or runs a child's update closure (one that
  /// lays this container out), it applies the change at the container view's next layout pass,
  /// so that the other composer does not observe what this one reads.
  public func composeIfNeeded() {
    guard isDirty || !pendingUpdates.isEmpty, container?.isViewLoaded == true, !isComposing
    else { return }
    if isForwardingAppearance {
      composesAfterForwarding = true
      return
    }
    if ObservedReads.isObserving {
      // Asked from inside another composer's observed body or update closure (one that lays
      // out this container, say): composing now would add what this body reads to that scope,
      // which would compose again at every change of it. The next layout pass composes instead.
      invalidate()
      return
    }
    compose()
  }

  /// What the container has mounted: each slot, its children with their identities, and its
  /// hidden kept-alive children.
  public var hierarchyDescription: String { mounted.description }

  /// The live controller of a child, if it exists; for tests and debugging.
  ///
  /// A container reaches its children through a ``ChildHandle`` attached with
  /// ``Child/handle(_:)``, which is typed and needs no identity.
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
  /// and `setNeedsUpdateOfHomeIndicatorAutoHidden()` when it changes. tvOS and visionOS have no
  /// status bar or home indicator: there, write these overrides inside
  /// `#if !os(tvOS) && !os(visionOS)`, and the composer calls neither method.
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
  /// UIKit calls that method when a child changes its size. A child that becomes the primary one
  /// gives the container the size it has then without it, unless that size is zero (no
  /// preference).
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
  ///
  /// Called while the composer applies a declaration — from an update closure or a factory, or
  /// from a child's callback that the plan causes, such as its `viewDidLoad()` — it evicts once
  /// the plan is performed, before the composition ends: the plan's later steps still take the
  /// children it hides as it planned them.
  public func evictHiddenChildren() {
    if isComposing {
      // The running plan still detaches the children it hides, and adds the controllers it made
      // for its arriving children: an eviction performed in the middle of it would remove a
      // child whose view is still attached, and forget those controllers.
      evictsAfterComposition = true
      return
    }
    let swapping = executor.swappingChildren
    // A child a swap brings in is shown: the warning spares it for good.
    pendingEvictions.formUnion(executor.leavingChildren)
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
    if isAppearing == true { containerWillAppear() }
    if isAppearing == nil { containerDidAppear() }
    isForwardingAppearance = true
    // Presented children are not children: UIKit tells them.
    executor.forwardAppearance(
      isAppearing, animated: animated,
      shown: isAppearing == nil
        ? []
        : mounted.slots.flatMap {
          $0.declaration.presentation == nil ? $0.children.map(\.identity) : []
        })
    isForwardingAppearance = false
    guard composesAfterForwarding else { return }
    composesAfterForwarding = false
    if isDirty || needsComposeAfterSwap || !pendingUpdates.isEmpty, !isComposing,
      container?.isViewLoaded == true
    {
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
    // What UIKit popped by itself is taken as mounted first, and the source of truth is told;
    // what that tells it is applied by this composition. A transition the composer was not
    // told of (other code replaced its delegate) keeps the stack as it is until it ends.
    watchRunningNavigationTransition()
    synchronizeNavigationStack()
    synchronizeTabs()
    synchronizePages()
    synchronizePresentations()
    chain = changeFromOutsidePending ? 0 : pendingChain
    pendingChain = 0
    changeFromOutsidePending = false
    composedInheritance = InheritedEnvironment.environment(of: container)
    hasApplied = true
    // Code that runs while the declaration is applied (update closures, UIKit's callbacks, the
    // changes to observed state they make) sees which composition it runs in.
    let applying = ApplyingComposition(
      chain: chain, container: "\(type(of: container))", activity: activity,
      composition: activity.nextComposition)
    ApplyingComposition.$current.withValue(applying) {
      apply(to: container)
    }
    if evictsAfterComposition {
      evictsAfterComposition = false
      evictHiddenChildren()
    }
  }

  /// Whether `slot` declares other children than the mounted slot of its name shows, in another
  /// order, layout or anchor, or shows another tab, page or presentation: a change that reaches
  /// it, not one to its children's values only.
  ///
  /// A slot with hidden children never keeps its code, so the children are compared.
  private static func declaresOtherChildren(_ slot: ResolvedSlot, than old: ResolvedSlot?)
    -> Bool
  {
    guard let old else { return true }
    if old.code == slot.code { return false }
    guard old.layout.matches(slot.layout), old.anchor === slot.anchor,
      old.declaration.showsTheSame(as: slot.declaration),
      old.children.count == slot.children.count
    else { return true }
    return zip(old.children, slot.children).contains { $0.identity != $1.identity }
  }

  /// Applies the declaration: resolves the body, reconciles it with what is mounted, and performs
  /// the plan.
  private func apply(to container: UIViewController) {
    isComposing = true
    activity.isComposing = true
    invalidatedWhileComposing = nil
    _ = activity.takeObservedChange()
    defer {
      isComposing = false
      activity.isComposing = false
    }
    // Only update closures' reads changed: the other children's updates do not run.
    let updatesOnly: Set<ChildIdentity>? =
      isDirty || needsComposeAfterSwap || pendingUpdates.isEmpty ? nil : pendingUpdates
    let changedReads = pendingUpdates
    pendingUpdates = []
    isDirty = false
    needsComposeAfterSwap = false
    // What other code changed is repaired first, so that the plan starts from the truth.
    let repair = executor.repair(mounted)
    mounted = repair.tree
    record(repair.found)
    let compositionsBefore = mounted.compositions
    var declared = resolveTrackingObservation(changedReads: changedReads)
    // A slot that is still swapping keeps what it has; it is reconciled when its swap ends.
    let busy = executor.transitioningSlots
    // A change that reaches a swapping slot cuts its swap short; a composition that declares the
    // slot as it is (a change elsewhere, or only to update closures' values) lets it run.
    for slot in declared.slots
    where busy.contains(slot.name) && slot.interruption == .cutShort
      && Self.declaresOtherChildren(slot, than: mounted.slots.first { $0.name == slot.name })
    {
      executor.cutShort(slot.name)
    }
    // Cutting a swap short may have ended it.
    let stillBusy = executor.transitioningSlots.union(executor.slotsWaitingForPresentation)
    // The busy slots whose declaration changed, for a change made without animation.
    var changedBusySlots: Set<String> = []
    if !stillBusy.isEmpty {
      if animationsDisabled {
        changedBusySlots = stillBusy.filter { name in
          guard let slot = declared.slots.first(where: { $0.name == name }) else { return true }
          return Self.declaresOtherChildren(slot, than: mounted.slots.first { $0.name == name })
        }
      }
      declared = declared.replacingSlots(named: stillBusy, with: mounted)
    }
    let forwarding: AppearanceForwarding =
      container.shouldAutomaticallyForwardAppearanceMethods ? .automatic : .manual
    let animated = !animationsDisabled
    // A change made without animation that reaches a busy slot is applied when its swap ends,
    // without animation too; later changes to the other slots animate.
    var unanimated = unanimatedSlots.subtracting(stillBusy)
    unanimatedSlots.subtract(unanimated)
    if animationsDisabled {
      animationsDisabled = false
      unanimatedSlots.formUnion(changedBusySlots)
    }
    if container is UIPageViewController,
      container.viewIfLoaded?.window == nil || executor.presentation.containerIsAppearing
    {
      // A page shown while the page view controller is off screen, or coming on screen, is
      // set without a turn: it appears with the page view controller.
      for slot in declared.slots where slot.declaration.pages != nil {
        unanimated.insert(slot.name)
      }
    }
    var reconciliation = mounted.reconcile(
      to: declared, in: container, forwarding: forwarding, animated: animated,
      unanimated: unanimated)
    if let updatesOnly, !reconciliation.plan.changesHierarchy {
      // A child with an input has an update step only when its input changed: it stays, or the
      // mounted input would no longer be the one applied.
      // So does a child of a list that skips its unchanged elements: the list keeps the
      // elements declared now, and plans updates only for those that are new or changed.
      var kept = updatesOnly
      for slot in declared.slots {
        let keepsElements = slot.keyedRun?.values != nil
        for child in slot.children where keepsElements || child.input != nil {
          kept.insert(child.identity)
        }
      }
      reconciliation = Reconciliation(
        plan: Plan(
          steps: reconciliation.plan.steps.filter { kept.contains($0.child) },
          diagnostics: reconciliation.plan.diagnostics),
        tree: reconciliation.tree)
    }
    if navigationStackDiffersFromUIKit {
      reconciliation = settingNavigationStackAgain(
        reconciliation, busy: stillBusy, animated: animated, unanimated: unanimated)
    }
    if tabsDifferFromUIKit {
      reconciliation = settingTabsAgain(
        reconciliation, animated: animated, unanimated: unanimated)
    }
    record(reconciliation.plan.diagnostics)
    traceBuffer.append(contentsOf: reconciliation.plan.steps.lazy.map(\.description))
    let before = mounted
    let primaryBefore = primaryChildren()
    mounted = reconciliation.tree
    let running = RunningReconciliation(plan: reconciliation.plan)
    performing = running
    if hasNestedComposers {
      passEnvironment(toChildrenComingBackIn: reconciliation.plan, declared: declared)
    }
    executor.perform(reconciliation.plan, from: before, to: mounted)
    executor.bindHandles(of: declared)
    performing = nil
    if let navigationController = container as? UINavigationController {
      navigationStackDidPerform(in: navigationController)
    }
    if let tabBarController = container as? UITabBarController {
      tabsDidPerform(in: tabBarController)
    }
    if let pageViewController = container as? UIPageViewController {
      pagesDidPerform(in: pageViewController)
    }
    presentationsDidPerform()
    if executor.madeComposedContainer {
      // A child made by this plan already had a composer: it was not this composer's child
      // when that composer started.
      executor.madeComposedContainer = false
      hasNestedComposers = true
    }
    if hasNestedComposers { passEnvironmentDown(declared) }
    // The swaps this plan started are the slots swapping now that were not busy before.
    running.slots = executor.transitioningSlots.subtracting(stillBusy)
    if running.slots.isEmpty {
      reportingTo("the onReconciliationCompletion closure") {
        onReconciliationCompletion?(
          ReconciliationCompletion(plan: running.plan, finished: running.finished))
      }
    } else {
      runningReconciliations.append(running)
    }
    // The mounted tree keeps no closure of user code: a closure that captures the container
    // makes no cycle through the composer. Nested composed containers read the environment
    // their children were declared with, which stays while containers are nested.
    mounted = mounted.releasingClosures(keepingEnvironments: hasNestedComposers)
    compositionObserver.endRegistrations(leaving: compositionsBefore, for: mounted.compositions)
    notifyPrimaryChanges(from: primaryBefore, in: container)
    guardAgainstSelfInvalidation()
    if passesEnvironmentAgain {
      // A child made a composer during this composition, and its environment was dropped.
      passesEnvironmentAgain = false
      invalidate()
    }
    if !stillBusy.isEmpty {
      // The busy slots are reconciled with the latest declaration when their swaps end.
      needsComposeAfterSwap = true
      let waiting = executor.transitioningSlots.union(executor.slotsWaitingForPresentation)
      if waiting.isDisjoint(with: stillBusy) { invalidate() }
    }
    resumeWaitersIfSettled()
  }

  /// Brings the inherited environment of `controller` up to date when it is one of this
  /// composer's children and has just made a composer of its own; `false` when it is not a child.
  ///
  /// The entry of a child holds the environment it was made with until a composer passes its
  /// environment down, which composers do only while they nest. The child's environment, when the
  /// mounted tree still has it, is noted at once. When it was dropped (its closures were released
  /// before composers nested), the environment the body declares the child in is noted at once
  /// too, so that the child composes with current values as it appears, and the declaration is
  /// applied again, after this composition if one is running, to keep environments from then on.
  /// This is no change of the declaration: a composer stopped for invalidating itself stays
  /// stopped, and only notes the environment.
  ///
  /// A controller made for a child that the plan being performed adds is not a child yet: its
  /// composer starts in the child's update closure (a property whose `didSet` calls
  /// ``setNeedsCompose()``, say). The executor noted the environment it is declared in when it
  /// made it, and the plan's end passes it down.
  func nestedComposerDidStart(in controller: UIViewController) -> Bool {
    guard let identity = executor.controllers.identity(of: controller) else {
      guard executor.isPrepared(controller) else { return false }
      hasNestedComposers = true
      return true
    }
    hasNestedComposers = true
    if let child = mountedChild(identity), !child.isReleased || child.keepsEnvironment {
      InheritedEnvironment.set(child.environment, for: controller)
      return true
    }
    // Read, not applied: the body resolved once, keeping environments, so that the nested
    // composer, which composes as its container appears, starts from the values in effect now
    // rather than from those its container was made with. (Not while an update closure's reads
    // are observed: the body's reads would count as the closure's; the composition below passes
    // the environment down then.)
    if !ObservedReads.isObserving {
      let declared = CompositionTree(
        body(), environment: environmentInEffect, mounted: mounted, nests: true)
      // Resolved where containers nest, the mounted children it kept now keep their
      // environments: the mounted tree says so, so that no later resolution skips refreshing them.
      mounted = mounted.notingKeptEnvironments()
      if let child = Self.child(identity, in: declared) {
        InheritedEnvironment.set(child.environment, for: controller)
      }
    }
    guard !isStopped else { return true }
    if isComposing {
      passesEnvironmentAgain = true
    } else {
      invalidate()
    }
    return true
  }

  /// The mounted child with `identity`, shown or hidden.
  private func mountedChild(_ identity: ChildIdentity) -> ResolvedChild? {
    Self.child(identity, in: mounted)
  }

  /// The child of `tree` with `identity`, shown or hidden.
  private static func child(_ identity: ChildIdentity, in tree: CompositionTree) -> ResolvedChild? {
    for slot in tree.slots {
      if let child = slot.children.first(where: { $0.identity == identity })
        ?? slot.hidden.first(where: { $0.identity == identity })
      {
        return child
      }
    }
    return nil
  }

  /// Gives each declared child the environment it was declared with, and asks the children that
  /// are composed containers to compose again with it when its values changed.
  ///
  /// Hidden children are left out: a hidden nested container would compose for changes no one
  /// sees. It is given its environment when it comes back (see
  /// `passEnvironment(toChildrenComingBackIn:declared:)`).
  private func passEnvironmentDown(_ declared: CompositionTree) {
    for slot in declared.slots {
      for child in slot.children {
        passEnvironment(to: child)
      }
    }
  }

  /// Gives each hidden child that `plan` brings back (`attach-view`, or a `swap` that revives
  /// it) the environment it is declared with, before its view is attached.
  ///
  /// A nested container hidden while its environment changed then composes as it appears (a
  /// composed container composes in its `viewWillAppear(_:)`, or as its view loads), so that its
  /// children appear with current values, not with those it had when it was hidden.
  ///
  /// - Complexity: O(*s* + *a* × *c*), where *s* is the number of steps, *a* the number of
  ///   children brought back and *c* the number of children of their slots.
  private func passEnvironment(toChildrenComingBackIn plan: Plan, declared: CompositionTree) {
    for step in plan.steps {
      switch step.action {
      case .attachView, .swap(_, _, _, revivesIncoming: true): break
      default: continue
      }
      guard let slot = declared.slots.first(where: { $0.name == step.child.slot }),
        let child = slot.children.first(where: { $0.identity == step.child })
      else { continue }
      passEnvironment(to: child)
    }
  }

  /// Gives a declared child the environment it was declared with, and asks it to compose again
  /// when it is a composed container and the values changed.
  private func passEnvironment(to child: ResolvedChild) {
    // A child whose environment was released (a busy slot's, or a mounted child standing for
    // the declared one before nesting began) keeps what it was given last. One that kept its
    // environment was given the declared one when it was resolved, even an empty one: a value
    // no longer set reaches the nested container as its default.
    guard !child.isReleased || child.keepsEnvironment,
      let controller = executor.controller(for: child.identity)
    else { return }
    // An environment with the same values changes nothing below: the nested container composes
    // for its own changes, not for each of its parent's.
    let nested = InheritedEnvironment.composer(of: controller)
    if let given = InheritedEnvironment.environment(of: controller),
      given.hasSameValues(as: child.environment),
      nested?.hasComposed(in: child.environment) ?? true
    {
      return
    }
    InheritedEnvironment.set(child.environment, for: controller)
    nested?.setNeedsCompose()
  }

  /// A page turn a pages slot waited for ended: the reconciliation that started it is complete,
  /// and a declaration that changed meanwhile is applied at the next layout pass.
  private func pageTurnDidEnd(in slot: String, finished: Bool) {
    if let index = runningReconciliations.firstIndex(where: { $0.slots.contains(slot) }) {
      let record = runningReconciliations[index]
      record.slots.remove(slot)
      if !finished { record.finished = false }
      if record.slots.isEmpty {
        runningReconciliations.remove(at: index)
        onReconciliationCompletion?(
          ReconciliationCompletion(plan: record.plan, finished: record.finished))
      }
    }
    // The page view controller is still ending its turn: composing now would start a second
    // one inside it.
    if isDirty || needsComposeAfterSwap { invalidate() }
    resumeWaitersIfSettled()
  }

  /// Reports a complete swap, and the reconciliation that started it once all of its swaps are.
  private func swapDidComplete(_ completion: SwapCompletion) {
    reportingTo("the onSwapCompletion closure") { onSwapCompletion?(completion) }
    if !transitionDidComplete(in: completion.slot, finished: completion.finished),
      let performing, !completion.finished
    {
      // Made while the plan is performed (without animation): part of that plan.
      performing.finished = false
    }
  }

  /// Counts a slot's transition (a swap, or a navigation stack's push, pop or replacement) as
  /// complete for the running reconciliation that started it, and reports that reconciliation
  /// once all of its transitions are.
  ///
  /// - Returns: Whether a running reconciliation was waiting for the slot.
  @discardableResult
  func transitionDidComplete(in slot: String, finished: Bool) -> Bool {
    guard let index = runningReconciliations.firstIndex(where: { $0.slots.contains(slot) })
    else { return false }
    let record = runningReconciliations[index]
    record.slots.remove(slot)
    if !finished { record.finished = false }
    guard record.slots.isEmpty else { return true }
    runningReconciliations.remove(at: index)
    reportingTo("the onReconciliationCompletion closure") {
      onReconciliationCompletion?(
        ReconciliationCompletion(plan: record.plan, finished: record.finished))
    }
    return true
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
    record([
      Diagnostic(
        id: .compositionLoop,
        message: "applying the declaration invalidated it again \(Self.selfInvalidationLimit) "
          + "times in a row (\(culprit)); the composer stopped until the next change from "
          + "outside; do not call setNeedsCompose() or change state the body reads from update "
          + "closures or factories, or change it only when the value differs",
        source: nil)
    ])
  }

  /// Keeps diagnostics in ``diagnostics`` and reports each through ``DiagnosticReporting``.
  func record(_ found: [Diagnostic]) {
    for diagnostic in found {
      diagnosticBuffer.append(diagnostic)
      reportingTo("the DiagnosticReporting handler") { DiagnosticReporting.report(diagnostic) }
    }
  }

  /// The closure the composer is calling to report something to the app, if any: code that
  /// runs while the declaration is applied, named by ``Diagnostic/ID/compositionLoop``.
  private var reportingClosure: String?

  /// Calls `report`, a closure that reports to the app, naming it as what is running.
  private func reportingTo(_ name: String, _ report: () -> Void) {
    let outer = reportingClosure
    reportingClosure = name
    defer { reportingClosure = outer }
    report()
  }

  /// What is running while the declaration is applied, for ``Diagnostic/ID/compositionLoop``.
  private func currentCulprit() -> String {
    reportingClosure ?? Self.culprit(activity.updatingChild)
  }

  private static func culprit(_ child: ResolvedChild?) -> String {
    guard let child else { return "the body, a factory or a child's view loading" }
    return "the update closure of child \(child.identity), declared at \(child.source)"
  }

  private func transitionDidFinish(in slot: String) {
    defer { resumeWaitersIfSettled() }
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
    traceBuffer.append(contentsOf: eviction.plan.steps.lazy.map(\.description))
    let before = mounted
    mounted = eviction.tree
    executor.perform(eviction.plan, from: before, to: mounted)
  }

  private func primaryChildren() -> [UIViewController?] {
    [
      primaryChild(for: .statusBar), primaryChild(for: .homeIndicator),
      primaryChild(for: .preferredContentSize),
    ]
  }

  /// Tells UIKit to ask the container again when the child that decides changed, and gives the
  /// container the preferred content size of a new primary child.
  private func notifyPrimaryChanges(
    from before: [UIViewController?], in container: UIViewController
  ) {
    let after = primaryChildren()
    // tvOS and visionOS have no status bar or home indicator to update.
    #if !os(tvOS) && !os(visionOS)
    if before[0] !== after[0] { container.setNeedsStatusBarAppearanceUpdate() }
    if before[1] !== after[1] { container.setNeedsUpdateOfHomeIndicatorAutoHidden() }
    #endif
    // UIKit tells a container of a child's preferred content size only when the child changes it
    // while it is the container's child: a size the child had before it was added (set by its
    // factory or its initializer) reaches the container only here. A child with no preference
    // (zero) leaves the container's size as it is.
    if before[2] !== after[2], let primary = after[2], primary.preferredContentSize != .zero {
      container.preferredContentSize = primary.preferredContentSize
    }
  }

  /// Resolves the body, watching the `@Observable` state it reads: a change to any of it marks the
  /// declaration as changed.
  ///
  /// The change is reported while the state is being set, so the invalidation hops to the main
  /// actor; however many changes come in a burst, they lead to one reconciliation.
  ///
  /// `changedReads` are the children whose update closures read a change: each is resolved from
  /// its declaration, even in an unchanged element of a list that skips them.
  private func resolveTrackingObservation(changedReads: Set<ChildIdentity>) -> CompositionTree {
    let body = body
    let environment = environmentInEffect
    let nests = hasNestedComposers
    let observer = compositionObserver
    let declared = bodyReads.track(&bodyRegistration) {
      CompositionTree(
        body(), environment: environment, mounted: mounted, nests: nests,
        changedReads: changedReads, observer: observer)
    } onChange: { [weak self, activity] in
      // A change made while the declaration is being applied (by an update closure, say) is
      // noted at once, so that a declaration that keeps changing what it reads is caught.
      activity.deliverObservedChange { duringComposition, link in
        self?.observedStateDidChange(duringComposition: duringComposition, link: link)
      }
    }
    // The body's previous registration read those of the compositions evaluated again: it is
    // ended now, so ending theirs fires nothing.
    observer.endReplacedRegistrations()
    return declared
  }

  func installTrigger(in view: UIView) -> LayoutTrigger {
    if let trigger, trigger.superview === view { return trigger }
    let trigger = LayoutTrigger { [weak self] in self?.composeIfNeeded() }
    trigger.onWindow = { [weak self] in self?.containerDidEnterWindow() }
    // Zero-sized and not interactive, so invisible; not hidden, since UIKit need not lay out
    // hidden views.
    trigger.isUserInteractionEnabled = false
    view.insertSubview(trigger, at: 0)
    self.trigger = trigger
    return trigger
  }
}

/// A reconciliation whose swaps are still running.
@MainActor
private final class RunningReconciliation {
  let plan: Plan
  /// The slots whose swaps it started and that are not complete yet.
  var slots: Set<String> = []
  /// Whether every swap that completed ran to its end.
  var finished = true

  init(plan: Plan) {
    self.plan = plan
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

  /// Called when the view enters a window.
  var onWindow: (@MainActor () -> Void)?

  override func layoutSubviews() {
    super.layoutSubviews()
    onLayout()
  }

  override func didMoveToWindow() {
    super.didMoveToWindow()
    if window != nil { onWindow?() }
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

  /// The children a running swap takes out or brings in; for ComposeTesting, do not use it
  /// directly.
  @_spi(ComposeTesting)
  public var swappingChildren: Set<ChildIdentity> { executor.swappingChildren }

  /// What the body declares now, resolved against the mounted tree, without watching what it
  /// reads; for ComposeTesting, do not use it directly.
  ///
  /// Every equatable composition's body is evaluated, equal or not: the declaration is then what
  /// the bodies say, which a check can compare with what is mounted.
  ///
  /// - Returns: The resolved declaration.
  @_spi(ComposeTesting)
  public func currentDeclaration() -> CompositionTree {
    var mounted = mounted
    mounted.compositions = nil
    return CompositionTree(
      body(), environment: environmentInEffect, mounted: mounted, nests: hasNestedComposers)
  }

  /// The environment the body is resolved in: the values of the container that composed this
  /// one, if any, under this composer's own.
  var environmentInEffect: EnvironmentValues {
    guard let container, let inherited = InheritedEnvironment.environment(of: container) else {
      return environment
    }
    return environment.merged(over: inherited)
  }

  /// Whether the last declaration this composer applied was resolved in `inherited`, the
  /// environment a parent declares its container in; `false` before it applies one.
  func hasComposed(in inherited: EnvironmentValues) -> Bool {
    composedInheritance?.hasSameValues(as: inherited) == true
  }

  /// Notes that a parent's factory returned the container, which this composer composed
  /// already, for a child declared in `inherited` (a controller the factory keeps and hands
  /// back each time the child arrives).
  ///
  /// When the last declaration was applied in other values, it is applied again at the next
  /// pass, which comes before the container appears (in its `viewWillAppear(_:)`): the children
  /// appear with the values in effect now, not with those of its last time on screen.
  func containerWasMade(in inherited: EnvironmentValues) {
    guard hasApplied,
      !(composedInheritance ?? EnvironmentValues()).hasSameValues(as: inherited)
    else { return }
    setNeedsCompose()
  }

  /// Whether a change waits to be applied, or a slot's swap is still running; for ComposeTesting,
  /// do not use it directly.
  @_spi(ComposeTesting)
  public var isBusy: Bool {
    isDirty || needsComposeAfterSwap || !pendingUpdates.isEmpty
      || !executor.transitioningSlots.isEmpty || activity.hasObservedChangesInFlight
  }

  /// Whether a slot's swap or a system container's transition is still running; for
  /// ComposeTesting, do not use it directly.
  @_spi(ComposeTesting)
  public var isTransitioning: Bool { !executor.transitioningSlots.isEmpty }

  /// How many children's update closures have their reads observed, one registration each.
  var observedReaderCount: Int { executor.observedReaderCount }
}

// MARK: - Benchmarks

// What the benchmarks package switches, as SPI: not part of Compose's API.
extension Composer {
  /// Whether the reads of each child's update closure are observed, so that a change to them
  /// runs that update again; `true` unless a benchmark measures the path without it.
  @_spi(Benchmarks)
  public var tracksUpdateReads: Bool {
    get { executor.updateReadsDidChange != nil }
    set {
      guard newValue else {
        executor.updateReadsDidChange = nil
        executor.endAllReads()
        return
      }
      executor.updateReadsDidChange = { [weak self] identity, duringComposition, link in
        self?.updateReadsDidChange(
          of: identity, duringComposition: duringComposition, link: link)
      }
    }
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
    var tree = CompositionTree(
      slots: ResolvedSlots(slots), diagnostics: diagnostics,
      mayKeepEnvironments: mayKeepEnvironments || other.mayKeepEnvironments)
    guard let compositions else { return tree }
    var records = compositions.records
    // A kept slot holds what is mounted, not what was declared: the children the declaration
    // kept may have new values for their updates, with the same code. The compositions that
    // declared a kept slot are evaluated again once it is reconciled, rather than stood for.
    for (position, slot) in self.slots.enumerated() where names.contains(slot.name) {
      for index in records.indices
      where records[index].slots.contains(position) {
        records[index].isSkippable = false
      }
    }
    tree.compositions = CompositionRecords(records: records, codes: compositions.codes)
    return tree
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
  /// How many changes to observed state are on their way to the main actor.
  private var changesInFlight = 0

  /// Whether the composer is applying a declaration.
  var isComposing: Bool {
    get { lock.withLock { composing } }
    set {
      lock.withLock {
        if newValue, !composing { compositions += 1 }
        composing = newValue
      }
    }
  }

  /// How many compositions started: the number of the one running, while one runs.
  private var compositions = 0

  /// Whether the composition numbered `composition` is running.
  func isApplying(_ composition: Int) -> Bool {
    lock.withLock { composing && compositions == composition }
  }

  /// The number the next composition will have.
  var nextComposition: Int { lock.withLock { compositions + 1 } }

  /// The child whose update closure is running, if any.
  var updatingChild: ResolvedChild? {
    get { lock.withLock { updating } }
    set { lock.withLock { updating = newValue } }
  }

  /// The change to observed state made while composing, if any: the child whose update closure
  /// made it, or `.some(nil)` when something else did.
  var observedChange: ResolvedChild?? { lock.withLock { observed } }

  /// Notes a change to observed state, on its way to the main actor, and, if it is made while
  /// composing, what made it; returns whether it is made while composing.
  func noteObservedChange() -> Bool {
    lock.withLock {
      changesInFlight += 1
      if composing, observed == nil { observed = .some(updating) }
      return composing
    }
  }

  /// Notes that a change ``noteObservedChange()`` noted reached the main actor.
  func observedChangeDidArrive() {
    lock.withLock { changesInFlight -= 1 }
  }

  /// Notes a change to observed state where it is made, then hands it to `deliver` on the main
  /// actor, with whether it was made while composing and the composition another composer was
  /// applying where it was made, if any.
  func deliverObservedChange(
    _ deliver:
      @escaping @MainActor @Sendable (_ duringComposition: Bool, _ link: ChainLink?) ->
      Void
  ) {
    let duringComposition = noteObservedChange()
    let link = Composer.linkToApplyingComposition()
    Task { @MainActor in
      self.observedChangeDidArrive()
      deliver(duringComposition, link)
    }
  }

  /// Whether a change to observed state has yet to reach the main actor: the composer is not
  /// settled until it has, and what it changes is applied.
  var hasObservedChangesInFlight: Bool { lock.withLock { changesInFlight > 0 } }

  /// Returns the noted change, and forgets it.
  func takeObservedChange() -> ResolvedChild?? {
    lock.withLock {
      defer { observed = nil }
      return observed
    }
  }
}

/// A composition of one composer that made a change to another: the chain a composition of the
/// other continues, and what made the change, for a diagnostic.
struct ChainLink: Sendable {
  /// The chain of the composition the change would run.
  let chain: Int
  /// The type of the container whose composition made the change.
  let container: String
  /// The child whose update closure made the change, if one did.
  let child: UncheckedSendable<ResolvedChild?>
}

/// A composition being applied, as the code that runs while it is applied sees it: update
/// closures, UIKit's callbacks, the changes to observed state they make.
struct ApplyingComposition: Sendable {
  /// The composition's chain.
  let chain: Int
  /// The type of the container.
  let container: String
  /// What the composer is doing.
  let activity: CompositionActivity
  /// The composition's number (see ``CompositionActivity/isApplying(_:)``): a task made while it
  /// was applied that changes state during a later composition is not linked to it.
  let composition: Int

  /// The innermost composition being applied where this code runs.
  @TaskLocal static var current: ApplyingComposition?
}
