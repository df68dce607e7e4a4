import AppleSigning
import ExternalPurchaseTokens
import Foundation
import Testing
import TokenCorpus

/// `epsim decode` on signed data (a notification's `signedPayload`, a signed transaction): read
/// without a key, shown with its chain and payload; tokens around it decode as before.
@Suite("epsim decode: signed data (JWS)")
struct DecodeSignedDataTests {
  static let notification = """
    {"notificationType":"EXTERNAL_PURCHASE_TOKEN","subtype":"UNREPORTED","version":"2.0",\
    "notificationUUID":"0b6f1f7e-6a43-4d2a-9a55-1f4f1f0c2a11","signedDate":1772359200000,\
    "externalPurchaseToken":{"externalPurchaseId":"SANDBOX_X","tokenCreationDate":1772355600000,\
    "appAppleId":1234567890,"bundleId":"com.example.epsim"}}
    """
  static let transaction = """
    {"transactionId":"2000000123456789","originalTransactionId":"2000000123456789",\
    "productId":"com.example.pro.monthly","price":9990,"currency":"EUR","environment":"Sandbox"}
    """

  private func signed(_ json: String) throws -> String {
    try TestCertificateAuthority().sign(payload: Data(json.utf8))
  }

  @Test func aNotificationIsShownWithItsChainAndPayload() throws {
    let outcome = try EpsimExecutable.run(["decode", try signed(Self.notification)])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let output = outcome.standardOutput
    #expect(output.hasPrefix("input 1: JWS, notification EXTERNAL_PURCHASE_TOKEN/UNREPORTED, signed ES256"))
    #expect(output.contains("signature not verified"))
    #expect(output.contains("x5c: 3 certificates"))
    #expect(output.contains("CN=epsim notification signing, valid 2000-01-01 to 2100-01-01"))
    #expect(output.contains(#""externalPurchaseId" : "SANDBOX_X""#))
    #expect(output.contains(#""signedDate" : 1772359200000"#))
  }

  @Test func jsonLinesKeepTokensAndSignedDataInInputOrder() throws {
    let token = TokenEncoder().encode(SampleTokens.customLink)
    let input = [token, try signed(Self.transaction), token].joined(separator: "\n") + "\n"
    let outcome = try EpsimExecutable.run(["decode", "--json"], input: input)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    let middle = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    let jws = try #require(middle["jws"] as? [String: Any])
    #expect(jws["kind"] as? String == "transaction")
    #expect((jws["certificates"] as? [Any])?.count == 3)
    let payload = try #require(jws["payload"] as? [String: Any])
    #expect(payload["transactionId"] as? String == "2000000123456789")
    #expect(payload["price"] as? Int == 9990)
    #expect(lines[0] == lines[2], "the tokens around it decode as before")
  }

  /// A notification V2 of the App Store, with a signed transaction inside its `data`.
  private func notificationWithTransaction() throws -> String {
    let inner = try signed(Self.transaction)
    return try signed(
      #"{"notificationType":"DID_RENEW","version":"2.0","data":{"status":1,"signedTransactionInfo":""#
        + inner + #""}}"#)
  }

  @Test func signedValuesInsideANotificationAreDecodedToo() throws {
    let outcome = try EpsimExecutable.run(["decode", try notificationWithTransaction()])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let output = outcome.standardOutput
    #expect(output.hasPrefix("input 1: JWS, notification DID_RENEW, signed ES256"))
    #expect(output.contains("\n  data.signedTransactionInfo: JWS, transaction, signed ES256"))
    #expect(output.contains(#"      "transactionId" : "2000000123456789""#), "\(output)")
  }

  @Test func aWebhookBodyAndAnAPIResponseAreReadForTheirSignedValues() throws {
    let body = #"{"signedPayload":""# + (try notificationWithTransaction()) + #""}"#
    let transaction = try signed(Self.transaction)
    let response =
      #"{"revision":"r1","hasMore":false,"signedTransactions":[""# + transaction + #"",""#
      + transaction + #""]}"#
    let outcome = try EpsimExecutable.run(["decode", "--json"], input: body + "\n" + response + "\n")
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let lines = outcome.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let firstJWS = try #require(first["jws"] as? [String: Any])
    #expect(firstJWS["kind"] as? String == "JSON holding signed data")
    let nested = try #require(firstJWS["nested"] as? [String: Any])
    #expect(Set(nested.keys) == ["signedPayload"])
    let notification = try #require(nested["signedPayload"] as? [String: Any])
    let inside = try #require(notification["nested"] as? [String: Any])
    let transactionPayload =
      (inside["data.signedTransactionInfo"] as? [String: Any])?["payload"] as? [String: Any]
    #expect(transactionPayload?["transactionId"] as? String == "2000000123456789")
    let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    let secondNested = try #require((second["jws"] as? [String: Any])?["nested"] as? [String: Any])
    #expect(Set(secondNested.keys) == ["signedTransactions[0]", "signedTransactions[1]"])
    let payload = (secondNested["signedTransactions[1]"] as? [String: Any])?["payload"] as? [String: Any]
    #expect(payload?["price"] as? Int == 9990)
  }

  @Test func aWebhookBodyListsTheNotificationAndTheTransactionInsideIt() throws {
    let body = #"{"signedPayload":""# + (try notificationWithTransaction()) + #""}"#
    let outcome = try EpsimExecutable.run(["decode"], input: body + "\n")
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let output = outcome.standardOutput
    #expect(output.hasPrefix("input 1: JSON holding signed data (not signed itself)"))
    #expect(output.contains("\n  signedPayload: JWS, notification DID_RENEW, signed ES256"))
    #expect(output.contains("\n  signedPayload / data.signedTransactionInfo: JWS, transaction, signed ES256"))
  }

  @Test func jsonWithoutSignedValuesIsStillAnError() throws {
    let outcome = try EpsimExecutable.run(["decode"], input: #"{"signedPayload":"not signed"}"# + "\n")
    #expect(outcome.status == 2)
    #expect(outcome.standardError.hasPrefix("input 1: "))
    #expect(outcome.standardOutput.isEmpty)
  }

  @Test func threePartsThatAreNotAJWSStillGetTheTokensError() throws {
    let notJSON = "eyJub3QiOiJqc29uIg.eyJhIjoxfQ.c2ln"  // header `{"not":"json"` is cut short
    let outcome = try EpsimExecutable.run(["decode", notJSON])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("input 1: Invalid Base64URL character '.'"))
    #expect(outcome.standardOutput.isEmpty)
  }
}
