import Foundation

/// Blanks out XML processing instructions (`<?name data?>`) before `XMLParser` sees a document.
///
/// Foundation's XMLParser on Linux crashes on a processing instruction without data
/// (`<?name?>`) and on one whose name is not UTF-8; both were found by fuzzing. Property lists
/// never hold processing instructions, and the parser is only used to locate an error, so each
/// one becomes spaces of the same length (line breaks kept): every later error keeps its line
/// and column. The XML declaration at the very start is not a processing instruction to the
/// parser and is kept.
enum ProcessingInstructionMask {
  static func masked(_ data: Data) -> Data {
    var bytes = [UInt8](data)
    let declarationEnd = declarationLength(bytes)
    var index = declarationEnd
    let open: [UInt8] = Array("<?".utf8)
    while let start = bytes[index...].firstRange(of: open)?.lowerBound {
      let end = bytes[(start + 2)...].firstRange(of: Array("?>".utf8))?.upperBound ?? bytes.count
      for position in start..<end where bytes[position] != UInt8(ascii: "\n") {
        bytes[position] = UInt8(ascii: " ")
      }
      index = end
    }
    return Data(bytes)
  }

  /// The length of an XML declaration (`<?xml ...?>`) at the start, after an optional UTF-8
  /// byte order mark; 0 when there is none.
  private static func declarationLength(_ bytes: [UInt8]) -> Int {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let opening = Array("<?xml".utf8)
    guard bytes[start...].starts(with: opening), bytes.count > start + opening.count,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + opening.count]),
      let end = bytes[start...].firstRange(of: Array("?>".utf8))?.upperBound
    else { return 0 }
    return end
  }
}
