/// The base class of views, windows and view controllers: the responder chain and first responder.
///
/// In the model every responder also has a name, the one it goes by in the event log, in
/// diagnostics and in exception texts: ``ModelInspection/name``, reached through
/// ``ModelInspectable/uikitModel`` (model-only API).
@MainActor
open class UIResponder: Hashable, CustomStringConvertible {
  let objectNumber: Int
  private var explicitName: String?

  /// Creates a responder.
  public init() {
    objectNumber = ModelRuntime.nextObjectNumber()
  }

  /// The name in the event log (public as `uikitModel.name`, ``ModelInspection/name``).
  var modelName: String {
    get { explicitName ?? "\(typeName)#\(objectNumber)" }
    set { explicitName = newValue }
  }

  var typeName: String { String(describing: type(of: self)) }

  /// `<TypeName: name>`, with the model's name standing in for UIKit's address, `<TypeName: 0x…>`.
  open var description: String { "<\(typeName): \(modelName)>" }

  /// Identity: two responders are equal when they are the same object, as for `NSObject`.
  ///
  /// - Parameters:
  ///   - lhs: A responder.
  ///   - rhs: Another responder.
  /// - Returns: Whether they are the same object.
  nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool {
    lhs === rhs
  }

  /// Hashes the object's identity.
  ///
  /// - Parameter hasher: The hasher.
  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  // MARK: - Responder chain

  /// The next responder in the chain (semantics G4).
  open var next: UIResponder? { nil }

  /// Whether this responder can become first responder; `false` by default.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this responder gives up first-responder status when asked; `true` by default.
  open var canResignFirstResponder: Bool { true }

  /// The window whose first responder this object can be; `nil` when it is not in a window.
  var responderWindow: UIWindow? { nil }

  /// Whether this object is its window's first responder.
  open var isFirstResponder: Bool {
    responderWindow?.firstResponder === self
  }

  /// Asks to become the first responder of its window.
  ///
  /// - Returns: Whether it is now first responder; `false` if ``canBecomeFirstResponder`` is
  ///   `false`, if it is not in a window, or if the current first responder refused to resign.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder, let window = responderWindow else { return false }
    if window.firstResponder === self { return true }
    if let current = window.firstResponder, !current.resignFirstResponder() { return false }
    window.firstResponder = self
    return true
  }

  /// Gives up first-responder status.
  ///
  /// - Returns: Whether it is no longer first responder.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard let window = responderWindow, window.firstResponder === self else { return true }
    guard canResignFirstResponder else { return false }
    window.firstResponder = nil
    return true
  }
}
