import ExternalPurchaseTokens
import Foundation
import Testing

@testable import LifecycleSimulator

/// The faster lookups of issue 26 against what they replaced: `StorefrontSet` against the
/// `Set<String>` it is built from, `LatestPeriods` against a dictionary across its switch from a
/// list, and the link-out URL against string interpolation.
@Suite("Engine lookups agree with the structures they replaced")
struct EngineLookupTests {
  static let letters = "abcdefghijklmnopqrstuvwxyz".map { String($0) }

  @Test func storefrontSetsAnswerAsTheirSets() {
    var codes = Self.letters.flatMap { first in Self.letters.map { first + $0 } }
    codes += ["", "a", "AT", "At", "de ", "deu", "é", "e\u{301}", "1a", "z{", "`a", "日本", "a\u{0}"]
    let sets = [
      Regions.customLink, Regions.streaming, Regions.allowedRegionsEntitlement, Regions.customLinkStorefronts,
      Regions.noticeSheet, Regions.linkOut, Regions.perTransaction, Regions.perTransactionJapan,
      ["ab", "xyz", "é", "B"],
    ]
    for set in sets {
      let fast = StorefrontSet(set)
      for code in codes { #expect(fast.contains(code) == set.contains(code), "\(code) in \(set.sorted())") }
    }
  }

  @Test func latestPeriodsAnswerAsADictionary() {
    var random = SeededGenerator(seed: 3)
    for customers in [1, 2, 3, 40] {
      var fast = LatestPeriods()
      var reference: [LatestPeriods.Key: Int] = [:]
      for index in 0..<300 {
        let key = LatestPeriods.Key(
          customerId: "customer-\(random.below(customers))",
          type: CustomLinkTokenType.allCases[random.below(4)])
        fast[key] = index
        reference[key] = index
        let probe = LatestPeriods.Key(
          customerId: "customer-\(random.below(customers + 1))",
          type: CustomLinkTokenType.allCases[random.below(4)])
        #expect(fast[probe] == reference[probe], "\(customers) customers, step \(index)")
      }
    }
  }

  @Test(arguments: [
    "https://example.com/buy", "https://example.com/buy?ref=app", "https://example.com/?", "",
    "https://exämple.com/kaufen", "https://exämple.com/kaufen?x=1", "https://x.com/a?\u{301}b",
    "https://x.com/?\u{301}",
  ])
  func linkOutURLMatchesInterpolation(destination: String) {
    let token = "eyJhcHBBcHBsZUlkIjoxfQ"
    let separator = destination.contains("?") ? "&" : "?"
    #expect(
      WorldState.linkOutURL(destination: destination, token: token, bundleId: "com.example.app")
        == "\(destination)\(separator)externalPurchaseToken=\(token)&bundleId=com.example.app")
  }

  @Test func tokenCallNamesAreTheInterpolatedOnes() {
    for type in CustomLinkTokenType.allCases {
      #expect(type.tokenCallName == "token(for: \(type.rawValue))")
    }
  }

  /// Every code the app's lookups could be asked about: all two-letter ones and some odd ones.
  static var probeCodes: [String] {
    letters.flatMap { first in letters.map { first + $0 } } + ["", "a", "FR", "fra", "é", "e\u{301}", "日本"]
  }

  /// The lookups beside the Info.plist keys and the entitlement answer as the lists do, after
  /// each way a list can change: the initializer, assignment, appending, removing, a dictionary
  /// entry added or emptied, and decoding.
  @Test func appLookupsFollowEveryChangeOfTheirLists() throws {
    var keys = InfoPlistKeys(
      externalPurchaseCountries: ["fr", "kr"], linkDestinations: ["fr": "https://a"],
      multiLinkDestinations: ["de": ["https://b"], "it": []], customLinkRegions: ["fr", "é"],
      streamingRegions: ["nl"])
    var entitlements = Entitlements(customPurchaseLinkAllowedRegions: ["jp"])
    func check(_ step: String) {
      for code in Self.probeCodes {
        #expect(
          keys.lookup.externalPurchaseCountries.contains(code)
            == keys.externalPurchaseCountries.contains(code),
          "\(step): \(code)")
        #expect(
          keys.lookup.customLinkRegions.contains(code) == keys.customLinkRegions.contains(code), "\(step)")
        #expect(
          keys.lookup.streamingRegions.contains(code) == keys.streamingRegions.contains(code), "\(step)")
        #expect(
          keys.lookup.singleLinkCountries.contains(code) == (keys.linkDestinations[code] != nil), "\(step)")
        #expect(
          keys.lookup.multiLinkCountries.contains(code)
            == !(keys.multiLinkDestinations[code] ?? []).isEmpty, "\(step)")
        #expect(
          entitlements.allowedRegionsLookup.contains(code)
            == entitlements.customPurchaseLinkAllowedRegions.contains(code), "\(step)")
      }
    }
    check("initializer")
    keys.externalPurchaseCountries = ["de"]
    keys.customLinkRegions.append("it")
    keys.streamingRegions.removeAll()
    keys.linkDestinations["se"] = "https://c"
    keys.multiLinkDestinations["de"] = []
    keys.multiLinkDestinations["it", default: []].append("https://d")
    entitlements.customPurchaseLinkAllowedRegions.append("br")
    check("mutations")
    let encoder = JSONEncoder()
    keys = try JSONDecoder().decode(InfoPlistKeys.self, from: encoder.encode(keys))
    entitlements = try JSONDecoder().decode(Entitlements.self, from: encoder.encode(entitlements))
    check("decoded")
    #expect(keys.lookup.customLinkRegions.contains("it") && entitlements.allowedRegionsLookup.contains("br"))
  }

  /// `customLinkTypesOffered` holds a type exactly when `customLinkIneligibility(on:type:)` is nil,
  /// across the rules that shape the answer, platforms, OS versions, storefronts and payments.
  @Test func customLinkTypesOfferedAnswerAsEachTypeAlone() {
    var checked = 0
    for (osGating, eligibilityChecks, typeRegionGating, inBrazil) in [
      (true, true, true, true), (true, true, true, false), (false, true, true, true),
      (true, false, true, true), (true, true, false, true), (false, false, false, false),
    ] {
      var rules = LifecycleRules.preset(.production)
      rules.osGating = osGating
      rules.eligibilityChecks = eligibilityChecks
      rules.typeRegionGating = typeRegionGating
      rules.perTransactionInBrazil = inBrazil
      for entitled in [true, false] {
        var app = DemoWorld.app
        app.entitlements.externalPurchaseLink = entitled
        app.entitlements.externalPurchaseLinkStreaming = false
        app.entitlements.customPurchaseLinkAllowedRegions = entitled ? ["jp", "br"] : []
        for canPay in [true, false] {
          let world = WorldState(
            now: 0, rules: rules, app: app, seed: 1, customers: [Customer(id: "c", canMakePayments: canPay)])
          for platform in Platform.allCases {
            for version in [
              OSVersion(15, 0), OSVersion(17, 4), OSVersion(18, 1), OSVersion(26, 0), OSVersion(27, 2),
            ] {
              for storefront in ["nl", "de", "jp", "br", "us", "kr", "ch"] {
                let device = Device(
                  id: "d", customerId: "c", platform: platform, osVersion: version, storefront: storefront)
                let offered = world.customLinkTypesOffered(on: device)
                for type in CustomLinkTokenType.allCases {
                  #expect(
                    offered.offers(type) == (world.customLinkIneligibility(on: device, type: type) == nil),
                    "\(type.rawValue) on \(platform.rawValue) \(version) in \(storefront), pay \(canPay)")
                  if offered.offers(type) { checked += 1 }
                }
              }
            }
          }
        }
      }
    }
    // Both answers occur: the matrix is not all refusals.
    #expect(checked > 0)
  }

  /// `hasLinkOutDestination` is `destinations(for:)` being non-empty.
  @Test func linkOutDestinationLookupAnswersAsTheList() {
    var app = DemoWorld.app
    app.infoPlist.multiLinkDestinations = ["de": ["https://a", "https://b"], "at": []]
    app.infoPlist.linkDestinations["zz"] = "https://z"
    let world = WorldState(now: 0, rules: .preset(.production), app: app, seed: 1)
    for code in Self.probeCodes {
      #expect(
        world.hasLinkOutDestination(for: code) == !app.infoPlist.destinations(for: code).isEmpty, "\(code)")
    }
  }
}
