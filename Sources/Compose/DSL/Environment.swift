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
///
/// A default made on the main actor (an object of a main-actor class) needs a key isolated to the
/// main actor, where the module's declarations are not main-actor isolated by default: declare the
/// key `@MainActor struct RouterKey: @MainActor EnvironmentKey` and the property `@MainActor var`.
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

  /// Whether `other` sets the same keys to values known to be the same.
  ///
  /// Values are the same when they are equal and `Equatable`, the same instance of a class, or
  /// both `nil`; optionals are compared by what they wrap. A value that is none of these (a
  /// closure, a struct that is not `Equatable`) is never known to be the same, so that a nested
  /// container reading it is composed again whenever it is declared.
  func hasSameValues(as other: EnvironmentValues) -> Bool {
    guard values.count == other.values.count else { return false }
    for (key, value) in values {
      guard let otherValue = other.values[key], Self.isSame(value, otherValue) else {
        return false
      }
    }
    return true
  }

  private static func isSame(_ value: Any, _ other: Any) -> Bool {
    if let value = value as? any Equatable {
      return value.isEqual(to: other)
    }
    if let value = value as? any OptionalValue, let other = other as? any OptionalValue {
      switch (value.wrappedValue, other.wrappedValue) {
      case (nil, nil): return true
      case (let value?, let other?): return isSame(value, other)
      default: return false
      }
    }
    if type(of: value) is AnyClass, type(of: other) is AnyClass {
      return (value as AnyObject) === (other as AnyObject)
    }
    return false
  }

  /// The number of values set.
  public var description: String { "EnvironmentValues(\(values.count) set)" }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// An optional, whose wrapped value is read without knowing its type.
private protocol OptionalValue {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  fileprivate var wrappedValue: Any? { self.map { $0 } }
}
