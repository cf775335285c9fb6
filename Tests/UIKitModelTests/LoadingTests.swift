#if !canImport(UIKit)
// The model's own tests: they run where UIKitModel stands in for UIKit.
import Foundation
import Testing
import UIKitModel

// A controller that builds its own root view in loadView() and notes what it sees while loading.
@MainActor
private final class CodeBuiltController: UIViewController {
  var assignsView = true
  var madeView: UIView?

  override func loadView() {
    ModelRuntime.annotate(
      uikitModel.name,
      "loadView sees isViewLoaded=\(isViewLoaded) viewIfLoaded=\(viewIfLoaded == nil ? "nil" : "set")"
    )
    guard assignsView else { return }
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
    root.uikitModel.name = "custom"
    madeView = root
    view = root
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    // Reading `view` here must not start a second load (A1, A2).
    let same = view === viewIfLoaded
    ModelRuntime.annotate(
      uikitModel.name, "viewDidLoad sees isViewLoaded=\(isViewLoaded) view===viewIfLoaded=\(same)")
  }
}

extension ModelTests {
  @MainActor
  @Suite("View loading (semantics A)")
  struct Loading {
    @Test("A1 A2 reading view loads it: loadView() then viewDidLoad(), once, and returns the view")
    func firstReadLoads() {
      freshModel()
      let vc = controller("vc")
      #expect(ModelRuntime.eventLog() == "")

      let first: UIView = vc.view
      let second: UIView = vc.view

      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.viewDidLoad()
          """)
      #expect(first === second)
      #expect(vc.viewIfLoaded === first)
      #expect(vc.isViewLoaded)
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test(
      "A1 A2 A3 a loadView() override assigns the root view; viewDidLoad() reads it without reloading"
    )
    func customLoadView() throws {
      freshModel()
      let vc = CodeBuiltController()
      vc.uikitModel.name = "vc"

      let loaded: UIView = vc.view

      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.loadView sees isViewLoaded=false viewIfLoaded=nil
          vc.viewDidLoad()
          vc.viewDidLoad sees isViewLoaded=true view===viewIfLoaded=true
          """)
      let made = try #require(vc.madeView)
      #expect(loaded === made)
      #expect(loaded.frame == CGRect(x: 0, y: 0, width: 100, height: 200))
      // A custom root view keeps its own settings; the default mask is only for the default view.
      #expect(loaded.autoresizingMask == [])
      #expect(ModelRuntime.diagnostics.isEmpty)
    }

    @Test("A3 a loadView() override that assigns no view gets a plain view and a model diagnostic")
    func loadViewWithoutAssignment() {
      freshModel()
      let vc = CodeBuiltController()
      vc.uikitModel.name = "vc"
      vc.assignsView = false

      let loaded: UIView = vc.view

      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.loadView sees isViewLoaded=false viewIfLoaded=nil
          vc.viewDidLoad()
          vc.viewDidLoad sees isViewLoaded=true view===viewIfLoaded=true
          """)
      #expect(vc.viewIfLoaded === loaded)
      #expect(loaded.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
      #expect(
        ModelRuntime.diagnostics == [
          ModelDiagnostic(
            kind: .loadViewDidNotAssignView,
            message: "loadView() of <CodeBuiltController: vc> returned without assigning view; "
              + "assign a view in loadView(), or do not override it (the model assigned a plain view)"
          )
        ])
    }

    @Test(
      "A4 the default root view is 390×844, autoresizes W+H and translates its mask into constraints"
    )
    func defaultRootView() {
      freshModel()
      let vc = controller("vc")

      let root: UIView = vc.view

      #expect(root.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
      #expect(root.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
      #expect(root.autoresizingMask == [.flexibleWidth, .flexibleHeight])
      #expect(root.translatesAutoresizingMaskIntoConstraints)
      #expect(root.superview == nil)
      #expect(root.subviews.isEmpty)
      #expect(ModelRuntime.defaultRootViewFrame == CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test("A4 the default root view frame is a model setting, read at load time")
    func defaultRootViewFrameSetting() {
      freshModel()
      let before = controller("before")
      before.loadViewIfNeeded()
      let later = controller("later")
      ModelRuntime.defaultRootViewFrame = CGRect(x: 0, y: 0, width: 1024, height: 768)

      later.loadViewIfNeeded()

      #expect(later.view.frame == CGRect(x: 0, y: 0, width: 1024, height: 768))
      #expect(before.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
      freshModel()
      #expect(ModelRuntime.defaultRootViewFrame == CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test("A5 viewIfLoaded and isViewLoaded never load the view")
    func queriesDoNotLoad() {
      freshModel()
      let vc = controller("vc")

      #expect(vc.viewIfLoaded == nil)
      #expect(!vc.isViewLoaded)
      #expect(vc.viewIfLoaded == nil)
      #expect(!vc.isViewLoaded)

      #expect(ModelRuntime.eventLog() == "")
      vc.loadViewIfNeeded()
      #expect(vc.isViewLoaded)
      #expect(vc.viewIfLoaded === vc.view)
    }

    @Test("A6 loadViewIfNeeded() loads once and then does nothing")
    func loadViewIfNeeded() {
      freshModel()
      let vc = controller("vc")

      vc.loadViewIfNeeded()
      let loaded = vc.viewIfLoaded
      vc.loadViewIfNeeded()
      _ = vc.view

      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.viewDidLoad()
          """)
      #expect(loaded != nil)
      #expect(vc.viewIfLoaded === loaded)
    }

    @Test("A6 loadViewIfNeeded() does nothing when a view was assigned")
    func loadViewIfNeededAfterAssignment() {
      freshModel()
      let vc = controller("vc")
      let root = view("root")
      vc.view = root

      vc.loadViewIfNeeded()

      #expect(ModelRuntime.eventLog() == "")
      #expect(vc.view === root)
    }

    @Test("A7 assigning a view makes it the root view without loadView() or viewDidLoad()")
    func assigningView() {
      freshModel()
      let vc = controller("vc")
      let root = view("root", frame: CGRect(x: 0, y: 0, width: 10, height: 10))

      vc.view = root

      #expect(vc.isViewLoaded)
      #expect(vc.viewIfLoaded === root)
      #expect(vc.view === root)
      #expect(root.next === vc)
      #expect(ModelRuntime.eventLog() == "")
    }

    @Test("A7 replacing a loaded root view keeps the controller loaded and frees the old view")
    func replacingView() {
      freshModel()
      let vc = controller("vc")
      let old: UIView = vc.view
      let replacement = view("replacement")
      ModelRuntime.clearEvents()

      vc.view = replacement
      let other = controller("other")
      other.view = old

      #expect(vc.view === replacement)
      #expect(other.view === old)
      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(ModelRuntime.eventLog() == "")
    }

    @Test("A7 setting view to nil unloads it; the next read loads a new view")
    func settingNilReloads() {
      freshModel()
      let vc = controller("vc")
      let first: UIView = vc.view

      vc.view = nil

      #expect(!vc.isViewLoaded)
      #expect(vc.viewIfLoaded == nil)
      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.viewDidLoad()
          """)

      let second: UIView = vc.view

      #expect(second !== first)
      #expect(
        ModelRuntime.eventLog() == """
          vc.loadView()
          vc.viewDidLoad()
          vc.loadView()
          vc.viewDidLoad()
          """)
      #expect(first.next == nil)
      #expect(second.next === vc)
    }

    @Test("A7 A8 a view released with view = nil can be given to another controller")
    func clearedAssociationAllowsReuse() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let shared: UIView = first.view

      first.view = nil
      second.view = shared

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(second.viewIfLoaded === shared)
      #expect(first.viewIfLoaded == nil)
      #expect(shared.next === second)
    }

    @Test("A8 I5 assigning another controller's root view raises and changes nothing")
    func viewOwnedByAnotherController() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let shared: UIView = first.view
      let secondsOwn: UIView = second.view
      ModelRuntime.clearEvents()

      second.view = shared

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "A view can only be associated with at most one view controller at a time! "
              + "View <UIView: first.view> is associated with <UIViewController: first>. "
              + "Clear this association before associating this view with <UIViewController: second>."
          )
        ])
      #expect(first.viewIfLoaded === shared)
      #expect(second.viewIfLoaded === secondsOwn)
      #expect(shared.next === first)
      #expect(ModelRuntime.eventLog() == "")
    }

    @Test(
      "A8 I5 the check also applies to a controller whose view is not loaded, which stays unloaded")
    func viewOwnedByAnotherControllerUnloadedTarget() {
      freshModel()
      let first = controller("first")
      let second = controller("second")
      let shared = view("shared")
      first.view = shared

      second.view = shared

      #expect(
        ModelRuntime.recordedExceptions == [
          ModelException(
            name: ModelException.hierarchyInconsistency,
            reason: "A view can only be associated with at most one view controller at a time! "
              + "View <UIView: shared> is associated with <UIViewController: first>. "
              + "Clear this association before associating this view with <UIViewController: second>."
          )
        ])
      #expect(!second.isViewLoaded)
      #expect(first.viewIfLoaded === shared)
      #expect(ModelRuntime.eventLog() == "")
    }

    @Test("A8 assigning a controller its own root view again is allowed")
    func reassigningOwnView() {
      freshModel()
      let vc = controller("vc")
      let root: UIView = vc.view

      vc.view = root

      #expect(ModelRuntime.recordedExceptions.isEmpty)
      #expect(vc.view === root)
      #expect(root.next === vc)
    }

    @Test(
      "A9 B1 addChild(_:) does not load the child's view; addSubview(child.view) does, after willMove"
    )
    func addChildDoesNotLoad() {
      freshModel()
      let parent = controller("parent")
      parent.loadViewIfNeeded()
      let child = controller("child")
      ModelRuntime.clearEvents()

      parent.addChild(child)
      #expect(!child.isViewLoaded)
      ModelRuntime.annotate("test", "addSubview")
      parent.view.addSubview(child.view)
      child.didMove(toParent: parent)

      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          test.addSubview
          child.loadView()
          child.viewDidLoad()
          child.didMove(toParent: parent)
          """)
      #expect(child.isViewLoaded)
      #expect(child.view.superview === parent.view)
    }

    @Test(
      "A9 didMove(toParent:), willMove(toParent: nil) and removeFromParent() do not load the view")
    func containmentNeverLoads() {
      freshModel()
      let parent = controller("parent")
      let child = controller("child")

      parent.addChild(child)
      child.didMove(toParent: parent)
      child.willMove(toParent: nil)
      child.removeFromParent()

      #expect(!child.isViewLoaded)
      #expect(!parent.isViewLoaded)
      #expect(
        ModelRuntime.eventLog() == """
          child.willMove(toParent: parent)
          child.didMove(toParent: parent)
          child.willMove(toParent: nil)
          child.didMove(toParent: nil)
          """)
    }
  }
}
#endif
