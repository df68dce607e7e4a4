import Foundation
import SharedTestSupport
import Testing

/// `--storekit PATH` on `serve`, `tui`, `generate` and the `storekit` line of `epsim run`: the same
/// reading and the same refusals (exit 2, the JSON path) at every door.
@Suite struct StoreKitCLITests {
  static let example = "docs/examples/storekit/Newsstand.storekit"

  /// A `.storekit` file with a bad period, in a fresh folder.
  func badFile() throws -> URL {
    let folder = try TemporaryFolder.make("epsim-sk")
    let json =
      #"{ "subscriptionGroups" : [ { "id" : "G", "subscriptions" : [ { "productID" : "p", "displayPrice" : "1", "#
      + #""groupNumber" : 1, "recurringSubscriptionPeriod" : "monthly" } ] } ] }"#
    try Data(json.utf8).write(to: folder.appendingPathComponent("Bad.storekit"))
    try Data("storekit Bad.storekit\n".utf8).write(to: folder.appendingPathComponent("bad.epsim"))
    return folder
  }

  @Test(arguments: [["serve"], ["tui"], ["generate", "--customers", "1"]])
  func aBadFileStopsEveryDoorWithItsPath(_ command: [String]) throws {
    let folder = try badFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Bad.storekit").path
    let outcome = try EpsimExecutable.run(command + ["--storekit", path])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError.contains(
        "\(path): subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: expected a period"))
  }

  @Test func aBadFileStopsARunWithItsPath() throws {
    let folder = try badFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try EpsimExecutable.run(["run", folder.appendingPathComponent("bad.epsim").path])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.contains("bad.epsim:1:10: expected a readable .storekit file"))
    #expect(
      outcome.standardError.contains("subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod"))
  }

  @Test func theExampleRunsWithItsNotesOnce() throws {
    let outcome = try EpsimExecutable.run(["run", "docs/examples/storekit-subscription-lifecycle.epsim"])
    #expect(outcome.status == 0)
    let notes = outcome.standardError.split(separator: "\n").filter { $0.contains("settings ignored") }
    #expect(
      notes == [
        "docs/examples/storekit-subscription-lifecycle.epsim:9: note: storekit/Newsstand.storekit: "
          + "settings ignored (no counterpart in epsim's App Store): _disableDialogs, _locale"
      ])
  }

  @Test func aScenarioAndAStoreKitOptionDoNotMix() throws {
    let outcome = try EpsimExecutable.run([
      "serve", "--scenario", "docs/examples/readme-example.epsim", "--storekit", Self.example,
    ])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("a scenario loads one with a `storekit` line"))
  }
}

/// `epsim storekit export` and `epsim storekit check`.
@Suite struct StoreKitExportCLITests {
  @Test func theExportOfAScenarioChecksBackToItsCatalog() throws {
    try TemporaryFolder.with("epsim-skx") { folder in
      let out = folder.appendingPathComponent("Export.storekit").path
      let export = try EpsimExecutable.run([
        "storekit", "export", "--scenario", "docs/examples/storekit-subscription-lifecycle.epsim", "--output",
        out,
      ])
      #expect(export.status == 0)
      #expect(export.standardOutput.isEmpty)
      let check = try EpsimExecutable.run(["storekit", "check", out])
      #expect(check.status == 0)
      #expect(check.standardOutput.contains("format 4.0, 3 products, prices for USA"))
      #expect(
        check.standardOutput.contains(
          "  news.monthly  Auto-Renewable Subscription  4.99 USD  group 6E3A9300 level 1 P1M  family"))
      #expect(check.standardOutput.contains("    offer news.stay  promotional  PAY_AS_YOU_GO P1M x2"))
      #expect(check.standardOutput.contains("  sandbox renewal rate: 5m"))
    }
  }

  /// `check` lists every setting of the file that epsim applies (what it becomes, the key as
  /// written, the `commerce` line that does the same), and only those: an absent key leaves
  /// epsim's default and prints nothing.
  @Test func checkListsEverySettingItApplies() throws {
    let check = try EpsimExecutable.run(["storekit", "check", "docs/examples/storekit/Newsstand.storekit"])
    #expect(check.status == 0)
    #expect(
      Self.settingLines(check.standardOutput) == [
        "  sandbox renewal rate: 5m (_timeRate 13; as `commerce default-renewal-rate 5m`)",
        "  renewals fail into billing retry: yes (_renewalBillingIssuesEnabled true; as "
          + "`commerce default-failing-renewals on`)",
        "  billing grace period: 16d (_billingGracePeriodEnabled true; as `commerce grace-period 16d`)",
      ])
    try TemporaryFolder.with("epsim-skc") { folder in
      let path = folder.appendingPathComponent("Off.storekit").path
      try Data(#"{ "products" : [], "settings" : { "_renewalBillingIssuesEnabled" : false } }"#.utf8).write(
        to: URL(fileURLWithPath: path))
      let off = try EpsimExecutable.run(["storekit", "check", path])
      #expect(off.status == 0, "\(off.standardError)")
      #expect(
        Self.settingLines(off.standardOutput) == [
          "  renewals fail into billing retry: no (_renewalBillingIssuesEnabled false; as "
            + "`commerce default-failing-renewals off`)"
        ])
    }
  }

  /// The lines of `check`'s output that name a setting key of the file.
  static func settingLines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") && $0.contains(" (_") }
  }

  @Test func theDemoExportSaysWhatTheFileCannotHold() throws {
    let export = try EpsimExecutable.run(["storekit", "export", "--storefront", "DEU"])
    #expect(export.status == 0)
    #expect(export.standardOutput.contains("\"_storefront\" : \"DEU\""))
    #expect(export.standardOutput.contains("\"displayPrice\" : \"10.99\""), "premium.monthly's euro price")
    #expect(export.standardError.contains("one price per product (DEU's)"))
  }

  @Test func checkRefusesABadFileWithItsPath() throws {
    try TemporaryFolder.with("epsim-skc") { folder in
      let path = folder.appendingPathComponent("Bad.storekit").path
      try Data(#"{ "products" : [ { "productID" : "a", "type" : "Consumable" } ] }"#.utf8).write(
        to: URL(fileURLWithPath: path))
      let check = try EpsimExecutable.run(["storekit", "check", path])
      #expect(check.status == 2)
      #expect(
        check.standardError
          == "epsim storekit check: \(path): products[0].displayPrice: missing: expected a price such as \"0.99\" (at most 3 decimals, below 1000000000)\n"
      )
    }
  }
}
