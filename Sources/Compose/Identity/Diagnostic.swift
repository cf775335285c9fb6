/// A mistake in a declaration, found while resolving or reconciling it.
///
/// Every diagnostic names the input (slot, key, controller type, source location) and says how to
/// fix it. The outcome is always deterministic and nothing already mounted is lost: a duplicate
/// child is kept apart from the first one, a duplicate slot's children join the first slot of the
/// name, a slot anchored outside the container is skipped before any containment call is made.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The rule a diagnostic reports; stable across releases.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier.
    public let rawValue: String

    /// Two children of one slot have the same identity.
    public static let duplicateChildIdentity = ID(rawValue: "duplicateChildIdentity")
    /// Two elements of one ``ForEach`` have the same key.
    public static let duplicateKey = ID(rawValue: "duplicateKey")
    /// Two slots of one container have the same name.
    public static let duplicateSlotName = ID(rawValue: "duplicateSlotName")
    /// A slot's anchor view is not the container's root view or inside it, or it is inside the
    /// view of another controller (a child's), where UIKit cannot hold the container's children.
    public static let anchorOutsideContainer = ID(rawValue: "anchorOutsideContainer")
    /// A child's factory returned a controller that is already another child's.
    public static let sameInstanceDeclaredTwice = ID(rawValue: "sameInstanceDeclaredTwice")
    /// A child's factory returned a controller that already has another parent, that another
    /// controller presents, that is the root view controller of a window, or whose view is still
    /// inside another controller's view.
    public static let controllerOwnedElsewhere = ID(rawValue: "controllerOwnedElsewhere")
    /// A child's factory returned the container itself, one of its ancestors, or a controller
    /// whose view contains the container's view.
    public static let containerAsChild = ID(rawValue: "containerAsChild")
    /// Other code changed the container's children behind the composer's back.
    ///
    /// It removed a child from the container, or took a child's view out of its slot, or pushed,
    /// reordered or replaced the controllers of a navigation stack, or set, reordered, added or
    /// removed tabs. The composer repairs it at its next reconciliation (scheduled at once for a
    /// navigation stack).
    public static let changedBehindComposer = ID(rawValue: "changedBehindComposer")
    /// Applying the declaration invalidated it again, pass after pass (an update closure, a
    /// factory or the body calling ``Composer/setNeedsCompose()`` every time); the composer
    /// stopped recomposing until the next change from outside.
    public static let compositionLoop = ID(rawValue: "compositionLoop")

    /// A ``NavigationStack`` is declared in a container that is not a `UINavigationController`,
    /// or a second one in the same container.
    public static let navigationStackOutsideNavigationController = ID(
      rawValue: "navigationStackOutsideNavigationController")
    /// A ``NavigationStack``'s root, or the destination of one element of its path, declares no
    /// child or more than one.
    public static let navigationStackShape = ID(rawValue: "navigationStackShape")
    /// A child's factory returned a `UINavigationController` for a navigation stack, which cannot
    /// hold one.
    public static let navigationControllerInStack = ID(rawValue: "navigationControllerInStack")
    /// A child's factory returned a `UISplitViewController` for a navigation stack, which UIKit
    /// does not push.
    public static let splitViewControllerInStack = ID(rawValue: "splitViewControllerInStack")
    /// ``Tabs`` are declared in a container that is not a `UITabBarController`.
    public static let tabsOutsideTabBarController = ID(rawValue: "tabsOutsideTabBarController")
    /// The selection of ``Tabs`` is not the key of any of its tabs.
    public static let tabSelectionNotAmongTabs = ID(rawValue: "tabSelectionNotAmongTabs")
    /// A tab of ``Tabs`` declares no child or more than one.
    public static let tabsShape = ID(rawValue: "tabsShape")
    /// ``Pages`` are declared in a container that is not a `UIPageViewController`, or in one that
    /// shows two pages at a time (a page curl with a middle spine, or double-sided pages).
    public static let pagesOutsidePageViewController = ID(
      rawValue: "pagesOutsidePageViewController")
    /// The selection of ``Pages`` is not the key of any of its pages.
    public static let pageSelectionNotAmongPages = ID(rawValue: "pageSelectionNotAmongPages")
    /// A page of ``Pages`` declares no child or more than one, or ``Pages`` declare no page at
    /// all while a page is shown.
    public static let pagesShape = ID(rawValue: "pagesShape")
    /// A ``Presentation`` declares no child for its item, or more than one.
    public static let presentationShape = ID(rawValue: "presentationShape")
    /// A ``Presentation`` is declared while another of the container's presentations is shown;
    /// it waits until that one is dismissed.
    public static let presentationWaiting = ID(rawValue: "presentationWaiting")
    /// A ``Presentation``'s child could not be presented because the container (or its ancestor)
    /// presents a controller Compose did not present.
    public static let presentationBlocked = ID(rawValue: "presentationBlocked")
    /// A ``Presentation`` asks for the partial curl transition with a presentation style other than
    /// full screen, which UIKit refuses with an exception; it is presented with the default
    /// transition.
    public static let partialCurlNeedsFullScreen = ID(rawValue: "partialCurlNeedsFullScreen")
    /// A ``Presentation`` presents its child as a popover whose presentation controller has no
    /// source view, bar button item or source item, which UIKit refuses with an exception; it is
    /// not presented until its update closure sets one.
    public static let popoverNeedsSource = ID(rawValue: "popoverNeedsSource")

    /// A child of a ``NavigationStack``, ``Tabs``, ``Pages`` or a ``Presentation`` is declared
    /// with ``Child/lifetime(_:)`` or ``Child/transition(_:)``, which only a ``Slot`` applies; the
    /// modifier is ignored.
    public static let childModifierIgnored = ID(rawValue: "childModifierIgnored")

    /// The identifier.
    public var description: String { rawValue }
  }

  /// The rule.
  public let id: ID
  /// What is wrong and how to fix it.
  public let message: String
  /// Where the offending declaration was written, when known.
  public let source: SourceLocation?

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - id: The rule.
  ///   - message: What is wrong and how to fix it.
  ///   - source: Where the declaration was written.
  public init(id: ID, message: String, source: SourceLocation?) {
    self.id = id
    self.message = message
    self.source = source
  }

  /// `File.swift:12: message`, or the message alone.
  public var description: String {
    source.map { "\($0): \(message)" } ?? message
  }
}
