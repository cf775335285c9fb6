// Compose is written against UIKit. Where UIKit does not exist, the same code compiles against
// UIKitModel, which declares UIKit's containment API with the same spellings.
#if canImport(UIKit)
@_exported public import UIKit
#else
@_exported public import UIKitModel
#endif
