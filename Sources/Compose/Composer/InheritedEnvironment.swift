#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The environment each composed child was declared with, by controller, so that a child that
/// is itself a composed container starts from it (a composer reads its container's entry).
///
/// Entries hold their controllers weakly; a controller that is gone leaves an entry that is
/// dropped the next time the table is cleaned.
@MainActor
enum InheritedEnvironment {
  private struct Entry {
    weak var controller: UIViewController?
    var environment: EnvironmentValues
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]
  /// The composers alive, by container, to tell a nested one that its environment changed.
  private static var composers: [ObjectIdentifier: WeakComposer] = [:]

  private struct WeakComposer {
    weak var container: UIViewController?
    weak var composer: Composer?
  }

  /// The environment a controller was declared with by the container that composed it, if any.
  static func environment(of controller: UIViewController) -> EnvironmentValues? {
    guard let entry = entries[ObjectIdentifier(controller)], entry.controller === controller
    else { return nil }
    return entry.environment
  }

  /// Notes the environment a child was declared with.
  ///
  /// The table is cleaned when it has grown to twice its size after the last cleaning (and at
  /// least 64 entries): once per doubling, not at every entry set while its size stays put.
  static func set(_ environment: EnvironmentValues, for controller: UIViewController) {
    entries[ObjectIdentifier(controller)] = Entry(
      controller: controller, environment: environment)
    if entries.count > cleaningThreshold {
      clean()
      cleaningThreshold = max(64, entries.count * 2)
    }
  }

  /// The size past which ``set(_:for:)`` cleans the table; read by tests.
  private(set) static var cleaningThreshold = 64
  /// How many times the table was cleaned; for tests.
  private(set) static var cleanings = 0

  /// The composer of a container, if it has one and it is alive.
  static func composer(of container: UIViewController) -> Composer? {
    guard let entry = composers[ObjectIdentifier(container)], entry.container === container
    else { return nil }
    return entry.composer
  }

  /// Registers a container's composer.
  ///
  /// The container may have been composed by another composer long before: its entry is then
  /// the environment it was made with, and that composer, which passed nothing down while it
  /// did not nest, is asked to bring it up to date.
  static func register(_ composer: Composer, for container: UIViewController) {
    composers = composers.filter { $0.value.container != nil && $0.value.composer != nil }
    composers[ObjectIdentifier(container)] = WeakComposer(
      container: container, composer: composer)
    for entry in composers.values where entry.container !== container {
      if entry.composer?.nestedComposerDidStart(in: container) == true { return }
    }
  }

  private static func clean() {
    cleanings += 1
    entries = entries.filter { $0.value.controller != nil }
  }
}

extension EnvironmentValues {
  /// These values over `base`: a key set here wins, the others read `base`.
  func merged(over base: EnvironmentValues) -> EnvironmentValues {
    var merged = base
    merged.overlay(self)
    return merged
  }
}
