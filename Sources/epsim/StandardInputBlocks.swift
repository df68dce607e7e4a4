#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input in large blocks of whole lines: what `epsim decode` reads when no tokens are
/// given. No string is made for a line.
///
/// A block is handed out as soon as no more input is waiting (a `poll` that does not block), so a
/// token pasted into a terminal or written by `tail -f` is decoded at once, while a file or a fast
/// pipe fills whole blocks.
enum StandardInputBlocks {
  /// Calls `body` with each block of whole lines (each ending in "\n", except that the last line of
  /// the input may have none); the bytes are valid only during the call. A block holds at most
  /// `size` bytes unless one line is longer.
  static func forEach(size: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var capacity = max(size, 1 << 12)
    var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { buffer.deallocate() }
    var end = 0  // bytes in the buffer
    var atEnd = false
    while !atEnd {
      while end < capacity {
        let count = read(STDIN_FILENO, buffer + end, capacity - end)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {  // end of input (or an error, which readLine() also took as the end)
          atEnd = true
          break
        }
        end += count
        if !inputIsWaiting() { break }
      }
      // Everything at the end; otherwise up to the last line break, the rest waits for more.
      var whole = end
      if !atEnd {
        while whole > 0, buffer[whole - 1] != UInt8(ascii: "\n") { whole -= 1 }
      }
      if whole > 0 { body(UnsafeBufferPointer(start: buffer, count: whole)) }
      if whole > 0, end > whole { memmove(buffer, buffer + whole, end - whole) }
      end -= whole
      if end == capacity {  // one line fills the buffer: make room for the rest of it
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: buffer, count: end)
        buffer.deallocate()
        buffer = larger
        capacity *= 2
      }
    }
  }

  /// True when a read of standard input would not block (input, end of input or an error).
  private static func inputIsWaiting() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }
}

/// Lines within a block of bytes. Lines end at "\n"; a "\r" before it is dropped too, as
/// `readLine()` drops it, so Windows line ends need nothing else.
enum LineBlock {
  /// Calls `body` with the number (from `firstNumber`) and bytes of every line of `block`, blank
  /// ones included; a last line without "\n" is a line too. Returns how many lines there were.
  @discardableResult
  static func forEachLine(
    in block: UnsafeBufferPointer<UInt8>, firstNumber: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    guard let base = block.baseAddress else { return 0 }
    var start = 0
    var number = firstNumber
    // Every line break, found with memchr (a word at a time).
    while start < block.count,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), block.count - start)
    {
      let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var lineEnd = newline
      if lineEnd > start, base[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
      body(number, UnsafeBufferPointer(start: base + start, count: lineEnd - start))
      number += 1
      start = newline + 1
    }
    if start < block.count {
      body(number, UnsafeBufferPointer(start: base + start, count: block.count - start))
      number += 1
    }
    return number - firstNumber
  }

  /// How many lines `forEachLine` finds in `block`.
  static func lineCount(_ block: UnsafeBufferPointer<UInt8>) -> Int {
    var breaks = 0
    for byte in block where byte == UInt8(ascii: "\n") { breaks += 1 }
    return breaks + (block.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
  }

  /// `block` cut into at most `count` parts of about equal size, each ending just after a line
  /// break (the last part ends where the block does).
  static func parts(of block: UnsafeBufferPointer<UInt8>, count: Int) -> [UnsafeBufferPointer<UInt8>] {
    var parts: [UnsafeBufferPointer<UInt8>] = []
    var start = 0
    for part in 1...max(1, count) where start < block.count {
      var end = part == count ? block.count : max(start, block.count * part / count)
      while end < block.count, end > 0, block[end - 1] != UInt8(ascii: "\n") { end += 1 }
      if end > start { parts.append(UnsafeBufferPointer(rebasing: block[start..<end])) }
      start = end
    }
    return parts
  }
}
