/// Something the model noticed that UIKit only logs (or that UIKit tolerates but is a likely bug).
///
/// Diagnostics never stop the program; tests read them from ``ModelRuntime/diagnostics``.
public struct ModelDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The rule a diagnostic reports.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for the rule.
    public let name: String

    /// Semantics D11: an appearance transition was started for a view controller already in or
    /// moving to that state, or ended when none was running.
    public static let unbalancedAppearanceTransition = Kind(name: "unbalancedAppearanceTransition")
    /// Semantics D12: an appearance callback was called directly instead of through
    /// `beginAppearanceTransition(_:animated:)`.
    public static let directAppearanceCallback = Kind(name: "directAppearanceCallback")
    /// Semantics D14: the root view of a view controller with no parent was put inside another
    /// view controller's view tree.
    public static let parentlessViewControllerEmbedded = Kind(
      name: "parentlessViewControllerEmbedded")
    /// Semantics B16: a child was added with `addChild(_:)` but never told `didMove(toParent:)`.
    public static let missingDidMove = Kind(name: "missingDidMove")
    /// Semantics F8: a constraint was laid out on a view that still translates its autoresizing
    /// mask into constraints, so UIKit would report unsatisfiable constraints.
    public static let conflictingConstraints = Kind(name: "conflictingConstraints")
    /// Semantics E12: a container transition started while another one involving the same child
    /// was still running.
    public static let overlappingTransition = Kind(name: "overlappingTransition")
    /// Rule N15 of Docs/Design/0001: a navigation controller was asked to push, pop or replace
    /// its stack while its previous transition was still running ("nested push animation can
    /// result in a corrupted navigation bar").
    public static let nestedNavigationTransition = Kind(name: "nestedNavigationTransition")
    /// Rule N21 of Docs/Design/0001: a navigation controller was asked to push a split view
    /// controller, or to list one in its stack, which UIKit refuses ("Split View Controllers
    /// cannot be pushed to a Navigation Controller"); the stack did not change.
    public static let splitViewControllerPushed = Kind(name: "splitViewControllerPushed")
    /// A view controller's `loadView()` override returned without assigning `view`.
    public static let loadViewDidNotAssignView = Kind(name: "loadViewDidNotAssignView")
    /// ``ModelRuntime/runUntilIdle()`` gave up because work kept scheduling more work.
    public static let runtimeDidNotSettle = Kind(name: "runtimeDidNotSettle")

    /// The identifier.
    public var description: String { name }
  }

  /// The rule this diagnostic reports.
  public let kind: Kind
  /// The message, in UIKit's words where UIKit logs one.
  public let message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - kind: The rule it reports.
  ///   - message: The message.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
