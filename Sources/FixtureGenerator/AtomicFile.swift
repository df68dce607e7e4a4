#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that appears at its path only when complete: bytes go to a temporary file beside it,
/// which is renamed over the path on `commit()` (rename is atomic within a directory). A failed
/// or abandoned write leaves no partial file.
public struct AtomicFile: ByteSink {
  public let path: String
  let temporaryPath: String
  var sink: FileDescriptorSink?

  /// Creates the temporary file; fails when the directory cannot be written.
  public init(path: String) throws(FixtureError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temporaryPath = "\(directory).\(name).tmp-\(getpid())"
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw .output(path: path, message: String(cString: strerror(errno)))
    }
    sink = FileDescriptorSink(descriptor: descriptor, name: path)
  }

  public mutating func write(_ bytes: [UInt8]) throws(FixtureError) {
    guard var open = sink else { throw .output(path: path, message: "the file was already closed") }
    do {
      try open.write(bytes)
    } catch {
      discard()
      throw error
    }
  }

  /// Closes the temporary file and moves it to `path`.
  public mutating func commit() throws(FixtureError) {
    guard let open = sink else { throw .output(path: path, message: "the file was already closed") }
    sink = nil
    let closed = close(open.descriptor) == 0
    guard closed, rename(temporaryPath, path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw .output(path: path, message: message)
    }
  }

  /// Closes and removes the temporary file; `path` is left as it was.
  public mutating func discard() {
    guard let open = sink else { return }
    sink = nil
    close(open.descriptor)
    unlink(temporaryPath)
  }
}
