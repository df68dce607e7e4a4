#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to standard output and standard error without Foundation.
enum StandardStreams {
  /// Collects output and writes it in large chunks: decoding a big file prints one
  /// block per token, and a system call per block would dominate the run time.
  struct BufferedOutput {
    private var pending: [UInt8] = []
    private let threshold = 64 * 1024

    mutating func write(_ text: String) {
      pending.append(contentsOf: text.utf8)
      if pending.count >= threshold { flush() }
    }

    /// Lets `write` append bytes straight into the buffer (no string in between).
    mutating func append(_ write: (inout [UInt8]) -> Void) {
      write(&pending)
      if pending.count >= threshold { flush() }
    }

    mutating func flush() {
      guard !pending.isEmpty else { return }
      StandardStreams.writeAll(pending, to: STDOUT_FILENO)
      pending.removeAll(keepingCapacity: true)
    }
  }

  static func writeError(_ text: String) {
    writeAll(Array(text.utf8), to: STDERR_FILENO)
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written <= 0 { return }  // a closed pipe: nothing more can be written
        offset += written
      }
    }
  }
}
