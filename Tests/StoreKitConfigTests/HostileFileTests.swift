import Foundation
import SharedTestSupport
import Testing

@testable import StoreKitConfig

/// No file crashes the reader: every fixture cut, flipped and spliced at seeded places either
/// reads or is refused with a located error.
@Suite struct HostileFileTests {
  /// A seeded generator, so a failure names a reproducible case.
  typealias Seeded = SplitMix64

  static let pieces: [[UInt8]] = [
    "null", "[]", "{}", "-1", "1e999", "\"P0D\"", "\"\\ud800\"", "99999999999999999999", "\"\"", "true",
    "[[[[[[[[", "\u{0}", "\"é\"",
  ].map { Array($0.utf8) }

  @Test(arguments: ["v1.0", "v2.0", "v3.0", "v4.0", "v5.0"])
  func mutatedFixturesReadOrAreRefusedWithAPlace(_ name: String) throws {
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.path(name + ".storekit"))))
    var random = Seeded(seed: name.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
    var refused = 0
    for round in 0..<400 {
      var bytes = original
      switch round % 4 {
      case 0: bytes = Array(bytes.prefix(random.next(bytes.count)))
      case 1: bytes[random.next(bytes.count)] = UInt8(random.next(256))
      case 2:
        // A value replaced: from a colon to the next comma.
        let start = random.next(bytes.count)
        guard let colon = bytes[start...].firstIndex(of: UInt8(ascii: ":")),
          let comma = bytes[colon...].firstIndex(of: UInt8(ascii: ","))
        else { continue }
        bytes.replaceSubrange((colon + 1)..<comma, with: Self.pieces[random.next(Self.pieces.count)])
      default:
        // A line duplicated somewhere else.
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(
          Array.init)
        var edited = lines
        edited.insert(lines[random.next(lines.count)], at: random.next(lines.count))
        bytes = Array(edited.joined(separator: [UInt8(ascii: "\n")]))
      }
      do {
        _ = try StoreKitReader.read(bytes: bytes, file: "m.storekit")
      } catch {
        refused += 1
        #expect(
          error.line != nil || !error.path.isEmpty || error.message.hasPrefix("expected an object"),
          "\(error)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(refused > 100)
  }
}
