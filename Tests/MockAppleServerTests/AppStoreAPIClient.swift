import AppStoreCommerce
import CommerceSimulation
import Foundation
import MockAppleServer

/// The notification endpoints of the App Store Server API as a backend calls them in the tests.
extension TestServer {
  /// Buys as the App Store would on the device, then sends whatever fell due, as the control API
  /// does after an event.
  func buy(_ product: String, on device: String) async throws {
    _ = try await mock.state.apply(
      CommerceStep.buy(product: product, device: device, quantity: 1, offer: nil, accountToken: nil))
    _ = try await mock.deliverDueNotifications()
  }

  /// `POST /inApps/v1/notifications/history` with a valid JWT unless one is given.
  func history(
    _ body: [String: Any], token: String? = nil, sandbox: Bool = false, authorization: String? = nil
  ) async throws -> HTTPExchange {
    var path = (sandbox ? "/sandbox" : "") + "/inApps/v1/notifications/history"
    if let token { path += "?paginationToken=\(token)" }
    return try await request(
      "POST", path, body: try JSONSerialization.data(withJSONObject: body),
      authorization: try authorization ?? "Bearer \(jwt())")
  }

  /// Every page of a history request, following paginationToken; the items of each page.
  func allHistoryPages(_ body: [String: Any], sandbox: Bool = false) async throws -> [[[String: Any]]] {
    var pages: [[[String: Any]]] = []
    var token: String?
    repeat {
      let answer = try await history(body, token: token, sandbox: sandbox)
      guard answer.status == 200 else { throw TestServerError.notJSON("history answered \(answer.status)") }
      let json = try answer.json()
      pages.append(json["notificationHistory"] as? [[String: Any]] ?? [])
      token = json["paginationToken"] as? String
      if json["hasMore"] as? Bool != (token != nil) { throw TestServerError.notJSON("hasMore and token disagree") }
    } while token != nil
    return pages
  }

  /// The `errorCode` of an answer.
  static func errorCode(_ exchange: HTTPExchange) throws -> Int64? {
    try exchange.json()["errorCode"] as? Int64
  }
}

/// Decoding of signed payloads without checking them (the tests check signatures separately).
enum JWSPayload {
  static func decode(_ jws: String) throws -> [String: Any] {
    let parts = jws.split(separator: ".")
    var text = String(parts.count == 3 ? parts[1] : "")
      .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    guard let data = Data(base64Encoded: text),
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw TestServerError.notJSON(jws) }
    return object
  }

  /// The decoded `signedPayload` of a webhook body.
  static func notification(_ body: Data) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    return try decode(object?["signedPayload"] as? String ?? "")
  }
}

/// The demo catalog, also priced in the demo world's storefronts (alice's Netherlands, kenji's
/// Japan), so its customers can buy.
enum TestCatalog {
  static let products: [Product] = DemoCatalog.products.map { product in
    var priced = product
    priced.prices["NLD"] = product.prices["DEU"]
    priced.prices["JPN"] = product.prices["USA"].map { Price(milliunits: $0.milliunits * 150, currency: "JPY") }
    return priced
  }
}
