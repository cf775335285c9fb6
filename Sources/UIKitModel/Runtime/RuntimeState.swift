import Foundation

/// Everything ``ModelRuntime`` keeps between calls; replaced whole by `reset()`.
@MainActor
final class RuntimeState {
  var now: TimeInterval = 0
  var work: [ScheduledWork] = []
  var workCounter = 0
  let workLimit = 1_000_000
  var objectCounter = 0
  var animationCounter = 0
  var animations: [AnimationRecord] = []
  var events: [ModelEvent] = []
  /// How many events `clearEvents()` removed.
  var clearedEvents = 0
  var diagnostics: [ModelDiagnostic] = []
  var exceptions: [ModelException] = []
  var exceptionPolicy: ModelExceptionPolicy = .trap
  var controllers: [WeakReference<UIViewController>] = []
  var windows: [WeakReference<UIWindow>] = []
  var layoutRequests: [WeakReference<UIView>] = []
  var defaultRootViewFrame = CGRect(x: 0, y: 0, width: 390, height: 844)
  var checksHierarchyOffWindow = false
  /// The animation blocks being run right now, innermost last.
  var animationContexts: [AnimationRecord] = []
  var animationsEnabled = true
  var withoutAnimationDepth = 0
  var keyWindow: WeakReference<UIWindow>?

  /// Removes and returns the earliest work due by `limit` (ties run in scheduling order).
  func nextWork(dueBy limit: TimeInterval) -> ScheduledWork? {
    var best: Int?
    for index in work.indices where work[index].due <= limit {
      if let current = best {
        let candidate = work[index]
        let chosen = work[current]
        if candidate.due < chosen.due
          || (candidate.due == chosen.due && candidate.sequence < chosen.sequence)
        {
          best = index
        }
      } else {
        best = index
      }
    }
    guard let best else { return nil }
    return work.remove(at: best)
  }

  func liveControllers() -> [UIViewController] {
    controllers.removeAll { $0.value == nil }
    return controllers.compactMap(\.value)
  }
}

struct ScheduledWork {
  let due: TimeInterval
  let sequence: Int
  let action: @MainActor () -> Void
}

@MainActor
final class WeakReference<Value: AnyObject> {
  weak var value: Value?
  init(_ value: Value) { self.value = value }
}
