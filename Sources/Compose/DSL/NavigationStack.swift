/// The stack of a navigation controller, declared: a root child, and one child per element of a
/// path, bottom to top.
///
/// Declare it in the composition of a ``ComposedNavigationController`` (or of a ``Composer``
/// attached to any `UINavigationController`). Each change of the path becomes the fewest UIKit
/// calls: one `pushViewController(_:animated:)` when the path gained one element on top, one
/// `popViewController(animated:)` or `popToViewController(_:animated:)` when it lost elements at
/// its end, and one `setViewControllers(_:animated:)` for anything else. Children whose identity
/// stays keep their controllers, and their update closures run as in any slot.
///
/// ```swift
/// final class InboxNavigationController: ComposedNavigationController {
///   let model: InboxModel  // @Observable, with `var path: [Message.ID]`
///
///   @CompositionBuilder override var composition: CompositionContent {
///     NavigationStack(path: model.path, id: \.self) {
///       Child { InboxViewController() } update: { $0.messages = self.model.messages }
///     } destination: { id in
///       Child(input: self.model.message(id)) { MessageViewController() } update: {
///         $0.message = $1
///       }
///     }
///     .onPop { self.model.path = $0 }
///   }
/// }
/// ```
///
/// ## Identity
///
/// The root is identified like the only statement of a slot; each element of the path by its
/// key, as in a ``ForEach``, and by the child its destination declares (its type, and the branch
/// of an `if` or `switch`). Two elements with the same key are a mistake: the second one is
/// reported and kept apart. The root and each element must declare exactly one child; a
/// destination that declares none or several is reported, and only its first child is pushed.
///
/// ## When UIKit pops
///
/// The back button, the interactive pop and other code's `popViewController(animated:)` change
/// the stack without the declaration. When such a pop is complete, the closure given to
/// ``onPop(_:)`` receives the path that remains; the source of truth sets it, and declaring what
/// UIKit already shows performs nothing. Without ``onPop(_:)``, the declaration stays the truth:
/// the next composition pushes what it still declares.
///
/// ## Interruptions
///
/// A path that changes while a push or pop animates is applied when the transition ends, once,
/// in its latest state (``Interruption/finishRunning``). UIKit's stack never receives a second
/// change while a transition runs.
@MainActor
public struct NavigationStack<Element>: CompositionComponent {
  private let path: [Element]
  private let key: (Element) -> AnyHashable
  private let root: SlotContent
  private let elements: SlotContent
  private let source: SourceLocation
  private var popped: (@MainActor ([Element]) -> Void)?
  private var interruption = Interruption.finishRunning

  /// Declares a navigation stack whose path elements are identified by a key path.
  ///
  /// - Parameters:
  ///   - path: The elements shown above the root, bottom to top.
  ///   - key: The key path to each element's key.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - root: The root's child; exactly one.
  ///   - destination: The child of one element; exactly one.
  public init<Path: RandomAccessCollection, Key: Hashable>(
    path: Path, id key: KeyPath<Element, Key>,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder root: () -> SlotContent,
    @SlotBuilder destination: (Element) -> SlotContent
  ) where Path.Element == Element {
    self.path = Array(path)
    self.key = { AnyHashable($0[keyPath: key]) }
    self.root = root()
    source = SourceLocation(fileID: fileID, line: line)
    elements = .keyed(
      path, id: key, kind: "the path of the NavigationStack", fileID: fileID, line: line,
      content: destination)
  }

  /// Declares a navigation stack of `Identifiable` path elements, identified by their `id`.
  ///
  /// ```swift
  /// NavigationStack(path: model.openedFolders) {
  ///   Child { FoldersViewController() }
  /// } destination: { folder in
  ///   Child { FolderViewController(folder.id) } update: { $0.folder = folder }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The elements shown above the root, bottom to top.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - root: The root's child; exactly one.
  ///   - destination: The child of one element; exactly one.
  public init<Path: RandomAccessCollection>(
    path: Path, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder root: () -> SlotContent,
    @SlotBuilder destination: (Element) -> SlotContent
  ) where Path.Element == Element, Element: Identifiable {
    self.init(
      path: path, id: \.id, fileID: fileID, line: line, root: root, destination: destination)
  }

  /// Tells the source of truth the path that remains when UIKit pops children itself: the back
  /// button, the interactive pop, or other code calling `popViewController(animated:)`.
  ///
  /// The closure runs once the pop is complete (a cancelled interactive pop changes nothing and
  /// calls nothing), with the longest beginning of the declared path whose elements are all
  /// still on the stack. Set your state to it: the next composition then finds the declaration
  /// equal to what UIKit shows and performs nothing.
  ///
  /// ```swift
  /// NavigationStack(path: model.path, id: \.self) { … } destination: { … }
  ///   .onPop { model.path = $0 }
  /// ```
  ///
  /// - Parameter action: Receives the remaining path.
  /// - Returns: The stack with the action.
  public func onPop(_ action: @escaping @MainActor (_ path: [Element]) -> Void) -> Self {
    var copy = self
    copy.popped = action
    return copy
  }

  /// Sets what happens when the path changes while a push or pop animates.
  ///
  /// - Parameter policy: ``Interruption/finishRunning`` (the default): the transition ends, then
  ///   the latest path is applied once. ``Interruption/cutShort``: the running transition's
  ///   animations are removed, so it ends at once, and the latest path is applied right away.
  /// - Returns: The stack with the policy.
  public func interruption(_ policy: Interruption) -> Self {
    var copy = self
    copy.interruption = policy
    return copy
  }

  /// The stack as container content: one slot, named `navigation`.
  public var compositionContent: CompositionContent {
    var writeBack: (@MainActor (Set<NavigationStackDeclaration.Element>) -> Void)?
    if let popped {
      let path = path
      let key = key
      writeBack = { remaining in
        // An element is told apart by its key and by how many elements before it have that key,
        // as the stack tells apart the children of a duplicate key.
        var seen: [AnyHashable: Int] = [:]
        popped(
          Array(
            path.prefix {
              let key = key($0)
              let occurrence = seen[key, default: 0]
              seen[key] = occurrence + 1
              return remaining.contains(.init(key: key, occurrence: occurrence))
            }))
      }
    }
    return CompositionContent(
      .slot(
        SlotDeclaration(
          name: NavigationStackDeclaration.slotName, anchor: nil, layout: .fill,
          content: SlotContent(.block([root, elements])), source: source,
          interruption: interruption,
          stack: NavigationStackDeclaration(keys: path.map(key), writeBack: writeBack))))
  }
}

/// What makes a slot a navigation stack.
final class NavigationStackDeclaration {
  /// The name of the slot a ``NavigationStack`` declares.
  static let slotName = "navigation"

  /// The keys of the path's elements, bottom to top; empty once released.
  let keys: [AnyHashable]
  /// Tells the source of truth which elements of the path are still shown after UIKit popped
  /// some; `nil` without ``NavigationStack/onPop(_:)`` or once released.
  let writeBack: (@MainActor (Set<Element>) -> Void)?

  /// One element of the path: its key, and which occurrence of the key it is (0 but for a
  /// duplicate key).
  struct Element: Hashable {
    let key: AnyHashable
    let occurrence: Int
  }

  init(keys: [AnyHashable], writeBack: (@MainActor (Set<Element>) -> Void)?) {
    self.keys = keys
    self.writeBack = writeBack
  }

  /// This declaration as a mounted slot keeps it: without user code or values.
  func releasingClosures() -> NavigationStackDeclaration {
    writeBack == nil && keys.isEmpty ? self : NavigationStackDeclaration(keys: [], writeBack: nil)
  }

  /// The key of the path element a child of the stack is declared for, or `nil` for the root.
  static func key(of identity: ChildIdentity) -> AnyHashable? {
    let components = identity.path.components
    guard components.count >= 2, components[0] == .statement(1),
      case .key(let key) = components[1]
    else { return nil }
    return key.anyHashable
  }
}
