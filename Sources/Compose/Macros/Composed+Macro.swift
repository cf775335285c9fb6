#if Macros
/// Makes a view controller a composed container: its children are declared by its `body`.
///
/// The class is its state and its body; the macro writes the rest, as ``ComposedViewController``
/// has it: a ``Composer`` stored in `composer`, ``ComposedContainer/setNeedsCompose()``, composing
/// before the view first appears, appearance forwarding, eviction of hidden kept-alive children on
/// a memory warning, and the primary child's status bar, home indicator and preferred content
/// size.
///
/// ```swift
/// @Composed
/// final class ProfileViewController: UIViewController {
///   var user: User? {
///     didSet { setNeedsCompose() }
///   }
///
///   @CompositionBuilder var body: CompositionContent {
///     Slot("header") { Child { AvatarViewController() } }
///     Slot("content") {
///       if let user { Child { DetailsViewController(user) }.id(user.id) }
///     }
///   }
/// }
/// ```
///
/// Use it where a class cannot inherit from ``ComposedViewController``: it inherits from
/// `UIViewController` or any of its subclasses but `UINavigationController`, `UITabBarController`,
/// `UIPageViewController` and `UISplitViewController`, which show their children themselves
/// (inherit from ``ComposedNavigationController``, ``ComposedTabBarController`` or
/// ``ComposedPageViewController`` for the first three; make a split view's column the composed
/// container). The body is named `body` or `composition`, has the type ``CompositionContent`` and
/// the attribute `@CompositionBuilder`; closures in it may capture `self`.
///
/// The macro reads the class's declaration only, not its extensions: the body, and the overrides
/// of your own that replace those the macro writes, are declared in the class itself.
///
/// ## Overrides of your own
///
/// The macro writes `viewDidLoad()`, `viewWillAppear(_:)`, `viewDidAppear(_:)`,
/// `viewWillDisappear(_:)`, `viewDidDisappear(_:)`, `willMove(toParent:)`,
/// `didReceiveMemoryWarning()`, `preferredContentSizeDidChange(forChildContentContainer:)` and
/// the `childFor…` properties, except those the class already overrides. Such an override calls
/// the matching hook of ``ComposedContainer`` itself — `composeViewWillAppear(animated)` in
/// `viewWillAppear(_:)`, `composedChildForStatusBarStyle` in `childForStatusBarStyle` — and the
/// compiler reports one that does not, with a fix-it that inserts the call:
///
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///   super.viewWillAppear(animated)
///   composeViewWillAppear(animated)
///   analytics.screenWillAppear()
/// }
/// ```
///
/// ## Identity checks
///
/// Mistakes of identity that the code shows are reported when it compiles, as they are for a
/// ``CompositionBody()`` function: a literal slot name or `id(_:)` written twice where both can
/// be declared together, a slot that declares no child, a `ForEach` keyed by `\.self` over a
/// literal array with a repeated value, and an `id(_:)` inside a `ForEach` that does not depend
/// on the element.
///
/// The macro needs the package's `Macros` trait, enabled by default.
@attached(
  member,
  conformances: ComposedContainer,
  names: named(composer), named(viewDidLoad), named(viewWillAppear), named(viewDidAppear),
  named(viewWillDisappear), named(viewDidDisappear), named(willMove),
  named(didReceiveMemoryWarning), named(preferredContentSizeDidChange),
  named(childForStatusBarStyle), named(childForStatusBarHidden),
  named(childForHomeIndicatorAutoHidden))
@attached(extension, conformances: ComposedContainer)
public macro Composed() = #externalMacro(module: "ComposeMacros", type: "ComposedMacro")
#endif
