/// A container that shows its children side by side, in columns; in the model, a type only.
///
/// The model has the class so that code written for UIKit can name it and so that the rules about
/// where a split view controller may go apply: a navigation controller refuses to push one, and
/// logs it (rule N21 of Docs/Design/0001). Its columns, styles, display modes, collapsing and
/// expanding are not modelled: it behaves as a plain `UIViewController` with no children of its
/// own.
@MainActor
open class UISplitViewController: UIViewController {}
