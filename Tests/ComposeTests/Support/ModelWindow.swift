#if !canImport(UIKit)
import UIKitModel

/// Shows a container as the root of a key window the size of a phone, and lets the model settle.
///
/// - Parameter container: The container to show.
/// - Returns: The window, which the caller keeps alive for as long as the container is on screen.
@MainActor
func show(_ container: UIViewController) -> UIWindow {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  window.rootViewController = container
  window.makeKeyAndVisible()
  ModelRuntime.runUntilIdle()
  return window
}

/// Starts a test on a fresh model that records UIKit's exceptions instead of trapping.
@MainActor
func startRecordingModel() {
  ModelRuntime.reset()
  ModelRuntime.exceptionPolicy = .record
}
#endif
