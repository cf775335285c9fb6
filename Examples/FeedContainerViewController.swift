public import Compose
public import Foundation

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// A keyed feed: one child per story, stacked, in the order of ``stories``.
///
/// The `"stories"` slot declares its children with ``ForEach``, keyed by each story's id. A story
/// that arrives is added, one that leaves is removed, and a reorder moves the root views of the
/// fewest children it can (every story outside the longest run that kept its order); a child that
/// moves is never removed and added again, so it keeps its controller and gets no containment or
/// appearance callback.
///
/// ```swift
/// let feed = FeedContainerViewController(stories: Story.samples)
/// feed.stories.reverse()  // moves views at the next layout pass; no containment call
/// ```
public final class FeedContainerViewController: ComposedViewController {
  /// The stories shown, top to bottom.
  public var stories: [Story] {
    didSet { setNeedsCompose() }
  }

  /// Creates a feed.
  ///
  /// - Parameter stories: The stories shown, top to bottom.
  public init(stories: [Story] = Story.samples) {
    self.stories = stories
    super.init(nibName: nil, bundle: nil)
  }

  /// Unarchiving is not supported.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) { nil }

  /// One stacked slot with a child per story, keyed by the story's id.
  @CompositionBuilder public override var composition: CompositionContent {
    Slot("stories", layout: .stack(axis: .vertical, spacing: 8, distribution: .fillEqually)) {
      ForEach(stories) { story in
        Child {
          StoryViewController(story: story)
        } update: {
          $0.story = story
        }
      }
    }
  }
}

/// One story of a ``FeedContainerViewController``.
public struct Story: Identifiable, Hashable, Sendable {
  /// The story's identity, which its child keeps while the feed changes.
  public let id: String
  /// The headline shown.
  public var headline: String

  /// Creates a story.
  ///
  /// - Parameters:
  ///   - id: The story's identity.
  ///   - headline: The headline shown.
  public init(id: String, headline: String) {
    self.id = id
    self.headline = headline
  }

  /// Four stories, identified `a` to `d`.
  public static let samples: [Story] = [
    Story(id: "a", headline: "Markets open higher"),
    Story(id: "b", headline: "Rain expected tonight"),
    Story(id: "c", headline: "Local team wins final"),
    Story(id: "d", headline: "New library opens"),
  ]
}

/// Shows one ``Story``.
public final class StoryViewController: UIViewController {
  /// The story shown; set again by the feed's update closure when the story changes.
  public var story: Story {
    didSet { title = story.id }
  }

  /// Creates a controller for a story.
  ///
  /// - Parameter story: The story to show.
  public init(story: Story) {
    self.story = story
    super.init(nibName: nil, bundle: nil)
    title = story.id
  }

  /// Unarchiving is not supported.
  ///
  /// - Parameter coder: Ignored.
  public required init?(coder: NSCoder) { nil }

  /// Sets the story's background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}
