#if !canImport(UIKit)
import ComposeExamples
import UIKitModel

extension Scenario {
  /// `CycleContainerViewController`: each page slides in from the trailing edge; after the last
  /// page, the first.
  public static var cycle: Scenario {
    Scenario(
      name: "cycle", title: "Cycle transition: pages slide in, and wrap around",
      summary: "One child whose id is the page's id: each new page replaces the shown one in one "
        + "animated swap, a slide from the trailing edge.",
      rootName: "tour", root: { CycleContainerViewController() },
      naming: { ($0 as? OnboardingPageViewController)?.page.id.lowercased() },
      steps: [
        ScenarioStep(
          "tour.showNext(); ModelRuntime.advance(by: 0.15)",
          "Mid-slide: the outgoing page has slid out a full width to the leading side, the "
            + "incoming one is in place; both are children.", settles: false
        ) { tour, _ in
          tour.showNext()
          ModelRuntime.advance(by: 0.15)
        },
        ScenarioStep(
          "ModelRuntime.runUntilIdle()",
          "The slide ends: appearance ends, then removeFromParent and didMove in its completion."
        ) { _, _ in },
        ScenarioStep(
          "tour.showNext()", "The third page slides in."
        ) { tour, _ in tour.showNext() },
        ScenarioStep(
          "tour.showNext()",
          "After the last page comes the first, made anew: the one that left was released."
        ) { tour, _ in tour.showNext() },
      ])
  }
}
#endif
