// swift-tools-version: 6.2

import PackageDescription

// Benchmarks live in their own package so that users of Compose never build them. Compose is
// taken from the parent directory; the package builds it without any macro dependency.
let package = Package(
  name: "ComposeBenchmarks",
  platforms: [
    .iOS(.v17),
    .tvOS(.v17),
    .visionOS(.v1),
    .macCatalyst(.v17),
    .macOS(.v14),
  ],
  dependencies: [
    .package(name: "Compose", path: "..", traits: [])
  ],
  targets: [
    // Counts heap allocations by interposing malloc (glibc only; counts read 0 elsewhere).
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "ComposeBenchmarks",
      dependencies: [
        .product(name: "Compose", package: "Compose"),
        "MallocCounter",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "MallocCounter" {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .treatAllWarnings(as: .error),
  ])
  target.swiftSettings = settings
}
