import AppStoreCommerce
import AppleWireTypes
import CommerceSimulation
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import SharedTestSupport
import SimulatedWorld
import Testing

@testable import ScenarioLanguage

/// One command type behind every door: random commands go through their scenario line and their
/// control API JSON and come back the same; out-of-range numbers are refused by both doors.
@Suite("Commands: the same through every door")
struct CommandRoundTripTests {
  /// The world the generated commands name: its devices, customers, products, groups and offers.
  static let setup =
    ScenarioSetup.aliceInTheNetherlands("sandbox") + """
      device bob.ipad iPadOS 18.2 storefront fr
      product news.monthly subscription group news level 1 P1M price USA 4.99 USD offer trial introductory free-trial P1W offer stay promotional pay-as-you-go P1M periods 2 price USA 2.99
      product news.yearly subscription group news level 2 P1Y price USA 49.99 USD
      product coins.100 consumable price USA 0.99 USD
      install alice.iphone

      """

  /// Parses `line` after the setup: the command it gives, or the parse errors.
  static func parse(_ line: String) throws -> WorldCommand? {
    let scenario = try ScenarioParser.parse(setup + line + "\n", file: "round-trip.epsim")
    return scenario.statements.last?.kind.command
  }

  /// Encodes the command's control API members as JSON and reads them back as the server does.
  static func throughJSON(_ command: WorldCommand) throws -> WorldCommand {
    let data = try JSONEncoder().encode(command.fields)
    return try WorldCommand(fields: try JSONDecoder().decode(CommandFields.self, from: data))
  }

  @Test(arguments: 0..<8)
  func everyCommandComesBackFromItsLineAndItsJSON(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 7919 &+ 1)
    var maker = CommandMaker()
    for _ in 0..<250 {
      let command = maker.command(&random)
      let line = ScenarioWriter.command(command)
      #expect(try Self.parse(line) == command, "\(line)")
      #expect(try Self.throughJSON(command) == command, "\(line)")
    }
  }

  /// Numbers just past a limit, as each door writes them: a scenario line and control JSON.
  static let outOfRange: [(line: String, json: String)] = [
    ("advance 2932897d", #"{"type":"advanceClock","by":253402387200000}"#),
    ("advance to 9223372036854775807", #"{"type":"advanceClock","to":9223372036854775807}"#),
    ("advance to -1", #"{"type":"advanceClock","to":-1}"#),
    (
      "advance to next expiry plus 2932897d",
      #"{"type":"advanceClock","toNext":"expiry","offset":253402387200000}"#
    ),
    ("lifetime SERVICES 0ms", #"{"type":"setRule","rule":"lifetime","tokenType":"SERVICES","duration":0}"#),
    ("lifetime all 2932897d", #"{"type":"setRule","rule":"lifetime","duration":253402387200000}"#),
    ("refresh every 0", #"{"type":"setRule","rule":"refresh","value":"every","every":0}"#),
    (
      "refresh probability 1.5",
      #"{"type":"setRule","rule":"refresh","value":"probability","probability":1.5}"#
    ),
    (
      "buy coins.100 on alice.iphone quantity 11",
      #"{"type":"buy","product":"coins.100","device":"alice.iphone","quantity":11}"#
    ),
    (
      "consume coins.100 of alice quantity 0",
      #"{"type":"consume","product":"coins.100","customer":"alice","quantity":0}"#
    ),
    ("price coins.100 USA 0", #"{"type":"setPrice","product":"coins.100","storefront":"USA","price":0}"#),
    (
      "refund coins.100 of alice percent 100.001",
      #"{"type":"refund","product":"coins.100","customer":"alice","percent":100.001}"#
    ),
  ]

  @Test(arguments: outOfRange.indices)
  func aNumberOneDoorRefusesEveryDoorRefuses(_ index: Int) throws {
    let (line, json) = Self.outOfRange[index]
    #expect(throws: ScenarioParseErrors.self, "\(line)") { try Self.parse(line) }
    let fields = try JSONDecoder().decode(CommandFields.self, from: Data(json.utf8))
    #expect(throws: CommandFieldError.self, "\(json)") { try WorldCommand(fields: fields) }
  }
}

/// Random commands over `CommandRoundTripTests.setup`'s names, with numbers anywhere in their
/// limits; each new device or customer gets a fresh name so its line stays valid.
struct CommandMaker {
  var added = 0

  mutating func command(_ random: inout SeededGenerator) -> WorldCommand {
    let device = ["alice.iphone", "bob.ipad"].randomElement(using: &random)!
    let customer = ["alice", "bob"].randomElement(using: &random)!
    switch Int.random(in: 0..<22, using: &random) {
    case 0: return .environment(TokenEnvironment.allCases.randomElement(using: &random)!)
    case 1: return .rule(rule(&random))
    case 2:
      added += 1
      return .customer(id: "carol\(added)", canMakePayments: Bool.random(using: &random))
    case 3:
      added += 1
      return .device(
        DeviceLine(
          id: "dave\(added).tv", platform: .tvOS,
          osVersion: OSVersion(Int.random(in: 12...26, using: &random), 1),
          storefront: "jp", customer: Bool.random(using: &random) ? "alice" : nil))
    case 4: return .install(device: device)
    case 5: return .update(device: device, version: Bool.random(using: &random) ? "2.\(added)" : nil)
    case 6: return .redownload(device: device)
    case 7: return .uninstall(device: device)
    case 8: return .request(type: CustomLinkTokenType.allCases.randomElement(using: &random)!, device: device)
    case 9: return .requestTyped(TypedTokenRequest.allCases.randomElement(using: &random)!, device: device)
    case 10: return .checkEligibility(device: device)
    case 11: return .noticeSheet(device: device)
    case 12:
      return .linkOut(device: device, url: Bool.random(using: &random) ? "https://example.com/buy" : nil)
    case 13: return .forceRefresh
    case 14:
      return .setStorefront(
        device: device, storefront: ["nl", "fr", "jp", "us"].randomElement(using: &random)!)
    case 15: return .setOS(device: device, version: OSVersion(Int.random(in: 15...26, using: &random), 4))
    case 16: return .setPayments(customer: customer, allowed: Bool.random(using: &random))
    case 17, 18: return .advance(clockMove(&random, customer: customer))
    default: return .commerce(purchase(&random, customer: customer, device: device))
    }
  }

  func duration(_ random: inout SeededGenerator, in range: ClosedRange<Int64> = StepLimits.duration.range)
    -> Int64
  {
    // Small spans are what people type; the edges are where overflow lived.
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return range.lowerBound
    case 1: return range.upperBound
    case 2: return Int64.random(in: range, using: &random)
    default:
      return Int64.random(in: max(range.lowerBound, 0)...max(range.lowerBound, 1_000_000), using: &random)
    }
  }

  func clockMove(_ random: inout SeededGenerator, customer: String) -> ClockMove {
    let offset = duration(&random, in: StepLimits.offset.range)
    let who = Bool.random(using: &random) ? customer : nil
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return .by(duration(&random))
    case 1: return .to(Int64.random(in: StepLimits.time.range, using: &random))
    case 2: return .nextExpiry(offset: offset)
    case 3:
      return .expiryOf(
        type: CustomLinkTokenType.allCases.randomElement(using: &random)!, customer: who, offset: offset)
    default:
      return .commerce(
        [.renewal, .retry, .graceEnd].randomElement(using: &random)!, customer: who, offset: offset)
    }
  }

  func rule(_ random: inout SeededGenerator) -> RuleSetting {
    let on = Bool.random(using: &random)
    switch Int.random(in: 0..<13, using: &random) {
    case 0: return .environment(TokenEnvironment.allCases.randomElement(using: &random)!)
    case 1: return .creation(PeriodCreation.allCases.randomElement(using: &random)!)
    case 2: return .servicesRenewal(ServicesRenewal.allCases.randomElement(using: &random)!)
    case 3:
      let type =
        Bool.random(using: &random) ? CustomLinkTokenType.allCases.randomElement(using: &random) : nil
      return .lifetime(type, duration(&random, in: StepLimits.lifetime.range))
    case 4:
      let policies: [RefreshPolicy] = [
        .never, .always, .everyNth(Int.random(in: StepLimits.refreshInterval.range, using: &random)),
        .probability(Double.random(in: 0...1, using: &random)),
      ]
      return .refresh(policies.randomElement(using: &random)!)
    case 5: return .osGating(on)
    case 6: return .eligibilityChecks(on)
    case 7: return .typeRegionGating(on)
    case 8: return .creationNeedsEligibility(on)
    case 9: return .perTransactionInBrazil(on)
    case 10: return .sheetAndLinkNeedPayments(on)
    case 11: return .stringFormAnswers(on)
    default:
      // A typed request carries IN_APP or LINK_OUT only; the parser refuses the other types.
      return .typedTokenType(
        TypedTokenRequest.allCases.randomElement(using: &random)!,
        [CustomLinkTokenType.inApp, .linkOut].randomElement(using: &random)!)
    }
  }

  func purchase(_ random: inout SeededGenerator, customer: String, device: String) -> CommerceStep {
    let product = ["news.monthly", "news.yearly", "coins.100"].randomElement(using: &random)!
    let quantity = Int.random(in: StepLimits.quantity.range, using: &random)
    let reason: RevocationReason = Bool.random(using: &random) ? .appIssue : .other
    switch Int.random(in: 0..<17, using: &random) {
    case 0:
      let offer = product == "news.monthly" && Bool.random(using: &random) ? "stay" : nil
      let token = Bool.random(using: &random) ? "6f1e7d3a-2b4c-4d5e-8f90-1a2b3c4d5e6f" : nil
      let claim = [nil, true, false].randomElement(using: &random)!
      return .buy(
        product: product, device: device, quantity: quantity, offer: offer, accountToken: token,
        allowIntroductoryOffer: claim)
    case 1: return .autoRenew(customer: customer, group: "news", enabled: Bool.random(using: &random))
    case 2: return .change(customer: customer, product: product)
    case 3: return .billing(customer: customer, fails: Bool.random(using: &random))
    case 4: return .refund(product: product, customer: customer, reason: reason)
    case 5: return .joinFamily(customer: customer, family: "family\(quantity)")
    case 6: return .consume(product: product, customer: customer, quantity: quantity)
    case 7: return .leaveFamily(customer: customer)
    case 8:
      let share = Int.random(in: StepLimits.refundShare.range.lowerBound...99_999, using: &random)
      return .partialRefund(product: product, customer: customer, reason: reason, milliunits: share)
    case 9:
      return .requestRefund(
        product: product, customer: customer,
        reason: ConsumptionRequestReason.allCases.randomElement(using: &random)!)
    case 10: return .declineRefund(product: product, customer: customer)
    case 11:
      return .setPrice(
        product: product, storefront: ["USA", "FRA", "JPN"].randomElement(using: &random)!,
        milliunits: Int64.random(in: StepLimits.newPrice.range, using: &random),
        needsConsent: Bool.random(using: &random))
    case 12: return .consentToPriceIncrease(customer: customer, group: "news")
    case 13: return .sale(product: product, forSale: Bool.random(using: &random))
    case 14: return .reverseRefund(product: product, customer: customer)
    case 15: return .rescindConsent(customer: customer)
    default: return .clearHistory(customer: customer)
    }
  }
}
