/// How a presented view controller covers the screen, as in UIKit.
///
/// The model gives four styles their own behaviour (rules MP3 and MP4 of Docs/Design/0001):
/// ``fullScreen`` takes the views underneath out of the window and makes their controllers
/// disappear; ``pageSheet``, ``formSheet`` and ``overFullScreen`` leave them in place and
/// visible. ``automatic`` is what a new view controller has; it reads as ``formSheet`` (rule MP1).
/// The other styles are UIKit's spellings only: presenting with one records a
/// `ModelDiagnostic.Kind.unmodelledPresentationStyle` and behaves as described there.
///
/// Availability follows UIKit's headers (iOS 26.2 SDK); Linux and macOS do not enforce it (see
/// Docs/Design/0001).
@available(watchOS, unavailable)
public enum UIModalPresentationStyle: Int, Hashable, Sendable {
  /// Covers the screen; the views underneath are removed once the transition ends.
  case fullScreen = 0
  /// A sheet; the presenter stays visible behind it.
  @available(tvOS, unavailable)
  case pageSheet = 1
  /// A sheet sized to its content on wide screens; the presenter stays visible behind it.
  @available(tvOS, introduced: 26.0)
  case formSheet = 2
  /// Covers the presentation context (not modelled: behaves like ``fullScreen``).
  case currentContext = 3
  /// A custom presentation (not modelled: the presenter stays visible).
  case custom = 4
  /// Covers the screen, leaving the views underneath in place.
  case overFullScreen = 5
  /// Covers the presentation context, leaving its views in place (not modelled: behaves like
  /// ``overFullScreen``).
  case overCurrentContext = 6
  /// A popover (not modelled: the presenter stays visible). Its presentation controller is a
  /// `UIPopoverPresentationController`, which needs a source view (rules MP20, MP21).
  @available(tvOS, unavailable)
  case popover = 7
  /// A blurred full-screen presentation, tvOS only (not modelled: the presenter stays visible).
  @available(iOS, unavailable)
  @available(tvOS, introduced: 11.0)
  @available(visionOS, unavailable)
  case blurOverFullScreen = 8
  /// No adaptation; not a style to present with.
  case none = -1
  /// The system's choice; a view controller's default.
  case automatic = -2
}

extension UIModalPresentationStyle {
  /// The style the model behaves as, and whether it is one the model gives its own behaviour.
  var modelBehaviour: (style: UIModalPresentationStyle, isModelled: Bool) {
    switch self {
    case .fullScreen, .pageSheet, .formSheet, .overFullScreen: (self, true)
    case .automatic: (.formSheet, true)
    case .currentContext, .none: (.fullScreen, false)
    default: (.overFullScreen, false)
    }
  }

  /// Whether the views underneath leave the window and their controllers disappear (rule MP3).
  var removesPresentersView: Bool { modelBehaviour.style == .fullScreen }

  /// Whether the user can swipe the presentation down (rule MP12).
  var isSheet: Bool {
    let style = modelBehaviour.style
    return style == .pageSheet || style == .formSheet
  }

  var modelName: String {
    switch self {
    case .fullScreen: "fullScreen"
    case .pageSheet: "pageSheet"
    case .formSheet: "formSheet"
    case .currentContext: "currentContext"
    case .custom: "custom"
    case .overFullScreen: "overFullScreen"
    case .overCurrentContext: "overCurrentContext"
    case .popover: "popover"
    case .none: "none"
    case .automatic: "automatic"
    default: "blurOverFullScreen"
    }
  }
}

/// How a presented view controller arrives on screen and leaves it, as in UIKit.
///
/// The model stores the style (rule MP16 of Docs/Design/0001) and animates every style for
/// ``ModelRuntime/modalTransitionDuration``; it draws nothing, so the styles differ only in the
/// one rule UIKit enforces: ``partialCurl`` needs a full-screen presentation (rule MP17).
///
/// Availability follows UIKit's headers (iOS 26.2 SDK).
@available(watchOS, unavailable)
public enum UIModalTransitionStyle: Int, Hashable, Sendable {
  /// The presented view slides up from the bottom, and back down when dismissed; the default.
  case coverVertical = 0
  /// A horizontal flip, right to left, and back when dismissed.
  @available(tvOS, unavailable)
  case flipHorizontal = 1
  /// The views cross-fade.
  case crossDissolve = 2
  /// A corner of the presenter's view curls up to reveal the presented view; full screen only.
  @available(tvOS, unavailable)
  case partialCurl = 3
}

extension UIModalTransitionStyle {
  var modelName: String {
    switch self {
    case .coverVertical: "coverVertical"
    case .crossDissolve: "crossDissolve"
    case .flipHorizontal: "flipHorizontal"
    default: "partialCurl"
    }
  }
}
