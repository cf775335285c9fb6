#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// Every model suite is nested in this one, which gives each test a model runtime of its own, so
/// that they run in parallel.
@MainActor
@Suite(.isolatedModel)
enum ModelTests {}

/// Starts a test with a fresh runtime that records exceptions instead of trapping.
@MainActor
func freshModel(exceptions: ModelExceptionPolicy = .record) {
  ModelRuntime.reset()
  ModelRuntime.exceptionPolicy = exceptions
}

/// A shown, key window of 390 × 844 points.
@MainActor
func makeVisibleWindow(root: UIViewController? = nil) -> UIWindow {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  window.uikitModel.name = "window"
  window.rootViewController = root
  window.makeKeyAndVisible()
  return window
}

/// A view controller with a name for the event log.
@MainActor
func controller(_ name: String) -> UIViewController {
  let controller = UIViewController()
  controller.uikitModel.name = name
  return controller
}

/// A plain view with a name for the event log.
@MainActor
func view(_ name: String, frame: CGRect = .zero) -> UIView {
  let view = UIView(frame: frame)
  view.uikitModel.name = name
  return view
}

/// A view controller that records what it observes during its callbacks as annotations.
@MainActor
final class ObservingViewController: UIViewController {
  var observesMovingFlags = false

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    noteFlags("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    noteFlags("viewDidAppear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    noteFlags("viewWillDisappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    noteFlags("viewDidDisappear")
  }

  private func noteFlags(_ callback: String) {
    guard observesMovingFlags else { return }
    ModelRuntime.annotate(
      uikitModel.name,
      "\(callback) sees isMovingToParent=\(isMovingToParent) isMovingFromParent=\(isMovingFromParent)"
    )
  }
}

extension String {
  /// The text with the common leading indentation of a multi-line literal removed.
  var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
#endif
