import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An append-only file of lines, each on disk (written and `fsync`ed) before `append` returns:
/// what a server acknowledged survives `kill -9` and a power cut.
///
/// A line cut short by a crash mid-write is the one thing a reader may find that was never
/// acknowledged: `load` drops such a last line (no newline after it) and says so; any other
/// damage is the caller's to refuse, by line number.
// One owner at a time (the server's state actor writes it; opening hands it over once), so the
// descriptor and count are never touched from two threads.
public final class JournalFile: @unchecked Sendable {
  public let path: String
  private let descriptor: Int32
  /// Lines in the file, the dropped tail not counted: the number the next line will have minus one.
  public private(set) var lineCount: Int

  /// The lines already in the file (without their newlines), and whether a cut last line was
  /// dropped (the file is shortened to end after the last whole line).
  public struct Contents {
    public var lines: [[UInt8]]
    public var droppedBytes: Int
  }

  /// Opens (creating with mode 0600) the file and reads what it holds.
  public static func load(path: String) throws(JournalError) -> (JournalFile, Contents) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw JournalError(path: path, reason: Self.lastError()) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = Self.lastError()
        close(descriptor)
        throw JournalError(path: path, reason: reason)
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    let wholeEnd = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    let dropped = bytes.count - wholeEnd
    if dropped > 0 {
      // Never acknowledged (the newline is written with the line, and only a whole line is
      // synced before an answer): cut it, so the next line starts on a line of its own.
      guard ftruncate(descriptor, off_t(wholeEnd)) == 0, fsync(descriptor) == 0 else {
        let reason = Self.lastError()
        close(descriptor)
        throw JournalError(path: path, reason: reason)
      }
    }
    guard lseek(descriptor, 0, SEEK_END) >= 0 else {
      let reason = Self.lastError()
      close(descriptor)
      throw JournalError(path: path, reason: reason)
    }
    let lines = bytes[..<wholeEnd].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .dropLast().map(Array.init)
    let file = JournalFile(path: path, descriptor: descriptor, lineCount: lines.count)
    return (file, Contents(lines: lines, droppedBytes: dropped))
  }

  private init(path: String, descriptor: Int32, lineCount: Int) {
    self.path = path
    self.descriptor = descriptor
    self.lineCount = lineCount
  }

  deinit { close(descriptor) }

  /// Waits until every line written so far is on disk.
  public func syncToDisk() throws(JournalError) {
    guard syncData(descriptor) == 0 else { throw JournalError(path: path, reason: Self.lastError()) }
  }

  /// A syncer for this file's lines (group commit): see `JournalSyncer`.
  public func makeSyncer(onFailure: @escaping @Sendable (String) -> Never) -> JournalSyncer {
    // A descriptor of the syncer's own, closed when its thread ends: the file may be closed
    // (and its number reused) before the last sync has run.
    let (descriptor, path) = (dup(descriptor), path)
    guard descriptor >= 0 else { onFailure("\(path): \(Self.lastError())") }
    return JournalSyncer(
      sync: { syncData(descriptor) == 0 ? nil : "\(path): \(Self.lastError())" }, onFailure: onFailure,
      onFinish: { close(descriptor) })
  }

  /// Appends one line (it must hold no newline) without waiting for the disk: the line is
  /// durable after the next `syncToDisk()`, or once a `JournalSyncer` has synced it.
  public func writeLine(_ line: [UInt8]) throws(JournalError) {
    precondition(!line.contains(UInt8(ascii: "\n")), "a journal line holds no newline")
    let whole = line + [UInt8(ascii: "\n")]
    var written = 0
    while written < whole.count {
      let count = whole.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        throw JournalError(path: path, reason: Self.lastError())
      }
      written += count
    }
    lineCount += 1
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A journal or state directory that could not be read or written: which file, and why.
public struct JournalError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}

/// Waits until a file's data is on disk (`fdatasync` where there is one).
func syncData(_ descriptor: Int32) -> Int32 {
  #if canImport(Glibc)
    return fdatasync(descriptor)
  #else
    return fsync(descriptor)
  #endif
}
