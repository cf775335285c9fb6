#if !canImport(UIKit)
import ComposeDemoKit
import ComposeTesting
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The scenarios played on UIKitModel: what each one shows, and the same output on every run.
///
/// Each test plays in a model runtime of its own, so the tests run in parallel.
@MainActor
@Suite("Demo scenarios", .isolatedModel)
struct ScenarioTests {
  @Test("The flip scenario prints exactly the checked-in expectation")
  func flipMatchesTheExpectation() throws {
    // Regenerate with: swift run compose-demo --scenario flip > Tests/ComposeDemoTests/Expected/flip.txt
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Expected/flip.txt")
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text([.flip]) == expected)
  }

  @Test("The README's excerpt is a step of the tab switcher, as compose-demo prints it")
  func readmeExcerpt() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let block = readme.components(separatedBy: "```text\n").dropFirst().first
    let excerpt = try #require(block?.components(separatedBy: "```").first)
    #expect(excerpt.hasPrefix("Step 3 of 5"))
    #expect(text([.tabs]).contains(excerpt))
  }

  @Test("Every scenario plays without a problem, in lines of at most 100 columns")
  func everyScenarioIsClean() {
    for scenario in Scenario.all {
      let records = Player(scenario).records()
      #expect(records.count == scenario.stepCount, "\(scenario.name)")
      #expect(records.allSatisfy { $0.problems.isEmpty }, "\(scenario.name)")
      let long = text([scenario]).split(separator: "\n").filter { $0.count > TextRenderer.width }
      #expect(long.isEmpty, "\(scenario.name): \(long)")
    }
  }

  @Test("Two runs of a scenario print the same text, diagram and pictures")
  func deterministic() {
    for scenario in Scenario.all {
      #expect(text([scenario]) == text([scenario]), "\(scenario.name)")
      #expect(Demo.mermaid([scenario]) == Demo.mermaid([scenario]), "\(scenario.name)")
      #expect(
        Demo.pictures([scenario]).map(\.svg) == Demo.pictures([scenario]).map(\.svg),
        "\(scenario.name)")
    }
  }

  @Test("Every picture of every scenario is well-formed XML with an svg root")
  func picturesAreWellFormed() {
    let pictures = Demo.pictures(Scenario.all)
    #expect(pictures.count == Scenario.all.map(\.stepCount).reduce(0, +))
    for picture in pictures {
      let parser = XMLParser(data: Data(picture.svg.utf8))
      #expect(parser.parse(), "\(picture.fileName): \(String(describing: parser.parserError))")
      #expect(picture.svg.hasPrefix("<svg xmlns='http://www.w3.org/2000/svg'"))
    }
  }

  @Test("Pictures: a folder that is a file, cannot be made or is empty is named; nothing written")
  func picturesToABadFolder() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("compose-demo-\(UUID().uuidString).txt")
    try "kept".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    var written: [String] = []
    let cases = [
      (
        file.path,
        "'\(file.path)' is a file, not a folder; give '--output' a folder for the pictures"
      ),
      (
        file.path + "/pictures",
        "'\(file.path)' in '\(file.path)/pictures' is a file, not a folder; give '--output' a "
          + "folder for the pictures"
      ),
      ("", "'--output' names no folder; add one, such as '--output pictures'"),
    ]
    for (folder, message) in cases {
      let error = #expect(throws: PictureOutputError.self) {
        try Demo.writePictures([.lazy], to: folder) { written.append($0) }
      }
      #expect(error?.description == message)
    }
    #expect(written.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == "kept")
  }

  @Test("Pictures: one file per step, each path handed on as it is written")
  func picturesAreWritten() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("compose-demo-\(UUID().uuidString)/pictures").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var written: [String] = []
    try Demo.writePictures([.lazy], to: folder) { written.append($0) }
    #expect(written == (1...4).map { "\(folder)/lazy-step-\($0).svg" })
    let expected = Demo.pictures([.lazy])
    #expect(
      try written.map { try String(contentsOfFile: $0, encoding: .utf8) } == expected.map(\.svg))
  }

  @Test("Scenario names are unique, and each is found by its name")
  func names() {
    let names = Scenario.all.map(\.name)
    #expect(names == ["tabs", "flip", "cycle", "feed", "lazy", "nested"])
    #expect(names.allSatisfy { Scenario.named($0)?.name == $0 })
    #expect(Scenario.named("navigation") == nil)
  }

  @Test("Tabs: a revived tab gets no containment call; a memory warning evicts the hidden one")
  func tabs() {
    let records = Player(.tabs).records()
    #expect(
      records[2].plan.map(\.step) == [
        "detach-view 'tab' first.second SearchTabViewController",
        "attach-view 'tab' first.first FeedTabViewController at 0",
        "layout 'tab' first.first FeedTabViewController fill",
      ])
    #expect(
      records[2].events.map(\.description) == [
        "searchTab.viewWillDisappear(false)", "searchTab.viewDidDisappear(false)",
        "feedTab.viewWillAppear(false)", "feedTab.viewIsAppearing(false)",
        "feedTab.viewDidAppear(false)",
      ])
    #expect(
      records[3].plan.map(\.step) == [
        "will-move-to-nil 'tab' first.second SearchTabViewController",
        "remove-from-parent 'tab' first.second SearchTabViewController",
      ])
    #expect(records[3].controllers.children.map(\.name) == ["feedTab"])
    #expect(records[4].controllers.children.map(\.name) == ["feedTab", "searchTab2"])
  }

  @Test("Feed: a reorder moves two views and makes no call, where a diff would remove and add two")
  func feed() {
    let reorder = Player(.feed).records()[3]
    #expect(reorder.events.isEmpty)
    #expect(
      reorder.plan.map(\.step).filter { $0.hasPrefix("move-view") } == [
        #"move-view 'stories' #"c" StoryViewController to 0"#,
        #"move-view 'stories' #"e" StoryViewController to 3"#,
      ])
    #expect(
      reorder.notes == [
        "Compose: 0 added, 0 removed, 2 views moved",
        "remove-and-re-add (difference(from:)): 2 removed, 2 added, each with its containment and "
          + "appearance callbacks and a new controller",
      ])
    #expect(
      reorder.controllers.children.compactMap { $0.frame.map(\.minY) }
        == [213, 0, 639, 426])
  }

  @Test("Lazy: the reviews are made when first declared, and again after they were removed")
  func lazy() {
    let records = Player(.lazy).records()
    #expect(records[0].controllers.children.map(\.name) == ["productSummary"])
    #expect(
      records.dropFirst().map(\.notes) == [
        ["reviews made so far: 1"], ["reviews made so far: 1"], ["reviews made so far: 2"],
      ])
    #expect(records[3].controllers.children.map(\.name) == ["productSummary", "reviews2"])
  }

  @Test("Nested: a change inside the inner container is planned by its composer alone")
  func nested() {
    let records = Player(.nested).records()
    #expect(
      records[1].plan == [
        StepRecord.PlanLine(container: "home", step: "update 'banner' BannerViewController")
      ])
    #expect(records[1].events.isEmpty)
    #expect(Set(records[2].plan.map(\.container)) == ["tabs"])
  }

  @Test("Interactive: return shows the next step and q quits")
  func interactiveQuits() {
    var answers = ["", "q", ""]
    var output = ""
    Demo.text(
      [.tabs], renderer: TextRenderer(colours: false), interactive: true,
      readLine: { answers.isEmpty ? nil : answers.removeFirst() }, write: { output += $0 })
    #expect(answers == [""])
    #expect(steps(in: output) == ["Step 1 of 5", "Step 2 of 5"])
    #expect(output.components(separatedBy: "-- return: next step, q: quit --").count == 3)
  }

  @Test("Interactive: quit, in any case, quits too", arguments: ["quit", " Quit ", "Q"])
  func interactiveQuitWord(_ word: String) {
    var answers = [word, ""]
    var output = ""
    Demo.text(
      [.tabs], renderer: TextRenderer(colours: false), interactive: true,
      readLine: { answers.isEmpty ? nil : answers.removeFirst() }, write: { output += $0 })
    #expect(answers == [""])
    #expect(steps(in: output) == ["Step 1 of 5"])
  }

  @Test("Interactive: at the end of the input, the rest is played without stopping")
  func interactiveAtTheEndOfInput() {
    var output = ""
    Demo.text(
      [.tabs, .lazy], renderer: TextRenderer(colours: false), interactive: true,
      readLine: { nil }, write: { output += $0 })
    #expect(steps(in: output).count == 9)
    #expect(output.components(separatedBy: "-- return: next step, q: quit --").count == 2)
  }

  private func text(_ scenarios: [Scenario]) -> String {
    var output = ""
    Demo.text(scenarios, renderer: TextRenderer(colours: false)) { output += $0 }
    return output
  }

  private func steps(in output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("Step ") }.map {
      String($0.split(separator: "  ")[0])
    }
  }
}
#endif
