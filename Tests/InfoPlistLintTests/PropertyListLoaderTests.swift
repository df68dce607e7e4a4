import Foundation
import InfoPlistLint
import Testing

@Suite("Reading property lists")
struct PropertyListLoaderTests {
  private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>

    """

  private func parse(_ text: String) throws(PropertyListReadError) -> LoadedPropertyList {
    try PropertyListLoader.parse(Data(text.utf8), file: "Info.plist")
  }

  /// `readError` of the header followed by `body`.
  private func readError(afterHeader body: String) -> PropertyListReadError? {
    readError(Data((header + body).utf8))
  }

  private func readError(_ data: Data) -> PropertyListReadError? {
    do {
      _ = try PropertyListLoader.parse(data, file: "Info.plist")
      return nil
    } catch {
      return error
    }
  }

  @Test func readsXMLWithEveryValueType() throws {
    let list = try parse(
      header + """
        <key>s</key><string>fr</string>
        <key>i</key><integer>1</integer>
        <key>r</key><real>1.5</real>
        <key>t</key><true/>
        <key>f</key><false/>
        <key>d</key><data>YWI=</data>
        <key>a</key><array><string>x</string><integer>0</integer></array>
        <key>n</key><dict><key>k</key><string>v</string></dict>
        </dict></plist>
        """)
    #expect(list.format == .xml)
    #expect(list.root["s"] == "fr")
    // Integers 0 and 1 must stay integers and true/false Booleans: the type rules depend on it.
    #expect(list.root["i"] == .integer(1))
    #expect(list.root["t"] == .boolean(true))
    #expect(list.root["f"] == .boolean(false))
    #expect(list.root["r"] == .real(1.5))
    #expect(list.root["d"] == .data(Data("ab".utf8)))
    #expect(list.root["a"] == ["x", .integer(0)])
    #expect(list.root["n"] == ["k": "v"])
  }

  @Test func readsBinaryWrittenByFoundation() throws {
    let object: [String: Any] = [
      "SKExternalPurchase": ["nl", "it"], "flag": true, "count": 1,
      "links": ["fr": "https://shop.example.com/fr"],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    #expect(data.starts(with: Array("bplist00".utf8)))
    let list = try PropertyListLoader.parse(data, file: "Info.plist")
    #expect(list.format == .binary)
    #expect(
      list.root == [
        "SKExternalPurchase": ["nl", "it"], "flag": true, "count": .integer(1),
        "links": ["fr": "https://shop.example.com/fr"],
      ])
  }

  @Test func binaryAndXMLTwinsOfTheExamplesReadTheSame() throws {
    for name in ["notice-sheet", "bad-countries"] {
      let xml = try PropertyListLoader.load(path: Fixtures.examplePath("\(name).plist"))
      let binary = try PropertyListLoader.load(path: Fixtures.examplePath("\(name)-binary.plist"))
      #expect(xml.format == .xml)
      #expect(binary.format == .binary)
      #expect(xml.root == binary.root)
    }
  }

  @Test func emptyFileIsUnreadable() {
    #expect(readError(Data()) == PropertyListReadError(file: "Info.plist", reason: "the file is empty"))
  }

  @Test func whiteSpaceOnlyIsUnreadable() {
    #expect(readError(Data(" \n\t\n".utf8))?.reason == "the file holds only white space")
  }

  @Test(arguments: ["garbage", "{ a = b; }", "bplist", "\u{FEFF}hello", "SKExternalPurchase = (fr);"])
  func garbageIsUnreadable(text: String) throws {
    let error = try #require(readError(Data(text.utf8)))
    #expect(error.file == "Info.plist")
    #expect(!error.reason.isEmpty)
  }

  @Test func textIsNotAcceptedAsAnOpenStepPlist() throws {
    let error = try #require(readError(Data("garbage".utf8)))
    #expect(error.reason.contains("not an XML or binary property list"))
  }

  /// `<6869>` is data in the old text format; starting with '<' does not make it an XML plist.
  @Test func oldTextFormatIsRejected() throws {
    let error = try #require(readError(Data("<6869>".utf8)))
    #expect(error.reason.hasPrefix("this is not an XML property list"))
  }

  @Test func damagedBinaryIsUnreadable() throws {
    let error = try #require(readError(Data("bplist00 this is not really binary".utf8)))
    #expect(error.reason.hasPrefix("the binary property list is damaged"))
    #expect(error.line == nil)
  }

  @Test func truncatedBinaryIsUnreadable() throws {
    let object: [String: Any] = ["SKExternalPurchase": ["nl", "it", "fr", "de"]]
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    #expect(
      readError(data.prefix(data.count - 10))?.reason.hasPrefix("the binary property list is damaged") == true
    )
  }

  @Test func truncatedXMLGivesLineAndColumn() throws {
    let error = try #require(readError(afterHeader: "<key>A</key>\n<string>x</string>\n"))
    #expect(error.line == 5)
    #expect(error.column != nil)
    #expect(error.reason.contains("ends too early"))
    #expect(error.description.hasPrefix("Info.plist:5:"))
  }

  @Test func mismatchedTagGivesLineAndColumn() throws {
    let error = try #require(readError(afterHeader: "<key>A</key>\n<string>x</strin>\n</dict></plist>"))
    #expect(error.line == 5)
    #expect(error.column == 18)
    #expect(error.reason.contains("closing tag does not match"))
  }

  @Test func bareAmpersandGivesLineAndColumn() throws {
    let error = try #require(readError(afterHeader: "<key>A</key>\n<string>a & b</string>\n</dict></plist>"))
    #expect(error.line == 5)
    #expect(error.reason.contains("&amp;"))
  }

  /// Foundation, like Xcode's reader, stops at `</plist>`; the linter does not add a rule of its own.
  @Test func contentAfterTheEndIsIgnored() throws {
    let list = try parse(header + "<key>A</key><string>x</string></dict></plist>\n<extra/>")
    #expect(list.root == ["A": "x"])
  }

  @Test func wellFormedXMLThatIsNotAPlistNamesTheLine() throws {
    let error = try #require(readError(afterHeader: "<key>A</key>\n<integer>ten</integer>\n</dict></plist>"))
    #expect(error.line == 5)
    #expect(error.reason.hasPrefix("not a valid property list"))
  }

  @Test func topLevelMustBeADictionary() throws {
    let error = try #require(
      readError(
        Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>fr</string></array></plist>".utf8))
    )
    #expect(error.reason == "the top level must be a dictionary, but it is an array")
  }

  @Test func missingFileAndDirectoryAreNamed() {
    #expect(throws: PropertyListReadError(file: "/nonexistent/Info.plist", reason: "no such file")) {
      try PropertyListLoader.load(path: "/nonexistent/Info.plist")
    }
    #expect(
      throws: PropertyListReadError(file: Fixtures.examples.path, reason: "this is a directory, not a file")
    ) {
      try PropertyListLoader.load(path: Fixtures.examples.path)
    }
  }

  @Test func truncatedExampleFailsWithItsPosition() throws {
    let path = Fixtures.examplePath("truncated.plist")
    #expect(
      throws: PropertyListReadError(
        file: path, reason: "the XML document ends too early (is the file truncated?)", line: 7, column: 22)
    ) {
      try PropertyListLoader.load(path: path)
    }
  }
}
