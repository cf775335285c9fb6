import Foundation
import Testing

@testable import Compose

/// A key type of the app's own, with a field that `AnyHashable` cannot see through.
private struct ItemID: Hashable {
  let raw: Int
}

/// `ChildKey`, the form a ``ForEach`` element's key takes in its child's identity: `Int` and
/// `String` keys inline, others boxed, and in every case the equality and hashing of
/// `AnyHashable`.
@Suite("Child keys")
@MainActor
struct ChildKeyTests {
  /// Keys of several types, some equal across types as `AnyHashable` compares them.
  static let values: [AnyHashable] = [
    AnyHashable(1), AnyHashable(2), AnyHashable(Int8(1)), AnyHashable(UInt(1)),
    AnyHashable(Int64(-1)), AnyHashable(-1), AnyHashable("1"), AnyHashable("a"),
    AnyHashable(Substring("a")), AnyHashable(1.0), AnyHashable(ItemID(raw: 1)),
    AnyHashable(ItemID(raw: 2)),
    AnyHashable(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))),
    AnyHashable(true), AnyHashable(Double.nan),
  ]

  /// The key as a `ForEach` over elements of the base's own type makes it.
  static func typed(_ value: AnyHashable) -> ChildKey {
    func make<Key: Hashable>(_ key: Key) -> ChildKey { ChildKey(key) }
    guard let base = value.base as? any Hashable else { return ChildKey(value) }
    return make(base)
  }

  @Test("Int and String keys are held inline, from their own type or from AnyHashable")
  func inline() {
    #expect(ChildKey(42) == .int(42))
    #expect(ChildKey(AnyHashable(42)) == .int(42))
    #expect(ChildKey("row") == .string("row"))
    #expect(ChildKey(AnyHashable("row")) == .string("row"))
    for key in [ChildKey(ItemID(raw: 1)), ChildKey(Int8(1)), ChildKey(AnyHashable(Int8(1)))] {
      guard case .boxed = key else {
        Issue.record("\(key) is not boxed")
        continue
      }
    }
  }

  @Test("A key and the path it ends take 17 and 28 bytes: an identity's storage is 72 bytes")
  func layout() {
    // The storage holds three references, the path and a 32-bit digest: 16 + 24 + 28 + 4 bytes
    // with the object's header, which malloc serves from its 80-byte size class.
    #expect(MemoryLayout<ChildKey>.size == 17)
    #expect(MemoryLayout<PathComponents>.size == 28)
    #expect(MemoryLayout<StructuralPath>.size == 36)
  }

  @Test("Keys compare and hash as AnyHashable does, however each one is held")
  func equalityMatchesAnyHashable() {
    let forms: [(AnyHashable, ChildKey)] = Self.values.flatMap { value in
      [(value, Self.typed(value)), (value, ChildKey(value))]
    }
    for (lhsValue, lhs) in forms {
      for (rhsValue, rhs) in forms {
        let expected = lhsValue == rhsValue
        #expect((lhs == rhs) == expected, "\(lhsValue) vs \(rhsValue)")
        if expected {
          #expect(lhs.hashValue == rhs.hashValue, "\(lhsValue) vs \(rhsValue)")
        }
        // Round trip; a NaN is unequal to itself, as AnyHashable keeps it.
        #expect((lhs.anyHashable == lhsValue) == (lhsValue == lhsValue))
      }
    }
  }

  @Test("Int and String keys, held inline, hash exactly as AnyHashable hashes them")
  func inlineKeysHashAsAnyHashable() {
    let ints = [0, 1, -1, 2, 255, 256, -256, 1 << 31, -(1 << 31), 1 << 62, Int.max, Int.min]
    for value in ints {
      #expect(ChildKey(value).hashValue == AnyHashable(value).hashValue, "\(value)")
      // An equal key of another width, boxed, hashes alike.
      if let narrow = Int32(exactly: value) {
        #expect(ChildKey(narrow).hashValue == ChildKey(value).hashValue, "\(value)")
      }
      if let unsigned = UInt(exactly: value) {
        #expect(ChildKey(unsigned).hashValue == ChildKey(value).hashValue, "\(value)")
      }
    }
    let strings = [
      "", "a", "row-1", "é", "e\u{301}", "🙂", String(repeating: "long key ", count: 20),
    ]
    for value in strings {
      #expect(ChildKey(value).hashValue == AnyHashable(value).hashValue, "\(value)")
      #expect(ChildKey(Substring(value)).hashValue == ChildKey(value).hashValue, "\(value)")
    }
  }

  @Test("A list whose key type changes to one AnyHashable finds equal keeps every child")
  func keyTypeChangeKeepsChildren() {
    func tree<Key: Hashable>(_ keys: [Key]) -> CompositionTree {
      CompositionTree {
        Slot("rows", layout: .stack(axis: .vertical)) {
          ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
        }
      }
    }
    let ints = tree([1, 2, 3])
    #expect(
      ints.reconcile(to: tree([AnyHashable(1), AnyHashable(2), AnyHashable(3)])).plan.steps.isEmpty)
    #expect(ints.reconcile(to: tree([Int8(1), Int8(2), Int8(3)])).plan.steps.isEmpty)
    #expect(
      ints.reconcile(to: tree([Int8(1), Int8(3)])).plan.description
        == """
        will-move-to-nil 'rows' #2 RowViewController
        remove-view 'rows' #2 RowViewController
        remove-from-parent 'rows' #2 RowViewController
        """)
    let items = tree([ItemID(raw: 1), ItemID(raw: 2)])
    #expect(
      items.reconcile(to: tree([ItemID(raw: 2), ItemID(raw: 1)])).plan.description
        == "move-view 'rows' #ItemID(raw: 1) RowViewController to 1")
  }
}
