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
    .library(name: "ScenarioLanguage", targets: ["ScenarioLanguage"]),
    .executable(name: "epsim", targets: ["epsim"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "ExternalPurchaseTokens"),
    .target(name: "LifecycleSimulator", dependencies: ["ExternalPurchaseTokens"]),
    .target(name: "ScenarioLanguage", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    .executableTarget(
      name: "epsim",
      dependencies: [
        "ExternalPurchaseTokens",
        "LifecycleSimulator",
        "ScenarioLanguage",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "ExternalPurchaseTokensTests", dependencies: ["ExternalPurchaseTokens"]),
    .testTarget(
      name: "LifecycleSimulatorTests", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    .testTarget(
      name: "ScenarioLanguageTests",
      dependencies: ["ScenarioLanguage", "LifecycleSimulator", "ExternalPurchaseTokens"],
      exclude: ["Fixtures"]),
    // Runs the built `epsim run` on fixture files; depends on the executable so it is built first.
    .testTarget(name: "RunCLITests", dependencies: ["epsim"]),
  ]
)
