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
        "EpsimTUI",
        "TerminalBackend",
        "TextFrame",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The terminal layer: pure frames and keys, the ncurses backend, and a probe for its tests.
    .target(name: "TextFrame"),
    .systemLibrary(name: "CNCurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
    .target(name: "TerminalBackend", dependencies: ["CNCurses", "TextFrame"]),
    .target(name: "FrameSnapshotTesting", dependencies: ["TextFrame"]),
    .executableTarget(name: "terminal-probe", dependencies: ["TerminalBackend", "TextFrame"]),
    .testTarget(
      name: "TextFrameTests", dependencies: ["TextFrame", "FrameSnapshotTesting"], exclude: ["Snapshots"]),
    .testTarget(name: "TerminalBackendTests", dependencies: ["TerminalBackend", "TextFrame"]),
    // Also runs the built `epsim` (its terminal UI); depending on it makes SwiftPM build it first.
    .testTarget(name: "TerminalEndToEndTests", dependencies: ["terminal-probe", "epsim"]),
    // The terminal UI: pure state, update and view; the ncurses backend drives it from `epsim`.
    .target(name: "EpsimTUI", dependencies: ["ExternalPurchaseTokens", "LifecycleSimulator", "TextFrame"]),
    .executableTarget(name: "tui-benchmark", dependencies: ["EpsimTUI", "LifecycleSimulator", "TextFrame"]),
    .testTarget(
      name: "EpsimTUITests",
      dependencies: ["EpsimTUI", "LifecycleSimulator", "TextFrame", "FrameSnapshotTesting"],
      exclude: ["Snapshots"]),
    .testTarget(name: "ExternalPurchaseTokensTests", dependencies: ["ExternalPurchaseTokens"]),
    .testTarget(
      name: "LifecycleSimulatorTests", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
  ]
)
