#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The slots of a resolved tree, in order.
typealias ResolvedSlots = SharedArray<ResolvedSlot>

/// The children of a resolved slot, in order.
typealias ResolvedChildren = SharedArray<ResolvedChild>

/// An array whose runs of elements can be shared with the arrays they come from: the slots of a
/// resolved tree, the children of a resolved slot.
///
/// A tree resolved against a mounted one holds many of the mounted slots and children as they
/// are: the slots of every equatable composition that stands and every unchanged slot, the
/// children of every unchanged element of a list. In an array each would be copied, one retain,
/// and destroyed with the tree, one release, both atomic: for a tree of 1,000 slots with one
/// leaf changed, or a list of 10,000 children with a block of 10 inserted, that is most of what
/// resolving costs. Here a run of another array's elements is appended bit for bit, and the
/// buffer that owns them is retained once for the run instead (``append(sharing:_:)``).
///
/// Each buffer records who owns each run of its elements (``SharedBufferHeader/runs``): itself,
/// or the buffer the run was first made in. A run shared from a run that was itself shared
/// names that first buffer, so arrays never form a chain of buffers that keep each other alive.
/// What an array keeps alive that it does not hold (an element since replaced or removed, in a
/// buffer whose other elements it shares) is bounded: ``compacted()`` copies the elements into a
/// buffer of their own once it exceeds ``maximumUnheld(for:)``.
///
/// A value, copied on write. Writing an element of a shared buffer first shares every element
/// of it into a buffer of the array's own, then gives that position an element of its own.
///
/// Elements are shared by copying their bits, so `Element` must be bitwise movable: a struct or
/// enum of strong references and plain values, or a class (not a type holding a weak reference,
/// which the runtime may track by address). An array shares each position of another at most
/// once: ``unheldCount`` counts a position shared twice as held twice.
struct SharedArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
  typealias Index = Int
  typealias Indices = Range<Int>
  typealias SubSequence = Slice<SharedArray>

  /// `nil` until an element is appended.
  private(set) var buffer: SharedBuffer<Element>?
  /// The buffer's first element and its count, kept beside it: a read checks its position against
  /// a value of its own, which the compiler keeps in a register, instead of loading the
  /// buffer's count at every access.
  private var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0

  init() {}

  init(arrayLiteral elements: Element...) {
    self.init(elements)
  }

  init<Elements: Sequence<Element>>(_ elements: Elements) {
    reserveCapacity(elements.underestimatedCount)
    for element in elements { append(element) }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  var indices: Range<Int> { 0..<count }
  var isEmpty: Bool { count == 0 }
  /// How many elements the array's buffer has room for.
  var capacity: Int { buffer?.room ?? 0 }

  @inline(__always)
  func index(after index: Int) -> Int { index + 1 }
  @inline(__always)
  func index(before index: Int) -> Int { index - 1 }

  /// The element at `position`, read in place: reading a part of it does not copy the element.
  subscript(position: Int) -> Element {
    unsafeAddress {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "index out of range")
      return UnsafePointer(base.unsafelyUnwrapped + position)
    }
    set {
      precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "index out of range")
      makeUnique(reserving: 0)
      buffer.unsafelyUnwrapped.replace(at: position, with: newValue)
    }
  }

  subscript(bounds: Range<Int>) -> Slice<SharedArray> {
    get { Slice(base: self, bounds: bounds) }
    set {
      for (offset, slot) in zip(bounds, newValue) { self[offset] = slot }
    }
  }

  /// Calls `body` with the elements in one contiguous buffer, which it must not escape.
  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(buffer) { try body(UnsafeBufferPointer(start: base, count: count)) }
  }

  /// The elements, in one contiguous buffer, valid while the array is alive and not changed.
  ///
  /// For a hot loop that a closure passed to ``withUnsafeBufferPointer(_:)`` would keep from
  /// being inlined. Keep the array alive past the last use (`withExtendedLifetime`).
  var unsafeElements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// Makes room for `count` elements in all.
  mutating func reserveCapacity(_ count: Int) {
    makeUnique(reserving: Swift.max(0, count - endIndex))
  }

  /// Appends an element the array owns.
  mutating func append(_ element: consuming Element) {
    makeUnique(reserving: 1)
    buffer.unsafelyUnwrapped.appendOwned(element)
    count += 1
  }

  /// Appends the elements of `other` at `range`, shared: bit for bit, with one retain of the
  /// buffer that owns them per run, not one retain per element.
  mutating func append(sharing other: SharedArray, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "range out of bounds")
    let source = other.buffer.unsafelyUnwrapped
    makeUnique(reserving: range.count)
    buffer.unsafelyUnwrapped.appendShared(from: source, range)
    count += range.count
  }

  /// How many elements an array of `count` may keep alive without holding them: elements since
  /// replaced or removed, in buffers whose other elements it shares.
  static func maximumUnheld(for count: Int) -> Int { Swift.max(16, count / 16) }

  /// These elements, in a buffer of their own when the buffers they share keep more than
  /// ``maximumUnheld(for:)`` elements alive that they do not hold; otherwise themselves.
  func compacted() -> SharedArray {
    guard let buffer, buffer.sharesRuns,
      buffer.unheldCount() > Self.maximumUnheld(for: buffer.count)
    else { return self }
    return SharedArray(adopting: buffer.ownedCopy(capacity: buffer.count))
  }

  /// Whether some of the elements are shared from another buffer.
  var sharesRuns: Bool { buffer?.sharesRuns ?? false }

  /// How many elements the buffers these elements share keep alive that they do not hold.
  var unheldCount: Int { buffer?.unheldCount() ?? 0 }

  /// Whether the array's elements are in `other`'s buffer: the same buffer, or one whose
  /// elements it shares.
  func sharesBuffer(with other: SharedArray) -> Bool {
    guard let buffer, let otherBuffer = other.buffer else { return false }
    if buffer === otherBuffer { return true }
    var shares = false
    buffer.forEachRun { _, owner in
      if let owner, owner === otherBuffer { shares = true }
    }
    return shares
  }

  /// Calls `body` for each run of elements, in order, with its positions and whether the buffer
  /// that owns them is another one, marked `mark` (``mark(_:)``).
  func forEachRun(marked mark: Bool, _ body: (Range<Int>, _ isMarked: Bool) -> Void) {
    buffer?.forEachRun { range, owner in
      body(range, owner.map { SharedBuffer<Element>.mark(of: $0) == mark } ?? false)
    }
  }

  /// Whether every run of elements this array shares from another buffer comes from a buffer
  /// marked `mark` (``mark(_:)``); true when it shares none.
  func sharesOnlyRunsMarked(_ mark: Bool) -> Bool {
    var only = true
    buffer?.forEachRun { _, owner in
      if let owner, SharedBuffer<Element>.mark(of: owner) != mark { only = false }
    }
    return only
  }

  /// Marks the elements the buffer owns with `mark`, which another array that shares them reads
  /// in ``forEachRun(marked:_:)``: a tree's slots, released.
  func mark(_ mark: Bool) {
    buffer?.withUnsafeMutablePointerToHeader { $0.pointee.mark = mark }
  }

  /// An array of the elements of `buffer`, which it holds from now on.
  init(adopting buffer: SharedBuffer<Element>) {
    adopt(buffer)
  }

  /// Gives the array a buffer of its own, with room for `extra` more elements: the same buffer
  /// when it is referenced only here and has the room, a larger one otherwise.
  private mutating func makeUnique(reserving extra: Int) {
    // Checked before the buffer is bound: the binding would be a second reference.
    let isUnique = isKnownUniquelyReferenced(&buffer)
    guard let current = buffer else {
      if extra > 0 { adopt(SharedBuffer<Element>.make(capacity: extra)) }
      return
    }
    let needed = current.count + extra
    if isUnique {
      // What the array puts in its buffer from now on is not what a mark said of it.
      current.withUnsafeMutablePointerToHeader { $0.pointee.mark = nil }
      guard needed > current.room else { return }
      let larger = SharedBuffer<Element>.make(capacity: Swift.max(needed, 2 * current.room))
      larger.moveAll(from: current)
      adopt(larger)
    } else {
      // Every element shared, none copied: the buffer stays alive as their owner.
      let copy = SharedBuffer<Element>.make(capacity: Swift.max(needed, current.room))
      copy.appendShared(from: current, 0..<current.count)
      adopt(copy)
    }
  }

  /// Holds `buffer` in place of the current one.
  private mutating func adopt(_ buffer: SharedBuffer<Element>) {
    base = buffer.elements
    count = buffer.count
    self.buffer = buffer
  }
}

/// What a ``SharedBuffer`` records besides its elements.
struct SharedBufferHeader {
  var count: Int
  /// How many elements the buffer has room for (read once when it is made:
  /// `ManagedBuffer.capacity` asks the allocator).
  let capacity: Int
  /// The runs of elements from the first, in order, up to the last one shared.
  ///
  /// The elements after them are the buffer's own. Empty when the buffer owns every element.
  var runs: [SharedRun]
  /// What an array says of the elements the buffer owns (``SharedArray/mark(_:)``); `nil` for
  /// nothing.
  var mark: Bool?
}

/// Who owns a run of a buffer's elements: the run ends before `end`, after the previous run.
struct SharedRun {
  var end: Int
  /// The ``SharedBuffer`` that owns the run's elements; `nil` for the buffer itself.
  let owner: AnyObject?
}

/// A buffer of elements, some owned, others shared from the buffers that own them.
final class SharedBuffer<Element>: ManagedBuffer<SharedBufferHeader, Element> {
  /// An empty buffer with room for `capacity` elements at least.
  static func make(capacity: Int) -> SharedBuffer {
    let buffer = create(minimumCapacity: capacity) { buffer in
      SharedBufferHeader(count: 0, capacity: buffer.capacity, runs: [], mark: nil)
    }
    return unsafeDowncast(buffer, to: SharedBuffer.self)
  }

  /// The buffer an owner of a run is.
  @inline(__always)
  private static func buffer(_ owner: AnyObject) -> SharedBuffer {
    unsafeDowncast(owner, to: SharedBuffer.self)
  }

  /// The mark of the buffer `owner` is.
  static func mark(of owner: AnyObject) -> Bool? {
    buffer(owner).withUnsafeMutablePointerToHeader { $0.pointee.mark }
  }

  // The header and the elements are read through their pointers: reading `header` checks
  // exclusive access at run time, as any class's stored property.
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
  var room: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
  var hasRoom: Bool {
    withUnsafeMutablePointerToHeader { $0.pointee.count < $0.pointee.capacity }
  }
  var sharesRuns: Bool { withUnsafeMutablePointerToHeader { !$0.pointee.runs.isEmpty } }
  /// The first element; stable for the buffer's lifetime.
  var elements: UnsafeMutablePointer<Element> { withUnsafeMutablePointerToElements { $0 } }

  /// Appends an element the buffer owns; it must have room.
  @inline(__always)
  func appendOwned(_ element: consuming Element) {
    // Moved into the buffer, not copied.
    var moved = Optional(consume element)
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      assert(count < header.pointee.capacity, "appending to a full SharedBuffer")
      (elements + count).initialize(to: moved.take().unsafelyUnwrapped)
      // Owned, after the runs: nothing to record.
      header.pointee.count = count + 1
    }
  }

  /// Appends copies of `elements`, which the buffer owns; it must have room.
  func appendOwned(contentsOf source: UnsafeBufferPointer<Element>) {
    guard let from = source.baseAddress else { return }
    withUnsafeMutablePointers { header, elements in
      let count = header.pointee.count
      assert(
        count + source.count <= header.pointee.capacity, "appending beyond a SharedBuffer's room")
      // One element at a time: `initialize(from:count:)` copies each through the runtime's
      // generic copy of an array's elements, several times the cost of its retain.
      for index in 0..<source.count {
        (elements + count + index).initialize(to: from[index])
      }
      header.pointee.count = count + source.count
    }
  }

  /// Appends the elements of `source` at `range`, bit for bit, recording the buffers that own
  /// them; it must have room.
  func appendShared(from source: SharedBuffer, _ range: Range<Int>) {
    precondition(source !== self, "a SharedBuffer cannot share its own elements")
    var runs = withUnsafeMutablePointerToHeader { header in
      // Taken out, so that the header's array is not copied when runs are added.
      let runs = header.pointee.runs
      header.pointee.runs = []
      return runs
    }
    var end = count
    assert(end + range.count <= room, "appending beyond a SharedBuffer's room")
    // The buffer's own elements since the last run.
    if end > (runs.last?.end ?? 0) { Self.extend(&runs, to: end, owner: nil) }
    UnsafeMutableRawPointer(elements + end).copyMemory(
      from: source.elements + range.lowerBound,
      byteCount: range.count * MemoryLayout<Element>.stride)
    source.forEachRun(in: range) { piece, owner in
      end += piece.count
      Self.extend(&runs, to: end, owner: owner ?? source)
    }
    withUnsafeMutablePointerToHeader { header in
      header.pointee.count = end
      header.pointee.runs = runs
    }
  }

  /// Extends the last run to `end` when it has the same owner, or adds a run.
  private static func extend(_ runs: inout [SharedRun], to end: Int, owner: AnyObject?) {
    if let last = runs.last, same(last.owner, owner) {
      runs[runs.count - 1].end = end
    } else {
      runs.append(SharedRun(end: end, owner: owner))
    }
  }

  private static func same(_ a: AnyObject?, _ b: AnyObject?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): ObjectIdentifier(a) == ObjectIdentifier(b)
    default: false
    }
  }

  /// Calls `body` for each run of elements within `range` (all of them by default): its
  /// positions, and the buffer that owns it (`nil` for this one).
  func forEachRun(in range: Range<Int>? = nil, _ body: (Range<Int>, SharedBuffer?) -> Void) {
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
      if lower < upper { body(lower..<upper, run.owner.map(Self.buffer)) }
      start = run.end
      if start >= range.upperBound { return }
    }
    // The buffer's own elements after the runs.
    let lower = Swift.max(start, range.lowerBound)
    if lower < range.upperBound { body(lower..<range.upperBound, nil) }
  }

  /// Replaces the element at `position` with one the buffer owns; an element the buffer shares
  /// is left to its owner, not destroyed.
  func replace(at position: Int, with element: Element) {
    withUnsafeMutablePointers { header, elements in
      let runs = header.pointee.runs
      guard !runs.isEmpty else {
        elements[position] = element
        return
      }
      guard position < runs[runs.count - 1].end else {
        // After the runs: the buffer's own.
        elements[position] = element
        return
      }
      var start = 0
      for (index, run) in runs.enumerated() {
        defer { start = run.end }
        guard position < run.end else { continue }
        if run.owner == nil {
          elements[position] = element
          return
        }
        (elements + position).initialize(to: element)
        var split: [SharedRun] = []
        if position > start { split.append(SharedRun(end: position, owner: run.owner)) }
        split.append(SharedRun(end: position + 1, owner: nil))
        if run.end > position + 1 { split.append(SharedRun(end: run.end, owner: run.owner)) }
        header.pointee.runs.replaceSubrange(index...index, with: split)
        return
      }
    }
  }

  /// Moves every element of `other`, and the record of who owns them, to this buffer, which
  /// must be empty and have room; `other` is left empty.
  func moveAll(from other: SharedBuffer) {
    other.withUnsafeMutablePointers { otherHeader, others in
      withUnsafeMutablePointers { header, elements in
        assert(header.pointee.count == 0, "moving into a SharedBuffer that has elements")
        elements.moveInitialize(from: others, count: otherHeader.pointee.count)
        header.pointee.count = otherHeader.pointee.count
        header.pointee.runs = otherHeader.pointee.runs
        otherHeader.pointee.count = 0
        otherHeader.pointee.runs = []
      }
    }
  }

  /// A buffer that owns a copy of each element.
  func ownedCopy(capacity: Int) -> SharedBuffer {
    let copy = SharedBuffer.make(capacity: Swift.max(capacity, count))
    copy.appendOwned(contentsOf: UnsafeBufferPointer(start: elements, count: count))
    return copy
  }

  /// How many elements this buffer keeps alive, through the buffers it shares elements of (and
  /// the ones those keep alive), that it does not hold itself.
  func unheldCount() -> Int {
    // A few buffers at most: looked for in an array, not hashed.
    var visited: [ObjectIdentifier] = [ObjectIdentifier(self)]
    var pending: [SharedBuffer] = []
    var shared = 0
    forEachRun { range, owner in
      guard let owner else { return }
      shared += range.count
      if !visited.contains(ObjectIdentifier(owner)) {
        visited.append(ObjectIdentifier(owner))
        pending.append(owner)
      }
    }
    var kept = 0
    while let owner = pending.popLast() {
      owner.forEachRun { range, next in
        guard let next else {
          kept += range.count
          return
        }
        if !visited.contains(ObjectIdentifier(next)) {
          visited.append(ObjectIdentifier(next))
          pending.append(next)
        }
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
      _ = (elements + start).deinitialize(count: header.pointee.count - start)
    }
  }
}
