import Testing

@_spi(ComposeTesting) @testable import Compose

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// An element whose lifetime a test watches.
private final class Box {
  let id: Int
  init(_ id: Int) { self.id = id }
}

/// Weak references to boxes, to tell which are still alive.
private struct Watch {
  private var references: [() -> Box?] = []

  mutating func watch(_ boxes: some Sequence<Box>) {
    for box in boxes { references.append { [weak box] in box } }
  }

  /// An array of `count` new boxes, numbered from 0, watched.
  mutating func array(_ count: Int) -> SharedArray<Box> {
    let array = SharedArray(boxes(count))
    watch(array)
    return array
  }

  /// The ids of the boxes still alive, in the order they were watched.
  var alive: [Int] { references.compactMap { $0()?.id } }
}

/// `count` boxes, numbered from `start`.
private func boxes(_ count: Int, from start: Int = 0) -> [Box] {
  (start..<(start + count)).map(Box.init)
}

/// The ids of `array`'s elements, in order.
private func ids(_ array: SharedArray<Box>) -> [Int] { array.map(\.id) }

/// The arrays a tree's slots and a slot's children are kept in, which share runs of the arrays
/// they are made from: what each keeps alive, and that nothing is released twice or never.
@Suite("Shared arrays share runs, keep a bounded number of elements alive, release each once")
struct SharedArrayTests {
  @Test("A shared run holds the elements through the buffer that owns them, not one by one")
  func sharedRunHoldsOwner() {
    var watch = Watch()
    var shared = SharedArray<Box>()
    do {
      let original = watch.array(100)
      shared.append(sharing: original, 10..<90)
      #expect(ids(shared) == Array(10..<90))
      #expect(shared.sharesBuffer(with: original))
      #expect(shared.sharesRuns)
    }
    // The original array is gone; its buffer stays, for the run, with the 20 the run leaves out
    // (elements retained one by one would have left those 20 to die).
    #expect(watch.alive == Array(0..<100))
    #expect(shared.unheldCount == 20)
    shared = []
    #expect(watch.alive.isEmpty)
  }

  @Test("A run shared from a shared run names the first buffer: no chain of buffers")
  func sharedRunsNameTheFirstOwner() {
    var watch = Watch()
    let original = watch.array(50)
    var second = SharedArray<Box>()
    second.append(sharing: original, 0..<50)
    second.append(Box(50))
    weak let secondBuffer = second.buffer
    var third = SharedArray<Box>()
    third.append(sharing: second, 0..<51)
    #expect(ids(third) == Array(0..<51))
    second = []
    // `third` holds the original buffer for the first 50 and `second`'s for the 51st, which it
    // owns; nothing else of `second` is kept.
    #expect(secondBuffer != nil)
    #expect(third.unheldCount == 0)
    var fourth = SharedArray<Box>()
    fourth.append(sharing: third, 0..<50)
    third = []
    // The first 50 come from the original buffer; `second`'s, which owned only the 51st, goes.
    #expect(secondBuffer == nil)
    #expect(ids(fourth) == Array(0..<50))
    #expect(fourth.sharesBuffer(with: original))
  }

  @Test("Elements owned are released once, shared ones by their owner only")
  func ownedAndSharedAreReleasedOnce() {
    var watch = Watch()
    do {
      let original = watch.array(40)
      var mixed = SharedArray<Box>()
      let own = boxes(3, from: 100)
      watch.watch(own)
      mixed.append(own[0])
      mixed.append(sharing: original, 0..<20)
      mixed.append(own[1])
      mixed.append(sharing: original, 30..<40)
      mixed.append(own[2])
      // Grown several times from a small buffer: the record of who owns what moves with it.
      #expect(ids(mixed) == [100] + Array(0..<20) + [101] + Array(30..<40) + [102])
      #expect(mixed.unheldCount == 10)
      var copy = mixed
      copy.append(Box(200))
      watch.watch([copy[copy.count - 1]])
      #expect(ids(copy) == ids(mixed) + [200])
      #expect(ids(mixed).count == 33)
    }
    #expect(watch.alive.isEmpty)
  }

  @Test("Writing a shared position gives it an element of its own; the owner's stays")
  func writingSharedPosition() {
    var watch = Watch()
    do {
      let original = watch.array(30)
      var copy = original
      copy[5] = Box(99)
      watch.watch([copy[5]])
      copy[29] = Box(98)
      copy[0] = Box(97)
      #expect(ids(original) == Array(0..<30))
      #expect(ids(copy) == [97] + Array(1..<5) + [99] + Array(6..<29) + [98])
      #expect(copy.sharesBuffer(with: original))
      // Written again, now owned: the element it replaces is released here.
      copy[5] = Box(96)
      #expect(watch.alive == Array(0..<30))
    }
    #expect(watch.alive.isEmpty)
  }

  @Test("Compacting copies the elements once the shared buffers keep too many alive")
  func compactingBoundsWhatIsKeptAlive() {
    var watch = Watch()
    var few = SharedArray<Box>()
    var most = SharedArray<Box>()
    do {
      let original = watch.array(100)
      few.append(sharing: original, 0..<10)
      most.append(sharing: original, 0..<90)
    }
    // 90 kept alive for 10 held: more than the bound (16 for 10 elements), so copied.
    #expect(few.unheldCount == 90)
    #expect(few.unheldCount > SharedArray<Box>.maximumUnheld(for: 10))
    let compacted = few.compacted()
    #expect(!compacted.sharesRuns)
    #expect(ids(compacted) == Array(0..<10))
    // 10 kept alive for 90 held: within the bound, so the same array.
    #expect(most.unheldCount == 10)
    #expect(most.compacted().sharesBuffer(with: most))
    few = []
    most = []
    #expect(watch.alive == Array(0..<10))
    _ = compacted
  }

  @Test("Runs report whether their owner carries a mark")
  func runsReportMarks() {
    let marked = SharedArray(boxes(10))
    marked.mark(true)
    let unmarked = SharedArray(boxes(10, from: 10))
    var mixed = SharedArray<Box>()
    mixed.append(sharing: marked, 0..<10)
    mixed.append(Box(20))
    mixed.append(sharing: unmarked, 0..<10)
    var runs: [(Range<Int>, Bool)] = []
    mixed.forEachRun(marked: true) { runs.append(($0, $1)) }
    #expect(runs.map(\.0) == [0..<10, 10..<11, 11..<21])
    #expect(runs.map(\.1) == [true, false, false])
    runs = []
    mixed.forEachRun(marked: false) { runs.append(($0, $1)) }
    #expect(runs.map(\.1) == [false, false, false])
  }
}

/// Trees resolved against mounted ones share the mounted slots and children they keep, and a
/// released tree keeps nothing of user code alive through them.
@Suite("Resolved trees share what they keep of the mounted tree")
@MainActor
struct SharedTreeStorageTests {
  /// A composition of `count` slots named after `name`, declared `equatable()` by its users.
  struct Part: Composition, Equatable {
    var name: String
    var count: Int
    var version = 0

    var body: CompositionContent {
      CompositionBuilder.buildArray(
        (0..<count).map { index in
          Slot("\(name)-\(index)") { Child { UIViewController() } }.compositionContent
        })
    }
  }

  /// Ten parts of ten slots each, the part at `changed` at `version`.
  static func parts(changed: Int, version: Int) -> CompositionContent {
    CompositionBuilder.buildArray(
      (0..<10).map { index in
        Part(name: "p\(index)", count: 10, version: index == changed ? version : 0)
          .equatable().compositionContent
      })
  }

  /// A slot of one child per key, declared with a list that skips unchanged elements.
  static func rows(_ keys: [Int]) -> CompositionContent {
    Slot("rows") {
      ForEach(keys, id: \.self, skipsUnchangedElements: true) { _ in
        Child { UIViewController() }
      }
    }.compositionContent
  }

  @Test("Equatable compositions that stand share the mounted slots, and resolve as from scratch")
  func standingCompositionsShareSlots() {
    let mounted = CompositionTree(Self.parts(changed: 4, version: 0))
    let next = CompositionTree(Self.parts(changed: 4, version: 1), mounted: mounted)
    #expect(next.slots.sharesBuffer(with: mounted.slots))
    #expect(next.description == CompositionTree(Self.parts(changed: 4, version: 1)).description)
    #expect(next.slotNames == mounted.slotNames)
    #expect(mounted.reconcile(to: next).plan.steps.isEmpty)
    // Nothing kept alive that the tree does not hold: the changed part's slots are resolved
    // against the mounted ones, which stand for them unchanged.
    #expect(next.slots.unheldCount == 0)
  }

  @Test("A list that skips unchanged elements shares the mounted children around a change")
  func skippingListSharesChildren() {
    let keys = Array(0..<200)
    var edited = keys
    edited.removeSubrange(100..<110)
    let mounted = CompositionTree(Self.rows(keys))
    let next = CompositionTree(Self.rows(edited), mounted: mounted)
    let mountedChildren = mounted.slots[0].children
    let children = next.slots[0].children
    #expect(children.sharesBuffer(with: mountedChildren))
    #expect(children.map(\.identity) == next.children(in: "rows"))
    #expect(
      children.map(ObjectIdentifier.init)
        == edited.map { ObjectIdentifier(mountedChildren[$0]) })
    // The ten removed children are kept alive by the mounted buffer the rest is shared from.
    #expect(children.unheldCount == 10)
    // The plan removes the ten, three steps each, and touches no other child.
    let steps = mounted.reconcile(to: next).plan.steps
    #expect(steps.count == 30)
    #expect(Set(steps.map(\.child)) == Set(mountedChildren[100..<110].map(\.identity)))
  }

  @Test("Over a chain of edits, a list stays what a fresh resolution gives and keeps few alive")
  func chainOfEditsStaysBounded() {
    var keys = Array(0..<400)
    var mounted = CompositionTree(Self.rows(keys)).keptByComposer
    var removed: [() -> ResolvedChild?] = []
    var next = 400
    for step in 0..<30 {
      // Three keys removed from a different place each time, two inserted.
      let start = (step * 37) % (keys.count - 3)
      for position in start..<(start + 3) {
        let child = mounted.slots[0].children[position]
        removed.append { [weak child] in child }
      }
      keys.removeSubrange(start..<(start + 3))
      keys.insert(contentsOf: [next, next + 1], at: (step * 53) % keys.count)
      next += 2
      let tree = CompositionTree(Self.rows(keys), mounted: mounted)
      let fresh = CompositionTree(Self.rows(keys))
      #expect(tree.description == fresh.description)
      #expect(tree.children(in: "rows") == fresh.children(in: "rows"))
      let children = tree.slots[0].children
      #expect(children.unheldCount <= SharedArray<ResolvedChild>.maximumUnheld(for: children.count))
      mounted = mounted.reconcile(to: tree).tree.keptByComposer
    }
    // 90 children removed: the bound (23 for the 370 left) keeps at most that many alive.
    let alive = removed.filter { $0() != nil }.count
    #expect(alive <= SharedArray<ResolvedChild>.maximumUnheld(for: keys.count))
    #expect(removed.count == 90)
  }

  @Test("A released tree keeps no closure of a tree it was made from alive")
  func releasedTreeDropsUserClosures() {
    final class Captured {}
    weak var captured: Captured?
    let mounted = CompositionTree(Self.parts(changed: 4, version: 0)).keptByComposer
    var released: CompositionTree?
    do {
      let object = Captured()
      captured = object
      // A new slot whose child's factory captures `object`, after slots the tree shares.
      let content = CompositionBuilder.buildArray([
        Self.parts(changed: 4, version: 0),
        Slot("extra") {
          Child {
            _ = object
            return UIViewController()
          }
        }.compositionContent,
      ])
      let next = CompositionTree(content, mounted: mounted)
      #expect(next.slots.sharesBuffer(with: mounted.slots))
      released = next.keptByComposer
    }
    #expect(captured == nil)
    #expect(released?.slotNames.last == "extra")
    #expect(released?.slots.sharesBuffer(with: mounted.slots) == true)
  }

  @Test("A released tree whose slots need no change still drops a buffer that is not released")
  func releasedTreeDropsUnreleasedOwner() {
    final class Captured {}
    weak var captured: Captured?
    func content(_ object: Captured?) -> CompositionContent {
      CompositionBuilder.buildArray([
        Slot("a") { Child { UIViewController() } }.compositionContent,
        Slot("b") {
          Child {
            _ = object
            return UIViewController()
          }
        }.compositionContent,
      ])
    }
    let mounted = CompositionTree(content(nil)).keptByComposer
    var kept: CompositionTree?
    do {
      let object = Captured()
      captured = object
      let declared = CompositionTree(content(object))
      // A buffer that owns a released slot and an unreleased one whose child captures `object`,
      // and slots that share only the released one of them.
      var owner = ResolvedSlots()
      owner.append(mounted.slots[0])
      owner.append(declared.slots[1])
      var slots = ResolvedSlots()
      slots.append(sharing: owner, 0..<1)
      slots.append(mounted.slots[1])
      kept = CompositionTree(slots: slots, diagnostics: [], mayKeepEnvironments: false)
        .releasingClosures()
    }
    #expect(captured == nil)
    #expect(kept?.slotNames == ["a", "b"])
  }

  @Test("A tree records whether a child may keep its environment, and keeps saying so")
  func mayKeepEnvironments() {
    let fresh = CompositionTree(Self.parts(changed: 0, version: 0))
    #expect(!fresh.mayKeepEnvironments)
    #expect(!fresh.releasingClosures().mayKeepEnvironments)
    let nested = CompositionTree(
      Self.parts(changed: 0, version: 0), environment: EnvironmentValues(), mounted: fresh,
      nests: true)
    #expect(nested.mayKeepEnvironments)
    let keeping = fresh.releasingClosures(keepingEnvironments: true)
    #expect(keeping.mayKeepEnvironments)
    // Once a child may keep its environment, every tree resolved against that one may.
    let after = CompositionTree(Self.parts(changed: 0, version: 1), mounted: keeping)
    #expect(after.mayKeepEnvironments)
    #expect(after.releasingClosures().mayKeepEnvironments)
  }
}
