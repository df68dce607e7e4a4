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
    // Parse and run .epsim scenarios from Swift code, as `epsim run` does.
    .library(name: "ScenarioLanguage", targets: ["ScenarioLanguage"]),
    // Which report each token needs, and Apple's checks of a report body; no networking.
    .library(name: "ExternalPurchaseReports", targets: ["ExternalPurchaseReports"]),
    .executable(name: "epsim", targets: ["epsim"]),
    // Apple's in-app purchases on the virtual clock: catalog, transactions, renewals, statuses; pure.
    .library(name: "AppStoreCommerce", targets: ["AppStoreCommerce"]),
    // That App Store beside the token world, on the same clock and through the same customers.
    .library(name: "CommerceSimulation", targets: ["CommerceSimulation"]),
    // The one command type behind every door, with its limits and its control API JSON.
    .library(name: "SimulatedWorld", targets: ["SimulatedWorld"]),
    // Xcode's `.storekit` configuration files read into (and written from) the App Store catalog.
    .library(name: "StoreKitConfig", targets: ["StoreKitConfig"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // No traits: Hummingbird's two default traits reach the compiler as -D flags in a random
    // order (a Set), so every other SwiftPM run recompiled it; epsim needs neither of them.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    // HTTPS for `epsim serve --tls-cert`: a staging mock keeps an https:// base URL.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    .target(name: "ExternalPurchaseTokens"),
    // OS versions and the first version of each external purchase key and entitlement: one table
    // for the engine and `epsim lint`, with no dependency, so the linter stays Foundation-only.
    .target(name: "ExternalPurchaseAvailability"),
    // The virtual clock's time and duration types and the refusal every engine throws: what the
    // token engine and the App Store engine share, with no dependency.
    .target(name: "SimulationTime"),
    // What the mock server saw of a token or a transaction, as data the UI beside it words.
    .target(name: "ServerSightings", dependencies: ["ExternalPurchaseTokens", "SimulationTime"]),
    // Apple's wire values typed, one file each, with no dependency: the App Store engine, the
    // notifications, the server's routes and the scenario language share one spelling of each.
    .target(name: "AppleWireTypes"),
    .target(
      name: "LifecycleSimulator",
      dependencies: ["ExternalPurchaseTokens", "ExternalPurchaseAvailability", "SimulationTime"]),
    .target(name: "TokenFixtures", dependencies: ["ExternalPurchaseTokens"]),
    .target(name: "InfoPlistLint", dependencies: ["ExternalPurchaseAvailability"]),
    // Realistic customers' lives through the engine, streamed as token lines (`epsim generate`).
    .target(
      name: "FixtureGenerator",
      dependencies: [
        "LifecycleSimulator", "ExternalPurchaseTokens", "FileOutput", "AppStoreCommerce", "AppleWireTypes",
      ]),
    // Atomic files and byte streams: everything epsim saves appears only once complete.
    .target(name: "FileOutput"),
    // Work on every core, results in input order (`epsim run`, `epsim decode`, a journal's replay).
    .target(name: "ParallelMap"),
    // Foundation's JSON readers behind a depth check they lack (untrusted bodies, JWTs, files).
    .target(name: "JSONShield"),
    // The append-only journal and state directory behind `epsim serve --state`: no HTTP, no engine.
    .target(name: "DurableJournal", dependencies: ["JSONShield"]),
    // The .epsim scenario language: parser, runner, transcripts (`epsim run`).
    .target(
      name: "ScenarioLanguage",
      dependencies: [
        "LifecycleSimulator", "ExternalPurchaseTokens", "AppStoreCommerce", "CommerceSimulation",
        "SimulatedWorld", "StoreKitConfig", "AppleWireTypes", "IndentedJSON", "SimulationTime",
      ]),
    // The one command type every door builds (scenario lines, the control API, the UI), its limits,
    // its control API JSON and the engine events it stands for.
    .target(
      name: "SimulatedWorld",
      dependencies: [
        "LifecycleSimulator", "ExternalPurchaseTokens", "AppStoreCommerce", "CommerceSimulation",
        "AppleWireTypes", "ExternalPurchaseAvailability",
      ]),
    // `.storekit` files (SPEC-STOREKIT-CONFIG) to the catalog and settings of AppStoreCommerce, and back.
    .target(
      name: "StoreKitConfig",
      dependencies: [
        "AppStoreCommerce", "AppleWireTypes", "ExternalPurchaseTokens", "IndentedJSON", "LifecycleSimulator",
      ]),
    // One writer of indented JSON text in two styles: epsim's documents and Xcode's `.storekit`.
    .target(name: "IndentedJSON", dependencies: ["ExternalPurchaseTokens"]),
    // The App Store beside the token world on one clock: purchases through the world's customers
    // and devices, for `epsim run`, the terminal UI and `epsim serve`.
    .target(
      name: "CommerceSimulation",
      dependencies: ["AppStoreCommerce", "AppleWireTypes", "LifecycleSimulator", "ExternalPurchaseTokens"]),

    // The terminal layer: pure frames and keys, the ncurses backend, and a probe for its tests.
    .target(name: "TextFrame"),
    // No pkgConfig: its only flags are defines SwiftPM refuses with a warning in every build (even
    // of a package that uses only the codec); the module map links ncursesw itself.
    .systemLibrary(name: "CNCurses"),
    .target(name: "TerminalBackend", dependencies: ["CNCurses", "TextFrame"]),
    .target(name: "FrameSnapshotTesting", dependencies: ["TextFrame"]),
    .executableTarget(name: "terminal-probe", dependencies: ["TerminalBackend", "TextFrame"]),
    // The terminal UI: pure state, update and view; the ncurses backend drives it from `epsim`.
    .target(
      name: "EpsimTUI",
      dependencies: [
        "ExternalPurchaseTokens", "LifecycleSimulator", "ScenarioLanguage", "TextFrame",
        "AppStoreCommerce", "AppleWireTypes", "CommerceSimulation", "ServerSightings", "SimulatedWorld",
        "SimulationTime",
      ]),
    // The host's side of the UI's effects (atomic file writes), outside the pure UI module.
    .target(name: "TerminalEffects", dependencies: ["EpsimTUI", "FileOutput"]),
    // What each token must be reported as, and Apple's checks of a report; no networking.
    .target(name: "ExternalPurchaseReports", dependencies: ["ExternalPurchaseTokens", "LifecycleSimulator"]),
    // Apple's signatures: JWT signing and checking, compact JWS reading, the test certificate
    // authorities; no HTTP, so `epsim decode` and `epsim cert` need no server.
    .target(
      name: "AppleSigning",
      dependencies: [
        "JSONShield", "ExternalPurchaseTokens", "SimulationTime",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"),
      ]),
    // Apple's notifications: what falls due, their signed payloads, the log of deliveries and the
    // webhook sender; no HTTP server.
    .target(
      name: "AppleNotifications",
      dependencies: [
        "AppleWireTypes", "AppleSigning", "AppStoreCommerce", "ExternalPurchaseTokens", "JSONShield",
        "LifecycleSimulator",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]),
    // The mock server's state: the one simulation, Apple's report ledgers, the notification log,
    // and its durable saving (`epsim serve --state`); no HTTP.
    .target(
      name: "MockAppleCore",
      dependencies: [
        "AppleWireTypes", "AppleSigning", "AppleNotifications", "AppStoreCommerce", "CommerceSimulation",
        "DurableJournal",
        "ExternalPurchaseReports", "ExternalPurchaseTokens", "LifecycleSimulator", "ParallelMap",
        "ServerSightings", "SimulatedWorld", "SimulationTime",
      ]),
    // What every API of the mock server shares over HTTP: its configuration, JSON answers, body
    // limits, the JWT check and the server-wide rate limit.
    .target(
      name: "MockAppleHTTP",
      dependencies: [
        "AppleWireTypes", "MockAppleCore", "AppleSigning", "AppleNotifications", "ExternalPurchaseTokens",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The External Purchase Server API (SPEC 7): send and read reports.
    .target(
      name: "ExternalPurchaseReportAPI",
      dependencies: [
        "MockAppleHTTP", "MockAppleCore", "ExternalPurchaseReports", "ExternalPurchaseTokens",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    // The App Store Server API (SPEC-APPSTORE 4): transactions, history, subscriptions, extensions,
    // consumption and the notification endpoints.
    .target(
      name: "AppStoreServerAPI",
      dependencies: [
        "AppleWireTypes", "MockAppleHTTP", "MockAppleCore", "AppleNotifications", "AppStoreCommerce",
        "CommerceSimulation",
        "ExternalPurchaseTokens", "JSONShield", "LifecycleSimulator",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    // epsim's control API (`/epsim/v1`): read and change the world and its App Store, signed data.
    .target(
      name: "ControlAPI",
      dependencies: [
        "AppleWireTypes", "AppStoreServerAPI", "MockAppleHTTP", "MockAppleCore", "AppleNotifications",
        "AppleSigning",
        "AppStoreCommerce", "CommerceSimulation", "ExternalPurchaseReports", "ExternalPurchaseTokens",
        "JSONShield", "LifecycleSimulator", "SimulatedWorld",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    // `epsim serve`: the APIs above on one Hummingbird server, with TLS and the wall clock.
    .target(
      name: "MockAppleServer",
      dependencies: [
        "AppleWireTypes", "ExternalPurchaseReportAPI", "AppStoreServerAPI", "ControlAPI", "MockAppleHTTP",
        "MockAppleCore",
        "AppleNotifications", "AppleSigning", "CommerceSimulation", "LifecycleSimulator", "SimulatedWorld",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),

    .executableTarget(
      name: "epsim",
      dependencies: [
        "ExternalPurchaseTokens",
        "LifecycleSimulator",
        "TokenFixtures",
        "InfoPlistLint",
        "FixtureGenerator",
        "FileOutput",
        "ScenarioLanguage",
        "StoreKitConfig",
        "ExternalPurchaseReports",
        "MockAppleServer",
        "MockAppleHTTP",
        "MockAppleCore",
        "AppleNotifications",
        "AppleSigning",
        "AppStoreCommerce",
        "CommerceSimulation",
        "SimulatedWorld",
        "DurableJournal",
        "ParallelMap",
        .product(name: "Crypto", package: "swift-crypto"),
        "EpsimTUI",
        "TerminalEffects",
        "TerminalBackend",
        "TextFrame",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Benchmarks (run with `benchmarks/run`); not part of the tests.
    // Seeded realistic tokens shared by the codec tests and the benchmarks; not a product.
    .target(name: "TokenCorpus", dependencies: ["ExternalPurchaseTokens"]),
    // In-app purchases through Apple on the virtual clock: an event-sourced engine, no I/O.
    .target(
      name: "AppStoreCommerce", dependencies: ["AppleWireTypes", "ExternalPurchaseTokens", "SimulationTime"]),
    .executableTarget(
      name: "commerce-benchmark",
      dependencies: ["AppStoreCommerce", "LifecycleSimulator", "ExternalPurchaseTokens"]),
    .executableTarget(
      name: "epsim-benchmarks",
      dependencies: [
        "ExternalPurchaseTokens", "LifecycleSimulator", "TokenCorpus", "AppStoreCommerce",
        "CommerceSimulation",
        "SimulatedWorld",
      ]),
    .executableTarget(
      name: "tui-benchmark",
      dependencies: ["EpsimTUI", "LifecycleSimulator", "TextFrame", "ExternalPurchaseTokens"]),

    .testTarget(
      name: "ExternalPurchaseTokensTests", dependencies: ["ExternalPurchaseTokens", "TokenCorpus"]),
    .testTarget(
      name: "LifecycleSimulatorTests", dependencies: ["LifecycleSimulator", "ExternalPurchaseTokens"]),
    .testTarget(
      name: "TokenFixturesTests", dependencies: ["TokenFixtures", "ExternalPurchaseTokens"]),
    .testTarget(name: "InfoPlistLintTests", dependencies: ["InfoPlistLint"]),
    .testTarget(name: "DurableJournalTests", dependencies: ["DurableJournal", "JSONShield"]),
    .testTarget(
      name: "ExternalPurchaseAvailabilityTests",
      dependencies: ["ExternalPurchaseAvailability", "InfoPlistLint", "LifecycleSimulator"]),
    .testTarget(
      name: "FixtureGeneratorTests",
      dependencies: [
        "FixtureGenerator", "FileOutput", "LifecycleSimulator", "ExternalPurchaseTokens", "AppStoreCommerce",
        "AppleWireTypes",
      ]),
    .testTarget(
      name: "ScenarioLanguageTests",
      dependencies: [
        "ScenarioLanguage", "LifecycleSimulator", "ExternalPurchaseTokens", "AppStoreCommerce",
        "AppleWireTypes", "SimulatedWorld",
        "CommerceSimulation", "SharedTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "TextFrameTests", dependencies: ["TextFrame", "FrameSnapshotTesting"], exclude: ["Snapshots"]),
    .testTarget(name: "TerminalBackendTests", dependencies: ["TerminalBackend", "TextFrame", "CNCurses"]),
    .testTarget(
      name: "EpsimTUITests",
      dependencies: [
        "EpsimTUI", "TerminalEffects", "LifecycleSimulator", "ScenarioLanguage", "TextFrame",
        "FrameSnapshotTesting", "AppStoreCommerce", "CommerceSimulation", "SimulatedWorld",
        "SharedTestSupport", "ExternalPurchaseTokens", "ServerSightings",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "ExternalPurchaseReportsTests",
      dependencies: ["ExternalPurchaseReports", "LifecycleSimulator", "ExternalPurchaseTokens"]),
    // A mock server on a free port with an HTTP client, a webhook receiver and a JSON schema
    // checker, shared by the tests of the server's APIs; not a product.
    .target(
      name: "MockAppleTestSupport",
      dependencies: [
        "MockAppleServer", "MockAppleHTTP", "AppleNotifications", "AppleSigning", "AppStoreCommerce",
        "CommerceSimulation", "LifecycleSimulator", "SharedTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "Hummingbird", package: "hummingbird"),
        // The webhook receiver stops gracefully, as the server does, so a passing run logs no errors.
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      path: "Tests/MockAppleTestSupport"),
    // Scenario setup lines and loopback HTTP shared by the test suites of several modules; Foundation
    // only, not a product.
    .target(name: "SharedTestSupport", path: "Tests/SharedTestSupport"),
    .testTarget(name: "AppleWireTypesTests", dependencies: ["AppleWireTypes"]),
    .testTarget(
      name: "AppleSigningTests",
      dependencies: [
        "AppleSigning", "ExternalPurchaseTokens", .product(name: "Crypto", package: "swift-crypto"),
      ]),
    .testTarget(
      name: "AppleNotificationsTests",
      dependencies: [
        "AppleNotifications", "AppleSigning", "ExternalPurchaseTokens", "LifecycleSimulator",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .testTarget(
      name: "MockAppleCoreTests",
      dependencies: [
        "MockAppleCore", "AppleNotifications", "AppleSigning", "AppStoreCommerce", "CommerceSimulation",
        "DurableJournal", "ExternalPurchaseReports", "ExternalPurchaseTokens", "LifecycleSimulator",
        "ServerSightings", "SimulatedWorld",
      ]),
    .testTarget(
      name: "ExternalPurchaseReportAPITests",
      dependencies: [
        "ExternalPurchaseReportAPI", "MockAppleTestSupport", "LifecycleSimulator", "ServerSightings",
      ]),
    .testTarget(
      name: "AppStoreServerAPITests",
      dependencies: [
        "AppStoreServerAPI", "MockAppleTestSupport", "MockAppleCore", "MockAppleHTTP", "AppleNotifications",
        "AppStoreCommerce", "LifecycleSimulator", "ServerSightings",
      ]),
    .testTarget(
      name: "ControlAPITests",
      dependencies: [
        "ControlAPI", "MockAppleTestSupport", "AppleSigning", "AppStoreCommerce", "LifecycleSimulator",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"),
      ]),
    // The assembled server: authentication across its APIs, its OpenAPI documents, deep JSON.
    .testTarget(
      name: "MockAppleServerTests",
      dependencies: [
        "MockAppleServer", "MockAppleTestSupport", "AppleNotifications", "AppleSigning", "LifecycleSimulator",
        "EpsimTUI", "ScenarioLanguage", "SimulatedWorld", "TextFrame", "SharedTestSupport", "MockAppleCore",
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    .testTarget(
      name: "StoreKitConfigTests",
      dependencies: ["StoreKitConfig", "AppStoreCommerce", "AppleWireTypes", "SharedTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "AppStoreCommerceTests",
      dependencies: ["AppStoreCommerce", "AppleWireTypes", "LifecycleSimulator", "ExternalPurchaseTokens"]),
    .testTarget(
      name: "CommerceSimulationTests",
      dependencies: ["CommerceSimulation", "AppStoreCommerce", "LifecycleSimulator"]),
    .testTarget(
      name: "SimulatedWorldTests",
      dependencies: ["SimulatedWorld", "CommerceSimulation", "AppStoreCommerce", "LifecycleSimulator"]),
    // Run the built binaries; depending on the executables makes SwiftPM build them first.
    .testTarget(
      name: "EpsimCLITests",
      dependencies: [
        "epsim", "ExternalPurchaseTokens", "TokenCorpus", "AppleSigning", "SharedTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      exclude: ["Golden", "Fixtures"]),
    // The built `epsim` and the probe in a real terminal (tmux).
    .testTarget(
      name: "TerminalEndToEndTests",
      dependencies: [
        "terminal-probe", "epsim", "AppleSigning", "SharedTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
  ]
)
