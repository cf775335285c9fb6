// `import UIKit` makes Foundation's types (`NSCoder`, `CGRect`, `Bundle`, …) available too; so
// does `import UIKitModel`, so that code written against UIKit compiles against the model
// unchanged.
@_exported public import Foundation
