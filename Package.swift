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
    .executable(name: "epsim", targets: ["epsim"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "ExternalPurchaseTokens"),
    .target(name: "LifecycleSimulator", dependencies: ["ExternalPurchaseTokens"]),
    .executableTarget(
      name: "epsim",
      dependencies: [
        "ExternalPurchaseTokens",
        "LifecycleSimulator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Seeded realistic tokens shared by the codec tests and the benchmarks; not a product.
    .target(name: "TokenCorpus", dependencies: ["ExternalPurchaseTokens"]),
    .executableTarget(name: "epsim-benchmarks", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    .testTarget(
      name: "ExternalPurchaseTokensTests", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    // Runs the built `epsim` binary, which `swift test` builds with every other target.
    .testTarget(name: "EpsimCLITests", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    .testTarget(
      name: "LifecycleSimulatorTests", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
  ]
)
