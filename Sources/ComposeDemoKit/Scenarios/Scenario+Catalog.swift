#if !canImport(UIKit)
extension Scenario {
  /// Every scenario, in the order `--list` prints them.
  ///
  /// A new container gets a scenario of its own: a `Scenario+Name.swift` file with a static
  /// property, and one line here.
  public static var all: [Scenario] {
    [.tabs, .flip, .cycle, .feed, .lazy, .nested]
  }

  /// The scenario with the given name, if there is one.
  ///
  /// - Parameter name: The name, as `--list` prints it.
  /// - Returns: The scenario, or `nil`.
  public static func named(_ name: String) -> Scenario? {
    all.first { $0.name == name }
  }
}
#endif
