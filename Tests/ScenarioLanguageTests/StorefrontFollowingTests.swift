import AppStoreCommerce
import Testing

@testable import ScenarioLanguage

/// A device moving to another storefront moves its customer's App Store account there, so the
/// next renewal is charged in the new storefront. The same steps give the same answer in `epsim
/// run` (here), `epsim serve` (MockAppleServerTests) and the terminal UI (EpsimTUITests).
@Suite("Storefront following: epsim run")
struct StorefrontFollowingTests {
  @Test func theNextRenewalIsChargedInTheDevicesNewStorefront() throws {
    let source = """
      demo
      product premium.monthly subscription group premium level 1 P1M price NLD 10.99 EUR price JPN 1499 JPY
      install alice.iphone
      buy premium.monthly on alice.iphone
      storefront alice.iphone jp
      advance to next renewal of alice plus 1ms
      """
    let scenario = try ScenarioParser.parse(source, file: "storefront.epsim")
    let (transcript, _, commerce) = ScenarioRunner().executeKeepingCommerce(
      scenario, file: "storefront.epsim")
    #expect(transcript.failure == nil, "\(String(describing: transcript.failure))")
    let state = try #require(commerce?.state)
    #expect(state.customer("alice")?.storefront == "JPN")
    let renewal = try #require(state.transactions(of: "alice").last)
    #expect(state.storefronts[Int(renewal.storefrontIndex)].code == "JPN")
    #expect(state.currencies[Int(renewal.currencyIndex)] == "JPY")
    #expect(state.transactions(of: "alice").count == 2)
  }
}
