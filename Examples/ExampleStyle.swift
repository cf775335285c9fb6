#if canImport(UIKit)
import UIKit
#else
import UIKitModel
#endif

/// The look the examples' screens share.
enum ExampleStyle {
  /// The background of a screen: `UIColor.systemBackground` where UIKit has it.
  ///
  /// UIKit declares `systemBackground` unavailable on tvOS (`API_UNAVAILABLE(tvos, watchos)` in
  /// `UIInterface.h`), where a screen's view keeps its default, clear background instead; the
  /// model carries the same annotation.
  static var background: UIColor? {
    #if os(tvOS)
    return nil
    #else
    return .systemBackground
    #endif
  }
}
