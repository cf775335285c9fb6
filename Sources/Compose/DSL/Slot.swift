#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A named place in a container that holds children.
///
/// A slot is anchored to the container's root view, or to any view inside it that is not inside
/// a child's view, and places its children's root views there with a ``SlotLayout``. A container can have many slots; each is
/// reconciled on its own, so a change in one never touches the children of another.
///
/// ```swift
/// var body: CompositionContent {
///   Slot("header", in: headerArea, layout: .fill) {
///     Child { HeaderViewController() }
///   }
///   Slot("content") {
///     if let item = selection {
///       Child { DetailViewController(item) } update: { $0.item = item }
///     } else {
///       Child { EmptyStateViewController() }
///     }
///   }
///   .transition(.crossDissolve())
/// }
/// ```
///
/// Children are identified within their slot: moving a child to another slot replaces it.
@MainActor
public struct Slot: CompositionComponent {
  var declaration: SlotDeclaration

  /// Declares a slot.
  ///
  /// - Parameters:
  ///   - name: The slot's name, unique in the container.
  ///   - anchor: The view the children go in; `nil` for the container's root view. It must be the
  ///     container's root view or inside it, and not inside the view of a child (UIKit raises an
  ///     exception for a child's view put inside another controller's). Declared with another
  ///     anchor, the slot moves its children's root views there, with no containment call.
  ///   - layout: How children's root views are placed; ``SlotLayout/fill`` by default.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The children.
  public init(
    _ name: String, in anchor: UIView? = nil, layout: SlotLayout = .fill,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: () -> SlotContent
  ) {
    declaration = SlotDeclaration(
      name: name, anchor: anchor, layout: layout, content: content(),
      source: SourceLocation(fileID: fileID, line: line))
  }

  /// The slot as container content.
  public var compositionContent: CompositionContent { CompositionContent(.slot(declaration)) }

  /// Sets how a new child arrives when it replaces the slot's only changing child; a child's own
  /// ``Child/transition(_:)`` takes precedence.
  ///
  /// - Parameter transition: The transition.
  /// - Returns: The slot with the transition.
  public func transition(_ transition: Transition) -> Slot {
    var copy = self
    copy.declaration = declaration.with(transition: transition)
    return copy
  }

  /// Sets what happens when the declaration changes while this slot's swap is animating.
  ///
  /// ```swift
  /// Slot("content") { … }
  ///   .transition(.crossDissolve())
  ///   .interruption(.cutShort)
  /// ```
  ///
  /// - Parameter policy: ``Interruption/finishRunning`` (the default) or
  ///   ``Interruption/cutShort``.
  /// - Returns: The slot with the policy.
  public func interruption(_ policy: Interruption) -> Slot {
    var copy = self
    copy.declaration = declaration.with(interruption: policy)
    return copy
  }

  /// Makes this slot's first child decide what the container forwards to UIKit: the status bar
  /// style and visibility, the home indicator, and preferred content size changes.
  ///
  /// tvOS and visionOS have no status bar or home indicator: there, ``ComposedViewController``
  /// and a `@Composed` class do not override the `childFor…` members, and only
  /// ``Forwarding/preferredContentSize`` has an effect.
  ///
  /// - Parameter forwarding: What the child decides; everything by default.
  /// - Returns: The slot marked as primary.
  public func primary(_ forwarding: Forwarding = .all) -> Slot {
    var copy = self
    copy.declaration = declaration.with(forwarding: forwarding)
    return copy
  }
}

/// What a container forwards from the primary slot's child.
public struct Forwarding: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from raw bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// `childForStatusBarStyle` and `childForStatusBarHidden`.
  public static let statusBar = Forwarding(rawValue: 1 << 0)
  /// `childForHomeIndicatorAutoHidden`.
  public static let homeIndicator = Forwarding(rawValue: 1 << 1)
  /// The child's `preferredContentSize` becomes the container's.
  public static let preferredContentSize = Forwarding(rawValue: 1 << 2)
  /// Everything.
  public static let all: Forwarding = [.statusBar, .homeIndicator, .preferredContentSize]
}

/// The description of one declared slot; a class, so that content and resolution share it.
final class SlotDeclaration {
  let name: String
  let anchor: UIView?
  let layout: SlotLayout
  let content: SlotContent
  let source: SourceLocation
  let transition: Transition
  let forwarding: Forwarding
  let interruption: Interruption
  /// What makes the slot a navigation stack, for a slot declared by ``NavigationStack``; `nil`
  /// for a slot that places views.
  let stack: NavigationStackDeclaration?
  /// What makes the slot the tabs of a tab bar controller, for a slot declared by ``Tabs``;
  /// `nil` otherwise.
  let tabs: TabsDeclaration?
  /// What makes the slot the pages of a page view controller, for a slot declared by ``Pages``;
  /// `nil` otherwise.
  let pages: PagesDeclaration?
  /// What makes the slot a modal presentation, for a slot declared by ``Presentation``; `nil`
  /// otherwise.
  let presentation: PresentationDeclaration?
  /// Whether the slot places its children's views: none of a navigation stack, tabs, pages or a
  /// presentation.
  let placesViews: Bool
  /// Whether this is a mounted slot's copy, without the content and closures of user code.
  private(set) var isReleased = false

  init(
    name: String, anchor: UIView?, layout: SlotLayout, content: SlotContent,
    source: SourceLocation, transition: Transition = .none, forwarding: Forwarding = [],
    interruption: Interruption = .finishRunning, stack: NavigationStackDeclaration? = nil,
    tabs: TabsDeclaration? = nil, pages: PagesDeclaration? = nil,
    presentation: PresentationDeclaration? = nil
  ) {
    self.stack = stack
    self.tabs = tabs
    self.pages = pages
    self.presentation = presentation
    placesViews = stack == nil && tabs == nil && pages == nil && presentation == nil
    self.name = name
    self.anchor = anchor
    self.layout = layout
    self.content = content
    self.source = source
    self.transition = transition
    self.forwarding = forwarding
    self.interruption = interruption
  }

  /// Whether the other declaration shows the same tab or page, and shows its presented child as
  /// this one does, for the same item: what a slot that does not place views compares besides its
  /// layout. (A presentation whose item changes is planned even with no child, which reports it.)
  @inline(never)
  func showsTheSame(as other: SlotDeclaration) -> Bool {
    tabs?.selection == other.tabs?.selection
      && pages?.selection == other.pages?.selection
      && presentation?.isShown == other.presentation?.isShown
      && presentation?.key == other.presentation?.key
  }

  /// This declaration as a mounted slot keeps it.
  ///
  /// No content (its children are resolved), and custom layouts and transitions that do nothing. A mounted slot's layout is compared with the
  /// next declaration's and never applied; the next declaration's is.
  func releasingClosures() -> SlotDeclaration {
    if isReleased { return self }
    let released = SlotDeclaration(
      name: name, anchor: anchor, layout: layout.releasingClosures(),
      content: SlotContent(.empty), source: source, transition: transition.releasingClosures(),
      forwarding: forwarding, interruption: interruption, stack: stack?.releasingClosures(),
      tabs: tabs?.releasingClosures(), pages: pages?.releasingClosures(),
      presentation: presentation?.releasingClosures())
    released.isReleased = true
    return released
  }

  /// A copy with some of the modifiers' values changed.
  func with(
    transition: Transition? = nil, forwarding: Forwarding? = nil,
    interruption: Interruption? = nil
  ) -> SlotDeclaration {
    SlotDeclaration(
      name: name, anchor: anchor, layout: layout, content: content, source: source,
      transition: transition ?? self.transition, forwarding: forwarding ?? self.forwarding,
      interruption: interruption ?? self.interruption, stack: stack, tabs: tabs, pages: pages,
      presentation: presentation)
  }
}

/// What happens when a declaration changes while a slot's swap is animating.
///
/// Either way, no second containment operation starts on children that are mid-transition, and
/// the slot is then reconciled once with the latest declaration; other slots are never held back.
public struct Interruption: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable {
    case finishRunning, cutShort
  }

  let kind: Kind

  /// The running swap plays to its end first.
  ///
  /// The default.
  public static let finishRunning = Interruption(kind: .finishRunning)

  /// The running swap is cut short: its animations are removed, so it completes at once (with
  /// `finished == false`) in its final state.
  public static let cutShort = Interruption(kind: .cutShort)

  /// `finishRunning` or `cutShort`.
  public var description: String { kind == .finishRunning ? "finishRunning" : "cutShort" }
}
