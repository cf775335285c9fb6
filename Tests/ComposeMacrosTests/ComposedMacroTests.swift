import SwiftDiagnostics
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import ComposeMacros

private let macros: [String: MacroSpec] = [
  "Composed": MacroSpec(type: ComposedMacro.self, conformances: ["ComposedContainer"])
]

/// Reports a failed expansion assertion as a test issue.
private func record(_ failure: TestFailureSpec) {
  Issue.record(
    Comment(rawValue: failure.message),
    sourceLocation: SourceLocation(
      fileID: failure.location.fileID, filePath: failure.location.filePath,
      line: failure.location.line, column: failure.location.column))
}

/// The overrides the macro writes for an internal class with none of its own, after `composer`,
/// by name.
private let overrideBlocks: [(name: String, text: String)] = [
  (
    "viewDidLoad",
    """
        override func viewDidLoad() {
          super.viewDidLoad()
          composeViewDidLoad()
        }
    """
  ),
  (
    "viewWillAppear",
    """
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          composeViewWillAppear(animated)
        }
    """
  ),
  (
    "viewDidAppear",
    """
        override func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          composeViewDidAppear(animated)
        }
    """
  ),
  (
    "viewWillDisappear",
    """
        override func viewWillDisappear(_ animated: Bool) {
          super.viewWillDisappear(animated)
          composeViewWillDisappear(animated)
        }
    """
  ),
  (
    "viewDidDisappear",
    """
        override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          composeViewDidDisappear(animated)
        }
    """
  ),
  (
    "willMove",
    """
        override func willMove(toParent parent: UIViewController?) {
          composeWillMove(toParent: parent)
          super.willMove(toParent: parent)
        }
    """
  ),
  (
    "didReceiveMemoryWarning",
    """
        override func didReceiveMemoryWarning() {
          super.didReceiveMemoryWarning()
          composeDidReceiveMemoryWarning()
        }
    """
  ),
  (
    "preferredContentSizeDidChange",
    """
        override func preferredContentSizeDidChange(
          forChildContentContainer container: any UIContentContainer
        ) {
          super.preferredContentSizeDidChange(forChildContentContainer: container)
          composePreferredContentSizeDidChange(forChildContentContainer: container)
        }
    """
  ),
]

/// The status bar and home indicator overrides the macro writes, without those named.
private func forwardingBlock(without omitted: Set<String> = []) -> String {
  let members = [
    ("childForStatusBarStyle", "composedChildForStatusBarStyle"),
    ("childForStatusBarHidden", "composedChildForStatusBarHidden"),
    ("childForHomeIndicatorAutoHidden", "composedChildForHomeIndicatorAutoHidden"),
  ].filter { !omitted.contains($0.0) }
  return
    (["    #if !os(tvOS) && !os(visionOS)"]
    + members.map {
      "    override var \($0.0): UIViewController? {\n      \($0.1)\n    }"
    } + ["    #endif"]).joined(separator: "\n")
}

/// The members the macro writes for an internal class whose body is `body`, without the
/// overrides named.
private func written(
  body: String = "body", without omitted: Set<String> = [], open: Bool = false,
  access: String? = nil
) -> String {
  let text =
    (["    private(set) lazy var composer: Compose.Composer = __makeComposer { $0.\(body) }"]
    + overrideBlocks.filter { !omitted.contains($0.name) }.map(\.text)
    + [forwardingBlock(without: omitted)]).joined(separator: "\n\n")
  if let access {
    return text.replacing("    override ", with: "    \(access) override ")
      .replacing("    private(set) lazy", with: "    \(access) private(set) lazy")
  }
  guard open else { return text }
  return text.replacing("    override ", with: "    open override ")
    .replacing("    private(set) lazy", with: "    public private(set) lazy")
}

@Suite("@Composed expansion")
struct ComposedMacroTests {
  @Test("A class with a body gets a composer, every override and the conformance")
  func members() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        @CompositionBuilder var body: CompositionContent {
          Slot("content") { Child { Row() } }
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          @CompositionBuilder var body: CompositionContent {
            Slot("content") { Child { Row() } }
          }

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("An open class gets open overrides and a public composer; 'composition' is a body too")
  func openClass() {
    assertMacroExpansion(
      """
      @Composed
      open class Screen: UITableViewController {
        @CompositionBuilder open var composition: CompositionContent { .empty }
        open override func viewDidAppear(_ flag: Bool) {
          super.viewDidAppear(flag)
          self.composeViewDidAppear(flag)
        }
        open override var childForStatusBarStyle: UIViewController? {
          presentedViewController ?? composedChildForStatusBarStyle
        }
      }
      """,
      expandedSource: """
        open class Screen: UITableViewController {
          @CompositionBuilder open var composition: CompositionContent { .empty }
          open override func viewDidAppear(_ flag: Bool) {
            super.viewDidAppear(flag)
            self.composeViewDidAppear(flag)
          }
          open override var childForStatusBarStyle: UIViewController? {
            presentedViewController ?? composedChildForStatusBarStyle
          }

        \(written(body: "composition", without: ["viewDidAppear", "childForStatusBarStyle"], open: true))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A generic superclass is judged by its name without its generic arguments")
  func genericSuperclass() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: SwiftUI.UIHostingController<Card> {
        @CompositionBuilder var body: CompositionContent { .empty }
      }
      """,
      expandedSource: """
        final class Screen: SwiftUI.UIHostingController<Card> {
          @CompositionBuilder var body: CompositionContent { .empty }

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A class declared in a function is an error, since it cannot have the extension")
  func localClass() {
    assertMacroExpansion(
      """
      func make() -> UIViewController {
        @Composed
        final class Screen: UIViewController {
          @CompositionBuilder var body: CompositionContent { .empty }
        }
        return Screen()
      }
      """,
      expandedSource: """
        func make() -> UIViewController {
          final class Screen: UIViewController {
            @CompositionBuilder var body: CompositionContent { .empty }
          }
          return Screen()
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'Screen' is declared in a function; '@Composed' adds a conformance in an "
            + "extension, which a local type cannot have; declare the class at file scope or "
            + "inside a type",
          line: 2, column: 3)
      ],
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A package class gets package overrides and a package composer")
  func packageClass() {
    assertMacroExpansion(
      """
      @Composed
      package final class Screen: UIViewController {
        @CompositionBuilder package var body: CompositionContent { .empty }
      }
      """,
      expandedSource: """
        package final class Screen: UIViewController {
          @CompositionBuilder package var body: CompositionContent { .empty }

        \(written(access: "package"))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      macroSpecs: macros, failureHandler: record)
  }

  // MARK: - Overrides of the class's own

  @Test("An override without its hook is an error, with a fix-it that calls it after super")
  func missingHook() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent { .empty }
        override func viewWillAppear(_ isAnimated: Bool) {
          super.viewWillAppear(isAnimated)
          track()
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func viewWillAppear(_ isAnimated: Bool) {
            super.viewWillAppear(isAnimated)
            track()
          }

        \(written(without: ["viewWillAppear"]))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'viewWillAppear(_:)' replaces the override '@Composed' would write but does "
            + "not call 'composeViewWillAppear(isAnimated)'; call it, or the children are not "
            + "composed as the container's view appears and leaves",
          line: 4, column: 17,
          fixIts: [FixItSpec(message: "call 'composeViewWillAppear(isAnimated)'")])
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func viewWillAppear(_ isAnimated: Bool) {
            super.viewWillAppear(isAnimated)
            composeViewWillAppear(isAnimated)
            track()
          }
        }
        """,
      failureHandler: record)
  }

  @Test("willMove(toParent:) calls its hook before super; a body without super gets it first")
  func missingHookBeforeSuper() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent { .empty }
        override func willMove(toParent parent: UIViewController?) {
          super.willMove(toParent: parent)
        }
        override func didReceiveMemoryWarning() {
          cache.removeAll()
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
          }
          override func didReceiveMemoryWarning() {
            cache.removeAll()
          }

        \(written(without: ["willMove", "didReceiveMemoryWarning"]))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'willMove(toParent:)' replaces the override '@Composed' would write but does "
            + "not call 'composeWillMove(toParent: parent)'; call it, or the children are not "
            + "composed as the container's view appears and leaves",
          line: 4, column: 17,
          fixIts: [FixItSpec(message: "call 'composeWillMove(toParent: parent)'")]),
        DiagnosticSpec(
          message: "'didReceiveMemoryWarning()' replaces the override '@Composed' would write but "
            + "does not call 'composeDidReceiveMemoryWarning()'; call it, or the children are "
            + "not composed as the container's view appears and leaves",
          line: 7, column: 17,
          fixIts: [FixItSpec(message: "call 'composeDidReceiveMemoryWarning()'")]),
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func willMove(toParent parent: UIViewController?) {
            composeWillMove(toParent: parent)
            super.willMove(toParent: parent)
          }
          override func didReceiveMemoryWarning() {
            composeDidReceiveMemoryWarning()
            cache.removeAll()
          }
        }
        """,
      failureHandler: record)
  }

  @Test("An override inside #if is left to the class where it is declared, and written elsewhere")
  func overridesInConditionalCompilation() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent { .empty }
        #if DEBUG
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          composeViewWillAppear(animated)
        }
        #elseif os(iOS)
        #if targetEnvironment(macCatalyst)
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
        }
        #endif
        #else
        override var childForStatusBarHidden: UIViewController? { composedChildForStatusBarHidden }
        #endif
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          #if DEBUG
          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            composeViewWillAppear(animated)
          }
          #elseif os(iOS)
          #if targetEnvironment(macCatalyst)
          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
          }
          #endif
          #else
          override var childForStatusBarHidden: UIViewController? { composedChildForStatusBarHidden }
          #endif

            private(set) lazy var composer: Compose.Composer = __makeComposer { $0.body }

            override func viewDidLoad() {
              super.viewDidLoad()
              composeViewDidLoad()
            }

            #if DEBUG
            #elseif os(iOS)
            #if targetEnvironment(macCatalyst)
            #else
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              composeViewWillAppear(animated)
            }
            #endif
            #else
            override func viewWillAppear(_ animated: Bool) {
              super.viewWillAppear(animated)
              composeViewWillAppear(animated)
            }
            #endif

            override func viewDidAppear(_ animated: Bool) {
              super.viewDidAppear(animated)
              composeViewDidAppear(animated)
            }

            override func viewWillDisappear(_ animated: Bool) {
              super.viewWillDisappear(animated)
              composeViewWillDisappear(animated)
            }

            override func viewDidDisappear(_ animated: Bool) {
              super.viewDidDisappear(animated)
              composeViewDidDisappear(animated)
            }

            override func willMove(toParent parent: UIViewController?) {
              composeWillMove(toParent: parent)
              super.willMove(toParent: parent)
            }

            override func didReceiveMemoryWarning() {
              super.didReceiveMemoryWarning()
              composeDidReceiveMemoryWarning()
            }

            override func preferredContentSizeDidChange(
              forChildContentContainer container: any UIContentContainer
            ) {
              super.preferredContentSizeDidChange(forChildContentContainer: container)
              composePreferredContentSizeDidChange(forChildContentContainer: container)
            }

            #if !os(tvOS) && !os(visionOS)
            override var childForStatusBarStyle: UIViewController? {
              composedChildForStatusBarStyle
            }
            #if DEBUG
            override var childForStatusBarHidden: UIViewController? {
              composedChildForStatusBarHidden
            }
            #elseif os(iOS)
            override var childForStatusBarHidden: UIViewController? {
              composedChildForStatusBarHidden
            }
            #else
            #endif
            override var childForHomeIndicatorAutoHidden: UIViewController? {
              composedChildForHomeIndicatorAutoHidden
            }
            #endif
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'viewWillAppear(_:)' replaces the override '@Composed' would write but does "
            + "not call 'composeViewWillAppear(animated)'; call it, or the children are not "
            + "composed as the container's view appears and leaves",
          line: 11, column: 17,
          fixIts: [FixItSpec(message: "call 'composeViewWillAppear(animated)'")])
      ],
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The fix-it names a parameter that has no name, so that the hook's call can pass it")
  func missingHookUnnamedParameter() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent { .empty }
        override func viewWillAppear(_: Bool) {
          super.viewWillAppear(true)
        }
        override func willMove(toParent _: UIViewController?) {
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func viewWillAppear(_: Bool) {
            super.viewWillAppear(true)
          }
          override func willMove(toParent _: UIViewController?) {
          }

        \(written(without: ["viewWillAppear", "willMove"]))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'viewWillAppear(_:)' replaces the override '@Composed' would write but does "
            + "not call 'composeViewWillAppear(animated)'; call it, or the children are not "
            + "composed as the container's view appears and leaves",
          line: 4, column: 17,
          fixIts: [FixItSpec(message: "call 'composeViewWillAppear(animated)'")]),
        DiagnosticSpec(
          message: "'willMove(toParent:)' replaces the override '@Composed' would write but does "
            + "not call 'composeWillMove(toParent: parent)'; call it, or the children are not "
            + "composed as the container's view appears and leaves",
          line: 7, column: 17,
          fixIts: [FixItSpec(message: "call 'composeWillMove(toParent: parent)'")]),
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(true)
            composeViewWillAppear(animated)
          }
          override func willMove(toParent parent: UIViewController?) {
            composeWillMove(toParent: parent)
          }
        }
        """,
      failureHandler: record)
  }

  @Test("A subclass of a composed container is an error; a class that lists the conformance is not")
  func inheritedContainer() {
    let inherited: [String: MacroSpec] = ["Composed": MacroSpec(type: ComposedMacro.self)]
    assertMacroExpansion(
      """
      @Composed
      final class DetailViewController: BaseViewController {
        @CompositionBuilder var composition: CompositionContent { .empty }
      }
      """,
      expandedSource: """
        final class DetailViewController: BaseViewController {
          @CompositionBuilder var composition: CompositionContent { .empty }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'DetailViewController' already conforms to 'ComposedContainer', through its "
            + "superclass 'BaseViewController' or an extension, which has the composer and the "
            + "overrides; remove '@Composed' (a subclass of a composed container overrides its "
            + "body)",
          line: 2, column: 35)
      ],
      macroSpecs: inherited, failureHandler: record)
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController, Compose.ComposedContainer {
        var body: CompositionContent { .empty }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController, Compose.ComposedContainer {
          var body: CompositionContent { .empty }

        \(written())
        }
        """,
      macroSpecs: inherited, failureHandler: record)
  }

  @Test("A childFor… override that ignores the primary child is a warning")
  func forwardingWithoutHook() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent { .empty }
        override var childForStatusBarHidden: UIViewController? { nil }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          override var childForStatusBarHidden: UIViewController? { nil }

        \(written(without: ["childForStatusBarHidden"]))
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'childForStatusBarHidden' does not use 'composedChildForStatusBarHidden'; a "
            + "slot marked 'primary' does not decide it, return 'composedChildForStatusBarHidden' "
            + "where no other child decides",
          line: 4, column: 16, severity: .warning)
      ],
      macroSpecs: macros, failureHandler: record)
  }

  // MARK: - Classes the macro cannot make containers

  /// A declaration the macro reports, the expansion (the declaration without the attribute),
  /// and the source once the fix-it, if any, is applied.
  struct Misuse: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let message: String
    let line: Int
    let column: Int
    let fixIt: String?
    let fixedSource: String?
    var testDescription: String { name }
  }

  static let misuses: [Misuse] = [
    Misuse(
      name: "a struct",
      source: """
        @Composed
        struct Screen {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'@Composed' applies to a view controller class, not to a struct; declare a class "
        + "that inherits from 'UIViewController'",
      line: 1, column: 1, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a class without superclass",
      source: """
        @Composed
        final class Screen {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from no view controller; '@Composed' needs a subclass of "
        + "'UIViewController'",
      line: 2, column: 13, fixIt: "inherit from 'UIViewController'",
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
        }
        """),
    Misuse(
      name: "a subclass of NSObject",
      source: """
        @Composed
        final class Screen: NSObject {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from 'NSObject', which is not a view controller; '@Composed' "
        + "needs a subclass of 'UIViewController' or of another class whose name ends in "
        + "'Controller'",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a subclass of ComposedViewController",
      source: """
        @Composed
        final class Screen: Compose.ComposedViewController {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits a composer from 'ComposedViewController'; remove '@Composed', "
        + "or inherit from 'UIViewController'",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a subclass of UINavigationController",
      source: """
        @Composed
        final class Screen: UINavigationController {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from 'UINavigationController', which shows its children itself; "
        + "'@Composed' makes a container that places its children in slots; inherit from "
        + "'ComposedNavigationController' instead, and declare its children in 'override var composition'",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a subclass of UITabBarController",
      source: """
        @Composed
        final class Screen: UIKit.UITabBarController {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from 'UITabBarController', which shows its children itself; "
        + "'@Composed' makes a container that places its children in slots; inherit from "
        + "'ComposedTabBarController' instead, and declare its children in 'override var composition'",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a subclass of UIPageViewController",
      source: """
        @Composed
        final class Screen: UIPageViewController {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from 'UIPageViewController', which shows its children itself; "
        + "'@Composed' makes a container that places its children in slots; inherit from "
        + "'ComposedPageViewController' instead, and declare its children in 'override var composition'",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a subclass of UISplitViewController",
      source: """
        @Composed
        final class Screen: UISplitViewController {
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' inherits from 'UISplitViewController', which shows its children itself, "
        + "in columns; '@Composed' makes a container that places its children in slots; make a "
        + "column the composed container instead: a '@Composed' subclass of 'UIViewController' "
        + "shown in the split view",
      line: 2, column: 21, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a class that declares 'composer'",
      source: """
        @Composed
        final class Screen: UIViewController {
          let composer = 1
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' declares 'composer', which '@Composed' declares; rename it",
      line: 3, column: 7, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a class that declares 'composer' inside #if",
      source: """
        @Composed
        final class Screen: UIViewController {
          #if DEBUG
          var composer: Int { 1 }
          #endif
          var body: CompositionContent { .empty }
        }
        """,
      message: "'Screen' declares 'composer', which '@Composed' declares; rename it",
      line: 4, column: 7, fixIt: nil, fixedSource: nil),
    Misuse(
      name: "a class without body",
      source: """
        @Composed
        final class Screen: UIViewController {
          var name = ""
        }
        """,
      message: "'Screen' has no 'body' in its declaration; '@Composed' needs "
        + "'@CompositionBuilder var body: CompositionContent' there to declare the children (it "
        + "does not read extensions)",
      line: 2, column: 13, fixIt: "add 'body'",
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var name = ""

          @CompositionBuilder var body: CompositionContent {
          }
        }
        """),
    Misuse(
      name: "a class with two bodies",
      source: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { .empty }
          var composition: CompositionContent { .empty }
        }
        """,
      message: "'body' and 'composition' are both declared; '@Composed' needs one of them, keep "
        + "one",
      line: 4, column: 7, fixIt: nil, fixedSource: nil),
  ]

  @Test("A declaration the macro cannot make a container is an error", arguments: misuses)
  func misuse(_ misuse: Misuse) {
    let expanded = misuse.source.split(separator: "\n", omittingEmptySubsequences: false)
      .dropFirst().joined(separator: "\n")
    assertMacroExpansion(
      misuse.source, expandedSource: expanded,
      diagnostics: [
        DiagnosticSpec(
          message: misuse.message, line: misuse.line, column: misuse.column,
          fixIts: misuse.fixIt.map { [FixItSpec(message: $0)] } ?? [])
      ],
      macroSpecs: macros, fixedSource: misuse.fixedSource, failureHandler: record)
  }

  // MARK: - Bodies

  @Test("A body of another type is an error, with a fix-it that gives it its type")
  func wrongBodyType() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: some View { Text("") }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: some View { Text("") }

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'body' has the type 'some View'; '@Composed' needs 'CompositionContent'",
          line: 3, column: 13, fixIts: [FixItSpec(message: "use 'CompositionContent'")])
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          var body: CompositionContent { Text("") }
        }
        """,
      failureHandler: record)
  }

  @Test("A body that declares slots without @CompositionBuilder is an error, with a fix-it")
  func missingBuilder() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        private var body: CompositionContent {
          Slot("a") { Child { Row() } }
          Slot("b") { Child { Row() } }
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          private var body: CompositionContent {
            Slot("a") { Child { Row() } }
            Slot("b") { Child { Row() } }
          }

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'body' declares slots without '@CompositionBuilder'; add the attribute",
          line: 3, column: 15, fixIts: [FixItSpec(message: "add '@CompositionBuilder'")])
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          @CompositionBuilder private var body: CompositionContent {
            Slot("a") { Child { Row() } }
            Slot("b") { Child { Row() } }
          }
        }
        """,
      failureHandler: record)
  }

  @Test(
    "A body needs no @CompositionBuilder when it returns its content",
    arguments: [
      "{ .empty }", "{ content() }", "{ return Dashboard().compositionContent }",
      "{ Self.layout(for: mode) }", "{ Layouts.standard().environment(\\.accentName, \"red\") }",
    ])
  func bodyWithoutBuilder(_ getter: String) {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        var body: CompositionContent \(getter)
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          var body: CompositionContent \(getter)

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A stored body is an error")
  func storedBody() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        let body: CompositionContent = .empty
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          let body: CompositionContent = .empty

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'body' must be a computed instance property of type 'CompositionContent'; "
            + "the composer reads it at each composition",
          line: 3, column: 7)
      ],
      macroSpecs: macros, failureHandler: record)
  }

  @Test("A body inside #if, declared in every configuration, is the body; each is checked")
  func bodyInConditionalCompilation() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        #if DEBUG
        @CompositionBuilder var body: CompositionContent {
          Slot("debug") { Child { Row() } }
        }
        #else
        var body: CompositionContent {
          Slot("a") { Child { Row() } }
          Slot("a") { Child { Row() } }
        }
        #endif
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          #if DEBUG
          @CompositionBuilder var body: CompositionContent {
            Slot("debug") { Child { Row() } }
          }
          #else
          var body: CompositionContent {
            Slot("a") { Child { Row() } }
            Slot("a") { Child { Row() } }
          }
          #endif

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'body' declares slots without '@CompositionBuilder'; add the attribute",
          line: 8, column: 7,
          fixIts: [FixItSpec(message: "add '@CompositionBuilder'")]),
        DiagnosticSpec(
          message: "slot name 'a' is declared twice; the children of the second declaration "
            + "join the first, which keeps its layout; give each slot a unique name",
          line: 10, column: 10,
          notes: [NoteSpec(message: "slot 'a' is first used here", line: 9, column: 10)]),
      ],
      macroSpecs: macros,
      fixedSource: """
        @Composed
        final class Screen: UIViewController {
          #if DEBUG
          @CompositionBuilder var body: CompositionContent {
            Slot("debug") { Child { Row() } }
          }
          #else
          @CompositionBuilder var body: CompositionContent {
            Slot("a") { Child { Row() } }
            Slot("a") { Child { Row() } }
          }
          #endif
        }
        """,
      failureHandler: record)
  }

  @Test("A body inside #if that some configuration lacks is an error")
  func bodyInSomeConfigurations() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        #if DEBUG
        @CompositionBuilder var composition: CompositionContent { .empty }
        #endif
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          #if DEBUG
          @CompositionBuilder var composition: CompositionContent { .empty }
          #endif
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'composition' is declared inside '#if' but not in every configuration; "
            + "'@Composed' reads it in all of them, declare it in each clause with an '#else', "
            + "or outside '#if'",
          line: 4, column: 27)
      ],
      macroSpecs: macros, failureHandler: record)
  }

  @Test("The body's identity mistakes are reported")
  func identityChecks() {
    assertMacroExpansion(
      """
      @Composed
      final class Screen: UIViewController {
        @CompositionBuilder var body: CompositionContent {
          Slot("a") { Child { Row() } }
          Slot("a") { Child { Row() } }
        }
      }
      """,
      expandedSource: """
        final class Screen: UIViewController {
          @CompositionBuilder var body: CompositionContent {
            Slot("a") { Child { Row() } }
            Slot("a") { Child { Row() } }
          }

        \(written())
        }

        extension Screen: Compose.ComposedContainer {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "slot name 'a' is declared twice; the children of the second declaration "
            + "join the first, which keeps its layout; give each slot a unique name",
          line: 5, column: 10,
          notes: [NoteSpec(message: "slot 'a' is first used here", line: 4, column: 10)])
      ],
      macroSpecs: macros, failureHandler: record)
  }
}
