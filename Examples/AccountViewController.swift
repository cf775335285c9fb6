// The container macro needs the package's `Macros` trait; without it, this example is left out.
#if Macros
public import Compose

#if canImport(UIKit)
public import UIKit
#else
public import UIKitModel
#endif

/// An app's base class, which every screen of the app inherits: it counts the screen's
/// appearances for analytics.
///
/// A screen that inherits it cannot also inherit from `ComposedViewController`: that is where
/// ``Composed()`` helps.
open class AnalyticsViewController: UIViewController {
  /// How many times the screen has appeared.
  public private(set) var appearances = 0

  /// Counts the appearance.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    appearances += 1
  }
}

extension EnvironmentValues {
  /// The name of the signed-in user, if any, for the screens that greet them.
  @Entry public var accountName: String?
}

/// A composed container with an app base class: an account screen with a greeting above either
/// the account's details or a sign-in form.
///
/// The class is its state and its body; `@Composed` writes the composer and the overrides. Its
/// own `viewDidLoad()` calls the hook the macro would have called. The user's name flows to the
/// greeting through the environment (``EnvironmentValues/accountName``).
///
/// ```swift
/// let account = AccountViewController()
/// account.name = "Ada"  // the details replace the sign-in form, with a cross-fade
/// ```
@Composed
public final class AccountViewController: AnalyticsViewController {
  /// The signed-in user's name; `nil` while signed out.
  public var name: String? {
    didSet { setNeedsCompose() }
  }

  /// Titles the screen and sets its background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    composeViewDidLoad()
    title = "Account"
    view.backgroundColor = ExampleStyle.background
  }

  /// The greeting on top; the details or the sign-in form under it.
  @CompositionBuilder public var body: CompositionContent {
    Slot("greeting", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 100))) {
      EnvironmentReader { values in
        Child {
          GreetingViewController()
        } update: {
          $0.name = values.accountName
        }
      }
    }
    .environment(\.accountName, name)
    Slot("content", layout: .frame(CGRect(x: 0, y: 100, width: 390, height: 744))) {
      if name != nil {
        Child { AccountDetailsViewController() }
      } else {
        Child { SignInFormViewController() }
      }
    }
    .transition(.crossDissolve())
  }
}

/// The greeting at the top of an ``AccountViewController``.
public final class GreetingViewController: UIViewController {
  /// The name it greets; `nil` for a guest.
  public var name: String? {
    didSet { title = name.map { "Hello, \($0)" } ?? "Hello" }
  }
}

/// The details of a signed-in account.
public final class AccountDetailsViewController: UIViewController {
  /// Sets the background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}

/// The sign-in form shown while signed out.
public final class SignInFormViewController: UIViewController {
  /// Sets the background.
  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = ExampleStyle.background
  }
}
#endif
