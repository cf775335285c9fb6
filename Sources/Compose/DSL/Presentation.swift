#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A child presented modally while a value is non-`nil`, declared.
///
/// Declare it in any composed container, next to its slots. When the item becomes non-`nil`,
/// the container presents the item's child with `present(_:animated:completion:)`; when it
/// becomes `nil`, it dismisses it; when it becomes another item (another key), it dismisses the
/// child shown, then presents the new one. While the item keeps its key, the child keeps its
/// controller and its update closure runs as in any slot.
///
/// ```swift
/// final class NotesViewController: ComposedViewController {
///   let model: NotesModel  // @Observable, with `var editing: Note?`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     Slot("list") {
///       Child { NoteListViewController() } update: { $0.notes = self.model.notes }
///     }
///     Presentation("editor", item: model.editing, id: \.id) { note in
///       Child { NoteEditorViewController() } update: { $0.note = note }
///     }
///     .presentationStyle(.pageSheet)
///     .onDismiss { self.model.editing = nil }
///   }
/// }
/// ```
///
/// ## Identity
///
/// The presented child is identified like the child of a ``ForEach`` element: by the item's key
/// and by the child its closure declares, in a slot named after the presentation
/// (`'editor' #42 NoteEditorViewController`). The closure must declare exactly one child; the
/// others are reported and left out.
///
/// ## When the user dismisses
///
/// A sheet swiped down is dismissed by UIKit without the declaration. Once the dismissal is
/// complete, the closure given to ``onDismiss(_:)`` runs; the source of truth sets the item to
/// `nil`, and declaring what UIKit shows performs nothing. Without ``onDismiss(_:)`` the user
/// cannot swipe the sheet away: Compose answers `false` to
/// `presentationControllerShouldDismiss(_:)`, so that the declaration stays the truth.
///
/// A controller that dismisses itself with `dismiss(animated:completion:)` is found dismissed at
/// the next composition, which runs ``onDismiss(_:)`` too; prefer setting the item to `nil`. A
/// presented composed container's own presentations, which UIKit dismisses along with it, run
/// their ``onDismiss(_:)`` when the container's presentation finds it dismissed.
///
/// ## One at a time
///
/// UIKit presents one controller at a time per presenter. A presentation declared while another
/// of the container's presentations is shown waits, with a ``Diagnostic/ID/presentationWaiting``
/// report, until that one is dismissed; then it is presented. A change that arrives while a
/// presentation or dismissal animates is applied when it ends, in its latest state.
@MainActor
public struct Presentation<Item>: CompositionComponent {
  private let name: String
  private let key: AnyHashable?
  private let content: SlotContent
  private let source: SourceLocation
  private var style: UIModalPresentationStyle?
  private var transition: UIModalTransitionStyle?
  private var dismissed: (@MainActor () -> Void)?

  /// Declares a presentation of `item`'s child, identified by a key path, while `item` is not
  /// `nil`.
  ///
  /// - Parameters:
  ///   - name: The presentation's name, unique among the container's slots and presentations.
  ///   - item: The item to present, or `nil` to present nothing.
  ///   - id: The key path to the item's key.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child presented for the item; exactly one.
  public init<Key: Hashable>(
    _ name: String = "presentation", item: Item?, id: KeyPath<Item, Key>,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Item) -> SlotContent
  ) {
    self.name = name
    source = SourceLocation(fileID: fileID, line: line)
    let items = item.map { [$0] } ?? []
    key = item.map { AnyHashable($0[keyPath: id]) }
    self.content =
      ForEach(items, id: id, fileID: fileID, line: line, content: content)
      .slotContent
  }

  /// Declares a presentation of an `Identifiable` item's child, identified by its `id`, while
  /// `item` is not `nil`.
  ///
  /// ```swift
  /// Presentation("share", item: model.sharing) { document in
  ///   Child { ShareViewController(document) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The presentation's name, unique among the container's slots and presentations.
  ///   - item: The item to present, or `nil` to present nothing.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child presented for the item; exactly one.
  public init(
    _ name: String = "presentation", item: Item?, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Item) -> SlotContent
  ) where Item: Identifiable {
    self.init(name, item: item, id: \.id, fileID: fileID, line: line, content: content)
  }

  /// Sets the presented controller's `modalPresentationStyle` when it is made, before its update
  /// closure runs, and again before each presentation.
  ///
  /// The update closure therefore sees the style, and can configure the presentation controller
  /// it selects: a popover's source view, or a sheet's detents. Without it, the controller's own
  /// style is used (`.automatic` unless it sets one).
  /// `.fullScreen` makes the container and its children disappear while the child is shown;
  /// sheets leave them on screen.
  ///
  /// - Parameter style: The style.
  /// - Returns: The presentation with the style.
  public func presentationStyle(_ style: UIModalPresentationStyle) -> Self {
    var copy = self
    copy.style = style
    return copy
  }

  /// Sets the presented controller's `modalTransitionStyle` when it is made, before its update
  /// closure runs, and again before each presentation.
  ///
  /// Without it, the controller's own transition style is used (`.coverVertical` unless it sets
  /// one). UIKit allows `.partialCurl` only with the `.fullScreen` presentation style.
  ///
  /// - Parameter style: The transition style.
  /// - Returns: The presentation with the transition style.
  public func transitionStyle(_ style: UIModalTransitionStyle) -> Self {
    var copy = self
    copy.transition = style
    return copy
  }

  /// Tells the source of truth that the presented child was dismissed without the declaration:
  /// a sheet the user swiped down, or a controller dismissed by other code.
  ///
  /// The closure runs once the dismissal is complete. Set the item to `nil`: the next composition
  /// then finds the declaration equal to what UIKit shows and performs nothing. Declaring
  /// ``onDismiss(_:)`` is also what lets the user swipe a sheet away.
  ///
  /// ```swift
  /// Presentation("editor", item: model.editing) { … }
  ///   .onDismiss { model.editing = nil }
  /// ```
  ///
  /// - Parameter action: Runs after the dismissal.
  /// - Returns: The presentation with the action.
  public func onDismiss(_ action: @escaping @MainActor () -> Void) -> Self {
    var copy = self
    copy.dismissed = action
    return copy
  }

  /// The presentation as container content: one slot, with the presentation's name.
  public var compositionContent: CompositionContent {
    CompositionContent(
      .slot(
        SlotDeclaration(
          name: name, anchor: nil, layout: .fill, content: content, source: source,
          presentation: PresentationDeclaration(
            key: key, style: style, transition: transition, writeBack: dismissed,
            allowsUserDismissal: dismissed != nil))))
  }
}

extension Presentation where Item == Bool {
  /// Declares a presentation of one child while `isPresented` is `true`.
  ///
  /// ```swift
  /// Presentation("settings", isPresented: model.showsSettings) {
  ///   Child { SettingsViewController() }
  /// }
  /// .onDismiss { model.showsSettings = false }
  /// ```
  ///
  /// The child is identified as if the item were `true`: `'settings' #true SettingsViewController`.
  ///
  /// - Parameters:
  ///   - name: The presentation's name, unique among the container's slots and presentations.
  ///   - isPresented: Whether the child is presented.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The child presented; exactly one.
  public init(
    _ name: String = "presentation", isPresented: Bool, fileID: String = #fileID,
    line: Int = #line, @SlotBuilder content: () -> SlotContent
  ) {
    self.init(
      name, item: isPresented ? true : nil, id: \.self, fileID: fileID, line: line,
      content: { _ in content() })
  }
}

/// What makes a slot a modal presentation.
final class PresentationDeclaration {
  /// The key of the item presented, or `nil` when the item is `nil`.
  let key: AnyHashable?
  /// The `modalPresentationStyle` to set before presenting, if declared.
  let style: UIModalPresentationStyle?
  /// The `modalTransitionStyle` to set before presenting, if declared.
  let transition: UIModalTransitionStyle?
  /// Tells the source of truth that the child was dismissed without the declaration; `nil`
  /// without ``Presentation/onDismiss(_:)`` or once released.
  let writeBack: (@MainActor () -> Void)?
  /// Whether the user may swipe the presented sheet away: the declaration has a write-back.
  let allowsUserDismissal: Bool
  /// For a mounted slot: `false` while its declared child waits for another presentation to be
  /// dismissed (the slot is mounted without it); the next reconciliation presents it once it may.
  let isShown: Bool

  init(
    key: AnyHashable?, style: UIModalPresentationStyle?, transition: UIModalTransitionStyle?,
    writeBack: (@MainActor () -> Void)?, allowsUserDismissal: Bool, isShown: Bool = true
  ) {
    self.key = key
    self.style = style
    self.transition = transition
    self.writeBack = writeBack
    self.allowsUserDismissal = allowsUserDismissal
    self.isShown = isShown
  }

  /// This declaration as a mounted slot keeps it: without user code.
  func releasingClosures() -> PresentationDeclaration {
    writeBack == nil
      ? self : with(isShown: isShown, keepingWriteBack: false)
  }

  /// A copy that says whether UIKit shows the child.
  func with(isShown: Bool, keepingWriteBack: Bool = true) -> PresentationDeclaration {
    PresentationDeclaration(
      key: key, style: style, transition: transition,
      writeBack: keepingWriteBack ? writeBack : nil, allowsUserDismissal: allowsUserDismissal,
      isShown: isShown)
  }
}
