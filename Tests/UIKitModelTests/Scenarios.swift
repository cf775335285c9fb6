import Foundation
import Testing
import UIKitModel

extension ModelTests {
  /// The canonical scenarios of semantics.md section L, with their full expected event logs.
  @MainActor
  @Suite("Canonical scenarios (semantics L1–L9)")
  struct Scenarios {
    @Test("L1 add a child to a visible parent with automatic forwarding")
    func addChildToVisibleParent() {
      freshModel()
      let parent = controller("parent")
      let window = makeVisibleWindow(root: parent)
      let child = controller("child")
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
      #expect(parent.children == [child])
      #expect(child.view.window === window)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }
  }
}
