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

/// Controllers with distinct types, for declarations.
final class HeaderViewController: UIViewController {}
final class FeedViewController: UIViewController {}
final class ArticleViewController: UIViewController {}
final class RowViewController: UIViewController {}

/// What the screen shows, observed by its composition.
@MainActor
@Observable
final class ScreenState {
  var article: Int?
  var rows: [String] = []
  var animatesArticle = false
}

/// A screen with a header, a list of rows and the selected article.
final class ScreenViewController: ComposedViewController {
  let state: ScreenState
  /// Set by a test to make the factory hand out a controller it already used.
  var reusedRow: RowViewController?

  init(state: ScreenState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Slot("header") { Child { HeaderViewController() } }
    Slot("rows", layout: .stack(axis: .vertical)) {
      ForEach(state.rows, id: \.self) { _ in
        Child { [reusedRow] in reusedRow ?? RowViewController() }
      }
    }
    Slot("article") {
      if let article = state.article {
        Child { ArticleViewController() }.id(article)
      }
    }
    .transition(state.animatesArticle ? .crossDissolve(duration: 0.4) : .none)
  }
}

/// The issues recorded while `body` runs, as known issues: each one's text and line.
@MainActor
func recordedIssues(_ body: @MainActor () async -> Void) async -> [RecordedIssue] {
  let collected = CollectedIssues()
  // Intermittent: no issue at all is a result too, which the caller checks.
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    collected.append(
      RecordedIssue(
        text: issue.comments.map(\.rawValue).joined(separator: "\n"),
        line: issue.sourceLocation?.line))
    return true
  }
  return collected.issues
}

/// An issue's text and line.
struct RecordedIssue: Equatable, Sendable {
  let text: String
  let line: Int?
}

private final class CollectedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [RecordedIssue] = []

  var issues: [RecordedIssue] { lock.withLock { stored } }

  func append(_ issue: RecordedIssue) {
    lock.withLock { stored.append(issue) }
  }
}

/// What a tab bar screen with a navigation stack in its first tab shows.
@MainActor
@Observable
final class TabsState {
  var tab = 0
  var path: [Int] = []
}

final class InboxRootViewController: UIViewController {}
final class MessageViewController: UIViewController {}
final class SettingsViewController: UIViewController {}

/// A navigation stack that follows `state.path`.
final class InboxNavigationController: ComposedNavigationController {
  let state: TabsState

  init(state: TabsState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    NavigationStack(path: state.path, id: \.self) {
      Child { InboxRootViewController() }
    } destination: { _ in
      Child { MessageViewController() }
    }
    .onPop { self.state.path = $0 }
  }
}

/// Two tabs: the inbox's navigation stack and the settings.
final class RootTabBarController: ComposedTabBarController {
  let state: TabsState

  init(state: TabsState) {
    self.state = state
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Tabs([0, 1], id: \.self, selection: state.tab) { tab in
      if tab == 0 {
        Child { InboxNavigationController(state: self.state) }
      } else {
        Child { SettingsViewController() }
      }
    }
    .onSelect { self.state.tab = $0 }
  }
}

/// Which of three pages is shown.
@MainActor
@Observable
final class PagesState {
  var selected = "a"
}

/// Three pages, the selected one shown.
final class OnboardingPageViewController: ComposedPageViewController {
  let state: PagesState

  init(state: PagesState) {
    self.state = state
    super.init()
  }

  required init?(coder: NSCoder) { nil }

  @CompositionBuilder override var composition: CompositionContent {
    Pages(["a", "b", "c"], id: \.self, selection: state.selected) { _ in
      Child { ArticleViewController() }
    }
  }
}
