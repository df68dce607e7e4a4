import ExternalPurchaseTokens
import Foundation
import Testing
import TokenFixtures

@Suite("Accepted rows carry their expected token")
struct AcceptedRowsTests {
  @Test(arguments: TableRows.all.filter { $0.verdict == .accept })
  func foundationReadsTheExpectedFields(row: CraftedToken) throws {
    let expected = try #require(row.expected)
    let fields = try #require(FoundationReader.fields(row.token), "\(row.label)")
    #expect(
      fields
        == KnownFields(
          appAppleId: expected.appAppleId, bundleId: expected.bundleId,
          tokenCreationDate: expected.tokenCreationDate, externalPurchaseId: expected.externalPurchaseId,
          tokenType: expected.tokenType?.rawValue, tokenExpirationDate: expected.tokenExpirationDate),
      "\(row.label)")
    let object = try #require(FoundationReader.object(row.token))
    #expect(
      Set(object.keys).subtracting(KnownFields.names) == Set(expected.extraFields.map(\.name)), "\(row.label)"
    )
  }

  @Test func baselineRowsAreCanonical() throws {
    for row in TableRows.rows(.baseline) {
      let expected = try #require(row.expected)
      #expect(FoundationReader.text(row.token) == TokenEncoder().json(for: expected), "\(row.label)")
      #expect(!row.token.contains("="), "\(row.label)")
    }
    #expect(Set(TableRows.rows(.baseline).compactMap(\.expected?.environment)) == [.production, .sandbox])
    #expect(Set(TableRows.rows(.baseline).compactMap(\.expected?.kind)) == [.plain, .customLink])
    #expect(
      Set(TableRows.rows(.baseline).compactMap(\.expected?.tokenType)) == Set(CustomLinkTokenType.allCases))
  }

  @Test func quirkRowsReallyCarryTheirQuirk() throws {
    let quirks = TableRows.rows(.appleQuirk)
    #expect(quirks.count == 16)
    for row in quirks {
      let text = try #require(FoundationReader.text(row.token), "\(row.label)")
      let isPadded = row.label.contains("-padding-") || row.label.contains("-all-three-")
      let hasNewline = row.label.contains("-trailing-newline-") || row.label.contains("-all-three-")
      let isPretty = row.label.contains("-pretty-tabs-") || row.label.contains("-all-three-")
      #expect(row.token.hasSuffix("=") == isPadded, "\(row.label)")
      #expect(text.hasSuffix("}\n") == hasNewline, "\(row.label)")
      #expect(text.contains("\n\t\"") == isPretty, "\(row.label)")
    }
  }

  @Test func jsonVariantsDifferFromTheCanonicalText() throws {
    for row in TableRows.rows(.jsonVariant) {
      let expected = try #require(row.expected)
      #expect(FoundationReader.text(row.token) != TokenEncoder().json(for: expected), "\(row.label)")
    }
  }

  @Test func extraFieldRowsHaveUnknownFields() throws {
    for row in TableRows.rows(.extraField) {
      let object = try #require(FoundationReader.object(row.token), "\(row.label)")
      #expect(!Set(object.keys).subtracting(KnownFields.names).isEmpty, "\(row.label)")
    }
  }

  @Test func escapedSandboxPrefixIsReallyEscaped() throws {
    let row = TableRows.row("json-escaped-sandbox-prefix")
    let text = try #require(FoundationReader.text(row.token))
    #expect(text.contains("SANDBOX\\u005F"))
    #expect(row.expected?.environment == .sandbox)
  }
}
