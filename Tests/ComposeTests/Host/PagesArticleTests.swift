#if !canImport(UIKit)
// The pages of the article "Declaring tabs and pages", run against UIKitModel.
import Compose
import ComposeTesting
import Foundation
import Observation
import Testing
import UIKitModel

private struct OnboardingStep: Identifiable {
  let id: Int
  let title: String
}

@MainActor
@Observable
private final class OnboardingModel {
  var steps = [
    OnboardingStep(id: 0, title: "Welcome"), OnboardingStep(id: 1, title: "Sync"),
    OnboardingStep(id: 2, title: "Done"),
  ]
  var current = 0
}

private final class StepViewController: UIViewController {}

@MainActor
private final class OnboardingViewController: ComposedPageViewController {
  let model: OnboardingModel  // @Observable, with `var steps` and `var current: Int`

  init(model: OnboardingModel) {
    self.model = model
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Pages(model.steps, selection: model.current) { step in
      Child(input: step.title) {
        StepViewController()
      } update: {
        $0.title = $1
      }
    }
    .onSelect { self.model.current = $0 }
  }
}

@MainActor
@Suite("Article: declaring tabs and pages", .isolatedModel)
struct PagesArticleTests {
  @Test("The article's pages turn both ways, keep their controllers and write a swipe back")
  func article() async throws {
    let model = OnboardingModel()
    let pages = OnboardingViewController(model: model)
    let harness = await ContainerHarness(showing: pages, composer: pages.composer)
    harness.expectTrace(
      """
      update 'pages' #0 StepViewController
      update 'pages' #1 StepViewController
      update 'pages' #2 StepViewController
      set-pages 'pages' [#0 StepViewController, #1 StepViewController, #2 StepViewController]
      show-page 'pages' #0 StepViewController forward
      """)
    let first = try #require(pages.viewControllers?.first)
    #expect(first.title == "Welcome")
    await harness.expectTrace(
      """
      show-page 'pages' #2 StepViewController forward animated
      """
    ) { model.current = 2 }
    await harness.expectTrace(
      """
      show-page 'pages' #1 StepViewController reverse animated
      """
    ) { model.current = 1 }
    await harness.expectTrace("") { pages.uikitModel.swipePage(.reverse) }
    #expect(model.current == 0)
    #expect(pages.viewControllers?.first === first)
  }
}
#endif
