import AppStoreCommerce
import ArgumentParser
import CommerceSimulation
import FileOutput
import Foundation
import LifecycleSimulator
import ScenarioLanguage
import StoreKitConfig

/// `epsim storekit`: Xcode StoreKit configuration files (docs/storekit.md).
struct StoreKitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "storekit",
    abstract: "Check an Xcode StoreKit configuration (.storekit), or write epsim's catalog as one.",
    subcommands: [StoreKitCheckCommand.self, StoreKitExportCommand.self])
}

/// `epsim storekit check FILE`: reads a file as `--storekit` would and lists what epsim takes from it.
struct StoreKitCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Read a .storekit file as epsim does: its products, its settings, and what epsim ignores.",
    discussion:
      "Exit status: 0 when epsim can use the file, 2 when it cannot (the reason names the JSON path).")

  @Argument(help: "The .storekit file.")
  var file: String

  func run() throws {
    let read: StoreKitConfiguration
    do {
      read = try StoreKitReader.read(path: file)
    } catch {
      throw ReportCLI.usage("storekit check", error.description)
    }
    var lines = [
      "\(file): format \(read.version), \(read.products.count) products, prices for \(read.homeStorefront)"
    ]
    for product in read.products {
      var line =
        "  \(product.id)  \(product.type.rawValue)  \(product.prices[read.homeStorefront].map(Self.price) ?? "-")"
      if let info = product.subscription {
        line += "  group \(info.groupId) level \(info.level) \(info.duration.rawValue)"
      }
      if product.familyShareable { line += "  family" }
      lines.append(line)
      for offer in product.offers {
        lines.append(
          "    offer \(offer.id)  \(offer.type)  \(offer.discount.rawValue)"
            + (offer.period.map { " \($0.rawValue)" } ?? "")
            + (offer.periodCount > 1 ? " x\(offer.periodCount)" : ""))
      }
    }
    lines += Self.appliedSettings(of: read).map { "  " + $0 }
    lines += read.notes.map { "  note: " + $0 }
    FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  /// Each setting of the file that epsim applies, as a `storekit` line or `--storekit` applies it
  /// (`StoreKitImport`): what it becomes, the key as written, and the `commerce` line that does the same.
  static func appliedSettings(of read: StoreKitConfiguration) -> [String] {
    let file = read.settings
    return StoreKitImport(read, path: "").settings.map { setting in
      let applied: String
      let key: String
      switch setting {
      case .defaultRenewalRate(let rate):
        applied = "sandbox renewal rate: \(rate.rawValue)"
        key = "_timeRate \(file.timeRate.map(String.init) ?? "-")"
      case .defaultFailingRenewals(let on):
        applied = "renewals fail into billing retry: " + (on ? "yes" : "no")
        key = "_renewalBillingIssuesEnabled \(file.renewalBillingIssues.map(String.init) ?? "-")"
      case .gracePeriod(let duration):
        applied = "billing grace period: " + CommerceSetting.gracePeriodName(duration)
        key = "_billingGracePeriodEnabled \(file.billingGracePeriod.map(String.init) ?? "-")"
      case .renewalRate, .failingRenewals, .changeRenews:
        applied = "setting"
        key = "settings"
      }
      return "\(applied) (\(key); as `\(ScenarioWriter.commerceStep(.setting(setting)))`)"
    }
  }

  static func price(_ price: Price) -> String {
    let whole = price.milliunits / 1000
    let cents = (price.milliunits % 1000) / 10
    return "\(whole).\(cents < 10 ? "0" : "")\(cents) \(price.currency)"
  }
}

/// `epsim storekit export`: the catalog and App Store settings of the demo world or of a scenario,
/// as a `.storekit` file that Xcode opens and epsim reads back to the same catalog.
struct StoreKitExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the demo catalog, or a scenario's catalog, as an Xcode .storekit file.",
    discussion: """
      The file holds one price per product, the --storefront's; what it cannot hold (other \
      storefronts' prices, introductory offer names) is said on standard error. Exit status: 0 when \
      written, 2 for an unusable scenario or output path.
      """)

  @Option(help: "Export the catalog this scenario's run leaves (default: the demo catalog).")
  var scenario: String?

  @Option(help: "The storefront whose prices the file holds (ISO 3166-1 alpha-3).")
  var storefront = "USA"

  @Option(help: "Write here (replaced only once complete) instead of standard output.")
  var output: String?

  func validate() throws {
    guard StorefrontCurrencies.table[storefront] != nil else {
      throw ValidationError(
        "--storefront must be one of " + StorefrontCurrencies.table.keys.sorted().joined(separator: ", "))
    }
  }

  func run() throws {
    let store: CommerceWorld
    if let scenario {
      switch ScenarioWorldLoader.worlds(from: scenario) {
      case .success(let loaded):
        store = loaded.commerce ?? CommerceWorld(products: [], world: loaded.world)
      case .failure(let error): throw ReportCLI.usage("storekit export", error.message)
      }
    } else {
      let world = DemoWorld.world(rules: .sandbox)
      store = CommerceWorld(products: DemoCatalog.products, world: world)
    }
    var notes: [String] = []
    var settings = StoreKitSettings()
    if let rate = store.defaultRate {
      settings.timeRate = StoreKitTimeRate.value(for: rate)
      if settings.timeRate == nil {
        notes.append("renewal rate \(rate.rawValue) has no _timeRate in Xcode: left out")
      }
    }
    if store.failingByDefault { settings.renewalBillingIssues = true }
    if store.state.settings.gracePeriod.enabled { settings.billingGracePeriod = true }
    let (text, writerNotes) = StoreKitWriter.write(
      StoreKitConfiguration(products: store.state.products, settings: settings, homeStorefront: storefront))
    for note in notes + writerNotes { StandardError.write("epsim storekit export: note: \(note)") }
    guard let output else {
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    do throws(FileOutputError) {
      try AtomicFile.write(Array(text.utf8), to: output)
    } catch {
      throw ReportCLI.usage("storekit export", error.description)
    }
  }
}
