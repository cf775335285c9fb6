#if Macros
/// Declares an environment value with its default in one line.
///
/// Written on a property in an extension of ``EnvironmentValues``, it makes the key and the
/// accessors that an ``EnvironmentKey`` needs:
///
/// ```swift
/// extension EnvironmentValues {
///   @Entry var tintName: String = "blue"
///   @Entry var account: Account?
/// }
/// ```
///
/// The value is then set with `environment(_:_:)` and read from an ``EnvironmentValues``, as any
/// other. The property needs its type; an optional one may omit its default, which is `nil`. The
/// default is evaluated each time a value that no one set is read, so a default that makes an
/// object makes a new one each time.
///
/// A default made on the main actor (an object of a main-actor class) needs a property isolated to
/// the main actor: in a module whose declarations are not main-actor isolated by default, write
/// `@MainActor @Entry var router: Router = Router()`. The key is then isolated to the main actor
/// too, as its conformance to ``EnvironmentKey`` is.
///
/// The macro needs the package's `Macros` trait, enabled by default.
@attached(accessor, names: named(get), named(set))
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "ComposeMacros", type: "EntryMacro")
#endif
