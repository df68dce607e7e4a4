import Foundation

/// Finds the first byte of a document that is not valid UTF-8, with its line and column.
enum InvalidUTF8Locator {
  /// The 1-based line and column (counted in bytes) of the first invalid byte, or nil when
  /// the whole document is valid UTF-8.
  static func firstInvalidByte(in data: Data) -> (line: Int, column: Int, offset: Int)? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = data.makeIterator()
    var offset = 0
    var line = 1
    var lineStart = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        if scalar.count == 1, scalar.first == UInt8(ascii: "\n") {
          line += 1
          lineStart = offset + 1
        }
        offset += scalar.count
      case .error:
        return (line, offset - lineStart + 1, offset)
      case .emptyInput:
        return nil
      }
    }
  }
}
