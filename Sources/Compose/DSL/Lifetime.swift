/// How long a child's controller lives.
///
/// Every child is made lazily, the first time it is shown. What differs is what happens when the
/// declaration stops showing it.
public struct Lifetime: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable {
    case whileShown
    case keepAlive(evictOnMemoryWarning: Bool)
  }

  let kind: Kind

  /// The controller is removed from the container as soon as the child is no longer declared.
  ///
  /// The default.
  public static let whileShown = Lifetime(kind: .whileShown)

  /// When the child is no longer declared, its view leaves the hierarchy but the controller stays a
  /// child of the container, and comes back without being made again when it is declared again; a
  /// memory warning removes the hidden ones.
  ///
  /// The tab-style lifetime.
  public static let keepAlive = Lifetime(kind: .keepAlive(evictOnMemoryWarning: true))

  /// Like ``keepAlive``, with a choice about memory warnings.
  ///
  /// - Parameter evictOnMemoryWarning: Whether a memory warning removes the hidden controller.
  /// - Returns: The lifetime policy.
  public static func keepAlive(evictOnMemoryWarning: Bool) -> Lifetime {
    Lifetime(kind: .keepAlive(evictOnMemoryWarning: evictOnMemoryWarning))
  }

  /// Whether a hidden child stays a child of the container.
  public var keepsHiddenChildren: Bool {
    if case .keepAlive = kind { return true }
    return false
  }

  /// Whether a memory warning removes a hidden child.
  public var evictsOnMemoryWarning: Bool {
    if case .keepAlive(let evict) = kind { return evict }
    return false
  }

  /// `whileShown`, `keepAlive` or `keepAlive(evictOnMemoryWarning: false)`.
  public var description: String {
    switch kind {
    case .whileShown: "whileShown"
    case .keepAlive(true): "keepAlive"
    case .keepAlive(false): "keepAlive(evictOnMemoryWarning: false)"
    }
  }
}
