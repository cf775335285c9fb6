#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

/// A composed container that is itself the child of a composed container.
@MainActor
private final class InnerContainer: ComposedViewController {
  var showsDetail = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") {
      if showsDetail {
        Child { named(DetailViewController(), "grandchild-detail") }
      } else {
        Child { named(ListViewController(), "grandchild-list") }
      }
    }
  }
}

@MainActor
private final class OuterContainer: ComposedViewController {
  var showsInner = true {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("outer") {
      if showsInner {
        Child { named(InnerContainer(), "inner") }
      }
    }
  }
}

@MainActor
private func named<T: UIViewController>(_ controller: T, _ name: String) -> T {
  controller.uikitModel.name = name
  return controller
}

@MainActor
@Suite("Nested containers", .isolatedModel)
struct NestedContainerTests {
  @Test(
    "A composed container composes as it appears; its children, and theirs, appear after it, in order"
  )
  func appearanceDownTheTree() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let outer = named(OuterContainer(), "outer")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = outer
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(categories: [.containment, .appearance]) == """
        outer.viewWillAppear(false)
        inner.willMove(toParent: outer)
        inner.didMove(toParent: outer)
        inner.viewWillAppear(false)
        grandchild-list.willMove(toParent: inner)
        grandchild-list.didMove(toParent: inner)
        grandchild-list.viewWillAppear(false)
        outer.viewIsAppearing(false)
        inner.viewIsAppearing(false)
        grandchild-list.viewIsAppearing(false)
        outer.viewDidAppear(false)
        inner.viewDidAppear(false)
        grandchild-list.viewDidAppear(false)
        """)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
  }

  @Test("Recomposing the inner container while visible leaves the outer one alone")
  func innerRecomposes() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let outer = named(OuterContainer(), "outer")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = outer
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    let inner = try #require(outer.children.first as? InnerContainer)
    ModelRuntime.clearEvents()

    inner.showsDetail = true
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(categories: [.containment, .appearance]) == """
        grandchild-list.willMove(toParent: nil)
        grandchild-list.viewWillDisappear(false)
        grandchild-list.viewDidDisappear(false)
        grandchild-list.didMove(toParent: nil)
        grandchild-detail.willMove(toParent: inner)
        grandchild-detail.viewWillAppear(false)
        grandchild-detail.viewIsAppearing(false)
        grandchild-detail.viewDidAppear(false)
        grandchild-detail.didMove(toParent: inner)
        """)
    #expect(outer.children == [inner])
    #expect(ModelRuntime.diagnostics.isEmpty)
  }

  @Test("Removing the outer container's child takes the inner container's children with it")
  func removingTheInnerContainer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let outer = named(OuterContainer(), "outer")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = outer
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    weak let inner = outer.children.first
    weak let grandchild = inner?.children.first
    ModelRuntime.clearEvents()

    outer.showsInner = false
    ModelRuntime.runUntilIdle()

    #expect(
      ModelRuntime.eventLog(categories: [.containment, .appearance]) == """
        inner.willMove(toParent: nil)
        inner.viewWillDisappear(false)
        grandchild-list.viewWillDisappear(false)
        inner.viewDidDisappear(false)
        grandchild-list.viewDidDisappear(false)
        inner.didMove(toParent: nil)
        """)
    #expect(outer.children.isEmpty)
    #expect(inner == nil)
    #expect(grandchild == nil)
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}

/// A base-class container with a primary slot.
@MainActor
private final class PrimaryBaseContainer: ComposedViewController {
  var dark = false {
    didSet { setNeedsCompose() }
  }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("content") {
      if dark {
        Child { named(DarkViewController(), "dark") }
      } else {
        Child { named(ListViewController(), "list") }
      }
    }
    .primary()
  }
}

@MainActor
private final class DarkViewController: UIViewController {
  override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
  override var prefersHomeIndicatorAutoHidden: Bool { true }
}

@MainActor
@Suite("ComposedViewController forwarding", .isolatedModel)
struct ComposedViewControllerForwardingTests {
  @Test("The base class forwards status bar and home indicator to its primary slot's child")
  func forwardsToPrimaryChild() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let container = named(PrimaryBaseContainer(), "container")
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    #expect(
      ModelRuntime.statusBarStyleViewController(from: container).preferredStatusBarStyle
        == .default)

    container.dark = true
    ModelRuntime.runUntilIdle()

    let style = ModelRuntime.statusBarStyleViewController(from: container)
    #expect(style.uikitModel.name == "dark")
    #expect(style.preferredStatusBarStyle == .lightContent)
    #expect(
      ModelRuntime.homeIndicatorViewController(from: container).prefersHomeIndicatorAutoHidden)
    #expect(ModelRuntime.statusBarHiddenViewController(from: container).uikitModel.name == "dark")
    style.preferredContentSize = CGSize(width: 100, height: 50)
    #expect(container.preferredContentSize == CGSize(width: 100, height: 50))
    #expect(ModelRuntime.diagnostics.isEmpty)
  }
}
#endif
