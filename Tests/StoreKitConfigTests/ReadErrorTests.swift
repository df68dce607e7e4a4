import AppStoreCommerce
import Foundation
import Testing

@testable import StoreKitConfig

/// Files the reader refuses: where, and why; nothing of them is used.
@Suite struct ReadErrorTests {
  func error(_ json: String) -> StoreKitReadError? {
    do {
      _ = try StoreKitReader.read(bytes: Array(json.utf8), file: "Bad.storekit")
      return nil
    } catch {
      return error
    }
  }

  /// A one-group file whose subscriptions are `subscriptions`.
  func group(_ subscriptions: String, second: Bool = true) -> String {
    let other = #"{ "id" : "G0", "name" : "First", "subscriptions" : [] },"#
    return #"{ "subscriptionGroups" : [ "# + (second ? other : "")
      + #"{ "id" : "G1", "name" : "Pro", "subscriptions" : [ "# + subscriptions
      + #" ] } ], "version" : { "major" : 3, "minor" : 0 } }"#
  }

  func subscription(period: String = #""P1M""#, price: String = #""2.99""#, id: String = "pro.monthly")
    -> String
  {
    #"{ "productID" : ""# + id + #"", "displayPrice" : "# + price
      + #", "groupNumber" : 1, "recurringSubscriptionPeriod" : "# + period
      + #", "type" : "RecurringSubscription" }"#
  }

  @Test func notJSONNamesLineAndColumn() {
    let found = error("{\n  \"products\" : [\n    { \"productID\" : \"a\", }\n  ]\n}")
    #expect(found?.line == 3)
    #expect(found?.column == 26)
    #expect(found?.description.hasPrefix("Bad.storekit:3:26: not JSON: expected") == true)
  }

  @Test func columnsCountCharactersNotBytes() {
    // The bad byte is the space after "tru": column 12 in characters, 13 in bytes.
    let found = error("{ \"é\" : tru }")
    #expect(found?.line == 1)
    #expect(found?.column == 12)
  }

  @Test func emptyAndNonObjectFiles() {
    #expect(error("")?.line == 1)
    #expect(error("[]")?.description == "Bad.storekit: expected an object, found an array")
  }

  @Test func productWithoutId() {
    let found = error(#"{ "products" : [ { "displayPrice" : "0.99", "type" : "Consumable" } ] }"#)
    #expect(found?.path == "products[0].productID")
    #expect(found?.message == "missing: expected a product id")
    let empty = error(
      #"{ "products" : [ { "productID" : "", "displayPrice" : "0.99", "type" : "Consumable" } ] }"#)
    #expect(empty?.path == "products[0].productID")
  }

  @Test func productIdsWithSpacesAreRefusedOfferNamesNoted() throws {
    #expect(
      error(group(subscription(id: "pro monthly")))?.message
        == "expected a product id without spaces, found \"pro monthly\"")
    let offer =
      #", "codeOffers" : [ { "paymentMode" : "free", "subscriptionPeriod" : "P1M", "referenceName" : "Spring promo" } ] }"#
    let file = try StoreKitReader.read(
      bytes: Array(group(String(subscription().dropLast(2)) + offer).utf8), file: "x")
    #expect(file.products[0].offers.map(\.id) == ["Spring promo"])
    #expect(file.notes.contains { $0.hasPrefix("offer \"Spring promo\" has spaces") })
  }

  @Test func unreadableDurationNamesItsPath() {
    let found = error(group(subscription(period: #""P5W""#)))
    #expect(found?.path == "subscriptionGroups[1].subscriptions[0].recurringSubscriptionPeriod")
    #expect(
      found?.description
        == "Bad.storekit: subscriptionGroups[1].subscriptions[0].recurringSubscriptionPeriod: expected a period "
        + "(P1W, P1M, P2M, P3M, P6M, P1Y), found \"P5W\"")
    // A free trial's 3 days is no renewal period.
    #expect(
      error(group(subscription(period: #""P3D""#)))?.path.hasSuffix("recurringSubscriptionPeriod") == true)
  }

  @Test func unreadableOfferPeriod() {
    let offer = #", "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "one week" } }"#
    let json = group(String(subscription().dropLast(2)) + offer)
    #expect(
      error(json)?.path == "subscriptionGroups[1].subscriptions[0].introductoryOffer.subscriptionPeriod")
  }

  @Test(arguments: [#""0,99""#, #""-1""#, #""$0.99""#, #""0.9999""#, "true", #""1000000000""#, #""""#])
  func unreadablePrice(_ price: String) {
    let found = error(group(subscription(price: price)))
    #expect(found?.path == "subscriptionGroups[1].subscriptions[0].displayPrice")
    #expect(found?.message.hasPrefix("expected a price such as") == true)
  }

  @Test func readablePrices() throws {
    for (written, milliunits) in [
      (#""0.99""#, 990), ("29", 29000), (#""699.00""#, 699_000), (#""0.5""#, 500),
    ] {
      let file = try StoreKitReader.read(bytes: Array(group(subscription(price: written)).utf8), file: "x")
      #expect(file.products[0].prices["USA"]?.milliunits == Int64(milliunits))
    }
  }

  @Test func duplicateProductIdNamesBothPlaces() {
    let json = group(subscription() + ", " + subscription())
    let found = error(json)
    #expect(found?.path == "subscriptionGroups[1].subscriptions[1].productID")
    #expect(
      found?.message
        == "product id \"pro.monthly\" is already used at subscriptionGroups[1].subscriptions[0].productID")
    let across = error(
      #"{ "products" : [ { "productID" : "pro.monthly", "displayPrice" : "1", "type" : "NonConsumable" } ], "#
        + String(group(subscription()).dropFirst()))
    #expect(across?.path == "subscriptionGroups[1].subscriptions[0].productID")
  }

  @Test func wrongKindsAreNamed() {
    #expect(error(#"{ "products" : {} }"#)?.path == "products")
    #expect(error(#"{ "settings" : { "_timeRate" : "fast" } }"#)?.path == "settings._timeRate")
    #expect(error(#"{ "settings" : { "_storefront" : "US" } }"#)?.path == "settings._storefront")
    #expect(error(#"{ "settings" : { "_askToBuyEnabled" : 1 } }"#)?.path == "settings._askToBuyEnabled")
    #expect(
      error(#"{ "products" : [ { "productID" : "x", "displayPrice" : "1", "type" : "Gadget" } ] }"#)?.path
        == "products[0].type")
  }

  @Test func missingFileIsNamed() {
    #expect(throws: StoreKitReadError.self) {
      try StoreKitReader.read(path: "/nonexistent/Products.storekit")
    }
  }

  @Test func unknownKeysAreNotedOnce() throws {
    let json =
      #"{ "performanceData" : 1, "products" : [ { "productID" : "a", "displayPrice" : "1", "type" : "Consumable", "#
      + #""shiny" : true }, { "productID" : "b", "displayPrice" : "1", "type" : "Consumable", "shiny" : false } ], "#
      + #""settings" : { "_mystery" : 1, "_disableDialogs" : true } }"#
    let file = try StoreKitReader.read(bytes: Array(json.utf8), file: "x")
    #expect(file.products.count == 2)
    #expect(file.notes.filter { $0 == "ignored unknown key products[].shiny" }.count == 1)
    #expect(file.notes.contains("ignored unknown key performanceData"))
    #expect(
      file.notes.contains(
        "settings ignored (no counterpart in epsim's App Store): _mystery, _disableDialogs (unknown to epsim: _mystery)"
      ))
  }

  @Test(arguments: [(7, "not a rate the digest knows"), (1003, "oneRenewalEveryThirtySeconds")])
  func unknownTimeRateWarnsOnceAndReadsAsRealTime(_ rate: Int, _ words: String) throws {
    let json = #"{ "settings" : { "_timeRate" : "# + String(rate) + " } }"
    let file = try StoreKitReader.read(bytes: Array(json.utf8), file: "x")
    #expect(file.settings.renewalRate == .realTime)
    #expect(
      file.notes.filter { $0.hasPrefix("warning: settings._timeRate \(rate)") && $0.contains(words) }.count
        == 1)
  }
}
