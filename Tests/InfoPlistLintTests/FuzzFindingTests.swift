import Foundation
import InfoPlistLint
import Testing

/// Inputs the fuzzer (fuzz/run) found to crash or misbehave, kept so they never come back.
@Suite("Fuzzer findings: property lists")
struct FuzzFindingTests {
  /// Foundation's XMLParser trapped on a processing instruction whose name is not UTF-8 while
  /// epsim looked for the position of the XML error.
  @Test func processingInstructionWithInvalidUTF8() {
    var bytes = Array("<?xml".utf8) + [0xE9, 0xE9, 0xE9]
    // A key without a value, so that Foundation's reader fails and the error is located.
    bytes += Array(" version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key></dict></plist>\n".utf8)
    #expect(
      throws: PropertyListReadError(
        file: "Info.plist", reason: "the XML is not valid UTF-8 (byte 6 of the file); save it as UTF-8",
        line: 1, column: 6)
    ) {
      try PropertyListLoader.parse(Data(bytes), file: "Info.plist")
    }
  }

  /// The position of a bad byte is counted after every earlier line.
  @Test func invalidUTF8OnALaterLine() {
    var bytes = Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n<key>".utf8)
    bytes += [0xFF] + Array("</key><true/></dict></plist>\n".utf8)
    do {
      _ = try PropertyListLoader.parse(Data(bytes), file: "Info.plist")
      Issue.record("a key with an invalid byte was accepted")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 6)
      #expect(error.reason.contains("not valid UTF-8"))
    }
  }

  /// Foundation's XMLParser crashed on a processing instruction without data.
  @Test func processingInstructionWithoutData() {
    do {
      _ = try PropertyListLoader.parse(Data("<?lxos2?>0.\n".utf8), file: "Info.plist")
      Issue.record("not a property list, yet accepted")
    } catch {
      #expect(error.file == "Info.plist")
    }
  }

  /// A processing instruction before the root does not move the position of a later error.
  @Test func errorAfterAProcessingInstructionKeepsItsPosition() {
    let text =
      "<?xml version=\"1.0\"?>\n<?app?>\n<plist version=\"1.0\">\n<dict><key>a</key><string>b</dict>\n</plist>\n"
    do {
      _ = try PropertyListLoader.parse(Data(text.utf8), file: "Info.plist")
      Issue.record("a mismatched tag was accepted")
    } catch {
      #expect(error.line == 4)
      #expect(error.reason == "an XML closing tag does not match the open tag")
    }
  }

  /// Foundation crashed bridging any set in a binary property list to Swift.
  @Test func binaryPlistWithASet() {
    let set = HandMadeBinaryPlist.bytes([[0xC1, 1], [0x52] + Array("ab".utf8)])
    #expect(
      throws: PropertyListReadError(
        file: "Info.plist",
        reason: "the binary property list holds a set (object 0), which property lists of an app never use")
    ) {
      try PropertyListLoader.parse(set, file: "Info.plist")
    }
  }

  /// The same file with an array in place of the set reads normally: the check is not a
  /// blanket refusal of hand-made files.
  @Test func binaryPlistWithAnArrayStillReads() {
    let array = HandMadeBinaryPlist.bytes([[0xA1, 1], [0x52] + Array("ab".utf8)])
    #expect(
      throws: PropertyListReadError(
        file: "Info.plist", reason: "the top level must be a dictionary, but it is an array")
    ) {
      try PropertyListLoader.parse(array, file: "Info.plist")
    }
  }
}

/// Binary property lists built byte by byte, for inputs no tool writes.
enum HandMadeBinaryPlist {
  /// `bplist00`, the objects in order, a one-byte offset table and the trailer; object 0 is
  /// the top object and references are one byte.
  static func bytes(_ objects: [[UInt8]]) -> Data {
    var body = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(body.count))
      body += object
    }
    let table = UInt64(body.count)
    body += offsets
    body += [0, 0, 0, 0, 0, 0, 1, 1]
    for field in [UInt64(objects.count), 0, table] {
      body += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> ($0 * 8)) }
    }
    return Data(body)
  }
}
