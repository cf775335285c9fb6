#if !canImport(UIKit)
import ComposeExamples
import UIKitModel

extension Scenario {
  /// `ProductContainerViewController`: a child made only when it is first declared.
  public static var lazy: Scenario {
    Scenario(
      name: "lazy", title: "Lazy children: reviews made only when first shown",
      summary: "A child's factory runs the first time the child is declared, never while a "
        + "declaration is built or planned: the reviews do not exist until they are shown.",
      rootName: "product", root: { ProductContainerViewController() },
      steps: [
        ScenarioStep(
          "product.showsReviews = true",
          "The reviews are declared for the first time: made, loaded and added now."
        ) { product, stage in
          product.showsReviews = true
          ModelRuntime.runUntilIdle()
          stage.note("reviews made so far: \(product.reviewsMade)")
        },
        ScenarioStep(
          "product.showsReviews = false",
          "No longer declared, and whileShown (the default): removed and released."
        ) { product, stage in
          product.showsReviews = false
          ModelRuntime.runUntilIdle()
          stage.note("reviews made so far: \(product.reviewsMade)")
        },
        ScenarioStep(
          "product.showsReviews = true", "Declared again: a new controller is made."
        ) { product, stage in
          product.showsReviews = true
          ModelRuntime.runUntilIdle()
          stage.note("reviews made so far: \(product.reviewsMade)")
        },
      ])
  }
}
#endif
