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
    indirect case environment((inout EnvironmentValues) -> Void, CompositionContent)
  }

  let node: Node

  init(_ node: Node) {
    self.node = node
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
