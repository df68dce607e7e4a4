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
  /// The start of the JSON of every token of the app, with the Base64URL of its first whole
  /// three-byte groups: written once, not per token (issue 26). Nil without an app, or when its
  /// bundle id needs escaping.
  private let head: EncodedHead?

  /// A writer; `app`'s tokens (the generator's fixture app) are written with their head made once.
  init(format: OutputFormat, reportsQuirks: Bool, app: AppConfiguration? = nil) {
    self.format = format
    self.reportsQuirks = reportsQuirks
    head = app.flatMap { EncodedHead(appAppleId: $0.appAppleId, bundleId: $0.bundleId) }
  }

  /// A token head and the Base64URL of its first `encodedCount` bytes: Base64URL encodes each
  /// group of three bytes alone, so a token string is these characters and the encoding of the rest.
  struct EncodedHead: Sendable {
    let json: CanonicalTokenJSON.Head
    let encodedCount: Int
    let base64URL: [UInt8]

    init?(appAppleId: Int64, bundleId: String) {
      guard let json = CanonicalTokenJSON.Head(appAppleId: appAppleId, bundleId: bundleId) else { return nil }
      self.json = json
      encodedCount = json.bytes.count / 3 * 3
      base64URL = Array(Base64URL.encode(json.bytes[..<encodedCount], padded: false).utf8)
    }
  }

  /// Writes the line of `item`.
  func write(_ item: GeneratedToken, to buffer: inout ByteBuffer) {
    let extras = LineExtras(
      periodOrdinal: item.periodOrdinal, state: item.state, encodedWithQuirks: item.encodedWithQuirks,
      quirks: item.quirks, idsArePlain: false)
    write(item, extras, to: &buffer)
  }

  /// What a line says besides the engine's token, and what the writer may take as known.
  struct LineExtras {
    var periodOrdinal: Int?
    var state: TokenState
    var encodedWithQuirks: String?
    var quirks: TokenEncoder.Quirks
    /// The customer and device ids are known to need no JSON escapes: the generator checks its
    /// few ids once per customer rather than twice per line (issue 26).
    var idsArePlain: Bool
  }

  /// Writes the line of a token, `issued`, with what the generator adds to it. The generator
  /// passes the engine's tokens where they lie: a `GeneratedToken` made from each copied its
  /// strings in and released them again, line after line (issue 26).
  func write(_ issued: some IssuedTokenFacts, _ extras: LineExtras, to buffer: inout ByteBuffer) {
    guard format == .jsonl else {
      buffer.append(extras.encodedWithQuirks ?? TokenEncoder().encode(issued.token))
      buffer.append(byte: UInt8(ascii: "\n"))
      return
    }
    // The token's JSON is written once, to the stack, and serves twice: Base64URL-encoded as the
    // token string (unless quirks gave it another) and as the decoded fields (issue 26).
    // A token of the writer's app starts with the head made once (`EncodedHead`). Asked as a
    // flag, not as an optional copy of the head, which retained its lists on every line.
    let headed = head?.json.heads(issued.token) ?? false
    let fieldsBound =
      headed
      ? CanonicalTokenJSON.maximumCount(of: issued.token, after: head!.json)
      : CanonicalTokenJSON.maximumCount(of: issued.token)
    if let fieldsBound {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fieldsBound) { scratch in
        var json = ByteCursor(scratch)
        if headed {
          CanonicalTokenJSON.write(issued.token, after: head!.json, to: &json)
        } else {
          CanonicalTokenJSON.write(issued.token, to: &json)
        }
        write(
          issued, extras, json: UnsafeBufferPointer(rebasing: scratch[..<json.count]),
          encodedHead: headed ? head : nil, to: &buffer)
      }
    } else {
      TokenEncoder().jsonBytes(for: issued.token).withUnsafeBufferPointer {
        write(issued, extras, json: $0, encodedHead: nil, to: &buffer)
      }
    }
  }

  /// Writes the line of `issued`, whose token's compact JSON is `json`: with `encodedHead`, a
  /// JSON that starts with that head, whose characters are copied rather than encoded.
  private func write(
    _ issued: some IssuedTokenFacts, _ extras: LineExtras, json: UnsafeBufferPointer<UInt8>,
    encodedHead: EncodedHead?, to buffer: inout ByteBuffer
  ) {
    // The line is written through a cursor into memory sized from its variable parts: ids escaped
    // at worst six bytes a byte, the token string, the decoded fields, and 512 for the names,
    // literals, integers and quirks.
    let tokenCount =
      extras.encodedWithQuirks?.utf8.count ?? Base64URL.encodedCount(of: json.count, padded: false)
    let bound =
      512 + 6 * (issued.customerId.utf8.count + issued.deviceId.utf8.count) + tokenCount + json.count
    buffer.append(maximumCount: bound) { line in
      line.write(#"{"customer":"#)
      writeId(issued.customerId, plain: extras.idsArePlain, to: &line)
      line.write(#","device":"#)
      writeId(issued.deviceId, plain: extras.idsArePlain, to: &line)
      // A token string is Base64URL (and maybe `=`): nothing in it needs escaping.
      line.write(#","token":""#)
      if let encoded = extras.encodedWithQuirks {
        line.write(string: encoded)
      } else if let encodedHead {
        encodedHead.base64URL.withUnsafeBufferPointer { line.write($0) }
        line.write(base64URL: UnsafeBufferPointer(rebasing: json[encodedHead.encodedCount...]), padded: false)
      } else {
        line.write(base64URL: json, padded: false)
      }
      line.write(#"","decoded":"#)
      line.write(json)
      line.write(
        issued.token.environment == .sandbox ? #","environment":"sandbox""# : #","environment":"production""#)
      line.write(issued.token.kind == .plain ? #","kind":"plain""# : #","kind":"custom-link""#)
      line.write(#","source":"#)
      line.write(issued.source.quotedAPIName)
      line.write(#","typedRequest":"#)
      line.write(issued.typedRequest?.quotedName ?? "null")
      line.write(#","period":"#)
      if let ordinal = extras.periodOrdinal {
        line.write(decimal: Int64(ordinal))
      } else {
        line.write("null")
      }
      line.write(issued.isRefresh ? #","refresh":true"# : #","refresh":false"#)
      line.write(#","issuedAt":"#)
      line.write(decimal: issued.issuedAt)
      line.write(#","state":"#)
      line.write(extras.state.quotedName)
      if reportsQuirks {
        line.write(#","quirks":["#)
        for (index, name) in QuirkNames.names(extras.quirks).enumerated() {
          if index > 0 { line.write(byte: UInt8(ascii: ",")) }
          line.write(quoted: name)
        }
        line.write(byte: UInt8(ascii: "]"))
      }
      line.write("}\n")
    }
  }

  /// Writes `id` as a JSON string; one known to need no escapes is written as it is.
  private func writeId(_ id: String, plain: Bool, to line: inout ByteCursor) {
    guard plain else { return line.write(quoted: id) }
    line.write(byte: UInt8(ascii: "\""))
    line.write(string: id)
    line.write(byte: UInt8(ascii: "\""))
  }

  /// The token's fields as compact JSON in Apple's order: the canonical encoder's JSON.
  static func writeFields(of token: ExternalPurchaseToken, to buffer: inout ByteBuffer) {
    buffer.withBytes { TokenEncoder().appendJSON(for: token, to: &$0) }
  }
}

/// What the engine says of a token that a line shows: what `IssuedToken` and `GeneratedToken` share.
protocol IssuedTokenFacts {
  var customerId: String { get }
  var deviceId: String { get }
  var token: ExternalPurchaseToken { get }
  var source: TokenSource { get }
  var typedRequest: TypedTokenRequest? { get }
  var isRefresh: Bool { get }
  var issuedAt: VirtualTime { get }
}

extension IssuedToken: IssuedTokenFacts {}
extension GeneratedToken: IssuedTokenFacts {}

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
