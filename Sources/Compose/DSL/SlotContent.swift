/// What a slot's builder produces: the children of a slot, with the structure of the code that
/// declared them (statements, branches, loops, keyed collections).
///
/// You rarely name this type: ``SlotBuilder`` makes it from ``Child``, ``ForEach``, ``Group`` and
/// Swift's control flow. The structure matters because it is part of each child's identity.
public struct SlotContent {
  enum Node {
    case empty
    case child(ChildDeclaration)
    /// Statements of a builder block; a child's position is the index of its statement.
    case block([SlotContent])
    /// One branch of an `if`/`else` or `switch` (`buildEither`), or the body of an `if` without
    /// `else` (`buildOptional`).
    indirect case branch(Branch, SlotContent)
    /// A `for … in` loop; elements are identified by their position.
    case loop([SlotContent])
    /// A ``ForEach``; elements are identified by their keys.
    indirect case keyed(any KeyedElements)
    /// Content with environment values set for everything inside.
    indirect case environment((inout EnvironmentValues) -> Void, SlotContent)
    /// Content built from the environment.
    case reader(@MainActor (EnvironmentValues) -> SlotContent)
  }

  enum Branch: Hashable {
    case first, second, some
  }

  let node: Node

  init(_ node: Node) {
    self.node = node
  }

  /// No children.
  public static var empty: SlotContent { SlotContent(.empty) }
}

/// A value that can appear in a slot's builder: ``Child``, ``ForEach``, ``Group``,
/// ``EnvironmentReader``.
@MainActor
public protocol SlotComponent {
  /// The component as slot content.
  var slotContent: SlotContent { get }
}

extension SlotContent: SlotComponent {
  /// The content itself.
  public var slotContent: SlotContent { self }
}

/// Builds the children of a slot from `Child`, `ForEach`, `Group`, `if`, `switch`, `for`,
/// optionals and `#available`.
///
/// Each statement, branch and loop element becomes part of the identity of the children inside
/// it, so a child declared in the `if` branch is never confused with one declared in the `else`
/// branch, even when they have the same type.
@MainActor
@resultBuilder
public enum SlotBuilder {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildExpression<Component: SlotComponent>(_ component: Component)
    -> SlotContent
  {
    component.slotContent
  }

  /// A block of one statement, the usual `ForEach` element: its statement, which adds nothing to
  /// identity.
  ///
  /// Inlinable and consuming, so that the statement is moved into the element's content rather
  /// than copied out of an array, and no array is allocated.
  @inlinable
  public static func buildBlock(_ component: consuming SlotContent) -> SlotContent {
    component
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  @inlinable
  public static func buildBlock(_ components: SlotContent...) -> SlotContent {
    // No statement, or several: a block of one statement takes the overload above, since it adds
    // nothing to identity (see `Resolver`).
    block(components)
  }

  /// The content of a block of several statements.
  @usableFromInline
  static func block(_ components: [SlotContent]) -> SlotContent {
    SlotContent(.block(components))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildOptional(_ component: SlotContent?) -> SlotContent {
    component.map { SlotContent(.branch(.some, $0)) } ?? .empty
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildEither(first component: SlotContent) -> SlotContent {
    SlotContent(.branch(.first, component))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildEither(second component: SlotContent) -> SlotContent {
    SlotContent(.branch(.second, component))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildArray(_ components: [SlotContent]) -> SlotContent {
    SlotContent(.loop(components))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildLimitedAvailability(_ component: SlotContent) -> SlotContent {
    component
  }
}

/// Groups children so that structure and environment values apply to them together.
///
/// A group is one statement of the enclosing builder: the children inside are identified by
/// their position within the group. The modifier that applies to a group as a whole is
/// `environment(_:_:)`; a transition or a lifetime is set on each ``Child`` (or, for a
/// transition, on the ``Slot``).
///
/// ```swift
/// Group {
///   Child { HeaderViewController() }
///   Child { BodyViewController() }
/// }
/// .environment(\.theme, .dark)
/// ```
@MainActor
public struct Group: SlotComponent {
  /// The grouped children.
  public let slotContent: SlotContent

  /// Groups children.
  ///
  /// - Parameter content: The children.
  public init(@SlotBuilder _ content: () -> SlotContent) {
    slotContent = content()
  }
}

/// Declares one or more children per element of a collection, identified by each element's key.
///
/// Keyed children keep their controllers when the collection is reordered: a reorder moves views
/// (the fewest moves possible) and never removes and re-adds a child.
///
/// ```swift
/// Slot("cards", layout: .stack(axis: .vertical, spacing: 8)) {
///   ForEach(cards) { card in
///     Child { CardViewController(card) } update: { $0.card = card }
///   }
/// }
/// ```
///
/// Two elements with the same key are a mistake: the second one is reported and kept apart
/// deterministically (see ``Diagnostic``).
@MainActor
public struct ForEach<Data: RandomAccessCollection, Key: Hashable>: SlotComponent {
  /// The elements' children, keyed.
  public let slotContent: SlotContent

  /// Declares children for each element, keyed by a key path.
  ///
  /// - Parameters:
  ///   - data: The elements.
  ///   - key: The key path to each element's key.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The children of one element.
  @inlinable
  public init(
    _ data: Data, id key: KeyPath<Data.Element, Key>,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Data.Element) -> SlotContent
  ) {
    // Inlinable so that the key operations, the walk over the elements and the key path are
    // compiled for `Data` and `Key` where they are known.
    var keys: [Key] = []
    var contents: [SlotContent] = []
    keys.reserveCapacity(data.count)
    contents.reserveCapacity(data.count)
    for element in data {
      keys.append(element[keyPath: key])
      contents.append(content(element))
    }
    self.init(
      keys: keys, contents: contents, source: SourceLocation(fileID: fileID, line: line),
      operations: .specialized)
  }

  @usableFromInline
  init(
    keys: [Key], contents: [SlotContent], source: SourceLocation, operations: KeyOperations<Key>
  ) {
    slotContent = SlotContent(
      .keyed(TypedElements(keys: keys, contents: contents, source: source, operations: operations))
    )
  }
}

extension ForEach where Data.Element: Equatable {
  /// Declares children for each element, keyed by a key path, making an element's content only
  /// when the element is new or changed.
  ///
  /// For a long list whose elements are values, such as a feed of a thousand cards: an element
  /// whose key is mounted and whose value equals (`==`) the one declared with that key last time
  /// keeps its children as they are, without calling `content` for it, and their updates do not
  /// run, as with ``Child/init(fileID:line:input:make:update:)`` and an equal input. `content` runs
  /// for every element whose key is new or whose value changed, and for every element when the
  /// environment in effect at the list has changed (compared as a nested container compares it:
  /// a value that is not `Equatable` is never the same) or when the list is declared for the
  /// first time.
  ///
  /// ```swift
  /// Slot("cards", layout: .stack(axis: .vertical, spacing: 8)) {
  ///   ForEach(cards, id: \.id, skipsUnchangedElements: true) { card in
  ///     Child { CardViewController() } update: { $0.card = card }
  ///   }
  /// }
  /// ```
  ///
  /// Use it only when an element's children depend on the element alone: state that `content`
  /// or an update reads from elsewhere (a selection, an object's properties, a value captured
  /// from the container) is not seen as a change. Put such state in the element (a struct of the
  /// card and whether it is selected), or declare the list without `skipsUnchangedElements`.
  /// One exception: a change to `@Observable` state that a child's update read, which the
  /// ``Composer`` observes, makes that element's content again and runs that update, as in any
  /// list.
  /// An element is skipped only when, last time, the list declared all of its slot's children,
  /// one per element, with unique keys, which is what lets the mounted child stand for the
  /// element; any other list (one that shares its slot with other children, or whose elements
  /// declared no child or several) makes every element's content.
  ///
  /// - Parameters:
  ///   - data: The elements.
  ///   - key: The key path to each element's key.
  ///   - skipsUnchangedElements: Whether to make an element's content only when it is new or
  ///     changed; `false` declares the list as ``init(_:id:fileID:line:content:)`` does.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The children of one element; kept by the declaration until it is resolved.
  @inlinable
  public init(
    _ data: Data, id key: KeyPath<Data.Element, Key>, skipsUnchangedElements: Bool,
    fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: @escaping @MainActor (Data.Element) -> SlotContent
  ) {
    guard skipsUnchangedElements else {
      self.init(data, id: key, fileID: fileID, line: line, content: content)
      return
    }
    // Inlinable, like the initializer that makes every element's content, so that keys and
    // elements are read and compared where their types are known.
    var keys: [Key] = []
    keys.reserveCapacity(data.count)
    for element in data {
      keys.append(element[keyPath: key])
    }
    self.init(
      keys: keys, elements: Array(data), source: SourceLocation(fileID: fileID, line: line),
      operations: .specialized, content: content,
      unchanged: { old, new, sources in
        // Through buffers: an array's subscript checks its bounds at every element.
        old.withUnsafeBufferPointer { old in
          new.withUnsafeBufferPointer { new in
            sources.withUnsafeBufferPointer { sources in
              [Bool](unsafeUninitializedCapacity: new.count) { flags, count in
                for index in 0..<new.count {
                  let source = sources[index]
                  flags.initializeElement(at: index, to: source >= 0 && old[source] == new[index])
                }
                count = new.count
              }
            }
          }
        }
      })
  }

  @usableFromInline
  init(
    keys: [Key], elements: [Data.Element], source: SourceLocation,
    operations: KeyOperations<Key>,
    content: @escaping @MainActor (Data.Element) -> SlotContent,
    unchanged: @escaping ([Data.Element], [Data.Element], [Int]) -> [Bool]
  ) {
    slotContent = SlotContent(
      .keyed(
        SkippingElements(
          keyed: TypedElements(keys: keys, contents: [], source: source, operations: operations),
          elements: elements, content: content, unchanged: unchanged)))
  }
}

extension ForEach where Data.Element: Identifiable & Equatable, Key == Data.Element.ID {
  /// Declares children for each element, keyed by its `id`, making an element's content only
  /// when the element is new or changed (see
  /// ``init(_:id:skipsUnchangedElements:fileID:line:content:)``).
  ///
  /// - Parameters:
  ///   - data: The elements.
  ///   - skipsUnchangedElements: Whether to make an element's content only when it is new or
  ///     changed.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The children of one element; kept by the declaration until it is resolved.
  @inlinable
  public init(
    _ data: Data, skipsUnchangedElements: Bool, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: @escaping @MainActor (Data.Element) -> SlotContent
  ) {
    self.init(
      data, id: \.id, skipsUnchangedElements: skipsUnchangedElements, fileID: fileID, line: line,
      content: content)
  }
}

extension ForEach where Data.Element: Identifiable, Key == Data.Element.ID {
  /// Declares children for each element, keyed by its `id`.
  ///
  /// - Parameters:
  ///   - data: The elements.
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - content: The children of one element.
  @inlinable
  public init(
    _ data: Data, fileID: String = #fileID, line: Int = #line,
    @SlotBuilder content: (Data.Element) -> SlotContent
  ) {
    self.init(data, id: \.id, fileID: fileID, line: line, content: content)
  }
}

/// Builds children from the environment in effect where it is declared.
///
/// ```swift
/// EnvironmentReader { environment in
///   if environment.isCompact {
///     Child { CompactViewController() }
///   } else {
///     Child { RegularViewController() }
///   }
/// }
/// ```
@MainActor
public struct EnvironmentReader: SlotComponent {
  /// The children, built when the declaration is resolved.
  public let slotContent: SlotContent

  /// Builds children from the environment.
  ///
  /// - Parameter content: Builds the children; runs when the declaration is resolved.
  public init(@SlotBuilder content: @escaping @MainActor (EnvironmentValues) -> SlotContent) {
    slotContent = SlotContent(.reader(content))
  }
}

extension SlotComponent {
  /// Sets an environment value for the children inside, and for the updates of their
  /// controllers.
  ///
  /// ```swift
  /// Child { ProfileViewController() } update: { profile, environment in
  ///   profile.theme = environment.theme
  /// }
  /// .environment(\.theme, .dark)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value's key path in ``EnvironmentValues``.
  ///   - value: The value.
  /// - Returns: The content with the value set.
  public func environment<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
  ) -> SlotContent {
    SlotContent(.environment({ $0[keyPath: keyPath] = value }, slotContent))
  }
}
