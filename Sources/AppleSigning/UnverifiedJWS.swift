import Foundation
import JSONShield
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

  /// The signed values inside the payload (a notification's `data.signedTransactionInfo` and
  /// `data.signedRenewalInfo`, a response's `signedTransactions[3]`), by their path, in order.
  public var nested: [(path: String, jws: UnverifiedJWS)] {
    guard let object = try? ShieldedJSON.object(payload) else { return [] }
    return Self.signedValues(in: object, path: "")
  }

  /// Signed data as users paste it: a JWS, or a JSON object holding JWS values (a webhook's
  /// `{"signedPayload": ...}` body, an App Store Server API response). A JSON object is shown as
  /// an unsigned payload whose signed values are decoded; nil when it holds none.
  public init?(input text: String) {
    if let jws = UnverifiedJWS(text) {
      self = jws
      return
    }
    let data = Data(text.utf8)
    guard text.first == "{", let object = try? ShieldedJSON.object(data) as? [String: Any],
      !Self.signedValues(in: object, path: "").isEmpty
    else { return nil }
    header = Data()
    payload = data
    algorithm = "none"
    certificates = []
  }

  private static func signedValues(in value: Any, path: String) -> [(path: String, jws: UnverifiedJWS)] {
    switch value {
    case let text as String:
      // A JWS always has two dots; the check keeps ordinary strings from a full parse.
      guard text.utf8.count > 16, text.utf8.lazy.filter({ $0 == UInt8(ascii: ".") }).count == 2,
        let jws = UnverifiedJWS(text)
      else { return [] }
      return [(path, jws)]
    case let object as [String: Any]:
      return object.keys.sorted().flatMap { key in
        signedValues(in: object[key]!, path: path.isEmpty ? key : path + "." + key)
      }
    case let array as [Any]:
      return array.enumerated().flatMap { signedValues(in: $1, path: path + "[\($0)]") }
    default: return []
    }
  }

  /// Nil unless `text` is three Base64URL parts whose header and payload are JSON objects and
  /// whose header names an `alg`; an `x5c` certificate that does not parse is shown as such.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Base64URLSegment.decode(parts[0]),
      let payload = Base64URLSegment.decode(parts[1]), Base64URLSegment.decode(parts[2]) != nil,
      let headerObject = try? ShieldedJSON.object(header) as? [String: Any],
      (try? ShieldedJSON.object(payload)) is [String: Any],
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
    if header.isEmpty { return "JSON holding signed data" }
    guard let object = try? ShieldedJSON.object(payload) as? [String: Any] else {
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
    var lines: [String]
    if header.isEmpty {
      lines = ["input \(input): \(kind) (not signed itself)", "  payload:"]
      lines += Self.pretty(payload).split(separator: "\n").map { "    " + $0 }
    } else {
      lines = ["input \(input): JWS, " + describe(indent: "  ").joined(separator: "\n")]
    }
    for (path, jws) in allNested(under: "") {
      lines.append("  \(path): JWS, " + jws.describe(indent: "    ").joined(separator: "\n"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The signed values inside, and those inside them, depth first; a path inside a signed value
  /// follows its holder's after " / " (`signedPayload / data.signedTransactionInfo`).
  private func allNested(under prefix: String) -> [(path: String, jws: UnverifiedJWS)] {
    nested.flatMap { path, jws in
      let full = prefix.isEmpty ? path : prefix + " / " + path
      return [(full, jws)] + jws.allNested(under: full)
    }
  }

  /// The kind, the chain and the pretty payload, lines after the first indented.
  private func describe(indent: String) -> [String] {
    var lines = ["\(kind), signed \(algorithm) (signature not verified)"]
    lines.append(indent + "x5c: \(certificates.count) certificate\(certificates.count == 1 ? "" : "s")")
    for (index, certificate) in certificates.enumerated() {
      lines.append(
        indent + "  [\(index)] \(certificate.subject), valid \(Self.day(certificate.notBefore)) to "
          + "\(Self.day(certificate.notAfter)), issued by \(certificate.issuer)")
    }
    lines.append(indent + "payload:")
    lines += Self.pretty(payload).split(separator: "\n").map { indent + "  " + $0 }
    return lines
  }

  /// One compact JSON line: kind, header, certificates and payload, and `nested`: each signed
  /// value inside the payload decoded the same way, by its path.
  public func jsonLine() -> String {
    let object: [String: Any] = ["jws": jsonObject()]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self) + "\n"
  }

  /// Kind, header, certificates and payload as JSON values, and the signed values inside by path.
  private func jsonObject() -> [String: Any] {
    var object: [String: Any] = [
      "kind": kind,
      "header": (try? ShieldedJSON.object(header)) ?? [:],
      "certificates": certificates.map {
        [
          "subject": $0.subject, "issuer": $0.issuer, "notBefore": Self.day($0.notBefore),
          "notAfter": Self.day($0.notAfter),
        ]
      },
      "payload": (try? ShieldedJSON.object(payload)) ?? [:],
    ]
    let inner = nested
    if !inner.isEmpty {
      object["nested"] = Dictionary(uniqueKeysWithValues: inner.map { ($0.path, $0.jws.jsonObject()) })
    }
    return object
  }

  private static func pretty(_ json: Data) -> String {
    guard let object = try? ShieldedJSON.object(json),
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
