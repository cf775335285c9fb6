#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A child view controller in a slot: how to make it, and how to bring it up to date.
///
/// Declaring a child creates nothing. The `make` closure runs once, when the child first needs to
/// exist; the `update` closure runs right after it, before any containment call, and then on the
/// live controller every time the declaration is applied again, so the controller can take new
/// values without being replaced. The order for a new child is always make → update →
/// `addChild(_:)` and the rest of the add (or the swap that brings it in): configuration written
/// once, in `update`, reaches every controller before it appears.
///
/// ```swift
/// Slot("detail") {
///   Child { DetailViewController() } update: { detail in
///     detail.item = selectedItem
///   }
/// }
/// ```
///
/// A factory of several statements needs its type written, or Swift infers `UIViewController`:
///
/// ```swift
/// Child { () -> DetailViewController in
///   let detail = DetailViewController()
///   detail.navigationItem.title = title
///   return detail
/// }
/// ```
///
/// ## Identity
///
/// A child keeps its controller from one application to the next as long as its identity is the
/// same: the slot it is in, its structural position in the slot's builder (which statement,
/// which branch of an `if` or `switch`, which key of a ``ForEach``), its controller type, and its
/// explicit ``id(_:)`` if it has one. When the identity changes, the old controller is removed and
/// a new one is made.
@MainActor
public struct Child<Controller: UIViewController>: SlotComponent {
  let declaration: ChildDeclaration

  /// Declares a child.
  ///
  /// - Parameters:
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - make: Makes the controller; runs only when the child is created.
  ///   - update: Brings the controller up to date; runs right after `make`, before the child is
  ///     added, and again each time the declaration is applied while the child exists.
  public init(
    fileID: String = #fileID, line: Int = #line,
    make: @escaping @MainActor () -> Controller,
    update: (@MainActor (Controller) -> Void)? = nil
  ) {
    var erasedUpdate: (@MainActor (UIViewController, EnvironmentValues) -> Void)?
    if let update {
      erasedUpdate = { controller, _ in update(Self.cast(controller)) }
    }
    declaration = ChildDeclaration(
      controllerType: Controller.self, make: make, update: erasedUpdate,
      source: SourceLocation(fileID: fileID, line: line))
  }

  /// Declares a child whose update also reads the environment.
  ///
  /// ```swift
  /// Child { ProfileViewController() } update: { profile, environment in
  ///   profile.theme = environment.theme
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - make: Makes the controller; runs only when the child is created.
  ///   - update: Brings the controller up to date with the environment in effect where the
  ///     child is declared; runs right after `make`, then at every application.
  public init(
    fileID: String = #fileID, line: Int = #line,
    make: @escaping @MainActor () -> Controller,
    update: @escaping @MainActor (Controller, EnvironmentValues) -> Void
  ) {
    declaration = ChildDeclaration(
      controllerType: Controller.self,
      make: make,
      update: { controller, environment in update(Self.cast(controller), environment) },
      source: SourceLocation(fileID: fileID, line: line))
  }

  /// Declares a child whose update depends only on an input value, and runs only when it changes.
  ///
  /// The update closure receives the input. It runs right after `make`, and then only when the
  /// input differs from the one last applied to the live controller: an unchanged input plans no
  /// `update` step. Put everything the update reads in the input (a struct of the values is
  /// enough); the environment is not passed.
  ///
  /// ```swift
  /// ForEach(messages) { message in
  ///   Child(input: message) { MessageRowViewController() } update: { row, message in
  ///     row.message = message
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file of the declaration, for diagnostics.
  ///   - line: The line of the declaration, for diagnostics.
  ///   - input: The values the update applies.
  ///   - make: Makes the controller; runs only when the child is created.
  ///   - update: Applies the input to the controller; runs right after `make`, then whenever the
  ///     input changes.
  public init<Input: Equatable>(
    fileID: String = #fileID, line: Int = #line, input: Input,
    make: @escaping @MainActor () -> Controller,
    update: @escaping @MainActor (Controller, Input) -> Void
  ) {
    declaration = ChildDeclaration(
      controllerType: Controller.self,
      make: make,
      update: { controller, _ in update(Self.cast(controller), input) },
      source: SourceLocation(fileID: fileID, line: line),
      input: ChildInput(input))
  }

  private init(declaration: ChildDeclaration) {
    self.declaration = declaration
  }

  /// The child as slot content.
  public var slotContent: SlotContent { SlotContent(.child(declaration)) }

  func modified(_ change: (ChildDeclaration) -> ChildDeclaration) -> Child {
    Child(declaration: change(declaration))
  }

  @MainActor
  private static func cast(_ controller: UIViewController) -> Controller {
    guard let typed = controller as? Controller else {
      preconditionFailure(
        "Compose made a '\(type(of: controller))' for a child declared as '\(Controller.self)'; "
          + "this is a bug in Compose")
    }
    return typed
  }
}

/// The type-erased description of one declared child; a class, so that content, trees and
/// plans share it instead of copying its closures.
final class ChildDeclaration {
  let controllerType: UIViewController.Type
  let make: @MainActor () -> UIViewController
  let update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?
  /// Whether `update` is set.
  let hasUpdate: Bool
  let source: SourceLocation
  let explicitID: AnyHashable?
  /// Whether `explicitID` is set (see ``ChildIdentity/Storage/hasExplicitID``).
  let hasExplicitID: Bool
  let transition: Transition?
  /// Whether `transition` is set; read instead of it, which would be copied.
  let hasTransition: Bool
  let lifetime: Lifetime
  /// The input the update applies, when the child was declared with one.
  let input: ChildInput?
  /// Whether the child is declared but not shown (``Child/hidden(_:)``).
  let isHidden: Bool
  /// Tells the child's ``ChildHandle`` about a controller made for it, and the container; `nil`
  /// without a handle.
  let bindHandle: (@MainActor (UIViewController, UIViewController) -> Void)?

  /// A declaration with no modifier applied.
  init(
    controllerType: UIViewController.Type, make: @escaping @MainActor () -> UIViewController,
    update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?, source: SourceLocation,
    input: ChildInput? = nil
  ) {
    self.controllerType = controllerType
    self.input = input
    isHidden = false
    self.make = make
    self.update = update
    hasUpdate = update != nil
    self.source = source
    explicitID = nil
    hasExplicitID = false
    transition = nil
    hasTransition = false
    lifetime = .whileShown
    bindHandle = nil
  }

  private init(
    copying base: ChildDeclaration, explicitID: AnyHashable?, transition: Transition?,
    lifetime: Lifetime, bindHandle: (@MainActor (UIViewController, UIViewController) -> Void)?,
    isHidden: Bool
  ) {
    controllerType = base.controllerType
    input = base.input
    self.isHidden = isHidden
    make = base.make
    update = base.update
    hasUpdate = base.hasUpdate
    source = base.source
    self.explicitID = explicitID
    hasExplicitID = explicitID != nil
    self.transition = transition
    hasTransition = transition != nil
    self.lifetime = lifetime
    self.bindHandle = bindHandle
  }

  /// A copy with some of the modifiers' values changed.
  func with(
    explicitID: AnyHashable?? = nil, transition: Transition?? = nil, lifetime: Lifetime? = nil,
    bindHandle: (@MainActor (UIViewController, UIViewController) -> Void)? = nil,
    isHidden: Bool? = nil
  ) -> ChildDeclaration {
    ChildDeclaration(
      copying: self, explicitID: explicitID ?? self.explicitID,
      transition: transition ?? self.transition, lifetime: lifetime ?? self.lifetime,
      bindHandle: bindHandle ?? self.bindHandle, isHidden: isHidden ?? self.isHidden)
  }

  var typeName: String { String(describing: controllerType) }
}

/// An input value of a child's update, compared with the one last applied.
final class ChildInput {
  /// Whether the value equals another input's.
  let equals: (ChildInput) -> Bool
  private let value: Any

  init<Value: Equatable>(_ value: Value) {
    self.value = value
    equals = { other in (other.value as? Value) == value }
  }
}
