/// How long a child's controller lives.
///
/// Every child is made lazily, the first time it is shown, except an ``eager`` one. What differs
/// is what happens when the declaration stops showing it.
public struct Lifetime: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable {
    case whileShown
    case keepAlive(evictOnMemoryWarning: Bool)
    case eager
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

  /// The child is made and added as a child of the container as soon as it is declared.
  ///
  /// That holds even when it is declared hidden with ``Child/hidden(_:)``: its view is loaded and
  /// attached only when it is shown, and detached when it is hidden again. A memory warning never
  /// removes it.
  ///
  /// The lifetime of Apple's tab-style container, which adds every child up front and shows one:
  ///
  /// ```swift
  /// Slot("tab") {
  ///   Child { FeedViewController() }.lifetime(.eager).hidden(tab != .feed)
  ///   Child { ProfileViewController() }.lifetime(.eager).hidden(tab != .profile)
  /// }
  /// .transition(.cut)
  /// ```
  public static let eager = Lifetime(kind: .eager)

  /// Whether a hidden child stays a child of the container.
  public var keepsHiddenChildren: Bool {
    switch kind {
    case .whileShown: false
    case .keepAlive, .eager: true
    }
  }

  /// Whether a child declared hidden is made and added at once.
  var isEager: Bool { kind == .eager }

  /// Whether a memory warning removes a hidden child.
  public var evictsOnMemoryWarning: Bool {
    if case .keepAlive(let evict) = kind { return evict }
    return false
  }

  /// `whileShown`, `keepAlive`, `keepAlive(evictOnMemoryWarning: false)` or `eager`.
  public var description: String {
    switch kind {
    case .whileShown: "whileShown"
    case .keepAlive(true): "keepAlive"
    case .keepAlive(false): "keepAlive(evictOnMemoryWarning: false)"
    case .eager: "eager"
    }
  }
}
