import Compose
import Foundation
import Testing

// MARK: - Fixtures of this file

/// A container for the anchor checks, with a named root view.
private final class AnchorContainerViewController: UIViewController {}

/// A loaded container, a view inside its root view, and a view that is not in it.
@MainActor
private struct AnchorFixture {
  let container = AnchorContainerViewController()
  let inside = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
  let stray = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 44))

  init() {
    #if !canImport(UIKit)
    container.uikitModel.name = "container"
    inside.uikitModel.name = "inside"
    stray.uikitModel.name = "stray"
    #endif
    container.loadViewIfNeeded()
    container.view.addSubview(inside)
  }
}

/// What each diagnostic's message must name, and the house voice it must be written in.
private struct ExpectedVoice {
  let diagnostic: Diagnostic
  /// The names the message must quote, each within single quotes.
  let names: [String]
}

// MARK: - Tests

@MainActor
@Suite("Diagnostics")
struct Diagnostics {
  // MARK: Duplicate child identity

  /// Two children of one slot with the same type and the same explicit id, the duplicate
  /// identity of DESIGN.md §5 ("duplicate literal keys in one builder"), and the line of the
  /// second one.
  private static func duplicateIdentityTree() -> (tree: CompositionTree, line: Int) {
    let line = #line + 4
    let tree = CompositionTree {
      Slot("content", layout: .stack(axis: .vertical)) {
        Child { HeaderViewController() }.id("header")
        Child { HeaderViewController() }.id("header")
      }
    }
    return (tree, line)
  }

  @Test("A duplicate child identity is reported, and the second child is kept as '(duplicate 1)'")
  func duplicateChildIdentity() throws {
    let (tree, line) = Self.duplicateIdentityTree()
    let diagnostic = try #require(tree.diagnostics.first)
    #expect(tree.diagnostics.count == 1)
    #expect(diagnostic.id == .duplicateChildIdentity)
    #expect(
      diagnostic.source == SourceLocation(fileID: "ComposeTests/DiagnosticTests.swift", line: line))
    // Nothing is lost: both children are declared, and told apart deterministically.
    let children = tree.children(in: "content")
    #expect(children.count == 2)
    #expect(children.map(\.occurrence) == [0, 1])
    #expect(children.last?.description.hasSuffix(" (duplicate 1)") == true)
    #expect(CompositionTree {}.reconcile(to: tree).plan.summary.additions == 2)
  }

  // MARK: Duplicate ForEach key

  @Test("A duplicate ForEach key is reported with its key, ForEach and slot; both are kept")
  func duplicateKey() throws {
    let line = #line + 3
    let tree = CompositionTree {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(["a", "b", "b"], id: \.self) { _ in
          Child { RowViewController() }
        }
      }
    }
    let diagnostic = try #require(tree.diagnostics.first)
    #expect(tree.diagnostics.count == 1)
    #expect(diagnostic.id == .duplicateKey)
    #expect(diagnostic.source?.line == line)
    #expect(
      diagnostic.message
        == "key 'b' is used twice in the ForEach at DiagnosticTests.swift:\(line) in slot 'rows'; "
        + "the second element is kept as a separate child; make the keys unique")
    // The identity text is `'slot' path Type`, then ` (duplicate n)` (ChildIdentity.description).
    #expect(
      tree.children(in: "rows").map(\.description) == [
        "'rows' #\"a\" RowViewController",
        "'rows' #\"b\" RowViewController",
        "'rows' #\"b\" RowViewController (duplicate 1)",
      ])
    let plan = CompositionTree {}.reconcile(to: tree).plan
    #expect(plan.summary.additions == 3)
    #expect(plan.diagnostics == tree.diagnostics)
  }

  @Test("A duplicate ForEach key keeps the same outcome from one application to the next")
  func duplicateKeyIsStable() {
    func tree(_ keys: [Int]) -> CompositionTree {
      CompositionTree {
        Slot("rows", layout: .stack(axis: .vertical)) {
          ForEach(keys, id: \.self) { key in
            Child {
              RowViewController()
            } update: { _ in
              _ = key
            }
          }
        }
      }
    }
    let plan = tree([1, 1, 2]).reconcile(to: tree([1, 1, 2])).plan
    #expect(plan.summary.updates == 3)
    #expect(!plan.changesHierarchy)
    #expect(plan.diagnostics.map(\.id) == [.duplicateKey])
  }

  // MARK: Duplicate slot name

  @Test("A duplicate slot name is reported, and the second slot's children join the first")
  func duplicateSlotName() throws {
    let firstLine = #line + 2
    let tree = CompositionTree {
      Slot("content") { Child { ListViewController() } }
      Slot("content", layout: .stack(axis: .vertical)) {
        Child { DetailViewController() }
        Child { RowViewController() }
      }
    }
    let secondLine = firstLine + 1
    let diagnostic = try #require(tree.diagnostics.first)
    #expect(tree.diagnostics.count == 1)
    #expect(diagnostic.id == .duplicateSlotName)
    #expect(diagnostic.source?.line == secondLine)
    #expect(
      diagnostic.message
        == "slot name 'content' is declared twice (first at DiagnosticTests.swift:\(firstLine)); "
        + "the children of the second declaration join the first, which keeps its layout; "
        + "give each slot a unique name")
    #expect(tree.slotNames == ["content"])
    #expect(
      tree.description == """
        slot 'content' fill
          ListViewController
          slot1.0 DetailViewController
          slot1.1 RowViewController
        """)
    #expect(CompositionTree {}.reconcile(to: tree).plan.summary.additions == 3)
  }

  @Test("A list joined by a second slot of the same name is planned with the joining children")
  func duplicateSlotNameJoinsAList() {
    func tree(rows: [Int], footer: Bool) -> CompositionTree {
      CompositionTree {
        Slot("content", layout: .stack(axis: .vertical)) {
          ForEach(rows, id: \.self) { _ in Child { RowViewController() } }
        }
        Slot("content") {
          if footer { Child { DetailViewController() } }
        }
      }
    }
    let plan = tree(rows: [1, 2], footer: false).reconcile(to: tree(rows: [1, 2], footer: true))
      .plan
    #expect(
      plan.description == """
        add-child 'content' slot1.some DetailViewController
        insert-view 'content' slot1.some DetailViewController at 2
        layout 'content' slot1.some DetailViewController stack(vertical, 0)
        did-move 'content' slot1.some DetailViewController
        """)
  }

  // MARK: Anchors

  @Test("A slot anchored outside the container is reported and gets no step; other slots do")
  func anchorOutsideContainer() throws {
    let fixture = AnchorFixture()
    let line = #line + 2
    let declared = CompositionTree {
      Slot("badge", in: fixture.stray) { Child { HeaderViewController() } }
      Slot("content") { Child { ListViewController() } }
    }
    let reconciliation = CompositionTree {}.reconcile(to: declared, in: fixture.container)
    let diagnostic = try #require(reconciliation.plan.diagnostics.first)
    #expect(reconciliation.plan.diagnostics.count == 1)
    #expect(diagnostic.id == .anchorOutsideContainer)
    #expect(diagnostic.source?.line == line)
    #expect(
      diagnostic.message
        == "slot 'badge' is anchored to a 'UIView', which is not inside the view of "
        + "'AnchorContainerViewController'; anchor it to the container's view or one of its subviews"
    )
    #expect(
      reconciliation.plan.description == """
        add-child 'content' ListViewController
        insert-view 'content' ListViewController at 0
        layout 'content' ListViewController fill
        did-move 'content' ListViewController
        """)
    #expect(reconciliation.tree.slotNames == ["content"])
    // The container was not touched while planning.
    #expect(fixture.container.children.isEmpty)
  }

  @Test("A mounted slot whose anchor moves outside the container is left exactly as it was")
  func anchorOutsideKeepsMountedSlot() throws {
    let fixture = AnchorFixture()
    func tree(anchor: UIView, loaded: Bool) -> CompositionTree {
      CompositionTree {
        Slot("badge", in: anchor) {
          if loaded { Child { ListViewController() } } else { Child { SpinnerViewController() } }
        }
      }
    }
    let mounted = CompositionTree {}
      .reconcile(to: tree(anchor: fixture.inside, loaded: false), in: fixture.container).tree
    let reconciliation = mounted.reconcile(
      to: tree(anchor: fixture.stray, loaded: true), in: fixture.container)
    #expect(reconciliation.plan.steps.isEmpty)
    #expect(reconciliation.plan.diagnostics.map(\.id) == [.anchorOutsideContainer])
    #expect(
      reconciliation.tree.children(in: "badge").map(\.description) == [
        "'badge' second SpinnerViewController"
      ])
  }

  @Test("A slot anchored inside a child's view is reported and gets no step; UIKit would raise")
  func anchorInsideChildView() throws {
    let fixture = AnchorFixture()
    let child = HeaderViewController()
    fixture.container.addChild(child)
    fixture.inside.addSubview(child.view)
    child.didMove(toParent: fixture.container)
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    child.view.addSubview(badge)
    let line = #line + 2
    let declared = CompositionTree {
      Slot("badge", in: badge) { Child { ListViewController() } }
      Slot("header", in: child.view) { Child { ListViewController() } }
    }
    let reconciliation = CompositionTree {}.reconcile(to: declared, in: fixture.container)
    #expect(
      reconciliation.plan.diagnostics.map(\.id) == [
        .anchorOutsideContainer, .anchorOutsideContainer,
      ])
    #expect(reconciliation.plan.diagnostics.map(\.source?.line) == [line, line + 1])
    #expect(
      reconciliation.plan.diagnostics.map(\.message) == [
        "slot 'badge' is anchored to a 'UIView' inside the view of 'HeaderViewController', "
          + "another controller, where UIKit raises an exception for the container's children; "
          + "anchor it to the view of 'AnchorContainerViewController' or one of its subviews "
          + "outside its children's views",
        "slot 'header' is anchored to a 'UIView' inside the view of 'HeaderViewController', "
          + "another controller, where UIKit raises an exception for the container's children; "
          + "anchor it to the view of 'AnchorContainerViewController' or one of its subviews "
          + "outside its children's views",
      ])
    #expect(reconciliation.plan.steps.isEmpty)
    #expect(reconciliation.tree.slotNames == [])
    #expect(fixture.container.children == [child])
  }

  @Test("A slot anchored to the container's view or a view inside it is planned without diagnostic")
  func anchorInsideContainer() {
    let fixture = AnchorFixture()
    let tree = CompositionTree {
      Slot("badge", in: fixture.inside, layout: .frame(CGRect(x: 0, y: 0, width: 20, height: 20))) {
        Child { HeaderViewController() }
      }
      Slot("content", in: fixture.container.view) { Child { ListViewController() } }
    }
    let reconciliation = CompositionTree {}.reconcile(to: tree, in: fixture.container)
    #expect(reconciliation.plan.diagnostics.isEmpty)
    #expect(
      reconciliation.plan.description == """
        add-child 'badge' HeaderViewController
        insert-view 'badge' HeaderViewController at 0
        layout 'badge' HeaderViewController frame(0 0 20 20)
        did-move 'badge' HeaderViewController
        add-child 'content' ListViewController
        insert-view 'content' ListViewController at 0
        layout 'content' ListViewController fill
        did-move 'content' ListViewController
        """)
  }

  @Test("Without a container, planning does not check anchors")
  func anchorNotCheckedWithoutContainer() {
    let fixture = AnchorFixture()
    let tree = CompositionTree {
      Slot("badge", in: fixture.stray) { Child { HeaderViewController() } }
    }
    let plan = CompositionTree {}.reconcile(to: tree).plan
    #expect(plan.diagnostics.isEmpty)
    #expect(plan.summary.additions == 1)
  }

  // MARK: All together

  @Test("Every mistake of a declaration is reported, in declaration order")
  func allMistakesReported() {
    let tree = CompositionTree {
      Slot("rows") {
        ForEach([1, 1], id: \.self) { _ in Child { RowViewController() } }
      }
      Slot("rows") {}
      Slot("other") {
        ForEach([2, 2], id: \.self) { _ in Child { RowViewController() } }
      }
    }
    #expect(tree.diagnostics.map(\.id) == [.duplicateKey, .duplicateSlotName, .duplicateKey])
  }

  // MARK: Text

  @Test("A diagnostic's description is 'File.swift:line: message', or the message alone")
  func descriptionIncludesSource() throws {
    let line = #line + 3
    let tree = CompositionTree {
      Slot("rows") {
        ForEach([7, 7], id: \.self) { _ in Child { RowViewController() } }
      }
    }
    let diagnostic = try #require(tree.diagnostics.first)
    #expect(diagnostic.description == "DiagnosticTests.swift:\(line): \(diagnostic.message)")
    #expect(diagnostic.source?.description == "DiagnosticTests.swift:\(line)")
    #expect(diagnostic.source?.fileID == "ComposeTests/DiagnosticTests.swift")

    let sourceless = Diagnostic(id: .duplicateSlotName, message: "a message", source: nil)
    #expect(sourceless.description == "a message")
    #expect(Diagnostic.ID.anchorOutsideContainer.description == "anchorOutsideContainer")
  }

  /// A diagnostic of each rule.
  enum Rule: CaseIterable, Sendable {
    case duplicateChildIdentity, duplicateKey, duplicateSlotName, anchorOutsideContainer
  }

  /// The diagnostic a rule reports in a small declaration, and the names its message must quote.
  private static func expectedVoice(of rule: Rule) throws -> ExpectedVoice {
    switch rule {
    case .duplicateChildIdentity:
      let diagnostic = try #require(duplicateIdentityTree().tree.diagnostics.first)
      return ExpectedVoice(diagnostic: diagnostic, names: ["content", "HeaderViewController"])
    case .duplicateKey:
      let tree = CompositionTree {
        Slot("rows") {
          ForEach([7, 7], id: \.self) { _ in Child { RowViewController() } }
        }
      }
      return ExpectedVoice(diagnostic: try #require(tree.diagnostics.first), names: ["7", "rows"])
    case .duplicateSlotName:
      let tree = CompositionTree {
        Slot("content") {}
        Slot("content") {}
      }
      return ExpectedVoice(diagnostic: try #require(tree.diagnostics.first), names: ["content"])
    case .anchorOutsideContainer:
      let fixture = AnchorFixture()
      let tree = CompositionTree { Slot("badge", in: fixture.stray) {} }
      let plan = CompositionTree {}.reconcile(to: tree, in: fixture.container).plan
      return ExpectedVoice(
        diagnostic: try #require(plan.diagnostics.first),
        names: ["badge", "AnchorContainerViewController"])
    }
  }

  @Test(
    "Every message is one phrase with no final period, names in single quotes, '; ' before the hint",
    arguments: Rule.allCases)
  func houseVoice(rule: Rule) throws {
    let expected = try Self.expectedVoice(of: rule)
    let message = expected.diagnostic.message
    #expect(expected.diagnostic.id.rawValue == "\(rule)")
    #expect(!message.hasSuffix("."), "final period: \(message)")
    #expect(!message.contains(". "), "more than one sentence: \(message)")
    #expect(message.contains("; "), "no hint after a semicolon: \(message)")
    #expect(message.first?.isLowercase == true, "does not start in lowercase: \(message)")
    // Names are quoted with single quotes; object descriptions and double quotes are not names.
    #expect(!message.contains("\""), "double quotes: \(message)")
    #expect(!message.contains("<"), "object description instead of a name: \(message)")
    for name in expected.names {
      #expect(message.contains("'\(name)'"), "'\(name)' is not quoted: \(message)")
    }
  }
}
