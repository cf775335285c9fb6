/// What a container's builder produces: its slots, with the structure of the code that declared
/// them.
///
/// ``CompositionBuilder`` makes it from ``Slot``s, other ``Composition``s and Swift's control
/// flow. Slots are identified by name, so where a slot is declared does not matter.
public struct CompositionContent {
  enum Node {
    case empty
    case slot(SlotDeclaration)
    case block([CompositionContent])
    case composition(@MainActor () -> CompositionContent)
    /// A composition whose body is not evaluated again while it equals the mounted one
    /// (``Composition/equatable()``).
    ///
    /// Boxed: the existential would make every node of every declaration larger.
    indirect case equatable(any SkippableComposition)
    indirect case environment((inout EnvironmentValues) -> Void, CompositionContent)
  }

  private(set) var node: Node

  init(_ node: Node) {
    self.node = node
  }

  /// The declaration of a content that is one slot, moved out of it, leaving it empty; `nil`
  /// for any other content, which is left as it is.
  mutating func takeSlot() -> SlotDeclaration? {
    guard case .slot(let slot) = node else { return nil }
    node = .empty
    return slot
  }

  /// The components of a content that is a block, moved out of it, leaving it empty (so that the
  /// caller holds the only reference to the array a builder made); `nil` for any other content,
  /// which is left as it is.
  mutating func takeBlock() -> [CompositionContent]? {
    guard case .block(let components) = node else { return nil }
    node = .empty
    return components
  }

  /// The change and the content of a content that sets environment values, moved out of it,
  /// leaving it empty; `nil` for any other content, which is left as it is.
  mutating func takeEnvironment() -> ((inout EnvironmentValues) -> Void, CompositionContent)? {
    guard case .environment(let change, let inner) = node else { return nil }
    node = .empty
    return (change, inner)
  }

  /// The content, moved out of its place, which is left empty.
  mutating func take() -> CompositionContent {
    var taken = CompositionContent(.empty)
    swap(&self, &taken)
    return taken
  }

  /// No slots.
  public static var empty: CompositionContent { CompositionContent(.empty) }
}

/// A value that can appear in a composition's builder: a ``Slot`` or a ``Composition``.
@MainActor
public protocol CompositionComponent {
  /// The component as container content.
  var compositionContent: CompositionContent { get }
}

extension CompositionContent: CompositionComponent {
  /// The content itself.
  public var compositionContent: CompositionContent { self }
}

/// A reusable description of slots and children, usable in any container and in other
/// compositions.
///
/// ```swift
/// struct MasterDetail: Composition {
///   var items: [Item]
///   var selection: Item?
///
///   var body: CompositionContent {
///     Slot("master", layout: .frame(CGRect(x: 0, y: 0, width: 320, height: 800))) {
///       Child { ItemListViewController() } update: { $0.items = items }
///     }
///     Slot("detail") {
///       if let selection {
///         Child { ItemViewController(selection) }.id(selection.id)
///       }
///     }
///   }
/// }
/// ```
///
/// A composition's body is evaluated when the declaration is resolved, not when it is built, so
/// building a declaration stays cheap and touches no view.
///
/// Compositions are also how large screens keep compiling fast: the time Swift takes to
/// type-check one builder body grows faster than its number of statements, so a screen with
/// dozens of slots type-checks much faster as several compositions of about ten slots each, or as
/// a body written in a function marked ``CompositionBody()``, than as one long body (see
/// `Docs/Performance.md`).
@MainActor
public protocol Composition: CompositionComponent {
  /// The slots this composition declares.
  @CompositionBuilder var body: CompositionContent { get }
}

extension Composition {
  /// The composition as container content; its body is evaluated on resolution.
  public var compositionContent: CompositionContent {
    CompositionContent(.composition { self.body })
  }
}

extension Composition where Self: Equatable {
  /// This composition, with its body evaluated only when its value or its environment changed.
  ///
  /// A composition's body is evaluated every time its container resolves a declaration, like
  /// the rest of the body it is declared in. An equatable composition is compared with the value
  /// declared at the same place last time instead: when both are equal (`==`) and the
  /// environment values at it are the same, its body is not evaluated, and its slots stand as
  /// they are mounted, with no update step for their children. A change deep in one part of a
  /// large screen then costs what that part declares, not what the whole screen declares:
  ///
  /// ```swift
  /// struct Inbox: Composition {
  ///   var folders: [Folder]
  ///   var selection: Message.ID?
  ///
  ///   var body: CompositionContent {
  ///     Sidebar(folders: folders).equatable()  // skipped while the folders are equal
  ///     Detail(selection: selection).equatable()
  ///   }
  /// }
  ///
  /// struct Sidebar: Composition, Equatable {
  ///   var folders: [Folder]
  ///
  ///   var body: CompositionContent {
  ///     Slot("sidebar") {
  ///       Child { FolderListViewController() } update: { controller, _ in
  ///         controller.folders = folders
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The contract is `Equatable`'s: two equal values declare the same slots and children with
  /// the same values in their update closures. Whatever else the body reads has to be in the
  /// environment or in `@Observable` state: a composer observes what each equatable
  /// composition's body reads on its own, and evaluates that body again when it changes, even
  /// while its value stays equal. A body that reads other mutable state (a global, a property
  /// of a class that is not observable) is not evaluated again when that state changes.
  ///
  /// The body is evaluated again, whatever the value, when:
  /// - the composition is declared for the first time, or inside another composition than last
  ///   time (the equatable compositions declared side by side are matched with the mounted ones
  ///   of their type, an equal one among the next few first, so that one inserted, removed or
  ///   moved among its siblings still stands);
  /// - an environment value at it changed, or is not known to be the same (a value that is not
  ///   `Equatable`, see ``EnvironmentValues``);
  /// - observed state read by its body, by the body of an equatable composition inside it, or by
  ///   an update closure of one of its children, changed;
  /// - one of its slots is not a plain slot that places views: a slot with a navigation stack,
  ///   tabs, pages or a presentation, an anchor, a custom layout or transition, hidden children
  ///   or a child with a handle (``Child/handle(_:)``), or a slot whose name is also declared
  ///   elsewhere;
  /// - its mounted slots changed since (a child other code removed), or one of them was swapping
  ///   when it was last declared, and kept what it showed until the swap ended.
  ///
  /// The composer keeps the last value, and the environment values at it, while its slots are
  /// mounted, to compare the next one with: a value that holds the container strongly makes a
  /// reference cycle.
  ///
  /// A conformance written by hand needs a comparison that runs outside the main actor
  /// (`nonisolated static func ==`), or an isolated conformance (`@MainActor Equatable`).
  ///
  /// - Returns: The composition, compared on resolution.
  public func equatable() -> EquatableComposition<Self> {
    EquatableComposition(self)
  }
}

/// A composition whose body is evaluated only when its value or its environment changed; made
/// by ``Composition/equatable()``.
public struct EquatableComposition<Content: Composition & Equatable>: Composition {
  /// The composition compared.
  public let content: Content

  /// Wraps a composition to be compared on resolution.
  ///
  /// - Parameter content: The composition.
  public init(_ content: Content) {
    self.content = content
  }

  /// The composition's body.
  public var body: CompositionContent { content.body }

  /// The composition as container content, compared with the mounted one on resolution.
  public var compositionContent: CompositionContent {
    CompositionContent(.equatable(self))
  }
}

/// A composition that a resolution compares with the one declared at its place last time.
@MainActor
protocol SkippableComposition {
  /// The type compared, which places are matched by.
  var contentType: ObjectIdentifier { get }
  /// The body, evaluated.
  func evaluate() -> CompositionContent
  /// Whether `other` is a composition of the same type, equal to this one.
  func isEqual(to other: any SkippableComposition) -> Bool
  /// Whether this composition wraps a value of `Other`'s type equal to `value`: the second half
  /// of ``isEqual(to:)``, called on the other composition with this one's value, so that the two
  /// are compared with no dynamic cast.
  func wrapsValue<Other: Composition & Equatable>(equalTo value: Other) -> Bool
}

extension EquatableComposition: SkippableComposition {
  var contentType: ObjectIdentifier { ObjectIdentifier(Content.self) }

  func evaluate() -> CompositionContent { content.body }

  func isEqual(to other: any SkippableComposition) -> Bool {
    // `other as? Self` would cast the existential at run time, looking up conformances: a few
    // hundred instructions for each composition compared.
    other.wrapsValue(equalTo: content)
  }

  /// Whether `value` is of this composition's content type and equal to its content.
  func wrapsValue<Other: Composition & Equatable>(equalTo value: Other) -> Bool {
    guard Other.self == Content.self else { return false }
    // The same type, so the bits are a `Content`'s.
    return unsafeBitCast(value, to: Content.self) == content
  }
}

/// Builds a container's slots from `Slot`, compositions, `if`, `switch`, `for`, optionals and
/// `#available`.
@MainActor
@resultBuilder
public enum CompositionBuilder {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildExpression<Component: CompositionComponent>(_ component: Component)
    -> CompositionContent
  {
    component.compositionContent
  }

  /// A block of one statement: the statement, moved rather than copied out of an array.
  @inlinable
  public static func buildBlock(_ component: consuming CompositionContent) -> CompositionContent {
    component
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildBlock(_ components: CompositionContent...) -> CompositionContent {
    // No statement, or several: a block of one statement takes the overload above.
    CompositionContent(.block(components))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildOptional(_ component: CompositionContent?) -> CompositionContent {
    component ?? .empty
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildEither(first component: CompositionContent) -> CompositionContent {
    component
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildEither(second component: CompositionContent) -> CompositionContent {
    component
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildArray(_ components: [CompositionContent]) -> CompositionContent {
    CompositionContent(.block(components))
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public static func buildLimitedAvailability(_ component: CompositionContent)
    -> CompositionContent
  {
    component
  }
}

extension CompositionComponent {
  /// Sets an environment value for every slot, child and composition inside.
  ///
  /// - Parameters:
  ///   - keyPath: The value's key path in ``EnvironmentValues``.
  ///   - value: The value.
  /// - Returns: The content with the value set.
  public func environment<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
  ) -> CompositionContent {
    CompositionContent(.environment({ $0[keyPath: keyPath] = value }, compositionContent))
  }
}
