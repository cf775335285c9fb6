/// What the model does when code makes UIKit raise an exception.
public enum ModelExceptionPolicy: Hashable, Sendable {
  /// Stop the process with UIKit's message, as an uncaught Objective-C exception does. The default.
  case trap
  /// Record the exception in ``ModelRuntime/recordedExceptions`` and return from the call
  /// without changing any state.
  case record
}

/// An exception UIKit would have raised.
public struct ModelException: Hashable, Sendable, CustomStringConvertible {
  /// The exception name, for example `UIViewControllerHierarchyInconsistency`.
  public let name: String
  /// The reason, in UIKit's words where they are known.
  public let reason: String

  /// Creates an exception record.
  ///
  /// - Parameters:
  ///   - name: The exception name.
  ///   - reason: The reason text.
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }

  /// `name: reason`.
  public var description: String { "\(name): \(reason)" }

  /// The name of the exception raised for view-controller hierarchy inconsistencies.
  public static let hierarchyInconsistency = "UIViewControllerHierarchyInconsistency"
  /// The name of the exception raised for invalid arguments.
  public static let invalidArgument = "NSInvalidArgumentException"
  /// The name of the exception raised for internal inconsistencies, such as popping to a view
  /// controller that is not on a navigation stack, or selecting a tab that is not one of a tab
  /// bar controller's children.
  public static let internalInconsistency = "NSInternalInconsistencyException"
  /// The name of the exception raised for generic failures such as unrelated constraint anchors.
  public static let generic = "NSGenericException"
}
