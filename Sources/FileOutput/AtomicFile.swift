#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that appears at its path only when complete: bytes go to a temporary file beside it,
/// which is flushed to disk and renamed over the path on `commit()` (rename is atomic within a
/// directory). A failed, abandoned or killed write leaves the old file, or none, never a mix.
///
/// epsim's one atomic writer: `epsim generate --output`, `epsim samples`, the reports of
/// `epsim run --output`, and the terminal UI's saved scenarios and exports all go through it.
public struct AtomicFile: ByteSink {
  public let path: String
  let temporaryPath: String
  var sink: FileDescriptorSink?

  /// Creates the temporary file; fails when the directory cannot be written. `mode` is the
  /// file's permission bits (less the umask): 0o600 for a secret such as a private key, so it is
  /// never readable by others, not even for a moment.
  public init(path: String, mode: mode_t = 0o644) throws(FileOutputError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temporaryPath = "\(directory).\(name).tmp-\(getpid())"
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard descriptor >= 0 else {
      throw FileOutputError(path: path, message: String(cString: strerror(errno)))
    }
    // A private file stays private even when a leftover temporary file had wider bits.
    if mode & 0o077 == 0, fchmod(descriptor, mode) != 0 {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw FileOutputError(path: path, message: message)
    }
    sink = FileDescriptorSink(descriptor: descriptor, name: path)
  }

  /// Writes `bytes` to `path` all at once.
  public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileOutputError) {
    var file = try AtomicFile(path: path, mode: mode)
    try file.write(bytes)
    try file.commit()
  }

  public mutating func write(_ bytes: [UInt8]) throws(FileOutputError) {
    guard var open = sink else { throw FileOutputError(path: path, message: "the file was already closed") }
    do {
      try open.write(bytes)
    } catch {
      discard()
      throw error
    }
  }

  /// Flushes and closes the temporary file and moves it to `path`.
  public mutating func commit() throws(FileOutputError) {
    try finish()
    try publish()
  }

  /// Flushes the temporary file to disk and closes it; `path` is not touched yet.
  ///
  /// Without the flush a crash of the machine soon after the rename could leave `path`
  /// renamed but empty: the rename can reach the disk before the data does.
  public mutating func finish() throws(FileOutputError) {
    guard let open = sink else { throw FileOutputError(path: path, message: "the file was already closed") }
    sink = nil
    guard fsync(open.descriptor) == 0, close(open.descriptor) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw FileOutputError(path: path, message: message)
    }
  }

  /// Moves the finished temporary file over `path`.
  public func publish() throws(FileOutputError) {
    guard rename(temporaryPath, path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw FileOutputError(path: path, message: message)
    }
  }

  /// Closes and removes the temporary file; `path` is left as it was.
  public mutating func discard() {
    if let open = sink {
      sink = nil
      close(open.descriptor)
    }
    unlink(temporaryPath)
  }
}
