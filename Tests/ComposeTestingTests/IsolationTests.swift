#if !canImport(UIKit)
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// Waits until `count` tasks have arrived, then lets them all go on: every one of them is then
/// half-way through its test at the same time.
private actor Barrier {
  private let count: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { self.count = count }

  func arrive() async {
    if waiting.count + 1 == count {
      for continuation in waiting { continuation.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}

/// One model test, numbered `n`, that returns its lifecycle log and its clock.
///
/// A window, a parent and an animated child add, with a wait in the middle while every other test
/// is at the same point.
@MainActor
private func modelTest(_ n: Int, barrier: Barrier) async -> (log: String, time: TimeInterval) {
  let parent = UIViewController()
  parent.uikitModel.name = "parent\(n)"
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  window.rootViewController = parent
  window.makeKeyAndVisible()
  let child = UIViewController()
  child.uikitModel.name = "child\(n)"
  parent.addChild(child)
  // A pending layout pass and an unfinished animation wait across the suspension.
  parent.view.setNeedsLayout()
  UIView.animate(withDuration: Double(n + 1)) { child.view.alpha = 0.5 }
  await barrier.arrive()
  await Task.yield()
  parent.view.addSubview(child.view)
  child.didMove(toParent: parent)
  ModelRuntime.advance(by: Double(n) / 2)
  _ = window
  return (ModelRuntime.eventLog(), ModelRuntime.currentTime)
}

/// Carries a test's outcome out of its scope.
@MainActor
private final class Outcome: Sendable {
  var value: (log: String, time: TimeInterval)?
  nonisolated init() {}
}

/// The log `modelTest(n)` makes when nothing else reaches its runtime.
private func expectedLog(_ n: Int) -> String {
  """
  parent\(n).loadView()
  parent\(n).viewDidLoad()
  parent\(n).viewWillAppear(false)
  parent\(n).viewIsAppearing(false)
  parent\(n).viewDidAppear(false)
  child\(n).willMove(toParent: parent\(n))
  child\(n).loadView()
  child\(n).viewDidLoad()
  child\(n).viewWillAppear(false)
  child\(n).viewIsAppearing(false)
  child\(n).viewDidAppear(false)
  child\(n).didMove(toParent: parent\(n))
  """
}

@Suite("Isolated model runtimes")
struct IsolationTests {
  @Test("Fifty model tests run at once under the trait, and each log holds only its own events")
  func fiftyAtOnce() async throws {
    let test = try #require(Test.current)
    let trait = IsolatedModelTrait.isolatedModel
    let barrier = Barrier(count: 50)
    let results = try await withThrowingTaskGroup(of: (Int, String, TimeInterval).self) { group in
      for n in 0..<50 {
        group.addTask {
          let result = Outcome()
          try await trait.provideScope(for: test, testCase: nil) {
            let found = await modelTest(n, barrier: barrier)
            await MainActor.run { result.value = found }
          }
          let found = try #require(await result.value)
          return (n, found.log, found.time)
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
    }
    #expect(results.count == 50)
    for n in 0..<50 {
      #expect(results[n]?.0 == expectedLog(n), "test \(n)")
      #expect(results[n]?.1 == Double(n) / 2, "test \(n)")
    }
  }

  @Test("The same fifty tests in one shared runtime see each other's events")
  func fiftyShareWithoutTheTrait() async throws {
    // The control: without a runtime of its own, the check above cannot pass. A private runtime
    // stands for the process-wide one, so that no other test is disturbed.
    let logs = await ModelRuntime.withIsolatedRuntime {
      let barrier = Barrier(count: 50)
      return await withTaskGroup(of: String.self) { group in
        for n in 0..<50 {
          group.addTask { await modelTest(n, barrier: barrier).log }
        }
        var logs: [String] = []
        for await log in group { logs.append(log) }
        return logs
      }
    }
    #expect(logs.count == 50)
    #expect(logs.allSatisfy { $0.contains("parent0.") && $0.contains("parent49.") })
  }

  @Test(
    "Each case of a parameterized test has a runtime of its own", .isolatedModel,
    arguments: 0..<50)
  @MainActor
  func parameterized(n: Int) async {
    #expect(ModelRuntime.events.isEmpty)
    #expect(ModelRuntime.currentTime == 0)
    // Object numbers start again in every runtime.
    #expect(UIViewController().uikitModel.name == "UIViewController#1")
    await Task.yield()
    ModelRuntime.annotate("case\(n)", "ran")
    await Task.yield()
    #expect(ModelRuntime.eventLog() == "case\(n).ran")
  }

  @MainActor
  @Suite("A suite under the trait", .isolatedModel)
  struct SuiteUnderTheTrait {
    let window: UIWindow

    init() {
      // Built inside the test's runtime.
      window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      window.uikitModel.name = "fixture"
      ModelRuntime.annotate("fixture", "made")
    }

    @Test("A fixture built in init() belongs to the test's runtime")
    func fixtureBelongsToTheTest() async {
      await Task.yield()
      #expect(ModelRuntime.eventLog() == "fixture.made")
    }

    @Test("A synchronous test runs in a runtime of its own too")
    func synchronous() {
      ModelRuntime.advance(by: 1)
      #expect(ModelRuntime.currentTime == 1)
      #expect(ModelRuntime.eventLog() == "fixture.made")
    }

    @MainActor
    @Suite("Nested")
    struct Nested {
      @Test("Nested suites get the trait as well")
      func nested() {
        #expect(ModelRuntime.events.isEmpty)
        ModelRuntime.annotate("nested", "ran")
        #expect(ModelRuntime.eventLog() == "nested.ran")
      }
    }
  }

  @Test("The exception policy is the trait's", .isolatedModel(exceptions: .record))
  @MainActor
  func exceptionPolicy() {
    #expect(ModelRuntime.exceptionPolicy == .record)
  }
}
#endif
