import ExternalPurchaseTokens
import LifecycleSimulator

/// Writes generated tokens as JSON Lines or as bare token strings.
///
/// A JSONL line holds, in this order: customer, device, token (the raw string), decoded (the
/// token's fields in Apple's order), environment, kind, source, typedRequest, period, refresh, issuedAt,
/// state, and, when quirks were asked for, quirks.
struct JSONLineWriter: Sendable {
  var format: OutputFormat
  var reportsQuirks: Bool

  func write(_ item: GeneratedToken, to buffer: inout ByteBuffer) {
    guard format == .jsonl else {
      buffer.append(item.raw)
      buffer.append(byte: UInt8(ascii: "\n"))
      return
    }
    buffer.append("{\"customer\":")
    buffer.appendQuoted(item.customerId)
    buffer.append(",\"device\":")
    buffer.appendQuoted(item.deviceId)
    // A token string is Base64URL (and maybe `=`): nothing in it needs escaping, and it is the
    // longest value of the line, so it skips the check.
    buffer.append(",\"token\":\"")
    buffer.append(item.raw)
    buffer.append("\",\"decoded\":")
    Self.writeFields(of: item.token, to: &buffer)
    buffer.append(
      item.token.environment == .sandbox ? ",\"environment\":\"sandbox\"" : ",\"environment\":\"production\"")
    buffer.append(item.token.kind == .plain ? ",\"kind\":\"plain\"" : ",\"kind\":\"custom-link\"")
    buffer.append(",\"source\":")
    buffer.appendQuoted(item.source.apiName)
    buffer.append(",\"typedRequest\":")
    if let request = item.typedRequest {
      buffer.appendQuoted(request.rawValue)
    } else {
      buffer.append("null")
    }
    buffer.append(",\"period\":")
    if let ordinal = item.periodOrdinal { buffer.append(ordinal) } else { buffer.append("null") }
    buffer.append(item.isRefresh ? ",\"refresh\":true" : ",\"refresh\":false")
    buffer.append(",\"issuedAt\":")
    buffer.append(item.issuedAt)
    buffer.append(",\"state\":")
    buffer.appendQuoted(item.state.rawValue)
    if reportsQuirks {
      buffer.append(",\"quirks\":[")
      for (index, name) in QuirkNames.names(item.quirks).enumerated() {
        if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
        buffer.appendQuoted(name)
      }
      buffer.append(byte: UInt8(ascii: "]"))
    }
    buffer.append("}\n")
  }

  /// The token's fields as compact JSON in Apple's order: the canonical encoder's JSON.
  static func writeFields(of token: ExternalPurchaseToken, to buffer: inout ByteBuffer) {
    buffer.withBytes { TokenEncoder().appendJSON(for: token, to: &$0) }
  }
}
