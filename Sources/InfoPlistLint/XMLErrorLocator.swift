import Foundation

/// Finds the first well-formedness error of an XML document, with its line and column.
///
/// `PropertyListSerialization` reports XML errors without a column (and sometimes without a
/// line), so a failed read is scanned once more by `XMLSyntaxScanner`, which says where it stopped.
enum XMLErrorLocator {
  /// A problem and its 1-based position.
  struct Located: Equatable {
    let line: Int
    let column: Int
    let reason: String
  }

  /// The first error in `data`, or nil when it holds nothing that Foundation's reader refuses as
  /// XML (it may still not be a property list: Foundation's own message says why).
  static func firstError(in data: Data) -> Located? {
    // Invalid UTF-8 comes first, wherever it is: Foundation refuses it in a string or key, and
    // anywhere else it is the first thing to fix.
    if let bad = InvalidUTF8Locator.firstInvalidByte(in: data) {
      return Located(
        line: bad.line, column: bad.column,
        reason: "the XML is not valid UTF-8 (byte \(bad.offset + 1) of the file); save it as UTF-8")
    }
    let bytes = [UInt8](data)
    guard let error = XMLSyntaxScanner.firstError(in: bytes) else { return nil }
    let (line, column) = position(of: error.offset, in: bytes)
    return Located(line: line, column: column, reason: error.reason)
  }

  /// The 1-based line and column of the byte at `offset`, the column counted in characters as
  /// libxml2 counted it (an editor's column); the bytes are valid UTF-8 here, so a character is
  /// a byte that does not continue another. Only '\n' ends a line, as for `InvalidUTF8Locator`.
  private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<min(offset, bytes.count)]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
    let column = 1 + before[lineStart...].count { $0 & 0xC0 != 0x80 }
    return (line, column)
  }
}
