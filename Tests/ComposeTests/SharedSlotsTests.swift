import Testing

@testable import Compose

/// An environment value set around a kept content, so that it is resolved inside an
/// environment change.
private struct CountKey: EnvironmentKey {
  /// No change.
  static let defaultValue = 0
}

/// An unchanged declaration resolved against the mounted tree shares the mounted slots instead of
/// building new ones, and shares none as soon as one slot declares anything the mounted one does
/// not.
@Suite("Unchanged declarations share the mounted slots")
@MainActor
struct SharedSlotsTests {
  /// What the test changes in slot "b" of three slots "a", "b", "c", each one plain child.
  struct Declared {
    var order = ["a", "b", "c"]
    var interruption = Interruption.finishRunning
    var forwarding: Forwarding = []
    var transition = Transition.none
    var line = 10
    var anchor: UIView?
    var customLayout = false
    var layout = SlotLayout.fill
  }

  static func content(_ declared: Declared) -> CompositionContent {
    CompositionContent(
      .block(
        declared.order.map { name in
          guard name == "b" else {
            return Slot(name, fileID: "Screen.swift", line: 1) { Child { RowViewController() } }
              .compositionContent
          }
          let layout = declared.customLayout ? SlotLayout.custom { _, _ in } : declared.layout
          var slot = Slot(
            name, in: declared.anchor, layout: layout, fileID: "Screen.swift", line: declared.line
          ) { Child { RowViewController() } }
          .interruption(declared.interruption)
          .transition(declared.transition)
          if !declared.forwarding.isEmpty { slot = slot.primary(declared.forwarding) }
          return slot.compositionContent
        }))
  }

  @Test("An unchanged declaration resolves to the mounted slots themselves, and plans nothing")
  func unchangedDeclarationSharesSlots() {
    let mounted = CompositionTree(Self.content(Declared()))
    let next = CompositionTree(Self.content(Declared()), mounted: mounted)
    #expect(next.sharesSlots(with: mounted))
    #expect(next.slotCodes == mounted.slotCodes)
    #expect(next.description == CompositionTree(Self.content(Declared())).description)
    #expect(mounted.reconcile(to: next).plan.steps.isEmpty)
  }

  @Test("A released tree resolves to itself, and releasing that tree again copies nothing")
  func releasedTreeIsShared() {
    let mounted = CompositionTree(Self.content(Declared())).releasingClosures()
    let next = CompositionTree(Self.content(Declared()), mounted: mounted)
    #expect(next.sharesSlots(with: mounted))
    #expect(next.releasingClosures().sharesSlots(with: mounted))
    // Released the other way, the tree is released again; its slots, released already, are
    // the same slots.
    let releasedAgain = next.releasingClosures(keepingEnvironments: true)
    #expect(releasedAgain.releasedKeepingEnvironments == true)
    #expect(releasedAgain.sharesSlots(with: mounted))
    // A tree that is not released is released as usual.
    let fresh = CompositionTree(Self.content(Declared()))
    #expect(!fresh.releasingClosures().sharesSlots(with: fresh))
  }

  /// One way slot "b" can differ from the mounted one.
  enum Change: String, CaseIterable, Sendable {
    case interruption, forwarding, transition, sourceLine, anchor, customLayout, layout, order

    @MainActor var declared: Declared {
      switch self {
      case .interruption: Declared(interruption: .cutShort)
      case .forwarding: Declared(forwarding: .all)
      case .transition: Declared(transition: .crossDissolve(duration: 0.2))
      case .sourceLine: Declared(line: 11)
      case .anchor: Declared(anchor: UIView())
      case .customLayout: Declared(customLayout: true)
      case .layout:
        Declared(layout: .fill(insets: UIEdgeInsets(top: 1, left: 0, bottom: 0, right: 0)))
      case .order: Declared(order: ["b", "a", "c"])
      }
    }
  }

  @Test(
    "A slot that declares anything the mounted one does not is its own; unchanged ones keep codes",
    arguments: Change.allCases)
  func changedSlotIsNotShared(change: Change) throws {
    let declared = change.declared
    let mounted = CompositionTree(Self.content(Declared()))
    let next = CompositionTree(Self.content(declared), mounted: mounted)
    #expect(!next.sharesSlots(with: mounted), "\(change)")
    // The new tree is the one the declaration gives on its own.
    #expect(next.description == CompositionTree(Self.content(declared)).description, "\(change)")
    let slot = try #require(next.slots.first { $0.name == "b" })
    #expect(slot.interruption == declared.interruption, "\(change)")
    #expect(slot.forwarding == declared.forwarding, "\(change)")
    #expect(slot.source.line == declared.line, "\(change)")
    #expect(slot.declaration.anchor === declared.anchor, "\(change)")
    // Slots "a" and "c" are unchanged: they keep the mounted codes and children.
    for name in ["a", "c"] {
      let old = try #require(mounted.slots.first { $0.name == name })
      let new = try #require(next.slots.first { $0.name == name })
      #expect(new.code == old.code, "\(change): \(name)")
      #expect(new.children.map(\.identity) == old.children.map(\.identity), "\(change): \(name)")
    }
  }

  @Test("A content kept and resolved again, alone or inside another, declares the same slots")
  func keptContentResolvesAgain() {
    // The resolver moves slots out of the blocks it consumes; a content held elsewhere too must
    // be left as it was.
    let content = Self.content(Declared(line: 12))
    let outer = CompositionContent(
      .block([
        content,
        Slot("d", fileID: "Screen.swift", line: 2) { Child { RowViewController() } }
          .compositionContent,
      ]))
    let inEnvironment = CompositionContent(.environment({ $0[CountKey.self] = 1 }, content))
    let first = CompositionTree(content)
    #expect(first.slots.map(\.name) == ["a", "b", "c"])
    #expect(first.slots[1].source.line == 12)
    let nested = CompositionTree(outer)
    #expect(nested.slots.map(\.name) == ["a", "b", "c", "d"])
    #expect(CompositionTree(inEnvironment).slots.map(\.name) == ["a", "b", "c"])
    let again = CompositionTree(content, mounted: first)
    #expect(again.sharesSlots(with: first))
    #expect(CompositionTree(content).description == first.description)
    #expect(CompositionTree(outer).description == nested.description)
  }

  @Test("A block taken out of a content made for the resolver is moved; one still held is copied")
  func blocksAreMovedOutOfTheContent() throws {
    func address(_ components: [CompositionContent]) -> UnsafeRawPointer? {
      components.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    func blockAddress(_ content: CompositionContent) -> UnsafeRawPointer? {
      switch content.node {
      case .block(let components): address(components)
      case .environment(_, let inner): blockAddress(inner)
      default: nil
      }
    }
    // Made for the resolver: taking a statement out of the block is done in place.
    var fresh = Self.content(Declared())
    let freshBlock = try #require(blockAddress(fresh))
    // (Unwrapped as it is taken: a second variable holding the array would share it.)
    var components = fresh.takeBlock() ?? []
    try #require(components.count == 3)
    #expect(components[0].takeSlot() != nil)
    #expect(address(components) == freshBlock)
    #expect(blockAddress(fresh) == nil)
    // Inside an environment change, the same.
    var changed = CompositionContent(
      .environment({ $0[CountKey.self] = 1 }, Self.content(Declared())))
    let changedBlock = try #require(blockAddress(changed))
    var inner = changed.takeEnvironment()?.1 ?? .empty
    var innerComponents = inner.takeBlock() ?? []
    try #require(innerComponents.count == 3)
    #expect(innerComponents[1].takeSlot() != nil)
    #expect(address(innerComponents) == changedBlock)
    // Still held elsewhere: the first statement taken copies the block, and the held one stays.
    let kept = Self.content(Declared())
    var taken = kept
    var keptComponents = taken.takeBlock() ?? []
    try #require(keptComponents.count == 3)
    #expect(keptComponents[0].takeSlot() != nil)
    #expect(address(keptComponents) != blockAddress(kept))
    #expect(CompositionTree(kept).slots.map(\.name) == ["a", "b", "c"])
  }

  @Test("An unchanged slot after the first changed one is the mounted slot, in a tree of its own")
  func slotsAfterAChangeAreTheMountedSlots() throws {
    let mounted = CompositionTree(Self.content(Declared()))
    let next = CompositionTree(Self.content(Declared(line: 12)), mounted: mounted)
    #expect(!next.sharesSlots(with: mounted))
    #expect(next.description == CompositionTree(Self.content(Declared(line: 12))).description)
    let old = try #require(mounted.slots.last)
    let new = try #require(next.slots.last)
    #expect(new.name == "c")
    #expect(new.code == old.code)
    #expect(new.declaration === old.declaration)
    #expect(next.slots[1].declaration !== mounted.slots[1].declaration)
    #expect(next.slots[1].source.line == 12)
    #expect(next.slots.first?.declaration === mounted.slots.first?.declaration)
  }

  @Test("A slot of several children that are all the mounted ones is the mounted slot itself")
  func slotOfMountedChildrenIsTheMountedSlot() throws {
    func content(firstLine: Int, order: [Int]) -> CompositionContent {
      CompositionContent(
        .block([
          Slot("first", fileID: "Screen.swift", line: firstLine) { Child { RowViewController() } }
            .compositionContent,
          Slot("rows", fileID: "Screen.swift", line: 20) {
            for id in order { Child { RowViewController() }.id(id) }
          }
          .compositionContent,
        ]))
    }
    let mounted = CompositionTree(content(firstLine: 1, order: [1, 2])).releasingClosures()
    // "first" changes, so the tree is built; "rows" declares the mounted children.
    let next = CompositionTree(content(firstLine: 2, order: [1, 2]), mounted: mounted)
    #expect(next.description == CompositionTree(content(firstLine: 2, order: [1, 2])).description)
    #expect(next.slots[1].declaration === mounted.slots[1].declaration)
    #expect(next.slots[1].code == mounted.slots[1].code)
    #expect(mounted.reconcile(to: next).plan.steps.isEmpty)
    // Released, the slot the mounted one stood for is released already: nothing is made again.
    #expect(next.releasingClosures().slots[1].declaration === mounted.slots[1].declaration)
    // Children in another order are a slot of their own, with the declaration's parts.
    let moved = CompositionTree(content(firstLine: 2, order: [2, 1]), mounted: mounted)
    #expect(moved.slots[1].declaration !== mounted.slots[1].declaration)
    #expect(moved.slots[1].code != mounted.slots[1].code)
    #expect(moved.description == CompositionTree(content(firstLine: 2, order: [2, 1])).description)
  }

  @Test("A slot whose child gains a handle is not shared, so the handle can be bound")
  func handleStopsSharing() {
    let handle = ChildHandle<RowViewController>()
    func content(_ withHandle: Bool) -> CompositionContent {
      Slot("a") {
        let child = Child { RowViewController() }
        withHandle ? child.handle(handle) : child
      }
      .compositionContent
    }
    let mounted = CompositionTree(content(false)).releasingClosures()
    let next = CompositionTree(content(true), mounted: mounted)
    #expect(!next.sharesSlots(with: mounted))
    #expect(next.hasHandles)
    #expect(next.slots.first?.children.first?.bindHandle != nil)
    // Released, the tree binds nothing again, and the next unchanged declaration shares it...
    let released = next.releasingClosures()
    #expect(!released.hasHandles)
    #expect(CompositionTree(content(false), mounted: released).sharesSlots(with: released))
    // ...unless it still declares the handle.
    #expect(!CompositionTree(content(true), mounted: released).sharesSlots(with: released))
    // A tree that still holds its handle (not released) is not shared by a declaration without
    // one: the new tree binds no handle.
    let unreleased = CompositionTree(content(true))
    let plain = CompositionTree(content(false), mounted: unreleased)
    #expect(!plain.sharesSlots(with: unreleased))
    #expect(!plain.hasHandles)
  }
}

extension CompositionTree {
  /// Whether the two trees hold the same array of slots, not equal copies.
  fileprivate func sharesSlots(with other: CompositionTree) -> Bool {
    slots.withUnsafeBufferPointer { mine in
      other.slots.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
    }
  }

  /// The code of every slot.
  fileprivate var slotCodes: [Int] { slots.map(\.code) }
}

#if !canImport(UIKit)
import UIKitModel

extension SharedSlotsTests {
  /// A container whose composer declares the three slots of ``Declared``.
  @MainActor
  final class Screen: UIViewController {
    var declared = Declared() {
      didSet { composer.setNeedsCompose() }
    }
    lazy var composer = Composer(container: self) { [unowned self] in
      SharedSlotsTests.content(declared)
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      composer.setNeedsCompose()
    }
  }

  @Test("A composer keeps its mounted tree through a no-op recompose: no slot built or released")
  func composerKeepsMountedTree() throws {
    startRecordingModel()
    let screen = Screen()
    let window = show(screen)
    let mounted = screen.composer.mounted
    #expect(mounted.slots.count == 3)
    #expect(screen.children.count == 3)
    let traced = screen.composer.trace.count

    screen.composer.setNeedsCompose()
    screen.composer.composeIfNeeded()
    #expect(screen.composer.mounted.sharesSlots(with: mounted))
    #expect(screen.composer.trace.count == traced)

    // A change to one slot's interruption builds the tree again, with no containment call.
    screen.declared.interruption = .cutShort
    screen.composer.composeIfNeeded()
    #expect(!screen.composer.mounted.sharesSlots(with: mounted))
    #expect(screen.composer.mounted.slots[1].interruption == .cutShort)
    #expect(screen.composer.trace.count == traced)
    #expect(screen.children.count == 3)
    _ = window
  }
}
#endif
