import Crypto
import Foundation
import MockAppleTestSupport
import Testing
import X509

/// The app's signed data over the control API: StoreKit 2's `jwsRepresentation` of a transaction
/// and of the app transaction, in the chain form and in Xcode's form. (Apple's library accepts
/// both: `interop/test_app_signed_data_apple_library.py`.)
@Suite struct SignedDataEndpointTests {
  /// The header of a compact JWS.
  func header(_ jws: String) throws -> [String: Any] {
    var base64 = String(jws.split(separator: ".")[0]).replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    let data = try #require(Data(base64Encoded: base64))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func theChainFormIsWhatTheAppStoreSignsAndTheXcodeFormIsSelfSigned() async throws {
    try await TestServer.withAppStore { server in
      try await server.buy("premium.monthly")
      let transactions = try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions")
        .jsonArray()
      let payload = try #require(transactions.first?["payload"] as? [String: Any])
      let id = try #require(payload["transactionId"] as? String)
      let path = "/epsim/v1/commerce/customers/alice/transactions/\(id)/jws"

      let chain = try #require(try await server.request("GET", path).json()["jwsRepresentation"] as? String)
      #expect((try header(chain)["x5c"] as? [String])?.count == 3)
      #expect(try jwsPayload(chain)["environment"] as? String == payload["environment"] as? String)
      #expect(payload["environment"] as? String != "Xcode")
      #expect(try jwsPayload(chain)["productId"] as? String == "premium.monthly")

      let xcode = try #require(
        try await server.request("GET", path + "?form=xcode").json()["jwsRepresentation"] as? String)
      let certificates = try #require(try header(xcode)["x5c"] as? [String])
      #expect(certificates.count == 1)
      #expect(try jwsPayload(xcode)["environment"] as? String == "Xcode")
      #expect(try jwsPayload(xcode)["transactionId"] as? String == id)
      // Self-signed, the server's Xcode certificate, and its key signed the JWS.
      let certificate = try Certificate(derEncoded: Array(try #require(Data(base64Encoded: certificates[0]))))
      #expect(certificate.issuer == certificate.subject)
      let served = try await server.request("GET", "/epsim/v1/commerce/xcode-certificate.pem")
      #expect(try Certificate(pemEncoded: String(decoding: served.body, as: UTF8.self)) == certificate)
      let key = try #require(P256.Signing.PublicKey(certificate.publicKey))
      let parts = xcode.split(separator: ".")
      var base64 = String(parts[2]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(
        of: "_", with: "/")
      while base64.count % 4 != 0 { base64 += "=" }
      let signature = try P256.Signing.ECDSASignature(
        rawRepresentation: try #require(Data(base64Encoded: base64)))
      #expect(key.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))

      let app = try await server.request(
        "GET", "/epsim/v1/commerce/customers/alice/app-transaction/jws?form=xcode")
      #expect(try jwsPayload(try app.json()["jwsRepresentation"])["receiptType"] as? String == "Xcode")
    }
  }

  @Test func unknownCustomersTransactionsAndFormsAreRefused() async throws {
    try await TestServer.withAppStore { server in
      try await server.buy("coins.100")
      #expect(
        try await server.request("GET", "/epsim/v1/commerce/customers/nobody/app-transaction/jws").status
          == 404)
      #expect(
        try await server.request("GET", "/epsim/v1/commerce/customers/alice/transactions/12/jws").status
          == 404)
      let form = try await server.request(
        "GET", "/epsim/v1/commerce/customers/alice/app-transaction/jws?form=x")
      #expect(form.status == 400)
      #expect(try form.json()["fieldName"] as? String == "form")
    }
  }
}
