#if !canImport(UIKit)
import Compose
import ComposeExamples
import UIKitModel

extension Scenario {
  /// `FeedContainerViewController`: keyed children inserted, removed and moved, with the fewest
  /// moves compared with what removing and re-adding would have cost.
  public static var feed: Scenario {
    Scenario(
      name: "feed", title: "Keyed feed: inserts, removals and the fewest moves",
      summary: "One child per story, keyed by the story's id. Arrivals are added, departures "
        + "removed, and a reorder moves the fewest views; a moved child keeps its controller and "
        + "gets no callback.",
      rootName: "feed", root: { FeedContainerViewController(stories: Story.samples) },
      naming: { ($0 as? StoryViewController).map { "story-\($0.story.id)" } },
      steps: [
        ScenarioStep(
          "feed.stories.insert(e, at: 0); feed.stories.insert(f, at: 3)",
          "Two stories arrive: each is made and added at its index; the others do not move."
        ) { feed, stage in
          change(feed, stage) {
            $0.insert(Story(id: "e", headline: "Breaking: a new story"), at: 0)
            $0.insert(Story(id: "f", headline: "Weather update"), at: 3)
          }
        },
        ScenarioStep(
          "feed.stories.removeAll { $0.id == \"b\" || $0.id == \"d\" }",
          "Two stories leave: each gets the remove sequence; the rest stay where they are."
        ) { feed, stage in
          change(feed, stage) { $0.removeAll { $0.id == "b" || $0.id == "d" } }
        },
        ScenarioStep(
          "feed.stories = [c, a, f, e]",
          "A reorder: the longest run that kept its order stays put and the other views move. No "
            + "containment call, no appearance callback, no new controller."
        ) { feed, stage in
          change(feed, stage) { stories in
            stories = ["c", "a", "f", "e"].compactMap { id in stories.first { $0.id == id } }
          }
        },
      ])
  }

  /// Changes the feed's stories, and notes what Compose did next to what a container that
  /// removes and re-adds the children whose position changed would have done.
  @MainActor
  private static func change(
    _ feed: FeedContainerViewController, _ stage: Stage, _ body: (inout [Story]) -> Void
  ) {
    let before = feed.stories.map(\.id)
    let traced = feed.composer.trace.count
    body(&feed.stories)
    ModelRuntime.runUntilIdle()
    let after = feed.stories.map(\.id)
    let steps = feed.composer.trace.dropFirst(traced)
    func count(_ prefix: String) -> Int { steps.filter { $0.hasPrefix(prefix) }.count }
    let difference = after.difference(from: before)
    stage.note(
      "Compose: \(count("add-child")) added, \(count("remove-from-parent")) removed, "
        + "\(count("move-view")) views moved")
    stage.note(
      "remove-and-re-add (difference(from:)): \(difference.removals.count) removed, "
        + "\(difference.insertions.count) added, each with its containment and appearance "
        + "callbacks and a new controller")
  }
}
#endif
