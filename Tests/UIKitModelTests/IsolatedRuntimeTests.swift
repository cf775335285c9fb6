#if !canImport(UIKit)
import Foundation
import Testing
import UIKitModel

@MainActor
@Suite("An isolated runtime")
struct IsolatedRuntimeTests {
  @Test("A test's isolated runtime keeps its own clock, work and events through a global reset")
  func isolatedFromTheGlobalRuntime() async {
    await ModelRuntime.withIsolatedRuntime {
      #expect(ModelRuntime.events.isEmpty)
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      view.uikitModel.name = "view"
      var finished: Bool?
      UIView.animate(withDuration: 0.3) {
        view.alpha = 0
      } completion: {
        finished = $0
      }
      ModelRuntime.advance(by: 0.1)

      // Another test, not isolated, resets the global runtime while this one waits.
      await Task.detached { @MainActor in
        ModelRuntime.reset()
        ModelRuntime.annotate("other", "ran")
      }.value

      #expect(ModelRuntime.currentTime == 0.1)
      #expect(ModelRuntime.runningAnimations.count == 1)
      ModelRuntime.runUntilIdle()
      #expect(finished == true)
      #expect(ModelRuntime.currentTime == 0.3)
      #expect(!ModelRuntime.events.contains { $0.subject == "other" })
    }
  }

  @Test("Tasks created inside an isolated runtime use it")
  func tasksInherit() async {
    await ModelRuntime.withIsolatedRuntime {
      ModelRuntime.advance(by: 2)
      let seen = await Task { @MainActor in ModelRuntime.currentTime }.value
      #expect(seen == 2)
    }
  }
}
#endif
