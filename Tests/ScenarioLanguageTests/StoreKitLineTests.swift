import AppStoreCommerce
import CommerceSimulation
import Foundation
import Testing

@testable import ScenarioLanguage

/// `storekit PATH`: a `.storekit` file as the scenario's catalog and App Store settings.
@Suite struct StoreKitLineTests {
  /// A scenario file in the StoreKit fixture folder, so `storekit v3.0.storekit` is relative to it.
  let scenarioFile = TestFiles.repository.appendingPathComponent("Tests/StoreKitConfigTests/Fixtures/s.epsim")
    .path

  func parse(_ text: String) throws(ScenarioParseErrors) -> Scenario {
    try ScenarioParser.parse(text, file: scenarioFile)
  }

  func storekit(_ scenario: Scenario) -> StoreKitImport? {
    for statement in scenario.statements { if case .storekit(let file) = statement.kind { return file } }
    return nil
  }

  @Test func pathIsRelativeToTheScenarioAndSettingsBecomeCommerceSettings() throws {
    let file = try #require(storekit(try parse("storekit v2.0.storekit\n")))
    #expect(file.path == "v2.0.storekit")
    #expect(
      file.products.map(\.id) == ["fuel.small", "truck.gold", "pass.season", "plus.monthly", "plus.yearly"])
    #expect(
      file.settings == [
        .defaultRenewalRate(.realTime), .defaultFailingRenewals(true), .gracePeriod(.sixteenDays),
      ])
    #expect(file.notes.contains { $0.hasPrefix("warning: settings._timeRate 15") })
  }

  @Test func theCommerceWorldTakesProductsAndSettings() throws {
    let scenario = try parse(
      "environment sandbox\ncustomer ann\nstorekit v3.0.storekit\ncommerce grace-period 3d\n")
    let tokens = InitialWorld.build(scenario.setup, seedOverride: nil).world
    var world = try #require(CommerceWorld(setup: Array(scenario.setup), world: tokens))
    #expect(world.state.products.map(\.id).contains("garden.premium"))
    #expect(world.defaultRate == .fiveMinutes)
    #expect(!world.failingByDefault)
    // A `commerce` line after the file overrides it.
    #expect(world.state.settings.gracePeriod.duration == .threeDays)
    try world.ensure("ann", world: tokens)
    #expect(world.state.customer("ann")?.renewalRate == .fiveMinutes)
  }

  @Test func writerKeepsTheLine() throws {
    let scenario = try parse("storekit v4.0.storekit\n")
    let text = ScenarioWriter.write(scenario)
    #expect(text.contains("storekit v4.0.storekit"))
    #expect(try parse(text) == scenario)
  }

  @Test func notesAreListedOnceWithTheLine() throws {
    let notes = try parse("customer ann\nstorekit v4.0.storekit\n").storekitNotes(file: "s.epsim")
    #expect(notes.filter { $0.contains("settings ignored") }.count == 1)
    #expect(notes.allSatisfy { $0.hasPrefix("s.epsim:2: note: v4.0.storekit: ") })
  }

  @Test func badFilesStopTheParseWithTheirReason() {
    let missing = #expect(throws: ScenarioParseErrors.self) { try parse("storekit nothing-here.storekit\n") }
    #expect(missing?.description.contains("s.epsim:1:10: expected a readable .storekit file") == true)
    #expect(missing?.description.contains("no such file") == true)
    let duplicate = #expect(throws: ScenarioParseErrors.self) {
      try parse("product gems.10 consumable price USA 1 USD\nstorekit v1.0.storekit\n")
    }
    #expect(duplicate?.description.contains("product gems.10 is declared already") == true)
    let twice = #expect(throws: ScenarioParseErrors.self) {
      try parse("storekit v1.0.storekit\nstorekit v2.0.storekit\n")
    }
    #expect(twice?.description.contains("one 'storekit' line") == true)
  }

  @Test func badJSONPathReachesTheScenarioError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-storekit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = #"{ "products" : [ { "productID" : "a", "displayPrice" : "one", "type" : "Consumable" } ] }"#
    try Data(bad.utf8).write(to: folder.appendingPathComponent("Bad.storekit"))
    let error = #expect(throws: ScenarioParseErrors.self) {
      try ScenarioParser.parse("storekit Bad.storekit\n", file: folder.appendingPathComponent("x.epsim").path)
    }
    #expect(error?.description.contains("Bad.storekit: products[0].displayPrice: expected a price") == true)
  }

  /// A session recorded from a `.storekit` world saves `product` lines: each reads back the same.
  @Test(arguments: ["v1.0", "v2.0", "v3.0", "v4.0", "v5.0"])
  func everyFileProductWritesAsAProductLine(_ name: String) throws {
    let file = try #require(storekit(try parse("storekit \(name).storekit\n")))
    let text = file.products.map { ScenarioWriter.statement(.product($0)) }.joined(separator: "\n") + "\n"
    let lines = try ScenarioParser.parse(text).statements.map(\.kind)
    #expect(lines == file.products.map { .product($0) })
  }

  @Test func newSettingLinesRoundTrip() throws {
    let text = "customer ann\ncommerce default-renewal-rate real\ncommerce default-failing-renewals on\n"
    let scenario = try parse(text)
    #expect(try parse(ScenarioWriter.write(scenario)) == scenario)
    #expect(ScenarioWriter.write(scenario).contains("commerce default-renewal-rate real"))
  }
}
