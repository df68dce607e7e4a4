#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of standard input as bytes, read in large blocks: what `epsim decode` reads when
/// no tokens are given. Lines end at "\n"; a "\r" before it is dropped too, as `readLine()`
/// drops it, so Windows line ends need nothing else. No string is made for a line.
enum StandardInputLines {
  /// Calls `body` with the number (1-based, blank lines counted) and the bytes of every line;
  /// the bytes are valid only during the call. A last line without "\n" is a line too.
  static func forEach(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    var capacity = 1 << 20
    var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    var start = 0  // the first byte not yet handed out
    var end = 0  // one past the last byte read
    var number = 0
    while true {
      // Every whole line in the buffer, found with memchr (a word at a time).
      while start < end, let found = memchr(buffer + start, Int32(UInt8(ascii: "\n")), end - start) {
        let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        number += 1
        body(number, UnsafeBufferPointer(start: buffer + start, count: lineEnd - start))
        start = newline + 1
      }
      // Keep the unfinished line at the front; grow only when one line fills the buffer.
      if start > 0 {
        if end > start { memmove(buffer, buffer + start, end - start) }
        end -= start
        start = 0
      }
      if end == capacity {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: buffer, count: end)
        buffer.deallocate()
        buffer = larger
        capacity *= 2
      }
      let count = read(STDIN_FILENO, buffer + end, capacity - end)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }  // end of input (or an error, which readLine() also took as the end)
      end += count
    }
    if end > 0 {
      number += 1
      body(number, UnsafeBufferPointer(start: buffer, count: end))
    }
  }
}
