/// The elements of a ``ForEach`` that a system container's declaration (a navigation stack's
/// path, tabs, pages) is made of, named after that declaration in diagnostics.
struct NamedKeyedElements: KeyedElements {
  let list: any KeyedElements
  let kind: String

  var source: SourceLocation { list.source }
  var count: Int { list.count }
  func key(at index: Int) -> ChildKey { list.key(at: index) }
  var contents: [SlotContent] { list.contents }
  func checkKeys() -> KeyCheck { list.checkKeys() }
  func run(
    prefix: StructuralPath, locals: RunLocals, keys: KeyIndex, match: KeyedMatch?,
    environment: EnvironmentValues
  ) -> any KeyedRun {
    list.run(prefix: prefix, locals: locals, keys: keys, match: match, environment: environment)
  }
  func match(against run: any KeyedRun, prefix: StructuralPath) -> KeyedMatch? {
    list.match(against: run, prefix: prefix)
  }
}

extension SlotContent {
  /// The children of a ``ForEach`` over `data`, whose elements diagnostics call `kind`.
  @MainActor
  static func keyed<Data: RandomAccessCollection, Key: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, Key>, kind: String, fileID: String, line: Int,
    content: (Data.Element) -> SlotContent
  ) -> SlotContent {
    let keyed = ForEach(data, id: id, fileID: fileID, line: line, content: content)
    guard case .keyed(let list) = keyed.slotContent.node else { return keyed.slotContent }
    return SlotContent(.keyed(NamedKeyedElements(list: list, kind: kind)))
  }
}

/// Keys hashed once, at the declaration, so that any `Hashable` key type works wherever the
/// declaration is read.
func hashedKeys<Key: Hashable>(_ keys: [Key]) -> [AnyHashable] {
  var hashed: [AnyHashable] = []
  hashed.reserveCapacity(keys.count)
  for key in keys {
    hashed.append(AnyHashable(key))
  }
  return hashed
}
