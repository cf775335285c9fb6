/// The tabs of a tab bar controller, declared: one child per element, kept alive by its key, and
/// the key of the selected one.
///
/// Declare it in the composition of a ``ComposedTabBarController`` (or of a ``Composer``
/// attached to any `UITabBarController`). A change of the tabs (a tab inserted, removed or moved)
/// becomes one `setViewControllers(_:animated:)`; a change of the selection alone becomes one
/// `selectedViewController` change. Tabs whose key stays keep their controllers, selected or
/// not, and their update closures run as in any slot. Only the selected tab's view is loaded;
/// the others' are loaded when they are first selected.
///
/// ```swift
/// final class RootTabBarController: ComposedTabBarController {
///   let model: AppModel  // @Observable, with `var tabs: [AppTab]` and `var selectedTab: AppTab`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Tabs(model.tabs, id: \.self, selection: model.selectedTab) { tab in
///       switch tab {
///       case .inbox: Child { InboxNavigationController(model: self.model.inbox) }
///       case .settings: Child { SettingsViewController() } update: { $0.model = self.model }
///       }
///     }
///     .onSelect { self.model.selectedTab = $0 }
///   }
/// }
/// ```
///
/// ## Identity
///
/// Each tab is identified by its key, as an element of a ``ForEach``, and by the child its
/// closure declares (its type, and the branch of an `if` or `switch`). Two tabs with the same key
/// are a mistake: the second one is reported and kept apart. Each tab must declare exactly one
/// child; a tab that declares none or several is reported, and only its first child is shown.
///
/// ## When the user taps a tab
///
/// A tapped tab is selected by UIKit, without the declaration. The closure given to
/// ``onSelect(_:)`` then receives the tapped tab's key; the source of truth sets it, and
/// declaring what UIKit already shows performs nothing. Without ``onSelect(_:)``, the declaration
/// stays the truth: the next composition selects the declared tab again.
///
/// ## Interruptions
///
/// UIKit changes tabs at once, without animation, so a change of the tabs or of the selection
/// never waits. Transitions inside a tab (a push in a tab's ``ComposedNavigationController``)
/// follow that container's own policy.
@MainActor
public struct Tabs<Element, ID: Hashable>: CompositionComponent {
  private let keys: [ID]
  /// The keys, hashed once, without a closure that would capture `ID`'s conformance.
  private let hashedKeys: [AnyHashable]
  private let selection: AnyHashable?
  private let content: SlotContent
  private let source: SourceLocation
  private var selected: (@MainActor (ID) -> Void)?

  /// Declares tabs whose elements are identified by a key path.
  ///
  /// ```swift
  /// Tabs(model.tabs, id: \.self, selection: model.selectedTab) { tab in
  ///   Child { TabViewController() } update: { $0.tab = tab }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The elements, one per tab, in tab order.
  ///   - id: The key path to each element's key.
  ///   - selection: The key of the selected tab; `nil` leaves the selection to UIKit, which keeps
  ///     the selected tab while it stays, and selects the first one otherwise.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child of one tab; exactly one.
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
      data, id: id, kind: "the Tabs", fileID: fileID, line: line, content: content)
  }

  /// Declares tabs of `Identifiable` elements, identified by their `id`.
  ///
  /// ```swift
  /// Tabs(model.accounts, selection: model.currentAccount) { account in
  ///   Child { AccountViewController() } update: { $0.account = account }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The elements, one per tab, in tab order.
  ///   - selection: The `id` of the selected tab; `nil` leaves the selection to UIKit.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child of one tab; exactly one.
  public init<Data: RandomAccessCollection>(
    _ data: Data, selection: ID?, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Element) -> SlotContent
  ) where Data.Element == Element, Element: Identifiable, Element.ID == ID {
    self.init(
      data, id: \.id, selection: selection, fileID: fileID, line: line, content: content)
  }

  /// Tells the source of truth the key of the tab the user selected.
  ///
  /// The closure runs when the user taps a tab other than the selected one (UIKit's
  /// `tabBarController(_:didSelect:)`), once UIKit shows it. Set your selection to it: the next
  /// composition then finds the declaration equal to what UIKit shows and performs nothing.
  ///
  /// ```swift
  /// Tabs(model.tabs, id: \.self, selection: model.selectedTab) { … }
  ///   .onSelect { model.selectedTab = $0 }
  /// ```
  ///
  /// - Parameter action: Receives the selected tab's key.
  /// - Returns: The tabs with the action.
  public func onSelect(_ action: @escaping @MainActor (_ selection: ID) -> Void) -> Self {
    var copy = self
    copy.selected = action
    return copy
  }

  /// The tabs as container content: one slot, named `tabs`.
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
          name: TabsDeclaration.slotName, anchor: nil, layout: .fill, content: content,
          source: source,
          tabs: TabsDeclaration(
            keys: hashedKeys, selection: selection,
            writeBack: writeBack))))
  }
}

/// What makes a slot the tabs of a tab bar controller.
final class TabsDeclaration {
  /// The name of the slot a ``Tabs`` declares.
  static let slotName = "tabs"

  /// The keys of the tabs, in tab order; empty once released.
  let keys: [AnyHashable]
  /// The key of the selected tab, or `nil` for UIKit's choice.
  ///
  /// A mounted slot keeps the key of the tab UIKit shows.
  let selection: AnyHashable?
  /// Tells the source of truth the key of the tab the user selected; `nil` without
  /// ``Tabs/onSelect(_:)`` or once released.
  let writeBack: (@MainActor (AnyHashable) -> Void)?

  init(
    keys: [AnyHashable], selection: AnyHashable?,
    writeBack: (@MainActor (AnyHashable) -> Void)?
  ) {
    self.keys = keys
    self.selection = selection
    self.writeBack = writeBack
  }

  /// This declaration as a mounted slot keeps it: the selection, without user code.
  func releasingClosures() -> TabsDeclaration {
    writeBack == nil && keys.isEmpty
      ? self : TabsDeclaration(keys: [], selection: selection, writeBack: nil)
  }

  /// The key of the tab a child is declared for.
  static func key(of identity: ChildIdentity) -> AnyHashable? {
    identity.path.outermostKey
  }
}
