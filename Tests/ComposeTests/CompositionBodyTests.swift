#if Macros
import Compose
import Testing

/// A composition long enough to be split into two groups, written once with `@CompositionBody`
/// and once as a plain builder body.
@MainActor
private struct SplitScreen: Composition {
  var flag: Bool
  var rows: [Int]

  var body: CompositionContent { content() }

  @CompositionBody
  func content() -> CompositionContent {
    let detail = "detail"
    Slot("s0") { Child { HeaderViewController() } }
    Slot("s1") { Child { RowViewController() } }
    if flag {
      Slot("s2") { Child { RowViewController() } }
    } else {
      Slot("s2", layout: .stack(axis: .vertical)) { Child { DetailViewController() } }
    }
    Slot("s3") { Child { RowViewController() }.id(3) }
    Slot("s4") {
      ForEach(rows, id: \.self) { _ in Child { RowViewController() } }
    }
    Slot("s5") { Child { RowViewController() } }
    Slot("s6") { Child { RowViewController() } }
    Slot("s7") { Child { RowViewController() } }
    Slot("s8") { Child { RowViewController() } }
    Slot("s9") { Child { RowViewController() } }
    Slot("s10") { Child { RowViewController() } }
    for index in 0..<2 {
      Slot("loop\(index)") { Child { RowViewController() } }
    }
    Slot(detail) {
      if flag { Child { DetailViewController() } }
    }
  }
}

@MainActor
private struct PlainScreen: Composition {
  var flag: Bool
  var rows: [Int]

  var body: CompositionContent {
    let detail = "detail"
    Slot("s0") { Child { HeaderViewController() } }
    Slot("s1") { Child { RowViewController() } }
    if flag {
      Slot("s2") { Child { RowViewController() } }
    } else {
      Slot("s2", layout: .stack(axis: .vertical)) { Child { DetailViewController() } }
    }
    Slot("s3") { Child { RowViewController() }.id(3) }
    Slot("s4") {
      ForEach(rows, id: \.self) { _ in Child { RowViewController() } }
    }
    Slot("s5") { Child { RowViewController() } }
    Slot("s6") { Child { RowViewController() } }
    Slot("s7") { Child { RowViewController() } }
    Slot("s8") { Child { RowViewController() } }
    Slot("s9") { Child { RowViewController() } }
    Slot("s10") { Child { RowViewController() } }
    for index in 0..<2 {
      Slot("loop\(index)") { Child { RowViewController() } }
    }
    Slot(detail) {
      if flag { Child { DetailViewController() } }
    }
  }
}

/// The line of the first statement of `Located`'s body.
private let locatedFirstLine = #line + 9

/// Declarations whose diagnostics name their lines.
@MainActor
private struct Located: Composition {
  var body: CompositionContent { content() }

  @CompositionBody
  func content() -> CompositionContent {
    Slot("rows") {
      Child { RowViewController() }.id(repeatedID)
      Child { RowViewController() }.id(repeatedID)
    }
    Slot(["rows"][0]) {
      ForEach([repeatedID, repeatedID], id: \.self) { _ in Child { RowViewController() } }
    }
  }
}

/// The line of the first statement of `Inputs`'s body.
private let inputsFirstLine = #line + 10

/// Children with an input, whose initializer takes `fileID:` and `line:` before `input:`.
@MainActor
private struct Inputs: Composition {
  var count: Int
  var body: CompositionContent { content() }

  @CompositionBody
  func content() -> CompositionContent {
    Slot("rows") {
      Child(input: count) {
        RowViewController()
      } update: { _, _ in
      }.id(repeatedID)
      Child<RowViewController>(input: count, make: { RowViewController() }, update: { _, _ in })
        .id(repeatedID)
    }
  }
}

/// A slot name the compile-time checks cannot read, so that the run-time ones report it.
private let sheetName = "sheet"

/// The line of the first statement of `LocatedSystemSlots`'s body.
private let systemSlotsFirstLine = #line + 9

/// A presentation and tabs, whose run-time diagnostics name their lines.
@MainActor
private struct LocatedSystemSlots: Composition {
  var body: CompositionContent { content() }

  @CompositionBody
  func content() -> CompositionContent {
    Slot(sheetName) { Child { RowViewController() } }
    Presentation(sheetName, isPresented: true) { Child { RowViewController() } }
    Tabs([repeatedID, repeatedID], id: \.self, selection: nil) { _ in
      Child { RowViewController() }
    }
  }
}

/// An id the compile-time checks cannot read, so that the run-time ones report it.
private let repeatedID = 1

/// A body that throws, and one that declares a name inside `#if`.
@MainActor
private struct Effects {
  func name() throws -> String { "thrown" }

  @CompositionBody
  func throwing() throws -> CompositionContent {
    Slot(try name()) { Child { RowViewController() } }
  }

  @CompositionBody
  func conditional() -> CompositionContent {
    #if DEBUG
    let name = "debug"
    #else
    let name = "release"
    #endif
    Slot(name) { Child { RowViewController() } }
  }
}

@MainActor
@Suite("@CompositionBody")
struct CompositionBodyTests {
  @Test("A split body resolves to the same tree and plans the same steps as the plain body")
  func sameAsPlainBody() {
    for flag in [false, true] {
      let split = CompositionTree(SplitScreen(flag: flag, rows: [1, 2, 3]).compositionContent)
      let plain = CompositionTree(PlainScreen(flag: flag, rows: [1, 2, 3]).compositionContent)
      #expect(split.description == plain.description)
      #expect(split.slotNames.count == 14)
    }
    let splitPlan = Plan(
      from: SplitScreen(flag: false, rows: [1, 2, 3]), to: SplitScreen(flag: true, rows: [3, 1]))
    let plainPlan = Plan(
      from: PlainScreen(flag: false, rows: [1, 2, 3]), to: PlainScreen(flag: true, rows: [3, 1]))
    #expect(splitPlan == plainPlan)
    #expect(
      splitPlan.summary.description
        == "additions 2, removals 2, moves 1, updates 0, swaps 0, detachments 0, attachments 0")
  }

  @Test("A split body may throw, and may declare names inside #if")
  func effectsAndConditions() throws {
    #expect(try CompositionTree(Effects().throwing()).slotNames == ["thrown"])
    #if DEBUG
    let expected = "debug"
    #else
    let expected = "release"
    #endif
    #expect(CompositionTree(Effects().conditional()).slotNames == [expected])
  }

  @Test("A child with an input compiles in a split body, and its diagnostic names its line")
  func childWithInput() {
    let tree = CompositionTree(Inputs(count: 2).compositionContent)
    #expect(tree.slotNames == ["rows"])
    #expect(tree.diagnostics.map(\.id) == [.duplicateChildIdentity])
    #expect(tree.diagnostics.map { $0.source?.line } == [inputsFirstLine + 5])
  }

  @Test("Diagnostics name the line of a presentation or tabs inside a split body")
  func systemSlotsKeepTheirLines() {
    let tree = CompositionTree(LocatedSystemSlots().compositionContent)
    #expect(
      tree.diagnostics.map { "\($0.id) \($0.source?.line ?? 0)" } == [
        "duplicateSlotName \(systemSlotsFirstLine + 1)", "duplicateKey \(systemSlotsFirstLine + 2)",
      ])
  }

  @Test("Diagnostics name the line of each declaration inside a split body")
  func diagnosticsKeepTheirLines() throws {
    let tree = CompositionTree(Located().compositionContent)
    #expect(
      tree.diagnostics.map(\.id) == [.duplicateChildIdentity, .duplicateSlotName, .duplicateKey])
    let lines = tree.diagnostics.map { $0.source?.line }
    #expect(lines == [locatedFirstLine + 2, locatedFirstLine + 4, locatedFirstLine + 5])
    #expect(
      tree.diagnostics.allSatisfy { $0.source?.fileID == "ComposeTests/CompositionBodyTests.swift" }
    )
  }
}
#endif
