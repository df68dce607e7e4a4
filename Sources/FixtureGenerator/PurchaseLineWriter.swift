import AppStoreCommerce
import Foundation

/// Writes generated Apple transactions as JSON Lines: `{"customer", "notificationType", "subtype",
/// "transaction"}`, where `transaction` holds the decoded `JWSTransactionDecodedPayload` fields
/// that have a value, by Apple's names, in alphabetical order; absent values are left out.
struct PurchaseLineWriter: Sendable {
  private struct Line: Encodable {
    var customer: String
    var notificationType: String?
    var subtype: String?
    var transaction: TransactionPayload
  }

  func write(_ purchase: GeneratedPurchase, to buffer: inout ByteBuffer) throws(FixtureError) {
    let line = Line(
      customer: purchase.customerId, notificationType: purchase.notification?.type.rawValue,
      subtype: purchase.notification?.subtype?.rawValue, transaction: purchase.transaction)
    let encoder = JSONEncoder()
    // Sorted keys make the bytes depend on the values only.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      let bytes = try encoder.encode(line)
      buffer.withBytes { $0 += bytes }
    } catch {
      throw .simulationFailed(customer: purchase.customerId, message: "cannot encode a transaction: \(error)")
    }
    buffer.append(byte: UInt8(ascii: "\n"))
  }
}
