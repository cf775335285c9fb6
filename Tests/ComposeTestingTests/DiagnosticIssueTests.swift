#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Testing
import UIKitModel

/// Runs `body` in the scope a trait provides, as Swift Testing runs a test in it.
///
/// The issues the trait records when the body ends are seen by the caller. An error is recorded
/// as an issue too, so that it cannot pass for an empty result.
@MainActor
private func runScoped(
  by trait: some TestScoping, _ body: @escaping @MainActor @Sendable () async -> Void
) async {
  guard let test = Test.current else {
    Issue.record("not running in a test")
    return
  }
  do {
    try await trait.provideScope(for: test, testCase: Test.Case.current) { await body() }
  } catch {
    Issue.record(error)
  }
}

/// Shows a screen whose list then declares a key twice: one `duplicateKey` diagnostic.
@MainActor
private func declareAKeyTwice(expecting: Bool) async {
  let state = ScreenState()
  let harness = await ContainerHarness(showing: ScreenViewController(state: state))
  if expecting {
    await harness.expectReleased(expectingDiagnostics: ["key 'a' is used twice"]) {
      state.rows = ["a", "a"]
    }
  } else {
    state.rows = ["a", "a"]
    await harness.settle()
  }
}

/// A composed list that declares the same key twice, shown inside `OuterScreen`.
private final class InnerList: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("rows") { ForEach([1, 1], id: \.self) { _ in Child { RowViewController() } } }
  }
}

/// A composed container whose only child is a composed container.
private final class OuterScreen: ComposedViewController {
  @CompositionBuilder override var composition: CompositionContent {
    Slot("inner") { Child { InnerList() } }
  }
}

/// One of the tests run side by side: in a scope of its own, it declares a key twice.
@MainActor
private func runOneOfMany(expecting: Bool) async {
  await runScoped(by: IsolatedModelTrait.isolatedModel) {
    await declareAKeyTwice(expecting: expecting)
  }
}

/// A mistake Compose reports during a test fails the test when it ends, unless an expectation
/// accounted for it; a test that reads the diagnostics itself allows them.
@MainActor
@Suite("Diagnostics fail the test that caused them")
struct DiagnosticIssueTests {
  @Test("A diagnostic no expectation accounted for fails the test at the declaration's line")
  func unexpectedFailsAtTheEnd() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        await declareAKeyTwice(expecting: false)
      }
    }
    // The `ForEach` of `ScreenViewController` (Fixtures.swift) is at line 44.
    #expect(
      issues == [
        RecordedIssue(
          text: "Compose reported a diagnostic the test did not expect: duplicateKey: key 'a' "
            + "is used twice in the ForEach at Fixtures.swift:44 in slot 'rows'; the second "
            + "element is kept as a separate child; make the keys unique. Fix the declaration, "
            + "or expect it with 'expectingDiagnostics:' on the harness's expectation that "
            + "causes it (or '.isolatedModel(diagnostics: .allowed)' for a test that reads "
            + "'Composer.diagnostics' itself)",
          line: 44)
      ])
  }

  @Test("A settle() that gave up fails the test when it ends, if no expectation followed it")
  func unsettledFailsAtTheEnd() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        let state = TabsState()
        state.path = [7]
        let navigation = InboxNavigationController(state: state)
        let harness = await ContainerHarness(showing: navigation)
        #expect(navigation.uikitModel.beginInteractivePop())
        await harness.settle()
      }
    }
    #expect(
      issues.map(\.text) == [
        "the container did not settle: a transition is still running that nothing in the model "
          + "ends, such as an interactive pop or a swipe the test holds; end it, or look at it "
          + "with 'advance(by:)' rather than 'settle()'"
      ])
  }

  @Test("A settle() that gave up, seen by an expectation, does not fail the test again")
  func unsettledSeenIsAccountedFor() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        let state = TabsState()
        state.path = [7]
        let navigation = InboxNavigationController(state: state)
        let harness = await ContainerHarness(showing: navigation, composer: navigation.composer)
        #expect(navigation.uikitModel.beginInteractivePop())
        await harness.settle()
        #expect(harness.takeDiagnostics().count == 1)
        navigation.uikitModel.finishInteractivePop()
        await harness.settle()
      }
    }
    #expect(issues.isEmpty)
  }

  @Test("A diagnostic an expectation expected does not fail the test again")
  func expectedIsAccountedFor() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        await declareAKeyTwice(expecting: true)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test("A test that allows diagnostics reads them in the composer instead")
  func allowed() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel(diagnostics: .allowed)) {
        await declareAKeyTwice(expecting: false)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test("The trait for UIKit targets fails the test too, without a model of its own")
  func traitWithoutTheModel() async {
    let issues = await recordedIssues {
      await runScoped(by: DiagnosticsFailTestsTrait.composeDiagnosticsFailTests) {
        await ModelRuntime.withIsolatedRuntime { await declareAKeyTwice(expecting: false) }
      }
    }
    #expect(issues.map(\.line) == [44])
  }

  @Test("A nested composed container's diagnostic is seen and accounted for by the harness")
  func nestedComposerDiagnostics() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        let harness = await ContainerHarness(showing: OuterScreen())
        harness.expectDiagnostics(["key '1' is used twice"])
      }
    }
    #expect(issues.isEmpty)
  }

  @Test("Diagnostics beyond the composer's capacity are counted; the test still fails for them")
  func beyondCapacity() async {
    let issues = await recordedIssues {
      await runScoped(by: IsolatedModelTrait.isolatedModel) {
        let state = ScreenState()
        let screen = ScreenViewController(state: state)
        let harness = await ContainerHarness(showing: screen)
        screen.composer.diagnosticCapacity = 1
        state.rows = ["a", "a", "b", "b"]
        await harness.settle()
        harness.expectDiagnostics(["key 'b' is used twice"])
      }
    }
    #expect(
      issues.map(\.text) == [
        "unexpected diagnostic: diagnostics dropped: 1, as the composer keeps the last 1; look "
          + "more often, or raise 'diagnosticCapacity'; pass a part of it in "
          + "'expectingDiagnostics' if the test means it",
        "Compose reported a diagnostic the test did not expect: duplicateKey: key 'a' is used "
          + "twice in the ForEach at Fixtures.swift:44 in slot 'rows'; the second element is kept "
          + "as a separate child; make the keys unique. Fix the declaration, or expect it with "
          + "'expectingDiagnostics:' on the harness's expectation that causes it (or "
          + "'.isolatedModel(diagnostics: .allowed)' for a test that reads "
          + "'Composer.diagnostics' itself)",
      ])
    #expect(issues.last?.line == 44)
  }

  @Test("Tests running side by side each fail for their own diagnostics only")
  func parallelTestsKeepTheirOwn() async {
    let issues = await recordedIssues {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<8 {
          group.addTask { await runOneOfMany(expecting: index.isMultiple(of: 2)) }
        }
      }
    }
    #expect(issues.count == 4)
    #expect(issues.allSatisfy { $0.line == 44 })
  }
}
#endif
