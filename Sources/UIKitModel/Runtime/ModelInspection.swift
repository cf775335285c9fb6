/// The model-only side of a UIKit object: the members UIKitModel adds for tests, kept off UIKit's
/// own spellings.
///
/// UIKit has none of these members, so code that uses them compiles only against the model: keep
/// it in tests, or behind `#if !canImport(UIKit)`. Every responder reaches its inspection through
/// one property, ``ModelInspectable/uikitModel``, whose name no UIKit type has:
///
/// ```swift
/// let child = UIViewController()
/// child.uikitModel.name = "child"  // the name in the event log
/// parent.addChild(child)
/// #expect(child.uikitModel.appearanceState == .disappeared)
/// ```
@MainActor
public struct ModelInspection<Object: AnyObject> {
  /// The inspected object.
  public let object: Object

  /// Inspects an object.
  ///
  /// - Parameter object: The object.
  public init(_ object: Object) {
    self.object = object
  }
}

/// A type whose instances have a model-only side, ``ModelInspection``.
///
/// Exists only in UIKitModel; `UIResponder` (so every view, window and view controller) conforms.
@MainActor
public protocol ModelInspectable: AnyObject {}

extension ModelInspectable {
  /// The model-only members of this object (UIKitModel only: UIKit has no such property).
  public var uikitModel: ModelInspection<Self> { ModelInspection(self) }
}

extension UIResponder: ModelInspectable {}

extension ModelInspection where Object: UIResponder {
  /// The name the object goes by in the model's event log, diagnostics and exception texts.
  ///
  /// Defaults to the type name and a number that restarts at every ``ModelRuntime/reset()``, such
  /// as `UIViewController#3`; a view controller's root view is named after its controller
  /// (`child.view`) unless given a name of its own. Tests usually set a short name such as
  /// `"child"`.
  public var name: String {
    get { object.modelName }
    nonmutating set { object.modelName = newValue }
  }
}

extension ModelInspection where Object: UIViewController {
  /// The controller's appearance state (semantics D2).
  public var appearanceState: ModelAppearanceState { object.appearanceState }
}

extension ModelInspection where Object: UIWindow {
  /// The window's traits, as the system would set them.
  ///
  /// Setting them sends `willTransition(to:with:)` to the root view controller (semantics H2),
  /// the way a rotation or a change of appearance does in UIKit.
  public var traitCollection: UITraitCollection {
    get { object.windowTraits }
    nonmutating set { object.setWindowTraits(newValue) }
  }
}
