import ExternalPurchaseTokens
import Testing

/// `TokenField` is the one declaration of a token's fields (decision 0157): the hand-written byte
/// writers of the codec and of `decode`'s fast path must agree with it, field for field.
@Suite("The declared token fields")
struct TokenFieldDeclarationTests {
  /// Tokens with and without a type, an expiry and extra fields, in both environments.
  static let tokens: [ExternalPurchaseToken] = [
    ExternalPurchaseToken(
      appAppleId: 1_234_567_890, bundleId: "com.example.app", tokenCreationDate: 1_772_355_600_000,
      externalPurchaseId: "001a2b3c-0000-4000-8000-000000000001"),
    ExternalPurchaseToken(
      appAppleId: 7, bundleId: "de.shop", tokenCreationDate: 1_700_000_000_123,
      externalPurchaseId: "SANDBOX_001a2b3c-0000-4000-8000-000000000002", tokenType: .services,
      tokenExpirationDate: 1_700_086_400_123),
    ExternalPurchaseToken(
      appAppleId: 0, bundleId: "a", tokenCreationDate: 0, externalPurchaseId: "x", tokenType: .linkOut),
    ExternalPurchaseToken(
      appAppleId: -1, bundleId: "b", tokenCreationDate: -5, externalPurchaseId: "y", tokenExpirationDate: 9),
    ExternalPurchaseToken(
      appAppleId: 5, bundleId: "c\"d", tokenCreationDate: 6, externalPurchaseId: "z", tokenType: .inApp,
      tokenExpirationDate: 8,
      extraFields: [
        JSONMember(name: "future", value: .array([.bool(true), .null, .number("1.5e3"), .string("q\\")])),
        JSONMember(name: "environment", value: .object([JSONMember(name: "k", value: .string("v"))])),
      ]),
  ]

  @Test func membersFollowTheDeclaredOrderAndPresenceRule() {
    for token in Self.tokens {
      let declared = TokenField.allCases.filter { !$0.isOptional || $0.value(in: token) != nil }.map(\.name)
      let names = token.fieldMembers.map(\.name)
      #expect(Array(names.prefix(declared.count)) == declared)
      #expect(Array(names.dropFirst(declared.count)) == token.extraFields.map(\.name))
      // A plain token has neither optional field; a custom link token has what it was given.
      #expect(names.contains("tokenType") == (token.tokenType != nil))
      #expect(names.contains("tokenExpirationDate") == (token.tokenExpirationDate != nil))
      for field in TokenField.allCases where !field.isOptional { #expect(field.value(in: token) != nil) }
    }
  }

  @Test func theEncoderWritesTheDeclaredMembers() {
    for token in Self.tokens {
      #expect(TokenEncoder().json(for: token) == JSONText.serialize(.object(token.fieldMembers)))
    }
  }

  @Test func theCanonicalViewHoldsTheDeclaredMembers() throws {
    // Only valid tokens decode: a custom link token has both its type and its expiry (SPEC 1).
    let valid = Self.tokens.filter {
      $0.extraFields.isEmpty && ($0.tokenType == nil) == ($0.tokenExpirationDate == nil)
    }
    #expect(valid.count == 2)
    for token in valid {
      let text = Array(TokenEncoder().encode(token).utf8)
      var copied: [UInt8]?
      let viewed = text.withUnsafeBufferPointer { input in
        TokenDecoder().withCanonicalView(utf8: input) {
          copied = Array($0.fieldsWithoutClosingBrace) + [0x7D]
        }
      }
      #expect(viewed)
      #expect(
        copied.map { String(decoding: $0, as: UTF8.self) } == JSONText.serialize(.object(token.fieldMembers)))
    }
  }

  @Test func shownMembersAddTheDerivedTwoAndRenameClashingExtras() {
    for token in Self.tokens {
      let shown = token.shownMembers
      #expect(shown.count == token.fieldMembers.count + 2)
      #expect(shown.suffix(2).map(\.name) == ["environment", "kind"])
      #expect(
        shown.suffix(2).map(\.value) == [.string(token.environment.rawValue), .string(token.kind.rawValue)])
      #expect(Set(shown.map(\.name)).count == shown.count, "no name twice")
    }
    #expect(Self.tokens[4].shownMembers.map(\.name).contains("extra.environment"))
  }

  @Test func byteWriterMatchesTheTextWriter() {
    for token in Self.tokens {
      var bytes: [UInt8] = []
      JSONBytes.appendObject(token.shownMembers, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == JSONText.serialize(.object(token.shownMembers)))
    }
  }

  @Test func namesRoundTrip() {
    for field in TokenField.allCases {
      #expect(TokenField(name: field.name) == field)
      #expect(field.staticName.description == field.name)
    }
    #expect(TokenField(name: "environment") == nil)
  }
}
