import Testing

@testable import Compose

/// `ChildSite`: resolved children declared alike share where they are declared, their
/// transition's signature and their lifetime, and each child still reads its own.
@Suite("What mounted children share")
@MainActor
struct ChildSiteTests {
  /// A new slot of 100 keyed rows, each one plain child.
  static func hundredRows() -> CompositionTree {
    CompositionTree {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(Array(0..<100), id: \.self) { _ in Child { RowViewController() } }
      }
    }
  }

  /// The resolved children of the tree's only slot.
  static func children(of tree: CompositionTree) -> [ResolvedChild] {
    tree.slots.first?.children ?? []
  }

  @Test("A ForEach's children share one site")
  func listSharesOneSite() {
    let children = Self.children(of: Self.hundredRows())
    #expect(children.count == 100)
    #expect(children.allSatisfy { $0.site === children[0].site })
    #expect(children[0].source.fileID == "ComposeTests/ChildSiteTests.swift")
  }

  @Test("Children that differ in place, transition or lifetime each read their own")
  func differingChildrenKeepTheirOwn() {
    let tree = CompositionTree {
      Slot("rows", layout: .stack(axis: .vertical)) {
        Child { RowViewController() }
        ForEach(Array(0..<5), id: \.self) { key in
          Child { RowViewController() }
            .lifetime(key == 1 ? .keepAlive(evictOnMemoryWarning: false) : .whileShown)
            .transition(.crossDissolve(duration: key == 2 ? 0.5 : 0.2))
        }
      }
    }
    let children = Self.children(of: tree)
    let keepAlive = Lifetime.keepAlive(evictOnMemoryWarning: false)
    #expect(
      children.map(\.lifetime) == [.whileShown, .whileShown, keepAlive]
        + Array(repeating: .whileShown, count: 3))
    #expect(children.map(\.transitionSignature.duration) == [0, 0.2, 0.2, 0.5, 0.2, 0.2])
    #expect(children[0].source.line != children[1].source.line)
    #expect(children[1...].allSatisfy { $0.source.line == children[1].source.line })
    // Only consecutive children declared alike share a site: the last two.
    let sites = children.map { ObjectIdentifier($0.site) }
    #expect(Set(sites).count == 5)
    #expect(sites[4] == sites[5])
  }

  @Test("A kept child declared again with an update shares its mounted site")
  func redeclaredChildKeepsItsSite() {
    @CompositionBuilder func rows(_ keys: [Int]) -> CompositionContent {
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
    let mounted = CompositionTree(rows([1, 2, 3]))
    let again = CompositionTree(rows([3, 1, 2]), mounted: mounted)
    let old = Self.children(of: mounted)
    let new = Self.children(of: again)
    // A child with an update is made again at every resolution, with the mounted identity.
    #expect(new.map(\.identity) == [old[2].identity, old[0].identity, old[1].identity])
    for (child, mounted) in zip(new, [old[2], old[0], old[1]]) {
      #expect(child !== mounted)
      #expect(child.site === mounted.site)
    }
  }

  @Test("A slot's children share its name, and children added later share the mounted ones'")
  func slotNameIsShared() {
    @CompositionBuilder func rows(_ keys: [Int]) -> CompositionContent {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
      }
    }
    let mounted = CompositionTree(rows([1, 2]))
    let grown = CompositionTree(rows([1, 2, 3, 4]), mounted: mounted)
    let names = Self.children(of: grown).map { ObjectIdentifier($0.identity.storage.slotName) }
    #expect(names.count == 4)
    #expect(Set(names).count == 1)
    #expect(Self.children(of: grown)[3].identity.slot == "rows")
  }

  @Test("A new slot's keyed children take an array of their own size, not the next power of two")
  func newListIsSizedExactly() {
    let children = Self.children(of: Self.hundredRows())
    #expect(children.count == 100)
    // Appending one by one would have grown it to 128; malloc may round the exact size up a bit.
    #expect((100..<112).contains(children.capacity))
    // What the resolver does for a new list: make room for its children, then append them,
    // without growing the list's buffer.
    var list = ChildList(own: [])
    list.reserve(100)
    let room = list.capacity
    #expect((100..<112).contains(room))
    for child in children { list.append(child) }
    // (Read into values first: the list cannot be copied into an expectation.)
    let grownRoom = list.capacity
    let taken = list.takeChildren()
    #expect(grownRoom == room)
    #expect(taken.map(ObjectIdentifier.init) == children.map(ObjectIdentifier.init))
  }

  @Test("Many sibling lists in one slot grow its array geometrically, not one list at a time")
  func siblingListsGrowGeometrically() {
    let tree = CompositionTree {
      Slot("rows", layout: .stack(axis: .vertical)) {
        for index in 0..<600 {
          ForEach([index], id: \.self) { _ in Child { RowViewController() } }
        }
      }
    }
    #expect(Self.children(of: tree).count == 600)
    // What the resolver does for each list: make room for its children, then append them. The
    // array is copied each time its capacity changes; reserving each list's size exactly would
    // change it for almost every list (the allocator may round a request up by a few children).
    let child = Self.children(of: Self.hundredRows())[0]
    var list = ChildList(own: [])
    var capacity = list.capacity
    var growths = 0
    for _ in 0..<600 {
      list.reserve(1)
      list.append(child)
      if list.capacity != capacity {
        growths += 1
        capacity = list.capacity
      }
    }
    let count = list.count
    #expect(count == 600)
    #expect(growths <= 20, "the array was copied \(growths) times for 600 lists")
  }

  @Test("A list's own children keep their order through growth, move out once, and are released")
  func ownChildrenAreMovedAndReleased() {
    var weakChildren: [() -> ResolvedChild?] = []
    do {
      let children = Self.children(of: Self.hundredRows())
      for child in children {
        weakChildren.append { [weak child] in child }
      }
      // Shares the first 10 mounted children, then owns a buffer that grows several times.
      var list = ChildList(mounted: Array(children[0..<10]))
      for child in children[0..<10] { list.append(child) }
      let (isMounted, sharedRoom) = (list.isMounted, list.capacity)
      #expect(isMounted)
      #expect(sharedRoom == 0)
      for child in children.reversed() { list.append(child) }
      let (count, last) = (list.count, list.last)
      #expect(count == 110)
      #expect(last === children[0])
      let taken = list.takeChildren()
      #expect(
        taken.map(ObjectIdentifier.init)
          == (children[0..<10] + children.reversed()).map(ObjectIdentifier.init))
      let countAfter = list.count
      #expect(countAfter == 0)
      // A list dropped with children still in its buffer releases them.
      var dropped = ChildList(own: Array(children[0..<3]))
      dropped.append(children[3])
      let droppedCount = dropped.count
      #expect(droppedCount == 4)
    }
    #expect(weakChildren.allSatisfy { $0() == nil })
  }

  @Test(
    "A released child drops its closures and environment; with its environment kept, only that")
  func releasedChildDropsWhatUserCodeGave() {
    for keepsEnvironment in [false, true] {
      weak var captured: Model?
      weak var inEnvironment: Model?
      var tree: CompositionTree
      do {
        let model = Model()
        let other = Model()
        captured = model
        inEnvironment = other
        var environment = EnvironmentValues()
        environment[ModelKey.self] = other
        tree = CompositionTree(environment: environment) {
          Slot("rows") {
            Child {
              ModelRowController(model)
            } update: { row in
              row.model = model
            }
          }
        }
      }
      let child = Self.children(of: tree)[0]
      #expect(child.make != nil)
      #expect(child.update != nil)
      #expect(child.environment[ModelKey.self] === inEnvironment)
      #expect(child.holdsExtras)
      tree = tree.releasingClosures(keepingEnvironments: keepsEnvironment)
      #expect(child.isReleased)
      // Released, the box stays only for the environment it keeps.
      #expect(child.holdsExtras == keepsEnvironment)
      #expect(child.make == nil)
      #expect(child.update == nil)
      #expect(captured == nil)
      #expect((inEnvironment != nil) == keepsEnvironment)
      #expect((child.environment[ModelKey.self] != nil) == keepsEnvironment)
      #expect(child.environment.isSet == keepsEnvironment)
      #expect(tree.slots.count == 1)
    }
  }
}

extension ChildSiteTests {
  @Test("A released child that keeps its environment takes a new one, also after an empty one")
  func keptEnvironmentIsRefreshed() {
    let tree = CompositionTree {
      Slot("rows") { Child { RowViewController() } }
    }
    let child = Self.children(of: tree)[0]
    #expect(!child.environment.isSet)
    child.releaseClosures(keepingEnvironment: true)
    let model = Model()
    var environment = EnvironmentValues()
    environment[ModelKey.self] = model
    child.refreshEnvironment(environment, nesting: false)
    #expect(child.environment[ModelKey.self] === model)
    child.refreshEnvironment(EnvironmentValues(), nesting: false)
    #expect(child.environment[ModelKey.self] == nil)
    // A child that does not keep its environment ignores a new one while containers do not
    // nest, and keeps it, and the next ones, once they do.
    let other = Self.children(
      of: CompositionTree { Slot("rows") { Child { RowViewController() } } })
    other[0].releaseClosures()
    other[0].refreshEnvironment(environment, nesting: false)
    #expect(!other[0].environment.isSet)
    #expect(!other[0].keepsEnvironment)
    other[0].refreshEnvironment(environment, nesting: true)
    #expect(other[0].keepsEnvironment)
    #expect(other[0].environment[ModelKey.self] === model)
    other[0].refreshEnvironment(EnvironmentValues(), nesting: false)
    #expect(other[0].environment[ModelKey.self] == nil)
  }
}

extension ChildSiteTests {
  @Test("A list keeps its matching with the mounted list for every reconciliation until mounted")
  func matchingIsKeptUntilMounted() throws {
    func rows(_ keys: [Int]) -> CompositionContent {
      Slot("rows", layout: .stack(axis: .vertical)) {
        ForEach(keys, id: \.self) { _ in Child { RowViewController() } }
      }
      .compositionContent
    }
    let mounted = CompositionTree(rows(Array(0..<10)))
    let next = CompositionTree(rows(Array(1..<10) + [0]), mounted: mounted)
    let run = try #require(next.slots.first?.keyedRun as? TypedRun<Int>)
    #expect(run.holdsMatch)
    let first = mounted.reconcile(to: next).plan
    #expect(first.steps.count == 1)
    #expect(run.holdsMatch)
    #expect(mounted.reconcile(to: next).plan == first)
    _ = next.releasingClosures()
    #expect(!run.holdsMatch)
    // Matched again, the keys give the same plan.
    #expect(mounted.reconcile(to: next).plan == first)
  }
}

/// A value a child's closures capture, or its environment holds.
private final class Model {}

/// A row that shows a model.
private final class ModelRowController: UIViewController {
  var model: Model

  init(_ model: Model) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

/// An environment value of a reference type, to see whether a released child keeps it.
private struct ModelKey: EnvironmentKey {
  static var defaultValue: Model? { nil }
}

extension ChildSiteTests {
  @Test("Inputs are equal only with the same type and an equal value")
  func inputsCompareTypeThenValue() {
    #expect(ChildInput.make(1).equals(ChildInput.make(1)))
    #expect(!ChildInput.make(1).equals(ChildInput.make(2)))
    #expect(!ChildInput.make(1).equals(ChildInput.make(Int8(1))))
    #expect(!ChildInput.make("1").equals(ChildInput.make(1)))
    #expect(ChildInput.make([1, 2]).equals(ChildInput.make([1, 2])))
    #expect(!ChildInput.make(Optional(1)).equals(ChildInput.make(1)))
  }
}
