#if !canImport(UIKit)
import ComposeDemoKit
import Foundation
import Testing

/// A step record made by hand, so that the renderers' output can be written out in full.
private let record = StepRecord(
  number: 2, change: "tabs.selectedIndex = 1; ModelRuntime.advance(by: 0.1)",
  explanation: "Search is added.", time: 0.1,
  plan: [
    StepRecord.PlanLine(
      container: "tabs", step: "detach-view 'tab' first.first FeedViewController"),
    StepRecord.PlanLine(
      container: "tabs", step: "add-child 'tab' first.second SearchViewController"),
  ],
  events: [
    StepRecord.Event(kind: .appearance, subject: "feed", callback: "viewWillDisappear(false)"),
    StepRecord.Event(kind: .containment, subject: "search", callback: "willMove(toParent: tabs)"),
    StepRecord.Event(kind: .loading, subject: "search", callback: "loadView()"),
    StepRecord.Event(
      kind: .animation, subject: "animation#1", callback: "start(transition(from: a, to: b))"),
  ],
  controllers: StepRecord.ControllerNode(
    name: "tabs", appearance: "appeared", frame: CGRect(x: 0, y: 0, width: 390, height: 844),
    children: [
      StepRecord.ControllerNode(name: "feed", appearance: "disappeared", frame: nil),
      StepRecord.ControllerNode(
        name: "search", appearance: "appearing",
        frame: CGRect(x: -390, y: 0, width: 390, height: 844)),
    ]),
  views: StepRecord.ViewNode(
    label: "tabs", isControllerView: true, frame: CGRect(x: 0, y: 0, width: 390, height: 844),
    subviews: [
      StepRecord.ViewNode(
        label: "search", isControllerView: true,
        frame: CGRect(x: -390, y: 0, width: 390, height: 844)),
      StepRecord.ViewNode(
        label: "UIStackView", isControllerView: false,
        frame: CGRect(x: 0, y: 799.75, width: 390, height: 44.25)),
    ]),
  notes: ["a note"])

@Suite("Renderers")
struct RendererTests {
  @Test("Text: a step's change, plan, calls, hierarchy and notes, in labelled columns")
  @MainActor
  func text() {
    #expect(
      TextRenderer(colours: false).step(record, of: 5) == """
        Step 2 of 5  t=0.10s
          change  tabs.selectedIndex = 1; ModelRuntime.advance(by: 0.1)
                  Search is added.
          plan    tabs: detach-view 'tab' first.first FeedViewController
                  tabs: add-child 'tab' first.second SearchViewController
          calls   feed.viewWillDisappear(false)
                  search.willMove(toParent: tabs)
                  search.loadView()
                  animation#1.start(transition(from: a, to: b))
          after   tabs                 appeared     0,0 390x844
                    feed               disappeared  view not in the window
                    search             appearing    -390,0 390x844
          note    a note
        """)
  }

  @Test("Text: an empty plan and no calls say so; problems are listed")
  func textOfAnIdleStep() {
    var idle = record
    idle.plan = []
    idle.events = []
    idle.notes = []
    idle.problems = ["Unbalanced calls to begin/end appearance transitions for <feed>."]
    idle.controllers.children = []
    #expect(
      TextRenderer(colours: false).step(idle, of: 2) == """
        Step 2 of 2  t=0.10s
          change  tabs.selectedIndex = 1; ModelRuntime.advance(by: 0.1)
                  Search is added.
          plan    nothing to do
          calls   none
          after   tabs                 appeared     0,0 390x844
          PROBLEM Unbalanced calls to begin/end appearance transitions for <feed>.
        """)
  }

  @Test("Text: the hierarchy's columns line up, with long names and names of any characters")
  func hierarchyColumns() {
    var names = record
    names.plan = []
    names.events = []
    names.notes = []
    names.controllers.children = [
      StepRecord.ControllerNode(
        name: "mailboxNavigationController2", appearance: "disappeared", frame: nil),
      StepRecord.ControllerNode(
        name: "re\u{301}sume\u{301}", appearance: "appeared",
        frame: CGRect(x: 0, y: 0, width: 390, height: 844)),
    ]
    let after = TextRenderer(colours: false).step(names, of: 5).split(separator: "\n").suffix(3)
    #expect(
      after == [
        "  after   tabs                           appeared     0,0 390x844",
        "            mailboxNavigationController2 disappeared  view not in the window",
        "            re\u{301}sume\u{301}                       appeared     0,0 390x844",
      ])
  }

  @Test("Text: a line longer than 100 columns wraps at a space, with a hanging indent")
  func wrapping() {
    var long = record
    long.explanation = Array(repeating: "word", count: 30).joined(separator: " ")
    let lines = TextRenderer(colours: false).step(long, of: 5).split(separator: "\n")
    #expect(lines[2] == "          " + Array(repeating: "word", count: 18).joined(separator: " "))
    #expect(lines[3] == "            " + Array(repeating: "word", count: 12).joined(separator: " "))
    #expect(lines.allSatisfy { $0.count <= TextRenderer.width })
  }

  @Test("Text: colours are ANSI codes around each part, and absent when turned off")
  func colours() {
    let coloured = TextRenderer(colours: true).step(record, of: 5)
    #expect(coloured.contains("\u{1B}[36mtabs: add-child 'tab' first.second SearchViewController"))
    #expect(coloured.contains("\u{1B}[33msearch.willMove(toParent: tabs)\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32mfeed.viewWillDisappear(false)\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[1mStep 2 of 5\u{1B}[0m"))
    #expect(!TextRenderer(colours: false).step(record, of: 5).contains("\u{1B}"))
  }

  @Test(
    "Colour only on a terminal, and not with NO_COLOR set to anything but the empty string",
    arguments: [
      (true, [:], true),
      (false, [:], false),
      (true, ["NO_COLOR": "1"], false),
      (true, ["NO_COLOR": ""], true),
      (false, ["NO_COLOR": "1"], false),
    ] as [(Bool, [String: String], Bool)])
  func colourPolicy(isTerminal: Bool, environment: [String: String], expected: Bool) {
    #expect(
      TextRenderer.coloursOutput(isTerminal: isTerminal, environment: environment) == expected)
  }

  @Test("Mermaid: arrows from the parent for containment, from UIKit for the rest, escaped text")
  func mermaid() {
    var second = record
    second.number = 3
    second.change = "tabs.selectedIndex = 0"
    second.events = [
      StepRecord.Event(kind: .containment, subject: "search", callback: "willMove(toParent: nil)"),
      StepRecord.Event(kind: .system, subject: "story-a", callback: "didReceiveMemoryWarning()"),
    ]
    #expect(
      MermaidRenderer().diagram(title: "Tabs", [record, second]) == """
        ---
        title: "Tabs"
        ---
        sequenceDiagram
          participant UIKit
          participant tabs
          participant feed
          participant search
          participant story_a as story-a
          Note over tabs: 2. tabs.selectedIndex = 1#59; ModelRuntime.advance(by: 0.1)
          UIKit->>feed: viewWillDisappear(false)
          tabs->>search: willMove(toParent: tabs)
          UIKit->>search: loadView()
          Note right of UIKit: animation#35;1.start(transition(from: a, to: b))
          Note over tabs: 3. tabs.selectedIndex = 0
          tabs->>search: willMove(toParent: nil)
          UIKit->>story_a: didReceiveMemoryWarning()
        """)
  }

  @Test("Mermaid: every name gets an identifier Mermaid reads as a name, and its text escaped")
  func mermaidNames() {
    let names = StepRecord(
      number: 1, change: "show <all> #1; now", explanation: "", time: 0, plan: [],
      events: [
        StepRecord.Event(
          kind: .containment, subject: "details", callback: "willMove(toParent: note)"),
        StepRecord.Event(kind: .loading, subject: "list<Item>", callback: "loadView()"),
        StepRecord.Event(kind: .loading, subject: "list_Item_", callback: "loadView()"),
        StepRecord.Event(kind: .loading, subject: "Page#3;x", callback: "loadView()"),
        StepRecord.Event(kind: .appearance, subject: "UIKit", callback: "viewWillAppear(false)"),
        StepRecord.Event(kind: .appearance, subject: "café", callback: "viewWillAppear(false)"),
      ],
      controllers: StepRecord.ControllerNode(name: "note", appearance: "appeared", frame: nil),
      views: StepRecord.ViewNode(label: "note", isControllerView: true, frame: .zero))
    #expect(
      MermaidRenderer().diagram(title: #"Say "hi" \ bye"#, [names]) == """
        ---
        title: "Say 'hi' \\\\ bye"
        ---
        sequenceDiagram
          participant UIKit
          participant note_ as note
          participant details_ as details
          participant list_Item_ as list#lt;Item#gt;
          participant list_Item__2 as list_Item_
          participant Page_3_x as Page#35;3#59;x
          participant UIKit_2 as UIKit
          participant caf_ as café
          Note over note_: 1. show #lt;all#gt; #35;1#59; now
          note_->>details_: willMove(toParent: note)
          UIKit->>list_Item_: loadView()
          UIKit->>list_Item__2: loadView()
          UIKit->>Page_3_x: loadView()
          UIKit->>UIKit_2: viewWillAppear(false)
          UIKit->>caf_: viewWillAppear(false)
        """)
  }

  @Test("SVG: frames at half size, beside the window's outline, labelled with their state")
  func svg() {
    #expect(SVGRenderer.fileName(scenario: "tabs", record) == "tabs-step-2.svg")
    #expect(
      SVGRenderer().picture(record, title: "tabs") == """
        <svg xmlns='http://www.w3.org/2000/svg' width='414' height='486' viewBox='0 0 414 486' \
        font-family='Helvetica, Arial, sans-serif'>
          <rect width='100%' height='100%' fill='#ffffff'/>
          <text x='12' y='24' font-size='12' font-weight='bold' fill='#222222'>tabs · step 2</text>
          <text x='12' y='40' font-size='9' fill='#555555'>tabs.selectedIndex = 1; \
        ModelRuntime.advance(by: 0.1)</text>
          <rect x='207' y='52' width='195' height='422' fill='#dbe8f6' fill-opacity='0.75' \
        stroke='#333333' stroke-width='1'/>
          <rect x='14' y='54' width='191' height='418' fill='#fde7c8' fill-opacity='0.75' \
        stroke='#333333' stroke-width='1'/>
          <rect x='207' y='451.9' width='195' height='22.1' fill='none' stroke='#888888' \
        stroke-width='1' stroke-dasharray='4 3'/>
          <text x='211' y='65' font-size='10' fill='#111111'>tabs</text>
          <text x='18' y='79' font-size='10' fill='#111111'>search (appearing)</text>
          <text x='211' y='470' font-size='8' fill='#777777'>UIStackView</text>
          <rect x='207' y='52' width='195' height='422' fill='none' stroke='#000000' \
        stroke-width='2'/>
        </svg>

        """)
  }
}
#endif
