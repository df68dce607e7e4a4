import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Finds the first well-formedness error of an XML document, with its line and column.
///
/// `PropertyListSerialization` reports XML errors without a column (and sometimes without a
/// line), so a failed read is parsed once more with `XMLParser`, which knows where it stopped.
enum XMLErrorLocator {
  /// A problem and its 1-based position.
  struct Located: Equatable {
    let line: Int
    let column: Int
    let reason: String
  }

  /// The first error in `data`, or nil when the document is well-formed XML.
  static func firstError(in data: Data) -> Located? {
    // Foundation's XMLParser traps on some invalid UTF-8 (a processing instruction whose name
    // is not UTF-8, found by fuzzing), so such bytes are reported here and never reach it.
    if let bad = InvalidUTF8Locator.firstInvalidByte(in: data) {
      return Located(
        line: bad.line, column: bad.column,
        reason: "the XML is not valid UTF-8 (byte \(bad.offset + 1) of the file); save it as UTF-8")
    }
    let parser = XMLParser(data: ProcessingInstructionMask.masked(data))
    let recorder = Recorder()
    parser.delegate = recorder
    // The result of `parse()` is not enough: libxml2 reports a truncated document through the
    // delegate yet may still return true, so the recorder decides.
    _ = parser.parse()
    return recorder.first
  }

  /// Keeps the position of the first error; later ones are consequences of it.
  private final class Recorder: NSObject, XMLParserDelegate {
    var first: Located?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      guard first == nil else { return }
      let code = (parseError as NSError).code
      first = Located(line: parser.lineNumber, column: parser.columnNumber, reason: Self.describe(code))
    }

    /// Words for the libxml2 error codes a hand-edited plist most often hits.
    /// (Code 5 also means "content after the end", but Foundation ignores anything after
    /// `</plist>`, so only a document cut short fails and reaches this point with it.)
    private static func describe(_ code: Int) -> String {
      switch code {
      case 5: "the XML document ends too early (is the file truncated?)"
      case 9: "the XML contains a character that XML does not allow"
      case 23: "an XML entity is missing its closing ';'"
      case 26: "the XML uses an undefined entity (write &amp; for a literal '&')"
      case 38: "an XML attribute value is not closed"
      case 68: "a '&' or '<' in XML text must be written &amp; or &lt;"
      case 73: "an XML tag is missing its closing '>'"
      case 76: "an XML closing tag does not match the open tag"
      default: "the XML is not well-formed (parser error \(code))"
      }
    }
  }
}
