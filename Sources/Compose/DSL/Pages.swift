/// The pages of a page view controller, declared: one child per element, kept alive by its key,
/// and the key of the page shown.
///
/// Declare it in the composition of a ``ComposedPageViewController`` (or of a ``Composer``
/// attached to any `UIPageViewController`). A change of the selection becomes one
/// `setViewControllers(_:direction:animated:completion:)`, turning forward when the new page comes
/// after the old one in the declared order and in reverse otherwise. Pages whose key stays keep
/// their controllers, shown or not, and their update closures run as in any slot; a page's view
/// loads when it is first shown. The user can swipe between the declared pages, unless
/// ``swipeDisabled(_:)`` says otherwise: Compose is the page view controller's data source.
///
/// ```swift
/// final class OnboardingViewController: ComposedPageViewController {
///   let model: OnboardingModel  // @Observable, `var steps: [Step]`, `var current: Step.ID`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Pages(model.steps, selection: model.current) { step in
///       Child { StepViewController() } update: { $0.step = step }
///     }
///     .onSelect { self.model.current = $0 }
///   }
/// }
/// ```
///
/// ## Identity
///
/// Each page is identified by its key, as an element of a ``ForEach``, and by the child its
/// closure declares (its type, and the branch of an `if` or `switch`). Two pages with the same
/// key are a mistake: the second one is reported and kept apart. Each page must declare exactly
/// one child; a page that declares none or several is reported, and only its first child is
/// kept.
///
/// ## When the user swipes
///
/// A swipe turns to the page before or after the one shown, in the declared order, without the
/// declaration. Once the turn ends, the closure given to ``onSelect(_:)`` receives the key of
/// the page shown; the source of truth sets it, and declaring what UIKit already shows performs
/// nothing. Without ``onSelect(_:)``, the declaration stays the truth: the next composition turns
/// back to the declared page.
///
/// ## Interruptions
///
/// UIKit loses track of its pages when it is given new ones during a page turn. A change of the
/// declaration that arrives while a page turns (one Compose asked for, the user's swipe, or an
/// animated turn other code asked a ``ComposedPageViewController`` for) waits for the turn to
/// end; then the latest declaration is applied, once.
@MainActor
public struct Pages<Element, ID: Hashable>: CompositionComponent {
  private let keys: [ID]
  /// The keys, hashed once, without a closure that would capture `ID`'s conformance.
  private let hashedKeys: [AnyHashable]
  private let selection: AnyHashable?
  private let content: SlotContent
  private let source: SourceLocation
  private var direction: PageDirection?
  private var swipeDisabled = false
  private var selected: (@MainActor (ID) -> Void)?

  /// Declares pages whose elements are identified by a key path.
  ///
  /// ```swift
  /// Pages(model.photos, id: \.url, selection: model.shownPhoto) { photo in
  ///   Child { PhotoViewController() } update: { $0.photo = photo }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The elements, one per page, in page order.
  ///   - id: The key path to each element's key.
  ///   - selection: The key of the page shown; `nil` shows the first page, and then leaves the
  ///     page shown to the user's swipes.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child of one page; exactly one.
  public init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Element, ID>, selection: ID?,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Element) -> SlotContent
  ) where Data.Element == Element {
    keys = data.map { $0[keyPath: id] }
    hashedKeys = Compose.hashedKeys(keys)
    self.selection = selection.map { AnyHashable($0) }
    source = SourceLocation(fileID: fileID, line: line)
    self.content = .keyed(
      data, id: id, kind: "the Pages", fileID: fileID, line: line, content: content)
  }

  /// Declares pages of `Identifiable` elements, identified by their `id`.
  ///
  /// ```swift
  /// Pages(model.steps, selection: model.current) { step in
  ///   Child { StepViewController() } update: { $0.step = step }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The elements, one per page, in page order.
  ///   - selection: The `id` of the page shown; `nil` shows the first page, and then leaves the
  ///     page shown to the user's swipes.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child of one page; exactly one.
  public init<Data: RandomAccessCollection>(
    _ data: Data, selection: ID?, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Element) -> SlotContent
  ) where Data.Element == Element, Element: Identifiable, Element.ID == ID {
    self.init(
      data, id: \.id, selection: selection, fileID: fileID, line: line, content: content)
  }

  /// Turns pages this way, whatever the order of the pages.
  ///
  /// By default (`nil`) a change of the selection turns forward when the new page comes after the
  /// page shown in the declared order, and in reverse otherwise. Give a direction when the order
  /// does not say it: a carousel that goes from its last page to its first one, say.
  ///
  /// ```swift
  /// Pages(model.slides, selection: model.current) { … }
  ///   .direction(model.wrapsAround ? .forward : nil)
  /// ```
  ///
  /// - Parameter direction: The direction of the next page turns; `nil` for the declared order.
  /// - Returns: The pages with the direction.
  public func direction(_ direction: PageDirection?) -> Self {
    var copy = self
    copy.direction = direction
    return copy
  }

  /// Turns off the user's swipes between the pages, or on again.
  ///
  /// Pages then turn only when the selection changes, as in an onboarding flow with a Next
  /// button: Compose stops being the page view controller's data source, and UIKit turns no
  /// page by gesture.
  ///
  /// ```swift
  /// Pages(model.steps, selection: model.current) { … }
  ///   .swipeDisabled()
  /// ```
  ///
  /// - Parameter disabled: Whether the user's swipes are off; `true` by default.
  /// - Returns: The pages with swipes off or on.
  public func swipeDisabled(_ disabled: Bool = true) -> Self {
    var copy = self
    copy.swipeDisabled = disabled
    return copy
  }

  /// Tells the source of truth the key of the page the user swiped to.
  ///
  /// The closure runs when a swipe turned to another page (UIKit's
  /// `pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)`),
  /// once the turn ended. Set your selection to it: the next composition then finds the
  /// declaration equal to what UIKit shows and performs nothing.
  ///
  /// ```swift
  /// Pages(model.steps, selection: model.current) { … }
  ///   .onSelect { model.current = $0 }
  /// ```
  ///
  /// - Parameter action: Receives the key of the page shown.
  /// - Returns: The pages with the action.
  public func onSelect(_ action: @escaping @MainActor (_ selection: ID) -> Void) -> Self {
    var copy = self
    copy.selected = action
    return copy
  }

  /// The pages as container content: one slot, named `pages`.
  public var compositionContent: CompositionContent {
    let hashedKeys = hashedKeys
    var writeBack: (@MainActor (AnyHashable) -> Void)?
    if let selected {
      // The typed key is found among the declared ones: the closure needs no cast to `ID`.
      let keys = keys
      writeBack = { key in
        if let index = hashedKeys.firstIndex(of: key) { selected(keys[index]) }
      }
    }
    return CompositionContent(
      .slot(
        SlotDeclaration(
          name: PagesDeclaration.slotName, anchor: nil, layout: .fill, content: content,
          source: source,
          pages: PagesDeclaration(
            keys: hashedKeys, selection: selection, direction: direction,
            swipeDisabled: swipeDisabled, writeBack: writeBack))))
  }
}

/// Which way a page view controller turns its pages.
///
/// `forward` turns to a next page (to the left for a horizontal, left-to-right book), `reverse`
/// to a previous one. ``Pages`` chooses by the declared order unless ``Pages/direction(_:)``
/// says otherwise; plans name the direction of each page turn.
public struct PageDirection: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable {
    case forward, reverse
  }

  let kind: Kind

  /// To the next page: UIKit's `UIPageViewController.NavigationDirection.forward`.
  public static let forward = PageDirection(kind: .forward)

  /// To the previous page: UIKit's `UIPageViewController.NavigationDirection.reverse`.
  public static let reverse = PageDirection(kind: .reverse)

  /// `forward` or `reverse`.
  public var description: String { kind == .forward ? "forward" : "reverse" }
}

/// What makes a slot the pages of a page view controller.
final class PagesDeclaration {
  /// The name of the slot a ``Pages`` declares.
  static let slotName = "pages"

  /// The keys of the pages, in page order; empty once released.
  let keys: [AnyHashable]
  /// The key of the page shown, or `nil` to keep UIKit's (the first page at first).
  ///
  /// A mounted slot keeps the key of the page UIKit shows.
  let selection: AnyHashable?
  /// The direction of the page turns, or `nil` for the declared order.
  let direction: PageDirection?
  /// Whether the user's swipes are off: Compose is then not the data source.
  let swipeDisabled: Bool
  /// Tells the source of truth the key of the page the user swiped to; `nil` without
  /// ``Pages/onSelect(_:)`` or once released.
  let writeBack: (@MainActor (AnyHashable) -> Void)?

  init(
    keys: [AnyHashable], selection: AnyHashable?, direction: PageDirection?,
    swipeDisabled: Bool, writeBack: (@MainActor (AnyHashable) -> Void)?
  ) {
    self.keys = keys
    self.selection = selection
    self.direction = direction
    self.swipeDisabled = swipeDisabled
    self.writeBack = writeBack
  }

  /// This declaration as a mounted slot keeps it: the selection and whether swipes are off,
  /// without user code.
  func releasingClosures() -> PagesDeclaration {
    writeBack == nil && keys.isEmpty
      ? self
      : PagesDeclaration(
        keys: [], selection: selection, direction: nil, swipeDisabled: swipeDisabled,
        writeBack: nil)
  }

  /// The key of the page a child is declared for.
  static func key(of identity: ChildIdentity) -> AnyHashable? {
    identity.path.outermostKey
  }
}
