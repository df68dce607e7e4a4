import ExternalPurchaseTokens
import Foundation
import Testing
import TokenFixtures

@Suite("Payload rows have the defect they claim")
struct PayloadDefectTests {
  @Test func badJSONRowsAreValidBase64ButNotJSON() throws {
    for row in TableRows.rows(.badJSON) {
      let payload = try #require(FoundationReader.payload(row.token), "\(row.label)")
      guard !Self.foundationTolerates.contains(row.label) else { continue }
      #expect(
        (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) == nil, "\(row.label)")
    }
    // Foundation takes duplicate keys without complaint; the defect is there in the text.
    let duplicate = try #require(FoundationReader.text(TableRows.row("json-duplicate-key").token))
    #expect(duplicate.components(separatedBy: "\"externalPurchaseId\":").count == 3)
    #expect(FoundationReader.text(TableRows.row("json-trailing-comma").token)?.hasSuffix(",}") == true)
    #expect(FoundationReader.text(TableRows.row("json-invalid-utf8").token) == nil)
  }

  /// Bad JSON that Foundation's `JSONSerialization` (Swift 6.3, Linux) parses anyway; their
  /// defects are checked in the text instead.
  static let foundationTolerates: Set = ["json-duplicate-key", "json-trailing-comma"]

  @Test func topLevelRowsAreJSONButNotObjects() throws {
    for row in TableRows.rows(.topLevel) {
      let value = try #require(FoundationReader.json(row.token), "\(row.label)")
      #expect(!(value is [String: Any]), "\(row.label)")
    }
  }

  @Test func missingFieldRowsLackExactlyTheNamedField() throws {
    let required = ["appAppleId", "bundleId", "tokenCreationDate", "externalPurchaseId"]
    for row in TableRows.rows(.missingField) {
      let object = try #require(FoundationReader.object(row.token), "\(row.label)")
      let missing = required.filter { object[$0] == nil }
      if row.label == "missing-all-fields" {
        #expect(object.isEmpty)
      } else {
        #expect(missing.count == 1 && row.label.hasPrefix("missing-field-\(missing[0])"), "\(row.label)")
      }
    }
  }

  @Test func wrongTypeRowsHoldTheNamedJSONType() throws {
    let shapes: [String: (String) -> Bool] = [
      "string": { $0.hasPrefix("\"") }, "null": { $0 == "null" }, "bool": { $0 == "true" || $0 == "false" },
      "object": { $0.hasPrefix("{") }, "array": { $0.hasPrefix("[") },
      "number": { $0.allSatisfy(\.isNumber) }, "float": { $0.hasSuffix(".5") },
      "integral-float": { $0.hasSuffix(".0") }, "exponent": { $0.contains("e") && !$0.hasPrefix("\"") },
    ]
    let rows = TableRows.rows(.wrongType)
    #expect(rows.count == 3 * 8 + 3 * 5)
    for row in rows {
      let text = try #require(FoundationReader.text(row.token), "\(row.label)")
      let field = try #require(
        KnownFields.names.first { row.label.hasPrefix("wrong-type-\($0)-") }, "\(row.label)")
      let kind = String(row.label.dropFirst("wrong-type-\(field)-".count))
      let value = try #require(Self.rawValue(of: field, in: text), "\(row.label)")
      let matches = try #require(shapes[kind], "\(row.label): unknown kind \(kind)")
      #expect(matches(value), "\(row.label): \(value)")
      #expect(FoundationReader.object(row.token) != nil, "\(row.label) is otherwise valid JSON")
    }
  }

  @Test func tokenTypeRowsHoldNoneOfApplesRawValues() throws {
    for row in TableRows.rows(.tokenType) {
      let type = try #require(FoundationReader.object(row.token)?["tokenType"] as? String, "\(row.label)")
      #expect(CustomLinkTokenType(rawValue: type) == nil, "\(row.label)")
    }
  }

  @Test func customLinkPairRowsHaveExactlyOneOfThePair() throws {
    for row in TableRows.rows(.customLinkPair) {
      let fields = try #require(FoundationReader.fields(row.token), "\(row.label)")
      #expect((fields.tokenType == nil) != (fields.tokenExpirationDate == nil), "\(row.label)")
    }
  }

  @Test func expirationOrderRowsCompareAsLabelled() throws {
    let read = { (label: String) throws -> (Int64, Int64) in
      let fields = try #require(FoundationReader.fields(TableRows.row(label).token))
      return (fields.tokenCreationDate, try #require(fields.tokenExpirationDate))
    }
    let before = try read("expiration-before-creation")
    #expect(before.1 < before.0)
    let equal = try read("expiration-equals-creation")
    #expect(equal.1 == equal.0)
    let after = try read("expiration-one-ms-after-creation")
    #expect(after.1 == after.0 + 1)
  }

  @Test func integersBeyondTwoToThe53AreExactOnlyInInt64() throws {
    let appId = try #require(FoundationReader.fields(TableRows.row("integer-beyond-2-53-appAppleId").token))
    #expect(appId.appAppleId > 1 << 53)
    #expect(Int64(Double(appId.appAppleId)) != appId.appAppleId)
    let dates = try #require(
      FoundationReader.fields(TableRows.row("integer-beyond-2-53-expiration-1ms-after-creation").token))
    let expiration = try #require(dates.tokenExpirationDate)
    #expect(dates.tokenCreationDate < expiration)
    #expect(Double(dates.tokenCreationDate) == Double(expiration))
  }

  @Test func outOfRangeIntegersDoNotFitInt64() throws {
    let rejected = TableRows.rows(.numberRange).filter { $0.verdict == .reject }
    #expect(rejected.count == 4)
    for row in rejected {
      let text = try #require(FoundationReader.text(row.token), "\(row.label)")
      let field = row.label.hasSuffix("appAppleId") ? "appAppleId" : "tokenCreationDate"
      let value = try #require(Self.rawValue(of: field, in: text), "\(row.label)")
      #expect(
        Int64(value) == nil && value.dropFirst(value.hasPrefix("-") ? 1 : 0).allSatisfy(\.isNumber),
        "\(row.label)")
    }
  }

  @Test func nestingRowsFitTheLengthLimitSoDepthIsTheDefect() throws {
    for row in TableRows.rows(.nesting) {
      #expect(row.token.utf8.count <= CraftLimits.maximumTokenLength, "\(row.label)")
      let text = try #require(FoundationReader.text(row.token), "\(row.label)")
      let depth =
        max(text.components(separatedBy: "[").count, text.components(separatedBy: "{\"a\":").count) - 1
      #expect(depth >= 2_000, "\(row.label)")
    }
  }

  /// The raw JSON text of `field`'s value in compact JSON: up to the next top-level ',' or '}'.
  static func rawValue(of field: String, in json: String) -> String? {
    guard let start = json.range(of: "\"\(field)\":")?.upperBound else { return nil }
    var depth = 0
    var inString = false
    var end = start
    while end < json.endIndex {
      let character = json[end]
      if inString {
        if character == "\"" && json[json.index(before: end)] != "\\" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" || character == "," {
        if depth == 0 { break }
        if character != "," { depth -= 1 }
      }
      end = json.index(after: end)
    }
    return String(json[start..<end])
  }
}
