import Foundation
import Testing
import TokenFixtures

@Suite("Craft output")
struct CraftOutputTests {
  let rows = TableRows.all

  @Test func jsonlHasOneObjectPerRowWithEveryColumn() throws {
    let lines = CraftOutput.render(rows, format: .jsonl).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == rows.count + 1 && lines.last == "")
    for (line, row) in zip(lines, rows) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(row.label)")
      #expect(Set(object.keys) == ["label", "category", "verdict", "description", "token", "expected"])
      #expect(object["label"] as? String == row.label)
      #expect(object["category"] as? String == row.category.rawValue)
      #expect(object["verdict"] as? String == row.verdict.rawValue)
      #expect(object["description"] as? String == row.description)
      #expect(object["token"] as? String == row.token)
      if let expected = row.expected {
        let written = try #require(object["expected"] as? [String: Any], "\(row.label)")
        #expect(written["externalPurchaseId"] as? String == expected.externalPurchaseId)
        #expect(
          Set(written.keys).count == 4 + (expected.tokenType == nil ? 0 : 2) + expected.extraFields.count)
      } else {
        #expect(object["expected"] is NSNull, "\(row.label)")
      }
    }
  }

  @Test func expectedColumnKeepsIntegersBeyondTwoToThe53Exact() {
    let line = TableRows.row("integer-beyond-2-53-appAppleId").jsonLine
    #expect(line.contains("\"expected\":{\"appAppleId\":9007199254740993,"))
  }

  @Test func tokensFormatPrintsOnlyTheTokens() {
    let text = CraftOutput.render(rows, format: .tokens)
    #expect(text == rows.map { $0.token + "\n" }.joined())
  }
}
