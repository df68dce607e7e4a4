import ExternalPurchaseTokens
import Testing
import TokenFixtures

/// The crafted table run through epsim's own decoder: the verdicts are the decoder's contract.
@Suite("Craft table against the decoder")
struct CraftTableAgainstDecoderTests {
  @Test func lengthLimitsAgree() {
    #expect(CraftLimits.maximumTokenLength == TokenDecoder.maximumTokenLength)
  }

  @Test(
    arguments: CraftTable.all(seed: 1) + CraftTable.all(seed: 0xDEAD_BEEF).filter { $0.verdict == .accept })
  func lenientDecodingSucceedsExactlyForAcceptedRows(row: CraftedToken) {
    do {
      let token = try TokenDecoder(mode: .lenient).decode(row.token)
      #expect(row.verdict == .accept, "\(row.label): decoded, but the table says reject")
      #expect(token == row.expected, "\(row.label): decoded to the wrong values")
    } catch {
      #expect(row.verdict == .reject, "\(row.label): rejected (\(error)), but the table says accept")
    }
  }

  /// Strict mode may refuse Apple's quirks, but it must never take what lenient mode refuses,
  /// and it must take the canonical form.
  @Test(arguments: CraftTable.all(seed: 1).filter { $0.verdict == .reject || $0.category == .baseline })
  func strictDecodingIsNeverLaxerThanTheTable(row: CraftedToken) {
    let decoded = try? TokenDecoder(mode: .strict).decode(row.token)
    #expect((decoded != nil) == (row.verdict == .accept), "\(row.label)")
  }
}

extension CraftedToken: CustomTestStringConvertible {
  public var testDescription: String { label }
}
