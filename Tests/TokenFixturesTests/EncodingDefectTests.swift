import Foundation
import Testing
import TokenFixtures

@Suite("Encoding rows have the defect they claim")
struct EncodingDefectTests {
  let whole = TableRows.row("valid-custom-link-sandbox").token

  @Test func truncatedRowsAreStrictPrefixes() {
    let rows = TableRows.rows(.truncated)
    for row in rows {
      #expect(
        !row.token.isEmpty && row.token.count < whole.count && whole.hasPrefix(row.token), "\(row.label)")
    }
    #expect(rows.contains { $0.token.count == 1 })
    #expect(rows.contains { $0.token.count == whole.count - 1 })
    #expect(rows.contains { $0.token.count == 255 })
  }

  @Test func badAlphabetRowsNameTheOffsetOfTheFirstBadByte() throws {
    for row in TableRows.rows(.badAlphabet) {
      let bytes = Array(row.token.utf8)
      let trailingPadding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
      let offset = try #require(
        bytes.indices.first {
          !FoundationReader.urlAlphabet.contains(bytes[$0]) && $0 < bytes.count - trailingPadding
        },
        "\(row.label)")
      #expect(row.description.contains("offset \(offset)."), "\(row.label)")
    }
    #expect(TableRows.row("bad-alphabet-space").token.contains(" "))
    #expect(TableRows.row("bad-alphabet-asterisk").token.contains("*"))
    #expect(TableRows.row("bad-alphabet-non-ascii").token.utf8.contains { $0 >= 0x80 })
    #expect(TableRows.row("bad-alphabet-zero-width-space").token.unicodeScalars.contains("\u{200B}"))
  }

  @Test func standardAlphabetRowsDifferFromTheControlOnlyInAlphabet() throws {
    let control = TableRows.row("url-alphabet-dash-underscore").token
    #expect(control.contains("-") && control.contains("_"))
    let controlPayload = try #require(FoundationReader.payload(control))
    // Foundation's own decoder refuses the URL alphabet, which is why the control row exists.
    #expect(Data(base64Encoded: control) == nil)
    for label in ["standard-alphabet-unpadded", "standard-alphabet-padded"] {
      let token = TableRows.row(label).token
      #expect(
        token.contains("+") && token.contains("/") && !token.contains("-") && !token.contains("_"), "\(label)"
      )
      let back = token.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      #expect(back.trimmingCharacters(in: ["="]) == control, "\(label)")
      #expect(FoundationReader.payload(token) == nil, "\(label)")
      let offset = try #require(
        Array(token.utf8).firstIndex { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") })
      #expect(TableRows.row(label).description.contains("byte offset \(offset)."), "\(label)")
    }
    let padded = TableRows.row("standard-alphabet-padded").token
    #expect(padded.hasSuffix("="))
    #expect(Data(base64Encoded: padded) == controlPayload)
  }

  @Test func badPaddingRowsAreWellFormedOnlyWithoutTheirEquals() {
    for row in TableRows.rows(.badPadding) {
      #expect(row.token.contains("="), "\(row.label)")
      #expect(FoundationReader.payload(row.token) == nil, "\(row.label)")
    }
    let partial = TableRows.row("padding-partial").token
    #expect(FoundationReader.object(partial.trimmingCharacters(in: ["="])) != nil)
    #expect(partial.hasSuffix("=") && !partial.hasSuffix("=="))
    #expect(TableRows.row("padding-excess").token.hasSuffix("===="))
  }

  @Test func sizeRowsSitWhereTheyClaim() {
    let limit = CraftLimits.maximumTokenLength
    #expect(TableRows.row("size-empty").token.isEmpty)
    let blank = TableRows.row("size-whitespace-only").token
    #expect(!blank.isEmpty && blank.allSatisfy(\.isWhitespace))
    let atMaximum = TableRows.row("size-at-maximum").token
    #expect(atMaximum.utf8.count == limit)
    #expect(FoundationReader.fields(atMaximum) != nil)
    for label in ["size-just-over-maximum", "size-far-over-maximum"] {
      let token = TableRows.row(label).token
      #expect(token.utf8.count > limit, "\(label)")
      #expect(FoundationReader.fields(token) != nil, "\(label) is well formed apart from its size")
    }
    #expect(TableRows.row("size-just-over-maximum").token.utf8.count == limit + 2)
  }
}
