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
  /// The child as slot content.
  ///
  /// Stored rather than made on each read, so that a builder takes it out of the child without
  /// copying it.
  public let slotContent: SlotContent

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
    self.init(
      declaration: ChildDeclaration(
        controllerType: Controller.self, make: make, update: erasedUpdate,
        source: SourceLocation(fileID: fileID, line: line)))
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
    self.init(
      declaration: ChildDeclaration(
        controllerType: Controller.self,
        make: make,
        update: { controller, environment in update(Self.cast(controller), environment) },
        source: SourceLocation(fileID: fileID, line: line)))
  }

  /// Declares a child whose update depends only on an input value, and runs only when it changes.
  ///
  /// The update closure receives the input. It runs right after `make`, and then only when the
  /// input differs from the one last applied to the live controller: an unchanged input plans no
  /// `update` step. Put everything the update reads in the input (a struct of the values is
  /// enough); the environment is not passed. The input applied is kept and compared with the
  /// next: an object changed in place compares equal to itself, so pass values, or a new object
  /// for each change.
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
    self.init(
      declaration: ChildDeclaration(
        controllerType: Controller.self,
        make: make,
        update: { controller, _ in update(Self.cast(controller), input) },
        source: SourceLocation(fileID: fileID, line: line),
        input: ChildInput.make(input)))
  }

  private init(declaration: ChildDeclaration) {
    slotContent = SlotContent(.child(declaration))
  }

  /// The child's declaration.
  var declaration: ChildDeclaration {
    guard case .child(let declaration) = slotContent.node else {
      preconditionFailure("a child's slot content is always its declaration")
    }
    return declaration
  }

  /// The child with its declaration changed by a modifier.
  func modified(_ change: (ChildDeclaration) -> ChildDeclaration) -> Child {
    Child(declaration: change(declaration))
  }

  /// The controller, typed; a controller of another type is a bug in Compose.
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

/// The type-erased description of one declared child.
///
/// A value, held inline by the slot content that declares it: a declaration is no allocation of
/// its own (a child declared with an update still allocates the closure that adapts it, and one
/// with an input or a modifier their box). What every child has is stored here; the values of the
/// rarely applied modifiers (an explicit identity, a transition, a handle) are in one
/// ``ChildModifiers`` box, absent for a plain child.
struct ChildDeclaration {
  /// The type of the child's controller, part of its identity.
  let controllerType: UIViewController.Type
  /// Makes the controller.
  let make: @MainActor () -> UIViewController
  /// Brings the controller up to date with the environment; `nil` for a child declared without
  /// an update.
  let update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?
  /// Where the child is declared.
  let source: SourceLocation
  /// The input the update applies, when the child was declared with one.
  let input: ChildInput?
  /// The explicit identity, transition and handle binding, when any of them is set.
  private let modifiers: ChildModifiers?
  /// Whether `update` is set.
  let hasUpdate: Bool
  /// Whether `explicitID` is set (see ``ChildIdentity/Storage/hasExplicitID``).
  let hasExplicitID: Bool
  /// Whether `transition` is set; read instead of it, which would be copied.
  let hasTransition: Bool
  /// Whether `bindHandle` is set: a mounted child never stands for such a declaration, so that
  /// the handle is bound to the live controller after the reconciliation.
  let hasHandle: Bool
  /// Whether the child is declared but not shown (``Child/hidden(_:)``).
  let isHidden: Bool
  /// How long the controller lives (``Child/lifetime(_:)``).
  let lifetime: Lifetime

  /// The explicit identity (``Child/id(_:)``), if any.
  var explicitID: ChildKey? { modifiers?.explicitID }
  /// The child's own transition (``Child/transition(_:)``), if any.
  var transition: Transition? { modifiers?.transition }
  /// Tells the child's ``ChildHandle`` about the child's controller (made for it, or already
  /// live), and the container; `nil` without a handle.
  var bindHandle: HandleBinding? {
    modifiers?.bindHandle
  }

  /// A declaration with no modifier applied.
  init(
    controllerType: UIViewController.Type, make: @escaping @MainActor () -> UIViewController,
    update: (@MainActor (UIViewController, EnvironmentValues) -> Void)?, source: SourceLocation,
    input: ChildInput? = nil
  ) {
    self.controllerType = controllerType
    self.make = make
    self.update = update
    self.source = source
    self.input = input
    modifiers = nil
    hasUpdate = update != nil
    hasExplicitID = false
    hasTransition = false
    hasHandle = false
    isHidden = false
    lifetime = .whileShown
  }

  /// A copy of `base` with the given modifiers' values.
  private init(
    copying base: ChildDeclaration, modifiers: ChildModifiers?, lifetime: Lifetime,
    isHidden: Bool
  ) {
    controllerType = base.controllerType
    make = base.make
    update = base.update
    source = base.source
    input = base.input
    self.modifiers = modifiers
    hasUpdate = base.hasUpdate
    hasExplicitID = modifiers?.explicitID != nil
    hasTransition = modifiers?.transition != nil
    hasHandle = modifiers?.bindHandle != nil
    self.isHidden = isHidden
    self.lifetime = lifetime
  }

  /// A copy with some of the modifiers' values changed.
  func with(
    explicitID: ChildKey?? = nil, transition: Transition?? = nil, lifetime: Lifetime? = nil,
    bindHandle: HandleBinding? = nil,
    isHidden: Bool? = nil
  ) -> ChildDeclaration {
    var modifiers = self.modifiers
    if explicitID != nil || transition != nil || bindHandle != nil {
      modifiers = ChildModifiers(
        explicitID: explicitID ?? self.explicitID, transition: transition ?? self.transition,
        bindHandle: bindHandle ?? self.bindHandle)
    }
    return ChildDeclaration(
      copying: self, modifiers: modifiers, lifetime: lifetime ?? self.lifetime,
      isHidden: isHidden ?? self.isHidden)
  }

  /// The name of the controller type, for diagnostics.
  var typeName: String { String(describing: controllerType) }
}

/// The values of a child's rarely applied modifiers, boxed together out of its declaration.
final class ChildModifiers {
  /// The explicit identity (``Child/id(_:)``), if any: held as a list's key is, `Int` and
  /// `String` inline.
  let explicitID: ChildKey?
  /// The child's own transition (``Child/transition(_:)``), if any.
  let transition: Transition?
  /// Tells the child's ``ChildHandle`` about the child's controller, and the container.
  let bindHandle: HandleBinding?

  /// A box of the given values, or `nil` when none is set.
  init?(
    explicitID: ChildKey?, transition: Transition?,
    bindHandle: HandleBinding?
  ) {
    guard explicitID != nil || transition != nil || bindHandle != nil else { return nil }
    self.explicitID = explicitID
    self.transition = transition
    self.bindHandle = bindHandle
  }
}

/// An input value of a child's update, compared with the one last applied.
///
/// Made by ``make(_:)`` as a ``TypedChildInput`` of the value's type, so that two inputs are
/// compared by their types' identity and then by the value's `==`, with no dynamic cast.
class ChildInput {
  /// An input of the given value.
  static func make<Value: Equatable>(_ value: Value) -> ChildInput {
    TypedChildInput(value)
  }

  /// Whether the value equals another input's: `false` for a value of another type.
  func equals(_ other: ChildInput) -> Bool { false }
}

/// A ``ChildInput`` of a value of type `Value`.
final class TypedChildInput<Value: Equatable>: ChildInput {
  /// The value.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  override func equals(_ other: ChildInput) -> Bool {
    // Same class, same `Value`: the other input is one of these.
    guard ObjectIdentifier(type(of: other)) == ObjectIdentifier(Self.self) else { return false }
    return unsafeDowncast(other, to: Self.self).value == value
  }
}
