// The UIKit spelling probe: every UIKit-named public member of UIKitModel, used the way client
// code uses it — read, written, called with its defaults, overridden in a subclass, required
// through a conformance. The same file compiles against UIKitModel (in CI, as this target) and
// against Apple's SDKs (`check.sh` with `MODULES="Compose UIKitModelProbe"`), so a spelling that
// exists only in the model, or differs from UIKit's, fails one of the two builds.
//
// Nothing here runs. Conformances UIKit does not have are declared here retroactively: if the model
// gains one of them, the declaration becomes redundant and the model build fails.

import Foundation

#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// Requires `T: Hashable` at compile time.
func requireHashable<T: Hashable>(_: T.Type) {}
/// Requires `T: Equatable` at compile time.
func requireEquatable<T: Equatable>(_: T.Type) {}
/// Requires `T: Sendable` at compile time.
func requireSendable<T: Sendable>(_: T.Type) {}
/// Requires `T: OptionSet` at compile time.
func requireOptionSet<T: OptionSet>(_: T.Type) {}
/// Requires `T: RawRepresentable` with the given raw type at compile time.
func requireRawValue<T: RawRepresentable>(_: T.Type, _: T.RawValue.Type) {}
/// Requires `T: Comparable` at compile time.
func requireComparable<T: Comparable>(_: T.Type) {}

/// Keeps a value alive as far as the type checker is concerned.
func use<T>(_ value: T) { _ = value }
