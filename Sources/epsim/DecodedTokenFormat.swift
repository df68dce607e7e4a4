import ExternalPurchaseTokens

/// How `epsim decode` prints a token: a listing for people, a JSON line for scripts. Both are
/// written as bytes into the output buffer: the command prints one per token of a large log.
enum DecodedTokenFormat {
  /// A few indented lines with the dates in ISO 8601 (UTC, milliseconds) and raw ms.
  static func appendListing(_ token: ExternalPurchaseToken, input: Int, to bytes: inout [UInt8]) {
    // Extra fields are rare; their names are measured in characters, as people see them.
    let extras = token.extraFields.map { ("extra " + JSONText.quoted($0.name), JSONText.serialize($0.value)) }
    var bundleId = token.bundleId
    var externalPurchaseId = token.externalPurchaseId
    bundleId.withUTF8 { bundleId in
      externalPurchaseId.withUTF8 { externalPurchaseId in
        let fields = ListedFields(
          appAppleId: token.appAppleId, bundleId: bundleId, externalPurchaseId: externalPurchaseId,
          tokenCreationDate: token.tokenCreationDate, tokenType: token.tokenType,
          tokenExpirationDate: token.tokenExpirationDate, environment: token.environment, kind: token.kind)
        appendListing(fields, extras: extras, input: input, to: &bytes)
      }
    }
  }

  /// The listing of a token decoded in place: the same bytes as for the decoded token.
  static func appendListing(_ view: CanonicalTokenView, input: Int, to bytes: inout [UInt8]) {
    let fields = ListedFields(
      appAppleId: view.appAppleId, bundleId: view.bundleId, externalPurchaseId: view.externalPurchaseId,
      tokenCreationDate: view.tokenCreationDate, tokenType: view.tokenType,
      tokenExpirationDate: view.tokenExpirationDate, environment: view.environment, kind: view.kind)
    appendListing(fields, extras: [], input: input, to: &bytes)
  }

  /// What the listing shows, with the strings as their UTF-8 bytes, from either source.
  private struct ListedFields {
    var appAppleId: Int64
    var bundleId: UnsafeBufferPointer<UInt8>
    var externalPurchaseId: UnsafeBufferPointer<UInt8>
    var tokenCreationDate: Int64
    var tokenType: CustomLinkTokenType?
    var tokenExpirationDate: Int64?
    var environment: TokenEnvironment
    var kind: TokenKind
  }

  private static func appendListing(
    _ token: ListedFields, extras: [(String, String)], input: Int, to bytes: inout [UInt8]
  ) {
    let width = extras.reduce(fixedNameWidth) { max($0, $1.0.count) }
    JSONBytes.appendLiteral("input ", to: &bytes)
    JSONBytes.appendInteger(Int64(input), to: &bytes)
    JSONBytes.appendLiteral(":\n", to: &bytes)
    func name(_ name: StaticString) {
      JSONBytes.appendLiteral("  ", to: &bytes)
      JSONBytes.appendLiteral(name, to: &bytes)
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - name.utf8CodeUnitCount + 2))
    }
    func date(_ milliseconds: Int64) {
      ISO8601Milliseconds.append(milliseconds, to: &bytes)
      JSONBytes.appendLiteral(" (", to: &bytes)
      JSONBytes.appendInteger(milliseconds, to: &bytes)
      JSONBytes.appendLiteral(")\n", to: &bytes)
    }
    func text(_ value: String) {
      JSONBytes.appendUTF8(value, to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    func text(_ value: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: value)
      bytes.append(UInt8(ascii: "\n"))
    }
    for field in listingOrder {
      name(field.staticName)
      switch field {
      case .appAppleId:
        JSONBytes.appendInteger(token.appAppleId, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      case .bundleId: text(token.bundleId)
      case .externalPurchaseId: text(token.externalPurchaseId)
      case .tokenCreationDate: date(token.tokenCreationDate)
      case .tokenType:
        if let type = token.tokenType {
          text(type.rawValue)
        } else {
          JSONBytes.appendLiteral("none (plain token)\n", to: &bytes)
        }
      case .tokenExpirationDate:
        if let expiration = token.tokenExpirationDate {
          date(expiration)
        } else {
          JSONBytes.appendLiteral("none (plain tokens do not expire)\n", to: &bytes)
        }
      }
    }
    for derived in derivedRows {
      name(derived.staticName)
      switch derived {
      case .environment: text(token.environment.rawValue)
      case .kind: text(token.kind.rawValue)
      }
    }
    for (extraName, value) in extras {
      JSONBytes.appendLiteral("  ", to: &bytes)
      JSONBytes.appendUTF8(extraName, to: &bytes)
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - extraName.count + 2))
      text(value)
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// The widest of the listing's own row names (the declared fields' and the derived two's).
  private static let fixedNameWidth = max(
    listingOrder.map(\.staticName.utf8CodeUnitCount).max()!,
    derivedRows.map(\.staticName.utf8CodeUnitCount).max()!)

  /// The listing's rows: the declared fields (`TokenField`), the id moved up beside the bundle id
  /// where people look for it. The golden files pin this order, so it differs from the JSON's.
  static let listingOrder: [TokenField] = {
    var order = TokenField.allCases.filter { $0 != .externalPurchaseId }
    order.insert(.externalPurchaseId, at: order.firstIndex(of: .bundleId)! + 1)
    return order
  }()

  /// The rows after the fields, kept rather than asked of `allCases` per token.
  private static let derivedRows = DerivedTokenField.allCases

  /// One compact JSON object: the token's members as declared (`shownMembers`: its fields, extras
  /// included, then `environment` and `kind`), written straight from the declaration, for tokens
  /// not in the canonical layout.
  static func appendJSONLine(_ token: ExternalPurchaseToken, to bytes: inout [UInt8]) {
    JSONBytes.appendShownMembers(of: token, to: &bytes)
    bytes.append(UInt8(ascii: "\n"))
  }

  /// The JSON line of a token decoded in place: its canonical JSON already is the line's first
  /// part (the declared fields in the declared order, as `shownMembers` has them), so it is
  /// copied, and the derived two follow as literals. DecodeFieldOrderTests hold this fast path to
  /// `shownMembers` for tokens with and without a type, an expiry and extra fields.
  static func appendJSONLine(_ view: CanonicalTokenView, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: view.fieldsWithoutClosingBrace)
    switch (view.environment, view.kind) {
    case (.production, .plain):
      JSONBytes.appendLiteral(#","environment":"production","kind":"plain"}\#n"#, to: &bytes)
    case (.production, .customLink):
      JSONBytes.appendLiteral(#","environment":"production","kind":"custom-link"}\#n"#, to: &bytes)
    case (.sandbox, .plain):
      JSONBytes.appendLiteral(#","environment":"sandbox","kind":"plain"}\#n"#, to: &bytes)
    case (.sandbox, .customLink):
      JSONBytes.appendLiteral(#","environment":"sandbox","kind":"custom-link"}\#n"#, to: &bytes)
    }
  }
}
