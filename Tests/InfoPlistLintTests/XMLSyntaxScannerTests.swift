import Foundation
import Testing

@testable import InfoPlistLint

/// The first XML error of a plist Foundation refused, found by `XMLSyntaxScanner` with its line
/// and column, and no error wherever Foundation reads the file.
@Suite("XML errors and their positions")
struct XMLSyntaxScannerTests {
  /// Lines 1 to 3 of most documents here; what a test adds starts on line 4.
  static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
  static let tail = "</dict></plist>\n"

  /// A plist with every construct the scanner knows, which Foundation reads.
  static let everyConstruct = """
    \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <!-- written by hand -- with two dashes -->
    <?editor mode="plist"?>
    <plist version="1.0" xmlns:x='urn:x'>
    <dict>
    \t<!-- the countries -->
    \t<?note inside an element?>
    \t<key>SKExternalPurchase</key>
    \t<array>
    \t\t<string>nl</string>
    \t\t<string><![CDATA[it <&> ]]]]></string>
    \t</array>
    \t<key>Name &amp; &lt;more&gt; &quot;q&quot; &apos;a&apos;</key>
    \t<string>&#65;&#x42;&#x1f600;&#x1F601;</string>
    \t<key>Café</key>
    \t<string>a > b, ]]> and a tab\t</string>
    \t<key>Blob</key>
    \t<data>YWJj</data>
    \t<key>Empty</key>
    \t<string/>
    \t<key>Flag</key>
    \t<true />
    \t<key>Count</key>
    \t<integer>3</integer>
    </dict>
    </plist>
    <after the="end"> is never read &
    """

  private func located(_ text: String) -> XMLErrorLocator.Located? {
    XMLErrorLocator.firstError(in: Data(text.utf8))
  }

  private func scanned(_ text: String) -> XMLSyntaxError? {
    XMLSyntaxScanner.firstError(in: Array(text.utf8))
  }

  private func foundationReadsXML(_ data: Data) -> Bool {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    return object != nil && format == .xml
  }

  // MARK: One test per kind of error, with its position

  /// After the last byte that is not white space: a cut file usually ends with a line break.
  @Test func endsTooEarly() {
    let reason = "the XML document ends too early (is the file truncated?)"
    #expect(
      located(Self.head + "<key>A</key>\n<string>x</string>\n")
        == .init(line: 5, column: 19, reason: reason))
    #expect(located(Self.head + "<key>A</key>\n<str") == .init(line: 5, column: 5, reason: reason))
    #expect(located(Self.head + "<key>A &am") == .init(line: 4, column: 11, reason: reason))
    #expect(located("<?xml version=\"1.0\"?>\n<!-") == .init(line: 2, column: 4, reason: reason))
  }

  /// A character reference to a surrogate or past U+10FFFF, at its '&'; a control character
  /// where a tag or a reference goes on, at that character.
  @Test func disallowedCharacter() {
    let reason = "the XML contains a character that XML does not allow"
    for reference in ["&#xD800;", "&#1114112;", "&#x110000;", "&#99999999999;"] {
      #expect(
        located(Self.head + "<key>A</key><string>\(reference)</string>" + Self.tail)
          == .init(line: 4, column: 21, reason: reason))
    }
    #expect(
      located(Self.head + "<key>A</key\u{4}><true/>" + Self.tail)
        == .init(line: 4, column: 12, reason: reason))
    #expect(located("<\u{0}\u{0}plist/>") == .init(line: 1, column: 2, reason: reason))
  }

  @Test func entityWithoutSemicolon() {
    let reason = "an XML entity is missing its closing ';'"
    #expect(located(Self.head + "<key>A &amp B</key>") == .init(line: 4, column: 12, reason: reason))
    #expect(located(Self.head + "<key>A &#12a;</key>") == .init(line: 4, column: 12, reason: reason))
  }

  /// At the '&' of the reference.
  @Test func undefinedEntity() {
    #expect(
      located(Self.head + "<key>A &nbsp; B</key>")
        == .init(
          line: 4, column: 8, reason: "the XML uses an undefined entity (write &amp; for a literal '&')"))
  }

  /// At the '&' or '<' itself.
  @Test func unescapedAmpersandOrLessThan() {
    let reason = "a '&' or '<' in XML text must be written &amp; or &lt;"
    #expect(located(Self.head + "<key>A\n & B</key>") == .init(line: 5, column: 2, reason: reason))
    #expect(located(Self.head + "<key>A < B</key>") == .init(line: 4, column: 8, reason: reason))
  }

  /// At the byte where the '>' belongs.
  @Test func tagWithoutGreaterThan() {
    let reason = "an XML tag is missing its closing '>'"
    #expect(
      located(Self.head + "<key>A</key x><true/>" + Self.tail) == .init(line: 4, column: 13, reason: reason))
    #expect(located(Self.head + "<key\"A\">A</key>") == .init(line: 4, column: 5, reason: reason))
  }

  /// Just past the closing tag's '>', libxml2's column, which `docs/tools.md` shows.
  @Test func closingTagMismatch() {
    let reason = "an XML closing tag does not match the open tag"
    #expect(
      located(Self.head + "<key>A</key>\n<string>x</strin>\n" + Self.tail)
        == .init(line: 5, column: 18, reason: reason))
    // Counted in characters, not bytes: "é" is one column.
    #expect(located(Self.head + "<key>é</kee>") == .init(line: 4, column: 13, reason: reason))
    #expect(located("<?xml version=\"1.0\"?>\n</plist>") == .init(line: 2, column: 9, reason: reason))
  }

  /// The general case, at the start of what is wrong.
  @Test(arguments: [
    (
      XMLSyntaxScannerTests.head + "<!-- a note\n<key>A</key>" + XMLSyntaxScannerTests.tail, 4, 1,
      "a comment that is never closed"
    ),
    (
      XMLSyntaxScannerTests.head + "<key><![CDATA[A</key>" + XMLSyntaxScannerTests.tail, 4, 6,
      "a CDATA section that is never closed"
    ),
    (
      XMLSyntaxScannerTests.head + "<?pi\n<key>A</key>" + XMLSyntaxScannerTests.tail, 4, 1,
      "a processing instruction that is never closed"
    ),
    (
      "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\"", 2, 1,
      "a DOCTYPE that is never closed"
    ),
    (
      XMLSyntaxScannerTests.head + "<!DOCTYPE plist>", 4, 1,
      "'<!' that starts no comment, CDATA section or DOCTYPE"
    ),
    ("<?xml version=\"1.0\"?>\n<!-- c -->plist", 2, 11, "text before the root element"),
  ])
  func notWellFormed(text: String, line: Int, column: Int, what: String) {
    #expect(
      located(text) == .init(line: line, column: column, reason: "the XML is not well-formed (\(what))"))
  }

  // MARK: No error where Foundation reads the file

  @Test func everyConstructIsWellFormed() {
    #expect(foundationReadsXML(Data(Self.everyConstruct.utf8)))
    #expect(scanned(Self.everyConstruct) == nil)
  }

  /// Each of these is well-formed XML (if not always a property list).
  @Test(arguments: [
    "<plist><dict/></plist>",
    "<plist a=\"1\" b='2' c = \"x>y\"></plist>",
    "<plist><string><![CDATA[]]></string><string><![CDATA[<<&&]]]></string></plist>",
    "<plist><!----><!-- - -- ---><string>a</string></plist>",
    "<plist><string>&lt;&gt;&amp;&quot;&apos;&#0;&#9;&#x10FFFF;&#xFFFE;&#00000065;</string></plist>",
    "<plist><?><?pi x?></plist>",
    "<!DOCTYPE plist SYSTEM \"x.dtd\"><!DOCTYPE again><plist/>",
    "<dict/>\n</not-read>",
    "<plist>\(String(repeating: "<array>", count: 10_000))\(String(repeating: "</array>", count: 10_000))</plist>",
    "<ns:a xmlns:ns=\"u\"><b.c-d_e/></ns:a>",
  ])
  func wellFormed(text: String) {
    #expect(scanned(text) == nil)
  }

  /// Foundation's reader is lenient in a few places; so is the scanner, or it would blame a
  /// file that Foundation reads.
  @Test(arguments: [
    // A start tag ends at its first '>', quotes or not.
    "<?xml version=\"1.0\"?>\n<plist version=\"1.0><dict/></plist>",
    "<?xml version=\"1.0\"?>\n<plist <version=1.0><dict/></plist>",
    XMLSyntaxScannerTests.head + "<key>a</key><string>\u{1}\u{8}]]>&#;&#x;&#1;</string>"
      + XMLSyntaxScannerTests.tail,
    XMLSyntaxScannerTests.head + "<key>a</key><data>&bogus; YWJj</data>" + XMLSyntaxScannerTests.tail,
    XMLSyntaxScannerTests.head + "<!---->" + XMLSyntaxScannerTests.tail,
  ])
  func foundationsLenienceIsKept(text: String) {
    #expect(foundationReadsXML(Data(text.utf8)))
    #expect(scanned(text) == nil)
  }

  /// Before the root, Foundation looks for the end of a comment one byte late, so `<!---->` does
  /// not close there: the scanner reads it the same way.
  @Test func emptyCommentBeforeTheRootIsReadAsFoundationReadsIt() {
    let text = "<?xml version=\"1.0\"?>\n<!---->\n<plist><dict/></plist>"
    #expect(!foundationReadsXML(Data(text.utf8)))
    #expect(
      located(text)
        == .init(line: 2, column: 1, reason: "the XML is not well-formed (a comment that is never closed)"))
  }

  /// An internal DTD subset is refused by Foundation in its own words, which name its line.
  @Test func internalSubsetIsLeftToFoundation() throws {
    let text =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY e \"x\">]>\n<plist><string>&e;</string></plist>"
    #expect(scanned(text) == nil)
    let error = try #require(
      throws: PropertyListReadError.self,
      performing: { try PropertyListLoader.parse(Data(text.utf8), file: "p") })
    #expect(error.line == 2)
  }

  // MARK: Random damage

  /// Thousands of damaged copies of a good plist: the scanner never traps, every position is on
  /// a line of the file, and whatever Foundation reads as XML, the scanner passes.
  @Test func mutationsNeverTrapAndNeverBlameWhatFoundationReads() {
    var accepted = 0
    var refused = 0
    for bytes in Self.mutations(of: Array(Self.everyConstruct.utf8), count: 4_000) {
      let data = Data(bytes)
      let error = XMLSyntaxScanner.firstError(in: bytes)
      if foundationReadsXML(data) {
        accepted += 1
        #expect(error == nil, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
      } else {
        refused += 1
      }
      if let located = XMLErrorLocator.firstError(in: data) {
        #expect(located.line >= 1 && located.column >= 1)
        #expect(located.line <= 1 + bytes.count { $0 == UInt8(ascii: "\n") })
      }
    }
    // Both outcomes are common, so neither half of the test is empty.
    #expect(accepted > 200)
    #expect(refused > 200)
  }

  /// Copies of `good` with one to three edits each: a byte deleted, replaced or inserted, a
  /// piece of markup inserted, a run deleted, or the end cut off. Drawn from a fixed seed (Knuth's
  /// MMIX linear congruential step), so a failure comes back the same every run.
  private static func mutations(of good: [UInt8], count: Int) -> [[UInt8]] {
    let pieces = [
      "<", ">", "&", ";", "/", "\"", "'", "!", "?", "-", "[", "]", "#", "x", " ", "\n", "\u{0}", "\u{1}", "é",
      "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#x41;", "&#xD800;", "&#;", "<?pi?>", "<?", "?>", "</a>",
      "<a>", "<string>", "</string>", "</dict>", "<data>", "<!DOCTYPE x>",
    ].map { Array($0.utf8) }
    var state: UInt64 = 42
    func draw(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { _ in
      var bytes = good
      for _ in 0...draw(3) {
        let at = draw(bytes.count + 1)
        switch draw(6) {
        case 0 where at < bytes.count: bytes.remove(at: at)
        case 1 where at < bytes.count: bytes[at] = UInt8(draw(256))
        case 2: bytes.insert(UInt8(draw(256)), at: at)
        case 3: bytes.insert(contentsOf: pieces[draw(pieces.count)], at: at)
        case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + draw(20)))
        default: bytes.removeSubrange(at...)
        }
      }
      return bytes
    }
  }
}
