/// Helpers for raw terminfo capability strings.
enum TerminfoString {
  /// `bytes` without padding delays such as `$<5>`, which only curses' output routine understands.
  static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
        let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
      {
        index = close + 1
        continue
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }
}
