import Testing

@testable import Compose

/// The table of environments that nested composed containers inherit.
@Suite("Inherited environments")
@MainActor
struct InheritedEnvironmentTests {
  @Test("Setting the environments of the same children again never cleans the table")
  func settingAgainDoesNotClean() {
    // 128 live entries: a size the table once cleaned at for every entry set.
    let controllers = (0..<128).map { _ in UIViewController() }
    for controller in controllers {
      InheritedEnvironment.set(EnvironmentValues(), for: controller)
    }
    let cleanings = InheritedEnvironment.cleanings
    for _ in 0..<3 {
      for controller in controllers {
        InheritedEnvironment.set(EnvironmentValues(), for: controller)
      }
    }
    #expect(InheritedEnvironment.cleanings == cleanings)
    for controller in controllers {
      #expect(InheritedEnvironment.environment(of: controller) != nil)
    }
  }

  @Test("A growing table is cleaned once per doubling, not at every entry")
  func growingTableIsCleanedPerDoubling() {
    let cleanings = InheritedEnvironment.cleanings
    // The table is the process's: other tests may have left it large, with a threshold to
    // match. Enough new entries to pass it, whatever it is.
    let count = max(1_000, InheritedEnvironment.cleaningThreshold + 1)
    let controllers = (0..<count).map { _ in UIViewController() }
    for controller in controllers {
      InheritedEnvironment.set(EnvironmentValues(), for: controller)
    }
    #expect(InheritedEnvironment.cleanings > cleanings)
    #expect(InheritedEnvironment.cleanings <= cleanings + 8)
    for controller in controllers {
      #expect(InheritedEnvironment.environment(of: controller) != nil)
    }
  }
}
