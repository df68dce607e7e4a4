import ExternalPurchaseTokens
import Foundation
import Testing
import TokenCorpus

@Suite("epsim decode (the built binary)")
struct DecodeCommandTests {
  let custom = SampleTokens.customLink
  let plain = SampleTokens.plain

  @Test func listsTokensGivenAsArguments() throws {
    let outcome = try EpsimExecutable.run([
      "decode", TokenEncoder().encode(custom), TokenEncoder(quirks: .all).encode(plain),
    ])
    #expect(outcome.status == 0)
    #expect(outcome.standardError.isEmpty)
    let output = outcome.standardOutput
    #expect(output.contains("input 1:") && output.contains("input 2:"))
    #expect(output.contains("2026-03-01T09:00:00.000Z (1772355600000)"))
    #expect(output.contains("2026-03-01T10:00:00.000Z (1772359200000)"))
    #expect(output.contains("2023-11-14T22:13:20.123Z (1700000000123)"))
    #expect(output.contains("SERVICES"))
    #expect(output.contains("sandbox") && output.contains("production"))
    #expect(output.contains("custom-link") && output.contains("plain"))
  }

  @Test func jsonLinesFromStandardInputWithFailuresOnStandardError() throws {
    let url =
      "https://shop.example/buy?externalPurchaseToken=\(TokenEncoder().encode(plain))&bundleId=de.shop"
    let input =
      [TokenEncoder().encode(custom), "", "not+a+token", url, "https://shop.example/buy?x=1"]
      .joined(separator: "\n") + "\n"
    let outcome = try EpsimExecutable.run(["decode", "--json"], input: input)
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError.split(separator: "\n").map(String.init) == [
        "input 3: Invalid Base64URL character '+' at offset 3; tokens use '-' and '_' where standard Base64 uses '+' and '/'.",
        "input 5: This looks like a URL but has no usable externalPurchaseToken query parameter "
          + "(missing, or with a malformed percent escape).",
      ])
    let lines = outcome.standardOutput.split(separator: "\n")
    try #require(lines.count == 2)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(first["appAppleId"] as? Int == 1_234_567_890)
    #expect(first["tokenType"] as? String == "SERVICES")
    #expect(first["tokenExpirationDate"] as? Int == 1_772_359_200_000)
    #expect(first["environment"] as? String == "sandbox")
    #expect(first["kind"] as? String == "custom-link")
    let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    #expect(second["externalPurchaseId"] as? String == plain.externalPurchaseId)
    #expect(second["kind"] as? String == "plain" && second["environment"] as? String == "production")
    #expect(second["tokenType"] == nil)
  }

  @Test func extraFieldsAppearUnderTheirOwnNames() throws {
    var token = plain
    token.extraFields = [
      JSONMember(name: "newField", value: .number("12.50")), JSONMember(name: "kind", value: .string("x")),
    ]
    let outcome = try EpsimExecutable.run(["decode", "--json", TokenEncoder().encode(token)])
    #expect(outcome.status == 0)
    #expect(
      outcome.standardOutput.contains(
        #","newField":12.50,"extra.kind":"x","environment":"production","kind":"plain"}"#))
  }

  @Test func strictModeNamesTheDeviation() throws {
    let padded = TokenEncoder(quirks: .padding).encode(custom)
    let outcome = try EpsimExecutable.run(["decode", "--strict", TokenEncoder().encode(plain), padded])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.contains("input 1:"))
    #expect(!outcome.standardOutput.contains("input 2:"))
    #expect(
      outcome.standardError.hasPrefix(
        "input 2: Not the canonical token form (strict mode): '=' padding at offset"))
  }

  @Test func spacesAroundPastedTokensAreTrimmed() throws {
    let input = "  \(TokenEncoder().encode(custom))\t\r\n"
    let outcome = try EpsimExecutable.run(["decode", "--json"], input: input)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains(#""tokenType":"SERVICES""#))
    let argument = try EpsimExecutable.run(["decode", " \(TokenEncoder().encode(plain)) "])
    #expect(argument.status == 0, "\(argument.standardError)")
  }

  /// `epsim decode tokens.txt` is taken for a file, not blamed for a '.' no token has.
  @Test func aFileGivenAsAnArgumentGetsAHintToRedirectIt() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-tokens-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data((TokenEncoder().encode(custom) + "\n").utf8).write(to: file)
    let outcome = try EpsimExecutable.run(["decode", file.path])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "input 1: '\(file.path)' is a file, not a token; to decode the tokens in a file, one per line, "
        + "redirect it: epsim decode < \(file.path)\n")
    let missing = try EpsimExecutable.run(["decode", "tokens.txt"])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("input 1: 'tokens.txt' looks like a file path, not a token"))
    // The hint it gives works.
    let redirected = try EpsimExecutable.run(["decode"], input: try String(contentsOf: file, encoding: .utf8))
    #expect(redirected.status == 0, "\(redirected.standardError)")
  }

  @Test func noInputIsAUsageError() throws {
    let outcome = try EpsimExecutable.run(["decode"], input: "\n  \n")
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.contains("no tokens"))
  }
}
