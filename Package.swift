// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

/// Platforms on which `canImport(UIKit)` is false, where Compose compiles against UIKitModel.
let platformsWithoutUIKit: [Platform] = [.macOS, .linux, .windows, .android, .wasi, .openbsd]

let package = Package(
  name: "Compose",
  platforms: [
    .iOS(.v17),
    .tvOS(.v17),
    .visionOS(.v1),
    .macCatalyst(.v17),
    .macOS(.v14),
  ],
  products: [
    .library(name: "Compose", targets: ["Compose"]),
    .library(name: "UIKitModel", targets: ["UIKitModel"]),
    .library(name: "ComposeTesting", targets: ["ComposeTesting"]),
    // `swift run compose-demo`: the examples run on UIKitModel, step by step.
    .executable(name: "compose-demo", targets: ["ComposeDemo"]),
  ],
  traits: [
    .trait(
      name: "Macros",
      description: "The macros `@Composed`, `@Entry` and `@CompositionBody`, and the compile-time "
        + "identity checks; they need swift-syntax, which SwiftPM fetches in any case but builds "
        + "only with this trait."),
    .default(enabledTraits: ["Macros"]),
  ],
  dependencies: [
    // Any 600–603 release, so that a client already on one of them resolves. The macros build and
    // behave the same with 600.0.1 and 603.0.1; their expansion-text tests are written against
    // 603's layout of the expanded code.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    // Only the demo's command line uses it; no library product depends on it.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .target(
      name: "Compose",
      dependencies: [
        // UIKit where it exists; its executable model everywhere else (including macOS).
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
        .target(name: "ComposeMacros", condition: .when(traits: ["Macros"])),
      ]
    ),
    .macro(
      name: "ComposeMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(name: "UIKitModel"),
    // What users import in their test targets: a harness that shows a container, settles it and
    // names its children; expectations on plans, traces, events, leaks and invariants; and the
    // trait that gives each test a UIKit model of its own. Depends on the toolchain alone.
    .target(
      name: "ComposeTesting",
      dependencies: [
        "Compose",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ]
    ),
    // Uses every UIKit-named public member of UIKitModel the way client code does; compiled here
    // against the model and by `check.sh` (`MODULES="Compose UIKitModelProbe"`) against Apple's
    // SDKs, so a spelling of the model that UIKit does not share fails a build. Not a product.
    .target(
      name: "UIKitModelProbe",
      dependencies: [
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit))
      ]
    ),
    // Real screens written with Compose; not a product, so users never build them.
    .target(
      name: "ComposeExamples",
      dependencies: [
        "Compose",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ],
      path: "Examples",
      exclude: ["README.md"]
    ),
    // The demo's scenarios and the text, Mermaid and SVG renderings of their steps; a target of its
    // own, apart from the command line, so that its tests need no argument parser. Not a product.
    .target(
      name: "ComposeDemoKit",
      dependencies: [
        "Compose", "ComposeExamples",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ]
    ),
    .executableTarget(
      name: "ComposeDemo",
      dependencies: [
        "ComposeDemoKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The tests of plans, identity, builder forms and diagnostics compile against UIKit too; the
    // ones that drive UIKitModel (its clock, event log and names) are behind
    // `#if !canImport(UIKit)`, as are all of UIKitModelTests.
    .testTarget(
      name: "ComposeTests",
      dependencies: [
        "Compose", "ComposeExamples", "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ]
    ),
    .testTarget(
      name: "ComposeTestingTests",
      dependencies: [
        "Compose", "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ]
    ),
    .testTarget(
      name: "UIKitModelTests",
      dependencies: [
        "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ]
    ),
    // `Expected/` holds the demo's output checked in for one scenario, compared in a test and in CI.
    .testTarget(
      name: "ComposeDemoTests",
      dependencies: [
        "Compose", "ComposeDemoKit", "ComposeExamples", "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ],
      exclude: ["Expected"]
    ),
    // An app's screens, using the public API as app code does, compiled with the settings of an
    // app module made by Xcode 26: Swift 6, default main-actor isolation and the
    // approachable-concurrency features (which every target here has). A declaration of Compose
    // that clashes with them fails this build.
    .testTarget(
      name: "ComposeClientMainActorTests",
      dependencies: [
        "Compose", "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // The same screens (the file is a link to the one above), compiled as an app module that has
    // not moved to Swift 6: Swift 5 mode with complete concurrency checking, whose concurrency
    // diagnostics are warnings, and so errors here.
    .testTarget(
      name: "ComposeClientSwift5Tests",
      dependencies: [
        "Compose", "ComposeTesting",
        .target(name: "UIKitModel", condition: .when(platforms: platformsWithoutUIKit)),
      ],
      swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]
    ),
    // The macro's expansions, apart from the library's tests so that those build without it.
    .testTarget(
      name: "ComposeMacrosTests",
      dependencies: [
        "ComposeMacros",
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// The targets compiled as an app module that predates Swift 6.2's approachable concurrency.
let swift5Targets: Set<String> = ["ComposeClientSwift5Tests"]

// Upcoming features and warnings policy, applied to every target in one place.
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ])
  if !swift5Targets.contains(target.name) {
    settings.append(contentsOf: [
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ])
  }
  settings.append(.treatAllWarnings(as: .error))
  target.swiftSettings = settings
}
