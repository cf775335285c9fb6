import Testing

@testable import Compose

/// A composition compared by its value.
private struct Header: Composition, Equatable {
  /// What it shows.
  var count: Int

  var body: CompositionContent { CompositionContent.empty }
}

/// A composition of another type whose value is laid out as ``Header``'s.
private struct Footer: Composition, Equatable {
  /// What it shows.
  var count: Int

  var body: CompositionContent { CompositionContent.empty }
}

/// How a resolution compares an equatable composition with the one declared at its place last
/// time: by type, then by the value's `==`, with no dynamic cast.
@Suite("Equatable compositions compare by type, then by value")
@MainActor
struct SkippableCompositionTests {
  @Test("Equal values of one type are equal; other values, or another type, are not")
  func comparesTypeThenValue() {
    let header: any SkippableComposition = EquatableComposition(Header(count: 1))
    #expect(header.isEqual(to: EquatableComposition(Header(count: 1))))
    #expect(!header.isEqual(to: EquatableComposition(Header(count: 2))))
    // The same bits in another type: not the same composition, both ways round.
    let footer: any SkippableComposition = EquatableComposition(Footer(count: 1))
    #expect(!header.isEqual(to: footer))
    #expect(!footer.isEqual(to: header))
    #expect(header.contentType != footer.contentType)
  }
}
