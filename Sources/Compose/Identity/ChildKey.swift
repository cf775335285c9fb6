/// A ``ForEach`` element's key, as the path of the element's child holds it.
///
/// `Int` and `String` keys, the most common, are held inline in 17 bytes, where an
/// `AnyHashable` takes 40 of every child's identity. A key of any other type is boxed, typed,
/// once per child. A list over `AnyHashable` keys whose base is an `Int` or a `String` is held
/// inline too.
///
/// Equality and hashing are exactly those of `AnyHashable(key)`: keys of two types that
/// `AnyHashable` considers equal (an `Int8` and an `Int` of the same value) are equal here too.
enum ChildKey: Hashable {
  case int(Int)
  case string(String)
  case boxed(any BoxedChildKey)

  /// Holds `key`, inline when it is an `Int` or a `String`.
  ///
  /// The type checks compare metadata, so they cost the same in unspecialized generic code.
  init<Key: Hashable>(_ key: Key) {
    if Key.self == Int.self {
      self = .int(unsafeBitCast(key, to: Int.self))
    } else if Key.self == String.self {
      self = .string(unsafeBitCast(key, to: String.self))
    } else if Key.self == AnyHashable.self {
      self = ChildKey(erased: unsafeBitCast(key, to: AnyHashable.self))
    } else {
      self = .boxed(TypedChildKey(key))
    }
  }

  /// Holds a type-erased key, inline when its base is an `Int` or a `String`.
  init(erased key: AnyHashable) {
    let base = key.base
    if type(of: base) == Int.self, let value = base as? Int {
      self = .int(value)
    } else if type(of: base) == String.self, let value = base as? String {
      self = .string(value)
    } else {
      self = .boxed(TypedChildKey(key))
    }
  }

  /// The key, type-erased: what diagnostics, system containers and ComposeTesting read.
  var anyHashable: AnyHashable {
    switch self {
    case .int(let value): AnyHashable(value)
    case .string(let value): AnyHashable(value)
    case .boxed(let box): box.anyHashable
    }
  }

  static func == (lhs: ChildKey, rhs: ChildKey) -> Bool {
    switch (lhs, rhs) {
    case (.int(let lhs), .int(let rhs)): lhs == rhs
    case (.string(let lhs), .string(let rhs)): lhs == rhs
    case (.boxed(let lhs), .boxed(let rhs)): lhs.isEqual(to: rhs)
    // Keys held differently can still be equal as `AnyHashable` says (an `Int` and an `Int8`).
    default: lhs.anyHashable == rhs.anyHashable
    }
  }

  /// Hashes the key as `AnyHashable` does, so that keys equal across types hash alike.
  ///
  /// An `Int` or a `String` is hashed as itself, which is how `AnyHashable` hashes it
  /// (`ChildKeyTests` checks it), without making an `AnyHashable`: that costs a dynamic cast.
  func hash(into hasher: inout Hasher) {
    switch self {
    case .int(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .boxed(let box): hasher.combine(box.anyHashable)
    }
  }
}

/// A boxed ``ChildKey`` of a type other than `Int` and `String`.
protocol BoxedChildKey: AnyObject {
  /// The key, type-erased.
  var anyHashable: AnyHashable { get }
  /// Whether the two keys are equal as `AnyHashable` compares them.
  func isEqual(to other: any BoxedChildKey) -> Bool
}

/// A key of one type, boxed without `AnyHashable`'s 40-byte container.
final class TypedChildKey<Key: Hashable>: BoxedChildKey {
  let key: Key

  init(_ key: Key) {
    self.key = key
  }

  var anyHashable: AnyHashable { AnyHashable(key) }

  func isEqual(to other: any BoxedChildKey) -> Bool {
    if let other = other as? TypedChildKey<Key> { return key == other.key }
    return anyHashable == other.anyHashable
  }
}
