import ExternalPurchaseAvailability
import LifecycleSimulator
import Testing

@testable import InfoPlistLint

/// One version table serves the engine and `epsim lint`; these tests pin that both read it.
@Suite("Key versions: one table for the engine and lint")
struct SharedTableTests {
  /// Lint's rules carry exactly the table's entries, each on the key or entitlement it names.
  @Test func lintRulesUseEveryEntryOfTheTable() {
    var used: [KeyAvailability] = []
    for rule in LintTables.plistKeys {
      if let availability = rule.availability {
        #expect(availability.name == rule.name)
        used.append(availability)
      }
    }
    for rule in LintTables.entitlements {
      if let availability = rule.availability {
        #expect(availability.name == rule.name)
        used.append(availability)
      }
    }
    #expect(Set(used) == Set(KeyAvailability.all))
    #expect(used.count == KeyAvailability.all.count)
  }

  /// SPEC 6's marks, as the table holds them.
  @Test func theTableHoldsSpec6Marks() {
    #expect(KeyAvailability.multiLink.iOS == OSVersion(17, 5))
    #expect(KeyAvailability.customLinkRegions.iOS == OSVersion(18, 1))
    #expect(KeyAvailability.streamingRegions.iOS == OSVersion(18, 2))
    #expect(KeyAvailability.streamingRegions.macOS == nil)
    #expect(KeyAvailability.allowedRegionsEntitlement.iOS == OSVersion(26, 2))
  }

  /// The regions key exists for `ExternalPurchaseCustomLink`, so on every platform its version is
  /// the API's (SPEC 3): the key never refuses a device the API accepts.
  @Test(arguments: Platform.allCases)
  func customLinkRegionsKeyFollowsTheAPI(platform: Platform) {
    #expect(platform.minimum(of: .customLinkRegions) == platform.customLinkMinimum)
  }

  /// Lint warns with the very version the engine refuses below.
  @Test(arguments: KeyAvailability.all)
  func lintNamesTheTablesIOSVersion(key: KeyAvailability) throws {
    let required = try #require(key.iOS)
    let below = OSVersion(required.major, required.minor - 1)
    var root: [String: PropertyListValue] = ["MinimumOSVersion": .string(below.description)]
    var entitlements: [String: PropertyListValue] = [:]
    if key == .allowedRegionsEntitlement {
      entitlements[key.name] = ["jp"]
    } else if key == .multiLink {
      root[key.name] = ["fr": ["https://shop.example.com/fr"]]
    } else {
      root[key.name] = ["fr"]
    }
    let report = InfoPlistLinter.lint(
      infoPlist: LoadedPropertyList(file: "Info.plist", format: .xml, root: root),
      entitlements: LoadedPropertyList(file: "App.entitlements", format: .xml, root: entitlements))
    let warning = report.findings.first { $0.rule == .osVersion && $0.keyPath == key.name }
    #expect(warning?.message == "takes effect only from iOS \(required), but MinimumOSVersion is \(below)")
  }
}
