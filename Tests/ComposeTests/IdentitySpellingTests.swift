import Compose
import Testing

#if !canImport(UIKit)
import UIKitModel
#endif

private final class AViewController: UIViewController {}
private final class BViewController: UIViewController {}

/// The table of the "Reading an identity" section of the PredictingIdentity article: how each
/// construct of a slot's builder is spelled in the identities that plans, traces and diagnostics
/// print.
@MainActor
@Suite("Documentation code: identity spellings")
struct IdentitySpellingTests {
  /// The identities of the children `content` declares, as the plan that adds them prints them.
  private func identities(@CompositionBuilder _ content: () -> CompositionContent) -> [String] {
    let empty = CompositionTree { CompositionContent.empty }
    return empty.reconcile(to: CompositionTree(content)).plan.steps
      .map(\.description)
      .filter { $0.hasPrefix("add-child ") }
      .map { String($0.dropFirst("add-child ".count)) }
  }

  @Test("Each construct of the article's table is spelled as the table says")
  func spellings() {
    let isLoading = false
    let item: Int? = 3
    let kind = 2
    #expect(identities { Slot("a") { Child { AViewController() } } } == ["'a' AViewController"])
    #expect(
      identities {
        Slot("a") {
          Child { AViewController() }
          Child { BViewController() }
        }
      } == ["'a' 0 AViewController", "'a' 1 BViewController"])
    #expect(
      identities {
        Slot("a") {
          if !isLoading { Child { AViewController() } }
        }
      } == ["'a' some AViewController"])
    #expect(
      identities {
        Slot("a") {
          if isLoading { Child { AViewController() } } else { Child { BViewController() } }
        }
      } == ["'a' second BViewController"])
    #expect(
      identities {
        Slot("a") {
          switch kind {
          case 0: Child { AViewController() }
          case 1: Child { AViewController() }
          default: Child { BViewController() }
          }
        }
      } == ["'a' second BViewController"])
    #expect(
      identities {
        Slot("a") {
          for _ in 0..<2 { Child { AViewController() } }
        }
      } == ["'a' [0] AViewController", "'a' [1] AViewController"])
    #expect(
      identities {
        Slot("a") { ForEach(["x", "y"], id: \.self) { _ in Child { AViewController() } } }
      } == [#"'a' #"x" AViewController"#, #"'a' #"y" AViewController"#])
    #expect(
      identities {
        Slot("a") {
          ForEach([7], id: \.self) { _ in
            Child { AViewController() }
            Child { BViewController() }
          }
        }
      } == ["'a' #7.0 AViewController", "'a' #7.1 BViewController"])
    #expect(
      identities {
        Slot("a") {
          if isLoading {
            Child { AViewController() }
          } else {
            ForEach([7], id: \.self) { _ in Child { AViewController() } }
          }
        }
      } == ["'a' second.#7 AViewController"])
    #expect(
      identities {
        Slot("a") {
          Child { AViewController() }
          Group {
            Child { AViewController() }
            Child { BViewController() }
          }
        }
      } == ["'a' 0 AViewController", "'a' 1.0 AViewController", "'a' 1.1 BViewController"])
    #expect(
      identities { Slot("a") { Child { AViewController() }.id("x") } }
        == [#"'a' AViewController id "x""#])
    #expect(
      identities {
        Slot("a") {
          if let item { Child { AViewController() }.id(item) }
        }
      } == ["'a' some AViewController id 3"])
  }
}
