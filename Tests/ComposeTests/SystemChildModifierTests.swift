import Compose
import Foundation
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// MARK: - Fixtures of this file

private final class ScreenViewController: UIViewController {}

/// Checks what the children of system containers do with the modifiers only a `Slot` applies.
@MainActor
@Suite("Slot modifiers on the children of system containers")
struct SystemChildModifierTests {
  /// The plan and diagnostics of a first application in `container`.
  private func plan(
    _ container: UIViewController, @CompositionBuilder _ content: () -> CompositionContent
  ) -> Plan {
    CompositionTree {}.reconcile(to: CompositionTree(content()), in: container).plan
  }

  /// The messages of the diagnostics of `plan`, as `id: message @line`.
  private func reports(_ plan: Plan) -> [String] {
    plan.diagnostics.map { "\($0.id): \($0.message) @\($0.source?.line ?? 0)" }
  }

  @Test("A lifetime or a transition on a tab is reported and ignored: the tabs are set alike")
  func tabs() {
    let line = #line + 4
    let modified = plan(UITabBarController()) {
      Tabs(["a", "b"], id: \.self, selection: "a") { key in
        if key == "a" {
          Child { ScreenViewController() }.lifetime(.keepAlive)
        } else {
          Child { ScreenViewController() }.transition(.crossDissolve(duration: 0.25))
        }
      }
    }
    let plain = plan(UITabBarController()) {
      Tabs(["a", "b"], id: \.self, selection: "a") { key in
        if key == "a" { Child { ScreenViewController() } } else { Child { ScreenViewController() } }
      }
    }
    #expect(modified.description == plain.description)
    #expect(plain.diagnostics.isEmpty)
    #expect(
      reports(modified) == [
        "childModifierIgnored: child 'tabs' #\"a\".first ScreenViewController is declared with "
          + "'.lifetime(keepAlive)' in tabs 'tabs', where it has no effect: a tab's controller "
          + "lives while its key is declared; remove '.lifetime(_:)' @\(line)",
        "childModifierIgnored: child 'tabs' #\"b\".second ScreenViewController is declared with "
          + "'.transition(crossDissolve(0.25))' in tabs 'tabs', where it has no effect: a tab bar "
          + "controller changes tabs without a transition; remove '.transition(_:)' @\(line + 2)",
      ])
  }

  @Test("A lifetime or a transition on a page is reported and ignored: the pages are set alike")
  func pages() {
    let container = {
      UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    }
    let line = #line + 3
    let modified = plan(container()) {
      Pages(["a"], id: \.self, selection: "a") { _ in
        Child { ScreenViewController() }.lifetime(.eager).transition(.cut)
      }
    }
    let plain = plan(container()) {
      Pages(["a"], id: \.self, selection: "a") { _ in Child { ScreenViewController() } }
    }
    #expect(modified.description == plain.description)
    #expect(plain.diagnostics.isEmpty)
    #expect(
      reports(modified) == [
        "childModifierIgnored: child 'pages' #\"a\" ScreenViewController is declared with "
          + "'.lifetime(eager)' in pages 'pages', where it has no effect: a page's controller "
          + "lives while its key is declared; remove '.lifetime(_:)' @\(line)",
        "childModifierIgnored: child 'pages' #\"a\" ScreenViewController is declared with "
          + "'.transition(cut)' in pages 'pages', where it has no effect: a page view controller "
          + "turns its pages with its own transition style; remove '.transition(_:)' @\(line)",
      ])
  }

  @Test("A lifetime or a transition in a navigation stack is reported and ignored")
  func navigationStack() {
    let line = #line + 3
    let modified = plan(UINavigationController()) {
      NavigationStack(path: ["detail"], id: \.self) {
        Child { ScreenViewController() }.transition(.slide(from: .trailing))
      } destination: { _ in
        Child { ScreenViewController() }.lifetime(.keepAlive(evictOnMemoryWarning: false))
      }
    }
    let plain = plan(UINavigationController()) {
      NavigationStack(path: ["detail"], id: \.self) {
        Child { ScreenViewController() }
      } destination: { _ in
        Child { ScreenViewController() }
      }
    }
    #expect(modified.description == plain.description)
    #expect(plain.diagnostics.isEmpty)
    #expect(
      reports(modified) == [
        "childModifierIgnored: child 'navigation' 0 ScreenViewController is declared with "
          + "'.transition(slide(trailing, 0.3))' in navigation stack 'navigation', where it has no "
          + "effect: a navigation controller animates its pushes and pops itself; remove "
          + "'.transition(_:)', and animate pushes and pops with the navigation controller "
          + "delegate's animation controller @\(line)",
        "childModifierIgnored: child 'navigation' 1.#\"detail\" ScreenViewController is declared "
          + "with '.lifetime(keepAlive(evictOnMemoryWarning: false))' in navigation stack "
          + "'navigation', "
          + "where it has no effect: a controller of the stack lives while it is on the stack; "
          + "remove '.lifetime(_:)' @\(line + 2)",
      ])
  }

  @Test("A lifetime or a transition on a presented child is reported and ignored")
  func presentation() {
    let line = #line + 3
    let modified = plan(UIViewController()) {
      Presentation("editor", isPresented: true) {
        Child { ScreenViewController() }.lifetime(.keepAlive).transition(.crossDissolve())
      }
    }
    let plain = plan(UIViewController()) {
      Presentation("editor", isPresented: true) { Child { ScreenViewController() } }
    }
    #expect(modified.description == plain.description)
    #expect(plain.diagnostics.isEmpty)
    #expect(
      reports(modified) == [
        "childModifierIgnored: child 'editor' #true ScreenViewController is declared with "
          + "'.lifetime(keepAlive)' in presentation 'editor', where it has no effect: a "
          + "presented controller lives while it is presented; remove '.lifetime(_:)' @\(line)",
        "childModifierIgnored: child 'editor' #true ScreenViewController is declared with "
          + "'.transition(crossDissolve(0.3))' in presentation 'editor', where it has no "
          + "effect: UIKit presents with the presentation's modal transition style; remove "
          + "'.transition(_:)', and use the presentation's '.transitionStyle(_:)' @\(line)",
      ])
  }

  @Test("A hidden tab, page or presented child is reported as hidden, and left out")
  func hidden() {
    let tabs = plan(UITabBarController()) {
      Tabs(["a", "b"], id: \.self, selection: "a") { key in
        Child { ScreenViewController() }.hidden(key == "b")
      }
    }
    #expect(
      tabs.description == """
        set-view-controllers 'tabs' [#"a" ScreenViewController]
        """)
    #expect(
      tabs.diagnostics.map(\.message) == [
        "tab \"b\" of tabs 'tabs' declares its child hidden ('.hidden()'), so it is not shown; "
          + "declare one shown child for every tab, or leave the element out of the tabs"
      ])
    let pages = plan(
      UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
    ) {
      Pages(["a", "b"], id: \.self, selection: "a") { key in
        Child { ScreenViewController() }.hidden(key == "b")
      }
    }
    #expect(
      pages.diagnostics.map(\.message) == [
        "page \"b\" of pages 'pages' declares its child hidden ('.hidden()'), so it is not "
          + "shown; declare one shown child for every page, or leave the element out of the pages"
      ])
    let presented = plan(UIViewController()) {
      Presentation("editor", isPresented: true) { Child { ScreenViewController() }.hidden() }
    }
    #expect(presented.description == "")
    #expect(
      presented.diagnostics.map(\.message) == [
        "presentation 'editor' has an item but declares its child hidden ('.hidden()'), so "
          + "nothing is presented; declare one shown child for the item"
      ])
  }
}
