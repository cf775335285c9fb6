#if !canImport(UIKit)
import ComposeExamples
import UIKitModel

extension Scenario {
  /// `TabContainerViewController`: kept-alive tabs, and a memory warning that frees the hidden
  /// ones.
  public static var tabs: Scenario {
    Scenario(
      name: "tabs", title: "Tab switcher: kept-alive tabs and a memory warning",
      summary: "One slot shows one tab; the tabs shown before stay children, their views "
        + "detached, and come back with no containment call. A memory warning removes the hidden "
        + "ones.",
      rootName: "tabs", root: { TabContainerViewController() },
      steps: [
        ScenarioStep(
          "tabs.selectedIndex = 1",
          "Feed is hidden alive (detach-view): it disappears but stays a child. Search is made, "
            + "added and appears."
        ) { tabs, _ in tabs.selectedIndex = 1 },
        ScenarioStep(
          "tabs.selectedIndex = 0",
          "Feed comes back as the same controller: attach-view, appearance callbacks, and no "
            + "addChild, loadView or didMove."
        ) { tabs, _ in tabs.selectedIndex = 0 },
        ScenarioStep(
          "ModelRuntime.simulateMemoryWarning()",
          "The hidden search tab is evicted with the full remove sequence; the shown feed tab "
            + "stays."
        ) { _, _ in ModelRuntime.simulateMemoryWarning() },
        ScenarioStep(
          "tabs.selectedIndex = 1",
          "Search was evicted, so it is made again: a new controller, loaded and added."
        ) { tabs, _ in tabs.selectedIndex = 1 },
      ])
  }
}
#endif
