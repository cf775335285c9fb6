import Compose
import ComposeTesting
import Foundation
import Observation
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

// The code of the article "Testing a composed screen" (ComposeTesting.docc), compiled and run as
// written; `articleCodeIsCompiledHere` checks that each of the article's code blocks is in this
// file.

// MARK: - The screen

@MainActor
@Observable
final class DashboardModel {
  var selectedArticle: Int?
}

final class DashboardViewController: ComposedViewController {
  let model: DashboardModel

  init(model: DashboardModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("header") { Child { HeaderViewController() } }
    Slot("feed") { Child { FeedViewController() } }
    Slot("detail") {
      if let article = model.selectedArticle {
        Child { ArticleViewController() }.id(article)
      }
    }
    .transition(.crossDissolve(duration: 0.3))
  }
}

// MARK: - The tests

// They use UIKitModel's clock, event log and the trait, which UIKit does not have.
#if !canImport(UIKit)
@MainActor
@Suite(.isolatedModel)
struct DashboardTests {
  @Test func selectingAnArticleShowsIt() async {
    let model = DashboardModel()
    let harness = await ContainerHarness(showing: DashboardViewController(model: model))

    await harness.expectEvents(
      of: ["header.HeaderViewController", "feed.FeedViewController", "detail.7"],
      """
      detail.7.willMove(toParent: container)
      detail.7.loadView()
      detail.7.viewDidLoad()
      detail.7.viewWillAppear(false)
      detail.7.viewIsAppearing(false)
      detail.7.viewDidAppear(false)
      detail.7.didMove(toParent: container)
      """
    ) {
      model.selectedArticle = 7
    }
    await harness.expectReleased {
      model.selectedArticle = nil
    }
    harness.expectInvariants()
  }

  @Test func switchingArticlesCrossDissolves() async {
    let model = DashboardModel()
    model.selectedArticle = 1
    let harness = await ContainerHarness(showing: DashboardViewController(model: model))

    await harness.expectTrace(
      """
      swap 'detail' some ArticleViewController id 1 -> 'detail' some ArticleViewController id 2 \
      crossDissolve(0.3)
      """, settling: false
    ) {
      model.selectedArticle = 2
      await harness.advance(by: 0.1)
    }
    harness.expectInvariants()
    await harness.settle()
    harness.expectInvariants()
  }
}

@Test("Every code block of the article is in this file, as written")
func articleCodeIsCompiledHere() throws {
  let here = URL(fileURLWithPath: #filePath)
  let root = here.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let article = try String(
    contentsOf: root.appendingPathComponent(
      "Sources/ComposeTesting/ComposeTesting.docc/TestingAComposedScreen.md"),
    encoding: .utf8)
  let source = try String(contentsOf: here, encoding: .utf8)
  let blocks = article.components(separatedBy: "```swift\n").dropFirst()
    .compactMap { $0.components(separatedBy: "```").first }
  #expect(blocks.count >= 5)
  for block in blocks {
    // A block may be indented in this file, as a member of a suite.
    let found = ["", "  ", "    "].contains { indent in
      let indented = block.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : indent + $0 }
        .joined(separator: "\n")
      return source.contains(indented)
    }
    #expect(found, "not in the test file:\n\(block)")
  }
}
#endif
