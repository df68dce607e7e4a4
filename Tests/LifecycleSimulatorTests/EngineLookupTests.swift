import ExternalPurchaseTokens
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
}
