#if !canImport(UIKit)
import ComposeExamples
import UIKitModel

extension Scenario {
  /// `HomeContainerViewController`: a composed container inside a composed container.
  public static var nested: Scenario {
    Scenario(
      name: "nested", title: "Nested composed containers",
      summary: "A home screen whose content slot holds a composed tab container. Each container "
        + "has its own composer and reconciles only its own children.",
      rootName: "home", root: { HomeContainerViewController() },
      naming: { $0 is TabContainerViewController ? "tabs" : nil },
      steps: [
        ScenarioStep(
          "home.greeting = \"Good evening\"",
          "The banner keeps its identity, so it is updated in place: one update step, no "
            + "containment call, no callback."
        ) { home, _ in home.greeting = "Good evening" },
        ScenarioStep(
          "home.content?.selectedIndex = 1",
          "Only the inner container reconciles: its feed tab is hidden alive and search is "
            + "added; the home screen's composer does nothing."
        ) { home, _ in home.content?.selectedIndex = 1 },
      ])
  }
}
#endif
