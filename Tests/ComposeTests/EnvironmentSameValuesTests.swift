import Testing

@testable import Compose

private struct CountKey: EnvironmentKey {
  static let defaultValue = 0
}

private struct NameKey: EnvironmentKey {
  static let defaultValue = ""
}

private final class Theme: Sendable {}

private struct ThemeKey: EnvironmentKey {
  static let defaultValue: Theme? = nil
}

/// Neither `Equatable` nor an object.
private struct Action: Sendable {
  let run: @Sendable () -> Void
}

private struct ActionKey: EnvironmentKey {
  static let defaultValue = Action {}
}

/// When a composer passes the environment down to a nested composed container: only when its
/// values are not known to be the same as those it gave last.
@Suite("Environments with the same values")
struct EnvironmentSameValuesTests {
  private func values(_ set: (inout EnvironmentValues) -> Void) -> EnvironmentValues {
    var values = EnvironmentValues()
    set(&values)
    return values
  }

  @Test("Equal values of an Equatable type are the same; another value or key is not")
  func equatableValues() {
    let base = values { $0[CountKey.self] = 1 }
    #expect(base.hasSameValues(as: values { $0[CountKey.self] = 1 }))
    #expect(!base.hasSameValues(as: values { $0[CountKey.self] = 2 }))
    #expect(!base.hasSameValues(as: EnvironmentValues()))
    #expect(!EnvironmentValues().hasSameValues(as: base))
    #expect(EnvironmentValues().hasSameValues(as: EnvironmentValues()))
    #expect(
      !base.hasSameValues(
        as: values {
          $0[CountKey.self] = 1
          $0[NameKey.self] = "a"
        }))
    // A value set to its default is still set: the nested container is told.
    #expect(!EnvironmentValues().hasSameValues(as: values { $0[CountKey.self] = 0 }))
  }

  @Test("An object is the same only as itself")
  func objects() {
    let theme = Theme()
    let set = values { $0[ThemeKey.self] = theme }
    #expect(set.hasSameValues(as: values { $0[ThemeKey.self] = theme }))
    #expect(!set.hasSameValues(as: values { $0[ThemeKey.self] = Theme() }))
    #expect(!set.hasSameValues(as: values { $0[ThemeKey.self] = nil }))
    let unset = values { $0[ThemeKey.self] = nil }
    #expect(unset.hasSameValues(as: values { $0[ThemeKey.self] = nil }))
  }

  @Test("A value that is neither Equatable nor an object is never known to be the same")
  func otherValues() {
    let action = Action {}
    let set = values { $0[ActionKey.self] = action }
    #expect(!set.hasSameValues(as: values { $0[ActionKey.self] = action }))
  }
}
