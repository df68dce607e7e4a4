import Foundation
import Testing

/// The corpus of bad input files: each case builds its bytes, so the corpus needs no binary
/// files in the repository, and a 17 MiB file costs nothing (it is sparse).
enum HostileFile: String, CaseIterable, CustomTestStringConvertible {
  case empty, whiteSpace, binary, nulBytes, utf16WithMark, utf16WithoutMark, latin1, truncated, deepNesting,
    huge,
    directory, missing

  var testDescription: String { rawValue }

  /// A valid file of the kind under test: the source of the truncated and re-encoded variants.
  enum Kind {
    case scenario, xmlPlist, binaryPlist
  }

  /// Creates the file in `directory` and returns its path.
  func make(_ kind: Kind, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("\(rawValue).\(kind == .scenario ? "epsim" : "plist")")
    let good = try Self.goodBytes(kind)
    let text = String(decoding: good, as: UTF8.self)
    switch self {
    case .empty: try Data().write(to: url)
    case .whiteSpace: try Data(" \n\t\n".utf8).write(to: url)
    case .binary: try Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: url)
    case .nulBytes: try Data(good.prefix(40) + [0, 0, 0] + good.dropFirst(40)).write(to: url)
    case .utf16WithMark: try Data([0xFF, 0xFE] + Self.utf16LittleEndian(text)).write(to: url)
    case .utf16WithoutMark: try Data(Self.utf16LittleEndian(text)).write(to: url)
    case .latin1: try Data(Self.withLatin1Word(good, kind)).write(to: url)
    case .truncated: try Data(good.prefix(good.count / 2)).write(to: url)
    case .deepNesting: try Data(Self.deeplyNested(kind)).write(to: url)
    case .huge:
      _ = FileManager.default.createFile(atPath: url.path, contents: Data(good))
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: 17 << 20)
      try handle.close()
    case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    case .missing: break
    }
    return url.path
  }

  private static func goodBytes(_ kind: Kind) throws -> [UInt8] {
    let path =
      switch kind {
      case .scenario: "docs/examples/readme-example.epsim"
      case .xmlPlist: "docs/examples/plist/notice-sheet.plist"
      case .binaryPlist: "docs/examples/plist/notice-sheet-binary.plist"
      }
    return Array(try Data(contentsOf: EpsimExecutable.repository.appendingPathComponent(path)))
  }

  /// "café" in Latin-1 (a lone 0xE9 byte), where the format reads it: a comment line in a
  /// scenario, a key in a property list.
  private static func withLatin1Word(_ good: [UInt8], _ kind: Kind) -> [UInt8] {
    let word = Array("caf".utf8) + [0xE9]
    guard kind == .xmlPlist, let dict = good.firstRange(of: Array("<dict>".utf8)) else {
      return good + Array("# ".utf8) + word + Array("\n".utf8)
    }
    return Array(good[..<dict.upperBound]) + Array("<key>".utf8) + word + Array("</key><true/>".utf8)
      + Array(good[dict.upperBound...])
  }

  private static func utf16LittleEndian(_ text: String) -> [UInt8] {
    text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
  }

  /// 100,000 levels of arrays in a plist; in a scenario (which has no nesting) a line of
  /// 100,000 brackets.
  private static func deeplyNested(_ kind: Kind) -> [UInt8] {
    let depth = 100_000
    switch kind {
    case .scenario:
      return Array((String(repeating: "[", count: depth) + "\n").utf8)
    case .xmlPlist, .binaryPlist:
      return Array(
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>k</key>"
          + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
          + "</dict></plist>\n").utf8)
    }
  }
}
