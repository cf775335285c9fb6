#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// One equatable composition (``Composition/equatable()``) of a resolved tree: its value and
/// environment, and what its body declared, so that the next resolution can stand its slots for
/// an equal value instead of evaluating its body.
@MainActor
struct CompositionRecord {
  /// What a record keeps of its composition, which moving the record does not change: one
  /// object, so that a record copied into another tree (the records of a composition that
  /// stands) is one retain, not one for each of them.
  final class Parts {
    /// The value whose body declared the record's slots.
    let composition: any SkippableComposition
    /// The environment in effect at the composition.
    let environment: EnvironmentValues
    /// What its body read of `@Observable` state, for a composer.
    let reader: CompositionReader

    /// The parts of a record of `composition`, declared in `environment`, whose body's reads
    /// `reader` observes.
    init(
      composition: any SkippableComposition, environment: EnvironmentValues,
      reader: CompositionReader
    ) {
      self.composition = composition
      self.environment = environment
      self.reader = reader
    }
  }

  /// The composition's type: the places of two declarations are matched by it. (Beside the
  /// parts, so that matching reads the records alone.)
  let type: ObjectIdentifier
  /// The composition, its environment and its reader.
  let parts: Parts
  /// The positions of its slots in the tree, contiguous.
  var slots: Range<Int>
  /// The positions of the diagnostics its body's declarations gave, in the tree's diagnostics.
  var diagnostics: Range<Int>
  /// The position after its last nested record: records are kept in the order the compositions
  /// are declared, each followed by the ones inside it.
  var end: Int
  /// Whether its slots can stand for an equal value as they are mounted: every one is a plain
  /// slot that places views, and every child the body declared is in them.
  var isSkippable: Bool

  /// The value whose body declared ``slots``.
  var composition: any SkippableComposition { parts.composition }
  /// The environment in effect at the composition.
  var environment: EnvironmentValues { parts.environment }
  /// What its body read of `@Observable` state, for a composer; passed from one declaration to
  /// the next while the composition stays at its place.
  var reader: CompositionReader { parts.reader }

  /// A record of `composition`, of type `type`, declared in `environment`, whose body declared
  /// the slots and diagnostics at these positions, followed by its nested records up to `end`.
  init(
    type: ObjectIdentifier, composition: any SkippableComposition,
    environment: EnvironmentValues, slots: Range<Int>, diagnostics: Range<Int>, end: Int,
    isSkippable: Bool, reader: CompositionReader
  ) {
    self.type = type
    parts = Parts(composition: composition, environment: environment, reader: reader)
    self.slots = slots
    self.diagnostics = diagnostics
    self.end = end
    self.isSkippable = isSkippable
  }

  /// This record, moved to other positions of slots, diagnostics and records.
  func moved(slots slotShift: Int, diagnostics diagnosticShift: Int, records recordShift: Int)
    -> CompositionRecord
  {
    var moved = self
    moved.slots = (slots.lowerBound + slotShift)..<(slots.upperBound + slotShift)
    moved.diagnostics =
      (diagnostics.lowerBound + diagnosticShift)..<(diagnostics.upperBound + diagnosticShift)
    moved.end = end + recordShift
    return moved
  }
}

/// The equatable compositions of a tree, and the slot codes of the declaration they were
/// resolved in.
///
/// A tree made from another one (the tree a reconciliation mounts, a tree without closures, a
/// tree whose busy slots are kept as mounted) carries the records along with the codes of the
/// declaration. A slot that changed since has another code, or hidden children: a record whose
/// slots are not all as declared is not used.
///
/// An object, so that a tree, which every resolution and reconciliation copies, holds one
/// reference for it (none in a tree without equatable compositions).
@MainActor
final class CompositionRecords {
  /// The records, each followed by the ones nested in it.
  let records: [CompositionRecord]
  /// The slot codes of the declaration the records were made in.
  let codes: [Int]

  init(records: [CompositionRecord], codes: [Int]) {
    self.records = records
    self.codes = codes
  }
}

/// Where the next equatable composition of a declaration is looked for among the mounted
/// records: the siblings, from `next`, of the records inside one record (or of the top-level
/// ones) that end at `end`.
struct RecordFrame {
  var next: Int
  let end: Int
}

/// What an equatable composition's body read of `@Observable` state when a composer last
/// evaluated it, and whether that changed since.
@MainActor
final class CompositionReader {
  /// The registration that watches what the body read; `nil` outside a composer.
  var registration: ObservedReads.Registration?
  /// Whether what the body read changed since it was evaluated: its body is evaluated again.
  var isDirty = false
}

/// Evaluates the bodies of equatable compositions for a composer, observing what each one reads
/// on its own: a body that is not evaluated again, because its value is equal, keeps watching
/// what it read last time.
///
/// The body is evaluated inside the composer's own observation of its body, which sees the same
/// reads and the registration's own property. The previous registration of a composition is
/// ended only after the composer's new registration is in place and its old one ended
/// (``endReplacedRegistrations()``): ending it before would fire the composer's old
/// registration, which read it.
@MainActor
final class CompositionObserver {
  private let reads = ObservedReads()
  private var replaced: [ObservedReads.Registration] = []
  /// Called at the first change to what a composition's body read, on the thread that makes it,
  /// after the composition is marked dirty.
  private let onChange: @MainActor (CompositionReader) -> @Sendable () -> Void

  init(onChange: @escaping @MainActor (CompositionReader) -> @Sendable () -> Void) {
    self.onChange = onChange
  }

  /// Evaluates `body` for the composition `reader` belongs to, observing what it reads.
  func evaluate(
    _ reader: CompositionReader, _ body: () -> CompositionContent
  ) -> CompositionContent {
    reader.isDirty = false
    let previous = reader.registration
    reader.registration = nil
    let content = reads.track(&reader.registration, body, onChange: onChange(reader))
    if let previous { replaced.append(previous) }
    return content
  }

  /// Ends the registrations that evaluations replaced.
  func endReplacedRegistrations() {
    let ending = replaced
    replaced = []
    for registration in ending { reads.end(registration) }
  }

  /// Ends the registrations of the compositions of `old` that `new` no longer has.
  func endRegistrations(leaving old: CompositionRecords?, for new: CompositionRecords?) {
    guard let old, !old.records.isEmpty else { return }
    var kept = Set<ObjectIdentifier>()
    for record in new?.records ?? [] { kept.insert(ObjectIdentifier(record.reader)) }
    for record in old.records where !kept.contains(ObjectIdentifier(record.reader)) {
      if let registration = record.reader.registration {
        record.reader.registration = nil
        reads.end(registration)
      }
    }
  }
}
