import Foundation

/// Reads a `.epsim` file as text, refusing what is not a scenario with the reason in words.
///
/// Hostile files get a reason rather than a page of parse errors: an empty file, a binary file,
/// UTF-16 or Latin-1 text, a file too big to be a scenario.
public enum ScenarioFile {
  /// The largest scenario accepted: far above any hand-written or recorded scenario, and small
  /// enough that a wrong path (a disk image, a log) fails at once instead of filling memory.
  public static let maximumBytes = 16 << 20

  /// Why a file cannot be read as a scenario; `description` is `FILE[:LINE:COLUMN]: reason`.
  public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    /// Where the problem is, when it is at one place in the text.
    public var location: SourceLocation?

    public var description: String {
      guard let location else { return "\(file): \(reason)" }
      return "\(file):\(location.line):\(location.column): \(reason)"
    }
  }

  /// The text of the file at `path`.
  public static func read(path: String) throws(ReadError) -> String {
    // POSIX calls rather than FileManager and FileHandle: `epsim run` reads a thousand files in
    // one go, and the Foundation path (an attributes dictionary, a handle, a Data copy) cost
    // about 50 µs a file.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let missing = errno == ENOENT || errno == ENOTDIR
      throw ReadError(
        file: path, reason: missing ? "no such file" : "the file cannot be read (check its permissions)")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        throw ReadError(file: path, reason: "this is a directory, not a scenario file")
      }
      if status.st_mode & S_IFMT == S_IFREG {
        if Int(status.st_size) > maximumBytes { throw tooBig(path, size: Int(status.st_size)) }
        bytes.reserveCapacity(Int(status.st_size) + 1)
      }
    }
    // At most one byte past the limit is read: special files (/dev/zero, a FIFO) report no
    // size and may never end.
    var failed = false
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
      while bytes.count <= maximumBytes {
        let count = readDescriptor(
          descriptor, chunk.baseAddress!, min(chunk.count, maximumBytes + 1 - bytes.count))
        if count < 0, errno == EINTR { continue }
        if count < 0 { failed = true }
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[..<count])
      }
    }
    if failed { throw ReadError(file: path, reason: "the file cannot be read (check its permissions)") }
    if bytes.count > maximumBytes {
      throw ReadError(
        file: path, reason: "the file holds more than the \(maximumBytes) bytes a scenario may have")
    }
    return try text(of: bytes, file: path)
  }

  /// The text of a file's bytes, or why they are not a scenario.
  public static func text(of data: Data, file: String) throws(ReadError) -> String {
    try text(of: [UInt8](data), file: file)
  }

  static func text(of bytes: [UInt8], file: String) throws(ReadError) -> String {
    if looksLikeUTF16(bytes) {
      throw ReadError(file: file, reason: "the file is UTF-16 text; save it as UTF-8")
    }
    if let nul = bytes.firstIndex(of: 0) {
      throw ReadError(
        file: file, reason: "the file holds a NUL byte, so it is binary, not a scenario",
        location: location(of: nul, in: bytes))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let bad = firstInvalidUTF8(in: bytes)
      throw ReadError(
        file: file, reason: "the file is not UTF-8 text (Latin-1?); save it as UTF-8",
        location: location(of: bad, in: bytes))
    }
    if text.allSatisfy(\.isWhitespace) {
      throw ReadError(
        file: file, reason: bytes.isEmpty ? "the file is empty" : "the file holds only white space")
    }
    return text
  }

  /// A byte order mark, or a NUL in every other byte (and no others) at the start: ASCII
  /// written as UTF-16 without a mark.
  private static func looksLikeUTF16(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
    let start = bytes.prefix(64)
    guard start.count >= 4 else { return false }
    let even = start.enumerated().filter { $0.offset % 2 == 0 }.map { $0.element == 0 }
    let odd = start.enumerated().filter { $0.offset % 2 == 1 }.map { $0.element == 0 }
    return (even.allSatisfy { $0 } && odd.allSatisfy { !$0 })
      || (odd.allSatisfy { $0 } && even.allSatisfy { !$0 })
  }

  private static func tooBig(_ file: String, size: Int) -> ReadError {
    ReadError(
      file: file,
      reason: "the file is \(size) bytes, more than the \(maximumBytes) bytes a scenario may have")
  }

  private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
    return offset
  }

  /// The 1-based line and column (in bytes) of `offset`.
  private static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    let before = bytes[..<offset]
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return SourceLocation(line: line, column: offset - lineStart + 1)
  }
}

/// The C library's `read`, under a name that `ScenarioFile.read(path:)` does not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
