extension ModelRuntime {
  /// The controller whose `preferredStatusBarStyle` decides the status bar, starting from `root`
  /// and following `childForStatusBarStyle` as far as it goes (semantics H6).
  ///
  /// - Parameter root: Usually the window's root view controller.
  /// - Returns: The deciding controller.
  public static func statusBarStyleViewController(from root: UIViewController)
    -> UIViewController
  {
    follow(root) { $0.childForStatusBarStyle }
  }

  /// The controller whose `prefersStatusBarHidden` decides the status bar, following
  /// `childForStatusBarHidden` (semantics H6).
  ///
  /// - Parameter root: Usually the window's root view controller.
  /// - Returns: The deciding controller.
  public static func statusBarHiddenViewController(from root: UIViewController)
    -> UIViewController
  {
    follow(root) { $0.childForStatusBarHidden }
  }

  /// The controller whose `prefersHomeIndicatorAutoHidden` decides the home indicator, following
  /// `childForHomeIndicatorAutoHidden` (semantics H6).
  ///
  /// - Parameter root: Usually the window's root view controller.
  /// - Returns: The deciding controller.
  public static func homeIndicatorViewController(from root: UIViewController) -> UIViewController {
    follow(root) { $0.childForHomeIndicatorAutoHidden }
  }

  /// The controller whose `preferredScreenEdgesDeferringSystemGestures` decides, following
  /// `childForScreenEdgesDeferringSystemGestures` (semantics H6).
  ///
  /// - Parameter root: Usually the window's root view controller.
  /// - Returns: The deciding controller.
  public static func screenEdgesViewController(from root: UIViewController) -> UIViewController {
    follow(root) { $0.childForScreenEdgesDeferringSystemGestures }
  }

  private static func follow(
    _ root: UIViewController, _ next: (UIViewController) -> UIViewController?
  ) -> UIViewController {
    var current = root
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
    while let child = next(current), seen.insert(ObjectIdentifier(child)).inserted {
      current = child
    }
    return current
  }
}
