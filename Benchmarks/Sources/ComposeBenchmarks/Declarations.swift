import Compose

/// The controller every benchmark child declares; never made, since planning makes no controller.
final class RowController: UIViewController {}

/// A second controller type, for children whose type changes.
final class OtherController: UIViewController {}

/// Declarations for the workloads, built with Compose's public API.
@MainActor
enum Declarations {
  /// Slot names, made once so that building a declaration does not format strings.
  static let slotNames: [String] = (0..<1_000).map { "slot\($0)" }

  /// W1: `count` slots with one child each.
  ///
  /// - Parameter count: The number of slots, at most 1000.
  /// - Returns: The declaration.
  @CompositionBuilder
  static func slots(_ count: Int) -> CompositionContent {
    for index in 0..<count {
      Slot(slotNames[index]) {
        Child { RowController() }
      }
    }
  }

  /// W1–W3: one slot with a child per key.
  ///
  /// - Parameter keys: The keys, unique.
  /// - Returns: The declaration.
  @CompositionBuilder
  static func keyedList<Key: Hashable>(_ keys: [Key]) -> CompositionContent {
    Slot("list") {
      ForEach(keys, id: \.self) { _ in
        Child { RowController() }
      }
    }
  }

  /// W2, W3: ``keyedList(_:)`` declared with `skipsUnchangedElements`, so that only the
  /// elements whose key is new make their content.
  ///
  /// - Parameter keys: The keys, unique.
  /// - Returns: The declaration.
  @CompositionBuilder
  static func skippingList<Key: Hashable>(_ keys: [Key]) -> CompositionContent {
    Slot("list") {
      ForEach(keys, id: \.self, skipsUnchangedElements: true) { _ in
        Child { RowController() }
      }
    }
  }

  /// W4: a chain of groups `depth` deep in one slot, a child at every level and a leaf whose
  /// explicit identity is `leaf`.
  ///
  /// - Parameters:
  ///   - depth: The nesting depth.
  ///   - leaf: The leaf's explicit identity.
  /// - Returns: The declaration.
  @CompositionBuilder
  static func chain(depth: Int, leaf: Int) -> CompositionContent {
    Slot("chain") {
      link(depth: depth, leaf: leaf)
    }
  }

  private static func link(depth: Int, leaf: Int) -> SlotContent {
    guard depth > 0 else {
      return Child { RowController() }.id(leaf).slotContent
    }
    return Group {
      Child { RowController() }
      link(depth: depth - 1, leaf: leaf)
    }.slotContent
  }

  /// W4: a balanced tree of compositions, ten per level, three levels: 1000 slots of one child;
  /// the child of slot `changedLeaf` has the explicit identity `version`.
  ///
  /// - Parameters:
  ///   - changedLeaf: The slot whose child differs.
  ///   - version: That child's explicit identity.
  /// - Returns: The declaration.
  static func balancedTree(changedLeaf: Int, version: Int) -> CompositionContent {
    Branch(level: 2, base: 0, changedLeaf: changedLeaf, version: version, isEquatable: false)
      .compositionContent
  }

  /// W4: ``balancedTree(changedLeaf:version:)`` of compositions declared `equatable()`, each
  /// given the version only when the changed leaf is among its slots, as a screen passes each
  /// part only what it shows: an unchanged branch is equal to the mounted one.
  ///
  /// - Parameters:
  ///   - changedLeaf: The slot whose child differs.
  ///   - version: That child's explicit identity.
  /// - Returns: The declaration.
  static func equatableTree(changedLeaf: Int, version: Int) -> CompositionContent {
    Branch(level: 2, base: 0, changedLeaf: changedLeaf, version: version, isEquatable: true)
      .equatable().compositionContent
  }

  /// W5: nine still slots and one whose only child changes type with a cross-dissolve.
  ///
  /// - Parameter showsRow: Which child the changing slot shows.
  /// - Returns: The declaration.
  @CompositionBuilder
  static func swap(showsRow: Bool) -> CompositionContent {
    for index in 0..<9 {
      Slot(slotNames[index]) {
        Child { RowController() }
      }
    }
    Slot("main") {
      if showsRow {
        Child { RowController() }
      } else {
        Child { OtherController() }
      }
    }
    .transition(.crossDissolve(duration: 0.3))
  }
}

/// One level of the balanced tree: ten sub-branches, or ten slots at the bottom level.
///
/// Declared `equatable()` (`isEquatable`), a branch holds the version only when the changed leaf
/// is among its slots, as a screen passes each part only what it shows.
@MainActor
private struct Branch: Composition, Equatable {
  let level: Int
  let base: Int
  let changedLeaf: Int
  let version: Int
  let isEquatable: Bool

  var body: CompositionContent {
    for index in 0..<10 {
      if level == 0 {
        let leaf = base * 10 + index
        Slot(Declarations.slotNames[leaf]) {
          Child { RowController() }.id(leaf == changedLeaf ? version : 0)
        }
      } else if isEquatable {
        branch(base * 10 + index).equatable()
      } else {
        branch(base * 10 + index)
      }
    }
  }

  private func branch(_ base: Int) -> Branch {
    var holdsLeaf = true
    if isEquatable {
      // The leaves of the sub-branch at `base`, one level down.
      var span = 1
      for _ in 0..<level { span *= 10 }
      holdsLeaf = (base * span..<(base + 1) * span).contains(changedLeaf)
    }
    return Branch(
      level: level - 1, base: base, changedLeaf: changedLeaf, version: holdsLeaf ? version : 0,
      isEquatable: isEquatable)
  }
}
