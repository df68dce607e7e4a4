import ExternalPurchaseTokens
import Testing
import TokenCorpus

/// `TokenField` is the one declaration of a token's fields (decision 0157): the hand-written byte
/// writers of the codec and of `decode`'s fast path must agree with it, field for field.
@Suite("The declared token fields")
struct TokenFieldDeclarationTests {
  /// Every valid shape, and two the decoder would refuse (a type without an expiry, an expiry
  /// without a type) with a string that needs escaping, which the writers must still agree on.
  static let tokens =
    SampleTokens.fieldShapes + [
      ExternalPurchaseToken(
        appAppleId: 0, bundleId: "a\"b", tokenCreationDate: 0, externalPurchaseId: "x", tokenType: .linkOut),
      ExternalPurchaseToken(
        appAppleId: -1, bundleId: "b", tokenCreationDate: -5, externalPurchaseId: "y", tokenExpirationDate: 9),
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
    #expect(valid.count == 2, "the sample custom link and plain tokens")
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
    #expect(Self.tokens[2].shownMembers.map(\.name).contains("extra.kind"))
  }

  @Test func byteWriterMatchesTheTextWriter() {
    for token in Self.tokens {
      var bytes: [UInt8] = []
      JSONBytes.appendObject(token.shownMembers, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == JSONText.serialize(.object(token.shownMembers)))
      var direct: [UInt8] = []
      JSONBytes.appendShownMembers(of: token, to: &direct)
      #expect(direct == bytes, "the direct writer against the declared members")
    }
  }

  @Test func namesRoundTrip() {
    for field in TokenField.allCases {
      #expect(TokenField(name: field.name) == field)
      #expect(field.staticName.description == field.name)
      #expect(field.compactOpening.description == #","\#(field.name)":"#)
    }
    #expect(TokenField(name: "environment") == nil)
    for derived in DerivedTokenField.allCases {
      #expect(derived.compactOpening.description == #","\#(derived.name)":"#)
    }
  }
}
