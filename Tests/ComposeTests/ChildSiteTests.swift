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
  static func children(of tree: CompositionTree) -> ResolvedChildren {
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
      var list = ChildList(mounted: ResolvedChildren(children[0..<10]))
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
      var dropped = ChildList(own: ResolvedChildren(children[0..<3]))
      dropped.append(children[3])
      let droppedCount = dropped.count
      #expect(droppedCount == 4)
    }
    #expect(weakChildren.allSatisfy { $0() == nil })
  }

  @Test("Mounted children appended by runs are counted while in order, then shared or copied")
  func mountedRunsAreCountedThenSharedOrCopied() {
    let children = Self.children(of: Self.hundredRows())
    // `sources[index]` is the mounted position of the element at `index`: the first five in
    // place, then two swapped, then the rest in place.
    var sources = Array(0..<100)
    sources.swapAt(5, 6)
    func ids(_ list: some Sequence<ResolvedChild>) -> [ObjectIdentifier] {
      list.map(ObjectIdentifier.init)
    }
    children.withUnsafeBufferPointer { candidates in
      sources.withUnsafeBufferPointer { sources in
        var list = ChildList(mounted: children)
        let first = list.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 5,
          environment: EnvironmentValues(),
          nesting: false)
        let (isMounted, room) = (list.isMounted, list.capacity)
        // Counted, not copied: no buffer yet.
        #expect(first)
        #expect(!isMounted)
        #expect(room == 0)
        let second = list.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 5, to: 100,
          environment: EnvironmentValues(),
          nesting: false)
        let (count, ownRoom, updates) = (list.count, list.capacity, list.hasUpdates)
        #expect(!second)
        #expect(count == 100)
        #expect(ownRoom >= 100)
        #expect(!updates)
        let taken = list.takeChildren()
        #expect(ids(taken) == ids(sources.map { children[$0] }))
        // The five counted first are copied (fewer than `shortestSharedRun`), the swapped two
        // copied, the 93 in place after them shared from the mounted buffer.
        #expect(taken.sharesBuffer(with: children))
        // The seven copied are counted as kept alive by the buffer shared, which cannot tell
        // them from elements no longer held: an overcount, on the side of compacting early.
        #expect(taken.unheldCount == 7)
        var runs: [Range<Int>] = []
        taken.forEachRun(marked: true) { run, _ in runs.append(run) }
        #expect(runs == [0..<7, 7..<100])
      }
    }
    // Runs shorter than `shortestSharedRun` are copied: the list shares nothing.
    var alternating = Array(0..<100)
    for index in stride(from: 0, to: 98, by: 7) { alternating.swapAt(index, index + 1) }
    children.withUnsafeBufferPointer { candidates in
      alternating.withUnsafeBufferPointer { sources in
        var list = ChildList(own: [])
        _ = list.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 100,
          environment: EnvironmentValues(), nesting: false)
        let taken = list.takeChildren()
        #expect(ids(taken) == ids(alternating.map { children[$0] }))
        #expect(!taken.sharesRuns)
      }
    }
    // A run longer than the room a list has grows its buffer once, to fit.
    children.withUnsafeBufferPointer { candidates in
      Array(0..<100).withUnsafeBufferPointer { inOrder in
        var list = ChildList(own: [children[99]])
        let inPlace = list.appendMounted(
          candidates, sharing: children.buffer, at: inOrder, from: 0, to: 100,
          environment: EnvironmentValues(),
          nesting: false)
        let (count, room) = (list.count, list.capacity)
        #expect(inPlace)
        #expect(count == 101)
        #expect((101..<116).contains(room))
        #expect(ids(list.takeChildren()) == ids([children[99]] + children))
      }
    }
  }

  @Test("A run of plain children counts as one identity while they are alike, then each")
  func plainRunsOfLocals() {
    let row = ObjectIdentifier(RowViewController.self)
    let header = ObjectIdentifier(HeaderViewController.self)
    var locals = RunLocals()
    locals.appendPlain(controllerType: row, count: 5)
    #expect(locals.count == 5)
    #expect(locals.plainType == row)
    locals.appendPlain(controllerType: row, count: 0)
    locals.appendPlain(controllerType: header, count: 3)
    #expect(locals.count == 8)
    #expect(!locals.isUniform)
    #expect(
      (0..<8).map { locals.local(at: $0).controllerType } == Array(repeating: row, count: 5)
        + Array(repeating: header, count: 3))
    #expect(locals.local(at: 7).suffix.isEmpty)
  }

  @Test("Mounted children appended by runs carry their updates and take a kept environment")
  func mountedRunsCarryUpdatesAndEnvironments() {
    let tree = CompositionTree {
      Slot("rows") {
        ForEach(Array(0..<4), id: \.self) { index in
          if index == 2 {
            Child {
              RowViewController()
            } update: {
              $0.title = "\(index)"
            }
          } else {
            Child { RowViewController() }
          }
        }
      }
    }
    let children = Self.children(of: tree)
    children[1].releaseClosures(keepingEnvironment: true)
    func environment(_ model: Model) -> EnvironmentValues {
      var environment = EnvironmentValues()
      environment[ModelKey.self] = model
      return environment
    }
    let (first, second) = (Model(), Model())
    children.withUnsafeBufferPointer { candidates in
      // Copied to a buffer of the list's own.
      [0, 1, 3, 2].withUnsafeBufferPointer { sources in
        var withoutUpdate = ChildList(own: [])
        _ = withoutUpdate.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 3,
          environment: environment(first),
          nesting: false)
        var withUpdate = ChildList(own: [])
        _ = withUpdate.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 4,
          environment: environment(first),
          nesting: false)
        let (without, with) = (withoutUpdate.hasUpdates, withUpdate.hasUpdates)
        #expect(!without)
        #expect(with)
      }
      #expect(children[1].environment[ModelKey.self] === first)
      // Counted while the list is the mounted children.
      [0, 1, 2].withUnsafeBufferPointer { sources in
        var withoutUpdate = ChildList(mounted: children)
        _ = withoutUpdate.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 2,
          environment: environment(second),
          nesting: false)
        var withUpdate = ChildList(mounted: children)
        _ = withUpdate.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 3,
          environment: environment(second),
          nesting: false)
        let (without, with, room) =
          (withoutUpdate.hasUpdates, withUpdate.hasUpdates, withUpdate.capacity)
        #expect(room == 0)
        #expect(!without)
        #expect(with)
      }
      #expect(children[1].environment[ModelKey.self] === second)
      // Told that refreshing cannot matter and that no child has an update (what a resolution
      // passes when no mounted child may keep its environment and the mounted slot has no
      // update), the list reads neither.
      [0, 1, 2].withUnsafeBufferPointer { sources in
        var list = ChildList(own: [])
        _ = list.appendMounted(
          candidates, sharing: children.buffer, at: sources, from: 0, to: 3,
          environment: environment(Model()), nesting: false, refreshing: false,
          checkingUpdates: false)
        let updates = list.hasUpdates
        #expect(!updates)
      }
      #expect(children[1].environment[ModelKey.self] === second)
    }
    // Only the child that keeps its environment took one.
    #expect(children[0].environment[ModelKey.self] == nil)
    #expect(children[3].environment[ModelKey.self] == nil)
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
