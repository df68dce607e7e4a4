import AppStoreCommerce
import CommerceSimulation
import Foundation
import LifecycleSimulator
import StoreKitConfig

/// `storekit PATH`: an Xcode StoreKit configuration file read as the App Store's catalog and settings.
///
/// The same products and `commerce` settings as the lines it stands for; the scenario keeps the
/// line, so a written-back scenario still names the file.
public struct StoreKitImport: Hashable, Sendable {
  /// The path as the line wrote it (relative paths are relative to the scenario file).
  public var path: String
  public var products: [Product]
  /// The file's settings that have a counterpart, as `commerce` lines would give them.
  public var settings: [CommerceSetting]
  /// What the reader ignored or could not model, to be shown once per run.
  public var notes: [String]

  public init(path: String, products: [Product], settings: [CommerceSetting], notes: [String]) {
    self.path = path
    self.products = products
    self.settings = settings
    self.notes = notes
  }

  /// A read file's products and settings (SPEC-STOREKIT-CONFIG 6, "Mapping to a simulator").
  public init(_ file: StoreKitConfiguration, path: String) {
    var settings: [CommerceSetting] = []
    if let rate = file.settings.renewalRate { settings.append(.defaultRenewalRate(rate)) }
    if let fails = file.settings.renewalBillingIssues { settings.append(.defaultFailingRenewals(fails)) }
    // Xcode's real-time grace period is 16 days (6 for weekly subscriptions), epsim's default length.
    if let grace = file.settings.billingGracePeriod {
      settings.append(.gracePeriod(grace ? .sixteenDays : nil))
    }
    self.init(path: path, products: file.products, settings: settings, notes: file.notes)
  }

  /// Reads the file at `path`, relative to the folder of `scenarioFile` unless absolute.
  public static func load(_ path: String, besideScenario scenarioFile: String?) throws(StoreKitReadError)
    -> StoreKitImport
  {
    StoreKitImport(try StoreKitReader.read(path: resolve(path, besideScenario: scenarioFile)), path: path)
  }

  /// Where `path` is for a scenario file: beside it unless absolute; from the working directory
  /// for text without a file.
  public static func resolve(_ path: String, besideScenario scenarioFile: String?) -> String {
    guard !path.hasPrefix("/"), let scenarioFile, scenarioFile != "<scenario>" else { return path }
    let folder = URL(fileURLWithPath: scenarioFile).deletingLastPathComponent()
    return folder.appendingPathComponent(path).path
  }
}

extension Scenario {
  /// The notes of its `storekit` lines, one line each: `FILE:LINE: note: PATH: NOTE`, to show once per run.
  public func storekitNotes(file: String) -> [String] {
    statements.flatMap { statement -> [String] in
      guard case .storekit(let loaded) = statement.kind else { return [] }
      return loaded.notes.map { "\(file):\(statement.location.line): note: \(loaded.path): \($0)" }
    }
  }
}

extension CommerceWorld {
  /// The App Store of a `.storekit` file beside `world`: the same setup a `storekit` line gives.
  public init(storekit file: StoreKitImport, world: WorldState) {
    self = CommerceWorld(setup: [Statement(.storekit(file))], world: world)!
  }
}
