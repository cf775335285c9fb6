/// A key for a value that flows down from a container to the compositions and controllers below.
///
/// ```swift
/// private struct ThemeKey: EnvironmentKey {
///   static let defaultValue = Theme.standard
/// }
///
/// extension EnvironmentValues {
///   var theme: Theme {
///     get { self[ThemeKey.self] }
///     set { self[ThemeKey.self] = newValue }
///   }
/// }
/// ```
public protocol EnvironmentKey {
  /// The value's type.
  associatedtype Value
  /// The value when no one set it.
  static var defaultValue: Value { get }
}

/// The values in effect at one place of a declaration.
///
/// Values set with `environment(_:_:)` apply to everything declared inside; they reach children's
/// `update` closures and ``EnvironmentReader``s. Nothing is global: each container starts from
/// its own values, over the values in effect where the container itself is declared when it is
/// the child of another composed container — the environment flows into nested composed
/// containers, however deep.
public struct EnvironmentValues: CustomStringConvertible {
  private var values: [ObjectIdentifier: Any] = [:]

  /// Empty values: every key reads its default.
  public init() {}

  /// The value for a key, or its default.
  ///
  /// - Parameter key: The key type.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// Whether any value is set.
  var isSet: Bool { !values.isEmpty }

  /// Sets every value `other` sets, keeping the others.
  mutating func overlay(_ other: EnvironmentValues) {
    values.merge(other.values) { _, new in new }
  }

  /// The number of values set.
  public var description: String { "EnvironmentValues(\(values.count) set)" }
}
