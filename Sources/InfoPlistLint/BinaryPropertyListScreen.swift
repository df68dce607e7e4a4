import Foundation

/// Looks through a binary property list for what Foundation cannot be trusted to read.
///
/// Foundation on Linux crashes on any set object (marker `0xC_`) while bridging it to Swift,
/// found by fuzzing. Info.plist and entitlements files never hold sets (Xcode cannot write
/// one), so a file with a set is refused before Foundation sees it.
enum BinaryPropertyListScreen {
  /// The index of the first set object in the offset table, or nil when there is none or the
  /// table cannot be read (Foundation then reports the file as damaged by itself).
  static func firstSetObject(in data: Data) -> Int? {
    let bytes = [UInt8](data)
    let trailerSize = 32
    guard bytes.count >= 8 + trailerSize else { return nil }
    let trailer = bytes.count - trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize) else { return nil }
    let objectCount = bigEndian(bytes, at: trailer + 8, size: 8)
    let tableStart = bigEndian(bytes, at: trailer + 24, size: 8)
    // Every bound is checked against the file size first, so no product can overflow.
    guard objectCount <= UInt64(trailer), tableStart <= UInt64(trailer),
      UInt64(tableStart) + objectCount * UInt64(offsetSize) <= UInt64(trailer)
    else { return nil }
    for index in 0..<Int(objectCount) {
      let offset = bigEndian(bytes, at: Int(tableStart) + index * offsetSize, size: offsetSize)
      guard offset < UInt64(trailer) else { continue }
      if bytes[Int(offset)] & 0xF0 == 0xC0 { return index }
    }
    return nil
  }

  private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
    bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
  }
}
