#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The slots of a resolved tree, in order: an array of ``ResolvedSlot`` whose runs can be shared
/// with the trees they come from.
///
/// A tree resolved against a mounted one holds many of the mounted slots as they are (the slots
/// of every equatable composition that stands, every unchanged slot). In an array each would be
/// copied, one retain of its parts, and destroyed with the tree, one release: for a tree of
/// 1,000 slots with one leaf changed, that is most of what resolving it costs. Here a run of
/// another tree's slots is appended bit for bit, and the buffer that owns them is retained once
/// for the run instead (``append(sharing:_:)``).
///
/// Each buffer records who owns each run of its slots (``SlotBuffer/Header/runs``): itself, or
/// the buffer the run was first made in. A run shared from a run that was itself shared names
/// that first buffer, so trees never form a chain of buffers that keep each other alive. What
/// a buffer keeps alive that its tree no longer holds (a slot since replaced, in a buffer whose
/// other slots the tree shares) is bounded: ``compacted()`` copies the slots into a buffer of
/// their own once it exceeds ``maximumUnheld(for:)``.
///
/// A value, copied on write. Writing a slot of a shared buffer first shares every slot of it
/// into a buffer of the tree's own, then gives that position a slot of its own.
struct ResolvedSlots: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
  typealias Index = Int
  typealias Indices = Range<Int>
  typealias SubSequence = Slice<ResolvedSlots>

  /// `nil` until a slot is appended.
  private var buffer: SlotBuffer?
  /// The buffer's first slot and its count, kept beside it: a read checks its position against
  /// a value of its own, which the compiler keeps in a register, instead of loading the
  /// buffer's count at every access.
  private var base: UnsafeMutablePointer<ResolvedSlot>?
  private(set) var count = 0

  init() {}

  init(arrayLiteral elements: ResolvedSlot...) {
    self.init(elements)
  }

  init<Slots: Sequence<ResolvedSlot>>(_ slots: Slots) {
    for slot in slots { append(slot) }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  var indices: Range<Int> { 0..<count }
  var isEmpty: Bool { count == 0 }

  @inline(__always)
  func index(after index: Int) -> Int { index + 1 }
  @inline(__always)
  func index(before index: Int) -> Int { index - 1 }

  /// The slot at `position`, read in place: reading a part of it does not copy the slot.
  subscript(position: Int) -> ResolvedSlot {
    unsafeAddress {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "slot index out of range")
      return UnsafePointer(base.unsafelyUnwrapped + position)
    }
    set {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "slot index out of range")
      makeUnique(reserving: 0)
      buffer.unsafelyUnwrapped.replace(at: position, with: newValue)
    }
  }

  subscript(bounds: Range<Int>) -> Slice<ResolvedSlots> {
    get { Slice(base: self, bounds: bounds) }
    set {
      for (offset, slot) in zip(bounds, newValue) { self[offset] = slot }
    }
  }

  /// Calls `body` with the slots in one contiguous buffer, which it must not escape.
  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<ResolvedSlot>) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(buffer) { try body(UnsafeBufferPointer(start: base, count: count)) }
  }

  /// Makes room for `count` slots in all.
  mutating func reserveCapacity(_ count: Int) {
    makeUnique(reserving: Swift.max(0, count - endIndex))
  }

  /// Appends a slot of the tree's own.
  mutating func append(_ slot: consuming ResolvedSlot) {
    makeUnique(reserving: 1)
    buffer.unsafelyUnwrapped.appendOwned(slot)
    count += 1
  }

  /// Appends the slots of `other` at `range`, shared: bit for bit, with one retain of the buffer
  /// that owns them per run, not one retain per slot.
  mutating func append(sharing other: ResolvedSlots, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "slots out of range")
    let source = other.buffer.unsafelyUnwrapped
    makeUnique(reserving: range.count)
    buffer.unsafelyUnwrapped.appendShared(from: source, range)
    count += range.count
  }

  /// How many slots a tree of `count` slots may keep alive without holding them: slots since
  /// replaced, in buffers whose other slots it shares.
  static func maximumUnheld(for count: Int) -> Int { Swift.max(16, count / 4) }

  /// These slots, in a buffer of their own when the buffers they share keep more than
  /// ``maximumUnheld(for:)`` slots alive that they do not hold.
  func compacted() -> ResolvedSlots {
    guard let buffer, buffer.sharesRuns,
      buffer.unheldCount() > Self.maximumUnheld(for: buffer.count)
    else { return self }
    var compacted = ResolvedSlots()
    compacted.adopt(buffer.ownedCopy(capacity: buffer.count))
    return compacted
  }

  /// Whether some of the slots are shared from another buffer.
  var sharesRuns: Bool { buffer?.sharesRuns ?? false }

  /// How many slots the buffers these slots share keep alive that they do not hold.
  var unheldCount: Int { buffer?.unheldCount() ?? 0 }

  /// Calls `body` for each run of slots, in order, with its positions and whether a tree
  /// released as `keepingEnvironments` says may share it as it is: its slots are owned by
  /// another buffer, marked released that way (``markReleased(keepingEnvironments:)``).
  func forEachRun(
    releasedKeepingEnvironments keepingEnvironments: Bool, _ body: (Range<Int>, Bool) -> Void
  ) {
    buffer?.forEachRun { range, owner in
      body(range, owner?.releasedKeepingEnvironments == keepingEnvironments)
    }
  }

  /// Marks the slots the buffer owns as released (``CompositionTree/releasingClosures(keepingEnvironments:)``):
  /// a tree released the same way may share them again.
  mutating func markReleased(keepingEnvironments: Bool) {
    guard let buffer else { return }
    buffer.withUnsafeMutablePointerToHeader {
      $0.pointee.releasedKeepingEnvironments = keepingEnvironments
    }
  }

  /// Gives the slots a buffer of their own, with room for `extra` more: the same buffer when it
  /// is referenced only here and has the room, a larger one otherwise.
  private mutating func makeUnique(reserving extra: Int) {
    // Checked before the buffer is bound: the binding would be a second reference.
    let isUnique = isKnownUniquelyReferenced(&buffer)
    guard let current = buffer else {
      if extra > 0 { adopt(SlotBuffer.make(capacity: extra)) }
      return
    }
    let needed = current.count + extra
    if isUnique {
      guard needed > current.room else { return }
      let larger = SlotBuffer.make(capacity: Swift.max(needed, 2 * current.room))
      larger.moveAll(from: current)
      adopt(larger)
    } else {
      // Every slot shared, none copied: the buffer stays alive as their owner.
      let copy = SlotBuffer.make(capacity: Swift.max(needed, current.room))
      copy.appendShared(from: current, 0..<current.count)
      adopt(copy)
    }
  }

  /// Holds `buffer` in place of the current one.
  private mutating func adopt(_ buffer: SlotBuffer) {
    base = buffer.elements
    count = buffer.count
    self.buffer = buffer
  }
}

/// A buffer of slots, some owned, others shared from the buffers that own them.
final class SlotBuffer: ManagedBuffer<SlotBuffer.Header, ResolvedSlot> {
  /// Who owns a run of a buffer's slots: the run ends before `end`, after the previous run.
  struct Run {
    var end: Int
    /// The buffer that owns the run's slots; `nil` for the buffer itself.
    let owner: SlotBuffer?
  }

  struct Header {
    var count: Int
    /// How many slots the buffer has room for (read once when it is made:
    /// `ManagedBuffer.capacity` asks the allocator).
    let capacity: Int
    /// The runs of slots, in order, when some are shared; empty when the buffer owns all.
    var runs: [Run]
    /// Whether the slots the buffer owns are released, and how; `nil` when they may hold
    /// closures.
    var releasedKeepingEnvironments: Bool?
  }

  /// An empty buffer with room for `capacity` slots at least.
  static func make(capacity: Int) -> SlotBuffer {
    let buffer = create(minimumCapacity: capacity) { buffer in
      Header(count: 0, capacity: buffer.capacity, runs: [], releasedKeepingEnvironments: nil)
    }
    return unsafeDowncast(buffer, to: SlotBuffer.self)
  }

  // The header and the elements are read through their pointers: reading `header` checks
  // exclusive access at run time, as any class's stored property.
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
  var room: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
  var sharesRuns: Bool { withUnsafeMutablePointerToHeader { !$0.pointee.runs.isEmpty } }
  var releasedKeepingEnvironments: Bool? {
    withUnsafeMutablePointerToHeader { $0.pointee.releasedKeepingEnvironments }
  }
  /// The first slot; stable for the buffer's lifetime.
  var elements: UnsafeMutablePointer<ResolvedSlot> { withUnsafeMutablePointerToElements { $0 } }

  /// Appends a slot the buffer owns; it must have room.
  func appendOwned(_ slot: consuming ResolvedSlot) {
    var moved = Optional(consume slot)
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      assert(count < header.pointee.capacity, "appending to a full SlotBuffer")
      (elements + count).initialize(to: moved.take().unsafelyUnwrapped)
      header.pointee.count = count + 1
      Self.extend(&header.pointee.runs, to: count + 1, owner: nil)
    }
  }

  /// Appends the slots of `source` at `range`, bit for bit, recording the buffers that own
  /// them; it must have room.
  func appendShared(from source: SlotBuffer, _ range: Range<Int>) {
    var runs = withUnsafeMutablePointerToHeader { header in
      // Taken out, so that the header's array is not copied when runs are added.
      let runs = header.pointee.runs
      header.pointee.runs = []
      return runs
    }
    var end = count
    assert(end + range.count <= room, "appending beyond a SlotBuffer's room")
    if runs.isEmpty, end > 0 { runs.append(Run(end: end, owner: nil)) }
    UnsafeMutableRawPointer(elements + end).copyMemory(
      from: source.elements + range.lowerBound,
      byteCount: range.count * MemoryLayout<ResolvedSlot>.stride)
    source.forEachRun(in: range) { piece, owner in
      end += piece.count
      Self.extend(&runs, to: end, owner: owner ?? source)
    }
    withUnsafeMutablePointerToHeader { header in
      header.pointee.count = end
      header.pointee.runs = runs
    }
  }

  /// Extends the last run to `end` when it has the same owner, or adds a run; `runs` stays
  /// empty while the buffer owns every slot.
  private static func extend(_ runs: inout [Run], to end: Int, owner: SlotBuffer?) {
    guard let last = runs.last else {
      if owner != nil { runs.append(Run(end: end, owner: owner)) }
      // An owned slot first: no run yet, the buffer owns everything so far.
      return
    }
    if Self.same(last.owner, owner) {
      runs[runs.count - 1].end = end
    } else {
      runs.append(Run(end: end, owner: owner))
    }
  }

  private static func same(_ a: SlotBuffer?, _ b: SlotBuffer?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): ObjectIdentifier(a) == ObjectIdentifier(b)
    default: false
    }
  }

  /// Calls `body` for each run of slots within `range`: its positions, and the buffer that owns
  /// it (`nil` for this one).
  func forEachRun(in range: Range<Int>? = nil, _ body: (Range<Int>, SlotBuffer?) -> Void) {
    let range = range ?? 0..<count
    let runs = withUnsafeMutablePointerToHeader { $0.pointee.runs }
    guard !runs.isEmpty else {
      if !range.isEmpty { body(range, nil) }
      return
    }
    var start = 0
    for run in runs {
      let lower = Swift.max(start, range.lowerBound)
      let upper = Swift.min(run.end, range.upperBound)
      if lower < upper { body(lower..<upper, run.owner) }
      start = run.end
      if start >= range.upperBound { break }
    }
  }

  /// Replaces the slot at `position` with one the buffer owns; a slot the buffer shares is
  /// left to its owner, not destroyed.
  func replace(at position: Int, with slot: ResolvedSlot) {
    withUnsafeMutablePointers { header, elements in
      let runs = header.pointee.runs
      guard !runs.isEmpty else {
        elements[position] = slot
        return
      }
      var start = 0
      for (index, run) in runs.enumerated() {
        defer { start = run.end }
        guard position < run.end else { continue }
        if run.owner == nil {
          elements[position] = slot
          return
        }
        (elements + position).initialize(to: slot)
        var split: [Run] = []
        if position > start { split.append(Run(end: position, owner: run.owner)) }
        split.append(Run(end: position + 1, owner: nil))
        if run.end > position + 1 { split.append(Run(end: run.end, owner: run.owner)) }
        header.pointee.runs.replaceSubrange(index...index, with: split)
        return
      }
    }
  }

  /// Moves every slot of `other`, and the record of who owns them, to this buffer, which must
  /// be empty and have room; `other` is left empty.
  func moveAll(from other: SlotBuffer) {
    other.withUnsafeMutablePointers { otherHeader, others in
      withUnsafeMutablePointers { header, elements in
        assert(header.pointee.count == 0, "moving into a SlotBuffer that has slots")
        elements.moveInitialize(from: others, count: otherHeader.pointee.count)
        header.pointee.count = otherHeader.pointee.count
        header.pointee.runs = otherHeader.pointee.runs
        header.pointee.releasedKeepingEnvironments = otherHeader.pointee.releasedKeepingEnvironments
        otherHeader.pointee.count = 0
        otherHeader.pointee.runs = []
      }
    }
  }

  /// A buffer that owns a copy of each slot.
  func ownedCopy(capacity: Int) -> SlotBuffer {
    let copy = SlotBuffer.make(capacity: Swift.max(capacity, count))
    copy.withUnsafeMutablePointers { header, elements in
      let count = self.count
      let from = self.elements
      for index in 0..<count {
        (elements + index).initialize(to: from[index])
      }
      header.pointee.count = count
    }
    return copy
  }

  /// How many slots this buffer keeps alive, through the buffers it shares slots of (and the
  /// ones those keep alive), that it does not hold itself.
  func unheldCount() -> Int {
    var visited: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    var pending: [SlotBuffer] = []
    var shared = 0
    forEachRun { range, owner in
      guard let owner else { return }
      shared += range.count
      if visited.insert(ObjectIdentifier(owner)).inserted { pending.append(owner) }
    }
    var kept = 0
    while let owner = pending.popLast() {
      owner.forEachRun { range, next in
        guard let next else {
          kept += range.count
          return
        }
        if visited.insert(ObjectIdentifier(next)).inserted { pending.append(next) }
      }
    }
    return kept - shared
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      let runs = header.pointee.runs
      guard !runs.isEmpty else {
        _ = elements.deinitialize(count: header.pointee.count)
        return
      }
      var start = 0
      for run in runs {
        if run.owner == nil { _ = (elements + start).deinitialize(count: run.end - start) }
        start = run.end
      }
    }
  }
}
