#if Macros
/// Makes a function's body a composition that the compiler type-checks in groups of statements.
///
/// Swift type-checks a result-builder body as one system whose cost grows with the square of its
/// statements: a `body` of 100 slots takes several times longer to compile than the same slots
/// written as plain statements, and 300 slots about nine times longer again. With
/// `@CompositionBody`, the statements are split into groups of ten that are type-checked one by
/// one, which keeps a long composition as fast to compile as plain statements:
///
/// ```swift
/// struct Dashboard: Composition {
///   var showsAlerts: Bool
///
///   var body: CompositionContent { content() }
///
///   @CompositionBody
///   func content() -> CompositionContent {
///     Slot("header") { Child { HeaderViewController() } }
///     if showsAlerts {
///       Slot("alerts") { Child { AlertsViewController() } }
///     }
///     // … many more slots
///   }
/// }
/// ```
///
/// The body is written as in any `CompositionBuilder` body, and it means the same: slots are
/// identified by name, so grouping the statements changes no identity. Diagnostics keep naming the
/// line of each `Slot`, `Child`, `ForEach`, `Presentation`, `Tabs`, `Pages` and
/// `NavigationStack`, and compiler errors point at the statements as written. Declarations at the top level of the body (such as `let`) are evaluated first, before
/// any statement; a body that declares names inside a top-level `#if` is kept in one group, in its
/// order. The function may be `async`, `throws` or generic; not `rethrows`, since the groups are
/// local functions, which cannot rethrow (an error says so). Calls with those seven names are taken to be
/// Compose's. Identity mistakes written as literals — a slot name or an `id(_:)` used
/// twice, a slot without children, a `ForEach` over a literal array with a repeated key — are
/// reported when the code is compiled (see <doc:UsingTheMacros>).
///
/// Swift attaches body macros to functions, not to properties, which is why the composition's
/// `body` calls a function. The macro needs the package's `Macros` trait, enabled by default.
@attached(body)
public macro CompositionBody() =
  #externalMacro(module: "ComposeMacros", type: "CompositionBodyMacro")
#endif
