extension Array where Element: AnyObject {
  /// Removes every element that is `object` itself, keeping the others in order: what
  /// `removeAll { $0 === object }` does, without calling a closure for each element.
  ///
  /// The model's lists of views and controllers are long in benchmarks (10,000 children), and a
  /// closure called per element costs a retain, a release and an isolation check each time;
  /// here each element is compared, and only the elements after a removed one are moved.
  ///
  /// - Parameter object: The object to remove.
  /// - Complexity: O(*n*).
  mutating func removeAll(identicalTo object: Element) {
    var index = startIndex
    while index < endIndex {
      if self[index] === object {
        remove(at: index)
      } else {
        index += 1
      }
    }
  }
}
