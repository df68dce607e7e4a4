import Foundation
import X509

/// A compact JWS read without checking its signature: what `epsim decode` shows of signed data
/// such as a notification's `signedPayload`, a `signedTransactionInfo` or a `signedRenewalInfo`
/// (SPEC-APPSTORE 2). Reading needs no key; trusting it needs a verifier and a root.
public struct UnverifiedJWS: Sendable {
  /// The header's JSON, as sent.
  public let header: Data
  /// The payload's JSON, as sent.
  public let payload: Data
  /// The header's `alg`.
  public let algorithm: String
  /// The certificates of the header's `x5c`, leaf first.
  public let certificates: [CertificateSummary]

  /// Who a certificate names and when it is valid.
  public struct CertificateSummary: Sendable, Hashable {
    public let subject: String
    public let issuer: String
    public let notBefore: Date
    public let notAfter: Date
  }

  /// Nil unless `text` is three Base64URL parts whose header and payload are JSON objects and
  /// whose header names an `alg`; an `x5c` certificate that does not parse is shown as such.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Base64URLSegment.decode(parts[0]),
      let payload = Base64URLSegment.decode(parts[1]), Base64URLSegment.decode(parts[2]) != nil,
      let headerObject = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
      (try? JSONSerialization.jsonObject(with: payload)) is [String: Any],
      let algorithm = headerObject["alg"] as? String
    else { return nil }
    self.header = header
    self.payload = payload
    self.algorithm = algorithm
    certificates = (headerObject["x5c"] as? [String] ?? []).map(Self.summary)
  }

  private static func summary(_ base64: String) -> CertificateSummary {
    guard let der = Data(base64Encoded: base64), let certificate = try? Certificate(derEncoded: Array(der))
    else {
      return CertificateSummary(
        subject: "(not a DER certificate)", issuer: "", notBefore: .distantPast, notAfter: .distantPast)
    }
    return CertificateSummary(
      subject: certificate.subject.description, issuer: certificate.issuer.description,
      notBefore: certificate.notValidBefore, notAfter: certificate.notValidAfter)
  }

  /// What the payload is, by the fields Apple's payloads carry: a notification with its type
  /// and subtype, a transaction, renewal info, or just a payload.
  public var kind: String {
    guard let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any] else {
      return "payload"
    }
    if let type = object["notificationType"] as? String {
      return "notification " + type + ((object["subtype"] as? String).map { "/" + $0 } ?? "")
    }
    if object["transactionId"] != nil { return "transaction" }
    if object["autoRenewStatus"] != nil { return "renewal info" }
    return "payload"
  }

  /// Several lines for people: the kind, the chain and the payload, pretty-printed.
  public func listing(input: Int) -> String {
    var lines = ["input \(input): JWS, \(kind), signed \(algorithm) (signature not verified)"]
    lines.append("  x5c: \(certificates.count) certificate\(certificates.count == 1 ? "" : "s")")
    for (index, certificate) in certificates.enumerated() {
      lines.append(
        "    [\(index)] \(certificate.subject), valid \(Self.day(certificate.notBefore)) to "
          + "\(Self.day(certificate.notAfter)), issued by \(certificate.issuer)")
    }
    lines.append("  payload:")
    lines += Self.pretty(payload).split(separator: "\n").map { "    " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One compact JSON line: kind, header, certificates and payload.
  public func jsonLine() -> String {
    let object: [String: Any] = [
      "jws": [
        "kind": kind,
        "header": (try? JSONSerialization.jsonObject(with: header)) ?? [:],
        "certificates": certificates.map {
          [
            "subject": $0.subject, "issuer": $0.issuer, "notBefore": Self.day($0.notBefore),
            "notAfter": Self.day($0.notAfter),
          ]
        },
        "payload": (try? JSONSerialization.jsonObject(with: payload)) ?? [:],
      ]
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self) + "\n"
  }

  private static func pretty(_ json: Data) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: json),
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return String(decoding: json, as: UTF8.self) }
    return String(decoding: data, as: UTF8.self)
  }

  private static func day(_ date: Date) -> String {
    ISO8601DateFormatter.string(
      from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
  }
}
