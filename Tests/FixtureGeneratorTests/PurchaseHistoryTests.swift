import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import FileOutput
import FixtureGenerator
import Foundation
import Testing

/// `epsim generate --purchases-out`: Apple purchase histories beside the tokens.
@Suite("Generate: Apple purchase histories")
struct PurchaseHistoryTests {
  /// One line of the purchases file, read back with a decoder that knows nothing of the writer.
  struct Line: Decodable {
    var customer: String
    var notificationType: String?
    var subtype: String?
    var transaction: TransactionPayload
  }

  static func output(_ options: GenerateOptions, workers: Int = 1) throws -> String {
    var sink = MemorySink()
    try FixtureGenerator(options: options).generatePurchases(into: &sink, workers: workers)
    return sink.text
  }

  static func lines(_ options: GenerateOptions) throws -> [Line] {
    try output(options).split(separator: "\n").map {
      try JSONDecoder().decode(Line.self, from: Data($0.utf8))
    }
  }

  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func sameSeedGivesSameBytesWhateverTheWorkers(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 500, seed: 3, environment: environment, days: 60)
    let first = try Self.output(options)
    #expect(!first.isEmpty)
    #expect(try Self.output(options) == first)
    #expect(try Self.output(options, workers: 3) == first)
    #expect(
      try Self.output(GenerateOptions(customers: 500, seed: 4, environment: environment, days: 60)) != first)
  }

  @Test func aCustomerIsTheSameAloneOrInACrowd() throws {
    let crowd = try Self.lines(GenerateOptions(customers: 300, seed: 8, days: 90))
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1, seed: 8, days: 90))
    let buyers = Set(crowd.map(\.customer)).sorted()
    #expect(buyers.count > 50)
    for customer in buyers.prefix(10) {
      let alone = try generator.purchases(ofCustomer: Int(customer.dropFirst())!)
      #expect(alone.map(\.transaction) == crowd.filter { $0.customer == customer }.map(\.transaction))
    }
  }

  /// Every history obeys the engine's invariants, and the population has each kind of life the
  /// option promises.
  @Test(arguments: [TokenEnvironment.sandbox, .production])
  func historiesObeyTheEngine(environment: TokenEnvironment) throws {
    let options = GenerateOptions(customers: 800, seed: 21, environment: environment, days: 365)
    let lines = try Self.lines(options)
    let generator = try FixtureGenerator(options: options)
    let end = generator.endTime
    // Ids are unique across the whole run, not only within a customer.
    let ids = lines.compactMap(\.transaction.transactionId)
    #expect(ids.count == lines.count)
    #expect(Set(ids).count == ids.count)
    #expect(Set(lines.map { $0.transaction.appTransactionId! }).count == Set(lines.map(\.customer)).count)

    let expectedEnvironment: AppleEnvironment = environment == .sandbox ? .sandbox : .production
    for line in lines {
      let transaction = line.transaction
      #expect(transaction.environment == expectedEnvironment)
      #expect(transaction.signedDate == end)
      #expect(transaction.purchaseDate! >= FixtureWorld.startTime && transaction.purchaseDate! <= end)
      #expect(transaction.revocationDate == nil || transaction.revocationDate! >= transaction.purchaseDate!)
      #expect(
        ["USA", "DEU", "FRA", "ITA", "ESP", "NLD", "BEL", "AUT", "PRT", "IRL", "FIN", "GRC", "LUX"]
          .contains(transaction.storefront!))
    }
    // Subscription chains: one original id per customer and group, dates strictly increasing,
    // renewals announced as such, the app account token carried along.
    let chains = Dictionary(grouping: lines.filter { $0.transaction.type == .autoRenewable }) {
      $0.transaction.originalTransactionId!
    }
    for (original, chain) in chains {
      let place = "chain \(original)"
      #expect(Set(chain.map(\.customer)).count == 1, "\(place)")
      #expect(Set(chain.map(\.transaction.subscriptionGroupIdentifier)).count == 1, "\(place)")
      #expect(chain[0].transaction.transactionId == original, "\(place)")
      #expect(chain[0].notificationType == "SUBSCRIBED" && chain[0].subtype == "INITIAL_BUY", "\(place)")
      #expect(Set(chain.map(\.transaction.appAccountToken)).count == 1, "\(place)")
      for (earlier, later) in zip(chain, chain.dropFirst()) {
        #expect(later.transaction.expiresDate! > earlier.transaction.expiresDate!, "\(place)")
        #expect(later.transaction.purchaseDate! >= earlier.transaction.expiresDate!, "\(place)")
        #expect(later.notificationType == "DID_RENEW", "\(place)")
        #expect(later.transaction.transactionReason == .renewal, "\(place)")
      }
      // A refund of a subscription's newest transaction revokes it: nothing renews after it.
      for line in chain.dropLast() { #expect(line.transaction.revocationDate == nil, "\(place)") }
      if environment == .sandbox {
        #expect(chain.count <= 1 + CommerceSettings.sandbox.sandboxRenewalLimit, "\(place)")
      }
    }
    for line in lines where line.transaction.type != .autoRenewable {
      #expect(line.notificationType == "ONE_TIME_CHARGE")
      #expect(line.transaction.originalTransactionId == line.transaction.transactionId)
    }
    // The lives the option promises all occur.
    #expect(chains.values.contains { $0.count > 3 })
    #expect(lines.contains { $0.transaction.offerDiscountType == .freeTrial })
    #expect(lines.contains { $0.transaction.productId == "premium.yearly" })
    #expect(lines.contains { $0.transaction.revocationDate != nil && $0.transaction.revocationReason != nil })
    #expect(lines.contains { $0.subtype == "BILLING_RECOVERY" })
    #expect(lines.contains { $0.transaction.productId == "coins.100" && $0.transaction.quantity! > 1 })
    #expect(lines.contains { $0.transaction.type == .nonConsumable })
    #expect(lines.contains { $0.transaction.appAccountToken != nil })
    #expect(lines.contains { $0.transaction.appAccountToken == nil })
  }
}
