/// The last `capacity` elements appended, oldest first; older ones are dropped.
///
/// - Complexity: O(1) to append; O(`capacity`) to read ``elements``.
struct RingBuffer<Element> {
  private var storage: [Element] = []
  /// Where the oldest element is, once the storage is full.
  private var start = 0
  /// How many elements were ever appended, dropped ones included.
  private(set) var appendedCount = 0

  /// How many elements are kept; changing it keeps the newest ones.
  var capacity: Int {
    didSet {
      capacity = max(0, capacity)
      storage = Array(elements.suffix(capacity))
      start = 0
    }
  }

  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// The kept elements, oldest first.
  var elements: [Element] {
    guard start > 0 else { return storage }
    return Array(storage[start...]) + storage[..<start]
  }

  mutating func append(_ element: Element) {
    appendedCount += 1
    guard capacity > 0 else { return }
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[start] = element
      start = (start + 1) % capacity
    }
  }

  mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }
}
