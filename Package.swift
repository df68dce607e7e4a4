// swift-tools-version:6.1
// epsim: a simulator of Apple's external purchase tokens.
import PackageDescription

let package = Package(
  name: "epsim",
  platforms: [.macOS(.v13)],
  products: [
    // The codec alone: a backend can depend on this without the engine, the UI or ncurses.
    .library(name: "ExternalPurchaseTokens", targets: ["ExternalPurchaseTokens"]),
    .library(name: "LifecycleSimulator", targets: ["LifecycleSimulator"]),
    // Crafted good and bad tokens, so a backend can test its own decoder against epsim's verdicts.
    .library(name: "TokenFixtures", targets: ["TokenFixtures"]),
    // The Info.plist and entitlements checker behind `epsim lint`: Foundation only.
    .library(name: "InfoPlistLint", targets: ["InfoPlistLint"]),

    .library(name: "ScenarioLanguage", targets: ["ScenarioLanguage"]),
    .executable(name: "epsim", targets: ["epsim"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "ExternalPurchaseTokens"),
    .target(name: "LifecycleSimulator", dependencies: ["ExternalPurchaseTokens"]),
    .target(name: "TokenFixtures", dependencies: ["ExternalPurchaseTokens"]),
    .target(name: "InfoPlistLint"),
    // Realistic customers' lives through the engine, streamed as token lines (`epsim generate`).
    .target(name: "FixtureGenerator", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    // The .epsim scenario language: parser, runner, transcripts (`epsim run`).
    .target(name: "ScenarioLanguage", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    .executableTarget(
      name: "epsim",
      dependencies: [
        "ExternalPurchaseTokens",
        "LifecycleSimulator",
        "TokenFixtures",
        "InfoPlistLint",
        "FixtureGenerator",
        "ScenarioLanguage",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Seeded realistic tokens shared by the codec tests and the benchmarks; not a product.
    .target(name: "TokenCorpus", dependencies: ["ExternalPurchaseTokens"]),
    .executableTarget(name: "epsim-benchmarks", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    .testTarget(
      name: "ExternalPurchaseTokensTests", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    // Runs the built `epsim` binary; depending on the executable makes SwiftPM build it first.
    .testTarget(name: "EpsimCLITests", dependencies: ["epsim", "ExternalPurchaseTokens", "TokenCorpus"]),
    .testTarget(
      name: "LifecycleSimulatorTests", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    .testTarget(
      name: "TokenFixturesTests", dependencies: ["TokenFixtures", "ExternalPurchaseTokens"]),
    .testTarget(name: "InfoPlistLintTests", dependencies: ["InfoPlistLint"]),
    .testTarget(
      name: "FixtureGeneratorTests",
      dependencies: ["FixtureGenerator", "LifecycleSimulator", "ExternalPurchaseTokens"]),
    .testTarget(
      name: "ScenarioLanguageTests",
      dependencies: ["ScenarioLanguage", "LifecycleSimulator", "ExternalPurchaseTokens"],
      exclude: ["Fixtures"]),
  ]
)
