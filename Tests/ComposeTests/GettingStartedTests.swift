#if !canImport(UIKit)
// Runs against UIKitModel (its clock, event log and names), where it stands in for UIKit.
import Compose
import ComposeTesting
import Foundation
import Testing
import UIKitModel

// The code of the DocC article "Getting started" (GettingStarted.md), step by step, compiled as
// written. Each step lives in a namespace of its own, because each one changes the same types.

// MARK: - Step 1: an empty container

private enum StepOne {
  final class ProfileViewController: UIViewController {
  }
}

// MARK: - Step 2: declaring the children

/// The children of the article's screen, shared by the steps after the second.
private final class AvatarViewController: UIViewController {
  var name: String

  init(name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

private final class PostsViewController: UIViewController {
}

private final class SignInViewController: UIViewController {
}

private enum StepTwo {
  struct ProfileScreen: Composition {
    var name: String?

    var body: CompositionContent {
      Slot("header", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 120))) {
        if let name {
          Child {
            AvatarViewController(name: name)
          } update: {
            $0.name = name
          }
        }
      }
      Slot("content", layout: .fill(insets: UIEdgeInsets(top: 120, left: 0, bottom: 0, right: 0))) {
        if name != nil {
          Child { PostsViewController() }
        } else {
          Child { SignInViewController() }
        }
      }
      .transition(.crossDissolve(duration: 0.25))
    }
  }
}

private typealias ProfileScreen = StepTwo.ProfileScreen

// MARK: - Step 3: attaching a composer

private enum StepThree {
  final class ProfileViewController: UIViewController {
    var name: String? {
      didSet { composer.setNeedsCompose() }
    }

    private lazy var composer = Composer(container: self) { [unowned self] in
      ProfileScreen(name: name)
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      composer.setNeedsCompose()
    }
  }
}

// MARK: - Step 4: or inheriting the composer

private enum StepFour {
  final class ProfileViewController: ComposedViewController {
    var name: String? {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder override var composition: CompositionContent {
      ProfileScreen(name: name).body
    }
  }
}

// MARK: - The README's example

#if Macros
private enum ReadmeExample {
  @Composed
  final class ProfileViewController: UIViewController {
    var name: String? {
      didSet { setNeedsCompose() }
    }

    @CompositionBuilder var body: CompositionContent {
      Slot("header", layout: .frame(CGRect(x: 0, y: 0, width: 390, height: 120))) {
        if let name {
          Child {
            AvatarViewController(name: name)
          } update: {
            $0.name = name
          }
        }
      }
      Slot("content", layout: .fill(insets: UIEdgeInsets(top: 120, left: 0, bottom: 0, right: 0))) {
        if name != nil { Child { PostsViewController() } } else { Child { SignInViewController() } }
      }
      .transition(.crossDissolve())
    }
  }
}
#endif

// MARK: - Steps 5 and 6: the article's tests, as written

private typealias ProfileViewController = StepFour.ProfileViewController

@MainActor
@Suite(.isolatedModel)
struct ProfileTests {
  @Test func signingInReplacesTheSignInScreen() {
    let plan = Plan(from: ProfileScreen(name: nil), to: ProfileScreen(name: "Ada"))
    #expect(
      plan.description == """
        update 'header' some AvatarViewController
        add-child 'header' some AvatarViewController
        insert-view 'header' some AvatarViewController at 0
        layout 'header' some AvatarViewController frame(0 0 390 120)
        did-move 'header' some AvatarViewController
        swap 'content' second SignInViewController -> 'content' first PostsViewController \
        crossDissolve(0.25)
        """)
  }

  @Test func theProfileAppearsWithItsChildren() async throws {
    let profile = ProfileViewController()
    profile.name = "Ada"
    let harness = await ContainerHarness(showing: profile, name: "profile")

    let avatar = try #require(profile.children.first as? AvatarViewController)
    #expect(avatar.name == "Ada")
    #expect(avatar.view.frame == CGRect(x: 0, y: 0, width: 390, height: 120))
    #expect(profile.children.last is PostsViewController)
    harness.expectInvariants()
  }

  @Test func signingOutShowsTheSignInScreen() async {
    let profile = ProfileViewController()
    profile.name = "Ada"
    let harness = await ContainerHarness(showing: profile, name: "profile")

    await harness.expectEvents(
      of: ["header.AvatarViewController", "content.SignInViewController"],
      """
      header.AvatarViewController.willMove(toParent: nil)
      header.AvatarViewController.viewWillDisappear(false)
      header.AvatarViewController.viewDidDisappear(false)
      header.AvatarViewController.didMove(toParent: nil)
      content.SignInViewController.willMove(toParent: profile)
      content.SignInViewController.loadView()
      content.SignInViewController.viewDidLoad()
      content.SignInViewController.viewWillAppear(true)
      content.SignInViewController.viewIsAppearing(true)
      content.SignInViewController.viewDidAppear(true)
      content.SignInViewController.didMove(toParent: profile)
      """
    ) {
      profile.name = nil
    }
    harness.expectInvariants()
  }
}

// MARK: - Tests

/// Checks that the code of steps 1 to 4, and the README's example, behave as they say.
@MainActor
@Suite("Getting started article", .isolatedModel)
struct GettingStartedTests {
  #if Macros
  @Test("The README's example shows the sign-in screen, then the avatar above the posts")
  func readmeExample() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let profile = ReadmeExample.ProfileViewController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = profile
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    #expect(profile.children.map { "\(type(of: $0))" } == ["SignInViewController"])

    profile.name = "Ada"
    ModelRuntime.runUntilIdle()
    #expect(
      profile.children.map { "\(type(of: $0))" } == ["AvatarViewController", "PostsViewController"])
    #expect(profile.children.last?.view.frame == CGRect(x: 0, y: 120, width: 390, height: 724))
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }
  #endif

  @Test("Step 1: the empty container has no children")
  func emptyContainer() {
    ModelRuntime.reset()
    let profile = StepOne.ProfileViewController()
    profile.loadViewIfNeeded()
    #expect(profile.children.isEmpty)
  }

  @Test("Step 3: a composer applies the declaration once the view loads, and again on a change")
  func attachedComposer() throws {
    ModelRuntime.reset()
    ModelRuntime.exceptionPolicy = .record
    let profile = StepThree.ProfileViewController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = profile
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    #expect(profile.children.count == 1)
    #expect(profile.children.first is SignInViewController)

    profile.name = "Ada"
    ModelRuntime.runUntilIdle()
    #expect(profile.children.count == 2)
    let avatar = try #require(profile.children.first as? AvatarViewController)
    #expect(avatar.name == "Ada")
    #expect(profile.children.last is PostsViewController)
    #expect(ModelRuntime.diagnostics.isEmpty)
    #expect(ModelRuntime.recordedExceptions.isEmpty)
    _ = window
  }

  @Test("Step 2: the avatar is made once, and updated in place when the name changes again")
  func avatarUpdatedInPlace() async throws {
    let profile = ProfileViewController()
    profile.name = "Ada"
    let harness = await ContainerHarness(showing: profile, name: "profile")
    let avatar = try #require(profile.children.first as? AvatarViewController)
    let traced = profile.composer.stepsTraced

    await harness.expectEvents(of: ["header.AvatarViewController"], "") {
      profile.name = "Grace"
    }
    #expect(profile.children.first === avatar)
    #expect(avatar.name == "Grace")
    #expect(
      profile.composer.trace.suffix(profile.composer.stepsTraced - traced) == [
        "update 'header' some AvatarViewController"
      ])
  }

  @Test("Step 4: the base class composes before its view first appears, not when it loads")
  func inheritedComposerComposesBeforeAppearing() {
    ModelRuntime.reset()
    let profile = StepFour.ProfileViewController()
    profile.loadViewIfNeeded()
    ModelRuntime.runUntilIdle()
    #expect(profile.children.isEmpty)
    profile.beginAppearanceTransition(true, animated: false)
    #expect(profile.children.first is SignInViewController)
    profile.endAppearanceTransition()
  }

  @Test("Step 4: the base class composes the same children")
  func inheritedComposer() {
    ModelRuntime.reset()
    let profile = StepFour.ProfileViewController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = profile
    window.makeKeyAndVisible()
    ModelRuntime.runUntilIdle()
    #expect(profile.children.count == 1)
    #expect(profile.children.first is SignInViewController)
    _ = window
  }
}
#endif
