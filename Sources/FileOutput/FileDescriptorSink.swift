#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes chunks straight to a file descriptor (standard output, or a file being written).
public struct FileDescriptorSink: ByteSink, Sendable {
  public let descriptor: Int32
  /// The name used in error messages.
  public let name: String

  /// Standard output.
  public static var standardOutput: FileDescriptorSink {
    FileDescriptorSink(descriptor: 1, name: "standard output")
  }

  public mutating func write(_ bytes: [UInt8]) throws(FileOutputError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure != 0 { throw FileOutputError(path: name, message: String(cString: strerror(failure))) }
  }
}

#if canImport(Glibc)
  let systemWrite = Glibc.write
#elseif canImport(Darwin)
  let systemWrite = Darwin.write
#endif
