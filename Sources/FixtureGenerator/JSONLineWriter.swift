import ExternalPurchaseTokens
import LifecycleSimulator

/// Writes generated tokens as JSON Lines or as bare token strings.
///
/// A JSONL line holds, in this order: customer, device, token (the raw string), decoded (the
/// token's fields in Apple's order), environment, kind, source, typedRequest, period, refresh, issuedAt,
/// state, and, when quirks were asked for, quirks. `decoded` is written by the codec's byte writer
/// for speed, but its fields and their order are the declared ones (`TokenField`, `fieldMembers`,
/// decision 0157); GeneratedFieldOrderTests holds it to them.
struct JSONLineWriter: Sendable {
  var format: OutputFormat
  var reportsQuirks: Bool

  func write(_ item: GeneratedToken, to buffer: inout ByteBuffer) {
    guard format == .jsonl else {
      buffer.append(item.raw)
      buffer.append(byte: UInt8(ascii: "\n"))
      return
    }
    // The token's JSON is written once, to the stack, and serves twice: Base64URL-encoded as the
    // token string (unless quirks gave it another) and as the decoded fields (issue 26).
    if let fieldsBound = CanonicalTokenJSON.maximumCount(of: item.token) {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fieldsBound) { scratch in
        var json = ByteCursor(scratch)
        CanonicalTokenJSON.write(item.token, to: &json)
        write(item, json: UnsafeBufferPointer(rebasing: scratch[..<json.count]), to: &buffer)
      }
    } else {
      TokenEncoder().jsonBytes(for: item.token).withUnsafeBufferPointer { write(item, json: $0, to: &buffer) }
    }
  }

  /// Writes the line of `item`, whose token's compact JSON is `json`.
  private func write(_ item: GeneratedToken, json: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
    // The line is written through a cursor into memory sized from its variable parts: ids escaped
    // at worst six bytes a byte, the token string, the decoded fields, and 512 for the names,
    // literals, integers and quirks.
    let tokenCount =
      item.encodedWithQuirks?.utf8.count ?? Base64URL.encodedCount(of: json.count, padded: false)
    let bound = 512 + 6 * (item.customerId.utf8.count + item.deviceId.utf8.count) + tokenCount + json.count
    buffer.append(maximumCount: bound) { line in
      line.write(#"{"customer":"#)
      line.write(quoted: item.customerId)
      line.write(#","device":"#)
      line.write(quoted: item.deviceId)
      // A token string is Base64URL (and maybe `=`): nothing in it needs escaping.
      line.write(#","token":""#)
      if let encoded = item.encodedWithQuirks {
        line.write(string: encoded)
      } else {
        line.write(base64URL: json, padded: false)
      }
      line.write(#"","decoded":"#)
      line.write(json)
      line.write(
        item.token.environment == .sandbox ? #","environment":"sandbox""# : #","environment":"production""#)
      line.write(item.token.kind == .plain ? #","kind":"plain""# : #","kind":"custom-link""#)
      line.write(#","source":"#)
      line.write(item.source.quotedAPIName)
      line.write(#","typedRequest":"#)
      line.write(item.typedRequest?.quotedName ?? "null")
      line.write(#","period":"#)
      if let ordinal = item.periodOrdinal { line.write(decimal: Int64(ordinal)) } else { line.write("null") }
      line.write(item.isRefresh ? #","refresh":true"# : #","refresh":false"#)
      line.write(#","issuedAt":"#)
      line.write(decimal: item.issuedAt)
      line.write(#","state":"#)
      line.write(item.state.quotedName)
      if reportsQuirks {
        line.write(#","quirks":["#)
        for (index, name) in QuirkNames.names(item.quirks).enumerated() {
          if index > 0 { line.write(byte: UInt8(ascii: ",")) }
          line.write(quoted: name)
        }
        line.write(byte: UInt8(ascii: "]"))
      }
      line.write("}\n")
    }
  }

  /// The token's fields as compact JSON in Apple's order: the canonical encoder's JSON.
  static func writeFields(of token: ExternalPurchaseToken, to buffer: inout ByteBuffer) {
    buffer.withBytes { TokenEncoder().appendJSON(for: token, to: &$0) }
  }
}

// The fixed values of a line as quoted literals, so writing them reads no string (issue 26);
// JSONLineWriterTests holds each equal to the quoted raw value it stands for.
extension TokenSource {
  var quotedAPIName: StaticString {
    switch self {
    case .customLink: return #""custom-link""#
    case .noticeSheet: return #""notice-sheet""#
    case .linkOut: return #""link-out""#
    }
  }
}

extension TypedTokenRequest {
  var quotedName: StaticString {
    switch self {
    case .withinApp: return #""withinApp""#
    case .outOfApp: return #""outOfApp""#
    }
  }
}

extension TokenState {
  var quotedName: StaticString {
    switch self {
    case .active: return #""active""#
    case .expired: return #""expired""#
    case .noExpiry: return #""no-expiry""#
    }
  }
}
