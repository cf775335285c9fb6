#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The code of the UIKitModel documentation catalog (UIKitModel.docc), compiled and run as
// written.

/// The landing page's example, as written.
@MainActor
@Suite("UIKitModel documentation", .isolatedModel)
struct UIKitModelDocumentationTests {
  @Test func addingAChildToAVisibleParent() {
    ModelRuntime.reset()
    let parent = UIViewController()
    parent.uikitModel.name = "parent"
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = parent
    window.makeKeyAndVisible()
    let child = UIViewController()
    child.uikitModel.name = "child"
    ModelRuntime.clearEvents()

    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)

    #expect(
      ModelRuntime.eventLog(for: ["child"]) == """
        child.willMove(toParent: parent)
        child.loadView()
        child.viewDidLoad()
        child.viewWillAppear(false)
        child.viewIsAppearing(false)
        child.viewDidAppear(false)
        child.didMove(toParent: parent)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test func aTransitionStopsHalfWay() {
    ModelRuntime.reset()
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    UIView.animate(withDuration: 0.4) {
      view.alpha = 0
    }
    ModelRuntime.advance(by: 0.2)
    #expect(ModelRuntime.runningAnimations.count == 1)
    ModelRuntime.runUntilIdle()
    #expect(ModelRuntime.runningAnimations.isEmpty)
    #expect(view.alpha == 0)
  }

  @Test func misuseIsRecorded() {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let controller = UIViewController()
    controller.addChild(controller)
    #expect(controller.children.isEmpty)
    #expect(ModelRuntime.recordedExceptions.count == 1)
  }
}
#endif
