#if !canImport(UIKit)
import UIKitModel

extension ModelAppearanceState {
  /// The state a controller in this state is in after the appearance callback `callback` (its
  /// name without arguments, such as `viewWillAppear`), or `nil` when UIKit never sends that
  /// callback in this state: the checks of the randomized tests replay the event log with it.
  func after(_ callback: String) -> ModelAppearanceState? {
    switch (callback, self) {
    case ("viewWillAppear", .disappeared), ("viewWillAppear", .disappearing): .appearing
    case ("viewIsAppearing", .appearing): .appearing
    case ("viewDidAppear", .appearing): .appeared
    case ("viewWillDisappear", .appeared), ("viewWillDisappear", .appearing): .disappearing
    case ("viewDidDisappear", .disappearing): .disappeared
    default: nil
    }
  }
}
#endif
