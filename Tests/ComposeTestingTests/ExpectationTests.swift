import Compose
import ComposeTesting
import Foundation
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// A screen with one slot whose child depends on a flag, for plans.
private struct Screen: Composition {
  var isLoading: Bool

  var body: CompositionContent {
    Slot("content") {
      if isLoading {
        Child { HeaderViewController() }
      } else {
        Child { ArticleViewController() }
      }
    }
  }
}

/// A declaration with a mistake: two slots with one name.
private struct TwoSlotsNamedAlike: Composition {
  var body: CompositionContent {
    Slot("content") { Child { HeaderViewController() } }
    Slot("content") { Child { FeedViewController() } }
  }
}

@Suite("Text differences")
struct TextDifferenceTests {
  @Test(
    "Common lines are indented, expected ones marked -, actual ones +, expected first",
    arguments: [
      ("a\nb\nc", "a\nx\nc", "  a\n- b\n+ x\n  c"),
      ("a\nb", "a\nb", "  a\n  b"),
      ("", "a", "+ a"),
      ("a", "", "- a"),
      ("a\nb\nc", "b\nc\nd", "- a\n  b\n  c\n+ d"),
      ("a\nb", "b\na", "- a\n  b\n+ a"),
    ])
  func difference(expected: String, actual: String, shown: String) {
    let difference = TextDifference(expected: expected, actual: actual)
    #expect(difference.description == shown)
    #expect(difference.hasDifferences == (expected != actual))
  }
}

@MainActor
@Suite("Expectations")
struct ExpectationTests {
  @Test("expectPlan passes on the plan's text")
  func planPasses() {
    expectPlan(
      Plan(from: Screen(isLoading: true), to: Screen(isLoading: false)),
      """
      will-move-to-nil 'content' first HeaderViewController
      remove-view 'content' first HeaderViewController
      remove-from-parent 'content' first HeaderViewController
      add-child 'content' second ArticleViewController
      insert-view 'content' second ArticleViewController at 0
      layout 'content' second ArticleViewController fill
      did-move 'content' second ArticleViewController
      """)
  }

  @Test("expectPlan fails with a line-by-line diff at the caller's line")
  func planFails() async {
    let line = #line + 3
    let issues = await recordedIssues {
      let plan = Plan(from: Screen(isLoading: true), to: Screen(isLoading: false))
      expectPlan(
        plan,
        """
        will-move-to-nil 'content' first HeaderViewController
        remove-from-parent 'content' first HeaderViewController
        add-child 'content' first ArticleViewController
        insert-view 'content' second ArticleViewController at 0
        layout 'content' second ArticleViewController fill
        did-move 'content' second ArticleViewController
        """)
    }
    #expect(
      issues == [
        RecordedIssue(
          text: """
            plan differs from the expected text (- expected, + actual):
              will-move-to-nil 'content' first HeaderViewController
            + remove-view 'content' first HeaderViewController
              remove-from-parent 'content' first HeaderViewController
            - add-child 'content' first ArticleViewController
            + add-child 'content' second ArticleViewController
              insert-view 'content' second ArticleViewController at 0
              layout 'content' second ArticleViewController fill
              did-move 'content' second ArticleViewController
            """,
          line: line)
      ])
  }

  @Test("In record mode, a text that differs is printed as a literal ready to paste")
  func recording() async {
    let issues = await recordedIssues {
      await ExpectationRecording.withRecording {
        expectPlan(Plan(from: Screen(isLoading: true), to: Screen(isLoading: true)), "")
        expectPlan(Plan(from: Screen(isLoading: true), to: Screen(isLoading: false)), "")
      }
    }
    #expect(
      issues.map(\.text) == [
        #"""
        plan recorded; paste it as the expected text:
        """
          will-move-to-nil 'content' first HeaderViewController
          remove-view 'content' first HeaderViewController
          remove-from-parent 'content' first HeaderViewController
          add-child 'content' second ArticleViewController
          insert-view 'content' second ArticleViewController at 0
          layout 'content' second ArticleViewController fill
          did-move 'content' second ArticleViewController
          """
        """#
      ])
  }

  @Test(
    "A recorded trace with a backslash or triple quotes is a raw literal that reads back as it",
    .isolatedModel)
  func recordedLiteralIsRaw() async {
    let state = ScreenState()
    let harness = await ContainerHarness(showing: ScreenViewController(state: state))
    let issues = await recordedIssues {
      await ExpectationRecording.withRecording {
        await harness.expectTrace("") { state.rows = [#"a\b"#] }
        await harness.expectTrace("") { state.rows = ["c\"\"\"#d"] }
      }
    }
    #expect(
      issues.map(\.text) == [
        ##"""
        trace recorded; paste it as the expected text:
        #"""
          add-child 'rows' #"a\b" RowViewController
          insert-view 'rows' #"a\b" RowViewController at 0
          layout 'rows' #"a\b" RowViewController stack(vertical, 0)
          did-move 'rows' #"a\b" RowViewController
          """#
        """##,
        ###"""
        trace recorded; paste it as the expected text:
        ##"""
          will-move-to-nil 'rows' #"a\b" RowViewController
          remove-view 'rows' #"a\b" RowViewController
          remove-from-parent 'rows' #"a\b" RowViewController
          add-child 'rows' #"c"""#d" RowViewController
          insert-view 'rows' #"c"""#d" RowViewController at 0
          layout 'rows' #"c"""#d" RowViewController stack(vertical, 0)
          did-move 'rows' #"c"""#d" RowViewController
          """##
        """###,
      ])
  }

  @Test("The recording trait turns record mode on", .recordingExpectations)
  func recordingTrait() {
    #expect(ExpectationRecording.isOn)
  }

  @Test("A plan's diagnostics fail unless expected")
  func planDiagnostics() async {
    let duplicate = Plan(from: Screen(isLoading: true), to: TwoSlotsNamedAlike())
    let issues = await recordedIssues { expectPlan(duplicate, duplicate.description) }
    #expect(issues.count == 1)
    #expect(issues.first?.text.hasPrefix("unexpected diagnostic: duplicateSlotName: ") == true)
    expectPlan(duplicate, duplicate.description, expectingDiagnostics: ["duplicateSlotName"])
  }

  #if !canImport(UIKit)
  @Test("expectEvents fails with a diff at the caller's line", .isolatedModel)
  func eventsFail() async {
    let harness = await ContainerHarness(showing: ScreenViewController(state: ScreenState()))
    let line = #line + 2
    let issues = await recordedIssues {
      harness.expectEvents(of: ["container"], "container.loadView()\ncontainer.viewDidAppear(true)")
    }
    #expect(
      issues == [
        RecordedIssue(
          text: """
            events differs from the expected text (- expected, + actual):
              container.loadView()
            - container.viewDidAppear(true)
            + container.viewDidLoad()
            + container.viewWillAppear(false)
            + container.viewIsAppearing(false)
            + container.viewDidAppear(false)
            """,
          line: line)
      ])
  }
  #endif
}
