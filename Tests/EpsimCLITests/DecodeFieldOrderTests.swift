import ExternalPurchaseTokens
import Foundation
import Testing
import TokenCorpus

/// `epsim decode --json` writes canonical tokens by copying their JSON (the fast path) and any
/// other token from the declared members (`shownMembers`). Both must give the declared line, for
/// tokens with and without a type, an expiry and extra fields (decision 0157).
@Suite("epsim decode --json: the declared fields on both paths")
struct DecodeFieldOrderTests {
  static let tokens = SampleTokens.fieldShapes

  static func declaredLine(_ token: ExternalPurchaseToken) -> String {
    var bytes: [UInt8] = []
    JSONBytes.appendObject(token.shownMembers, to: &bytes)
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  @Test func everyFormGivesTheDeclaredLine() throws {
    // Canonical (the fast path when there are no extras), padded and pretty (the general path).
    let encoders = [TokenEncoder(), TokenEncoder(quirks: .padding), TokenEncoder(quirks: .all)]
    let input = encoders.flatMap { encoder in Self.tokens.map(encoder.encode) }.joined(separator: "\n") + "\n"
    let expected = encoders.flatMap { _ in Self.tokens.map(Self.declaredLine) }.joined()
    for jobs in ["1", "2"] {
      let outcome = try EpsimExecutable.run(["decode", "--json", "--jobs", jobs], input: input)
      #expect(outcome.status == 0)
      #expect(outcome.standardError.isEmpty)
      #expect(outcome.standardOutput == expected)
    }
  }
}
