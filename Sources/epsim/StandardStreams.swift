#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to standard output and standard error without Foundation.
enum StandardStreams {
  static func writeOutput(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) }
  }

  static func writeError(_ text: String) {
    Array(text.utf8).withUnsafeBytes { writeAll($0, to: STDERR_FILENO) }
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
    var offset = 0
    while offset < buffer.count, let base = buffer.baseAddress {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written <= 0 { return }  // a closed pipe: nothing more can be written
      offset += written
    }
  }
}
